import type { ResourceDefinition } from '../../platform/resource.js'
import type { AppointmentListQuery } from './schema.js'

export interface AppointmentRow {
  shop_id: string
  id: string
  public_id: string
  status: string
  /** YYYY-MM-DD */
  date: string
  /** HH:MM (the wall-clock time; `time` in the API) */
  local_time: string
  timezone: string
  starts_at: Date | null
  utc_offset: string
  duration_minutes: number
  reason: string | null
  notes: string | null
  customer_id: string
  customer_public_id: string
  vehicle_id: string | null
  vehicle_public_id: string | null
  technician_id: string | null
  technician_public_id: string | null
  repair_order_id: string | null
  repair_order_public_id: string | null
  confirmed_at: Date | null
  arrived_at: Date | null
  cancelled_at: Date | null
  status_reason: string | null
  version: number
  created_at: Date
  updated_at: Date
}

export type AppointmentFilters = Omit<AppointmentListQuery, 'limit' | 'cursor' | 'sort'>

const column = (name: string, type: 'text' | 'integer' | 'timestamptz' | 'uuid') => ({ sql: `a.${name}`, type })

/** The public id of a record the appointment points to (null when it points to none). */
const referenced = (table: string, key: string) => ({
  sql: `(select x.public_id from ${table} x where x.shop_id = a.shop_id and x.id = a.${key})`,
  type: 'text' as const,
})

const byPublicId = (table: string, column: string) =>
  ((value: string, { params, shopId }) =>
    `a.${column} = (select id from ${table} where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`) satisfies ResourceDefinition<
    AppointmentRow,
    AppointmentFilters
  >['filters']['customer']

export const appointmentDefinition: ResourceDefinition<AppointmentRow, AppointmentFilters> = {
  objectType: 'appointment',
  table: 'appointments',
  alias: 'a',
  idKind: 'appointment',
  columns: {
    shop_id: column('shop_id', 'uuid'),
    id: column('id', 'uuid'),
    public_id: column('public_id', 'text'),
    status: column('status', 'text'),
    date: { sql: "to_char(a.date, 'YYYY-MM-DD')", type: 'text' },
    local_time: { sql: "to_char(a.local_time, 'HH24:MI')", type: 'text' },
    timezone: column('timezone', 'text'),
    starts_at: column('starts_at', 'timestamptz'),
    utc_offset: column('utc_offset', 'text'),
    duration_minutes: column('duration_minutes', 'integer'),
    reason: column('reason', 'text'),
    notes: column('notes', 'text'),
    customer_id: column('customer_id', 'uuid'),
    customer_public_id: referenced('customers', 'customer_id'),
    vehicle_id: column('vehicle_id', 'uuid'),
    vehicle_public_id: referenced('vehicles', 'vehicle_id'),
    technician_id: column('technician_id', 'uuid'),
    technician_public_id: referenced('technicians', 'technician_id'),
    repair_order_id: column('repair_order_id', 'uuid'),
    repair_order_public_id: referenced('repair_orders', 'repair_order_id'),
    confirmed_at: column('confirmed_at', 'timestamptz'),
    arrived_at: column('arrived_at', 'timestamptz'),
    cancelled_at: column('cancelled_at', 'timestamptz'),
    status_reason: column('status_reason', 'text'),
    version: column('version', 'integer'),
    created_at: column('created_at', 'timestamptz'),
    updated_at: column('updated_at', 'timestamptz'),
  },
  writable: {
    date: { column: 'date', type: 'date' },
    time: { column: 'local_time', type: 'time' },
    duration_minutes: { column: 'duration_minutes', type: 'integer' },
    notes: { column: 'notes', type: 'text' },
    reason: { column: 'reason', type: 'text' },
  },
  filters: {
    scheduled_date_from: (value, { params }) => `a.date >= ${params.add(value, 'date')}`,
    scheduled_date_to: (value, { params }) => `a.date <= ${params.add(value, 'date')}`,
    status: (value, { params }) => `a.status = ${params.add(value, 'text')}`,
    // An unknown customer, vehicle or technician narrows the list to nothing: filters never 404.
    customer: byPublicId('customers', 'customer_id'),
    vehicle: byPublicId('vehicles', 'vehicle_id'),
    technician: byPublicId('technicians', 'technician_id'),
    updated_after: (value, { params }) => `a.updated_at > ${params.add(value, 'timestamptz')}`,
  },
  sorts: ['created_at', 'updated_at'],
  events: { created: 'appointment.created', updated: 'appointment.updated' },
  summary: (row) => appointmentSummary(row),
}

/** Small and stable (spec "Envelope"): where the appointment stands, when, and whose it is. */
export function appointmentSummary(row: AppointmentRow) {
  return {
    status: row.status,
    date: row.date,
    time: row.local_time,
    starts_at: row.starts_at?.toISOString() ?? null,
    customer_id: row.customer_public_id,
    vehicle_id: row.vehicle_public_id,
    technician_id: row.technician_public_id,
  }
}
