// The numbers of invoices and credit notes, exact to the cent: lines built from a repair order's jobs,
// document-level discounts and each job's taxes allocated to lines, and credits bounded by what an
// invoice charged. Pure: the services read the rows, this computes, they write what it returns.
import type { Decimal } from 'decimal.js'
import {
  ExactDecimal,
  type JobKind,
  type JobPricingTotals,
  jobTaxes,
  lineAmount,
  roundMoney,
  sumDecimals,
  type TaxCategory,
  type TaxRule,
} from './money.js'

const ZERO = new ExactDecimal(0)

function toCents(value: Decimal, what: string): bigint {
  const cents = new ExactDecimal(value).times(100)
  if (!cents.isInteger()) throw new RangeError(`${what} must be whole cents, got ${value.toFixed()}`)
  return BigInt(cents.toFixed(0))
}

function fromCents(cents: bigint): Decimal {
  return new ExactDecimal(cents.toString()).dividedBy(100)
}

/**
 * Splits `amount` over `weights` in proportion, in whole cents, by the largest-remainder (Hamilton)
 * method: every share is the floor of its exact quota `amount × weight / Σ weights`, then the cents
 * left over go one each to the largest remainders, ties to the earlier position (the line order of the
 * document). Integer arithmetic on cents, so the remainders compare exactly.
 *
 * The shares add up to `amount` exactly; each lies between the floor and the ceiling of its quota, so
 * no share exceeds its weight when `amount` does not exceed the sum of the weights, a zero weight gets
 * nothing, and the same input always gives the same shares. Amounts and weights are non-negative money
 * (at most 2 decimal places).
 */
export function allocateCents(amount: Decimal, weights: readonly Decimal[]): Decimal[] {
  const total = toCents(amount, 'amount')
  if (total < 0n) throw new RangeError(`amount must not be negative, got ${amount.toFixed()}`)
  const units = weights.map((weight) => toCents(weight, 'weight'))
  if (units.some((unit) => unit < 0n)) throw new RangeError('weights must not be negative')
  if (total === 0n) return weights.map(() => ZERO)
  const sumOfWeights = units.reduce((left, right) => left + right, 0n)
  if (sumOfWeights === 0n) throw new RangeError(`cannot allocate ${amount.toFixed(2)} over weights that are all zero`)
  const floors = units.map((unit) => (total * unit) / sumOfWeights)
  const remainders = units.map((unit) => (total * unit) % sumOfWeights)
  let leftover = total - floors.reduce((left, right) => left + right, 0n)
  const byRemainder = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of byRemainder) {
    if (leftover === 0n) break
    floors[index] = (floors[index] as bigint) + 1n
    leftover -= 1n
  }
  return floors.map(fromCents)
}

// ---------------------------------------------------------------------------------------------------
// Invoices

/**
 * The line types of an invoice: `service` a labor entry of a service job (the work the order sold),
 * `labor` a labor entry of any other job (a no-charge or fee job), `part` a part entry, `fee` the amount
 * of a fee job, `discount` a discount job.
 */
export type InvoiceLineType = 'service' | 'labor' | 'part' | 'fee' | 'discount'

/** The tax category of each charged line type; a discount line is never taxed. */
const lineCategory: Record<Exclude<InvoiceLineType, 'discount'>, TaxCategory> = {
  service: 'labor',
  labor: 'labor',
  part: 'parts',
  fee: 'fees',
}

function categoryOf(type: InvoiceLineType): TaxCategory | null {
  return type === 'discount' ? null : lineCategory[type]
}

/** One job of the order being invoiced, with its lines; `ref` names it in what comes back. */
export interface InvoiceJob {
  ref: string
  name: string
  kind: JobKind
  taxable: boolean
  /** The fee (kind `fee`) or the discount (kind `discount`), positive; ignored for other kinds. */
  flatAmount: Decimal | null
  labor: { description: string | null; hours: Decimal; rate: Decimal }[]
  parts: { description: string; quantity: Decimal; unitPrice: Decimal }[]
}

