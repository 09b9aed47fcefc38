import { defineWorkflow } from '../../platform/workflow.js'
import { publicRepairOrderState, type RepairOrderState, repairOrderStates } from '../shop-floor/states.js'

export type { RepairOrderState }

/** Entering these states stamps the matching instant. */
export const stampedStates: Partial<Record<RepairOrderState, 'completed_at' | 'invoiced_at' | 'picked_up_at'>> = {
  completed: 'completed_at',
  invoiced: 'invoiced_at',
  picked_up: 'picked_up_at',
}

/**
 * Moves the ledger makes and staff never do: posting an invoice (ready_for_pickup -> invoiced), its
 * balance reaching zero or below by payments or credits (invoiced -> paid) or rising again (paid ->
 * invoiced), voiding the invoice (invoiced -> ready_for_pickup). The states follow the money.
 */
export const ledgerMoves: Partial<Record<RepairOrderState, readonly RepairOrderState[]>> = {
  ready_for_pickup: ['invoiced'],
  invoiced: ['paid', 'ready_for_pickup'],
  paid: ['invoiced'],
}

export function isLedgerMove(from: string, to: string): boolean {
  return ledgerMoves[from as RepairOrderState]?.includes(to as RepairOrderState) ?? false
}

// Cancelling is possible from every open state before invoicing: an invoiced order is corrected with a
// credit note, never cancelled. on_hold parks work in the middle of the floor and resumes at the
// points where work can pick up again (re-estimate, authorized, in progress).
export const repairOrderWorkflow = defineWorkflow<RepairOrderState, never, { state: string }>({
  name: 'repair_order',
  states: repairOrderStates,
  moves: {
    scheduled: ['checked_in', 'cancelled'],
    checked_in: ['estimating', 'on_hold', 'cancelled'],
    estimating: ['awaiting_authorization', 'authorized', 'on_hold', 'cancelled'],
    awaiting_authorization: ['authorized', 'estimating', 'on_hold', 'cancelled'],
    authorized: ['in_progress', 'on_hold', 'cancelled'],
    in_progress: ['waiting_for_parts', 'quality_check', 'on_hold', 'cancelled'],
    waiting_for_parts: ['in_progress', 'on_hold', 'cancelled'],
    quality_check: ['completed', 'in_progress', 'on_hold', 'cancelled'],
    completed: ['ready_for_pickup', 'cancelled'],
    ready_for_pickup: ['invoiced', 'cancelled'],
    // A fleet account takes the vehicle on terms: picked up before it is paid. Voiding the invoice
    // returns the order to ready_for_pickup; a reversal that reopens the balance returns it to invoiced.
    invoiced: ['paid', 'picked_up', 'ready_for_pickup'],
    paid: ['picked_up', 'invoiced'],
    picked_up: ['closed'],
    closed: [],
    cancelled: [],
    on_hold: ['estimating', 'authorized', 'in_progress', 'cancelled'],
  },
  // The public API has no operation that changes a repair-order state: every move is the shop's.
  actions: {},
  stateOf: (subject) => subject.state as RepairOrderState,
  publicState: publicRepairOrderState,
})
