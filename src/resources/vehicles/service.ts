import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { normalizePlate } from '../../lib/plates.js'
import type { Actor } from '../../platform/events.js'
import {
  archiveRecordByPublicId,
  type ColumnChanges,
  createRecord,
  createRecords,
  diffColumns,
  type MergeResult,
  mergeRecords,
  recordReaders,
  updateMergeableRecord,
  type WriteOptions,
  writableChanges,
} from '../../platform/resource.js'
import { type VehicleRow, vehicleDefinition, vehicleSummary } from './definition.js'
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

export const { get: getVehicle, list: listVehicles } = recordReaders(vehicleDefinition)

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

export async function createVehicle(
  tx: Queryable,
  actor: Actor,
  input: VehicleCreate,
  options: WriteOptions = {},
): Promise<VehicleRow> {
  const ownerId = await resolveOwner(tx, actor, input.customer_id)
  return createRecord(vehicleDefinition, tx, actor, toColumnChanges(input, ownerId), {
    extraSummary: options.eventSummary,
  })
}

/**
 * Many vehicles at once (an import's batch), each with the internal id of its owner, which the caller
 * has checked (exists in the shop, not merged) and holds locked: the same columns and `vehicle.created`
 * events as `createVehicle` gives each, in one statement. Returns their ids in input order.
 */
export function createVehicles(
  tx: Queryable,
  actor: Actor,
  inputs: { input: VehicleCreate; ownerId: string }[],
  options: WriteOptions = {},
): Promise<{ id: string; public_id: string }[]> {
  return createRecords(
    vehicleDefinition,
    tx,
    actor,
    inputs.map(({ input, ownerId }) => ({
      changes: toColumnChanges(input, ownerId),
      summary: {
        ...vehicleSummary({
          customer_public_id: input.customer_id,
          vin: input.vin ?? null,
          year: input.year ?? null,
          make: input.make ?? null,
          model: input.model ?? null,
          plate: input.plate ?? null,
        }),
        ...options.eventSummary,
      },
    })),
  )
}

/**
 * The fields an update would change on `row` (`ownerId`: the internal id of the customer it names),
 * or null when it would change nothing: an import counts such a row as unchanged and does not write it.
 */
export function vehicleUpdateChanges(
  row: VehicleRow,
  input: VehicleUpdate,
  ownerId: string | undefined,
): string[] | null {
  return diffColumns(row, toColumnChanges(input, ownerId))?.fields ?? null
}

export async function updateVehicle(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: VehicleUpdate,
  options: WriteOptions = {},
): Promise<VehicleRow> {
  let ownerId: string | undefined
  if (input.customer_id !== undefined) {
    // Customer before vehicle, the order a customer merge locks them in, so the two cannot deadlock.
    // The plain read first keeps "no such vehicle" the answer when both ids are unknown.
    await getVehicle(tx, actor, publicId)
    ownerId = await resolveOwner(tx, actor, input.customer_id)
  }
  return updateMergeableRecord(
    vehicleDefinition,
    tx,
    actor,
    publicId,
    input.expected_version,
    () => toColumnChanges(input, ownerId),
    options,
  )
}

export function archiveVehicle(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  reason: string | null,
): Promise<VehicleRow> {
  return archiveRecordByPublicId(vehicleDefinition, tx, actor, publicId, reason)
}

/**
 * A shop-side merge (`shopapi vehicles merge`) of a duplicate vehicle record, in the caller's
 * transaction: the duplicate stays readable, archived, with `merged_into`; external ids move to the
 * survivor; events record it. No field is copied between the two, and they may belong to different
 * customers (the survivor keeps its owner).
 */
export function mergeVehicles(
  tx: Queryable,
  actor: Actor,
  fromPublicId: string,
  intoPublicId: string,
): Promise<MergeResult<VehicleRow>> {
  return mergeRecords(vehicleDefinition, tx, actor, fromPublicId, intoPublicId)
}
