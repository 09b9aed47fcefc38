import { ApiError } from '../../lib/errors.js'

// The rules every shop-floor resource shares about where a repair order stands: its states and how
// the API shows them, when its content is settled (posted, handed over or ended), and which jobs
// count. Repair orders, jobs, invoices, taxes and stock all read them; none of those owns them, so the
// graph between resource folders stays one-way (test/architecture/imports.test.ts).

/**
 * The internal states of a repair order: the contract's values plus `on_hold`, which has no public
 * mapping and is shown as `unknown` (spec "Repair order `state`").
 */
export const repairOrderStates = [
  'scheduled',
  'checked_in',
  'estimating',
  'awaiting_authorization',
  'authorized',
  'in_progress',
  'waiting_for_parts',
  'quality_check',
  'completed',
  'ready_for_pickup',
  'invoiced',
  'paid',
  'picked_up',
  'closed',
  'cancelled',
  'on_hold',
] as const

export type RepairOrderState = (typeof repairOrderStates)[number]

/** Internal states the contract has no value for; the API shows them as `unknown`. */
export const unmappedStates: readonly RepairOrderState[] = ['on_hold']

/** The values the API shows: every mapped state, and `unknown`. */
export const publicRepairOrderStates = [
  ...repairOrderStates.filter((state) => !unmappedStates.includes(state)),
  'unknown',
] as const

export function publicRepairOrderState(state: string): string {
  return (repairOrderStates as readonly string[]).includes(state) && !unmappedStates.includes(state as RepairOrderState)
    ? state
    : 'unknown'
}

/** States in which the order's content (fields, jobs) no longer changes: posted, handed over or ended. */
export const settledStates: readonly RepairOrderState[] = ['invoiced', 'paid', 'picked_up', 'closed', 'cancelled']

/** Whether the order's content no longer changes (invoiced, paid, picked up, closed or cancelled). */
export function isSettled(state: string): boolean {
  return (settledStates as readonly string[]).includes(state)
}

/** Decision states whose jobs count: in the repair order's pricing, and in the inventory they reserve. */
export const countingDecisionStates = ['pending', 'authorized'] as const

/**
 * 409 when the repair order's content may no longer change (invoiced and later, or cancelled): the
 * rule of the repair orders' own changes, applied to their jobs' decisions and lines too. `resolution`
 * is what the refusal suggests (the order's own changes name the way out; its jobs' changes do not).
 */
export function assertOrderOpen(
  order: { public_id: string; state: string },
  change: string,
  resolution: string[] = [],
): void {
  if (!isSettled(order.state)) return
  const state = publicRepairOrderState(order.state)
  throw new ApiError(
    'conflict',
    `Repair order ${order.public_id} is ${state.replaceAll('_', ' ')}: ${change} is refused`,
    {
      blockers: [
        {
          type: 'repair_order',
          reason: `state_${state}`,
          message: `A repair order that is ${state.replaceAll('_', ' ')} no longer changes`,
          resolution,
        },
      ],
    },
  )
}

/** Small, and never pricing (spec "Envelope"): which order, where it stands, whose it is. */
export function repairOrderSummary(row: {
  number_value: number
  state: string
  customer_public_id: string
  vehicle_public_id: string
}) {
  return {
    number: String(row.number_value),
    state: publicRepairOrderState(row.state),
    customer_id: row.customer_public_id,
    vehicle_id: row.vehicle_public_id,
  }
}
