import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { withTransaction } from '../../db/pool.js'
import { containsPattern, SqlParams } from '../../db/sql.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { isPublicId, newPublicId } from '../../lib/ids.js'
import { normalizePlate } from '../../lib/plates.js'
import { type Actor, type NewEvent, recordEvents } from '../../platform/events.js'
import { moveExternalIdsOnMerge } from '../../platform/external-refs.js'
import { fetchPage, type Page, type PageRequest } from '../../platform/pagination.js'
import {
  applyChanges,
  type ColumnChanges,
  checkUpdatable,
  markArchived,
  requireChanges,
} from '../../platform/records.js'
import type { VehicleCreate, VehicleListQuery, VehicleUpdate } from './schema.js'

export interface VehicleRow {
  shop_id: string
  id: string
  public_id: string
  customer_id: string
  /** The owner's cus_ id. */
  customer_public_id: string
  vin: string | null
  year: number | null
  make: string | null
  model: string | null
  trim: string | null
  engine: string | null
  color: string | null
  plate: string | null
  plate_normalized: string | null
  plate_region: string | null
  unit_number: string | null
  odometer: number | null
  notes: string | null
  archived_at: Date | null
  merged_into_id: string | null
  version: number
  created_at: Date
  updated_at: Date
  /** The reading integration's own external id, if it set one. */
  external_id: string | null
  merged_into_public_id: string | null
}

const columns = `v.shop_id, v.id, v.public_id, v.customer_id, o.public_id as customer_public_id, v.vin, v.year,
  v.make, v.model, v.trim, v.engine, v.color, v.plate, v.plate_normalized, v.plate_region, v.unit_number,
  v.odometer, v.notes, v.archived_at, v.merged_into_id, v.version, v.created_at, v.updated_at, r.external_id,
  m.public_id as merged_into_public_id`

function fromClause(params: SqlParams, reader: Actor): string {
  return `vehicles v
    join customers o on o.shop_id = v.shop_id and o.id = v.customer_id
    left join external_refs r on r.shop_id = v.shop_id and r.integration_id = ${params.add(reader.integrationId, 'uuid')}
      and r.object_type = 'vehicle' and r.object_id = v.id
    left join vehicles m on m.shop_id = v.shop_id and m.id = v.merged_into_id`
}

// API field -> column. The plate also keeps the normalized form the `plate` filter compares.
const directColumns = [
  'vin',
  'year',
  'make',
  'model',
  'trim',
  'engine',
  'color',
  'plate_region',
  'unit_number',
  'odometer',
  'notes',
] as const

function toColumnChanges(input: VehicleCreate | VehicleUpdate, customerId: string | undefined): ColumnChanges {
  const changes: ColumnChanges = {}
  if (customerId !== undefined) changes.customer_id = { field: 'customer_id', value: customerId }
  for (const field of directColumns) {
    const value = input[field]
    if (value !== undefined) changes[field] = { field, value }
  }
  if (input.plate !== undefined) {
    changes.plate = { field: 'plate', value: input.plate }
    changes.plate_normalized = { field: null, value: input.plate === null ? null : normalizePlate(input.plate) }
  }
  return changes
}

function columnType(column: string): string {
  if (column === 'customer_id') return 'uuid'
  if (column === 'year' || column === 'odometer') return 'integer'
  return 'text'
}

