import pg from 'pg'
import type { Queryable } from './pool.js'

/**
 * Rows of the hottest reads (a record by id, a list page), built the way node-postgres builds them
 * but cheaper (issue 26, per-request profile). node-postgres fills every row of every statement in one
 * shared function (`Result#parseRow`: a copy of an empty row, then a keyed store per field), which
 * in `serve` sees hundreds of row shapes, so every store goes through V8's slowest path: a deep page
 * of 51 customers spent about 100 µs there against 29 µs in the bare server. Here the statement's rows
 * come as arrays (`rowMode: 'array'`, the same type parsers), and one function compiled per row shape
 * builds each row as an object literal: the same keys in the same order (a later duplicate name wins,
 * at the first one's place, as in node-postgres), the same values, the same prototype.
 *
 * `timestamptz` is read by `parseTimestamptz` below, which gives exactly the instant of node-postgres's
 * own parser (postgres-date) and is several times faster for the form Postgres writes.
 */

type Builder = (values: unknown[]) => Record<string, unknown>

// Shapes are few (a statement's select list); the bound is a guard, as for statement names.
const builders = new Map<string, Builder>()
const maxBuilders = 1000

const timestamptzOid = 1184

/** The type parsers of these reads: node-postgres's own, but this faster timestamptz parser. */
const readTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === timestamptzOid && (format === undefined || format === 'text')) return parseTimestamptz
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

function compileBuilder(names: string[]): Builder {
  // `__proto__` in a literal would set the prototype, not a key: such a shape is built by stores.
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Record<string, unknown> = {}
      names.forEach((name, index) => {
        row[name] = values[index]
      })
      return row
    }
  }
  const entries = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`)
  return new Function('values', `return {\n  ${entries.join(',\n  ')}\n}`) as Builder
}

function builderFor(fields: { name: string }[]): Builder {
  const names = fields.map((field) => field.name)
  const key = names.join('\u0000')
  let builder = builders.get(key)
  if (builder === undefined) {
    builder = compileBuilder(names)
    if (builders.size >= maxBuilders) builders.clear()
    builders.set(key, builder)
  }
  return builder
}

/** Runs one statement and returns its rows as node-postgres would (see above). */
export async function queryRows<Row>(
  db: Queryable,
  query: { text: string; values: unknown[]; name?: string },
): Promise<Row[]> {
  const result = await db.query<unknown[]>({ ...query, rowMode: 'array', types: readTypes } as pg.QueryConfig)
  const { rows } = result
  if (rows.length === 0) return []
  const build = builderFor(result.fields)
  const built = new Array<Row>(rows.length)
  for (let index = 0; index < rows.length; index++) built[index] = build(rows[index] as unknown[]) as Row
  return built
}

const zero = 48

/** The two decimal digits at `at`, or -1. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - zero
  const ones = text.charCodeAt(at + 1) - zero
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1
}

/**
 * A `timestamptz` as Postgres writes it in the ISO DateStyle (`2026-11-27 00:30:22.047+00`, an offset
 * of `±HH`, `±HH:MM` or `±HH:MM:SS`), read with the same arithmetic as postgres-date, so the instant is
 * the same to the millisecond (fractions below it truncated alike). Anything else (years before 1000
 * or after 9999, BC, infinity, another DateStyle) goes to postgres-date itself.
 */
export function parseTimestamptz(text: string): Date {
  const length = text.length
  if (
    length >= 22 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58
  ) {
    const century = twoDigits(text, 0)
    const years = twoDigits(text, 2)
    const month = twoDigits(text, 5)
    const day = twoDigits(text, 8)
    const hour = twoDigits(text, 11)
    const minute = twoDigits(text, 14)
    const second = twoDigits(text, 17)
    let at = 19
    let ms = 0
    if (text.charCodeAt(at) === 46) {
      let end = at + 1
      while (end < length) {
        const digit = text.charCodeAt(end) - zero
        if (digit < 0 || digit > 9) break
        end++
      }
      // postgres-date: 1000 * parseFloat('.047'), the same float, truncated by Date.UTC.
      if (end > at + 1) ms = 1000 * Number.parseFloat(text.slice(at, end))
      else ms = -1
      at = end
    }
    const sign = text.charCodeAt(at)
    const offsetHours = twoDigits(text, at + 1)
    let offsetMinutes = 0
    let offsetSeconds = 0
    let end = at + 3
    if (end < length && text.charCodeAt(end) === 58) {
      offsetMinutes = twoDigits(text, end + 1)
      end += 3
      if (end < length && text.charCodeAt(end) === 58) {
        offsetSeconds = twoDigits(text, end + 1)
        end += 3
      }
    }
    if (
      century >= 10 &&
      years >= 0 &&
      month >= 0 &&
      day >= 0 &&
      hour >= 0 &&
      minute >= 0 &&
      second >= 0 &&
      ms >= 0 &&
      (sign === 43 || sign === 45) &&
      offsetHours >= 0 &&
      offsetMinutes >= 0 &&
      offsetSeconds >= 0 &&
      end === length
    ) {
      const offset = (sign === 45 ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60 + offsetSeconds) * 1000
      const time = Date.UTC(century * 100 + years, month - 1, day, hour, minute, second, ms)
      return new Date(offset === 0 ? time : time - offset)
    }
  }
  return pg.types.getTypeParser(timestamptzOid, 'text')(text) as Date
}
