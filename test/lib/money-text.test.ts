// The money spellings an import reads (src/lib/money-text.ts): what a spreadsheet exports is accepted,
// anything that could be read two ways or in another currency is refused with how it was read.
import fc from 'fast-check'
import t from 'tap'
import { DecimalInputError, type DecimalInputOptions, decimalInputs, formatMoney } from '../../src/lib/money.js'
import { parseMoneyText } from '../../src/lib/money-text.js'

const price = (text: string, currency: string | null = 'USD') =>
  parseMoneyText(text, { ...decimalInputs.unitPrice, currency }).toFixed(2)
const refusal = (
  text: string,
  currency: string | null = 'USD',
  options: DecimalInputOptions = decimalInputs.unitPrice,
) => {
  try {
    parseMoneyText(text, { ...options, currency })
  } catch (error) {
    if (error instanceof DecimalInputError) return error.message
    throw error
  }
  return 'accepted'
}

t.test('the spellings a spreadsheet exports are read exactly', async (t) => {
  const accepted: [string, string, string][] = [
    ['8.99', 'USD', '8.99'],
    ['8', 'USD', '8.00'],
    [' 8.99 ', 'USD', '8.99'],
    ['$8.99', 'USD', '8.99'],
    ['$ 8.99', 'USD', '8.99'],
    ['US$8.99', 'USD', '8.99'],
    ['1,234.50', 'USD', '1234.50'],
    ['$1,234.50', 'USD', '1234.50'],
    ['$1,234,567.89', 'USD', '1234567.89'],
    ['1,234', 'USD', '1234.00'],
    ['USD 8.99', 'USD', '8.99'],
    ['8.99 USD', 'USD', '8.99'],
    ['usd 8.99', 'USD', '8.99'],
    ['€8.99', 'EUR', '8.99'],
    ['8.99 €', 'EUR', '8.99'],
    ['£1,000.10', 'GBP', '1000.10'],
    ['CA$5', 'CAD', '5.00'],
    ['$5', 'CAD', '5.00'],
    ['0.10', 'USD', '0.10'],
  ]
  for (const [text, currency, expected] of accepted) t.equal(price(text, currency), expected, `${text} in ${currency}`)
})

t.test('amounts are decimals, never floats', async (t) => {
  // Every cent amount round-trips through each spelling with its digits intact.
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999n }), (cents) => {
        const plain = formatMoney(
          parseMoneyText(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`, {
            ...decimalInputs.unitPrice,
            currency: 'USD',
          }),
        )
        const whole = (cents / 100n).toLocaleString('en-US')
        const grouped = `$${whole}.${String(cents % 100n).padStart(2, '0')}`
        return price(grouped) === plain && plain.replace('.', '') === String(cents).padStart(3, '0')
      }),
    ),
  )
})

t.test('a mark of another currency is refused, naming both', async (t) => {
  t.match(refusal('€8.99'), /^"€8\.99" is in EUR, but the shop's currency is USD: amounts are not converted/)
  t.match(refusal('8.99 EUR'), /is in EUR, but the shop's currency is USD/)
  t.match(
    refusal('$8.99', 'EUR'),
    /^"\$8\.99" is marked \$ \(USD, .*\), but the shop's currency is EUR: .*mark it € or EUR/,
  )
  t.match(refusal('£5'), /is marked £ \(GBP, /)
  t.match(refusal('$8.99', null), /has a currency mark: write the amount alone/)
})

t.test('ambiguous or broken spellings are refused with how they were read', async (t) => {
  t.match(refusal('8,99'), /^"8,99" has a decimal comma, which cannot be told from a thousands separator/)
  t.match(refusal('1.234,50', 'EUR'), /has a decimal comma.*e\.g\. 8\.99, 1,234\.50 or €8\.99/)
  for (const text of ['1,23.4', '1e3', 'abc', '--8', '8.99.1', '$', '', '$8.99 USD', '+8.99', '.99']) {
    t.match(refusal(text), /is not an amount|negative twice/, JSON.stringify(text))
  }
  t.match(
    refusal('$8.999'),
    /^"\$8\.999" reads as 8\.999, which must be a decimal string with at most 2 decimal places/,
  )
  t.match(refusal('$10,000,000'), /reads as 10000000, which must be at most 9999999\.99/)
  t.equal(refusal('10000000'), 'must be at most 9999999.99', 'the plain spelling keeps the API message')
})

t.test('negatives only where the column allows them', async (t) => {
  for (const text of ['-8.99', '(8.99)', '-$8.99', '$-8.99', '($8.99)']) {
    t.match(refusal(text), /reads as -8\.99, which must not be negative|^must not be negative/, text)
    t.equal(parseMoneyText(text, { ...decimalInputs.signedAmount, currency: 'USD' }).toFixed(2), '-8.99', text)
  }
  t.match(refusal('(-8)', 'USD', decimalInputs.signedAmount), /negative twice/)
})
