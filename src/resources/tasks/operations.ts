import { externalIdOperations } from '../../platform/external-id-operations.js'
import { getOperation, listOperation } from '../../platform/fields.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { taskDefinition } from './definition.js'
import { TaskCreateSchema, TaskSchema, TaskUpdateSchema } from './schema.js'
import { completeTask, createTask, getTask, updateTask } from './service.js'

/** The task as the API shows it; `available_actions` depends on the reading key's scopes. */
export const toTaskResource = taskDefinition.present

const tag = 'Tasks'
const params = publicIdParams('task')
const writeScopes = ['tasks.read', 'tasks.write'] as const

export const taskOperations = [
  listOperation(taskDefinition, {
    description:
      'Newest first by `sort` (default `created_at`). Filters combine with AND; `updated_after` is strict. Done tasks are listed too (filter with `status`).',
    scopes: ['tasks.read'],
    present: (row, auth) => toTaskResource(row, auth.scopes),
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
  getOperation(taskDefinition, {
    description: 'Completed tasks are still returned with `status: done`.',
    scopes: ['tasks.read'],
    present: (row, auth) => toTaskResource(row, auth.scopes),
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
