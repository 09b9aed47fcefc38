// The published vectors (docs/webhook-signature-vectors.json) against the delivery code, the exported
// verifier, the CLI's explaining checker, the `standardwebhooks` library and the README's Python
// verifier. The file is never regenerated here: every header is recomputed and compared, so a change to
// the signing code (or a hand edit of the file) fails.

import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { Webhook } from 'standardwebhooks'
import t from 'tap'
import {
  deliverySignatureHeaders,
  signatureHeader,
  standardWebhookSignatureHeader,
  verifyWebhookSignature,
} from '../../src/lib/webhook-signature.js'
import { checkServiceSignature, checkStandardWebhookSignature } from '../../src/lib/webhook-signature-check.js'

interface Check {
  why: string
  secrets: string[]
  now: number
  received_body?: string
  received_body_base64?: string
  expected: boolean
}

interface Vector {
  name: string
  description: string
  secrets: string[]
  standard_webhooks_key_base64: string[]
  timestamp: number
  event_id: string
  body: string
  body_base64: string
  headers: Record<string, string>
  checks: Check[]
}

const vectorsPath = fileURLToPath(new URL('../../docs/webhook-signature-vectors.json', import.meta.url))
const document = JSON.parse(readFileSync(vectorsPath, 'utf8')) as { tolerance_seconds: number; vectors: Vector[] }
const { vectors } = document
const tolerance = document.tolerance_seconds
const options = (check: Check) => ({ nowSeconds: check.now, toleranceSeconds: tolerance })
const bodyOf = (vector: Vector) => Buffer.from(vector.body_base64, 'base64')
const receivedOf = (vector: Vector, check: Check) =>
  check.received_body_base64 === undefined ? bodyOf(vector) : Buffer.from(check.received_body_base64, 'base64')
// Strict base64 (what Standard Webhooks libraries accept after whsec_): the old-style secret is not.
const strictBase64 = /^[A-Za-z0-9+/]*={0,2}$/
const libraryAccepts = (secret: string) => strictBase64.test(secret.slice('whsec_'.length))

t.test('the file covers what it promises', async (t) => {
  t.equal(tolerance, 300)
  const named = new Map(vectors.map((vector) => [vector.name, vector]))
  const rotation = named.get('rotation-two-secrets')
  t.equal(rotation?.headers['Service-Signature']?.match(/v1=/g)?.length, 2, 'a rotation carries two v1')
  t.equal(rotation?.headers['webhook-signature']?.split(' ').length, 2, 'and two webhook-signature entries')
  const unicode = bodyOf(named.get('non-ascii-body') as Vector).toString('utf8')
  for (const character of ['é', '🚗', '山', 'ë']) t.ok(unicode.includes(character), `a body with ${character}`)
  t.ok(bodyOf(named.get('trailing-newline') as Vector).at(-1) === 0x0a, 'a body ending in a line feed')
  t.match(named.get('old-style-secret')?.secrets[0], /^whsec_.*-.*$/, 'an old-style secret with -')
  t.match(named.get('old-style-secret')?.secrets[0], /^whsec_.*_.*$/, 'and _ after the prefix')
  for (const name of ['wrong-secret', 'tampered-body', 'stale-timestamp']) {
    const vector = named.get(name)
    t.ok(vector && vector.checks.length > 0 && vector.checks.every((check) => !check.expected), `${name} is negative`)
  }
  t.ok(
    named
      .get('stale-timestamp')
      ?.checks.some((check) => check.now - (named.get('stale-timestamp')?.timestamp ?? 0) === 301),
    'the stale vector gives its now',
  )
})

