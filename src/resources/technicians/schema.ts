import { z } from 'zod'
import { optionalInputs } from '../../platform/fields.js'
import { technicianDefinition } from './definition.js'

export { maxTechnicianDailyCapacity } from './definition.js'

export type Technician = z.infer<typeof technicianDefinition.schema>
export type TechnicianListQuery = z.output<typeof technicianDefinition.listQuery>

/** What the shop's staff may set (the CLI validates its flags with it). */
export const TechnicianInputSchema = z.strictObject(optionalInputs(technicianDefinition.inputs))
export type TechnicianInput = z.output<typeof TechnicianInputSchema>
