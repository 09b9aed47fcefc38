import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import {
  computeJobPricing,
  ExactDecimal,
  formatHours,
  formatMoney,
  type JobKind,
  type JobPricingTotals,
  moneyLimits,
  sumDecimals,
  type TaxRule,
  totalBeyondLimit,
} from '../../lib/money.js'
import { type Actor, recordEvents } from '../../platform/events.js'
import type { StoredPricingTotals } from '../../platform/money-schemas.js'
import { countingDecisionStates, isSettled, repairOrderSummary, settledStates } from './states.js'
import { shopTaxes, taxRule } from './taxes.js'

// Pricing of a repair order and its jobs: the jobs' totals from their lines and the shop's taxes, the
// order's totals from its jobs that count. Jobs, repair orders, invoices and taxes all reprice; the
// rule lives here, below them all. Lock order, everywhere: repair order, then its jobs, then inventory
// items. Job actions lock only their job and never reprice, so they cannot take part in a cycle.

export interface PricingContext {
  taxes: TaxRule[]
  taxExempt: boolean
  /** The order, locked: named by the refusals of a total beyond its maximum. */
  order: LockedOrder
}

interface LockedOrder {
  id: string
  public_id: string
  number_value: number
  state: string
}

/**
 * 409: a change would take a total of a repair order, or of one of its jobs, past its maximum
 * (moneyLimits in lib/money.ts). Thrown before any total is written; the transaction then writes
 * nothing. `subject` is what holds the total ("Repair order ro_… (number 1001)", "Job job_… of …").
 */
export class TotalLimitError extends ApiError {
  constructor(
    readonly order: Pick<LockedOrder, 'public_id' | 'number_value'>,
    readonly subject: string,
    readonly figure: string,
    readonly value: string,
    readonly maximum: string,
  ) {
    super(
      'conflict',
      `${subject}: ${figure} would be ${value} with this change, beyond the maximum of ${maximum}: nothing was changed. Put further work on another repair order, or lower the amounts`,
      {
        blockers: [
          {
            type: 'repair_order',
            reason: 'total_exceeds_maximum',
            message: `${figure} of ${order.public_id} would be ${value}; every total is at most ${moneyLimits.amount} (a job's hours at most ${moneyLimits.jobHours})`,
            resolution: [
              `Put further work on another repair order than ${order.public_id}`,
              'Or lower the amounts (decline or cancel a job: shopapi jobs decide JOB_ID declined)',
            ],
          },
        ],
      },
    )
  }
}

function orderSubject(order: Pick<LockedOrder, 'public_id' | 'number_value'>): string {
  return `Repair order ${order.public_id} (number ${order.number_value})`
}

/**
 * 409 TotalLimitError when a total of `subject` is beyond moneyLimits.amount and further from zero than
 * `stored` (what it is now: see totalBeyondLimit).
 */
function assertTotalsWithinLimit(
  order: LockedOrder,
  subject: string,
  totals: JobPricingTotals,
  stored: JobPricingTotals,
): void {
  const beyond = totalBeyondLimit(totals, stored)
  if (!beyond) return
  throw new TotalLimitError(order, subject, `its ${beyond.name}`, formatMoney(beyond.value), moneyLimits.amount)
}

/** Locks the repair order (the first lock of every change to its jobs) and reads what taxes them. */
export async function lockRepairOrder(
  tx: Queryable,
  shopId: string,
  repairOrderId: string,
): Promise<PricingContext & { public_id: string; state: string }> {
  const { rows } = await tx.query<{ tax_exempt: boolean; public_id: string; number_value: number; state: string }>(
    `select ro.tax_exempt, ro.public_id, ro.number_value::integer as number_value, ro.state from repair_orders ro
     where ro.shop_id = $1::uuid and ro.id = $2::uuid for update of ro`,
    [shopId, repairOrderId],
  )
  const found = rows[0]
  if (!found) throw new Error(`repair order ${repairOrderId} of shop ${shopId} does not exist`)
  return {
    taxes: (await shopTaxes(tx, shopId)).map(taxRule),
    taxExempt: found.tax_exempt,
    order: { id: repairOrderId, public_id: found.public_id, number_value: found.number_value, state: found.state },
    public_id: found.public_id,
    state: found.state,
  }
}

