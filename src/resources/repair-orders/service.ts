import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { type Actor, recordEvents } from '../../platform/events.js'
import { checkVersion, createRecord, recordReaders, updateRecord, writableChanges } from '../../platform/resource.js'
import { assertMove, statusChangedEvent } from '../../platform/workflow.js'
import { repriceRepairOrder } from '../shop-floor/pricing.js'
import { assertOrderOpen, type RepairOrderState } from '../shop-floor/states.js'
import { moveStock } from '../shop-floor/stock.js'
import { type RepairOrderFilters, type RepairOrderRow, repairOrderDefinition } from './definition.js'
import type { RepairOrderCreate, RepairOrderUpdate } from './schema.js'
import { isLedgerMove, repairOrderWorkflow, stampedStates } from './workflow.js'

export type { RepairOrderRow }

/** Numbers start here, so a shop's first order reads like a real one and sorts as text too. */
export const firstRepairOrderNumber = 1001

/** An order created through the API or the CLI is a walk-in: the vehicle is at the shop. */
export const initialRepairOrderState: RepairOrderState = 'checked_in'

export const { get: getRepairOrder, list: listRepairOrders } = recordReaders<RepairOrderRow, RepairOrderFilters>(
  repairOrderDefinition,
)

/**
 * 409 conflict when the order's content may no longer change: from invoicing on the totals are
 * posted (a correction is a credit note), and a cancelled order is over.
 */
export function assertChangeable(row: RepairOrderRow, change: string): void {
  assertOrderOpen(
    row,
    change,
    row.state === 'cancelled'
      ? ['Create a new repair order']
      : ['Corrections after invoicing are made by the shop (credit note or a new repair order)'],
  )
}

interface Party {
  id: string
  public_id: string
  merged_into: string | null
  archived: boolean
}

/**
 * Customer then vehicle, each locked for share: the order a merge locks them in (so they cannot
 * deadlock), and neither can be merged away before the order is written.
 */
async function lockParty(tx: Queryable, actor: Actor, table: 'customers' | 'vehicles', publicId: string) {
  const { rows } = await tx.query<Party & { customer_id?: string; tax_exempt?: boolean }>(
    `select t.id, t.public_id, m.public_id as merged_into, t.archived_at is not null as archived
       ${table === 'customers' ? ', t.tax_exempt' : ', t.customer_id'}
     from ${table} t left join ${table} m on m.shop_id = t.shop_id and m.id = t.merged_into_id
     where t.shop_id = $1::uuid and t.public_id = $2::text for share of t`,
    [actor.shopId, publicId],
  )
  return rows[0]
}

