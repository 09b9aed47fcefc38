// Money, quantities and hours as decimals (the contract's rule 3: money is a decimal string beside its
// currency, never a float). JavaScript numbers cannot hold 0.1 exactly, so nothing here ever converts
// an amount to a number.
import { Decimal } from 'decimal.js'

/**
 * The constructor every calculation here runs in. decimal.js rounds each result to `precision`
 * significant digits (20 by default), which would round a product such as 12345678901.123 x 98765.4321
 * before it is rounded to cents: a second rounding that can move the cent. 64 digits hold every exact
 * product and sum of the amounts a shop stores, so the only rounding is the one to cents we choose.
 */
export const ExactDecimal = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP })

const ZERO = new ExactDecimal(0)

function exact(value: Decimal.Value): Decimal {
  return new ExactDecimal(value)
}

/**
 * The documented maxima (docs/decisions/money-and-ledger.md "Money"), each within the numeric(p, s) of its columns, so
 * that no input and no total can ever overflow one: a column of 12 digits with 2 places holds
 * 9,999,999,999.99, one of 14 with 2 holds a hundred times more, so every total fits with room to spare.
 */
export const moneyLimits = {
  /**
   * Any amount of money entered whole (a fee, a discount, a payment or refund, a credit) and every total
   * computed (a line, a job, a repair order, an invoice, a credit note), in absolute value.
   */
  amount: '9999999999.99',
  /** A unit price or cost: of a part line, an inventory item, a canned job's part. */
  unitPrice: '9999999.99',
  /** A labor rate per hour: of a labor line or a canned job. */
  laborRate: '99999.99',
  /** The hours of one labor line or of a canned job. */
  hours: '999.99',
  /** The hours of one job, all its labor lines together (its numeric(8, 2) labor_hours). */
  jobHours: '999999.99',
  /** The quantity of one part line or of a canned job's part. */
  quantity: '9999.999',
  /** A tax rate in percent (below 100). */
  taxRate: '99.9999',
} as const

/** The inputs of the maxima above, for parseDecimalInput: money and hours to the cent, quantities to 3 places. */
export const decimalInputs = {
  amount: { maxScale: 2, max: moneyLimits.amount },
  signedAmount: { maxScale: 2, min: `-${moneyLimits.amount}`, max: moneyLimits.amount },
  unitPrice: { maxScale: 2, max: moneyLimits.unitPrice },
  laborRate: { maxScale: 2, max: moneyLimits.laborRate },
  hours: { maxScale: 2, max: moneyLimits.hours },
  quantity: { maxScale: 3, max: moneyLimits.quantity },
  taxRate: { maxScale: 4, max: moneyLimits.taxRate },
} as const satisfies Record<string, DecimalInputOptions>

/** Thrown by `parseDecimalInput`; `message` completes a sentence that starts with the field's name. */
export class DecimalInputError extends Error {
  override name = 'DecimalInputError'
}

export interface DecimalInputOptions {
  /** Most digits allowed after the point: 2 for money, 3 for quantities, 4 for tax rates. */
  maxScale: number
  /** Inclusive bounds as decimal strings. Without `min` negatives are refused: they must be opted into. */
  min?: string
  max?: string
  /** Most digits allowed before the point (default 15), so a huge string never reaches the database. */
  maxIntegerDigits?: number
}

// Digits, optionally one point followed by at least one digit; a leading '-' is checked separately.
// No exponent, no '+', no spaces, no '.5' or '5.': one spelling per value keeps the contract simple.
const plainDecimal = /^(-?)(\d+)(?:\.(\d+))?$/

function exampleFor(maxScale: number): string {
  return maxScale > 0 ? `120.${'0'.repeat(maxScale)}` : '120'
}

function shapeMessage(maxScale: number): string {
  if (maxScale === 0) return 'must be a whole number as a string, e.g. 120'
  const places = maxScale === 1 ? '1 decimal place' : `${maxScale} decimal places`
  return `must be a decimal string with at most ${places}, e.g. ${exampleFor(maxScale)}`
}

/**
 * Reads a decimal string from a request or an import file. Accepts "120", "120.5", "0.25", and "-3.00"
 * only when `min` is negative. Negative zero ("-0.00") reads as 0.
 */
