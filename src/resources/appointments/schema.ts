import { z } from 'zod'
import { utcOffsetPattern } from '../../lib/wall-clock.js'
import { expectedVersion, publicIdSchema, textInput } from '../../platform/schemas.js'
import { appointmentDefinition } from './definition.js'

const { inputs } = appointmentDefinition

const utcOffset = textInput(6)
  .regex(utcOffsetPattern, 'must be a UTC offset such as -05:00 or +10:30 (hours 00-13, or exactly ±14:00)')
  .nullable()
  .meta({
    pattern: utcOffsetPattern.source,
    example: '-05:00',
    description:
      'Needed only for a time that happens twice when the clocks go back: the offset of the reading meant (e.g. -04:00 for the first 01:30, -05:00 for the second, in New York). Any other time accepts its own offset or none.',
  })

const technicianId = publicIdSchema('technician', 'The tech_ id of an active technician, or null').nullable()

export const AppointmentCreateSchema = z
  .strictObject({
    customer_id: publicIdSchema('customer', 'The cus_ id of the customer'),
    date: inputs.date.meta({ description: "The shop-local date (in the shop's time zone)" }),
    time: inputs.time,
    duration_minutes: inputs.duration_minutes.optional().meta({ description: 'Minutes, 15-600; default 60' }),
    notes: inputs.notes.optional(),
    reason: inputs.reason.optional(),
    technician_id: technicianId.optional(),
    vehicle_id: publicIdSchema('vehicle', "The veh_ id of one of the customer's vehicles, or null")
      .nullable()
      .optional(),
    utc_offset: utcOffset.optional(),
  })
  .meta({ id: 'AppointmentCreate' })

export const AppointmentUpdateSchema = z
  .strictObject({
    date: inputs.date.optional(),
    time: inputs.time.optional(),
    duration_minutes: inputs.duration_minutes.optional(),
    expected_version: expectedVersion,
    notes: inputs.notes.optional(),
    reason: inputs.reason.optional(),
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

export const AppointmentSchema = appointmentDefinition.schema
export type Appointment = z.infer<typeof AppointmentSchema>
export const AppointmentListSchema = appointmentDefinition.listSchema
export const AppointmentListQuerySchema = appointmentDefinition.listQuery
export type AppointmentListQuery = z.output<typeof AppointmentListQuerySchema>
