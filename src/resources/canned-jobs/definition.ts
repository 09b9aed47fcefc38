import type { Decimal } from 'decimal.js'
import { z } from 'zod'
import { ExactDecimal, formatMoney, formatQuantity, lineAmount } from '../../lib/money.js'
import { defineResource, filter, type ResourceFilters, type ResourceRow, searchFilter } from '../../platform/fields.js'
import { redactable } from '../../platform/redaction.js'
import { pageSizeParam, queryBoolean, textInput } from '../../platform/schemas.js'
import { CannedJobPricingSchema, type CannedPart, CannedPartSchema, redactedFields } from './schema.js'

/** One part line of a canned job, numerics as Postgres prints them. */
export interface CannedPartRow {
  canned_job_id: string
  position: number
  part_number: string | null
  description: string | null
  quantity: string | null
  unit_price: string | null
  unit_cost: string | null
}

/** The parts a page of canned jobs embeds at most (always at least one canned job). */
export const maxPartsPerPage = 2_000

const decimal = (value: string | null): Decimal | null => (value === null ? null : new ExactDecimal(value))
const one = new ExactDecimal(1)

/** A part line's amount: quantity × unit price, a missing quantity counting as one; null without a price. */
function partAmount(part: CannedPartRow): Decimal | null {
  const unitPrice = decimal(part.unit_price)
  return unitPrice === null ? null : lineAmount(decimal(part.quantity) ?? one, unitPrice)
}

function toCannedPart(part: CannedPartRow, currency: string): CannedPart {
  const amount = partAmount(part)
  const unitCost = decimal(part.unit_cost)
  return {
    part_number: part.part_number,
    description: part.description,
    quantity: part.quantity === null ? null : formatQuantity(new ExactDecimal(part.quantity)),
    pricing: {
      currency,
      unit_price: part.unit_price === null ? null : formatMoney(new ExactDecimal(part.unit_price)),
      amount: amount === null ? null : formatMoney(amount),
    },
    cost: {
      currency,
      unit_cost: unitCost === null ? null : { amount: formatMoney(unitCost), currency },
      average_cost: null,
    },
    redacted_fields: [],
  }
}

/** What a canned job is shown with beyond its row: its parts and the shop's currency. */
interface CannedJobContext {
  currency: string
  parts: CannedPartRow[]
}

const maxParts = maxPartsPerPage.toLocaleString('en-US')

// Canned jobs are written by the shop (`shopapi import canned-jobs`), never by the API. Pricing and
// costs are shown in full: the runner redacts them by scope.
export const cannedJobDefinition = defineResource({
  objectType: 'canned_job',
  table: 'canned_jobs',
  alias: 'c',
  idKind: 'cannedJob',
  schemaId: 'CannedJob',
  showsVersion: false,
  sortable: false,
  sorts: ['created_at'],
  limit: pageSizeParam(
    `Page size, 1-200, in plain decimal digits: the most canned jobs a page holds. A page also holds at most ${maxParts} parts in all (always at least one canned job), so with heavy canned jobs it holds fewer, with \`has_more\` true and a \`next_cursor\` that continues right after it: page until \`has_more\` is false, never by counting rows`,
  ),
  fields: {
    code: {
      type: 'text',
      response: z.string().meta({ description: 'The shop’s own code for it: the key of `shopapi canned-jobs import`' }),
    },
    name: { type: 'text', response: z.string() },
    category: { type: 'text', nullable: true, response: z.string().nullable() },
    description: { type: 'text', nullable: true, response: z.string().nullable() },
    kind: {
      type: 'text',
      response: z.string().meta({ description: 'service, fee, discount or no_charge: the kind of job it adds' }),
    },
    taxable: { type: 'boolean', response: z.boolean() },
    default_hours: {
      type: 'numeric',
      nullable: true,
      response: z
        .string()
        .nullable()
        .meta({ description: 'Labor hours, a decimal string with 2 places, or null', example: '1.50' }),
    },
    labor_rate: { type: 'numeric', nullable: true },
    pricing: { response: redactable(CannedJobPricingSchema, 'pricing.read') },
    redacted_fields: { response: redactedFields },
    active: { type: 'boolean', response: z.boolean() },
    parts: {
      response: z.array(CannedPartSchema).meta({
        description: `Every part, in the shop’s order (at most 100): never cut. A page of the list holds at most ${maxParts} parts in all, so a page of heavy canned jobs holds fewer than \`limit\``,
      }),
    },
  },
  present: {
    default_hours: (job) => (job.default_hours === null ? null : formatMoney(new ExactDecimal(job.default_hours))),
    pricing: (job, { currency, parts }: CannedJobContext) => {
      const hours = decimal(job.default_hours)
      const rate = decimal(job.labor_rate)
      const labor = hours !== null && rate !== null ? lineAmount(hours, rate) : new ExactDecimal(0)
      const partsTotal = parts.reduce((sum, part) => sum.plus(partAmount(part) ?? 0), new ExactDecimal(0))
      return {
        currency,
        labor_rate: rate === null ? null : formatMoney(rate),
        labor: formatMoney(labor),
        parts: formatMoney(partsTotal),
        total: formatMoney(labor.plus(partsTotal)),
      }
    },
    redacted_fields: () => [],
    parts: (_job, { currency, parts }: CannedJobContext) => parts.map((part) => toCannedPart(part, currency)),
  },
  filters: {
    q: searchFilter('Substring of code, name, category or description (2-100 characters, case-insensitive)'),
    // lower(category) is what canned_jobs_category_idx indexes; empty means "without a category".
    category: filter(
      textInput(100, { trim: true })
        .optional()
        .meta({ description: 'Exact category, case-insensitive (0-100 characters; empty: canned jobs without one)' }),
      (value, { params }) =>
        value === '' ? 'lower(c.category) is null' : `lower(c.category) = lower(${params.add(value, 'text')})`,
    ),
    active: filter(queryBoolean.optional(), (value, { params }) => `c.active = ${params.add(value, 'boolean')}`),
  },
  // Parts come with every canned job (at most 100 each): a page holds at most 2,000 of them.
  embedded: {
    count: (id, shopId) =>
      `(select count(*) from canned_job_parts p where p.shop_id = ${shopId} and p.canned_job_id = ${id})`,
    maxPerPage: maxPartsPerPage,
  },
  // `q`: trigram and bigram indexes (00002, 00005, 00018); the kit builds the condition.
  search: 'search_text',
})

export type CannedJobRow = ResourceRow<typeof cannedJobDefinition>
export type CannedJobFilters = ResourceFilters<typeof cannedJobDefinition>