function refuseParty(kind: 'customer' | 'vehicle', party: Party, purpose: string): never {
  const param = `${kind}_id`
  if (party.merged_into) {
    throw new ApiError(
      'conflict',
      `${capital(kind)} ${party.public_id} was merged into ${party.merged_into}: use that ${kind}`,
      {
        param,
        blockers: [
          {
            type: kind,
            reason: 'merged',
            message: `${party.public_id} was merged into ${party.merged_into}`,
            resolution: [`Use the surviving ${kind} ${party.merged_into} as ${param}`],
          },
        ],
      },
    )
  }
  throw new ApiError('conflict', `${capital(kind)} ${party.public_id} is archived: ${purpose}`, {
    param,
    blockers: [
      {
        type: kind,
        reason: 'archived',
        message: `${party.public_id} is archived`,
        resolution: [`Ask the shop to restore the ${kind}, or use another ${kind}`],
      },
    ],
  })
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The next number of the shop's sequence. The counter row stays locked until the creating transaction
 * ends, so concurrent creations queue for it (numbers are unique); a rollback leaves a gap.
 */
async function nextRepairOrderNumber(tx: Queryable, shopId: string): Promise<number> {
  const { rows } = await tx.query<{ value: string }>(
    `insert into shop_counters (shop_id, name, value) values ($1::uuid, 'repair_order', $2::bigint)
     on conflict (shop_id, name) do update set value = shop_counters.value + 1
     returning value`,
    [shopId, firstRepairOrderNumber],
  )
  return Number((rows[0] as { value: string }).value)
}

/** The customer and vehicle of a new order or appointment, locked, with the owner check. */
export async function lockCustomerAndVehicle(
  tx: Queryable,
  actor: Actor,
  customerPublicId: string,
  vehiclePublicId: string | null,
  purpose: string,
): Promise<{ customer: Party & { tax_exempt?: boolean }; vehicle: (Party & { customer_id?: string }) | null }> {
  const customer = await lockParty(tx, actor, 'customers', customerPublicId)
  if (!customer)
    throw new ApiError('not_found', `No customer ${customerPublicId} in this shop`, { param: 'customer_id' })
  if (customer.merged_into || customer.archived) refuseParty('customer', customer, purpose)
  if (vehiclePublicId === null) return { customer, vehicle: null }
  const vehicle = await lockParty(tx, actor, 'vehicles', vehiclePublicId)
  if (!vehicle) throw new ApiError('not_found', `No vehicle ${vehiclePublicId} in this shop`, { param: 'vehicle_id' })
  if (vehicle.merged_into || vehicle.archived) refuseParty('vehicle', vehicle, purpose)
  if (vehicle.customer_id !== customer.id) {
    // A fleet vehicle driven in by someone else is still its owner's: name the owner.
    const owner = await tx.query<{ public_id: string }>(
      'select public_id from customers where shop_id = $1::uuid and id = $2::uuid',
      [actor.shopId, vehicle.customer_id],
    )
    const ownerId = owner.rows[0]?.public_id ?? 'another customer'
    throw new ApiError('conflict', `Vehicle ${vehicle.public_id} belongs to ${ownerId}, not ${customer.public_id}`, {
      param: 'vehicle_id',
      blockers: [
        {
          type: 'vehicle',
          reason: 'owner_mismatch',
          message: `${vehicle.public_id} is owned by ${ownerId}`,
          resolution: [
            `Use the owner (customer_id ${ownerId})`,
            `Or have the vehicle moved to ${customer.public_id} first (PATCH /vehicles/${vehicle.public_id})`,
          ],
        },
      ],
    })
  }
  return { customer, vehicle }
}

/**
 * Opens an order: a walk-in (`checked_in`) through the API or CLI; appointment conversion passes the
 * appointment and `scheduled` (the vehicle is expected) or `checked_in` (it has arrived).
 */
export async function createRepairOrder(
  tx: Queryable,
  actor: Actor,
  input: RepairOrderCreate,
  origin: { appointmentId: string; state: RepairOrderState } | null = null,
): Promise<RepairOrderRow> {
  const { customer, vehicle } = await lockCustomerAndVehicle(
    tx,
    actor,
    input.customer_id,
    input.vehicle_id,
    'no new repair order is opened for it',
  )
  if (!vehicle) throw new ApiError('invalid_request', 'vehicle_id is required', { param: 'vehicle_id' })
  const number = await nextRepairOrderNumber(tx, actor.shopId)
  const changes = writableChanges(repairOrderDefinition, input)
  changes.number_value = { field: 'number', value: number, type: 'bigint' }
  changes.state = { field: 'state', value: origin?.state ?? initialRepairOrderState, type: 'text' }
  if (origin)
    changes.origin_appointment_id = { field: 'origin_appointment_id', value: origin.appointmentId, type: 'uuid' }
  changes.customer_id = { field: 'customer_id', value: customer.id, type: 'uuid' }
  changes.vehicle_id = { field: 'vehicle_id', value: vehicle.id, type: 'uuid' }
  changes.tax_exempt = { field: 'tax_exempt', value: input.tax_exempt ?? customer.tax_exempt ?? false, type: 'boolean' }
  return createRecord(repairOrderDefinition, tx, actor, changes)
}

export async function updateRepairOrder(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: RepairOrderUpdate,
): Promise<RepairOrderRow> {
  const row = await getRepairOrder(tx, actor, publicId, { forUpdate: true })
  checkVersion(repairOrderDefinition, row, input.expected_version)
  assertChangeable(row, 'a change')
  const odometerIn = input.odometer_in === undefined ? row.odometer_in : input.odometer_in
  const odometerOut = input.odometer_out === undefined ? row.odometer_out : input.odometer_out
  if (odometerIn !== null && odometerOut !== null && odometerOut < odometerIn) {
    throw new ApiError(
      'invalid_request',
      `odometer_out (${odometerOut}) must not be below odometer_in (${odometerIn})`,
      {
        param: input.odometer_out === undefined ? 'odometer_in' : 'odometer_out',
      },
    )
  }
  const { row: updated, changedFields } = await updateRecord(
    repairOrderDefinition,
    tx,
    actor,
    row,
    writableChanges(repairOrderDefinition, input),
  )
  if (!changedFields.includes('tax_exempt')) return updated
  // Tax on every job follows the order's exemption: the totals move in the same transaction.
  await repriceRepairOrder(tx, actor, row.id)
  return getRepairOrder(tx, actor, publicId)
}

/** What the ledger tells a person who tries one of its moves by hand. */
const ledgerMoveResolution: Record<string, string> = {
  invoiced: 'Post the invoice (shopapi invoices post RO_ID); a voided invoice is posted again the same way',
  paid: 'Record the payment (shopapi payments record --invoice INV_ID ...) or issue a credit note',
  ready_for_pickup: 'Void the invoice (shopapi invoices void INV_ID)',
}

/**
 * A staff move of the state (the API has none): 409 naming the allowed moves when impossible, and 409
 * for a move only the ledger makes (into invoiced or paid, or back out of them); the instant of a
 * stamped state is set on entering it; repair_order.status_changed is recorded.
 */
export async function moveRepairOrder(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  to: string,
): Promise<{ row: RepairOrderRow; previousState: RepairOrderState }> {
  const row = await getRepairOrder(tx, actor, publicId, { forUpdate: true, param: 'id' })
  const next = assertMove(repairOrderWorkflow, row, to)
  if (isLedgerMove(row.state, next)) {
    throw new ApiError(
      'conflict',
      `Repair order ${row.public_id} moves from ${row.state} to ${next} only with its invoice and payments`,
      {
        param: 'state',
        blockers: [
          {
            type: 'repair_order',
            reason: 'ledger_move',
            message: `${row.state} -> ${next} follows the money: posting, voiding, payments and credits make it`,
            resolution: [ledgerMoveResolution[next] ?? 'Use the invoice and payment commands'],
          },
        ],
      },
    )
  }
  const previous = row.state as RepairOrderState
  await writeState(tx, actor, row, next)
  return { row: await getRepairOrder(tx, actor, publicId), previousState: previous }
}

/**
 * The vehicle of an order opened from an appointment has arrived (the appointment was checked in): an
 * order still `scheduled` becomes `checked_in`, as a conversion of an arrived appointment opens it. An
 * order the shop has already moved on (or cancelled) is left as it is.
 */
export async function checkInScheduledOrder(tx: Queryable, actor: Actor, orderId: string): Promise<void> {
  const { rows } = await tx.query<Pick<RepairOrderRow, 'shop_id' | 'id' | 'public_id' | 'number_value' | 'state'>>(
    `select shop_id, id, public_id, number_value, state from repair_orders
     where shop_id = $1::uuid and id = $2::uuid for update`,
    [actor.shopId, orderId],
  )
  const order = rows[0]
  if (order?.state === 'scheduled') await writeState(tx, actor, order, 'checked_in')
}

/**
 * A move the ledger makes (isLedgerMove) on an order the caller has locked: the state, its stamp and
 * repair_order.status_changed, in the caller's transaction. Any other move is a bug of the caller.
 */
export async function moveRepairOrderByLedger(
  tx: Queryable,
  actor: Actor,
  order: Pick<RepairOrderRow, 'shop_id' | 'id' | 'public_id' | 'number_value' | 'state'>,
  to: RepairOrderState,
): Promise<void> {
  if (!isLedgerMove(order.state, to)) {
    throw new Error(`repair order ${order.public_id}: ${order.state} -> ${to} is not a ledger move`)
  }
  await writeState(tx, actor, order, to)
}

async function writeState(
  tx: Queryable,
  actor: Actor,
  order: Pick<RepairOrderRow, 'shop_id' | 'id' | 'public_id' | 'number_value' | 'state'>,
  next: RepairOrderState,
): Promise<void> {
  const stamp = stampedStates[next]
  await tx.query(
    `update repair_orders set state = $3::text, version = version + 1, updated_at = date_trunc('milliseconds', now())
       ${stamp ? `, ${stamp} = date_trunc('milliseconds', now())` : ''}
     where shop_id = $1::uuid and id = $2::uuid`,
    [order.shop_id, order.id, next],
  )
  // Cancelling releases the order's parts, and an order open again (a voided invoice) reserves them.
  await moveStock(tx, order.shop_id, order.id, 'follow')
  await recordEvents(tx, actor, [
    statusChangedEvent(repairOrderWorkflow, 'repair_order.status_changed', order.public_id, {
      field: 'state',
      from: order.state as RepairOrderState,
      to: next,
      summary: { number: String(order.number_value) },
    }),
  ])
}
