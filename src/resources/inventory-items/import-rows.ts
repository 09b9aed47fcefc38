// What the inventory and canned-job import targets share: their rows are validated by zod schemas
// (CSV text or NDJSON values alike), and a schema's first issue is the row's rejection reason.
import { z } from 'zod'
import { DecimalInputError, type DecimalInputOptions, parseDecimalInput } from '../../lib/money.js'
import { parseMoneyText } from '../../lib/money-text.js'

export interface ImportRejection {
  line: number
  reason: string
}

export interface ValidRow<T> {
  line: number
  value: T
}

/** The first issue of a zod error as one line: the field, then what is wrong with it. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid row'
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? ''
    return `unknown field "${key.length > 100 ? `${key.slice(0, 100)}…` : key}"`
  }
  const field = issue.path.map(String).join('.')
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field}: is required`
  return field ? `${field}: ${issue.message}` : issue.message
}

// Import fields arrive as CSV text or NDJSON values: a JSON number is read through its decimal
// spelling (never computed with), so "12.50" and 12.5 are the same price.
const decimalText = z.union([z.string().trim(), z.number().transform(String)])

/** A decimal read with parseDecimalInput and kept as text at the column's scale ("12.5" -> "12.50"). */
export function importDecimal(options: DecimalInputOptions & { scale: number }) {
  return decimalText.transform((value, ctx) => {
    try {
      return parseDecimalInput(value, options).toFixed(options.scale)
    } catch (error) {
      if (!(error instanceof DecimalInputError)) throw error
      ctx.addIssue({ code: 'custom', message: error.message })
      return z.NEVER
    }
  })
}

/**
 * An amount of money as a spreadsheet exports it ("$8.99", "1,234.50", "USD 8.99"; lib/money-text.ts),
 * in the shop's `currency` (null: no currency mark accepted), kept as text at the column's scale.
 */
export function importMoney(options: DecimalInputOptions & { scale: number }, currency: string | null) {
  return decimalText.transform((value, ctx) => {
    try {
      return parseMoneyText(value, { ...options, currency }).toFixed(options.scale)
    } catch (error) {
      if (!(error instanceof DecimalInputError)) throw error
      ctx.addIssue({ code: 'custom', message: error.message })
      return z.NEVER
    }
  })
}

/** true/false (any case) in CSV, a JSON boolean in NDJSON. */
export const importBoolean = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
    .transform((value) => value === 'true'),
])

/** Trimmed text of at most `max` characters; JSON null or an empty CSV cell is null. */
export function importText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
}
