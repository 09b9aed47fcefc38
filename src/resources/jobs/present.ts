import { ExactDecimal, formatHours, formatQuantity } from '../../lib/money.js'
import { presentPricingTotals } from '../../platform/money-schemas.js'
import { isoOrNull } from '../../platform/resource.js'
import { availableActions } from '../../platform/workflow.js'
import type { JobRow, LaborRow, PartRow } from './definition.js'
import {
  type DecisionState,
  decisionStates,
  type ExecutionState,
  executionStates,
  type Job,
  type LaborEntry,
  type PartEntry,
} from './schema.js'
import { executionWorkflow } from './workflow.js'

const shown = (states: readonly string[], value: string) => (states.includes(value) ? value : 'unknown')

/**
 * The job as the API shows it: pricing is the real value (the runner redacts it for keys without
 * pricing.read). `currency` is kept for callers that pass the shop's, but the row's own (joined from
 * the shop) is used.
 */
export function toJobResource(row: JobRow, scopes: ReadonlySet<string> | 'staff', _currency?: string): Job {
  return {
    id: row.public_id,
    object: 'job',
    repair_order_id: row.repair_order_public_id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    decision_state: shown(decisionStates, row.decision_state as DecisionState),
    execution_state: shown(executionStates, row.execution_state as ExecutionState),
    available_actions: availableActions(executionWorkflow, row, scopes),
    canned_job_id: row.canned_job_public_id,
    technician_id: row.technician_public_id,
    labor_hours: row.labor_hours === null ? null : formatHours(new ExactDecimal(row.labor_hours)),
    taxable: row.taxable,
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
    pricing: presentPricingTotals(row),
    redacted_fields: [],
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export function toLaborResource(row: LaborRow): LaborEntry {
  return {
    id: row.public_id,
    object: 'labor_entry',
    job_id: row.job_public_id,
    technician_id: row.technician_public_id,
    description: row.description,
    hours: formatHours(new ExactDecimal(row.hours)),
    pricing: { currency: row.currency, rate: row.rate, amount: row.amount },
    redacted_fields: [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export function toPartResource(row: PartRow): PartEntry {
  return {
    id: row.public_id,
    object: 'part',
    job_id: row.job_public_id,
    inventory_item_id: row.inventory_item_public_id,
    part_number: row.part_number,
    description: row.description,
    quantity: formatQuantity(new ExactDecimal(row.quantity)),
    pricing: { currency: row.currency, unit_price: row.unit_price, amount: row.amount },
    cost: {
      currency: row.currency,
      unit_cost: row.unit_cost === null ? null : { amount: row.unit_cost, currency: row.currency },
      // A job's part is one purchase: the item's running average says nothing about this line.
      average_cost: null,
    },
    redacted_fields: [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
