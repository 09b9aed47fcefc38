import { z } from 'zod'
import { getOperation, listOperation } from '../../platform/fields.js'
import { answerWith, defineOperation } from '../../platform/operation.js'
import { publicIdParams, visible } from '../../platform/schemas.js'
import { toJobResource } from '../jobs/present.js'
import { JobSchema } from '../jobs/schema.js'
import { listJobsOfRepairOrder } from '../jobs/service.js'
import { toRepairOrderResource } from '../repair-orders/present.js'
import { RepairOrderSchema } from '../repair-orders/schema.js'
import { type AppointmentRow, appointmentDefinition } from './definition.js'
import { toAppointmentResource } from './present.js'
import {
  AppointmentCancelSchema,
  AppointmentConversionSchema,
  AppointmentCreateSchema,
  AppointmentSchema,
  AppointmentUpdateSchema,
} from './schema.js'
import {
  actOnAppointment,
  convertAppointment,
  createAppointment,
  listAppointments,
  updateAppointment,
} from './service.js'

const tag = 'Appointments'
const present = (row: AppointmentRow, auth: { scopes: ReadonlySet<string> }) => toAppointmentResource(row, auth.scopes)
const params = publicIdParams('appointment')
const readWrite = ['appointments.read', 'appointments.write'] as const

/** The most jobs a conversion embeds; an order with more answers `jobs: null` (use its jobs list). */
export const embeddedJobsLimit = 100

const ConvertedRepairOrderSchema = RepairOrderSchema.extend({
  jobs: visible(z.array(JobSchema).nullable()).meta({
    description: `The order's jobs (a new order has none), at most ${embeddedJobsLimit}; null when it has more: use GET /repair-orders/{id}/jobs`,
  }),
}).meta({
  id: 'ConvertedRepairOrder',
  description: 'A RepairOrder with its jobs embedded (bounded)',
})

