import { z } from 'zod'
import { CostSchema } from '../../platform/money-schemas.js'
import { redactable } from '../../platform/redaction.js'
import { responseObject } from '../../platform/schemas.js'
// Types only: the definition builds its schemas from the pieces here.
import type { cannedJobDefinition } from './definition.js'

const amount = (description: string) =>
  z
    .string()
    .meta({ description: `${description}; 2 decimal places`, pattern: '^-?[0-9]+\\.[0-9]{2}$', example: '120.00' })

export const redactedFields = z
  .array(z.string())
  .meta({ description: 'JSON pointers of the fields this key may not see (their value is null)' })

export const CannedJobPricingSchema = responseObject({
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
  labor_rate: amount('Hourly labor rate').nullable().meta({ description: 'Hourly labor rate; null when none is set' }),
  labor: amount('default_hours × labor_rate, 0.00 when either is missing'),
  parts: amount('The sum of the part lines (quantity × unit price, each rounded half-up to the cent)'),
  total: amount('labor + parts, before tax'),
}).meta({ id: 'CannedJobPricing', description: 'Sale pricing of a canned job as it would be added to a repair order' })

export const CannedPartPricingSchema = responseObject({
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
  unit_price: amount('Sale price of one unit').nullable().meta({ description: 'Sale price of one unit, or null' }),
  amount: amount('quantity × unit_price (a null quantity counts as 1)').nullable().meta({
    description: 'quantity × unit_price, half-up to the cent (a null quantity counts as 1); null without a price',
  }),
}).meta({ id: 'CannedPartPricing' })

export const CannedPartSchema = responseObject({
  part_number: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.string().nullable().meta({ description: 'Units, a decimal string up to 3 places; null: one, each' }),
  pricing: redactable(CannedPartPricingSchema, 'pricing.read'),
  cost: redactable(CostSchema, 'inventory.cost.read'),
  redacted_fields: redactedFields,
}).meta({ id: 'CannedPart' })

export type CannedJob = z.infer<typeof cannedJobDefinition.schema>
export type CannedPart = z.infer<typeof CannedPartSchema>
