import { z } from 'zod'
import { optionalInputs } from '../../platform/fields.js'
import { expectedVersion, publicIdSchema } from '../../platform/schemas.js'
import { vehicleDefinition } from './definition.js'

export { firstModelYear, latestModelYear } from './definition.js'

const optionalFields = optionalInputs(vehicleDefinition.inputs)
const customerId = publicIdSchema('customer', 'The cus_ id of the customer who owns the vehicle')

export const VehicleCreateSchema = z
  .strictObject({ customer_id: customerId, ...optionalFields })
  .meta({ id: 'VehicleCreate' })

export const VehicleUpdateSchema = z
  .strictObject({ customer_id: customerId.optional(), ...optionalFields, expected_version: expectedVersion })
  .meta({
    id: 'VehicleUpdate',
    description:
      'Presence-aware: an omitted field is unchanged, null clears a nullable field (customer_id cannot be null), and a body that changes nothing is 400 no_changes',
  })

export type VehicleCreate = z.output<typeof VehicleCreateSchema>
export type VehicleUpdate = z.output<typeof VehicleUpdateSchema>

export const VehicleSchema = vehicleDefinition.schema
export type Vehicle = z.infer<typeof VehicleSchema>
export const VehicleListSchema = vehicleDefinition.listSchema
export const VehicleListQuerySchema = vehicleDefinition.listQuery
export type VehicleListQuery = z.output<typeof VehicleListQuerySchema>
