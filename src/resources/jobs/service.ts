import type { Decimal } from 'decimal.js'
import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'
import {
  computeJobPricing,
  DecimalInputError,
  type DecimalInputOptions,
  decimalInputs,
  ExactDecimal,
  formatHours,
  formatMoney,
  isWithinAmountLimit,
  type JobKind,
  type JobPricingTotals,
  lineAmount,
  moneyLimits,
  parseDecimalInput,
  sumDecimals,
  type TaxRule,
  totalBeyondLimit,
} from '../../lib/money.js'
import { type Actor, recordEvents } from '../../platform/events.js'
import type { StoredPricingTotals } from '../../platform/money-schemas.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import { createRecord, getRecord, listRecords } from '../../platform/resource.js'
import { assertAction, assertMove, statusChangedEvent } from '../../platform/workflow.js'
import { moveStock } from '../inventory-items/stock.js'
import { repairOrderSummary } from '../repair-orders/definition.js'
import { publicRepairOrderState, settledStates } from '../repair-orders/workflow.js'
import { shopTaxes, taxRule } from '../taxes/rules.js'
import { activeTechnicianId } from '../technicians/service.js'
import {
  type JobRow,
  jobDefinition,
  type LaborRow,
  laborDefinition,
  type PartRow,
  partDefinition,
} from './definition.js'
import type { DecisionState, ExecutionState, JobAction, JobCreate } from './schema.js'
import { countingDecisionStates, decisionWorkflow, executionWorkflow, workBlockers } from './workflow.js'

export type { JobRow, LaborRow, PartRow }

export { countingDecisionStates }

export function getJob(
  db: Queryable,
  reader: Actor,
  publicId: string,
  options: { forUpdate?: boolean; param?: string } = {},
): Promise<JobRow> {
  return getRecord(jobDefinition, db, reader, publicId, options)
}

/**
 * A page of a repair order's jobs, newest first, on jobs_repair_order_idx. The order is named by its
 * public id and resolved inside the page's statement (one round trip); an empty page tells whether
 * the order exists, so an unknown order is still 404.
 */
export async function listJobsOfRepairOrder(
  db: Queryable,
  reader: Actor,
  repairOrderPublicId: string,
  page: PageRequest,
): Promise<Page<JobRow>> {
  const result = await listRecords(jobDefinition, db, reader, {}, page, {
    where: (params, shopId) => [
      `j.repair_order_id = (select id from repair_orders where shop_id = ${shopId} and public_id = ${params.add(repairOrderPublicId, 'text')})`,
    ],
  })
  if (result.rows.length === 0) {
    const { rowCount } = await db.query(
      'select 1 from repair_orders where shop_id = $1::uuid and public_id = $2::text',
      [reader.shopId, repairOrderPublicId],
    )
    if (rowCount === 0) {
      throw new ApiError('not_found', `No repair order ${repairOrderPublicId} in this shop`, { param: 'public_id' })
    }
  }
  return result
}

export function listLaborOfJob(db: Queryable, reader: Actor, job: JobRow, page: PageRequest): Promise<Page<LaborRow>> {
  return listRecords(laborDefinition, db, reader, {}, page, {
    where: (params) => [`l.job_id = ${params.add(job.id, 'uuid')}`],
  })
}

export function listPartsOfJob(db: Queryable, reader: Actor, job: JobRow, page: PageRequest): Promise<Page<PartRow>> {
  return listRecords(partDefinition, db, reader, {}, page, {
    where: (params) => [`p.job_id = ${params.add(job.id, 'uuid')}`],
  })
}

// ---------------------------------------------------------------------------------------------------
// Pricing. Lock order, everywhere: repair order, then its jobs, then inventory items. Job actions
// lock only their job and never reprice, so they cannot take part in a cycle.

