// `shopapi import vehicles`: the vehicle side of the import engine (platform/imports). A row is the
// API's vehicle body, matched on its VIN or an integration's external id, and linked to its owner
// through a customer key column (customer_external_id, customer_email, customer_phone or customer_id)
// read the way `shopapi import customers` reads its keys. Writes go through this resource's services.
import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import type { Actor } from '../../platform/events.js'
import { addCreatedExternalIds, addExternalId } from '../../platform/external-refs.js'
import type { ImportFieldKind, ImportFields } from '../../platform/imports/mapping.js'
import type { ImportMoveEnd, ImportTarget, KeyedRow, RowPlan } from '../../platform/imports/runner.js'
import { parseInput } from '../../platform/operation.js'
import { checkUpdatable, findRecordsWhere } from '../../platform/resource.js'
import { type CustomerKeying, customerKeyOf, findCustomersByKeys, oneCustomer } from '../customers/import.js'
import type { CustomerRow } from '../customers/service.js'
import { type VehicleRow, vehicleDefinition } from './definition.js'
import { type VehicleCreate, VehicleCreateSchema, VehicleUpdateSchema } from './schema.js'
import { createVehicle, createVehicles, updateVehicle, vehicleUpdateChanges } from './service.js'

/** How a row finds its vehicle: `vin` (upper-case, exact) or `external_id` under one integration. */
export type VehicleKeyKind = 'vin' | 'external_id'

/** The owner column of each customer key. */
export const ownerColumns = {
  id: 'customer_id',
  external_id: 'customer_external_id',
  email: 'customer_email',
  phone: 'customer_phone',
} as const

const textFields = ['vin', 'make', 'model', 'trim', 'engine', 'color', 'plate', 'plate_region', 'unit_number', 'notes']

export function vehicleImportFields(withExternalId: boolean, ownerColumn: string): ImportFields {
  const fields: Record<string, ImportFieldKind> = Object.fromEntries(textFields.map((name) => [name, 'text']))
  fields.year = 'integer'
  fields.odometer = 'integer'
  fields[ownerColumn] = 'text'
  if (withExternalId) fields.external_id = 'text'
  return fields
}

export interface VehicleImportOptions {
  key: VehicleKeyKind
  /** How the owner column names a customer (its integration is the vehicles' one). */
  owners: CustomerKeying
  shopId: string
  integrationId: string | null
  actor: Actor
  eventSummary: Record<string, unknown>
}

interface VehicleLookup {
  vehicles: Map<string, VehicleRow[]>
  owners: Map<string, CustomerRow[]>
  /** The current owners of the matched vehicles, by internal id: a move names whom it moves from. */
  currentOwners: Map<string, ImportMoveEnd>
}

/** How a move names a customer: first and last name (the company is not needed to tell them apart). */
const customerName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim()

async function ownersById(tx: Queryable, shopId: string, ids: string[]): Promise<Map<string, ImportMoveEnd>> {
  if (ids.length === 0) return new Map()
  const { rows } = await tx.query<{ id: string; public_id: string; first_name: string; last_name: string }>(
    'select id, public_id, first_name, last_name from customers where shop_id = $1::uuid and id = any($2::uuid[])',
    [shopId, ids],
  )
  return new Map(rows.map((row) => [row.id, { id: row.public_id, name: customerName(row) }]))
}