export function parseDecimalInput(value: string, options: DecimalInputOptions): Decimal {
  const { maxScale, maxIntegerDigits = 15 } = options
  const min = exact(options.min ?? '0')
  const match = plainDecimal.exec(value)
  if (match === null) throw new DecimalInputError(shapeMessage(maxScale))
  const [, sign = '', integerDigits = '', fractionDigits = ''] = match
  if (fractionDigits.length > maxScale) throw new DecimalInputError(shapeMessage(maxScale))
  if (integerDigits.replace(/^0+(?=\d)/, '').length > maxIntegerDigits) {
    throw new DecimalInputError(`must have at most ${maxIntegerDigits} digits before the decimal point`)
  }
  let parsed = exact(value)
  if (parsed.isZero()) parsed = ZERO
  if (sign === '-' && !parsed.isZero() && !min.isNegative()) {
    throw new DecimalInputError(`must not be negative (at least ${formatBound(min, maxScale)})`)
  }
  if (parsed.lessThan(min)) throw new DecimalInputError(`must be at least ${formatBound(min, maxScale)}`)
  if (options.max !== undefined) {
    const max = exact(options.max)
    if (parsed.greaterThan(max)) throw new DecimalInputError(`must be at most ${formatBound(max, maxScale)}`)
  }
  return parsed
}

function formatBound(bound: Decimal, maxScale: number): string {
  return bound.toFixed(Math.max(maxScale, bound.decimalPlaces()))
}

/** Never "-0.00": a value that rounds to zero prints as zero without a sign. */
function fixed(value: Decimal, places: number): string {
  const rounded = exact(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP)
  return rounded.isZero() ? ZERO.toFixed(places) : rounded.toFixed(places)
}

