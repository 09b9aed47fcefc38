import { z } from 'zod'
import { timePattern } from '../../lib/wall-clock.js'
import { defineResource, filter, type ResourceFilters, type ResourceRow } from '../../platform/fields.js'
import { instant, publicIdSchema, requestInstant, textInput } from '../../platform/schemas.js'
import { availableActions } from '../../platform/workflow.js'
import { calendarDate } from '../shop-hours/schema.js'
import { appointmentStatuses, appointmentWorkflow } from './workflow.js'

// Spec "Appointment", "Appointments" and "Value formats": the shapes are the contract's; the
// decisions record what it leaves open (status moves, shop hours, capacity).

/** The public id of a record the appointment points to (null when it points to none). */
const referenced = <const A extends string>(table: string, key: string, api: A, description: string) =>
  ({
    type: 'text',
    nullable: true,
    sql: `(select x.public_id from ${table} x where x.shop_id = a.shop_id and x.id = a.${key})`,
    api,
    response: z.string().nullable().meta({ description }),
  }) as const

// An unknown customer, vehicle or technician narrows the list to nothing: filters never 404.
const byPublicId = (kind: 'customer' | 'vehicle' | 'technician', table: string, description: string) =>
  filter(
    publicIdSchema(kind, description).optional(),
    (value, { params, shopId }) =>
      `a.${kind}_id = (select id from ${table} where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
  )

const nullableInstant = { type: 'timestamptz', nullable: true, response: instant.nullable() } as const

export const appointmentDefinition = defineResource({
  objectType: 'appointment',
  table: 'appointments',
  alias: 'a',
  idKind: 'appointment',
  schemaId: 'Appointment',
  fields: {
    status: {
      type: 'text',
      response: z.string().meta({
        description: `One of ${appointmentStatuses.join(', ')}; other strings may appear`,
        example: 'booked',
      }),
    },
    date: {
      type: 'date',
      sql: "to_char(a.date, 'YYYY-MM-DD')",
      response: z.string().meta({ format: 'date', description: 'Shop-local date', example: '2026-03-14' }),
      input: calendarDate,
    },
    local_time: {
      type: 'time',
      sql: "to_char(a.local_time, 'HH24:MI')",
      api: 'time',
      response: z.string().meta({ description: 'HH:MM on the wall clock of `timezone`', example: '08:30' }),
      input: textInput(5)
        .regex(timePattern, 'must be HH:MM on a 24-hour clock (00:00-23:59), with no seconds or zone')
        .meta({ pattern: timePattern.source, example: '08:30', description: 'HH:MM, 24-hour, in the shop time zone' }),
    },
    timezone: {
      type: 'text',
      response: z
        .string()
        .meta({ description: 'IANA zone the date and time are read in', example: 'America/New_York' }),
    },
    starts_at: { ...nullableInstant, response: instant.nullable().meta({ description: 'The resolved UTC instant' }) },
    utc_offset: { type: 'text' },
    duration_minutes: {
      type: 'integer',
      response: z.number().int(),
      input: z.number().int().min(15).max(600).meta({ description: 'Minutes, 15-600', example: 60 }),
    },
    reason: {
      type: 'text',
      nullable: true,
      response: z.string().nullable(),
      input: textInput(255)
        .nullable()
        .meta({ description: 'Why the customer is coming, up to 255 characters (becomes the repair order concern)' }),
    },
    notes: {
      type: 'text',
      nullable: true,
      response: z.string().nullable(),
      input: textInput(5000).nullable().meta({ description: 'Up to 5000 characters' }),
    },
    customer_id: { type: 'uuid' },
    vehicle_id: { type: 'uuid', nullable: true },
    technician_id: { type: 'uuid', nullable: true },
    repair_order_id: { type: 'uuid', nullable: true },
    // Never null in the row (every appointment has a customer), though the contract lets it be.
    customer_public_id: { ...referenced('customers', 'customer_id', 'customer_id', 'cus_ id'), nullable: false },
    vehicle_public_id: referenced('vehicles', 'vehicle_id', 'vehicle_id', 'veh_ id'),
    technician_public_id: referenced('technicians', 'technician_id', 'technician_id', 'tech_ id'),
    repair_order_public_id: referenced(
      'repair_orders',
      'repair_order_id',
      'repair_order_id',
      'ro_ id of the repair order it became',
    ),
    confirmed_at: nullableInstant,
    arrived_at: nullableInstant,
    cancelled_at: nullableInstant,
    status_reason: {
      type: 'text',
      nullable: true,
      response: z.string().nullable().meta({ description: 'Why it was cancelled (or set by the shop)' }),
    },
    available_actions: {
      response: z.array(z.string()).meta({
        description: 'What this key may do now: `cancel`, `check_in` (other strings may appear)',
        example: ['cancel', 'check_in'],
      }),
    },
  },
  // `available_actions` is what this key (or the shop's staff) may do now.
  present: {
    status: (row) => appointmentWorkflow.publicState?.(row.status as never) ?? row.status,
    available_actions: (row, scopes: ReadonlySet<string> | 'staff') =>
      availableActions(appointmentWorkflow, row, scopes),
  },
  filters: {
    scheduled_date_from: filter(
      calendarDate.optional().meta({ description: 'Only appointments on or after this date' }),
      (value, { params }) => `a.date >= ${params.add(value, 'date')}`,
    ),
    scheduled_date_to: filter(
      calendarDate.optional().meta({ description: 'Only appointments on or before this date' }),
      (value, { params }) => `a.date <= ${params.add(value, 'date')}`,
    ),
    status: filter(
      z.enum(appointmentStatuses).optional(),
      (value, { params }) => `a.status = ${params.add(value, 'text')}`,
    ),
    customer: byPublicId('customer', 'customers', "Only this customer's appointments (a cus_ id)"),
    vehicle: byPublicId('vehicle', 'vehicles', "Only this vehicle's appointments (a veh_ id)"),
    technician: byPublicId('technician', 'technicians', "Only this technician's appointments (a tech_ id)"),
    updated_after: filter(
      requestInstant.optional().meta({ description: 'Only appointments updated strictly after this' }),
      (value, { params }) => `a.updated_at > ${params.add(value, 'timestamptz')}`,
    ),
  },
  writableOrder: ['date', 'time', 'duration_minutes', 'notes', 'reason'],
  events: { created: 'appointment.created', updated: 'appointment.updated' },
  // Small and stable (spec "Envelope"): where the appointment stands, when, and whose it is.
  summary: (row) => ({
    status: row.status,
    date: row.date,
    time: row.local_time,
    starts_at: row.starts_at?.toISOString() ?? null,
    customer_id: row.customer_public_id,
    vehicle_id: row.vehicle_public_id,
    technician_id: row.technician_public_id,
  }),
})

export type AppointmentRow = ResourceRow<typeof appointmentDefinition>
export type AppointmentFilters = ResourceFilters<typeof appointmentDefinition>
