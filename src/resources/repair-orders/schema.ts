import { z } from 'zod'
import { ROPricingSchema } from '../../platform/money-schemas.js'
import { redactable } from '../../platform/redaction.js'
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
import { publicRepairOrderStates } from '../shop-floor/states.js'

// The spec lists the repair order's fields but shows no request shapes ("Operations named but without
// a shape"); the lead's decisions record the bodies and limits chosen here.
const concern = textInput(5000, { trim: true })
  .nullable()
  .meta({ description: "The customer's words for the problem, up to 5000 characters" })
const odometer = (description: string) => z.number().int().min(0).max(10_000_000).nullable().meta({ description })
const promisedAt = requestInstant.nullable().meta({ description: 'When the shop promised the vehicle back' })
const taxExempt = z.boolean().meta({ description: 'No sales tax on any job of the order' })
const isComeback = z.boolean().meta({ description: 'The vehicle came back for work done before (a redo)' })

export const RepairOrderCreateSchema = z
  .strictObject({
    customer_id: publicIdSchema('customer', 'The cus_ id of the customer the order is for'),
    vehicle_id: publicIdSchema('vehicle', "The veh_ id of the vehicle; it must be this customer's"),
    customer_concern: concern.optional(),
    odometer_in: odometer('Odometer reading at drop-off').optional(),
    promised_at: promisedAt.optional(),
    tax_exempt: taxExempt.optional().meta({ description: "Defaults to the customer's tax_exempt" }),
    is_comeback: isComeback.optional().meta({ description: 'Defaults to false' }),
  })
  .meta({ id: 'RepairOrderCreate' })

export const RepairOrderUpdateSchema = z
  .strictObject({
    customer_concern: concern.optional(),
    odometer_in: odometer('Odometer reading at drop-off').optional(),
    odometer_out: odometer('Odometer reading at pick-up; not below odometer_in').optional(),
    promised_at: promisedAt.optional(),
    tax_exempt: taxExempt.optional(),
    is_comeback: isComeback.optional(),
    expected_version: expectedVersion,
  })
  .meta({
    id: 'RepairOrderUpdate',
    description:
      'Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes. Customer, vehicle, number and state are not editable.',
  })

export type RepairOrderCreate = z.output<typeof RepairOrderCreateSchema>
export type RepairOrderUpdate = z.output<typeof RepairOrderUpdateSchema>

const nullableInstant = instant.nullable()

export const RepairOrderSchema = responseObject({
  id: z.string().meta({ description: 'ro_ id', example: 'ro_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('repair_order'),
  number: z.string().meta({ description: "The shop's human number, the digits of number_value", example: '1001' }),
  number_value: z.number().int().meta({ description: 'The number as an integer; unique in the shop, gaps possible' }),
  state: z.string().meta({
    description: `One of ${publicRepairOrderStates.join(', ')}; other strings may appear. \`unknown\`: an internal state with no public value; refresh and surface it for review.`,
    example: 'in_progress',
  }),
  customer_id: z.string().meta({ description: 'cus_ id' }),
  vehicle_id: z.string().meta({ description: 'veh_ id' }),
  origin_appointment_id: z.string().nullable().meta({ description: 'The appt_ id the order was converted from' }),
  customer_concern: z.string().nullable(),
  odometer_in: z.number().int().nullable(),
  odometer_out: z.number().int().nullable(),
  is_comeback: z.boolean(),
  tax_exempt: z.boolean(),
  promised_at: nullableInstant,
  completed_at: nullableInstant,
  invoiced_at: nullableInstant,
  picked_up_at: nullableInstant,
  external_id: z
    .string()
    .nullable()
    .meta({ description: "This integration's own id for the record; null when it set none" }),
  pricing: redactable(ROPricingSchema, 'pricing.read'),
  redacted_fields: z.array(z.string()).meta({ description: 'JSON pointers of fields redacted for this key' }),
  version: z.number().int().meta({ description: 'Starts at 1; +1 on every change' }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'RepairOrder' })

export type RepairOrder = z.infer<typeof RepairOrderSchema>

export const RepairOrderListSchema = listEnvelope(RepairOrderSchema, 'RepairOrderList')

const instantFilter = (description: string) => requestInstant.optional().meta({ description })

export const RepairOrderListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  state: z
    .enum(publicRepairOrderStates)
    .optional()
    .meta({ description: 'One public state; `unknown` finds orders in internal states without a public value' }),
  number: textInput(20).min(1).optional().meta({ description: 'The exact number, e.g. 1001' }),
  customer: publicIdSchema('customer', "Only this customer's orders (a cus_ id)").optional(),
  vehicle: publicIdSchema('vehicle', "Only this vehicle's orders (a veh_ id)").optional(),
  external_id: textInput(255).min(1).optional().meta({ description: "This integration's external id" }),
  created_after: instantFilter('Only orders created strictly after this instant'),
  created_before: instantFilter('Only orders created strictly before this instant'),
  updated_after: instantFilter('Only orders updated strictly after this instant'),
  sort: sortParam,
})

export type RepairOrderListQuery = z.output<typeof RepairOrderListQuerySchema>

export const RepairOrderJobsQuerySchema = z.strictObject({ limit: limitParam, cursor: cursorParam })
