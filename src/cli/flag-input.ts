import type { z } from 'zod'
import { ApiError } from '../lib/errors.js'

/** A field of an input schema as its flag is spelled: `daily_capacity` is `--daily-capacity`. */
const flagName = (field: string) => `--${field.replaceAll('_', '-')}`

/**
 * Flags checked by a resource's input schema; the first problem is the one error line. `flagOf`
 * names the flag of a field spelled otherwise (`customer_id` is `--customer`).
 */
export function parseFlags<S extends z.ZodType>(
  schema: S,
  flags: Record<string, unknown>,
  flagOf: Record<string, string> = {},
) {
  const present = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined))
  const parsed = schema.safeParse(present)
  if (parsed.success) return parsed.data as z.output<S>
  const issue = parsed.error.issues[0]
  const field = String(issue?.path[0] ?? 'input')
  const flag = flagOf[field] ? `--${flagOf[field]}` : flagName(field)
  throw new ApiError('invalid_request', `${flag} ${issue?.message ?? 'is invalid'}`, { param: field })
}

/**
 * A whole-number flag written in plain digits, from `min` to `max`, for the input field `field`;
 * `none` (when `clearable`) stands for null. Undefined when the flag is absent. The one error line
 * names the flag and the range, rather than oclif's multi-line parse error.
 */
export function wholeNumberFlag(
  field: string,
  value: string | undefined,
  range: { min: number; max: number; clearable?: boolean },
): number | null | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (range.clearable && text.toLowerCase() === 'none') return null
  const number = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
  if (!(number >= range.min && number <= range.max)) {
    throw new ApiError(
      'invalid_request',
      `${flagName(field)} must be a whole number from ${range.min} to ${range.max}${range.clearable ? ', or none' : ''} (got ${JSON.stringify(value)})`,
      { param: field },
    )
  }
  return number
}

/**
 * A tax rate flag in percent, as staff say it: `8.25` or `8.25%` (spaces allowed). A rate written
 * without `%` between 0 and 1 could be a percent (0.5 %) or a fraction (0.0825 for 8.25 %, the unit
 * `shops update --tax-rate` once took): refused with a line saying how it was read and both ways to
 * write what was meant, rather than taxed a hundred times too low. Returns the percent as typed, for
 * the service's own checks (range, places). Undefined when the flag is absent.
 */
export function percentFlag(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  const match = /^(\d*\.?\d*)\s*(%?)$/.exec(text)
  const number = match?.[1] ? Number(match[1]) : Number.NaN
  if (!match || Number.isNaN(number)) {
    throw new ApiError(
      'invalid_request',
      `--${flag} must be a percent such as 8.25 or 8.25% (got ${JSON.stringify(value)})`,
      { param: flag },
    )
  }
  if (match[2] === '' && number > 0 && number < 1) {
    const asPercent = Number((number * 100).toFixed(6))
    throw new ApiError(
      'invalid_request',
      `--${flag} ${text} is ambiguous: rates are in percent, so it reads as ${text} %; write ${asPercent} for ${asPercent} %, or ${text}% if you mean ${text} %`,
      { param: flag },
    )
  }
  return match[1]
}
