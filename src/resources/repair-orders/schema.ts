import { z } from 'zod'
import { cursorParam, expectedVersion, limitParam, publicIdSchema } from '../../platform/schemas.js'
import { repairOrderDefinition } from './definition.js'

const { inputs } = repairOrderDefinition

export const RepairOrderCreateSchema = z
  .strictObject({
    customer_id: publicIdSchema('customer', 'The cus_ id of the customer the order is for'),
    vehicle_id: publicIdSchema('vehicle', "The veh_ id of the vehicle; it must be this customer's"),
    customer_concern: inputs.customer_concern.optional(),
    odometer_in: inputs.odometer_in.optional(),
    promised_at: inputs.promised_at.optional(),
    tax_exempt: inputs.tax_exempt.optional().meta({ description: "Defaults to the customer's tax_exempt" }),
    is_comeback: inputs.is_comeback.optional().meta({ description: 'Defaults to false' }),
  })
  .meta({ id: 'RepairOrderCreate' })

export const RepairOrderUpdateSchema = z
  .strictObject({
    customer_concern: inputs.customer_concern.optional(),
    odometer_in: inputs.odometer_in.optional(),
    odometer_out: inputs.odometer_out.optional(),
    promised_at: inputs.promised_at.optional(),
    tax_exempt: inputs.tax_exempt.optional(),
    is_comeback: inputs.is_comeback.optional(),
    expected_version: expectedVersion,
  })
  .meta({
    id: 'RepairOrderUpdate',
    description:
      'Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes. Customer, vehicle, number and state are not editable.',
  })

export type RepairOrderCreate = z.output<typeof RepairOrderCreateSchema>
export type RepairOrderUpdate = z.output<typeof RepairOrderUpdateSchema>

export const RepairOrderSchema = repairOrderDefinition.schema
export type RepairOrder = z.infer<typeof RepairOrderSchema>
export const RepairOrderListSchema = repairOrderDefinition.listSchema
export const RepairOrderListQuerySchema = repairOrderDefinition.listQuery
export type RepairOrderListQuery = z.output<typeof RepairOrderListQuerySchema>

export const RepairOrderJobsQuerySchema = z.strictObject({ limit: limitParam, cursor: cursorParam })
