import { Decimal } from 'decimal.js'
import fc from 'fast-check'
import t from 'tap'
import {
  computeJobPricing,
  DecimalInputError,
  formatHours,
  formatMoney,
  formatQuantity,
  type JobPricingInput,
  type JobPricingTotals,
  lineAmount,
  parseDecimalInput,
  pricingToJson,
  sumPricing,
  type TaxCategory,
  type TaxRule,
  taxCategories,
} from '../../src/lib/money.js'

const d = (value: string) => new Decimal(value)
const salesTax = (rate: string, appliesTo: readonly TaxCategory[] = taxCategories): TaxRule => ({
  rate: d(rate),
  appliesTo,
})
const money = { maxScale: 2 }
const moneyPattern = /^-?\d+\.\d{2}$/

function service(overrides: Partial<JobPricingInput> = {}): JobPricingInput {
  return {
    kind: 'service',
    labor: [],
    parts: [],
    flatAmount: null,
    taxable: true,
    taxes: [salesTax('8.25')],
    taxExempt: false,
    ...overrides,
  }
}

t.test('parseDecimalInput reads plain decimal strings', async (t) => {
  t.equal(parseDecimalInput('120', money).toFixed(2), '120.00')
  t.equal(parseDecimalInput('120.5', money).toFixed(), '120.5')
  t.equal(parseDecimalInput('0.25', money).toFixed(), '0.25')
  t.equal(parseDecimalInput('007.10', money).toFixed(), '7.1', 'leading zeros are harmless')
  t.equal(parseDecimalInput('-3.00', { maxScale: 2, min: '-100' }).toFixed(2), '-3.00')
  t.equal(parseDecimalInput('2.125', { maxScale: 3 }).toFixed(), '2.125')
  t.equal(parseDecimalInput('0.0825', { maxScale: 4, max: '1' }).toFixed(), '0.0825')
  const negativeZero = parseDecimalInput('-0.00', money)
  t.ok(negativeZero.isZero())
  t.notOk(negativeZero.isNegative(), 'negative zero reads as plain zero')
  t.equal(formatMoney(negativeZero), '0.00')
  // Far beyond a JS number's 15-17 digits: nothing is lost.
  t.equal(parseDecimalInput('123456789012345.67', money).toFixed(), '123456789012345.67')
})

t.test('parseDecimalInput refuses every other spelling with a message that shows the form', async (t) => {
  for (const bad of [
    '',
    ' ',
    '1e3',
    '1E3',
    '+5',
    ' 5',
    '5 ',
    '0x10',
    '1,5',
    '1.234',
    '.5',
    '5.',
    '--1',
    'NaN',
    '∞',
    '١٢',
  ]) {
    t.throws(
      () => parseDecimalInput(bad, money),
      new DecimalInputError('must be a decimal string with at most 2 decimal places, e.g. 120.00'),
      JSON.stringify(bad),
    )
  }
  t.throws(() => parseDecimalInput('1.5', { maxScale: 0 }), { message: 'must be a whole number as a string, e.g. 120' })
  t.throws(() => parseDecimalInput('1.2345', { maxScale: 3 }), {
    message: 'must be a decimal string with at most 3 decimal places, e.g. 120.000',
  })
  t.throws(() => parseDecimalInput('1.23', { maxScale: 1 }), { message: /at most 1 decimal place, e\.g\. 120\.0$/ })
})

t.test('parseDecimalInput applies bounds; negatives need a negative min', async (t) => {
  t.throws(() => parseDecimalInput('-3.00', money), { message: 'must not be negative (at least 0.00)' })
  t.throws(() => parseDecimalInput('-0.01', { maxScale: 2, min: '0' }), DecimalInputError)
  t.throws(() => parseDecimalInput('-100.01', { maxScale: 2, min: '-100' }), { message: 'must be at least -100.00' })
  t.throws(() => parseDecimalInput('0.50', { maxScale: 2, min: '1' }), { message: 'must be at least 1.00' })
  t.throws(() => parseDecimalInput('1000000.00', { maxScale: 2, max: '999999.99' }), {
    message: 'must be at most 999999.99',
  })
  t.equal(parseDecimalInput('999999.99', { maxScale: 2, max: '999999.99' }).toFixed(), '999999.99', 'max is inclusive')
  t.throws(() => parseDecimalInput('1'.repeat(16), money), {
    message: 'must have at most 15 digits before the decimal point',
  })
  t.equal(parseDecimalInput(`0000${'1'.repeat(15)}`, money).toFixed(), '1'.repeat(15), 'leading zeros are not digits')
})

