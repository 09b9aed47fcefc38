import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { toJobResource } from '../jobs/present.js'
import { JobCreateSchema, JobListSchema, JobSchema } from '../jobs/schema.js'
import { createJob, listJobsOfRepairOrder } from '../jobs/service.js'
import { RepairOrderJobsQuerySchema } from './schema.js'
import { assertChangeable, getRepairOrder } from './service.js'

const tag = 'Repair orders'
const params = publicIdParams('repairOrder')

/** The jobs of a repair order: its child collection (spec "Sync guidance" 5), never embedded. */
export const repairOrderJobOperations = [
  defineOperation({
    method: 'POST',
    path: '/repair-orders/{public_id}/jobs',
    operationId: 'addRepairOrderJob',
    summary: 'Add a job to a repair order',
    description:
      "Optionally from a canned job (`canned_job_id`), whose labor and parts are copied. Records `job.created` and reprices the order. An invoiced, paid, picked-up, closed or cancelled order is 409 `conflict`, and so is a job that would take its own totals or the order's past 9999999999.99 (blocker `total_exceeds_maximum`, naming the order); a canned job whose line would pass it is 400 naming `canned_job_id`.",
    tag,
    scopes: ['repair_orders.read', 'repair_orders.write'],
    params,
    body: JobCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: { status: 201, description: 'The new job', schema: JobSchema },
    handler: async ({ params, body, auth, db, actor }) => {
      // Locked: the job's repricing and a concurrent state move or tax change see one order.
      const order = await getRepairOrder(db, actor, params.public_id, { forUpdate: true })
      assertChangeable(order, 'adding a job')
      const job = await createJob(db, actor, { id: order.id, public_id: order.public_id }, body)
      return toJobResource(job, auth.scopes, order.currency)
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/repair-orders/{public_id}/jobs',
    operationId: 'listRepairOrderJobs',
    summary: 'List the jobs of a repair order',
    description: 'Newest first by `created_at`; jobs added while a client pages are never skipped or repeated.',
    tag,
    scopes: ['repair_orders.read'],
    params,
    query: RepairOrderJobsQuerySchema,
    success: { status: 200, description: 'A page of jobs', schema: JobListSchema },
    handler: async ({ params, query, auth, deps, db, actor }) => {
      // The cursor is bound to the order too: one order's cursor cannot page another's jobs.
      const bound = { ...query, repair_order: params.public_id }
      const list = pageRequest(deps, 'listRepairOrderJobs', auth, bound)
      const page = await listJobsOfRepairOrder(db, actor, params.public_id, list.page)
      return list.envelope(page, (row) => toJobResource(row, auth.scopes))
    },
  }),
]
