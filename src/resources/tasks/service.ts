import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { type Actor, recordEvents } from '../../platform/events.js'
import {
  type ColumnChanges,
  checkVersion,
  createRecord,
  recordReaders,
  updateRecord,
  writableChanges,
} from '../../platform/resource.js'
import { assertAction } from '../../platform/workflow.js'
import { activeTechnicianId } from '../technicians/service.js'
import { type TaskRow, taskDefinition, taskSummary } from './definition.js'
import type { TaskCreate, TaskUpdate } from './schema.js'
import { patchableStatuses, taskWorkflow } from './workflow.js'

export type { TaskRow }

export const defaultTaskStatus = 'open'
export const defaultTaskPriority = 'normal'

export const { get: getTask, list: listTasks } = recordReaders(taskDefinition)

/** `done` is the complete action's alone: a write that asks for it is refused, naming the action. */
function refuseDone(publicId: string | null): never {
  const path = `POST /tasks/${publicId ?? '{id}'}/complete`
  throw new ApiError('conflict', `status cannot be set to done: complete the task with ${path}`, {
    param: 'status',
    blockers: [
      {
        type: 'task',
        reason: 'complete_required',
        message: 'A task becomes done only through the complete action',
        resolution: [
          publicId
            ? `Call ${path}`
            : `Create the task with another status (${patchableStatuses.join(', ')}), then call ${path}`,
        ],
      },
    ],
  })
}

type LinkField = 'repair_order_id' | 'customer_id' | 'vehicle_id'

const linkedRecords: Record<LinkField, { table: string; noun: string; mergeable: boolean }> = {
  repair_order_id: { table: 'repair_orders', noun: 'repair order', mergeable: false },
  customer_id: { table: 'customers', noun: 'customer', mergeable: true },
  vehicle_id: { table: 'vehicles', noun: 'vehicle', mergeable: true },
}

/**
 * The internal id of a record a task is about: 404 naming the field when the shop has none; a merged
 * customer or vehicle is 409 naming the survivor, so new tasks point at the record the shop keeps.
 * Archived records and orders in any state may be linked: a follow-up outlives the order's work.
 */
async function linkedRecordId(tx: Queryable, actor: Actor, field: LinkField, publicId: string): Promise<string> {
  const { table, noun, mergeable } = linkedRecords[field]
  const { rows } = await tx.query<{ id: string; merged_into: string | null }>(
    `select t.id, ${mergeable ? 'm.public_id' : 'null::text'} as merged_into from ${table} t
       ${mergeable ? `left join ${table} m on m.shop_id = t.shop_id and m.id = t.merged_into_id` : ''}
     where t.shop_id = $1::uuid and t.public_id = $2::text`,
    [actor.shopId, publicId],
  )
  const found = rows[0]
  if (!found) throw new ApiError('not_found', `No ${noun} ${publicId} in this shop`, { param: field })
  if (found.merged_into) {
    throw new ApiError('conflict', `The ${noun} ${publicId} was merged into ${found.merged_into}: use that ${noun}`, {
      param: field,
      blockers: [
        {
          type: noun.replaceAll(' ', '_'),
          reason: 'merged',
          message: `${publicId} was merged into ${found.merged_into}`,
          resolution: [`Use the surviving ${noun} ${found.merged_into} as ${field}`],
        },
      ],
    })
  }
  return found.id
}

const publicIdColumns = {
  assignee_id: 'assignee_public_id',
  repair_order_id: 'repair_order_public_id',
  customer_id: 'customer_public_id',
  vehicle_id: 'vehicle_public_id',
} as const

/**
 * The column changes of a create or update. Linked ids are resolved to the shop's records; one that
 * names what the task already links to is not looked up again, so a task keeps a technician who was
 * deactivated since (or a customer merged since) while other fields change.
 */
async function toColumnChanges(
  tx: Queryable,
  actor: Actor,
  input: TaskCreate | TaskUpdate,
  current?: TaskRow,
): Promise<ColumnChanges> {
  const changes = writableChanges(taskDefinition, input)
  for (const field of Object.keys(publicIdColumns) as (keyof typeof publicIdColumns)[]) {
    const publicId = input[field]
    if (publicId === undefined) continue
    let id: string | null = null
    if (publicId !== null) {
      if (current && current[publicIdColumns[field]] === publicId) id = current[field]
      else if (field === 'assignee_id') id = await activeTechnicianId(tx, actor, publicId, field)
      else id = await linkedRecordId(tx, actor, field, publicId)
    }
    changes[field] = { field, value: id, type: 'uuid' }
  }
  return changes
}

export async function createTask(tx: Queryable, actor: Actor, input: TaskCreate): Promise<TaskRow> {
  if (input.status === 'done') refuseDone(null)
  const status = input.status ?? defaultTaskStatus
  const priority = input.priority ?? defaultTaskPriority
  const changes = await toColumnChanges(tx, actor, { ...input, status, priority })
  // The summary comes from the input, so the insert, its event and the read are one statement.
  return createRecord(taskDefinition, tx, actor, changes, {
    createdSummary: taskSummary({
      title: input.title,
      status,
      priority,
      assignee_public_id: input.assignee_id ?? null,
    }),
  })
}

/**
 * Presence-aware (400 no_changes when nothing would change); `expected_version` first. Any status but
 * `done`, from any status: reopening a done task clears `completed_at`. A status change adds
 * `previous_status` to the task.updated summary.
 */
export async function updateTask(tx: Queryable, actor: Actor, publicId: string, input: TaskUpdate): Promise<TaskRow> {
  const row = await getTask(tx, actor, publicId, { forUpdate: true })
  checkVersion(taskDefinition, row, input.expected_version)
  if (input.status === 'done') refuseDone(row.public_id)
  const changes = await toColumnChanges(tx, actor, input, row)
  const statusChanges = input.status !== undefined && input.status !== row.status
  if (statusChanges && row.status === 'done') {
    changes.completed_at = { field: 'completed_at', value: null, type: 'timestamptz' }
  }
  const extraSummary = statusChanges ? { previous_status: row.status } : {}
  return (await updateRecord(taskDefinition, tx, actor, row, changes, { extraSummary })).row
}

/**
 * Sets `done` and `completed_at` and records task.completed. Completing a done task returns it
 * unchanged and records nothing: the task is in the state asked for, and a retry or a second person
 * finishing the same task is not an error (completed_at keeps the first completion).
 */
export async function completeTask(
  tx: Queryable,
  actor: Actor,
  scopes: ReadonlySet<string> | 'staff',
  publicId: string,
): Promise<TaskRow> {
  const row = await getTask(tx, actor, publicId, { forUpdate: true })
  if (row.status === 'done') return row
  const status = assertAction(taskWorkflow, row, 'complete', scopes)
  await tx.query(
    `update tasks set status = $3::text, completed_at = date_trunc('milliseconds', now()), version = version + 1,
       updated_at = date_trunc('milliseconds', now())
     where shop_id = $1::uuid and id = $2::uuid`,
    [row.shop_id, row.id, status],
  )
  const completed = await getTask(tx, actor, publicId)
  await recordEvents(tx, actor, [
    {
      type: 'task.completed',
      objectType: taskDefinition.objectType,
      objectId: completed.public_id,
      summary: {
        ...taskSummary(completed),
        previous_status: row.status,
        completed_at: completed.completed_at?.toISOString() ?? null,
      },
    },
  ])
  return completed
}