interface StoredJobPricing extends Omit<StoredPricingTotals, 'currency'> {
  id: string
  public_id: string
  kind: string
  flat_amount: string | null
  taxable: boolean
  labor_hours: string | null
}

const pricingColumns = [
  'labor_hours',
  'labor_total',
  'parts_total',
  'fees_total',
  'discounts_total',
  'subtotal',
  'tax_total',
  'total',
] as const

/** The totals a repair order keeps: its jobs' (that count), summed. */
const orderTotalColumns = pricingColumns.filter((column) => column !== 'labor_hours')

/**
 * Recomputes the totals (and labor_hours) of the repair order's jobs, all of them or `jobIds`, with
 * computeJobPricing, and writes those that changed (version and updated_at move with them unless
 * `keepVersion`, for a job created in this transaction). A job whose totals or hours would pass their
 * maximum is 409 TotalLimitError before anything is written.
 */
async function repriceJobs(
  tx: Queryable,
  shopId: string,
  repairOrderId: string,
  context: PricingContext,
  options: { jobIds?: string[]; keepVersion?: boolean } = {},
): Promise<void> {
  const only = options.jobIds ? 'and id = any($3::uuid[])' : ''
  const values: unknown[] = [shopId, repairOrderId, ...(options.jobIds ? [options.jobIds] : [])]
  const jobs = await tx.query<StoredJobPricing>(
    `select id, public_id, kind, flat_amount, taxable, ${pricingColumns.join(', ')} from jobs
     where shop_id = $1::uuid and repair_order_id = $2::uuid ${only}`,
    values,
  )
  if (jobs.rows.length === 0) return
  const ids = jobs.rows.map((job) => job.id)
  const labor = await tx.query<{ job_id: string; hours: string; rate: string }>(
    'select job_id, hours, rate from job_labor where shop_id = $1::uuid and job_id = any($2::uuid[])',
    [shopId, ids],
  )
  const parts = await tx.query<{ job_id: string; quantity: string; unit_price: string }>(
    'select job_id, quantity, unit_price from job_parts where shop_id = $1::uuid and job_id = any($2::uuid[])',
    [shopId, ids],
  )
  const laborOf = groupBy(labor.rows, (line) => line.job_id)
  const partsOf = groupBy(parts.rows, (line) => line.job_id)
  const changed: Record<(typeof pricingColumns)[number] | 'id', (string | null)[]> = {
    id: [],
    labor_hours: [],
    labor_total: [],
    parts_total: [],
    fees_total: [],
    discounts_total: [],
    subtotal: [],
    tax_total: [],
    total: [],
  }
  for (const job of jobs.rows) {
    const jobLabor = (laborOf.get(job.id) ?? []).map((line) => ({
      hours: new ExactDecimal(line.hours),
      rate: new ExactDecimal(line.rate),
    }))
    const totals = computeJobPricing({
      kind: job.kind as JobKind,
      labor: jobLabor,
      parts: (partsOf.get(job.id) ?? []).map((line) => ({
        quantity: new ExactDecimal(line.quantity),
        unitPrice: new ExactDecimal(line.unit_price),
      })),
      flatAmount: job.flat_amount === null ? null : new ExactDecimal(job.flat_amount),
      taxable: job.taxable,
      taxes: context.taxes,
      taxExempt: context.taxExempt,
    })
    const subject = `Job ${job.public_id} of repair order ${context.order.public_id} (number ${context.order.number_value})`
    assertTotalsWithinLimit(context.order, subject, totals, storedTotals(job))
    const jobHours = sumDecimals(jobLabor.map((line) => line.hours))
    if (jobHours.greaterThan(moneyLimits.jobHours) && jobHours.greaterThan(job.labor_hours ?? 0)) {
      throw new TotalLimitError(context.order, subject, 'its labor hours', formatHours(jobHours), moneyLimits.jobHours)
    }
    const next = {
      labor_hours: jobLabor.length === 0 ? null : formatHours(jobHours),
      labor_total: formatMoney(totals.labor),
      parts_total: formatMoney(totals.parts),
      fees_total: formatMoney(totals.fees),
      discounts_total: formatMoney(totals.discounts),
      subtotal: formatMoney(totals.subtotal),
      tax_total: formatMoney(totals.tax),
      total: formatMoney(totals.total),
    }
    if (pricingColumns.every((column) => next[column] === job[column])) continue
    changed.id.push(job.id)
    for (const column of pricingColumns) changed[column].push(next[column])
  }
  if (changed.id.length === 0) return
  const bump = options.keepVersion ? '' : ", version = j.version + 1, updated_at = date_trunc('milliseconds', now())"
  await tx.query(
    `update jobs j set ${pricingColumns.map((column) => `${column} = u.${column}`).join(', ')}${bump}
     from unnest($2::uuid[], ${pricingColumns.map((_, index) => `$${index + 3}::numeric[]`).join(', ')})
       as u(id, ${pricingColumns.join(', ')})
     where j.shop_id = $1::uuid and j.id = u.id`,
    [shopId, changed.id, ...pricingColumns.map((column) => changed[column])],
  )
}