interface PricingContext {
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
 * 409 when the repair order's content may no longer change (invoiced and later, or cancelled): the
 * rule of the repair orders' own changes, applied to their jobs' decisions and lines too.
 */
function assertOrderOpen(order: { public_id: string; state: string }, change: string): void {
  if (!(settledStates as readonly string[]).includes(order.state)) return
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
          resolution: [],
        },
      ],
    },
  )
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
async function lockRepairOrder(
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
 * order's version is told to integrations (docs/decisions.md "Repair orders").
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
    if ((settledStates as readonly string[]).includes(context.state)) continue
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
async function repriceJob(tx: Queryable, actor: Actor, job: JobRow, context: PricingContext, keepVersion = false) {
  await repriceJobs(tx, job.shop_id, job.repair_order_id, context, { jobIds: [job.id], keepVersion })
  await updateRepairOrderTotals(tx, actor, context.order)
}

/** The job locked for a change that reprices: its repair order is locked first (the lock order). */
async function lockJobForChange(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  change: string,
): Promise<{ job: JobRow; context: PricingContext }> {
  const unlocked = await getJob(tx, actor, publicId)
  const context = await lockRepairOrder(tx, actor.shopId, unlocked.repair_order_id)
  assertOrderOpen(context, change)
  const job = await getJob(tx, actor, publicId, { forUpdate: true })
  return { job, context }
}

// ---------------------------------------------------------------------------------------------------
// Inputs

/** A decimal input of the API or the CLI, or 400 invalid_request naming it. */
export function decimalInput(value: string, param: string, options: DecimalInputOptions): Decimal {
  try {
    return parseDecimalInput(value, options)
  } catch (error) {
    if (error instanceof DecimalInputError) {
      throw new ApiError('invalid_request', `${param} ${error.message}`, { param })
    }
    throw error
  }
}

function positive(value: Decimal, param: string): Decimal {
  if (value.isZero()) throw new ApiError('invalid_request', `${param} must be more than 0`, { param })
  return value
}

/**
 * The amount of a new line (hours × rate, quantity × unit price), or 400 naming `param` when it is
 * beyond the maximum of any amount. The inputs of one line cannot get there (lib/money.ts
 * moneyLimits), but a canned job or an inventory item may hold values an earlier version accepted.
 */
function newLineAmount(factors: [Decimal, Decimal], formula: string, param: string): string {
  const amount = lineAmount(...factors)
  if (!isWithinAmountLimit(amount)) {
    throw new ApiError(
      'invalid_request',
      `${param}: ${formula} (${factors[0].toFixed()} × ${factors[1].toFixed()}) is ${formatMoney(amount)}, beyond the maximum of ${moneyLimits.amount} for one line`,
      { param },
    )
  }
  return formatMoney(amount)
}

interface CannedJob {
  id: string
  name: string
  description: string | null
  kind: string
  taxable: boolean
  default_hours: string | null
  labor_rate: string | null
  active: boolean
}

async function findCannedJob(tx: Queryable, actor: Actor, publicId: string): Promise<CannedJob> {
  const { rows } = await tx.query<CannedJob>(
    `select id, name, description, kind, taxable, default_hours, labor_rate, active from canned_jobs
     where shop_id = $1::uuid and public_id = $2::text for share`,
    [actor.shopId, publicId],
  )
  const found = rows[0]
  if (!found) throw new ApiError('not_found', `No canned job ${publicId} in this shop`, { param: 'canned_job_id' })
  if (!found.active) {
    throw new ApiError('conflict', `Canned job ${publicId} (${found.name}) is inactive`, {
      param: 'canned_job_id',
      blockers: [
        {
          type: 'canned_job',
          reason: 'inactive',
          message: `${publicId} is inactive`,
          resolution: ['Use an active canned job, or create the job without one'],
        },
      ],
    })
  }
  return found
}

interface NewLabor {
  technicianId: string | null
  description: string | null
  hours: Decimal
  rate: Decimal
}

/** Inserts labor lines; `param` names the input a line beyond its maximum comes from. */
async function insertLabor(tx: Queryable, job: { shop_id: string; id: string }, lines: NewLabor[], param: string) {
  if (lines.length === 0) return []
  const amounts = lines.map((line) => newLineAmount([line.hours, line.rate], 'hours × rate', param))
  const publicIds = lines.map(() => newPublicId('labor'))
  await tx.query(
    `insert into job_labor (shop_id, public_id, job_id, technician_id, description, hours, rate, amount)
     select $1::uuid, u.public_id, $2::uuid, u.technician_id, u.description, u.hours, u.rate, u.amount
     from unnest($3::text[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[])
       as u(public_id, technician_id, description, hours, rate, amount)`,
    [
      job.shop_id,
      job.id,
      publicIds,
      lines.map((line) => line.technicianId),
      lines.map((line) => line.description),
      lines.map((line) => line.hours.toFixed()),
      lines.map((line) => line.rate.toFixed()),
      amounts,
    ],
  )
  return publicIds
}

interface NewPart {
  inventoryItemId: string | null
  partNumber: string | null
  description: string
  quantity: Decimal
  unitPrice: Decimal
  unitCost: Decimal | null
}

/**
 * Inserts part lines; each taken from an inventory item reserves its quantity there while its job
 * counts. `param` names the input a line beyond its maximum comes from.
 */
async function insertParts(
  tx: Queryable,
  job: { shop_id: string; id: string; repair_order_id: string },
  lines: NewPart[],
  param: string,
) {
  if (lines.length === 0) return []
  const amounts = lines.map((line) => newLineAmount([line.quantity, line.unitPrice], 'quantity × unit price', param))
  const publicIds = lines.map(() => newPublicId('part'))
  await tx.query(
    `insert into job_parts (shop_id, public_id, job_id, inventory_item_id, part_number, description, quantity,
       unit_price, amount, unit_cost)
     select $1::uuid, u.public_id, $2::uuid, u.item_id, u.part_number, u.description, u.quantity, u.unit_price,
       u.amount, u.unit_cost
     from unnest($3::text[], $4::uuid[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[],
       $10::numeric[]) with ordinality as u(public_id, item_id, part_number, description, quantity, unit_price,
       amount, unit_cost, n)
     order by u.n`,
    [
      job.shop_id,
      job.id,
      publicIds,
      lines.map((line) => line.inventoryItemId),
      lines.map((line) => line.partNumber),
      lines.map((line) => line.description),
      lines.map((line) => line.quantity.toFixed()),
      lines.map((line) => line.unitPrice.toFixed()),
      amounts,
      lines.map((line) => (line.unitCost === null ? null : line.unitCost.toFixed())),
    ],
  )
  // What the new lines hold of their items (a reservation, or nothing on a job that does not count).
  await moveStock(tx, job.shop_id, job.repair_order_id, 'follow')
  return publicIds
}

// ---------------------------------------------------------------------------------------------------
// Construction and staff changes

/**
 * Adds a job to a repair order (the API's POST /repair-orders/{id}/jobs and every other path):
 * pending, not started; from a canned job its default hours × labor rate become one labor entry and
 * its parts part entries. Records `job.created` and reprices the order. Returns the job as a get reads it.
 */
export async function createJob(
  tx: Queryable,
  actor: Actor,
  repairOrder: { id: string; public_id: string },
  input: JobCreate,
): Promise<JobRow> {
  const context = await lockRepairOrder(tx, actor.shopId, repairOrder.id)
  assertOrderOpen(context, 'adding a job')
  const canned = input.canned_job_id ? await findCannedJob(tx, actor, input.canned_job_id) : undefined
  const technicianId = input.technician_id
    ? await activeTechnicianId(tx, actor, input.technician_id, 'technician_id')
    : null
  const kind = input.kind ?? (canned?.kind as JobCreate['kind']) ?? 'service'
  const flat = kind === 'fee' || kind === 'discount'
  if (flat && input.amount === undefined) {
    throw new ApiError('invalid_request', `amount is required for a ${kind} job`, { param: 'amount' })
  }
  if (!flat && input.amount !== undefined) {
    throw new ApiError('invalid_request', 'amount is only for fee and discount jobs', { param: 'amount' })
  }
  const name = input.name ?? canned?.name
  if (name === undefined) throw new ApiError('invalid_request', 'name is required', { param: 'name' })
  const row = await createRecord(jobDefinition, tx, actor, {
    repair_order_id: { field: null, value: repairOrder.id, type: 'uuid' },
    name: { field: 'name', value: name, type: 'text' },
    description: { field: 'description', value: input.description ?? canned?.description ?? null, type: 'text' },
    kind: { field: 'kind', value: kind, type: 'text' },
    canned_job_id: { field: 'canned_job_id', value: canned?.id ?? null, type: 'uuid' },
    technician_id: { field: 'technician_id', value: technicianId, type: 'uuid' },
    taxable: { field: 'taxable', value: input.taxable ?? canned?.taxable ?? true, type: 'boolean' },
    flat_amount: { field: 'amount', value: input.amount ?? null, type: 'numeric' },
  })
  if (canned) await copyCannedLines(tx, actor, row, canned, technicianId)
  await repriceJob(tx, actor, row, context, true)
  return getJob(tx, actor, row.public_id)
}

async function copyCannedLines(
  tx: Queryable,
  actor: Actor,
  job: JobRow,
  canned: CannedJob,
  technicianId: string | null,
): Promise<void> {
  if (
    canned.default_hours !== null &&
    canned.labor_rate !== null &&
    new ExactDecimal(canned.default_hours).greaterThan(0)
  ) {
    await insertLabor(
      tx,
      job,
      [
        {
          technicianId,
          description: canned.name,
          hours: new ExactDecimal(canned.default_hours),
          rate: new ExactDecimal(canned.labor_rate),
        },
      ],
      'canned_job_id',
    )
  }
  const { rows } = await tx.query<{
    inventory_item_id: string | null
    part_number: string | null
    description: string
    quantity: string
    unit_price: string
    unit_cost: string | null
  }>(
    `select c.inventory_item_id, coalesce(c.part_number, i.part_number) as part_number,
       coalesce(c.description, i.name, c.part_number, i.part_number, 'Part') as description,
       coalesce(c.quantity, 1) as quantity, coalesce(c.unit_price, i.unit_price, 0) as unit_price,
       coalesce(c.unit_cost, i.unit_cost) as unit_cost
     from canned_job_parts c left join inventory_items i on i.shop_id = c.shop_id and i.id = c.inventory_item_id
     where c.shop_id = $1::uuid and c.canned_job_id = $2::uuid order by c.position`,
    [actor.shopId, canned.id],
  )
  await insertParts(
    tx,
    job,
    rows.map((part) => ({
      inventoryItemId: part.inventory_item_id,
      partNumber: part.part_number,
      description: part.description,
      quantity: new ExactDecimal(part.quantity),
      unitPrice: new ExactDecimal(part.unit_price),
      unitCost: part.unit_cost === null ? null : new ExactDecimal(part.unit_cost),
    })),
    'canned_job_id',
  )
}

async function setJobColumns(tx: Queryable, job: JobRow, sets: string[], values: unknown[]): Promise<void> {
  await tx.query(
    `update jobs set ${[...sets, 'version = version + 1', "updated_at = date_trunc('milliseconds', now())"].join(', ')}
     where shop_id = $1::uuid and id = $2::uuid`,
    [job.shop_id, job.id, ...values],
  )
}

/**
 * The shop's decision (`shopapi jobs decide`): 409 naming the allowed moves for an impossible one.
 * Records `job.status_changed` and reprices the order (only pending and authorized jobs count).
 */
export async function decideJob(tx: Queryable, actor: Actor, publicId: string, decision: string): Promise<JobRow> {
  const { job, context } = await lockJobForChange(tx, actor, publicId, 'a decision')
  const from = job.decision_state as DecisionState
  const to = assertMove(decisionWorkflow, job, decision)
  if (from === 'authorized' && to === 'cancelled' && job.execution_state !== 'not_started') {
    throw new ApiError(
      'conflict',
      `Job ${publicId} is ${job.execution_state}: work that has started is not cancelled`,
      {
        param: 'state',
        blockers: [
          {
            type: 'job',
            reason: 'work_started',
            message: 'An authorized job is cancelled only before work starts',
            resolution: ['Finish it with complete or unable_to_complete instead'],
          },
        ],
      },
    )
  }
  await setJobColumns(tx, job, ['decision_state = $3::text'], [to])
  await recordEvents(tx, actor, [
    statusChangedEvent(decisionWorkflow, 'job.status_changed', job.public_id, {
      field: 'decision_state',
      from,
      to,
      summary: { repair_order_id: job.repair_order_public_id, execution_state: job.execution_state },
    }),
  ])
  await repriceJob(tx, actor, job, context)
  // A job that stops counting (declined, deferred, cancelled) releases its parts; one that counts again reserves them.
  await moveStock(tx, job.shop_id, job.repair_order_id, 'follow')
  return getJob(tx, actor, publicId)
}

async function moveExecution(tx: Queryable, actor: Actor, job: JobRow, to: ExecutionState): Promise<JobRow> {
  const from = job.execution_state as ExecutionState
  const sets = ['execution_state = $3::text']
  if (to === 'in_progress') sets.push("started_at = coalesce(started_at, date_trunc('milliseconds', now()))")
  if (to === 'completed') sets.push("completed_at = date_trunc('milliseconds', now())")
  await setJobColumns(tx, job, sets, [to])
  await recordEvents(tx, actor, [
    statusChangedEvent(executionWorkflow, 'job.status_changed', job.public_id, {
      field: 'execution_state',
      from,
      to,
      summary: { repair_order_id: job.repair_order_public_id, decision_state: job.decision_state },
    }),
  ])
  return getJob(tx, actor, job.public_id)
}

/**
 * An API action (start, complete, unable_to_complete) on the locked job: two concurrent starts
 * serialize here, and the second sees the first's state (409). A job that is not authorized is
 * refused with `not_authorized` whatever its execution state.
 */
export async function runJobAction(
  tx: Queryable,
  actor: Actor,
  scopes: ReadonlySet<string> | 'staff',
  publicId: string,
  action: JobAction,
): Promise<JobRow> {
  const job = await getJob(tx, actor, publicId, { forUpdate: true })
  const blockers = workBlockers(job)
  if (blockers.length > 0) {
    throw new ApiError('conflict', `Cannot ${action.replaceAll('_', ' ')}: ${blockers[0]?.message}`, { blockers })
  }
  const to = assertAction(executionWorkflow, job, action, scopes)
  return moveExecution(tx, actor, job, to)
}

/** The shop pauses work in progress (`shopapi jobs pause`); `start` resumes it. */
export async function pauseJob(tx: Queryable, actor: Actor, publicId: string): Promise<JobRow> {
  const job = await getJob(tx, actor, publicId, { forUpdate: true })
  assertOrderOpen({ public_id: job.repair_order_public_id, state: job.repair_order_state }, 'pausing a job')
  const to = assertMove(executionWorkflow, job, 'paused')
  return moveExecution(tx, actor, job, to)
}

export interface LaborInput {
  hours: string
  rate: string
  technician?: string | undefined
  description?: string | undefined
}

/** Adds a labor entry (hours × rate) and reprices the job and its order. */
export async function addLabor(
  tx: Queryable,
  actor: Actor,
  jobPublicId: string,
  input: LaborInput,
): Promise<{ entry: LaborRow; job: JobRow }> {
  const hours = positive(decimalInput(input.hours, 'hours', decimalInputs.hours), 'hours')
  const rate = decimalInput(input.rate, 'rate', decimalInputs.laborRate)
  const { job, context } = await lockJobForChange(tx, actor, jobPublicId, 'adding labor')
  const technicianId = input.technician ? await activeTechnicianId(tx, actor, input.technician, 'technician') : null
  const [publicId] = await insertLabor(
    tx,
    job,
    [{ technicianId, description: input.description ?? null, hours, rate }],
    'hours',
  )
  await repriceJob(tx, actor, job, context)
  return {
    entry: await getRecord(laborDefinition, tx, actor, publicId as string),
    job: await getJob(tx, actor, jobPublicId),
  }
}

export interface PartInput {
  item?: string | undefined
  partNumber?: string | undefined
  description?: string | undefined
  quantity: string
  price?: string | undefined
  cost?: string | undefined
}

interface InventoryItem {
  id: string
  part_number: string | null
  name: string | null
  unit_price: string | null
  unit_cost: string | null
  active: boolean
}

/**
 * Adds a part entry: from an inventory item (part number, description, price and cost default from it,
 * and its quantity_reserved grows by the quantity) or described by hand. Reprices the job and its order.
 */
export async function addPart(
  tx: Queryable,
  actor: Actor,
  jobPublicId: string,
  input: PartInput,
): Promise<{ entry: PartRow; job: JobRow }> {
  const quantity = positive(decimalInput(input.quantity, 'quantity', decimalInputs.quantity), 'quantity')
  const price = input.price === undefined ? undefined : decimalInput(input.price, 'price', decimalInputs.unitPrice)
  const cost = input.cost === undefined ? undefined : decimalInput(input.cost, 'cost', decimalInputs.unitPrice)
  const { job, context } = await lockJobForChange(tx, actor, jobPublicId, 'adding a part')
  let item: InventoryItem | undefined
  if (input.item) {
    const { rows } = await tx.query<InventoryItem>(
      `select id, part_number, name, unit_price, unit_cost, active from inventory_items
       where shop_id = $1::uuid and public_id = $2::text for update`,
      [actor.shopId, input.item],
    )
    item = rows[0]
    if (!item) throw new ApiError('not_found', `No inventory item ${input.item} in this shop`, { param: 'item' })
  }
  const description = input.description ?? item?.name ?? item?.part_number ?? input.partNumber
  if (!description) {
    throw new ApiError('invalid_request', 'description is required for a part without an inventory item', {
      param: 'description',
    })
  }
  const unitPrice = price ?? (item?.unit_price ? new ExactDecimal(item.unit_price) : undefined)
  if (unitPrice === undefined) {
    throw new ApiError('invalid_request', 'price is required: the part has no unit price to default from', {
      param: 'price',
    })
  }
  const [publicId] = await insertParts(
    tx,
    job,
    [
      {
        inventoryItemId: item?.id ?? null,
        partNumber: input.partNumber ?? item?.part_number ?? null,
        description,
        quantity,
        unitPrice,
        unitCost: cost ?? (item?.unit_cost ? new ExactDecimal(item.unit_cost) : null),
      },
    ],
    'quantity',
  )
  await repriceJob(tx, actor, job, context)
  return {
    entry: await getRecord(partDefinition, tx, actor, publicId as string),
    job: await getJob(tx, actor, jobPublicId),
  }
}
