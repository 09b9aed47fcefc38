// Amounts of money as a spreadsheet exports them, for the money columns of every import
// (docs/decisions/operations.md, "Money cells"). The API keeps its one spelling ("8.99", lib/money.ts);
// a file exported from a spreadsheet or another shop system writes "$8.99", "1,234.50" or "USD 8.99",
// and refusing those would make every operator clean the file by hand first. What is read:
//
// - the amount in plain digits with an optional decimal point ("8.99", "8"), thousands separated by
//   commas in groups of three ("1,234.50"), spaces around it;
// - one currency mark before or after it ("$8.99", "$ 8.99", "8.99 €", "USD 8.99", "8.99 usd"): the
//   shop's ISO code or its symbol (Intl's, e.g. "$" and "US$" for USD, "CA$" and "$" for CAD). A mark of
//   another currency is refused, naming both: an amount in the wrong currency is not converted;
// - a negative amount as "-8.99", "-$8.99", "$-8.99" or in accounting parentheses "(8.99)", only where the
//   column allows negatives (DecimalInputOptions.min); elsewhere refused as negative.
//
// Refused, with what was understood: a decimal comma ("8,99", "1.234,50": which of the two is the
// thousands separator cannot be told from the cell alone, and reading it wrong is a price 100 times
// off), misplaced separators ("1,23.4"), exponents, anything else. The digits are then read by
// parseDecimalInput as the API reads them (places, range), with decimal.js: never a float.
import type { Decimal } from 'decimal.js'
import { DecimalInputError, type DecimalInputOptions, parseDecimalInput } from './money.js'

export interface MoneyTextOptions extends DecimalInputOptions {
  /** The shop's ISO 4217 code, which a currency mark must name; null: no mark is accepted. */
  currency: string | null
}

const plainAmount = /^\d+(?:\.\d+)?$/
const groupedAmount = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/
const decimalComma = /^(?:\d+,\d{1,2}|\d{1,3}(?:\.\d{3})+(?:,\d+)?)$/
// A currency mark: a symbol or a code, anything but digits, separators, signs and parentheses.
const markPattern = '[^\\d\\s.,()+\\-]+'
const leadingMark = new RegExp(`^(${markPattern})\\s*(.*)$`, 'u')
const trailingMark = new RegExp(`^(.*?)\\s*(${markPattern})$`, 'u')

/** The longest cell read (a cell longer than this is no amount of money). */
const maxMoneyText = 64

const example = (currency: string | null) =>
  currency ? `e.g. 8.99, 1,234.50 or ${symbolsOf(currency)[0] ?? currency}8.99` : 'e.g. 8.99 or 1,234.50'

/** A cell as it is shown in a message: quoted, and cut short. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)
}

function currencySymbol(locale: string, currency: string, display: 'symbol' | 'narrowSymbol'): string | null {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: display,
    }).formatToParts(1)
    return parts.find((part) => part.type === 'currency')?.value ?? null
  } catch {
    return null
  }
}

const symbolCache = new Map<string, string[]>()

/** The symbols of a currency as English-language exports write them: "$", "US$" for USD; "CA$", "$" for CAD. */
function symbolsOf(currency: string): string[] {
  return rawSymbolsOf(currency).filter(
    (symbol, index, all) => symbol !== '' && symbol !== currency && all.indexOf(symbol) === index,
  )
}

function rawSymbolsOf(currency: string): string[] {
  let symbols = symbolCache.get(currency)
  if (!symbols) {
    const found = [
      currencySymbol('en', currency, 'narrowSymbol'),
      currencySymbol('en', currency, 'symbol'),
      currencySymbol('en-CA', currency, 'symbol'),
    ]
    // Kept in this order (narrow, usual, Canadian English), duplicates and the code itself left as they are:
    // index 1 is the usual symbol. Every one but the code is a mark of the currency.
    symbols = found.map((symbol) => symbol ?? '')
    symbolCache.set(currency, symbols)
  }
  return symbols
}

let allCurrencies: string[] | undefined