/** Half-up to cents: half a cent goes away from zero ("-0.005" becomes -0.01). */
export function roundMoney(value: Decimal): Decimal {
  const rounded = exact(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
  return rounded.isZero() ? ZERO : rounded
}

/** Exactly 2 decimal places, half-up: "12.345" -> "12.35", "-0.005" -> "-0.01", zero is "0.00". */
export function formatMoney(value: Decimal): string {
  return fixed(value, 2)
}

/** At most `scale` decimals, trailing zeros trimmed: "2.500" -> "2.5", "2.000" -> "2". */
export function formatQuantity(value: Decimal, scale = 3): string {
  const rounded = exact(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP)
  // toFixed() without places never switches to exponent notation and already omits trailing zeros.
  return rounded.isZero() ? '0' : rounded.toFixed()
}

/** Labor hours with 2 decimal places: "1.5" -> "1.50". */
export function formatHours(value: Decimal): string {
  return fixed(value, 2)
}

/** One labor or part line: quantity x unit price, rounded once to cents; totals then add exactly. */
export function lineAmount(quantity: Decimal, unitPrice: Decimal): Decimal {
  return roundMoney(exact(quantity).times(unitPrice))
}

export type JobKind = 'service' | 'fee' | 'discount' | 'no_charge'

/** What a tax can apply to: a job's labor, its parts, its fees (the shop's rates name some of them). */
export const taxCategories = ['labor', 'parts', 'fees'] as const
export type TaxCategory = (typeof taxCategories)[number]

/** One of the shop's named taxes: a percentage (8.875 for 8.875 %) of the categories it applies to. */
export interface TaxRule {
  rate: Decimal
  appliesTo: readonly TaxCategory[]
}

export interface JobPricingInput {
  kind: JobKind
  labor: { hours: Decimal; rate: Decimal }[]
  parts: { quantity: Decimal; unitPrice: Decimal }[]
  /** The fee (kind `fee`) or the discount (kind `discount`), stored positive; ignored for other kinds. */
  flatAmount: Decimal | null
  taxable: boolean
  /** The shop's taxes, in the shop's order. */
  taxes: readonly TaxRule[]
  /** The repair order's exemption, which wins over the job's `taxable`. */
  taxExempt: boolean
}

/** One tax of one job: what it was computed on (zero when the job is not taxed) and the amount. */
export interface JobTax {
  base: Decimal
  amount: Decimal
}

export interface JobPricingTotals {
  labor: Decimal
  parts: Decimal
  fees: Decimal
  /** Zero or negative. */
  discounts: Decimal
  subtotal: Decimal
  tax: Decimal
  total: Decimal
}

/** A job's totals with its taxes one by one (in the order of the rules it was priced with). */
export interface JobPricing extends JobPricingTotals {
  taxes: JobTax[]
}

/** The exact sum (no rounding: amounts of 2 places add up exactly). */
export function sumDecimals(values: readonly Decimal[]): Decimal {
  return values.reduce((total, value) => total.plus(value), ZERO)
}

/**
 * Each tax of a job: `round_half_up(base × rate / 100)` where the base is the sum of the job's
 * categories the tax applies to, when the job is taxable, the order is not exempt, the job is neither
 * a discount nor no-charge, and the base is positive. One rounding per job and tax: the invoice
 * allocates exactly these amounts to the job's lines, so the order and its invoice agree to the cent.
 */
export function jobTaxes(
  job: { kind: JobKind; taxable: boolean; taxExempt: boolean },
  categories: Record<TaxCategory, Decimal>,
  rules: readonly TaxRule[],
): JobTax[] {
  const taxed = job.taxable && !job.taxExempt && job.kind !== 'discount' && job.kind !== 'no_charge'
  return rules.map((rule) => {
    const base = taxed ? sumDecimals(rule.appliesTo.map((category) => categories[category])) : ZERO
    if (!base.greaterThan(0)) return { base: ZERO, amount: ZERO }
    return { base, amount: roundMoney(base.times(rule.rate).dividedBy(100)) }
  })
}

/**
 * A job's totals. Rules:
 * - service: labor + parts.
 * - fee: the flat amount as `fees`, plus any labor and parts on the job.
 * - discount: the flat amount, negated, as `discounts`. Discount jobs are never taxed: a discount does
 *   not lower the tax of the order's other jobs either (the simple rule; a shop that discounts before
 *   tax lowers the job prices instead).
 * - no_charge: labor and parts are shown, and `discounts` cancels them, so subtotal, tax and total are 0.
 * subtotal = labor + parts + fees + discounts; tax = the sum of the job's taxes (jobTaxes);
 * total = subtotal + tax.
 */
export function computeJobPricing(input: JobPricingInput): JobPricing {
  const labor = sumDecimals(input.labor.map((line) => lineAmount(line.hours, line.rate)))
  const parts = sumDecimals(input.parts.map((line) => lineAmount(line.quantity, line.unitPrice)))
  const flat = input.flatAmount === null ? ZERO : roundMoney(input.flatAmount)
  if (flat.isNegative()) {
    // The sign of a discount comes from the kind; a negative stored amount is a bug upstream.
    throw new RangeError(`flatAmount must not be negative, got ${flat.toFixed()}`)
  }
  let fees = ZERO
  let discounts = ZERO
  if (input.kind === 'fee') fees = flat
  else if (input.kind === 'discount') discounts = roundMoney(flat.negated())
  else if (input.kind === 'no_charge') discounts = roundMoney(labor.plus(parts).negated())
  const subtotal = labor.plus(parts).plus(fees).plus(discounts)
  const taxes = jobTaxes(input, { labor, parts, fees }, input.taxes)
  const tax = sumDecimals(taxes.map((entry) => entry.amount))
  return { labor, parts, fees, discounts, subtotal, tax, total: subtotal.plus(tax), taxes }
}

/** Field-wise sums: a repair order's totals are the sums of its jobs', so they agree to the cent. */
export function sumPricing(items: JobPricingTotals[]): JobPricingTotals {
  return {
    labor: sumDecimals(items.map((item) => item.labor)),
    parts: sumDecimals(items.map((item) => item.parts)),
    fees: sumDecimals(items.map((item) => item.fees)),
    discounts: sumDecimals(items.map((item) => item.discounts)),
    subtotal: sumDecimals(items.map((item) => item.subtotal)),
    tax: sumDecimals(items.map((item) => item.tax)),
    total: sumDecimals(items.map((item) => item.total)),
  }
}

/** True when `value` is within ±moneyLimits.amount. */
export function isWithinAmountLimit(value: Decimal): boolean {
  return !exact(value).abs().greaterThan(moneyLimits.amount)
}

/**
 * The first of the totals beyond ±moneyLimits.amount (named as in `pricing`), or null when every total is
 * within it. Checked before any total is written (repricing, posting): a column cannot overflow.
 *
 * With `previous` (the totals as stored), a total beyond the limit that moves no further from zero is let
 * through: an order an earlier version let grow past the limit can still be brought back under it, one
 * declined job at a time, and a tax can still be lowered; nothing grows past the limit.
 */
export function totalBeyondLimit(
  totals: JobPricingTotals,
  previous?: JobPricingTotals,
): { name: keyof JobPricingTotals; value: Decimal } | null {
  // The total first: it is the figure people read; a component alone beyond the limit is named after.
  const order: (keyof JobPricingTotals)[] = ['total', 'subtotal', 'tax', 'labor', 'parts', 'fees', 'discounts']
  for (const field of order) {
    const value = totals[field]
    if (isWithinAmountLimit(value)) continue
    if (previous && !exact(value).abs().greaterThan(exact(previous[field]).abs())) continue
    return { name: field, value }
  }
  return null
}

export interface PricingJson {
  currency: string
  labor: string
  parts: string
  fees: string
  discounts: string
  subtotal: string
  tax: string
  total: string
}

/** The API shape: every amount a 2-place decimal string, the currency beside them. */
export function pricingToJson(totals: JobPricingTotals, currency: string): PricingJson {
  return {
    currency,
    labor: formatMoney(totals.labor),
    parts: formatMoney(totals.parts),
    fees: formatMoney(totals.fees),
    discounts: formatMoney(totals.discounts),
    subtotal: formatMoney(totals.subtotal),
    tax: formatMoney(totals.tax),
    total: formatMoney(totals.total),
  }
}
