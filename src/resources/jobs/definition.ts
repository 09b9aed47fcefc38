import { pricingTotalColumns, type StoredPricingTotals } from '../../platform/money-schemas.js'
import type { ResourceDefinition } from '../../platform/resource.js'

export interface JobRow extends StoredPricingTotals {
  shop_id: string
  id: string
  public_id: string
  repair_order_id: string
  /** The repair order's ro_ id. */
  repair_order_public_id: string
  /** The repair order's internal state (a job of a closed or cancelled order cannot be worked). */
  repair_order_state: string
  name: string
  description: string | null
  kind: string
  decision_state: string
  execution_state: string
  canned_job_public_id: string | null
  technician_public_id: string | null
  /** numeric(8,2) as text; null when the job has no labor entry. */
  labor_hours: string | null
  taxable: boolean
  /** The fee or discount amount (stored positive), numeric as text. */
  flat_amount: string | null
  started_at: Date | null
  completed_at: Date | null
  version: number
  created_at: Date
  updated_at: Date
}

const job = (column: string, type: 'text' | 'numeric' | 'boolean' | 'timestamptz' = 'text') => ({
  sql: `j.${column}`,
  type,
})

export const jobDefinition: ResourceDefinition<JobRow, Record<string, never>> = {
  objectType: 'job',
  table: 'jobs',
  alias: 'j',
  idKind: 'job',
  columns: {
    shop_id: { sql: 'j.shop_id', type: 'uuid' },
    id: { sql: 'j.id', type: 'uuid' },
    public_id: job('public_id'),
    repair_order_id: { sql: 'j.repair_order_id', type: 'uuid' },
    repair_order_public_id: { sql: 'ro.public_id', type: 'text' },
    repair_order_state: { sql: 'ro.state', type: 'text' },
    name: job('name'),
    description: job('description'),
    kind: job('kind'),
    decision_state: job('decision_state'),
    execution_state: job('execution_state'),
    canned_job_public_id: { sql: 'cj.public_id', type: 'text' },
    technician_public_id: { sql: 'tech.public_id', type: 'text' },
    labor_hours: job('labor_hours', 'numeric'),
    taxable: job('taxable', 'boolean'),
    flat_amount: job('flat_amount', 'numeric'),
    started_at: job('started_at', 'timestamptz'),
    completed_at: job('completed_at', 'timestamptz'),
    // The shop currency (joined as s) beside the stored totals: presenters need no query of their own.
    ...pricingTotalColumns('j'),
    version: { sql: 'j.version', type: 'integer' },
    created_at: job('created_at', 'timestamptz'),
    updated_at: job('updated_at', 'timestamptz'),
  },
  joins: () => `join shops s on s.id = j.shop_id
    join repair_orders ro on ro.shop_id = j.shop_id and ro.id = j.repair_order_id
    left join canned_jobs cj on cj.shop_id = j.shop_id and cj.id = j.canned_job_id
    left join technicians tech on tech.shop_id = j.shop_id and tech.id = j.technician_id`,
  // Jobs are written by the service (createJob, decisions, actions), never field by field.
  writable: {},
  filters: {},
  sorts: ['created_at'],
  events: { created: 'job.created' },
  summary: (row) => jobSummary(row),
}

/** Small and free of pricing (spec "Envelope"): which job, on which order, in which states. */
export function jobSummary(
  row: Pick<JobRow, 'repair_order_public_id' | 'name' | 'kind' | 'decision_state' | 'execution_state'>,
) {
  return {
    repair_order_id: row.repair_order_public_id,
    name: row.name,
    kind: row.kind,
    decision_state: row.decision_state,
    execution_state: row.execution_state,
  }
}

export interface LaborRow {
  shop_id: string
  id: string
  public_id: string
  job_id: string
  job_public_id: string
  technician_public_id: string | null
  description: string | null
  hours: string
  rate: string
  amount: string
  currency: string
  version: number
  created_at: Date
  updated_at: Date
}

export const laborDefinition: ResourceDefinition<LaborRow, Record<string, never>> = {
  objectType: 'labor_entry',
  table: 'job_labor',
  alias: 'l',
  idKind: 'labor',
  columns: {
    shop_id: { sql: 'l.shop_id', type: 'uuid' },
    id: { sql: 'l.id', type: 'uuid' },
    public_id: { sql: 'l.public_id', type: 'text' },
    job_id: { sql: 'l.job_id', type: 'uuid' },
    job_public_id: { sql: 'j.public_id', type: 'text' },
    technician_public_id: { sql: 'tech.public_id', type: 'text' },
    description: { sql: 'l.description', type: 'text' },
    hours: { sql: 'l.hours', type: 'numeric' },
    rate: { sql: 'l.rate', type: 'numeric' },
    amount: { sql: 'l.amount', type: 'numeric' },
    currency: { sql: 's.currency', type: 'text' },
    // Entries are never edited: there is no version column, and every entry is at its first.
    version: { sql: '1', type: 'integer' },
    created_at: { sql: 'l.created_at', type: 'timestamptz' },
    updated_at: { sql: 'l.updated_at', type: 'timestamptz' },
  },
  joins: () => `join shops s on s.id = l.shop_id
    join jobs j on j.shop_id = l.shop_id and j.id = l.job_id
    left join technicians tech on tech.shop_id = l.shop_id and tech.id = l.technician_id`,
  writable: {},
  filters: {},
  sorts: ['created_at'],
}

export interface PartRow {
  shop_id: string
  id: string
  public_id: string
  job_id: string
  job_public_id: string
  inventory_item_public_id: string | null
  part_number: string | null
  description: string
  quantity: string
  unit_price: string
  amount: string
  unit_cost: string | null
  currency: string
  version: number
  created_at: Date
  updated_at: Date
}

export const partDefinition: ResourceDefinition<PartRow, Record<string, never>> = {
  objectType: 'part',
  table: 'job_parts',
  alias: 'p',
  idKind: 'part',
  columns: {
    shop_id: { sql: 'p.shop_id', type: 'uuid' },
    id: { sql: 'p.id', type: 'uuid' },
    public_id: { sql: 'p.public_id', type: 'text' },
    job_id: { sql: 'p.job_id', type: 'uuid' },
    job_public_id: { sql: 'j.public_id', type: 'text' },
    inventory_item_public_id: { sql: 'item.public_id', type: 'text' },
    part_number: { sql: 'p.part_number', type: 'text' },
    description: { sql: 'p.description', type: 'text' },
    quantity: { sql: 'p.quantity', type: 'numeric' },
    unit_price: { sql: 'p.unit_price', type: 'numeric' },
    amount: { sql: 'p.amount', type: 'numeric' },
    unit_cost: { sql: 'p.unit_cost', type: 'numeric' },
    currency: { sql: 's.currency', type: 'text' },
    version: { sql: '1', type: 'integer' },
    created_at: { sql: 'p.created_at', type: 'timestamptz' },
    updated_at: { sql: 'p.updated_at', type: 'timestamptz' },
  },
  joins: () => `join shops s on s.id = p.shop_id
    join jobs j on j.shop_id = p.shop_id and j.id = p.job_id
    left join inventory_items item on item.shop_id = p.shop_id and item.id = p.inventory_item_id`,
  writable: {},
  filters: {},
  sorts: ['created_at'],
}
