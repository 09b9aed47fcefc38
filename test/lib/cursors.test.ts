import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import { type CursorPosition, canonicalJson, decodeCursor, encodeCursor } from '../../src/lib/cursors.js'
import { ApiError } from '../../src/lib/errors.js'

const key = randomBytes(32)
const binding = canonicalJson(['listCustomers', 'shop-1', 'int-1', { lifecycle: 'active', sort: 'created_at' }])
const position: CursorPosition = { sortValue: '2026-01-31T15:04:05.123Z', publicId: 'cus_4bW2yXk0fT9QmZr7LcVd1p' }
const day = 24 * 60 * 60

/** Asserts that decoding throws the envelope's 400 invalid_cursor on param `cursor`. */
function assertInvalid(t: Test, decode: () => unknown, what: string, message?: RegExp) {
  try {
    decode()
    t.fail(`${what}: was accepted`)
  } catch (error) {
    t.ok(error instanceof ApiError, `${what}: an ApiError`)
    const apiError = error as ApiError
    t.equal(apiError.code, 'invalid_cursor', `${what}: invalid_cursor`)
    t.equal(apiError.status, 400, `${what}: 400`)
    t.equal(apiError.param, 'cursor', `${what}: param cursor`)
    if (message) t.match(apiError.message, message, `${what}: message`)
  }
}

/** Replaces the character at `index` with another one of the base64url alphabet. */
function flip(text: string, index: number): string {
  const c = text[index]
  return `${text.slice(0, index)}${c === 'A' ? 'B' : 'A'}${text.slice(index + 1)}`
}

t.test('a cursor decodes back to the position it was made from', async (t) => {
  const cursor = encodeCursor(key, binding, position)
  t.match(cursor, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'URL-safe: base64url payload and signature')
  t.same(decodeCursor(key, binding, cursor, { maxAgeSeconds: day }), position)

  const tricky: CursorPosition = { sortValue: '1999-12-31T23:59:59.999Z', publicId: 'cus_"quoted".\\' }
  t.same(decodeCursor(key, binding, encodeCursor(key, binding, tricky), { maxAgeSeconds: day }), tricky)
})

t.test('an altered cursor is refused', async (t) => {
  const cursor = encodeCursor(key, binding, position)
  const [payload = '', signature = ''] = cursor.split('.')
  assertInvalid(
    t,
    () => decodeCursor(key, binding, `${flip(payload, 5)}.${signature}`, { maxAgeSeconds: day }),
    'payload',
  )
  assertInvalid(
    t,
    () => decodeCursor(key, binding, `${payload}.${flip(signature, 3)}`, { maxAgeSeconds: day }),
    'signature',
  )
  assertInvalid(
    t,
    () => decodeCursor(key, binding, `${payload}.${signature.slice(1)}`, { maxAgeSeconds: day }),
    'short signature',
  )

  // Another position, spliced onto this cursor's signature.
  const other = encodeCursor(key, binding, { ...position, publicId: 'cus_other' })
  assertInvalid(
    t,
    () => decodeCursor(key, binding, `${other.split('.')[0]}.${signature}`, { maxAgeSeconds: day }),
    'spliced payload',
  )

  for (const junk of ['', '.', 'abc', `${payload}.`, `.${signature}`, `${cursor}.extra`, 'not a cursor at all']) {
    assertInvalid(t, () => decodeCursor(key, binding, junk, { maxAgeSeconds: day }), `junk ${JSON.stringify(junk)}`)
  }
})

t.test('a cursor only works for the query and key it was issued for', async (t) => {
  const cursor = encodeCursor(key, binding, position)
  const otherFilter = canonicalJson(['listCustomers', 'shop-1', 'int-1', { lifecycle: 'all', sort: 'created_at' }])
  const otherSort = canonicalJson(['listCustomers', 'shop-1', 'int-1', { lifecycle: 'active', sort: 'updated_at' }])
  const otherIntegration = canonicalJson([
    'listCustomers',
    'shop-1',
    'int-2',
    { lifecycle: 'active', sort: 'created_at' },
  ])
  const otherOperation = canonicalJson(['listVehicles', 'shop-1', 'int-1', { lifecycle: 'active', sort: 'created_at' }])
  for (const [what, other] of [
    ['another filter', otherFilter],
    ['another sort', otherSort],
    ['another integration', otherIntegration],
    ['another operation', otherOperation],
  ] as const) {
    assertInvalid(t, () => decodeCursor(key, other, cursor, { maxAgeSeconds: day }), what, /not valid for this query/)
  }
  assertInvalid(t, () => decodeCursor(randomBytes(32), binding, cursor, { maxAgeSeconds: day }), 'another key')
})

t.test('cursors expire after maxAgeSeconds', async (t) => {
  const issued = Date.UTC(2026, 0, 1, 12, 0, 0)
  const cursor = encodeCursor(key, binding, position, issued)
  t.same(decodeCursor(key, binding, cursor, { maxAgeSeconds: day, now: issued }), position, 'fresh')
  t.same(
    decodeCursor(key, binding, cursor, { maxAgeSeconds: day, now: issued + (day - 1) * 1000 }),
    position,
    'a second before expiry',
  )
  assertInvalid(
    t,
    () => decodeCursor(key, binding, cursor, { maxAgeSeconds: day, now: issued + (day + 2) * 1000 }),
    'two seconds after expiry',
    /expired/,
  )
  assertInvalid(
    t,
    () => decodeCursor(key, binding, cursor, { maxAgeSeconds: 60, now: issued + 61_000 }),
    'a shorter max age',
    /expired/,
  )
})

t.test('canonicalJson is independent of key order and drops undefined', async (t) => {
  t.equal(canonicalJson({ b: 1, a: { d: 2, c: 3 } }), canonicalJson({ a: { c: 3, d: 2 }, b: 1 }))
  t.equal(canonicalJson({ a: 1, b: undefined }), canonicalJson({ a: 1 }))
  t.not(canonicalJson({ a: 1 }), canonicalJson({ a: '1' }))
  t.not(canonicalJson([1, 2]), canonicalJson([2, 1]), 'array order matters')
  t.equal(canonicalJson({ at: new Date('2026-01-01T00:00:00Z') }), '{"at":"2026-01-01T00:00:00.000Z"}')
})
