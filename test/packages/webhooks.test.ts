// @shopapi/webhooks is src/lib/service-signature.ts compiled as it is (packages/webhooks/tsconfig.json),
// so its source is tested here: every published vector, several secrets, the tolerance's edges. The
// packed tarball itself runs the same vectors in an empty folder (test/packages/install.test.ts).

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { defaultToleranceSeconds, signWebhookPayload, verifyWebhookSignature } from '../../src/lib/service-signature.js'

interface Check {
  why: string
  secrets: string[]
  now: number
  received_body_base64?: string
  expected: boolean
}
interface Vector {
  name: string
  secrets: string[]
  timestamp: number
  body_base64: string
  headers: Record<string, string>
  checks: Check[]
}

const vectorsPath = fileURLToPath(new URL('../../docs/webhook-signature-vectors.json', import.meta.url))
const document = JSON.parse(readFileSync(vectorsPath, 'utf8')) as { tolerance_seconds: number; vectors: Vector[] }
const packageJson = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../packages/webhooks/package.json', import.meta.url)), 'utf8'),
) as { dependencies?: object; files: string[]; exports: Record<string, unknown> }

t.test('the package has no runtime dependency and exports its compiled file with types', async (t) => {
  t.equal(packageJson.dependencies, undefined, 'no dependencies')
  t.same(packageJson.exports['.'], {
    types: './dist/service-signature.d.ts',
    default: './dist/service-signature.js',
  })
  const source = readFileSync(fileURLToPath(new URL('../../src/lib/service-signature.ts', import.meta.url)), 'utf8')
  const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1])
  t.same(imports, ['node:crypto'], 'the file imports node:crypto only, so it compiles alone into the package')
  t.equal(defaultToleranceSeconds, document.tolerance_seconds)
})

for (const vector of document.vectors) {
  t.test(`vector ${vector.name}`, async (t) => {
    const body = Buffer.from(vector.body_base64, 'base64')
    t.equal(
      signWebhookPayload(body, vector.secrets, vector.timestamp),
      vector.headers['Service-Signature'],
      'signWebhookPayload gives the published header',
    )
    for (const check of vector.checks) {
      const received =
        check.received_body_base64 === undefined ? body : Buffer.from(check.received_body_base64, 'base64')
      const header = vector.headers['Service-Signature']
      const options = { nowSeconds: check.now, toleranceSeconds: document.tolerance_seconds }
      t.equal(verifyWebhookSignature(received, header, check.secrets, options), check.expected, check.why)
      const text = received.toString('utf8')
      if (Buffer.from(text, 'utf8').equals(received)) {
        const verdict = verifyWebhookSignature(text, header, check.secrets, options)
        t.equal(verdict, check.expected, `${check.why} (the body as a string)`)
      }
    }
  })
}

const current = 'whsec_currentCurrentCurrentCurrentCurrentCurrent'
const previous = 'whsec_previousPreviousPreviousPreviousPrevious'
const unrelated = 'whsec_unrelatedUnrelatedUnrelatedUnrelatedUnrel'
const body = Buffer.from('{"id":"evt_1","object":"event","type":"customer.created"}')
const t0 = 1_767_225_600

t.test('several secrets: any v1 against any secret, in any order', async (t) => {
  const rotated = signWebhookPayload(body, [current, previous], t0)
  t.equal(rotated.match(/v1=/g)?.length, 2, 'a rotation signs with both secrets, current first')
  const now = { nowSeconds: t0 }
  t.ok(verifyWebhookSignature(body, rotated, current, now), 'the current secret alone')
  t.ok(verifyWebhookSignature(body, rotated, [previous], now), 'the previous secret alone')
  t.ok(verifyWebhookSignature(body, rotated, [unrelated, previous], now), 'a list whose second secret matches')
  t.notOk(verifyWebhookSignature(body, rotated, [unrelated], now), 'an unrelated secret')
  t.notOk(verifyWebhookSignature(body, rotated, [], now), 'no secret at all')
  const single = signWebhookPayload(body, previous, t0)
  t.ok(verifyWebhookSignature(body, single, [current, previous], now), 'a receiver holding both secrets')
})

t.test('the tolerance: 300 s either way by default, exactly', async (t) => {
  const header = signWebhookPayload(body, current, t0)
  for (const offset of [-300, 0, 300]) {
    t.ok(verifyWebhookSignature(body, header, current, { nowSeconds: t0 + offset }), `now = t ${offset} s`)
  }
  for (const offset of [-301, 301]) {
    t.notOk(verifyWebhookSignature(body, header, current, { nowSeconds: t0 + offset }), `now = t ${offset} s`)
  }
  t.ok(verifyWebhookSignature(body, header, current, { nowSeconds: t0 + 600, toleranceSeconds: 600 }), 'a wider one')
  t.notOk(verifyWebhookSignature(body, header, current, { nowSeconds: t0 + 1, toleranceSeconds: 0 }), 'zero')
  t.notOk(verifyWebhookSignature(body, header, current, { nowSeconds: t0, toleranceSeconds: -1 }), 'negative')
  const fresh = signWebhookPayload(body, current)
  t.ok(verifyWebhookSignature(body, fresh, current), 'signed and verified now, on the real clock')
})

t.test('never throws, whatever a request carries', async (t) => {
  const header = signWebhookPayload(body, current, t0)
  const now = { nowSeconds: t0 }
  t.notOk(verifyWebhookSignature(body, [header, header], current, now), 'a repeated header (string[])')
  t.notOk(verifyWebhookSignature(body, undefined, current, now), 'no header')
  t.notOk(verifyWebhookSignature(JSON.parse(body.toString()) as never, header, current, now), 'a parsed body')
  t.notOk(verifyWebhookSignature(body, `t=${t0},t=${t0},${header.split(',')[1]}`, current, now), 'two timestamps')
  t.notOk(verifyWebhookSignature(body, 'x'.repeat(5000), current, now), 'a huge header')
  t.throws(() => signWebhookPayload(body, 'not-a-secret', t0), /whsec_/, 'signing refuses a malformed secret')
})
