import { z } from 'zod'
import type { ZodOpenApiOverrideMetaContext } from 'zod-openapi'
import {
  defineResource,
  externalIdField,
  externalIdFilter,
  filter,
  type ResourceFilters,
  type ResourceRow,
  updatedAfterFilter,
} from '../../platform/fields.js'
import { instant, publicIdSchema, requestInstant, textInput } from '../../platform/schemas.js'
import { availableActions } from '../../platform/workflow.js'
import { taskPriorities, taskStatuses, taskWorkflow } from './workflow.js'

// Spec "Resources without a field list" names only `status`, `priority`, `external_id` and the assignee
// filter of a task; the rest of the record and the request bodies are ours (docs/decisions/shop-floor.md, Tasks).

const settableTaskStatuses = taskStatuses.filter((status) => status !== 'done')

/** A record the task links to: its internal id (written by the service, which resolves the public id). */
const link = <A extends string>(sql: string, api: A, description: string) =>
  ({ type: 'text', nullable: true, sql, api, response: z.string().nullable().meta({ description }) }) as const
/** The input of a link: a public id the service resolves into the internal id column. */
const linkInput = <A extends string>(inputAs: A, kind: Parameters<typeof publicIdSchema>[0], description: string) =>
  ({ inputAs, input: publicIdSchema(kind, description).nullable() }) as const

export const taskDefinition = defineResource({
  objectType: 'task',
  table: 'tasks',
  alias: 'task',
  idKind: 'task',
  schemaId: 'Task',
  fields: {
    title: {
      type: 'text',
      response: z.string(),
      input: textInput(255, { trim: true }).min(1, 'must not be empty').meta({ description: '1-255 characters' }),
    },
    description: {
      type: 'text',
      nullable: true,
      response: z.string().nullable(),
      input: textInput(5000, { trim: true }).nullable().meta({ description: 'Up to 5000 characters' }),
    },
    status: {
      type: 'text',
      response: z.string().meta({ description: `One of ${taskStatuses.join(', ')}; other strings may appear` }),
      // `done` still parses, so that asking for it is answered with the 409 that names the complete
      // action rather than a bare enum error; the document lists only the statuses a write can set.
      input: z.enum(taskStatuses).meta({
        description:
          'Any status but `done`, from any status (a done task is reopened this way); `done` is reached only with POST /tasks/{id}/complete and is refused here with 409 `conflict`',
        override: ({ jsonSchema }: ZodOpenApiOverrideMetaContext) => {
          jsonSchema.enum = settableTaskStatuses
        },
      }),
    },
    priority: {
      type: 'text',
      response: z.string().meta({ description: `One of ${taskPriorities.join(', ')}; other strings may appear` }),
      input: z.enum(taskPriorities),
    },
    assignee_id: { type: 'uuid', nullable: true },
    repair_order_id: { type: 'uuid', nullable: true },
    customer_id: { type: 'uuid', nullable: true },
    vehicle_id: { type: 'uuid', nullable: true },
    assignee_public_id: link('tech.public_id', 'assignee_id', 'The tech_ id of the assigned technician, or null'),
    repair_order_public_id: link('ro.public_id', 'repair_order_id', 'The ro_ id the task is about, or null'),
    customer_public_id: link('c.public_id', 'customer_id', 'The cus_ id the task is about, or null'),
    vehicle_public_id: link('v.public_id', 'vehicle_id', 'The veh_ id the task is about, or null'),
    due_at: {
      type: 'timestamptz',
      nullable: true,
      response: instant.nullable(),
      input: requestInstant.nullable().meta({ description: 'When the task should be done; null: no due date' }),
    },
    assignee_input: linkInput('assignee_id', 'technician', 'The tech_ id of an active technician of the shop, or null'),
    repair_order_input: linkInput('repair_order_id', 'repairOrder', 'The ro_ id the task is about, or null'),
    customer_input: linkInput('customer_id', 'customer', 'The cus_ id the task is about, or null'),
    vehicle_input: linkInput('vehicle_id', 'vehicle', 'The veh_ id the task is about, or null'),
    completed_at: {
      type: 'timestamptz',
      nullable: true,
      response: instant.nullable().meta({ description: 'When the task was completed; null unless `done`' }),
    },
    external_id: externalIdField,
    available_actions: {
      response: z.array(z.string()).meta({
        description:
          'Known: `complete` (for a task that is not done, to a key holding tasks.write); other strings may appear',
      }),
    },
  },
  // `available_actions` depends on the reading key's scopes.
  present: {
    available_actions: (row, scopes: ReadonlySet<string> | 'staff') => availableActions(taskWorkflow, row, scopes),
  },
  joins: () => `left join technicians tech on tech.shop_id = task.shop_id and tech.id = task.assignee_id
    left join repair_orders ro on ro.shop_id = task.shop_id and ro.id = task.repair_order_id
    left join customers c on c.shop_id = task.shop_id and c.id = task.customer_id
    left join vehicles v on v.shop_id = task.shop_id and v.id = task.vehicle_id`,
  filters: {
    status: filter(
      z.enum(taskStatuses).optional().meta({ description: 'Only tasks with this status' }),
      (value, { params }) => `task.status = ${params.add(value, 'text')}`,
    ),
    // An unknown technician narrows the list to nothing: filters never 404.
    assignee: filter(
      publicIdSchema('technician', "Only this technician's tasks (a tech_ id)").optional(),
      (value, { params, shopId }) =>
        `task.assignee_id = (select id from technicians where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    ),
    external_id: externalIdFilter,
    updated_after: updatedAfterFilter('task'),
  },
  externalIds: true,
  events: { created: 'task.created', updated: 'task.updated' },
  summary: (row) => taskSummary(row),
})

export type TaskRow = ResourceRow<typeof taskDefinition>
export type TaskFilters = ResourceFilters<typeof taskDefinition>

/** Small and free of anything sensitive (spec "Envelope"): which task, where it stands, whose it is. */
export function taskSummary(row: {
  title: string
  status: string
  priority: string
  assignee_public_id: string | null
}) {
  return { title: row.title, status: row.status, priority: row.priority, assignee_id: row.assignee_public_id }
}
