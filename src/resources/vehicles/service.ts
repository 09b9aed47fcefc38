import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { withTransaction } from '../../db/pool.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { isPublicId } from '../../lib/ids.js'
import { normalizePlate } from '../../lib/plates.js'
import { type Actor, type NewEvent, recordEvents } from '../../platform/events.js'
import { moveExternalIdsOnMerge } from '../../platform/external-refs.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import { checkUpdatable } from '../../platform/records.js'
import {
  archiveRecord,
  type ColumnChanges,
  createRecord,
  getRecord,
  listRecords,
  updateRecord,
  writableChanges,
} from '../../platform/resource.js'
import { type VehicleFilters, type VehicleRow, vehicleDefinition, vehicleSummary } from './definition.js'
import type { VehicleCreate, VehicleUpdate } from './schema.js'

export { type VehicleRow, vehicleSummary }

function toColumnChanges(input: VehicleCreate | VehicleUpdate, customerId: string | undefined): ColumnChanges {
  const changes = writableChanges(vehicleDefinition, input)
  if (customerId !== undefined) changes.customer_id = { field: 'customer_id', value: customerId, type: 'uuid' }
  if (input.plate !== undefined) {
    const normalized = input.plate === null ? null : normalizePlate(input.plate)
    changes.plate_normalized = { field: null, value: normalized, type: 'text' }
  }
  return changes
}

export function getVehicle(
  db: Queryable,
  reader: Actor,
  publicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VehicleRow> {
  return getRecord(vehicleDefinition, db, reader, publicId, options)
}

export function listVehicles(
  db: Queryable,
  reader: Actor,
  filters: VehicleFilters,
  page: PageRequest,
): Promise<Page<VehicleRow>> {
  return listRecords(vehicleDefinition, db, reader, filters, page)
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
  return createRecord(vehicleDefinition, tx, actor, toColumnChanges(input, ownerId))
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
  return (await updateRecord(vehicleDefinition, tx, actor, row, toColumnChanges(input, ownerId))).row
}

export async function archiveVehicle(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  reason: string | null,
): Promise<VehicleRow> {
  const row = await getVehicle(tx, actor, publicId, { forUpdate: true })
  return archiveRecord(vehicleDefinition, tx, actor, row, reason)
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