t.test('formatMoney: exactly 2 places, half-up, never -0.00', async (t) => {
  t.equal(formatMoney(d('12.345')), '12.35')
  t.equal(formatMoney(d('12.344')), '12.34')
  t.equal(formatMoney(d('-0.005')), '-0.01', 'half a cent goes away from zero')
  t.equal(formatMoney(d('-0.004')), '0.00', 'rounds to zero: no sign')
  t.equal(formatMoney(d('-0')), '0.00')
  t.equal(formatMoney(d('120')), '120.00')
  t.equal(formatMoney(d('1e21')), '1000000000000000000000.00', 'never exponent notation')
  t.equal(formatMoney(d('-42.1')), '-42.10')
})

t.test('formatQuantity trims trailing zeros; formatHours keeps 2 places', async (t) => {
  t.equal(formatQuantity(d('2.500')), '2.5')
  t.equal(formatQuantity(d('2.000')), '2')
  t.equal(formatQuantity(d('0.0005')), '0.001', 'rounded half-up to 3 places by default')
  t.equal(formatQuantity(d('0.0004')), '0')
  t.equal(formatQuantity(d('-0.0004')), '0', 'no negative zero')
  t.equal(formatQuantity(d('1.23456'), 4), '1.2346')
  t.equal(formatQuantity(d('0.0000001'), 7), '0.0000001', 'never exponent notation')
  t.equal(formatHours(d('1.5')), '1.50')
  t.equal(formatHours(d('0.125')), '0.13')
  t.equal(formatHours(d('2')), '2.00')
})

t.test('line amounts are rounded once, half-up to cents', async (t) => {
  t.equal(formatMoney(lineAmount(d('1.5'), d('120.00'))), '180.00')
  t.equal(formatMoney(lineAmount(d('3'), d('19.99'))), '59.97')
  t.equal(formatMoney(lineAmount(d('0.333'), d('10.00'))), '3.33')
  t.equal(formatMoney(lineAmount(d('0.125'), d('1.00'))), '0.13', '0.125 rounds up')
  // Exactly 21013766143316807.3748: decimal.js's default 20 significant digits would first make it
  // ...807.375 and then round that up to .38.
  t.equal(new Decimal('82792.996').times('253810915881.30').toFixed(), '21013766143316807.375', 'the trap')
  t.equal(formatMoney(lineAmount(d('82792.996'), d('253810915881.30'))), '21013766143316807.37')
})

t.test('a service job: labor + parts, taxed at 8.25 %', async (t) => {
  const totals = computeJobPricing(
    service({
      labor: [{ hours: d('1.5'), rate: d('120.00') }],
      parts: [{ quantity: d('3'), unitPrice: d('19.99') }],
    }),
  )
  // 239.97 x 0.0825 = 19.797525
  t.same(pricingToJson(totals, 'USD'), {
    currency: 'USD',
    labor: '180.00',
    parts: '59.97',
    fees: '0.00',
    discounts: '0.00',
    subtotal: '239.97',
    tax: '19.80',
    total: '259.77',
  })
})

