import type { Decimal } from 'decimal.js'
import { z } from 'zod'
import { ApiError } from '../lib/errors.js'
import { DecimalInputError, type DecimalInputOptions, moneyLimits, parseDecimalInput } from '../lib/money.js'
import { responseObject } from './schemas.js'

/** The maximum every amount and total keeps to (docs/decisions/money-and-ledger.md "Money"), as the document says it. */
export const amountLimitNote = `at most ${moneyLimits.amount} in absolute value`

/**
 * An amount of money in a response (spec "Value formats"): a decimal string with exactly 2 places
 * beside a currency, never a float, and within the maximum of every amount.
 */
export const moneyString = (description: string, example = '180.00') =>
  z.string().meta({ description: `${description}; ${amountLimitNote}`, pattern: '^-?[0-9]+\\.[0-9]{2}$', example })

const decimalString = (description: string) => moneyString(description)

export const MoneySchema = responseObject({
  amount: decimalString('Decimal string with exactly 2 decimal places'),
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
}).meta({ id: 'Money', description: 'An amount of money: a decimal string and its currency' })

export type Money = z.infer<typeof MoneySchema>

/** Acquisition cost (spec "Canned job", "Inventory item"); redactable as a whole (inventory.cost.read). */
export const CostSchema = responseObject({
  currency: z.string().meta({ description: 'ISO 4217 code', example: 'USD' }),
  unit_cost: MoneySchema.nullable().meta({ description: 'Last acquisition cost of one unit' }),
  average_cost: MoneySchema.nullable().meta({ description: 'Weighted average cost of the units on hand' }),
}).meta({ id: 'Cost' })

export type Cost = z.infer<typeof CostSchema>

/**
 * Sale pricing of a job or a repair order (JobPricing, ROPricing): every amount a decimal string
 * with 2 places, rounded half-up once per line, so `subtotal = labor + parts + fees + discounts` and
 * `total = subtotal + tax` hold to the cent, and a repair order's amounts are the sums of its jobs'.
 */
export function pricingTotalsSchema(id: string, description: string) {
  return responseObject({
    currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
    labor: decimalString('Labor: hours × rate, each line rounded to the cent'),
    parts: decimalString('Parts: quantity × unit price, each line rounded to the cent'),
    fees: decimalString('Fees (shop supplies, disposal), 0.00 when none'),
    discounts: decimalString('Discounts, zero or negative'),
    subtotal: decimalString('labor + parts + fees + discounts'),
    tax: decimalString('Sales tax on taxable amounts, rounded half-up to the cent'),
    total: decimalString('subtotal + tax'),
  }).meta({ id, description })
}

export const JobPricingSchema = pricingTotalsSchema('JobPricing', 'Sale pricing of one job')
export const ROPricingSchema = pricingTotalsSchema(
  'ROPricing',
  'Sale pricing of a repair order: the sums of its jobs that count (not declined, deferred or cancelled)',
)
export type PricingTotals = z.infer<typeof JobPricingSchema>

/**
 * The pricing totals a job or a repair order keeps (numeric columns, which pg returns as decimal
 * strings) and the shop currency joined beside them.
 */
export interface StoredPricingTotals {
  labor_total: string
  parts_total: string
  fees_total: string
  discounts_total: string
  subtotal: string
  tax_total: string
  total: string
  currency: string
}

/** The selected columns of stored totals, for a definition whose table is `alias` and shop is `s`. */
export function pricingTotalColumns(alias: string) {
  const numeric = (column: string) => ({ sql: `${alias}.${column}`, type: 'numeric' as const })
  return {
    labor_total: numeric('labor_total'),
    parts_total: numeric('parts_total'),
    fees_total: numeric('fees_total'),
    discounts_total: numeric('discounts_total'),
    subtotal: numeric('subtotal'),
    tax_total: numeric('tax_total'),
    total: numeric('total'),
    currency: { sql: 's.currency', type: 'text' as const },
  }
}

/** JobPricing / ROPricing from stored totals: they are kept at 2 places, so they print as stored. */
export function presentPricingTotals(row: StoredPricingTotals): PricingTotals {
  return {
    currency: row.currency,
    labor: row.labor_total,
    parts: row.parts_total,
    fees: row.fees_total,
    discounts: row.discounts_total,
    subtotal: row.subtotal,
    tax: row.tax_total,
    total: row.total,
  }
}

/** A decimal input of the API or the CLI, or 400 invalid_request naming it. */
export function decimalInput(value: string, param: string, options: DecimalInputOptions): Decimal {
  try {
    return parseDecimalInput(value, options)
  } catch (error) {
    if (error instanceof DecimalInputError) {
      throw new ApiError('invalid_request', `${param} ${error.message}`, { param })
    }
    throw error
  }
}
