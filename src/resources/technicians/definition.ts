import type { ResourceDefinition } from '../../platform/resource.js'
import type { TechnicianListQuery } from './schema.js'

export interface TechnicianRow {
  shop_id: string
  id: string
  public_id: string
  name: string
  email: string | null
  active: boolean
  daily_capacity: number | null
  version: number
  created_at: Date
  updated_at: Date
}

export type TechnicianFilters = Omit<TechnicianListQuery, 'limit' | 'cursor' | 'sort'>

// The spec names no technician events: changes record none.
export const technicianDefinition: ResourceDefinition<TechnicianRow, TechnicianFilters> = {
  objectType: 'technician',
  table: 'technicians',
  alias: 't',
  idKind: 'technician',
  columns: {
    shop_id: { sql: 't.shop_id', type: 'uuid' },
    id: { sql: 't.id', type: 'uuid' },
    public_id: { sql: 't.public_id', type: 'text' },
    name: { sql: 't.name', type: 'text' },
    email: { sql: 't.email', type: 'text' },
    active: { sql: 't.active', type: 'boolean' },
    daily_capacity: { sql: 't.daily_capacity', type: 'integer' },
    version: { sql: 't.version', type: 'integer' },
    created_at: { sql: 't.created_at', type: 'timestamptz' },
    updated_at: { sql: 't.updated_at', type: 'timestamptz' },
  },
  writable: {
    name: { column: 'name', type: 'text' },
    email: { column: 'email', type: 'text' },
    active: { column: 'active', type: 'boolean' },
    daily_capacity: { column: 'daily_capacity', type: 'integer' },
  },
  filters: {
    active: (value, { params }) => `t.active = ${params.add(value, 'boolean')}`,
    updated_after: (value, { params }) => `t.updated_at > ${params.add(value, 'timestamptz')}`,
  },
  sorts: ['created_at', 'updated_at'],
}