t.test('tax is zero when the job is not taxable or the order is exempt (exemption wins)', async (t) => {
  const lines = { labor: [{ hours: d('2'), rate: d('100') }] }
  t.equal(formatMoney(computeJobPricing(service({ ...lines, taxable: false })).tax), '0.00')
  const exempt = computeJobPricing(service({ ...lines, taxable: true, taxExempt: true }))
  t.equal(formatMoney(exempt.tax), '0.00')
  t.equal(formatMoney(exempt.total), '200.00')
  t.equal(formatMoney(computeJobPricing(service({ ...lines, taxes: [salesTax('0')] })).tax), '0.00')
  t.equal(formatMoney(computeJobPricing(service({ ...lines, taxes: [] })).tax), '0.00', 'a shop without taxes')
})

t.test('a fee job: the flat amount as fees, plus any labor and parts', async (t) => {
  const shopSupplies = computeJobPricing(service({ kind: 'fee', flatAmount: d('15.00') }))
  t.same(pricingToJson(shopSupplies, 'USD'), {
    currency: 'USD',
    labor: '0.00',
    parts: '0.00',
    fees: '15.00',
    discounts: '0.00',
    subtotal: '15.00',
    tax: '1.24', // 1.2375
    total: '16.24',
  })
  const withLabor = computeJobPricing(
    service({ kind: 'fee', flatAmount: d('10'), labor: [{ hours: d('0.5'), rate: d('100') }], taxable: false }),
  )
  t.equal(formatMoney(withLabor.subtotal), '60.00')
  t.equal(formatMoney(computeJobPricing(service({ kind: 'fee' })).fees), '0.00', 'no amount yet: zero')
})

t.test('a discount job: stored positive, shown negative, never taxed', async (t) => {
  const totals = computeJobPricing(service({ kind: 'discount', flatAmount: d('25.00'), taxable: true }))
  t.same(pricingToJson(totals, 'USD'), {
    currency: 'USD',
    labor: '0.00',
    parts: '0.00',
    fees: '0.00',
    discounts: '-25.00',
    subtotal: '-25.00',
    tax: '0.00',
    total: '-25.00',
  })
  t.throws(
    () => computeJobPricing(service({ kind: 'discount', flatAmount: d('-5') })),
    RangeError,
    'the sign comes from the kind',
  )
})

t.test('a no-charge job shows its labor and parts, and totals zero', async (t) => {
  const totals = computeJobPricing(
    service({
      kind: 'no_charge',
      labor: [{ hours: d('0.3'), rate: d('129.99') }],
      parts: [{ quantity: d('1'), unitPrice: d('4.50') }],
    }),
  )
  t.same(pricingToJson(totals, 'EUR'), {
    currency: 'EUR',
    labor: '39.00', // 38.997
    parts: '4.50',
    fees: '0.00',
    discounts: '-43.50',
    subtotal: '0.00',
    tax: '0.00',
    total: '0.00',
  })
})

t.test('several named taxes: each on the categories it applies to, rounded once per job and tax', async (t) => {
  const job = service({
    kind: 'fee',
    flatAmount: d('10.00'),
    labor: [{ hours: d('1'), rate: d('100.00') }],
    parts: [{ quantity: d('1'), unitPrice: d('50.05') }],
    taxes: [salesTax('6.25', ['labor', 'parts', 'fees']), salesTax('1.5', ['parts']), salesTax('2', ['fees', 'labor'])],
  })
  const totals = computeJobPricing(job)
  t.same(
    totals.taxes.map((tax) => [formatMoney(tax.base), formatMoney(tax.amount)]),
    [
      ['160.05', '10.00'], // 10.003125
      ['50.05', '0.75'], // 0.75075
      ['110.00', '2.20'],
    ],
  )
  t.equal(formatMoney(totals.tax), '12.95', 'the job tax is the sum of its taxes')
  t.equal(formatMoney(totals.total), '173.00')
  const exempt = computeJobPricing({ ...job, taxExempt: true })
  t.same(
    exempt.taxes.map((tax) => formatMoney(tax.base)),
    ['0.00', '0.00', '0.00'],
    'an exempt order has no taxable base',
  )
})

