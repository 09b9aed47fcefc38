import { z } from 'zod'
import { optionalInputs } from '../../platform/fields.js'
import { technicianDefinition } from './definition.js'

export { maxTechnicianDailyCapacity } from './definition.js'
export type Technician = z.infer<typeof technicianDefinition.schema>

/** What the shop's staff may set (the CLI validates its flags with it). */
export const TechnicianInputSchema = z.strictObject(optionalInputs(technicianDefinition.inputs))