export interface InvoiceLineDraft {
  /** 1-based position on the document. */
  number: number
  type: InvoiceLineType
  jobRef: string
  description: string
  /** Hours of a service or labor line, quantity of a part, 1 for a fee or a discount. */
  quantity: Decimal
  /** Rate, unit price, fee amount, or the discount (negative). */
  unitPrice: Decimal
  /** quantity × unitPrice: negative on a discount line only. */
  gross: Decimal
  /**
   * On a charged line its share of the discounts (its own job's no-charge discount and the order's
   * discount jobs, allocated). On a discount line the whole discount allocated away, equal to gross, so
   * that the line adds nothing more to the total than the charged lines already carry.
   */
  discountAlloc: Decimal
  /** Its share of each tax, in the order of the rules. */
  taxAllocs: Decimal[]
  taxAlloc: Decimal
  /** gross − discountAlloc + taxAlloc. */
  lineTotal: Decimal
}

/** One tax on the document: the sum of the jobs' bases and amounts (each rounded per job). */
export interface InvoiceTaxDraft {
  taxableAmount: Decimal
  amount: Decimal
}

/** A discount job of the order: a document-level discount, allocated to the lines. */
export interface InvoiceDiscountDraft {
  jobRef: string
  description: string
  amount: Decimal
}

export interface InvoiceDraft {
  lines: InvoiceLineDraft[]
  /** One per rule, in the rules' order (zero amounts included). */
  taxes: InvoiceTaxDraft[]
  discounts: InvoiceDiscountDraft[]
  /** The same fields as a repair order's pricing; `discounts` is zero or negative. */
  totals: JobPricingTotals
}

/** The order's discounts are larger than what it charges: a document cannot be negative. */
export class DiscountExceedsChargesError extends Error {
  override name = 'DiscountExceedsChargesError'
  constructor(
    readonly discounts: Decimal,
    readonly charges: Decimal,
  ) {
    super(`discounts of ${discounts.toFixed(2)} exceed the ${charges.toFixed(2)} the order charges`)
  }
}

interface PendingLine extends Omit<InvoiceLineDraft, 'number' | 'discountAlloc' | 'taxAlloc' | 'lineTotal'> {
  /** A no-charge job's discount of its own line, or on a discount line the discount allocated away. */
  ownDiscount: Decimal
}

/**
 * The lines of one job, in a fixed order: its discount or fee, then labor, then parts, each in the
 * given order. A zero discount job makes no line.
 */
function linesOfJob(job: InvoiceJob, ruleCount: number): PendingLine[] {
  const noCharge = job.kind === 'no_charge'
  const lines: PendingLine[] = []
  const taxAllocs = () => Array.from({ length: ruleCount }, () => ZERO)
  if (job.kind === 'discount' && job.flatAmount !== null && !roundMoney(job.flatAmount).isZero()) {
    const discount = roundMoney(job.flatAmount).negated()
    lines.push({
      type: 'discount',
      jobRef: job.ref,
      description: job.name,
      quantity: new ExactDecimal(1),
      unitPrice: discount,
      gross: discount,
      ownDiscount: discount,
      taxAllocs: taxAllocs(),
    })
  }
  const laborType: InvoiceLineType = job.kind === 'service' ? 'service' : 'labor'
  const add = (type: InvoiceLineType, description: string, quantity: Decimal, unitPrice: Decimal) => {
    const gross = lineAmount(quantity, unitPrice)
    lines.push({
      type,
      jobRef: job.ref,
      description,
      quantity,
      unitPrice,
      gross,
      // A no-charge job shows its work and discounts all of it, line by line (no allocation needed).
      ownDiscount: noCharge ? gross : ZERO,
      taxAllocs: taxAllocs(),
    })
  }
  if (job.kind === 'fee' && job.flatAmount !== null) {
    add('fee', job.name, new ExactDecimal(1), roundMoney(job.flatAmount))
  }
  for (const labor of job.labor) add(laborType, labor.description ?? job.name, labor.hours, labor.rate)
  for (const part of job.parts) add('part', part.description, part.quantity, part.unitPrice)
  return lines
}

