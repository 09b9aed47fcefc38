import { z } from 'zod'
import {
  defineResource,
  externalIdField,
  externalIdFilter,
  filter,
  type ResourceFilters,
  type ResourceRow,
} from '../../platform/fields.js'
import { presentPricingTotals, pricingTotalColumns, ROPricingSchema } from '../../platform/money-schemas.js'
import { redactable } from '../../platform/redaction.js'
import { instant, publicIdSchema, requestInstant, textInput } from '../../platform/schemas.js'
import {
  publicRepairOrderState,
  publicRepairOrderStates,
  repairOrderSummary,
  unmappedStates,
} from '../shop-floor/states.js'

// The spec lists the repair order's fields but shows no request shapes ("Operations named but without
// a shape"); the lead's decisions record the bodies and limits chosen here.

// A number is the digits of number_value and nothing else: "01001" or "RO-1001" finds nothing.
const numberDigits = /^[1-9][0-9]{0,17}$/

const odometer = (description: string) => z.number().int().min(0).max(10_000_000).nullable().meta({ description })
const nullableInstant = { type: 'timestamptz', nullable: true, response: instant.nullable() } as const
const instantFilter = (description: string, condition: (value: string) => string) =>
  filter(requestInstant.optional().meta({ description }), (value, { params }) =>
    condition(params.add(value, 'timestamptz')),
  )
// An unknown customer or vehicle narrows the list to nothing: filters never 404.
const byPublicId = (kind: 'customer' | 'vehicle', table: string, description: string) =>
  filter(
    publicIdSchema(kind, description).optional(),
    (value, { params, shopId }) =>
      `ro.${kind}_id = (select id from ${table} where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
  )

export const repairOrderDefinition = defineResource({
  objectType: 'repair_order',
  table: 'repair_orders',
  alias: 'ro',
  idKind: 'repairOrder',
  schemaId: 'RepairOrder',
  fields: {
    number: {
      response: z
        .string()
        .meta({ description: "The shop's human number, the digits of number_value", example: '1001' }),
    },
    // bigint in the table; pg would hand it over as a string, and numbers stay far below 2^31.
    number_value: {
      type: 'integer',
      sql: 'ro.number_value::integer',
      response: z.number().int().meta({ description: 'The number as an integer; unique in the shop, gaps possible' }),
    },
    /** The internal state (publicRepairOrderState maps it). */
    state: {
      type: 'text',
      response: z.string().meta({
        description: `One of ${publicRepairOrderStates.join(', ')}; other strings may appear. \`unknown\`: an internal state with no public value; refresh and surface it for review.`,
        example: 'in_progress',
      }),
    },
    customer_id: { type: 'uuid' },
    vehicle_id: { type: 'uuid' },
    customer_public_id: {
      type: 'text',
      sql: 'c.public_id',
      api: 'customer_id',
      response: z.string().meta({ description: 'cus_ id' }),
    },
    vehicle_public_id: {
      type: 'text',
      sql: 'v.public_id',
      api: 'vehicle_id',
      response: z.string().meta({ description: 'veh_ id' }),
    },
    origin_appointment_public_id: {
      type: 'text',
      nullable: true,
      sql: '(select a.public_id from appointments a where a.shop_id = ro.shop_id and a.id = ro.origin_appointment_id)',
      api: 'origin_appointment_id',
      response: z.string().nullable().meta({ description: 'The appt_ id the order was converted from' }),
    },
    customer_concern: {
      type: 'text',
      nullable: true,
      response: z.string().nullable(),
      input: textInput(5000, { trim: true })
        .nullable()
        .meta({ description: "The customer's words for the problem, up to 5000 characters" }),
    },
    odometer_in: {
      type: 'integer',
      nullable: true,
      response: z.number().int().nullable(),
      input: odometer('Odometer reading at drop-off'),
    },
    odometer_out: {
      type: 'integer',
      nullable: true,
      response: z.number().int().nullable(),
      input: odometer('Odometer reading at pick-up; not below odometer_in'),
    },
    is_comeback: {
      type: 'boolean',
      response: z.boolean(),
      input: z.boolean().meta({ description: 'The vehicle came back for work done before (a redo)' }),
    },
    tax_exempt: {
      type: 'boolean',
      response: z.boolean(),
      input: z.boolean().meta({ description: 'No sales tax on any job of the order' }),
    },
    promised_at: {
      ...nullableInstant,
      input: requestInstant.nullable().meta({ description: 'When the shop promised the vehicle back' }),
    },
    completed_at: nullableInstant,
    invoiced_at: nullableInstant,
    picked_up_at: nullableInstant,
    external_id: externalIdField,
    // Totals kept by the jobs' repricing, and the shop currency (joined as s).
    ...pricingTotalColumns('ro'),
    pricing: { response: redactable(ROPricingSchema, 'pricing.read') },
    redacted_fields: {
      response: z.array(z.string()).meta({ description: 'JSON pointers of fields redacted for this key' }),
    },
  },
  present: {
    number: (row) => String(row.number_value),
    state: (row) => publicRepairOrderState(row.state),
    pricing: presentPricingTotals,
    redacted_fields: () => [],
  },
  joins: () => `join customers c on c.shop_id = ro.shop_id and c.id = ro.customer_id
    join vehicles v on v.shop_id = ro.shop_id and v.id = ro.vehicle_id
    join shops s on s.id = ro.shop_id`,
  filters: {
    state: filter(
      z
        .enum(publicRepairOrderStates)
        .optional()
        .meta({ description: 'One public state; `unknown` finds orders in internal states without a public value' }),
      (value, { params }) =>
        value === 'unknown'
          ? `ro.state = any(${params.add([...unmappedStates], 'text[]')})`
          : `ro.state = ${params.add(value, 'text')}`,
    ),
    number: filter(
      textInput(20).min(1).optional().meta({ description: 'The exact number, e.g. 1001' }),
      (value, { params }) => (numberDigits.test(value) ? `ro.number_value = ${params.add(value, 'bigint')}` : 'false'),
    ),
    customer: byPublicId('customer', 'customers', "Only this customer's orders (a cus_ id)"),
    vehicle: byPublicId('vehicle', 'vehicles', "Only this vehicle's orders (a veh_ id)"),
    external_id: externalIdFilter,
    created_after: instantFilter('Only orders created strictly after this instant', (at) => `ro.created_at > ${at}`),
    created_before: instantFilter('Only orders created strictly before this instant', (at) => `ro.created_at < ${at}`),
    updated_after: instantFilter('Only orders updated strictly after this instant', (at) => `ro.updated_at > ${at}`),
  },
  externalIds: true,
  writableOrder: ['customer_concern', 'odometer_in', 'odometer_out', 'promised_at', 'is_comeback', 'tax_exempt'],
  events: { created: 'repair_order.created', updated: 'repair_order.updated' },
  summary: repairOrderSummary,
})

export type RepairOrderRow = ResourceRow<typeof repairOrderDefinition>
export type RepairOrderFilters = ResourceFilters<typeof repairOrderDefinition>