/** Totals as the jobs and repair_orders columns keep them (decimal strings), for computing. */
function storedTotals(row: Omit<StoredPricingTotals, 'currency'>): JobPricingTotals {
  return {
    labor: new ExactDecimal(row.labor_total),
    parts: new ExactDecimal(row.parts_total),
    fees: new ExactDecimal(row.fees_total),
    discounts: new ExactDecimal(row.discounts_total),
    subtotal: new ExactDecimal(row.subtotal),
    tax: new ExactDecimal(row.tax_total),
    total: new ExactDecimal(row.total),
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/**
 * The repair order's totals: exact sums of the stored totals of its jobs that count, so they agree
 * with the jobs to the cent. Checked against their maximum before they are written (409
 * TotalLimitError). When a total moves, so do the order's version and updated_at, and
 * `repair_order.updated` (changed_fields `pricing`) is recorded with them: every change of a repair
 * order's version is told to integrations (docs/decisions/shop-floor.md "Repair orders").
 */
async function updateRepairOrderTotals(tx: Queryable, actor: Actor, order: LockedOrder): Promise<void> {
  type Totals = Record<(typeof orderTotalColumns)[number], string>
  const sums = await tx.query<{ summed: Totals; stored: Totals }>(
    `select json_build_object(${orderTotalColumns.map((column) => `'${column}', coalesce(sum(j.${column}), 0)::text`).join(', ')}) as summed,
       (select json_build_object(${orderTotalColumns.map((column) => `'${column}', ro.${column}::text`).join(', ')})
        from repair_orders ro where ro.shop_id = $1::uuid and ro.id = $2::uuid) as stored
     from jobs j where j.shop_id = $1::uuid and j.repair_order_id = $2::uuid and j.decision_state = any($3::text[])`,
    [actor.shopId, order.id, countingDecisionStates],
  )
  const { summed: totals, stored } = sums.rows[0] as { summed: Totals; stored: Totals }
  assertTotalsWithinLimit(order, orderSubject(order), storedTotals(totals), storedTotals(stored))
  const { rows } = await tx.query<Parameters<typeof repairOrderSummary>[0]>(
    `update repair_orders ro set ${orderTotalColumns.map((column, index) => `${column} = $${index + 3}::numeric`).join(', ')},
       version = ro.version + 1, updated_at = date_trunc('milliseconds', now())
     where ro.shop_id = $1::uuid and ro.id = $2::uuid
       and (${orderTotalColumns.map((column) => `ro.${column}`).join(', ')})
         is distinct from (${orderTotalColumns.map((_, index) => `$${index + 3}::numeric`).join(', ')})
     returning ro.number_value::integer as number_value, ro.state,
       (select c.public_id from customers c where c.shop_id = ro.shop_id and c.id = ro.customer_id) as customer_public_id,
       (select v.public_id from vehicles v where v.shop_id = ro.shop_id and v.id = ro.vehicle_id) as vehicle_public_id`,
    [actor.shopId, order.id, ...orderTotalColumns.map((column) => totals[column])],
  )
  const updated = rows[0]
  if (!updated) return
  await recordEvents(tx, actor, [
    {
      type: 'repair_order.updated',
      objectType: 'repair_order',
      objectId: order.public_id,
      summary: { ...repairOrderSummary(updated), changed_fields: ['pricing'] },
    },
  ])
}

/**
 * Recomputes every job's totals (tax rate of the shop, exemption of the order) and the repair order's
 * totals from its jobs that count (decision pending or authorized). Locks the repair order first.
 */
export async function repriceRepairOrder(tx: Queryable, actor: Actor, repairOrderId: string): Promise<void> {
  const context = await lockRepairOrder(tx, actor.shopId, repairOrderId)
  await repriceJobs(tx, actor.shopId, repairOrderId, context)
  await updateRepairOrderTotals(tx, actor, context.order)
}

/**
 * Reprices every repair order of the shop that is not settled (a tax changed), each locked first, in
 * id order. An order settled after it was listed keeps its posted totals. Returns how many were
 * repriced. An order the new taxes would take past the maximum refuses the whole change, naming the
 * order and what to do (the CLI prints the message alone).
 */
export async function repriceOpenRepairOrders(tx: Queryable, actor: Actor): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    'select id from repair_orders where shop_id = $1::uuid and state <> all($2::text[]) order by id',
    [actor.shopId, settledStates],
  )
  let repriced = 0
  for (const { id } of rows) {
    const context = await lockRepairOrder(tx, actor.shopId, id)
    if (isSettled(context.state)) continue
    try {
      await repriceJobs(tx, actor.shopId, id, context)
      await updateRepairOrderTotals(tx, actor, context.order)
    } catch (error) {
      if (!(error instanceof TotalLimitError)) throw error
      throw taxChangeRefusal(error)
    }
    repriced += 1
  }
  return repriced
}