/**
 * The invoice of a repair order's jobs (given in document order):
 * - lines: per job its fee (kind `fee`) or its discount (kind `discount`), its labor entries (`service`
 *   on a service job, `labor` on others) and its part entries; a no-charge job's lines are discounted
 *   whole;
 * - taxes: each job's taxes exactly as its pricing computes them (jobTaxes, rounded once per job and
 *   tax), each allocated to that job's lines of the tax's categories in proportion to their gross
 *   amounts, by allocateCents;
 * - discounts: the discount jobs' amounts together, a document-level discount allocated to all charged
 *   lines in proportion to what each still charges (gross − its own discount), by allocateCents;
 *   discounts never lower tax (the pricing rule), so allocation does not touch tax_alloc. Each discount
 *   job is also a `discount` line stating it: gross −amount, discount_alloc −amount (all of it
 *   allocated away to the charged lines), tax 0, line_total 0, so it is counted once.
 * Every charged line: line_total = gross − discount_alloc + tax_alloc, none of them negative,
 * discount_alloc ≤ gross. The totals are the sums of the lines and equal the order's pricing
 * (sumPricing of the same jobs) field by field. Throws DiscountExceedsChargesError when discount jobs
 * exceed the charges.
 */
export function buildInvoice(jobs: readonly InvoiceJob[], rules: readonly TaxRule[], taxExempt: boolean): InvoiceDraft {
  const pending: PendingLine[] = []
  const discounts: InvoiceDiscountDraft[] = []
  const taxes: InvoiceTaxDraft[] = rules.map(() => ({ taxableAmount: ZERO, amount: ZERO }))
  for (const job of jobs) {
    if (job.kind === 'discount' && job.flatAmount !== null) {
      const amount = roundMoney(job.flatAmount)
      if (!amount.isZero()) discounts.push({ jobRef: job.ref, description: job.name, amount })
    }
    const lines = linesOfJob(job, rules.length)
    const amountOf = (category: TaxCategory) =>
      sumDecimals(lines.filter((line) => categoryOf(line.type) === category).map((line) => line.gross))
    const jobTax = jobTaxes(
      { kind: job.kind, taxable: job.taxable, taxExempt },
      { labor: amountOf('labor'), parts: amountOf('parts'), fees: amountOf('fees') },
      rules,
    )
    jobTax.forEach((tax, position) => {
      const total = taxes[position] as InvoiceTaxDraft
      taxes[position] = { taxableAmount: total.taxableAmount.plus(tax.base), amount: total.amount.plus(tax.amount) }
      if (tax.amount.isZero()) return
      const appliesTo = (rules[position] as TaxRule).appliesTo
      const taxedLines = lines.filter((line) => {
        const category = categoryOf(line.type)
        return category !== null && appliesTo.includes(category)
      })
      const shares = allocateCents(
        tax.amount,
        taxedLines.map((line) => line.gross),
      )
      taxedLines.forEach((line, index) => {
        line.taxAllocs[position] = (line.taxAllocs[position] as Decimal).plus(shares[index] as Decimal)
      })
    })
    pending.push(...lines)
  }
  const documentDiscount = sumDecimals(discounts.map((discount) => discount.amount))
  // A discount line charges nothing (gross − its discount allocated away is zero): it gets no share.
  const charges = pending.map((line) => line.gross.minus(line.ownDiscount))
  const chargeTotal = sumDecimals(charges)
  if (documentDiscount.greaterThan(chargeTotal)) throw new DiscountExceedsChargesError(documentDiscount, chargeTotal)
  const discountShares = allocateCents(documentDiscount, charges)
  const lines: InvoiceLineDraft[] = pending.map(({ ownDiscount, ...line }, index) => {
    const discountAlloc = ownDiscount.plus(discountShares[index] as Decimal)
    const taxAlloc = sumDecimals(line.taxAllocs)
    return {
      number: index + 1,
      ...line,
      discountAlloc,
      taxAlloc,
      lineTotal: line.gross.minus(discountAlloc).plus(taxAlloc),
    }
  })
  return { lines, taxes, discounts, totals: documentTotals(lines) }
}

/**
 * Totals as sums of lines: labor (service and labor lines), parts and fees from the gross amounts by
 * type; discounts from the gross of the discount lines less every discount_alloc (the discount lines'
 * own cancel the shares allocated from them, which leaves each discount counted once).
 */