for (const vector of vectors) {
  t.test(`vector ${vector.name}: the delivery code produces the published headers`, async (t) => {
    const bytes = bodyOf(vector)
    t.same(bytes, Buffer.from(vector.body, 'utf8'), 'body and body_base64 are the same bytes')
    t.equal(signatureHeader(bytes, vector.secrets, vector.timestamp), vector.headers['Service-Signature'])
    t.equal(
      signatureHeader(vector.body, vector.secrets, vector.timestamp),
      vector.headers['Service-Signature'],
      'string body',
    )
    t.same(deliverySignatureHeaders(vector.event_id, bytes, vector.secrets, vector.timestamp), {
      'service-event-id': vector.headers['Service-Event-Id'],
      'service-signature': vector.headers['Service-Signature'],
      'webhook-id': vector.headers['webhook-id'],
      'webhook-timestamp': vector.headers['webhook-timestamp'],
      'webhook-signature': vector.headers['webhook-signature'],
    })
    t.equal(vector.headers['webhook-id'], vector.event_id)
    t.equal(vector.headers['webhook-timestamp'], String(vector.timestamp))
    t.equal(vector.headers['Service-Signature']?.split(',').length, vector.secrets.length + 1, 'one v1 per secret')
    t.same(
      vector.standard_webhooks_key_base64,
      vector.secrets.map((secret) => Buffer.from(secret.slice(6), 'base64').toString('base64')),
    )
  })

  t.test(
    `vector ${vector.name}: verifyWebhookSignature and the CLI's checker reach every expected verdict`,
    async (t) => {
      for (const check of vector.checks) {
        const received = receivedOf(vector, check)
        if (check.received_body !== undefined) t.same(received, Buffer.from(check.received_body, 'utf8'))
        const header = vector.headers['Service-Signature'] ?? ''
        t.equal(verifyWebhookSignature(received, header, check.secrets, options(check)), check.expected, check.why)
        t.equal(checkServiceSignature(received, header, check.secrets, options(check)).valid, check.expected, check.why)
        const standard = {
          id: vector.headers['webhook-id'] ?? '',
          timestamp: vector.headers['webhook-timestamp'] ?? '',
          signature: vector.headers['webhook-signature'] ?? '',
        }
        t.equal(checkStandardWebhookSignature(received, standard, check.secrets, options(check)).valid, check.expected)
      }
    },
  )

  t.test(`vector ${vector.name}: the standardwebhooks package agrees`, async (t) => {
    const signatures = (vector.headers['webhook-signature'] ?? '').split(' ')
    if (!vector.secrets.every(libraryAccepts)) {
      // Documented in the vector: strict decoders refuse - and _; the key re-encoded in standard base64 works.
      for (const secret of vector.secrets)
        t.throws(() => new Webhook(secret), 'the library refuses an old-style secret')
      vector.standard_webhooks_key_base64.forEach((key, index) => {
        const library = new Webhook(`whsec_${key}`)
        t.equal(library.sign(vector.event_id, new Date(vector.timestamp * 1000), vector.body), signatures[index])
      })
      return
    }
    // Its sign() over the vector's inputs gives the published entries, current secret first.
    vector.secrets.forEach((secret, index) => {
      const library = new Webhook(secret)
      t.equal(
        library.sign(vector.event_id, new Date(vector.timestamp * 1000), vector.body),
        signatures[index],
        `secret ${index + 1}`,
      )
    })
    // Its verify() reads the real clock: a fresh delivery of the same bytes, signed now, is accepted
    // with every signing secret.
    const fresh = deliverySignatureHeaders(
      vector.event_id,
      bodyOf(vector),
      vector.secrets,
      Math.floor(Date.now() / 1000),
    )
    for (const secret of vector.secrets) {
      t.doesNotThrow(() => new Webhook(secret).verify(bodyOf(vector), fresh), 'verifies a fresh delivery')
    }
    // And the published headers themselves, with the clock at each check's now (restored at once).
    for (const check of vector.checks) {
      const received = receivedOf(vector, check)
      const realNow = Date.now
      let accepted: boolean
      try {
        Date.now = () => check.now * 1000
        accepted = check.secrets.some((secret) => {
          try {
            new Webhook(secret).verify(received, vector.headers)
            return true
          } catch {
            return false
          }
        })
      } finally {
        Date.now = realNow
      }
      t.equal(accepted, check.expected, `the library at now=${check.now}: ${check.why}`)
    }
  })
}

t.test('the explaining checker gives the same verdict as verifyWebhookSignature on arbitrary input', async (t) => {
  const vector = vectors[0] as Vector
  const secret = vector.secrets[0] as string
  const signed = signatureHeader(bodyOf(vector), [secret], vector.timestamp)
  let valid = 0
  const part = fc.oneof(
    fc.constantFrom(
      `t=${vector.timestamp}`,
      signed.split(',')[1] as string,
      't=',
      'v1=',
      'v0=abc',
      ' t = 1767225600 ',
      't=01767225600',
    ),
    fc.string({ maxLength: 12 }),
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `v1=${Buffer.from(bytes).toString('hex')}`),
    fc.integer({ min: 0, max: 2 ** 40 }).map((value) => `t=${value}`),
  )
  fc.assert(
    fc.property(
      fc.array(part, { maxLength: 3 }),
      fc.boolean(),
      fc.array(part, { maxLength: 3 }),
      fc.constantFrom(bodyOf(vector), Buffer.from(`${vector.body}\n`), Buffer.alloc(0)),
      fc.integer({ min: vector.timestamp - 700, max: vector.timestamp + 700 }),
      fc.integer({ min: 0, max: 600 }),
      (before, withSigned, after, body, now, toleranceSeconds) => {
        // Often a genuine header with junk around it, so both verdicts are exercised.
        const header = [...before, ...(withSigned ? signed.split(',') : []), ...after].join(',')
        const settings = { nowSeconds: now, toleranceSeconds }
        const verdict = verifyWebhookSignature(body, header, [secret], settings)
        if (verdict) valid += 1
        return checkServiceSignature(body, header, [secret], settings).valid === verdict
      },
    ),
    { numRuns: 2000 },
  )
  t.ok(valid > 5, `2000 random headers, bodies and clocks: same verdict (${valid} of them valid)`)
})

t.test('standardWebhookSignatureHeader and the standardwebhooks package on random bodies and ids', async (t) => {
  const secret = vectors[0]?.secrets[0] as string
  fc.assert(
    fc.property(
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.stringMatching(/^evt_[A-Za-z0-9]{1,26}$/),
      (text, id) => {
        const at = 1_767_225_600
        return (
          new Webhook(secret).sign(id, new Date(at * 1000), text) ===
          standardWebhookSignatureHeader(id, text, [secret], at)
        )
      },
    ),
    { numRuns: 300 },
  )
  t.pass('300 random UTF-8 bodies: the same v1,<base64>')
})

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' })
const pythonMissing = python.error !== undefined || python.status !== 0

t.test(
  "the README's Python verifier and a stdlib Standard Webhooks check agree with every vector",
  {
    skip: pythonMissing
      ? 'python3 is not on PATH: scripts/check-vectors.py (the README Python verifier) was not run'
      : false,
  },
  async (t) => {
    const script = fileURLToPath(new URL('../../scripts/check-vectors.py', import.meta.url))
    const run = spawnSync('python3', [script], { encoding: 'utf8' })
    const checks = vectors.reduce((count, vector) => count + vector.checks.length, 0)
    t.equal(run.status, 0, run.stdout + run.stderr)
    t.match(run.stdout, `${checks} of ${checks} checks agree`)
  },
)
