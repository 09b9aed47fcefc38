import type { z } from 'zod'
import type { Queryable } from '../../db/pool.js'
import type { Actor } from '../../platform/events.js'
import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import { publicIdParams } from '../../platform/schemas.js'
import type { JobRow } from './definition.js'
import { toJobResource, toLaborResource, toPartResource } from './present.js'
import { type JobAction, JobChildListQuerySchema, JobSchema, LaborListSchema, PartListSchema } from './schema.js'
import { getJob, listLaborOfJob, listPartsOfJob, runJobAction } from './service.js'

const tag = 'Jobs'
const params = publicIdParams('job')

/** GET /jobs/{public_id}/<entries>: the labor or parts of one job, a page at a time. */
function jobEntriesOperation<Row extends { public_id: string; created_at: Date; updated_at: Date }, Item>(entries: {
  path: string
  operationId: string
  summary: string
  description: string
  success: { description: string; schema: z.ZodType }
  list: (db: Queryable, reader: Actor, job: JobRow, page: PageRequest) => Promise<Page<Row>>
  present: (row: Row) => Item
}) {
  return defineOperation({
    method: 'GET',
    path: `/jobs/{public_id}/${entries.path}`,
    operationId: entries.operationId,
    summary: entries.summary,
    description: entries.description,
    tag,
    scopes: ['repair_orders.read'],
    params,
    query: JobChildListQuerySchema,
    success: { status: 200, ...entries.success },
    handler: async ({ params, query, auth, deps, db, actor }) => {
      const job = await getJob(db, actor, params.public_id)
      // The cursor is bound to the job too: a cursor of one job's list is refused on another's.
      const list = pageRequest(deps, `${entries.operationId}:${job.public_id}`, auth, query)
      return list.envelope(await entries.list(db, actor, job, list.page), entries.present)
    },
  })
}

const actionPaths: { action: JobAction; path: string; operationId: string; summary: string; description: string }[] = [
  {
    action: 'start',
    path: 'start',
    operationId: 'startJob',
    summary: 'Start work on a job',
    description:
      'From not_started or paused to in_progress; `started_at` is set the first time. Available only for an authorized job: otherwise 409 `conflict` with a blocker (`not_authorized`, or the state that prevents it).',
  },
  {
    action: 'complete',
    path: 'complete',
    operationId: 'completeJob',
    summary: 'Complete a job',
    description:
      'From in_progress or paused to completed (final); `completed_at` is set. Available only for an authorized job: otherwise 409 `conflict` with a blocker.',
  },
  {
    action: 'unable_to_complete',
    path: 'unable-to-complete',
    operationId: 'markJobUnableToComplete',
    summary: 'Mark a job unable to complete',
    description:
      'From not_started, in_progress or paused to unable_to_complete (final). Available only for an authorized job: otherwise 409 `conflict` with a blocker.',
  },
]

export const jobOperations = [
  defineOperation({
    method: 'GET',
    path: '/jobs/{public_id}',
    operationId: 'getJob',
    summary: 'Get a job',
    description:
      'Parts and labor are never embedded: use `/jobs/{public_id}/parts` and `/labor`. `pricing` is null without pricing.read (listed in `redacted_fields`).',
    tag,
    scopes: ['repair_orders.read'],
    params,
    success: { status: 200, description: 'The job', schema: JobSchema },
    handler: async ({ params, db, actor, auth }) =>
      toJobResource(await getJob(db, actor, params.public_id), auth.scopes),
  }),
  ...actionPaths.map((entry) =>
    defineOperation({
      method: 'POST',
      path: `/jobs/{public_id}/${entry.path}`,
      operationId: entry.operationId,
      summary: entry.summary,
      description: `${entry.description} Emits \`job.status_changed\`.`,
      tag,
      scopes: ['repair_orders.read', 'jobs.actions'],
      params,
      idempotency: 'required',
      success: { status: 200, description: 'The job after the action', schema: JobSchema },
      handler: async ({ params, db, actor, auth }) =>
        toJobResource(await runJobAction(db, actor, auth.scopes, params.public_id, entry.action), auth.scopes),
    }),
  ),
  jobEntriesOperation({
    path: 'labor',
    operationId: 'listJobLabor',
    summary: "List a job's labor entries",
    description: 'Newest first. `pricing` is null without pricing.read (`/data/*/pricing` in `redacted_fields`).',
    success: { description: 'A page of labor entries', schema: LaborListSchema },
    list: listLaborOfJob,
    present: toLaborResource,
  }),
  jobEntriesOperation({
    path: 'parts',
    operationId: 'listJobParts',
    summary: "List a job's parts",
    description:
      'Newest first. `pricing` is null without pricing.read and `cost` without inventory.cost.read (`/data/*/pricing`, `/data/*/cost` in `redacted_fields`).',
    success: { description: 'A page of parts', schema: PartListSchema },
    list: listPartsOfJob,
    present: toPartResource,
  }),
]
