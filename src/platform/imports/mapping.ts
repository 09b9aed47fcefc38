// How the columns of a file become the fields of an import (`shopapi import customers|vehicles`): a
// column mapping (`--map "Phone Number=phone,Cell=phone_alt"` or a mapping file), then CSV cells read as
// the types the API takes. NDJSON values are JSON already and reach the API's schema as they are, so
// the rules for them are exactly the API's.
import { UsageError } from '../../lib/errors.js'

/** Source column (trimmed, lower-cased, as the reader names it) -> import field; '' ignores the column. */
export type ColumnMapping = ReadonlyMap<string, string>

/** The column a rejects file adds; an import always ignores it, so a fixed rejects file imports as is. */
export const rejectionColumn = 'rejected_reason'

/**
 * How a CSV cell is read. `text` as written (the API trims); `boolean` true/false, yes/no, 1/0;
 * `integer` digits; `list` items separated by `;`; `json` only from NDJSON (a CSV cell stays text).
 */
export type ImportFieldKind = 'text' | 'boolean' | 'integer' | 'list' | 'json'

export type ImportFields = Readonly<Record<string, ImportFieldKind>>

function addPair(mapping: Map<string, string>, from: string, to: string, origin: string): void {
  const source = from.trim().toLowerCase()
  if (source === '') throw new UsageError(`${origin}: "${from}=${to}" names no source column`)
  if (mapping.has(source)) throw new UsageError(`${origin}: column "${from.trim()}" is mapped twice`)
  mapping.set(source, to.trim().toLowerCase())
}

/** `--map "Phone Number=phone,Cell=phone_alt,Fax="` (an empty target ignores the column). */
export function parseMapping(text: string, origin = '--map', into = new Map<string, string>()): Map<string, string> {
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue
    const at = pair.indexOf('=')
    if (at === -1) throw new UsageError(`${origin}: "${pair.trim()}" is not Column=field`)
    addPair(into, pair.slice(0, at), pair.slice(at + 1), origin)
  }
  return into
}

/**
 * A mapping file: a JSON object `{"Phone Number": "phone"}`, or lines `Phone Number=phone` (blank lines
 * and lines starting with # skipped). Lines allow commas inside column names, which --map cannot.
 */
export function parseMappingFile(content: string, origin: string, into = new Map<string, string>()) {
  const text = content.replace(/^\uFEFF/, '')
  if (text.trimStart().startsWith('{')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      throw new UsageError(`${origin}: not a JSON object: ${(error as Error).message}`)
    }
    for (const [from, to] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof to !== 'string') throw new UsageError(`${origin}: the field of "${from}" must be a string`)
      addPair(into, from, to, origin)
    }
    return into
  }
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const at = line.indexOf('=')
    if (at === -1) throw new UsageError(`${origin} line ${index + 1}: "${line}" is not Column=field`)
    addPair(into, line.slice(0, at), line.slice(at + 1), origin)
  }
  return into
}

/** The field a source column (or NDJSON key) feeds: '' when ignored. */
export function mappedName(mapping: ColumnMapping, name: string): string {
  const lower = name.trim().toLowerCase()
  if (lower === rejectionColumn) return ''
  return mapping.get(lower) ?? lower
}

/**
 * Checks a CSV header against the fields before any row is read: a column that is no field, two
 * columns feeding one field, or a mapping naming a column the file lacks is a usage error, not 10,000
 * rejected rows.
 */
export function checkHeader(cells: string[], mapping: ColumnMapping, fields: ImportFields, noun: string): void {
  const seen = new Map<string, string>()
  const unknown: string[] = []
  for (const cell of cells) {
    if (cell.trim() === '') continue
    const field = mappedName(mapping, cell)
    if (field === '') continue
    if (!Object.hasOwn(fields, field)) {
      unknown.push(cell.trim())
      continue
    }
    const other = seen.get(field)
    if (other !== undefined) {
      throw new UsageError(`Columns "${other}" and "${cell.trim()}" both feed ${field}: map one of them elsewhere`)
    }
    seen.set(field, cell.trim())
  }
  if (unknown.length > 0) {
    const first = unknown[0] as string
    throw new UsageError(
      `${unknown.length === 1 ? 'Column' : 'Columns'} ${unknown.map((name) => `"${name}"`).join(', ')} ${unknown.length === 1 ? 'is not a' : 'are not'} ${noun} field${unknown.length === 1 ? '' : 's'}: map ${unknown.length === 1 ? 'it' : 'each'} with --map "${first}=field" or ignore ${unknown.length === 1 ? 'it' : 'them'} with --map "${first}=". Fields: ${Object.keys(fields).join(', ')}`,
    )
  }
  const header = new Set(cells.map((cell) => cell.trim().toLowerCase()))
  for (const source of mapping.keys()) {
    if (!header.has(source)) throw new UsageError(`The mapping names column "${source}", which the file's header lacks`)
  }
}

const truthy = new Set(['true', 'yes', 'y', '1'])
const falsy = new Set(['false', 'no', 'n', '0'])

/** One CSV cell as its field's type, or a reason naming the field. */
function readCell(field: string, kind: ImportFieldKind, cell: string): { value: unknown } | { reason: string } {
  switch (kind) {
    case 'boolean': {
      const lower = cell.trim().toLowerCase()
      if (truthy.has(lower)) return { value: true }
      if (falsy.has(lower)) return { value: false }
      return { reason: `${field}: must be true or false (yes/no and 1/0 are read too)` }
    }
    case 'integer': {
      const trimmed = cell.trim()
      // Digits only: "1e3", "0x10" or "12.0" are not what a person typed as a whole number.
      if (!/^[+-]?\d{1,15}$/.test(trimmed)) return { reason: `${field}: must be a whole number` }
      return { value: Number(trimmed) }
    }
    case 'list':
      return {
        value: cell
          .split(';')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      }
    default:
      return { value: cell }
  }
}

/**
 * The fields of one record under the mapping. CSV cells are read by their field's kind; NDJSON values
 * are kept as JSON gave them. A field that is unknown (NDJSON; CSV headers are checked before) or
 * given twice is a rejection.
 */
export function mapRecord(
  record: Record<string, unknown>,
  mapping: ColumnMapping,
  fields: ImportFields,
  format: 'csv' | 'ndjson',
  noun: string,
): { fields: Record<string, unknown> } | { reason: string } {
  const mapped: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(record)) {
    const field = mappedName(mapping, name)
    if (field === '') continue
    const kind = Object.hasOwn(fields, field) ? fields[field] : undefined
    if (kind === undefined)
      return { reason: `unknown field "${name.length > 100 ? `${name.slice(0, 100)}…` : name}" (not a ${noun} field)` }
    if (Object.hasOwn(mapped, field)) return { reason: `${field} is given twice ("${name}" and another key)` }
    if (format === 'csv' && typeof value === 'string') {
      const read = readCell(field, kind, value)
      if ('reason' in read) return read
      mapped[field] = read.value
    } else {
      mapped[field] = value
    }
  }
  return { fields: mapped }
}
