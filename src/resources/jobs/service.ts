import type { Decimal } from 'decimal.js'
import type { Queryable } from '../../db/pool.js'
import { ApiError, inactiveReferenceError } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'
import {
  decimalInputs,
  ExactDecimal,
  formatMoney,
  isWithinAmountLimit,
  lineAmount,
  moneyLimits,
} from '../../lib/money.js'
import { type Actor, type NewEvent, recordEvents } from '../../platform/events.js'
import { decimalInput } from '../../platform/money-schemas.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import { createRecord, getRecord, listRecords, recordReaders } from '../../platform/resource.js'
import { assertAction, assertMove, statusChangedEvent, type Workflow } from '../../platform/workflow.js'
import { lockRepairOrder, type PricingContext, repriceJob } from '../shop-floor/pricing.js'
import { assertOrderOpen } from '../shop-floor/states.js'
import { moveStock } from '../shop-floor/stock.js'
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
import { decisionWorkflow, executionWorkflow, workBlockers } from './workflow.js'

export type { JobRow, LaborRow, PartRow }

export const { get: getJob } = recordReaders(jobDefinition)

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
    throw inactiveReferenceError({
      type: 'canned_job',
      noun: 'Canned job',
      publicId,
      name: found.name,
      param: 'canned_job_id',
      resolution: 'Use an active canned job, or create the job without one',
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
  await recordEvents(tx, actor, [jobStatusChanged(decisionWorkflow, job, 'decision_state', from, to)])
  await repriceJob(tx, actor, job, context)
  // A job that stops counting (declined, deferred, cancelled) releases its parts; one that counts again reserves them.
  await moveStock(tx, job.shop_id, job.repair_order_id, 'follow')
  return getJob(tx, actor, publicId)
}

/** job.status_changed for a move on one of a job's two axes; its summary shows the other axis as it stands. */
function jobStatusChanged<State extends string, Action extends string>(
  workflow: Workflow<State, Action, JobRow>,
  job: JobRow,
  field: 'decision_state' | 'execution_state',
  from: State,
  to: State,
): NewEvent {
  const otherAxis =
    field === 'decision_state' ? { execution_state: job.execution_state } : { decision_state: job.decision_state }
  return statusChangedEvent(workflow, 'job.status_changed', job.public_id, {
    field,
    from,
    to,
    summary: { repair_order_id: job.repair_order_public_id, ...otherAxis },
  })
}

async function moveExecution(tx: Queryable, actor: Actor, job: JobRow, to: ExecutionState): Promise<JobRow> {
  const from = job.execution_state as ExecutionState
  const sets = ['execution_state = $3::text']
  if (to === 'in_progress') sets.push("started_at = coalesce(started_at, date_trunc('milliseconds', now()))")
  if (to === 'completed') sets.push("completed_at = date_trunc('milliseconds', now())")
  await setJobColumns(tx, job, sets, [to])
  await recordEvents(tx, actor, [jobStatusChanged(executionWorkflow, job, 'execution_state', from, to)])
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
