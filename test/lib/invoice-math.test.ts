import { Decimal } from 'decimal.js'
import fc from 'fast-check'
import t from 'tap'
import {
  allocateCents,
  buildInvoice,
  type CreditableLine,
  CreditExceedsRemainingError,
  type CreditNoteDraft,
  creditAmount,
  creditWholeLines,
  DiscountExceedsChargesError,
  type InvoiceDraft,
  type InvoiceJob,
} from '../../src/lib/invoice-math.js'
import { computeJobPricing, formatMoney, sumPricing, type TaxRule, taxCategories } from '../../src/lib/money.js'

const d = (value: string) => new Decimal(value)
const money = (values: Decimal[]) => values.map((value) => formatMoney(value))

t.test('allocateCents: largest remainders on whole cents, ties to the earlier position', async (t) => {
  t.same(money(allocateCents(d('10.00'), [d('1'), d('1'), d('1')])), ['3.34', '3.33', '3.33'], 'a tie: first wins')
  t.same(money(allocateCents(d('0.02'), [d('1'), d('1'), d('1')])), ['0.01', '0.01', '0.00'])
  // Quotas 1.666.., 3.333.., 5.00: floors 1.66, 3.33, 5.00, one cent left for the largest remainder.
  t.same(money(allocateCents(d('10.00'), [d('1.00'), d('2.00'), d('3.00')])), ['1.67', '3.33', '5.00'])
  // Quotas 0.125 and 0.875 (cents 12.5 and 87.5): equal remainders, the earlier takes the cent.
  t.same(money(allocateCents(d('1.00'), [d('0.01'), d('0.07')])), ['0.13', '0.87'])
  t.same(money(allocateCents(d('5.00'), [d('0'), d('7.50'), d('0')])), ['0.00', '5.00', '0.00'], 'zero weight: zero')
  t.same(money(allocateCents(d('0'), [d('0'), d('0')])), ['0.00', '0.00'], 'nothing to allocate over nothing')
  t.throws(() => allocateCents(d('1.00'), [d('0'), d('0')]), RangeError, 'an amount needs a weight')
  t.throws(() => allocateCents(d('0.005'), [d('1')]), RangeError, 'only whole cents')
  t.throws(() => allocateCents(d('-1.00'), [d('1')]), RangeError, 'never negative')
})

const cents = (max: number) => fc.integer({ min: 0, max }).map((value) => new Decimal(value).dividedBy(100))

t.test('property: allocateCents adds up exactly, stays within floor and ceiling, is deterministic', async (t) => {
  fc.assert(
    fc.property(
      fc.array(cents(1_000_000), { minLength: 1, maxLength: 12 }).filter((weights) => weights.some((w) => !w.isZero())),
      fc.integer({ min: 0, max: 10_000 }),
      (weights, permille) => {
        const total = weights.reduce((sum, weight) => sum.plus(weight), new Decimal(0))
        // Amounts up to (and including) the sum of the weights, in whole cents.
        const amount = total.times(permille).dividedBy(10_000).toDecimalPlaces(2, Decimal.ROUND_DOWN)
        const shares = allocateCents(amount, weights)
        if (!shares.reduce((sum, share) => sum.plus(share), new Decimal(0)).equals(amount)) return false
        for (const [index, share] of shares.entries()) {
          const weight = weights[index] as Decimal
          const quota = amount.times(weight).dividedBy(total)
          if (share.lessThan(quota.toDecimalPlaces(2, Decimal.ROUND_FLOOR))) return false
          if (share.greaterThan(quota.toDecimalPlaces(2, Decimal.ROUND_CEIL))) return false
          if (share.greaterThan(weight) || share.isNegative()) return false
        }
        return money(allocateCents(amount, weights)).join() === money(shares).join()
      },
    ),
    { numRuns: 1000 },
  )
  t.pass('1000 random allocations')
})

const salesTax: TaxRule = { rate: d('8.875'), appliesTo: ['labor', 'parts', 'fees'] }

