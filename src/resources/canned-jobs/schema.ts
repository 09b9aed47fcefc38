import { z } from 'zod'
import { CostSchema } from '../../platform/money-schemas.js'
import { redactable } from '../../platform/redaction.js'
import {
  cursorParam,
  instant,
  listEnvelope,
  pageSizeParam,
  queryBoolean,
  responseObject,
  searchParam,
  textInput,
} from '../../platform/schemas.js'
import { maxPartsPerPage } from './definition.js'

const amount = (description: string) =>
  z
    .string()
    .meta({ description: `${description}; 2 decimal places`, pattern: '^-?[0-9]+\\.[0-9]{2}$', example: '120.00' })

const redactedFields = z
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

export const CannedJobSchema = responseObject({
  id: z.string().meta({ description: 'cj_ id', example: 'cj_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('canned_job'),
  code: z.string().meta({ description: 'The shop’s own code for it: the key of `shopapi canned-jobs import`' }),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  kind: z.string().meta({ description: 'service, fee, discount or no_charge: the kind of job it adds' }),
  taxable: z.boolean(),
  default_hours: z
    .string()
    .nullable()
    .meta({ description: 'Labor hours, a decimal string with 2 places, or null', example: '1.50' }),
  pricing: redactable(CannedJobPricingSchema, 'pricing.read'),
  redacted_fields: redactedFields,
  active: z.boolean(),
  parts: z.array(CannedPartSchema).meta({
    description: `Every part, in the shop’s order (at most 100): never cut. A page of the list holds at most ${maxPartsPerPage.toLocaleString('en-US')} parts in all, so a page of heavy canned jobs holds fewer than \`limit\``,
  }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'CannedJob' })

export type CannedJob = z.infer<typeof CannedJobSchema>
export type CannedPart = z.infer<typeof CannedPartSchema>

export const CannedJobListSchema = listEnvelope(CannedJobSchema, 'CannedJobList')

export const CannedJobListQuerySchema = z.strictObject({
  limit: pageSizeParam(
    `Page size, 1-200, in plain decimal digits: the most canned jobs a page holds. A page also holds at most ${maxPartsPerPage.toLocaleString('en-US')} parts in all (always at least one canned job), so with heavy canned jobs it holds fewer, with \`has_more\` true and a \`next_cursor\` that continues right after it: page until \`has_more\` is false, never by counting rows`,
  ),
  cursor: cursorParam,
  q: searchParam.meta({
    description: 'Substring of code, name, category or description (2-100 characters, case-insensitive)',
  }),
  category: textInput(100, { trim: true })
    .optional()
    .meta({ description: 'Exact category, case-insensitive (0-100 characters; empty: canned jobs without one)' }),
  active: queryBoolean.optional(),
})

export type CannedJobListQuery = z.output<typeof CannedJobListQuerySchema>