export const appointmentOperations = [
  listOperation(
    appointmentDefinition,
    {
      description:
        'Newest first by `sort` (default `created_at`). `scheduled_date_from` and `scheduled_date_to` are shop-local dates, both inclusive; `updated_after` is strict. An unknown customer, vehicle or technician id finds nothing.',
      scopes: ['appointments.read'],
      present,
    },
    // The service refuses a reversed date range.
    ({ db, actor }, filters, page) => listAppointments(db, actor, filters, page),
  ),
  defineOperation({
    method: 'POST',
    path: '/appointments',
    operationId: 'createAppointment',
    summary: 'Book an appointment',
    description:
      "`date` and `time` are read on the wall clock of the shop's time zone (the appointment's `timezone`); `starts_at` is the resolved instant. A time the clocks skip is 400 naming the gap; a time they show twice (fall back) needs `utc_offset`, else 400 naming both offsets. A slot outside the shop's hours, on a closed day or on a full day is 409 `conflict` with a `shop_hours` blocker; a technician who is full that day, a `technician_capacity` blocker. The new appointment is `booked`, or `requested` when the shop confirms bookings itself.",
    tag,
    scopes: [...readWrite],
    body: AppointmentCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: { status: 201, description: 'The new appointment', schema: AppointmentSchema },
    handler: async ({ body, db, actor, auth }) =>
      toAppointmentResource(await createAppointment(db, actor, body), auth.scopes),
  }),
  getOperation(appointmentDefinition, {
    description: 'Cancelled and no-show appointments are still returned; `available_actions` lists the moves open now.',
    scopes: ['appointments.read'],
    present,
  }),
  defineOperation({
    method: 'PATCH',
    path: '/appointments/{public_id}',
    operationId: 'updateAppointment',
    summary: 'Update an appointment',
    description:
      'Presence-aware. A new date, time, duration or technician is checked like a booking (409 with blockers when it does not fit; the appointment does not count against itself) and is possible while the appointment is requested or booked; notes and reason change until it is fulfilled, cancelled or a no-show (then 409). A stale `expected_version` is 409 `version_conflict`.',
    tag,
    scopes: [...readWrite],
    params,
    body: AppointmentUpdateSchema,
    bodyRequired: true,
    idempotency: 'optional',
    success: { status: 200, description: 'The updated appointment', schema: AppointmentSchema },
    handler: async ({ params, body, db, actor, auth }) =>
      toAppointmentResource(await updateAppointment(db, actor, params.public_id, body), auth.scopes),
  }),
  defineOperation({
    method: 'POST',
    path: '/appointments/{public_id}/cancel',
    operationId: 'cancelAppointment',
    // Not an MCP tool: A cancellation cannot be undone and frees the customer's slot for others.
    assistant: 'hidden',
    summary: 'Cancel an appointment',
    description:
      'Available (`cancel` in `available_actions`) while the appointment is requested, booked or arrived; it becomes `cancelled` with `cancelled_at` and `status_reason`. Otherwise 409 `conflict` with a blocker.',
    tag,
    scopes: [...readWrite],
    params,
    body: AppointmentCancelSchema,
    idempotency: 'required',
    success: { status: 200, description: 'The cancelled appointment', schema: AppointmentSchema },
    handler: async ({ params, body, db, actor, auth }) =>
      toAppointmentResource(
        await actOnAppointment(db, actor, params.public_id, 'cancel', auth.scopes, body?.reason ?? null),
        auth.scopes,
      ),
  }),
  defineOperation({
    method: 'POST',
    path: '/appointments/{public_id}/check-in',
    operationId: 'checkInAppointment',
    summary: 'Check in an appointment',
    description:
      'The customer is at the shop: available (`check_in` in `available_actions`) while the appointment is requested or booked; it becomes `arrived` with `arrived_at`. Otherwise 409 `conflict` with a blocker. No body.',
    tag,
    scopes: [...readWrite],
    params,
    idempotency: 'required',
    success: { status: 200, description: 'The arrived appointment', schema: AppointmentSchema },
    handler: async ({ params, db, actor, auth }) =>
      toAppointmentResource(await actOnAppointment(db, actor, params.public_id, 'check_in', auth.scopes), auth.scopes),
  }),
  defineOperation({
    method: 'POST',
    path: '/appointments/{public_id}/repair-order',
    operationId: 'convertAppointment',
    summary: 'Convert an appointment to a repair order',
    description:
      "A booked or arrived appointment with a vehicle becomes a repair order (`scheduled`, or `checked_in` once arrived) whose `origin_appointment_id` is the appointment and whose concern is the appointment's reason; the appointment keeps its status and shows the order in `repair_order_id` (a booked customer can still be checked in, which checks the order in too, or cancel). 201 with the new order; 200 with the same order when the appointment was already converted (whatever the Idempotency-Key), so one appointment never makes two orders. A requested, cancelled or no-show appointment, or one without a vehicle, is 409 `conflict` with a blocker.",
    tag,
    scopes: [...readWrite, 'repair_orders.read', 'repair_orders.write'],
    params,
    body: AppointmentConversionSchema,
    idempotency: 'required',
    success: { status: 201, description: 'The repair order it became', schema: ConvertedRepairOrderSchema },
    alsoSucceeds: { status: 200, description: 'Already converted: the same repair order' },
    handler: async ({ params, body, db, actor, auth }) => {
      const { repairOrder, created } = await convertAppointment(db, actor, params.public_id, body ?? {})
      const jobs = created
        ? { rows: [], hasMore: false }
        : await listJobsOfRepairOrder(db, actor, repairOrder.public_id, {
            sort: 'created_at',
            limit: embeddedJobsLimit,
          })
      const resource = {
        ...toRepairOrderResource(repairOrder),
        jobs: jobs.hasMore ? null : jobs.rows.map((row) => toJobResource(row, auth.scopes)),
      }
      return created ? resource : answerWith(200, resource)
    },
  }),
]