function job(overrides: Partial<InvoiceJob> & { ref: string }): InvoiceJob {
  return {
    name: overrides.ref,
    kind: 'service',
    taxable: true,
    flatAmount: null,
    labor: [],
    parts: [],
    ...overrides,
  }
}

const lineView = (draft: InvoiceDraft) =>
  draft.lines.map((line) => [
    line.number,
    line.type,
    line.jobRef,
    formatMoney(line.gross),
    formatMoney(line.discountAlloc),
    formatMoney(line.taxAlloc),
    formatMoney(line.lineTotal),
  ])

t.test('an invoice of service, fee, no-charge and discount jobs, to the cent', async (t) => {
  const jobs = [
    job({
      ref: 'brakes',
      labor: [{ description: 'Replace pads', hours: d('1.5'), rate: d('120.00') }],
      parts: [{ description: 'Pads', quantity: d('1'), unitPrice: d('59.99') }],
    }),
    job({ ref: 'supplies', kind: 'fee', flatAmount: d('12.50') }),
    job({ ref: 'courtesy', kind: 'no_charge', labor: [{ description: null, hours: d('0.3'), rate: d('120.00') }] }),
    job({ ref: 'loyalty', kind: 'discount', flatAmount: d('25.00') }),
  ]
  const draft = buildInvoice(jobs, [salesTax], false)
  // brakes tax 239.99 × 8.875 % = 21.2991125 -> 21.30, split 180 : 59.99 -> 15.9745.. / 5.3241..
  // (floors 15.97 and 5.32, the cent to the larger remainder, brakes labor); supplies 1.109375 -> 1.11.
  // The 25.00 discount goes over the charges 180, 59.99, 12.50 (no-charge line: 0) = 252.49; its own
  // line states it and allocates all of it away, so it adds nothing to the total.
  t.same(lineView(draft), [
    [1, 'service', 'brakes', '180.00', '17.82', '15.98', '178.16'],
    [2, 'part', 'brakes', '59.99', '5.94', '5.32', '59.37'],
    [3, 'fee', 'supplies', '12.50', '1.24', '1.11', '12.37'],
    [4, 'labor', 'courtesy', '36.00', '36.00', '0.00', '0.00'],
    [5, 'discount', 'loyalty', '-25.00', '-25.00', '0.00', '0.00'],
  ])
  t.same(
    [formatMoney(draft.lines[4]?.quantity ?? d('0')), formatMoney(draft.lines[4]?.unitPrice ?? d('0'))],
    ['1.00', '-25.00'],
    'a discount line: once the negative amount',
  )
  t.equal(draft.lines[3]?.description, 'courtesy', 'a labor entry without a description is named by its job')
  t.same(
    draft.discounts.map((discount) => [discount.jobRef, formatMoney(discount.amount)]),
    [['loyalty', '25.00']],
  )
  t.same(
    draft.taxes.map((tax) => [formatMoney(tax.taxableAmount), formatMoney(tax.amount)]),
    [['252.49', '22.41']],
  )
  const expected = sumPricing(
    jobs.map((input) =>
      computeJobPricing({
        kind: input.kind,
        labor: input.labor,
        parts: input.parts,
        flatAmount: input.flatAmount,
        taxable: input.taxable,
        taxes: [salesTax],
        taxExempt: false,
      }),
    ),
  )
  for (const field of ['labor', 'parts', 'fees', 'discounts', 'subtotal', 'tax', 'total'] as const) {
    t.equal(formatMoney(draft.totals[field]), formatMoney(expected[field]), `${field} as the repair order has it`)
  }
  t.equal(formatMoney(draft.totals.total), '249.90')
})

