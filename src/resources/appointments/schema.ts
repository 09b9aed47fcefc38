import { z } from 'zod'
import { timePattern, utcOffsetPattern } from '../../lib/wall-clock.js'
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
import { calendarDate } from '../shop-hours/schema.js'
import { appointmentStatuses } from './workflow.js'

// Spec "Appointment", "Appointments" and "Value formats": the shapes are the contract's; the
// decisions record what it leaves open (status moves, shop hours, capacity).

const wallClockTime = textInput(5)
  .regex(timePattern, 'must be HH:MM on a 24-hour clock (00:00-23:59), with no seconds or zone')
  .meta({ pattern: timePattern.source, example: '08:30', description: 'HH:MM, 24-hour, in the shop time zone' })

const utcOffset = textInput(6)
  .regex(utcOffsetPattern, 'must be a UTC offset such as -05:00 or +10:30 (hours 00-13, or exactly ±14:00)')
  .nullable()
  .meta({
    pattern: utcOffsetPattern.source,
    example: '-05:00',
    description:
      'Needed only for a time that happens twice when the clocks go back: the offset of the reading meant (e.g. -04:00 for the first 01:30, -05:00 for the second, in New York). Any other time accepts its own offset or none.',
  })

const duration = z.number().int().min(15).max(600).meta({ description: 'Minutes, 15-600', example: 60 })
const notes = textInput(5000).nullable().meta({ description: 'Up to 5000 characters' })
const reason = textInput(255)
  .nullable()
  .meta({ description: 'Why the customer is coming, up to 255 characters (becomes the repair order concern)' })
const technicianId = publicIdSchema('technician', 'The tech_ id of an active technician, or null').nullable()

export const AppointmentCreateSchema = z
  .strictObject({
    customer_id: publicIdSchema('customer', 'The cus_ id of the customer'),
    date: calendarDate.meta({ description: "The shop-local date (in the shop's time zone)" }),
    time: wallClockTime,
    duration_minutes: duration.optional().meta({ description: 'Minutes, 15-600; default 60' }),
    notes: notes.optional(),
    reason: reason.optional(),
    technician_id: technicianId.optional(),
    vehicle_id: publicIdSchema('vehicle', "The veh_ id of one of the customer's vehicles, or null")
      .nullable()
      .optional(),
    utc_offset: utcOffset.optional(),
  })
  .meta({ id: 'AppointmentCreate' })

export const AppointmentUpdateSchema = z
  .strictObject({
    date: calendarDate.optional(),
    time: wallClockTime.optional(),
    duration_minutes: duration.optional(),
    expected_version: expectedVersion,
    notes: notes.optional(),
    reason: reason.optional(),
    technician_id: technicianId.optional(),
    utc_offset: utcOffset.optional(),
  })
  .meta({
    id: 'AppointmentUpdate',
    description:
      'Presence-aware: omitted fields are unchanged, null clears notes, reason or technician_id. A new date, time, duration or technician is checked against the shop hours and capacity like a booking. A body that changes nothing is 400 no_changes.',
  })

export const AppointmentCancelSchema = z
  .strictObject({ reason: textInput(255).nullable().optional().meta({ description: 'Up to 255 characters' }) })
  .meta({ id: 'AppointmentCancel' })

export const AppointmentConversionSchema = z
  .strictObject({
    odometer_in: z
      .number()
      .int()
      .min(0)
      .max(10_000_000)
      .nullable()
      .optional()
      .meta({ description: 'Odometer reading at drop-off' }),
  })
  .meta({ id: 'AppointmentConversion' })

export type AppointmentCreate = z.output<typeof AppointmentCreateSchema>
export type AppointmentUpdate = z.output<typeof AppointmentUpdateSchema>

const nullableInstant = instant.nullable()

export const AppointmentSchema = responseObject({
  id: z.string().meta({ description: 'appt_ id', example: 'appt_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('appointment'),
  status: z.string().meta({
    description: `One of ${appointmentStatuses.join(', ')}; other strings may appear`,
    example: 'booked',
  }),
  date: z.string().meta({ format: 'date', description: 'Shop-local date', example: '2026-03-14' }),
  time: z.string().meta({ description: 'HH:MM on the wall clock of `timezone`', example: '08:30' }),
  timezone: z.string().meta({ description: 'IANA zone the date and time are read in', example: 'America/New_York' }),
  starts_at: nullableInstant.meta({ description: 'The resolved UTC instant' }),
  duration_minutes: z.number().int(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  customer_id: z.string().nullable().meta({ description: 'cus_ id' }),
  vehicle_id: z.string().nullable().meta({ description: 'veh_ id' }),
  technician_id: z.string().nullable().meta({ description: 'tech_ id' }),
  repair_order_id: z.string().nullable().meta({ description: 'ro_ id of the repair order it became' }),
  confirmed_at: nullableInstant,
  arrived_at: nullableInstant,
  cancelled_at: nullableInstant,
  status_reason: z.string().nullable().meta({ description: 'Why it was cancelled (or set by the shop)' }),
  available_actions: z.array(z.string()).meta({
    description: 'What this key may do now: `cancel`, `check_in` (other strings may appear)',
    example: ['cancel', 'check_in'],
  }),
  version: z.number().int().meta({ description: 'Starts at 1; +1 on every change' }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'Appointment' })

export type Appointment = z.infer<typeof AppointmentSchema>

export const AppointmentListSchema = listEnvelope(AppointmentSchema, 'AppointmentList')

export const AppointmentListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  scheduled_date_from: calendarDate.optional().meta({ description: 'Only appointments on or after this date' }),
  scheduled_date_to: calendarDate.optional().meta({ description: 'Only appointments on or before this date' }),
  status: z.enum(appointmentStatuses).optional(),
  customer: publicIdSchema('customer', "Only this customer's appointments (a cus_ id)").optional(),
  vehicle: publicIdSchema('vehicle', "Only this vehicle's appointments (a veh_ id)").optional(),
  technician: publicIdSchema('technician', "Only this technician's appointments (a tech_ id)").optional(),
  updated_after: requestInstant.optional().meta({ description: 'Only appointments updated strictly after this' }),
  sort: sortParam,
})

export type AppointmentListQuery = z.output<typeof AppointmentListQuerySchema>
