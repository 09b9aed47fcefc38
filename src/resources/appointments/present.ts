import { isoOrNull } from '../../platform/resource.js'
import { availableActions } from '../../platform/workflow.js'
import type { AppointmentRow } from './definition.js'
import type { Appointment } from './schema.js'
import { appointmentWorkflow } from './workflow.js'

/** The public object; `available_actions` is what this key (or the shop's staff) may do now. */
export function toAppointmentResource(row: AppointmentRow, scopes: ReadonlySet<string> | 'staff'): Appointment {
  return {
    id: row.public_id,
    object: 'appointment',
    status: appointmentWorkflow.publicState?.(row.status as never) ?? row.status,
    date: row.date,
    time: row.local_time,
    timezone: row.timezone,
    starts_at: isoOrNull(row.starts_at),
    duration_minutes: row.duration_minutes,
    reason: row.reason,
    notes: row.notes,
    customer_id: row.customer_public_id,
    vehicle_id: row.vehicle_public_id,
    technician_id: row.technician_public_id,
    repair_order_id: row.repair_order_public_id,
    confirmed_at: isoOrNull(row.confirmed_at),
    arrived_at: isoOrNull(row.arrived_at),
    cancelled_at: isoOrNull(row.cancelled_at),
    status_reason: row.status_reason,
    available_actions: availableActions(appointmentWorkflow, row, scopes),
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