t.test('taxes apply to their categories only, and an exempt order has none', async (t) => {
  const rules: TaxRule[] = [
    { rate: d('6'), appliesTo: ['parts'] },
    { rate: d('2.5'), appliesTo: ['labor', 'fees'] },
  ]
  const jobs = [
    job({
      ref: 'a',
      labor: [{ description: 'L', hours: d('1'), rate: d('100') }],
      parts: [
        { description: 'P1', quantity: d('1'), unitPrice: d('10') },
        { description: 'P2', quantity: d('2'), unitPrice: d('5') },
      ],
    }),
  ]
  const draft = buildInvoice(jobs, rules, false)
  t.same(
    draft.lines.map((line) => money(line.taxAllocs)),
    [
      ['0.00', '2.50'],
      ['0.60', '0.00'],
      ['0.60', '0.00'],
    ],
  )
  const exempt = buildInvoice(jobs, rules, true)
  t.same(money(exempt.lines.map((line) => line.taxAlloc)), ['0.00', '0.00', '0.00'])
  t.same(
    exempt.taxes.map((tax) => [formatMoney(tax.taxableAmount), formatMoney(tax.amount)]),
    [
      ['0.00', '0.00'],
      ['0.00', '0.00'],
    ],
  )
})

t.test('discounts larger than the charges are refused; equal ones make a zero invoice', async (t) => {
  const work = job({ ref: 'w', labor: [{ description: 'L', hours: d('1'), rate: d('50') }] })
  t.throws(
    () => buildInvoice([work, job({ ref: 'x', kind: 'discount', flatAmount: d('50.01') })], [salesTax], false),
    DiscountExceedsChargesError,
  )
  const zero = buildInvoice([work, job({ ref: 'x', kind: 'discount', flatAmount: d('50') })], [salesTax], false)
  t.same(
    lineView(zero),
    [
      [1, 'service', 'w', '50.00', '50.00', '4.44', '4.44'],
      [2, 'discount', 'x', '-50.00', '-50.00', '0.00', '0.00'],
    ],
    'tax is on the gross: discounts never lower it',
  )
})

// Random repair orders: jobs of every kind with labor, parts and amounts, up to 3 named taxes on random
// categories, taxable or not, exempt or not.
const amount = (maxCents: number, places = 2) =>
  fc.integer({ min: 0, max: maxCents }).map((units) => new Decimal(units).dividedBy(10 ** places))

const invoiceJob = fc.record({
  ref: fc.string({ minLength: 1, maxLength: 4 }),
  name: fc.constant('job'),
  kind: fc.constantFrom('service', 'service', 'fee', 'discount', 'no_charge'),
  taxable: fc.boolean(),
  flatAmount: fc.option(amount(50_000), { nil: null }),
  labor: fc.array(fc.record({ description: fc.constant(null), hours: amount(2_000), rate: amount(20_000) }), {
    maxLength: 3,
  }),
  parts: fc.array(
    fc.record({ description: fc.constant('part'), quantity: amount(20_000, 3), unitPrice: amount(100_000) }),
    { maxLength: 4 },
  ),
}) as fc.Arbitrary<InvoiceJob>

const rulesArbitrary = fc.array(
  fc.record({ rate: amount(150_000, 4), appliesTo: fc.subarray([...taxCategories], { minLength: 1 }) }),
  { maxLength: 3 },
)

const order = fc.record({ jobs: fc.array(invoiceJob, { maxLength: 8 }), rules: rulesArbitrary, exempt: fc.boolean() })

const sum = (values: Decimal[]) => values.reduce((total, value) => total.plus(value), new Decimal(0))
const fields = ['labor', 'parts', 'fees', 'discounts', 'subtotal', 'tax', 'total'] as const

