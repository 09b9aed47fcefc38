import { z } from 'zod'
import {
  cursorParam,
  expectedVersion,
  instant,
  limitParam,
  listEnvelope,
  publicIdSchema,
  requestInstant,
  responseObject,
  sortParam,
  textInput,
} from '../../platform/schemas.js'

// Spec "Resources without a field list" names only `status`, `priority`, `external_id` and the assignee
// filter of a task; the rest of the record and the request bodies are ours (docs/decisions.md, Tasks).

export const taskStatuses = ['open', 'in_progress', 'blocked', 'waiting', 'done'] as const
export type TaskStatus = (typeof taskStatuses)[number]

export const taskPriorities = ['low', 'normal', 'high', 'urgent'] as const

export const taskActions = ['complete'] as const
export type TaskAction = (typeof taskActions)[number]

const title = textInput(255, { trim: true }).min(1, 'must not be empty').meta({ description: '1-255 characters' })
const description = textInput(5000, { trim: true }).nullable().meta({ description: 'Up to 5000 characters' })
const status = z.enum(taskStatuses).meta({
  description:
    'Any status but `done`, from any status (a done task is reopened this way); `done` is reached only with POST /tasks/{id}/complete and is refused here with 409 `conflict`',
})
const priority = z.enum(taskPriorities)
const dueAt = requestInstant.nullable().meta({ description: 'When the task should be done; null: no due date' })
const links = {
  assignee_id: publicIdSchema('technician', 'The tech_ id of an active technician of the shop, or null').nullable(),
  repair_order_id: publicIdSchema('repairOrder', 'The ro_ id the task is about, or null').nullable(),
  customer_id: publicIdSchema('customer', 'The cus_ id the task is about, or null').nullable(),
  vehicle_id: publicIdSchema('vehicle', 'The veh_ id the task is about, or null').nullable(),
}

export const TaskCreateSchema = z
  .strictObject({
    title,
    description: description.optional(),
    status: status
      .optional()
      .meta({ description: 'Defaults to `open`; `done` is refused (complete the task instead)' }),
    priority: priority.optional().meta({ description: 'Defaults to `normal`' }),
    due_at: dueAt.optional(),
    assignee_id: links.assignee_id.optional(),
    repair_order_id: links.repair_order_id.optional(),
    customer_id: links.customer_id.optional(),
    vehicle_id: links.vehicle_id.optional(),
  })
  .meta({ id: 'TaskCreate' })

export const TaskUpdateSchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    status: status.optional(),
    priority: priority.optional(),
    due_at: dueAt.optional(),
    assignee_id: links.assignee_id.optional(),
    repair_order_id: links.repair_order_id.optional(),
    customer_id: links.customer_id.optional(),
    vehicle_id: links.vehicle_id.optional(),
    expected_version: expectedVersion,
  })
  .meta({
    id: 'TaskUpdate',
    description:
      'Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes',
  })

export type TaskCreate = z.output<typeof TaskCreateSchema>
export type TaskUpdate = z.output<typeof TaskUpdateSchema>

const nullableId = (description: string) => z.string().nullable().meta({ description })

export const TaskSchema = responseObject({
  id: z.string().meta({ description: 'task_ id', example: 'task_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('task'),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string().meta({ description: `One of ${taskStatuses.join(', ')}; other strings may appear` }),
  priority: z.string().meta({ description: `One of ${taskPriorities.join(', ')}; other strings may appear` }),
  assignee_id: nullableId('The tech_ id of the assigned technician, or null'),
  repair_order_id: nullableId('The ro_ id the task is about, or null'),
  customer_id: nullableId('The cus_ id the task is about, or null'),
  vehicle_id: nullableId('The veh_ id the task is about, or null'),
  due_at: instant.nullable(),
  completed_at: instant.nullable().meta({ description: 'When the task was completed; null unless `done`' }),
  external_id: z
    .string()
    .nullable()
    .meta({ description: "This integration's own id for the record; null when it set none" }),
  available_actions: z.array(z.string()).meta({
    description:
      'Known: `complete` (for a task that is not done, to a key holding tasks.write); other strings may appear',
  }),
  version: z.number().int().meta({ description: 'Starts at 1; +1 on every change' }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'Task' })

export type Task = z.infer<typeof TaskSchema>

export const TaskListSchema = listEnvelope(TaskSchema, 'TaskList')

export const TaskListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  status: z.enum(taskStatuses).optional().meta({ description: 'Only tasks with this status' }),
  assignee: publicIdSchema('technician', "Only this technician's tasks (a tech_ id)").optional(),
  external_id: textInput(255).min(1).optional().meta({ description: "This integration's external id" }),
  updated_after: requestInstant.optional().meta({
    description: 'Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)',
  }),
  sort: sortParam,
})

export type TaskListQuery = z.output<typeof TaskListQuerySchema>
