import { defineWorkflow } from '../../platform/workflow.js'

export const appointmentStatuses = ['requested', 'booked', 'arrived', 'fulfilled', 'cancelled', 'no_show'] as const
export type AppointmentStatus = (typeof appointmentStatuses)[number]

/** The statuses that still hold their day's place (a cancelled or missed appointment frees it). */
export const slotHoldingStatuses: readonly AppointmentStatus[] = ['requested', 'booked', 'arrived', 'fulfilled']

/** Statuses in which the date, time, duration and technician may still change. */
export const reschedulableStatuses: readonly AppointmentStatus[] = ['requested', 'booked']

/** Statuses after which nothing changes. */
export const finalStatuses: readonly AppointmentStatus[] = ['fulfilled', 'cancelled', 'no_show']

const actionScopes = ['appointments.read', 'appointments.write'] as const

/**
 * An appointment's life. Integrations `cancel` and `check_in`; the shop confirms (`booked`), marks
 * `fulfilled` or `no_show`, and can undo a no-show for a late customer; the scheduled sweep makes
 * appointments nobody arrived for `no_show`. Conversion to a repair order changes no status (it sets
 * `repair_order_id`), and `fulfilled` is the shop's word that the visit is over, given by staff only
 * (docs/decisions/shop-floor.md, "Appointments").
 */
export const appointmentWorkflow = defineWorkflow({
  name: 'appointment',
  states: appointmentStatuses,
  moves: {
    requested: ['booked', 'arrived', 'fulfilled', 'cancelled', 'no_show'],
    booked: ['requested', 'arrived', 'fulfilled', 'cancelled', 'no_show'],
    arrived: ['fulfilled', 'cancelled'],
    no_show: ['booked', 'arrived'],
    fulfilled: [],
    cancelled: [],
  },
  actions: {
    cancel: { from: ['requested', 'booked', 'arrived'], to: 'cancelled', scopes: actionScopes },
    check_in: { from: ['requested', 'booked'], to: 'arrived', scopes: actionScopes, phrase: 'check it in' },
  },
  stateOf: (appointment: { status: string }) => appointment.status as AppointmentStatus,
  publicState: (status) => (appointmentStatuses.includes(status) ? status : 'unknown'),
})

export type AppointmentAction = keyof typeof appointmentWorkflow.actions