t.test('property: lines sum to the header to the cent and agree with the repair order', async (t) => {
  let posted = 0
  fc.assert(
    fc.property(order, ({ jobs: randomJobs, rules, exempt }) => {
      // Each job named by its position, so that a line leads back to its job.
      const jobs = randomJobs.map((input, index) => ({ ...input, ref: `j${index}` }))
      const pricing = sumPricing(
        jobs.map((input) =>
          computeJobPricing({
            kind: input.kind,
            labor: input.labor,
            parts: input.parts,
            flatAmount: input.flatAmount,
            taxable: input.taxable,
            taxes: rules,
            taxExempt: exempt,
          }),
        ),
      )
      let draft: InvoiceDraft
      try {
        draft = buildInvoice(jobs, rules, exempt)
      } catch (error) {
        // Refused exactly when the order's discounts exceed its charges (a negative subtotal).
        return error instanceof DiscountExceedsChargesError && pricing.subtotal.isNegative()
      }
      posted += 1
      const { lines, totals, taxes } = draft
      for (const field of fields) if (!totals[field].equals(pricing[field])) return false
      if (!sum(lines.map((line) => line.lineTotal)).equals(totals.total)) return false
      if (!sum(lines.map((line) => line.taxAlloc)).equals(totals.tax)) return false
      const charged = lines.filter((line) => line.type !== 'discount')
      const discountLines = lines.filter((line) => line.type === 'discount')
      // The discounts are all in the charged lines' discount_alloc, and the discount lines cancel out.
      if (
        !sum(charged.map((line) => line.discountAlloc))
          .negated()
          .equals(totals.discounts)
      )
        return false
      if (
        !sum(discountLines.map((line) => line.gross))
          .minus(sum(lines.map((line) => line.discountAlloc)))
          .equals(totals.discounts)
      )
        return false
      const grossOf = (...types: string[]) =>
        sum(lines.filter((line) => types.includes(line.type)).map((line) => line.gross))
      if (!grossOf('service', 'labor').equals(totals.labor) || !grossOf('part').equals(totals.parts)) return false
      // One discount line per discount job with an amount, stating it.
      const discountJobs = jobs.filter(
        (input) => input.kind === 'discount' && input.flatAmount !== null && !input.flatAmount.isZero(),
      )
      if (discountLines.length !== discountJobs.length) return false
      for (const [index, line] of discountLines.entries()) {
        const discount = (discountJobs[index] as InvoiceJob).flatAmount as Decimal
        if (!line.gross.equals(discount.negated()) || !line.discountAlloc.equals(line.gross)) return false
        if (!line.taxAlloc.isZero() || !line.lineTotal.isZero()) return false
      }
      // Labor of a service job is a service line, labor of any other job a labor line.
      const laborLines = lines.filter((line) => line.type === 'service' || line.type === 'labor')
      for (const line of laborLines) {
        const kind = jobs.find((input) => input.ref === line.jobRef)?.kind
        if ((line.type === 'service') !== (kind === 'service')) return false
      }
      if (!sum(taxes.map((tax) => tax.amount)).equals(totals.tax)) return false
      for (const [position, tax] of taxes.entries()) {
        if (!sum(lines.map((line) => line.taxAllocs[position] as Decimal)).equals(tax.amount)) return false
      }
      for (const line of charged) {
        if (line.gross.isNegative() || line.discountAlloc.isNegative() || line.taxAlloc.isNegative()) return false
        if (line.discountAlloc.greaterThan(line.gross)) return false
        if (line.taxAllocs.some((share) => share.isNegative())) return false
      }
      for (const line of lines) {
        if (!line.lineTotal.equals(line.gross.minus(line.discountAlloc).plus(line.taxAlloc))) return false
        for (const value of [line.gross, line.discountAlloc, line.taxAlloc, line.lineTotal]) {
          if (value.decimalPlaces() > 2) return false
        }
      }
      // Posting the same order again gives the same numbers.
      return JSON.stringify(buildInvoice(jobs, rules, exempt)) === JSON.stringify(draft)
    }),
    { numRuns: 1000 },
  )
  t.ok(posted > 500, `most random orders post (${posted} of 1000)`)
})

function creditable(draft: InvoiceDraft): CreditableLine[] {
  return draft.lines.map((line) => ({
    number: line.number,
    type: line.type,
    jobRef: line.jobRef,
    description: line.description,
    remainingNet: line.gross.minus(line.discountAlloc),
    remainingTaxes: [...line.taxAllocs],
  }))
}

/** What remains after a credit note: each line's net and taxes minus what the note credits on it. */
function afterCredit(lines: CreditableLine[], note: CreditNoteDraft): CreditableLine[] {
  return lines.map((line) => {
    const credit = note.lines.find((entry) => entry.credits === line.number)
    if (!credit) return line
    return {
      ...line,
      remainingNet: line.remainingNet.minus(credit.gross),
      remainingTaxes: line.remainingTaxes.map((tax, position) => tax.minus(credit.taxAllocs[position] as Decimal)),
    }
  })
}