export async function getVehicle(
  db: Queryable,
  reader: Actor,
  publicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VehicleRow> {
  const params = new SqlParams()
  const { rows } = await db.query<VehicleRow>(
    `select ${columns} from ${fromClause(params, reader)}
     where v.shop_id = ${params.add(reader.shopId, 'uuid')} and v.public_id = ${params.add(publicId, 'text')}
     ${options.forUpdate ? 'for update of v' : ''}`,
    params.values,
  )
  const row = rows[0]
  if (!row) throw new ApiError('not_found', `No vehicle ${publicId} in this shop`, { param: 'public_id' })
  return row
}

export async function listVehicles(
  db: Queryable,
  reader: Actor,
  filters: Omit<VehicleListQuery, 'limit' | 'cursor' | 'sort'>,
  page: PageRequest,
): Promise<Page<VehicleRow>> {
  const params = new SqlParams()
  const from = fromClause(params, reader)
  const shopId = params.add(reader.shopId, 'uuid')
  const where = [`v.shop_id = ${shopId}`]
  if (filters.lifecycle === 'active') where.push('v.archived_at is null')
  if (filters.lifecycle === 'archived') where.push('v.archived_at is not null')
  if (filters.customer !== undefined) {
    // An unknown customer narrows the list to nothing: filters never 404.
    where.push(
      `v.customer_id = (select id from customers where shop_id = ${shopId} and public_id = ${params.add(filters.customer, 'text')})`,
    )
  }
  if (filters.vin !== undefined) where.push(`v.vin = ${params.add(filters.vin, 'text')}`)
  if (filters.plate !== undefined) {
    where.push(`v.plate_normalized = ${params.add(normalizePlate(filters.plate), 'text')}`)
  }
  if (filters.unit_number !== undefined) {
    where.push(`lower(v.unit_number) = lower(${params.add(filters.unit_number, 'text')})`)
  }
  if (filters.q !== undefined) {
    where.push(`v.search_text like ${params.add(containsPattern(filters.q.toLowerCase()), 'text')}`)
  }
  if (filters.external_id !== undefined) {
    where.push(`r.external_id = ${params.add(filters.external_id, 'text')}`)
  }
  if (filters.updated_after) where.push(`v.updated_at > ${params.add(filters.updated_after, 'timestamptz')}`)
  return fetchPage<VehicleRow>(db, { select: columns, from, where, params, alias: 'v' }, page)
}

/** Small and free of anything sensitive (spec "Envelope"): enough to tell which vehicle changed. */
export function vehicleSummary(
  row: Pick<VehicleRow, 'customer_public_id' | 'vin' | 'year' | 'make' | 'model' | 'plate'>,
) {
  return {
    customer_id: row.customer_public_id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    plate: row.plate,
  }
}

/**
 * The internal id of the customer a vehicle is written to: 404 on `customer_id` when the shop has no
 * such customer, 409 when it was merged (the survivor is named). The share lock keeps a concurrent
 * customer merge from moving that customer's vehicles before this one is written.
 */
async function resolveOwner(tx: Queryable, actor: Actor, customerPublicId: string): Promise<string> {
  const { rows } = await tx.query<{ id: string; merged_into_id: string | null }>(
    `select id, merged_into_id from customers where shop_id = $1::uuid and public_id = $2::text for share`,
    [actor.shopId, customerPublicId],
  )
  const owner = rows[0]
  if (!owner) {
    throw new ApiError('not_found', `No customer ${customerPublicId} in this shop`, { param: 'customer_id' })
  }
  if (owner.merged_into_id) {
    const survivor = await tx.query<{ public_id: string }>(
      'select public_id from customers where shop_id = $1::uuid and id = $2::uuid',
      [actor.shopId, owner.merged_into_id],
    )
    const survivorId = survivor.rows[0]?.public_id ?? 'another customer'
    throw new ApiError('conflict', `Customer ${customerPublicId} was merged into ${survivorId}: use that customer`, {
      param: 'customer_id',
      blockers: [
        {
          type: 'customer',
          reason: 'merged',
          message: `${customerPublicId} was merged into ${survivorId}`,
          resolution: [`Use the surviving customer ${survivorId} as customer_id`],
        },
      ],
    })
  }
  return owner.id
}

export async function createVehicle(tx: Queryable, actor: Actor, input: VehicleCreate): Promise<VehicleRow> {
  const ownerId = await resolveOwner(tx, actor, input.customer_id)
  const changes = toColumnChanges(input, ownerId)
  const names = Object.keys(changes)
  const params = new SqlParams()
  const publicId = newPublicId('vehicle')
  const values = [params.add(actor.shopId, 'uuid'), params.add(publicId, 'text')]
  for (const name of names) values.push(params.add(changes[name]?.value, columnType(name)))
  await tx.query(
    `insert into vehicles (shop_id, public_id, ${names.join(', ')}) values (${values.join(', ')})`,
    params.values,
  )
  const row = await getVehicle(tx, actor, publicId)
  await recordEvents(tx, actor, [
    { type: 'vehicle.created', objectType: 'vehicle', objectId: publicId, summary: vehicleSummary(row) },
  ])
  return row
}

export async function updateVehicle(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: VehicleUpdate,
): Promise<VehicleRow> {
  let ownerId: string | undefined
  if (input.customer_id !== undefined) {
    // Customer before vehicle, the order a customer merge locks them in, so the two cannot deadlock.
    // The plain read first keeps "no such vehicle" the answer when both ids are unknown.
    await getVehicle(tx, actor, publicId)
    ownerId = await resolveOwner(tx, actor, input.customer_id)
  }
  const row = await getVehicle(tx, actor, publicId, { forUpdate: true })
  checkUpdatable('vehicle', row, input.expected_version)
  const changed = requireChanges(row, toColumnChanges(input, ownerId))
  await applyChanges(tx, 'vehicles', row, changed.columns, columnType)
  const updated = await getVehicle(tx, actor, publicId)
  await recordEvents(tx, actor, [
    {
      type: 'vehicle.updated',
      objectType: 'vehicle',
      objectId: publicId,
      summary: { ...vehicleSummary(updated), changed_fields: changed.fields },
    },
  ])
  return updated
}

/** Archiving an archived vehicle changes nothing and records nothing. */
export async function archiveVehicle(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  reason: string | null,
): Promise<VehicleRow> {
  const row = await getVehicle(tx, actor, publicId, { forUpdate: true })
  if (row.archived_at) return row
  await markArchived(tx, 'vehicles', row, reason)
  const archived = await getVehicle(tx, actor, publicId)
  await recordEvents(tx, actor, [
    {
      type: 'vehicle.archived',
      objectType: 'vehicle',
      objectId: publicId,
      summary: { ...vehicleSummary(archived), reason },
    },
  ])
  return archived
}

export interface VehicleMergeResult {
  merged: VehicleRow
  survivor: VehicleRow
}

/**
 * A shop-side merge (`shopapi vehicles merge`) of a duplicate vehicle record: the duplicate stays
 * readable, archived, with `merged_into`; external ids move to the survivor; events record it. No field
 * is copied between the two, and they may belong to different customers (the survivor keeps its owner).
 */
export async function mergeVehicles(
  pool: pg.Pool,
  fromPublicId: string,
  intoPublicId: string,
): Promise<VehicleMergeResult> {
  for (const id of [fromPublicId, intoPublicId]) {
    if (!isPublicId('vehicle', id)) throw new ApiError('invalid_id', `"${id}" is not a vehicle id (veh_...)`)
  }
  if (fromPublicId === intoPublicId) throw new UsageError('A vehicle cannot be merged into itself')
  return withTransaction(pool, async (tx) => {
    const shops = await tx.query<{ shop_id: string; public_id: string }>(
      'select shop_id, public_id from vehicles where public_id = any($1::text[]) order by id for update',
      [[fromPublicId, intoPublicId]],
    )
    const from = shops.rows.find((r) => r.public_id === fromPublicId)
    const into = shops.rows.find((r) => r.public_id === intoPublicId)
    if (!from) throw new UsageError(`No vehicle ${fromPublicId}`)
    if (!into) throw new UsageError(`No vehicle ${intoPublicId}`)
    if (from.shop_id !== into.shop_id) throw new UsageError('Both vehicles must belong to the same shop')
    const actor: Actor = { shopId: from.shop_id, integrationId: null }
    const source = await getVehicle(tx, actor, fromPublicId)
    const target = await getVehicle(tx, actor, intoPublicId)
    if (source.merged_into_public_id) {
      throw new UsageError(`${fromPublicId} was already merged into ${source.merged_into_public_id}`)
    }
    if (target.merged_into_public_id) {
      throw new UsageError(`${intoPublicId} was merged into ${target.merged_into_public_id}: merge into that one`)
    }
    await tx.query(
      `update vehicles set merged_into_id = $3::uuid, archived_at = coalesce(archived_at, now()),
         version = version + 1, updated_at = date_trunc('milliseconds', now())
       where shop_id = $1::uuid and id = $2::uuid`,
      [actor.shopId, source.id, target.id],
    )
    await moveExternalIdsOnMerge(tx, actor.shopId, 'vehicle', source.id, target.id)
    await tx.query(
      `update vehicles set version = version + 1, updated_at = date_trunc('milliseconds', now())
       where shop_id = $1::uuid and id = $2::uuid`,
      [actor.shopId, target.id],
    )
    const events: NewEvent[] = [
      {
        type: 'vehicle.merged',
        objectType: 'vehicle',
        objectId: intoPublicId,
        summary: { merged_from_id: fromPublicId, merged_into_id: intoPublicId },
      },
      {
        type: 'vehicle.updated',
        objectType: 'vehicle',
        objectId: intoPublicId,
        summary: { ...vehicleSummary(target), changed_fields: [], merged_from_id: fromPublicId },
      },
    ]
    await recordEvents(tx, actor, events)
    return {
      merged: await getVehicle(tx, actor, fromPublicId),
      survivor: await getVehicle(tx, actor, intoPublicId),
    }
  })
}
