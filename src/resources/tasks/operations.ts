import { externalIdOperations } from '../../platform/external-id-operations.js'
import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { isoOrNull } from '../../platform/resource.js'
import { publicIdParams } from '../../platform/schemas.js'
import { availableActions } from '../../platform/workflow.js'
import {
  type Task,
  TaskCreateSchema,
  TaskListQuerySchema,
  TaskListSchema,
  TaskSchema,
  TaskUpdateSchema,
} from './schema.js'
import { completeTask, createTask, getTask, listTasks, type TaskRow, updateTask } from './service.js'
import { taskWorkflow } from './workflow.js'

/** The task as the API shows it; `available_actions` depends on the reading key's scopes. */
export function toTaskResource(row: TaskRow, scopes: ReadonlySet<string> | 'staff'): Task {
  return {
    id: row.public_id,
    object: 'task',
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    assignee_id: row.assignee_public_id,
    repair_order_id: row.repair_order_public_id,
    customer_id: row.customer_public_id,
    vehicle_id: row.vehicle_public_id,
    due_at: isoOrNull(row.due_at),
    completed_at: isoOrNull(row.completed_at),
    external_id: row.external_id,
    available_actions: availableActions(taskWorkflow, row, scopes),
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

const tag = 'Tasks'
const params = publicIdParams('task')
const writeScopes = ['tasks.read', 'tasks.write'] as const

export const taskOperations = [
  defineOperation({
    method: 'GET',
    path: '/tasks',
    operationId: 'listTasks',
    summary: 'List tasks',
    description:
      'Newest first by `sort` (default `created_at`). Filters combine with AND; `updated_after` is strict. Done tasks are listed too (filter with `status`).',
    tag,
    scopes: ['tasks.read'],
    query: TaskListQuerySchema,
    success: { status: 200, description: 'A page of tasks', schema: TaskListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listTasks', auth, query)
      const { limit: _limit, cursor: _cursor, sort: _sort, ...filters } = query
      return list.envelope(await listTasks(db, actor, filters, list.page), (row) => toTaskResource(row, auth.scopes))
    },
  }),
  defineOperation({
    method: 'POST',
    path: '/tasks',
    operationId: 'createTask',
    summary: 'Create a task',
    description:
      "Status `open` and priority `normal` unless given; `done` is refused (409 `conflict`: complete the task after creating it). The assignee must be an active technician of the shop (404 unknown, 409 inactive); a linked repair order, customer or vehicle must be the shop's (404), and a merged customer or vehicle is 409 naming the survivor. Emits `task.created`.",
    tag,
    scopes: [...writeScopes],
    body: TaskCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: { status: 201, description: 'The new task', schema: TaskSchema },
    handler: async ({ body, auth, db, actor }) => toTaskResource(await createTask(db, actor, body), auth.scopes),
  }),
  defineOperation({
    method: 'GET',
    path: '/tasks/{public_id}',
    operationId: 'getTask',
    summary: 'Get a task',
    tag,
    scopes: ['tasks.read'],
    params,
    success: { status: 200, description: 'The task', schema: TaskSchema },
    handler: async ({ params, auth, db, actor }) =>
      toTaskResource(await getTask(db, actor, params.public_id), auth.scopes),
  }),
  defineOperation({
    method: 'PATCH',
    path: '/tasks/{public_id}',
    operationId: 'updateTask',
    summary: 'Update a task',
    description:
      'Presence-aware: omitted fields are unchanged, null clears a nullable field. `status` may move between any two statuses but `done` (409 `conflict`: use POST /tasks/{id}/complete); setting another status on a done task reopens it and clears `completed_at`. A body that changes nothing is 400 `no_changes`; a stale `expected_version` is 409 `version_conflict`. Emits `task.updated` with `changed_fields` (and `previous_status` when the status moved).',
    tag,
    scopes: [...writeScopes],
    params,
    body: TaskUpdateSchema,
    bodyRequired: true,
    idempotency: 'optional',
    success: { status: 200, description: 'The updated task', schema: TaskSchema },
    handler: async ({ params, body, auth, db, actor }) =>
      toTaskResource(await updateTask(db, actor, params.public_id, body), auth.scopes),
  }),
  defineOperation({
    method: 'POST',
    path: '/tasks/{public_id}/complete',
    operationId: 'completeTask',
    summary: 'Complete a task',
    description:
      'Sets `status` to `done` and `completed_at`, from any other status, and emits `task.completed`. Completing a done task returns it unchanged (200, same version, no event).',
    tag,
    scopes: [...writeScopes],
    params,
    idempotency: 'required',
    success: { status: 200, description: 'The task, done', schema: TaskSchema },
    handler: async ({ params, auth, db, actor }) =>
      toTaskResource(await completeTask(db, actor, auth.scopes, params.public_id), auth.scopes),
  }),
  ...externalIdOperations({
    path: '/tasks',
    tag,
    objectType: 'task',
    idKind: 'task',
    readScope: 'tasks.read',
    find: (db, reader, publicId) => getTask(db, reader, publicId),
  }),
]
