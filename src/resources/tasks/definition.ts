import { type Column, externalIdColumn, type ResourceDefinition, type SqlType } from '../../platform/resource.js'
import type { TaskListQuery } from './schema.js'

export interface TaskRow {
  shop_id: string
  id: string
  public_id: string
  title: string
  description: string | null
  status: string
  priority: string
  assignee_id: string | null
  assignee_public_id: string | null
  repair_order_id: string | null
  repair_order_public_id: string | null
  customer_id: string | null
  customer_public_id: string | null
  vehicle_id: string | null
  vehicle_public_id: string | null
  due_at: Date | null
  completed_at: Date | null
  /** The reading integration's own external id, if it set one. */
  external_id: string | null
  version: number
  created_at: Date
  updated_at: Date
}

export type TaskFilters = Omit<TaskListQuery, 'limit' | 'cursor' | 'sort'>

const column = (name: string, type: SqlType): Column => ({ sql: `task.${name}`, type })

export const taskDefinition: ResourceDefinition<TaskRow, TaskFilters> = {
  objectType: 'task',
  table: 'tasks',
  alias: 'task',
  idKind: 'task',
  columns: {
    shop_id: column('shop_id', 'uuid'),
    id: column('id', 'uuid'),
    public_id: column('public_id', 'text'),
    title: column('title', 'text'),
    description: column('description', 'text'),
    status: column('status', 'text'),
    priority: column('priority', 'text'),
    assignee_id: column('assignee_id', 'uuid'),
    assignee_public_id: { sql: 'tech.public_id', type: 'text' },
    repair_order_id: column('repair_order_id', 'uuid'),
    repair_order_public_id: { sql: 'ro.public_id', type: 'text' },
    customer_id: column('customer_id', 'uuid'),
    customer_public_id: { sql: 'c.public_id', type: 'text' },
    vehicle_id: column('vehicle_id', 'uuid'),
    vehicle_public_id: { sql: 'v.public_id', type: 'text' },
    due_at: column('due_at', 'timestamptz'),
    completed_at: column('completed_at', 'timestamptz'),
    external_id: externalIdColumn,
    version: column('version', 'integer'),
    created_at: column('created_at', 'timestamptz'),
    updated_at: column('updated_at', 'timestamptz'),
  },
  joins: () => `left join technicians tech on tech.shop_id = task.shop_id and tech.id = task.assignee_id
    left join repair_orders ro on ro.shop_id = task.shop_id and ro.id = task.repair_order_id
    left join customers c on c.shop_id = task.shop_id and c.id = task.customer_id
    left join vehicles v on v.shop_id = task.shop_id and v.id = task.vehicle_id`,
  // The linked ids (assignee and the records the task is about) are resolved by the service.
  writable: {
    title: { column: 'title', type: 'text' },
    description: { column: 'description', type: 'text' },
    status: { column: 'status', type: 'text' },
    priority: { column: 'priority', type: 'text' },
    due_at: { column: 'due_at', type: 'timestamptz' },
  },
  filters: {
    status: (value, { params }) => `task.status = ${params.add(value, 'text')}`,
    // An unknown technician narrows the list to nothing: filters never 404.
    assignee: (value, { params, shopId }) =>
      `task.assignee_id = (select id from technicians where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    updated_after: (value, { params }) => `task.updated_at > ${params.add(value, 'timestamptz')}`,
  },
  sorts: ['created_at', 'updated_at'],
  externalIds: true,
  events: { created: 'task.created', updated: 'task.updated' },
  summary: (row) => taskSummary(row),
}

/** Small and free of anything sensitive (spec "Envelope"): which task, where it stands, whose it is. */
export function taskSummary(row: {
  title: string
  status: string
  priority: string
  assignee_public_id: string | null
}) {
  return { title: row.title, status: row.status, priority: row.priority, assignee_id: row.assignee_public_id }
}