t.test('a repair order sums its jobs field by field; no jobs is all zeros', async (t) => {
  const jobs = [
    computeJobPricing(service({ labor: [{ hours: d('1.5'), rate: d('120') }] })),
    computeJobPricing(service({ kind: 'discount', flatAmount: d('20') })),
    computeJobPricing(service({ kind: 'fee', flatAmount: d('5'), taxable: false })),
  ]
  t.same(pricingToJson(sumPricing(jobs), 'USD'), {
    currency: 'USD',
    labor: '180.00',
    parts: '0.00',
    fees: '5.00',
    discounts: '-20.00',
    subtotal: '165.00',
    tax: '14.85',
    total: '179.85',
  })
  const empty = pricingToJson(sumPricing([]), 'USD')
  t.same(empty, {
    currency: 'USD',
    labor: '0.00',
    parts: '0.00',
    fees: '0.00',
    discounts: '0.00',
    subtotal: '0.00',
    tax: '0.00',
    total: '0.00',
  })
})

// Cents as integers give exact amounts without floats: 12345 -> "123.45".
const centsString = (cents: bigint, places: number) => {
  const negative = cents < 0n
  const digits = (negative ? -cents : cents).toString().padStart(places + 1, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`
}
const amount = (max: bigint, places: number) =>
  fc.bigInt({ min: 0n, max }).map((units) => new Decimal(centsString(units, places)))

const jobInput: fc.Arbitrary<JobPricingInput> = fc.record({
  kind: fc.constantFrom('service', 'fee', 'discount', 'no_charge'),
  labor: fc.array(fc.record({ hours: amount(100_00n, 2), rate: amount(1_000_00n, 2) }), { maxLength: 4 }),
  parts: fc.array(fc.record({ quantity: amount(1_000_000n, 3), unitPrice: amount(100_000_00n, 2) }), {
    maxLength: 4,
  }),
  flatAmount: fc.option(amount(10_000_00n, 2), { nil: null }),
  taxable: fc.boolean(),
  taxes: fc.array(
    fc.record({
      rate: amount(20_0000n, 4),
      appliesTo: fc.subarray([...taxCategories], { minLength: 1 }),
    }),
    { maxLength: 3 },
  ),
  taxExempt: fc.boolean(),
})

const fields = ['labor', 'parts', 'fees', 'discounts', 'subtotal', 'tax', 'total'] as const

t.test('property: totals add up to the cent and every amount prints as a 2-place string', async (t) => {
  fc.assert(
    fc.property(fc.array(jobInput, { maxLength: 6 }), (inputs) => {
      const jobs = inputs.map(computeJobPricing)
      const order = sumPricing(jobs)
      for (const totals of [...jobs, order]) {
        if (!totals.total.equals(totals.subtotal.plus(totals.tax))) return false
        const subtotal = totals.labor.plus(totals.parts).plus(totals.fees).plus(totals.discounts)
        if (!totals.subtotal.equals(subtotal)) return false
        if (totals.discounts.greaterThan(0) || totals.tax.isNegative()) return false
        for (const field of fields) {
          if (totals[field].decimalPlaces() > 2) return false
          if (!moneyPattern.test(formatMoney(totals[field]))) return false
        }
      }
      for (const field of fields) {
        const expected = jobs.reduce((total, job) => total.plus(job[field]), new Decimal(0))
        if (!order[field].equals(expected)) return false
      }
      // What a client adds up from the strings equals what the server printed for the order.
      const printedSum = (field: (typeof fields)[number]) =>
        jobs.reduce((total, job) => total.plus(formatMoney(job[field])), new Decimal(0))
      return fields.every((field) => formatMoney(printedSum(field)) === formatMoney(order[field]))
    }),
    { numRuns: 500 },
  )
  t.pass('500 random repair orders add up')
})

t.test('property: no-charge jobs always total zero; discount jobs never carry tax', async (t) => {
  fc.assert(
    fc.property(jobInput, (input) => {
      const totals: JobPricingTotals = computeJobPricing(input)
      if (input.kind === 'no_charge') return formatMoney(totals.total) === '0.00'
      if (input.kind === 'discount') return totals.tax.isZero()
      return true
    }),
  )
  t.pass()
})
