import { createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError } from './errors.js'

/** Where a keyset page ends: the sort column's value and the public id that breaks ties. */
export interface CursorPosition {
  sortValue: string
  publicId: string
}

const version = 1
const signatureBytes = 16

function sign(key: Buffer, payload: string, binding: string): Buffer {
  return createHmac('sha256', key).update(payload).update('\n').update(binding).digest().subarray(0, signatureBytes)
}

/**
 * An opaque, tamper-evident cursor. `binding` names the query it belongs to (operation, caller and
 * filters), so a cursor replayed against another query, key or shop is refused rather than misread.
 */
export function encodeCursor(key: Buffer, binding: string, position: CursorPosition, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify([version, Math.floor(now / 1000), position.sortValue, position.publicId]),
  ).toString('base64url')
  return `${payload}.${sign(key, payload, binding).toString('base64url')}`
}

export function decodeCursor(
  key: Buffer,
  binding: string,
  cursor: string,
  options: { maxAgeSeconds: number; now?: number },
): CursorPosition {
  const invalid = (why: string) =>
    new ApiError('invalid_cursor', `The cursor ${why}: start again without it`, { param: 'cursor' })
  const [payload, signature, extra] = cursor.split('.')
  if (!payload || !signature || extra !== undefined) throw invalid('is not one this API issued')
  const expected = sign(key, payload, binding)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalid('is not valid for this query (it was altered, or came from another query or key)')
  }
  let fields: unknown
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    throw invalid('is not one this API issued')
  }
  if (!Array.isArray(fields) || fields[0] !== version || fields.length !== 4)
    throw invalid('is not one this API issued')
  const [, issuedAt, sortValue, publicId] = fields as [number, number, string, string]
  const now = options.now ?? Date.now()
  if (now / 1000 - issuedAt > options.maxAgeSeconds) throw invalid('has expired')
  return { sortValue, publicId }
}

/** A stable text for the binding: keys sorted, undefined dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value instanceof Date) return value.toISOString()
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    )
  }
  return value
}