export function vehicleImportTarget(options: VehicleImportOptions): ImportTarget<VehicleLookup> {
  const { key, owners, actor, eventSummary } = options
  const ownerColumn = ownerColumns[owners.kind]
  const reader: Actor = { shopId: options.shopId, integrationId: options.integrationId }
  const refOwner = { shopId: options.shopId, integrationId: options.integrationId as string }
  const ownerKey = (row: KeyedRow) => {
    const found = customerKeyOf(owners, ownerColumn, row.fields[ownerColumn])
    return found && 'key' in found ? found.key : null
  }
  return {
    noun: 'vehicle',
    lockName: `${options.shopId}:vehicles`,
    fields: vehicleImportFields(key === 'external_id', ownerColumn),
    keyOf(fields) {
      const value = fields[key]
      if (value === undefined || value === null || value === '')
        return { reason: `${key}: is required (the import key)` }
      if (typeof value !== 'string' && !(key === 'external_id' && typeof value === 'number')) {
        return { reason: `${key}: must be a string` }
      }
      const text = String(value).trim()
      if (key === 'external_id' && (text.length < 1 || text.length > 255)) {
        return { reason: 'external_id: must be 1-255 characters' }
      }
      // The owner column is checked here, so a bad one is refused before any lookup.
      const owner = customerKeyOf(owners, ownerColumn, fields[ownerColumn])
      if (owner && 'reason' in owner) return owner
      return { key: key === 'vin' ? text.toUpperCase() : text }
    },
    describeKey: (value) => `${key} "${value}"`,
    async lookup(tx: pg.PoolClient, rows, lock) {
      const keys = rows.map((row) => row.key)
      // Owners first, then vehicles: the order a customer merge locks them in.
      const ownerKeys = [...new Set(rows.map(ownerKey).filter((value): value is string => value !== null))]
      const foundOwners = await findCustomersByKeys(tx, owners, ownerKeys, lock ? 'share' : false)
      const where = key === 'vin' ? 'v.vin = any($K) and v.merged_into_id is null' : 'r.external_id = any($K)'
      const found = await findRecordsWhere(
        vehicleDefinition,
        tx,
        reader,
        (params) => where.replace('$K', () => params.add(keys, 'text[]')),
        { forUpdate: lock },
      )
      const vehicles = new Map<string, VehicleRow[]>()
      for (const vehicle of found) {
        const value = key === 'vin' ? vehicle.vin : vehicle.external_id
        if (!value) continue
        const list = vehicles.get(value)
        if (list) list.push(vehicle)
        else vehicles.set(value, [vehicle])
      }
      const currentOwners = await ownersById(tx, options.shopId, [...new Set(found.map((v) => v.customer_id))])
      return { vehicles, owners: foundOwners, currentOwners }
    },
    plan(row, lookup): RowPlan {
      const matches = lookup.vehicles.get(row.key) ?? []
      if (matches.length > 1) {
        throw new ApiError(
          'conflict',
          `${matches.length} vehicles have ${key} "${row.key}" (${matches.map((v) => v.public_id).join(', ')}): merge them (shopapi vehicles merge) or import with another key`,
          { param: key },
        )
      }
      const existing = matches[0]
      const ownerValue = ownerKey(row)
      const owner =
        ownerValue === null
          ? null
          : oneCustomer(
              lookup.owners.get(ownerValue),
              `${owners.kind} "${ownerValue}"`,
              ownerColumn,
              () =>
                new ApiError(
                  'not_found',
                  `${ownerColumn}: no customer with ${owners.kind} "${ownerValue}" in this shop (import the customers first)`,
                  { param: ownerColumn },
                ),
            )
      if (owner?.merged_into_public_id) {
        throw new ApiError(
          'conflict',
          `${ownerColumn}: customer ${owner.public_id} was merged into ${owner.merged_into_public_id}: use that customer`,
          { param: ownerColumn },
        )
      }
      const body: Record<string, unknown> = {}
      for (const [name, value] of Object.entries(row.fields)) {
        if (name !== ownerColumn && name !== 'external_id') body[name] = value
      }
      if (owner) body.customer_id = owner.public_id
      if (!existing) {
        if (!owner)
          throw new ApiError('invalid_request', `${ownerColumn}: is required to create a vehicle`, {
            param: ownerColumn,
          })
        const input = parseInput(VehicleCreateSchema, body, 'body')
        return {
          outcome: 'created',
          write: async (tx) => {
            const created = await createVehicle(tx, actor, input, { eventSummary })
            if (key === 'external_id') await addExternalId(tx, refOwner, 'vehicle', created.id, row.key)
          },
          bulk: { input, ownerId: owner.id, key: row.key } satisfies BulkCreate,
        }
      }
      checkUpdatable(vehicleDefinition, existing, undefined)
      const input = parseInput(VehicleUpdateSchema, body, 'body')
      if (vehicleUpdateChanges(existing, input, owner?.id) === null) return { outcome: 'unchanged' }
      const write = async (tx: Queryable) => {
        // The write of PATCH /v1/vehicles/{id}: a move records vehicle.updated with customer_id among its
        // changed_fields, as the API's does.
        await updateVehicle(tx, actor, existing.public_id, input, { eventSummary })
      }
      if (owner && owner.id !== existing.customer_id) {
        const from = lookup.currentOwners.get(existing.customer_id) ?? { id: existing.customer_public_id, name: '' }
        return {
          outcome: 'moved',
          move: {
            id: existing.public_id,
            key: `${key} "${row.key}"`,
            from,
            to: { id: owner.public_id, name: customerName(owner) },
          },
          write,
        }
      }
      return { outcome: 'updated', write }
    },
    // A batch's creates in one statement; their owners were found and locked (for share) by lookup.
    async writeBulk(tx, items) {
      const creates = items as BulkCreate[]
      const created = await createVehicles(tx, actor, creates, { eventSummary })
      if (key === 'external_id') {
        await addCreatedExternalIds(tx, refOwner, 'vehicle', created, creates)
      }
    },
  }
}

interface BulkCreate {
  input: VehicleCreate
  ownerId: string
  key: string
}