/** The currencies a mark names: its code, or those whose symbol it is ("€": EUR; "$": USD, CAD, AUD…). */
function currenciesOfMark(mark: string): string[] {
  allCurrencies ??= Intl.supportedValuesOf('currency')
  const code = mark.toUpperCase()
  if (/^[A-Z]{3}$/.test(code)) return allCurrencies.includes(code) ? [code] : []
  // The currencies whose usual symbol it is first ("£": GBP before FKP and GIP, "$": USD first).
  const primary = allCurrencies.filter((currency) => rawSymbolsOf(currency)[1] === mark)
  const others = allCurrencies.filter((currency) => !primary.includes(currency) && symbolsOf(currency).includes(mark))
  return [...primary, ...others]
}

/** "a, b or c". */
const either = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '')

function checkMark(mark: string, text: string, currency: string | null): void {
  if (currency !== null && (mark.toUpperCase() === currency || symbolsOf(currency).includes(mark))) return
  const named = currenciesOfMark(mark)
  if (named.length === 0) throw new DecimalInputError(`${quoted(text)} is not an amount (${example(currency)})`)
  if (currency === null) {
    throw new DecimalInputError(`${quoted(text)} has a currency mark: write the amount alone (e.g. 8.99)`)
  }
  const what =
    named.length === 1
      ? `is in ${named[0]}`
      : `is marked ${mark} (${named.slice(0, 3).join(', ')}${named.length > 3 ? '…' : ''})`
  throw new DecimalInputError(
    `${quoted(text)} ${what}, but the shop's currency is ${currency}: amounts are not converted (mark it ${either([...symbolsOf(currency), currency])}, or not at all)`,
  )
}

/**
 * An amount of money from an import cell (or an NDJSON value), read as described above; the result is
 * checked by parseDecimalInput with `options` (places, bounds, negatives). Throws DecimalInputError whose
 * message completes a sentence starting with the field's name and quotes the cell.
 */
export function parseMoneyText(text: string, options: MoneyTextOptions): Decimal {
  const cell = text.trim()
  if (cell.length > maxMoneyText || cell === '') {
    throw new DecimalInputError(`${quoted(text)} is not an amount (${example(options.currency)})`)
  }
  let rest = cell
  let negative = false
  const parenthesised = /^\((.*)\)$/.exec(rest)
  if (parenthesised) {
    negative = true
    rest = (parenthesised[1] ?? '').trim()
  }
  const takeMinus = () => {
    if (!rest.startsWith('-')) return
    if (negative) throw new DecimalInputError(`${quoted(text)} is negative twice: write -8.99 or (8.99)`)
    negative = true
    rest = rest.slice(1).trim()
  }
  takeMinus()
  let mark: string | null = null
  const leading = leadingMark.exec(rest)
  if (leading) {
    mark = leading[1] ?? null
    rest = leading[2] ?? ''
    takeMinus()
  } else {
    const trailing = trailingMark.exec(rest)
    if (trailing) {
      mark = trailing[2] ?? null
      rest = trailing[1] ?? ''
    }
  }
  let digits: string
  if (plainAmount.test(rest)) digits = rest
  else if (groupedAmount.test(rest)) digits = rest.replaceAll(',', '')
  else if (decimalComma.test(rest)) {
    throw new DecimalInputError(
      `${quoted(text)} has a decimal comma, which cannot be told from a thousands separator: write the amount with a decimal point (${example(options.currency)})`,
    )
  } else {
    throw new DecimalInputError(`${quoted(text)} is not an amount (${example(options.currency)})`)
  }
  if (mark !== null) checkMark(mark, text, options.currency)
  const canonical = `${negative ? '-' : ''}${digits}`
  try {
    return parseDecimalInput(canonical, options)
  } catch (error) {
    if (!(error instanceof DecimalInputError)) throw error
    // The plain spelling keeps the API's own message; another is said with how it was read.
    if (canonical === cell) throw error
    throw new DecimalInputError(`${quoted(text)} reads as ${canonical}, which ${error.message}`)
  }
}