t.test('credit notes: by amount in proportion, by line whole, never beyond what remains', async (t) => {
  const draft = buildInvoice(
    [
      job({
        ref: 'brakes',
        labor: [{ description: 'Replace pads', hours: d('1.5'), rate: d('120.00') }],
        parts: [{ description: 'Pads', quantity: d('1'), unitPrice: d('59.99') }],
      }),
    ],
    [salesTax],
    false,
  )
  let lines = creditable(draft)
  const byAmount = creditAmount(d('25.00'), lines)
  // 25.00 over 195.98 and 65.31 (the line totals), then each share over its net and tax.
  t.same(
    byAmount.lines.map((line) => [
      line.credits,
      formatMoney(line.gross),
      formatMoney(line.taxAlloc),
      formatMoney(line.lineTotal),
    ]),
    [
      [1, '17.22', '1.53', '18.75'],
      [2, '5.74', '0.51', '6.25'],
    ],
  )
  t.equal(formatMoney(byAmount.totals.total), '25.00')
  t.same(money(byAmount.taxes), ['2.04'])
  lines = afterCredit(lines, byAmount)
  const whole = creditWholeLines(lines.filter((line) => line.number === 2))
  t.same(
    whole.lines.map((line) => [line.credits, formatMoney(line.gross), formatMoney(line.taxAlloc)]),
    [[2, '54.25', '4.81']],
    'a whole line: what the earlier credit left of it',
  )
  lines = afterCredit(lines, whole)
  t.throws(() => creditAmount(d('177.24'), lines), CreditExceedsRemainingError, 'more than remains')
  const rest = creditAmount(d('177.23'), lines)
  t.same(
    rest.lines.map((line) => line.credits),
    [1],
    'a line with nothing left gets no credit line',
  )
  const final = afterCredit(lines, rest)
  t.ok(
    final.every((line) => line.remainingNet.isZero() && line.remainingTaxes.every((tax) => tax.isZero())),
    'everything credited',
  )
  t.equal(
    formatMoney(sum([byAmount, whole, rest].map((note) => note.totals.total))),
    formatMoney(draft.totals.total),
    'the credits add up to the invoice',
  )
})

t.test('property: credits never exceed what the invoice charged, per line and per tax', async (t) => {
  fc.assert(
    fc.property(
      order,
      fc.array(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(-1)), { maxLength: 6 }),
      ({ jobs, rules, exempt }, requests) => {
        let draft: InvoiceDraft
        try {
          draft = buildInvoice(jobs, rules, exempt)
        } catch {
          return true
        }
        let lines = creditable(draft)
        let credited = new Decimal(0)
        for (const request of requests) {
          const remaining = sum(lines.map((line) => line.remainingNet.plus(sum(line.remainingTaxes))))
          // -1: every line with something left, whole; otherwise that fraction (per 10,000) of what remains.
          const note =
            request === -1
              ? creditWholeLines(lines)
              : creditAmount(remaining.times(request).dividedBy(10_000).toDecimalPlaces(2, Decimal.ROUND_DOWN), lines)
          if (note.totals.total.greaterThan(remaining)) return false
          for (const line of note.lines) {
            if (line.type === 'discount') return false
            if (line.gross.isNegative() || line.taxAllocs.some((tax) => tax.isNegative())) return false
            if (!line.lineTotal.equals(line.gross.plus(line.taxAlloc))) return false
          }
          if (!sum(note.taxes).equals(note.totals.tax)) return false
          lines = afterCredit(lines, note)
          if (
            lines.some((line) => line.remainingNet.isNegative() || line.remainingTaxes.some((tax) => tax.isNegative()))
          )
            return false
          credited = credited.plus(note.totals.total)
        }
        const left = sum(lines.map((line) => line.remainingNet.plus(sum(line.remainingTaxes))))
        return credited.plus(left).equals(draft.totals.total)
      },
    ),
    { numRuns: 500 },
  )
  t.pass('500 random invoices credited in random steps')
})
