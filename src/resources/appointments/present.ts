import { appointmentDefinition } from './definition.js'

/** The public object; `available_actions` is what this key (or the shop's staff) may do now. */
export const toAppointmentResource = appointmentDefinition.present