/** A tax change refused because it would reprice an order past the maximum: which order, and the ways out. */
function taxChangeRefusal(error: TotalLimitError): ApiError {
  const { order } = error
  return new ApiError(
    'conflict',
    `The new taxes would reprice ${error.subject.charAt(0).toLowerCase()}${error.subject.slice(1)}: ${error.figure} would be ${error.value}, beyond the maximum of ${error.maximum}. Nothing was changed: move work off repair order ${order.public_id} (decline or cancel jobs) or choose a lower rate, then set the tax again`,
    {
      blockers: [
        {
          type: 'repair_order',
          reason: 'total_exceeds_maximum',
          message: `${error.figure} of ${order.public_id} would be ${error.value} with the new taxes; every total is at most ${moneyLimits.amount}`,
          resolution: [
            `Decline or cancel jobs of ${order.public_id} (shopapi jobs decide JOB_ID declined), or put the work on several repair orders`,
            'Then set the tax again (shopapi taxes set, or shopapi shops update --tax-rate)',
            'Or choose a lower rate',
          ],
        },
      ],
    },
  )
}

/** Reprices one job and its order's totals (the order is already locked by the caller). */
export async function repriceJob(
  tx: Queryable,
  actor: Actor,
  job: { shop_id: string; id: string; repair_order_id: string },
  context: PricingContext,
  keepVersion = false,
) {
  await repriceJobs(tx, job.shop_id, job.repair_order_id, context, { jobIds: [job.id], keepVersion })
  await updateRepairOrderTotals(tx, actor, context.order)
}