function documentTotals(
  lines: readonly {
    type: InvoiceLineType
    gross: Decimal
    discountAlloc: Decimal
    taxAlloc: Decimal
    lineTotal: Decimal
  }[],
): JobPricingTotals {
  const grossOf = (type: InvoiceLineType) =>
    sumDecimals(lines.filter((line) => line.type === type).map((line) => line.gross))
  const labor = grossOf('service').plus(grossOf('labor'))
  const parts = grossOf('part')
  const fees = grossOf('fee')
  const discounts = roundMoney(grossOf('discount').minus(sumDecimals(lines.map((line) => line.discountAlloc))))
  const subtotal = labor.plus(parts).plus(fees).plus(discounts)
  const tax = sumDecimals(lines.map((line) => line.taxAlloc))
  return { labor, parts, fees, discounts, subtotal, tax, total: sumDecimals(lines.map((line) => line.lineTotal)) }
}

// ---------------------------------------------------------------------------------------------------
// Credit notes

/**
 * What is left to credit on one line of an invoice: its net charge (gross − discount_alloc) and each
 * tax share, minus what earlier credit notes (not voided) took from it.
 */
export interface CreditableLine {
  number: number
  type: InvoiceLineType
  jobRef: string
  description: string
  remainingNet: Decimal
  remainingTaxes: Decimal[]
}

/**
 * One line of a credit note: it credits `credits` (a line number of the invoice). Amounts are positive
 * (the document type says they are a credit): `gross` is the net charge credited, with no discount of
 * its own, and `taxAllocs` the tax credited per rule.
 */
export interface CreditLineDraft {
  number: number
  credits: number
  type: InvoiceLineType
  jobRef: string
  description: string
  gross: Decimal
  discountAlloc: Decimal
  taxAllocs: Decimal[]
  taxAlloc: Decimal
  lineTotal: Decimal
}

export interface CreditNoteDraft {
  lines: CreditLineDraft[]
  /** Tax credited per rule of the invoice, in its order. */
  taxes: Decimal[]
  totals: JobPricingTotals
}

function remainingTotal(line: CreditableLine): Decimal {
  return line.remainingNet.plus(sumDecimals(line.remainingTaxes))
}

/** A credit is larger than what is left to credit. */
export class CreditExceedsRemainingError extends Error {
  override name = 'CreditExceedsRemainingError'
  constructor(
    readonly requested: Decimal,
    readonly remaining: Decimal,
  ) {
    super(`a credit of ${requested.toFixed(2)} exceeds the ${remaining.toFixed(2)} left to credit`)
  }
}

function creditNote(credited: { line: CreditableLine; amount: Decimal }[]): CreditNoteDraft {
  const lines: CreditLineDraft[] = []
  for (const { line, amount } of credited) {
    if (amount.isZero()) continue
    // The line's credit splits into net and each tax in proportion to what remains of them: shares never
    // exceed what remains, and crediting all that remains takes each part whole.
    const [net, ...taxAllocs] = allocateCents(amount, [line.remainingNet, ...line.remainingTaxes]) as [
      Decimal,
      ...Decimal[],
    ]
    const taxAlloc = sumDecimals(taxAllocs)
    lines.push({
      number: lines.length + 1,
      credits: line.number,
      type: line.type,
      jobRef: line.jobRef,
      description: line.description,
      gross: net,
      discountAlloc: ZERO,
      taxAllocs,
      taxAlloc,
      lineTotal: net.plus(taxAlloc),
    })
  }
  const ruleCount = credited[0]?.line.remainingTaxes.length ?? 0
  const taxes = Array.from({ length: ruleCount }, (_, position) =>
    sumDecimals(lines.map((line) => line.taxAllocs[position] as Decimal)),
  )
  return { lines, taxes, totals: documentTotals(lines) }
}

/**
 * A credit of `amount` (tax included) spread over the invoice's lines in proportion to what remains to
 * credit on each (allocateCents), each line's share split into net and taxes the same way. Throws
 * CreditExceedsRemainingError when `amount` exceeds what remains on the whole invoice.
 */
export function creditAmount(amount: Decimal, lines: readonly CreditableLine[]): CreditNoteDraft {
  const remaining = lines.map(remainingTotal)
  const available = sumDecimals(remaining)
  if (amount.greaterThan(available)) throw new CreditExceedsRemainingError(amount, available)
  const shares = allocateCents(amount, remaining)
  return creditNote(lines.map((line, index) => ({ line, amount: shares[index] as Decimal })))
}

/** A credit of everything that remains on the chosen lines (in the invoice's line order). */
export function creditWholeLines(lines: readonly CreditableLine[]): CreditNoteDraft {
  return creditNote(lines.map((line) => ({ line, amount: remainingTotal(line) })))
}
