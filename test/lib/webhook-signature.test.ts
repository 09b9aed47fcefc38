import { createHmac } from 'node:crypto'
import t from 'tap'
import {
  deliverySignatureHeaders,
  generateWebhookSecret,
  signatureHeader,
  verifyWebhookSignature,
} from '../../src/lib/webhook-signature.js'

const secretPattern = /^whsec_[A-Za-z0-9_-]+$/
const now = 1_767_225_600 // 2026-01-01T00:00:00Z
const body = JSON.stringify({ id: 'evt_123', type: 'customer.created', data: { first_name: 'Zoë' } })
const current = generateWebhookSecret()
const previous = generateWebhookSecret()

t.test('generateWebhookSecret: whsec_ + 44 base62 characters, valid unpadded base64, fresh each time', async (t) => {
  const secret = generateWebhookSecret()
  t.match(secret, secretPattern)
  const encoded = secret.slice('whsec_'.length)
  t.match(encoded, /^[A-Za-z0-9]{44}$/, 'letters and digits only: the same in base64 and base64url')
  t.equal(Buffer.from(encoded, 'base64').length, 33, '44 characters decode to 33 bytes with no padding')
  t.equal(Buffer.from(encoded, 'base64').toString('base64'), encoded, 'it is canonical base64')
  t.not(generateWebhookSecret(), secret)
})

t.test('known-answer: v1 is the lowercase hex HMAC-SHA256 of `<t>.<body>` keyed by the whole secret', async (t) => {
  const secret = 'whsec_test-Key_0123456789'
  const timestamp = 1_700_000_000
  const rawBody = '{"id":"evt_1","object":"event"}'
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${timestamp}.${rawBody}`, 'utf8'))
    .digest('hex')
  t.equal(signatureHeader(rawBody, [secret], timestamp), `t=${timestamp},v1=${expected}`)
  t.match(expected, /^[0-9a-f]{64}$/)
  const withoutPrefix = createHmac('sha256', 'test-Key_0123456789').update(`${timestamp}.${rawBody}`).digest('hex')
  t.not(expected, withoutPrefix, 'the whsec_ prefix is part of the key')
  t.ok(verifyWebhookSignature(rawBody, `t=${timestamp},v1=${expected}`, secret, { nowSeconds: timestamp }))
})

t.test('round trip with one secret', async (t) => {
  const header = signatureHeader(body, [current], now)
  t.match(header, /^t=\d+,v1=[0-9a-f]{64}$/)
  t.ok(verifyWebhookSignature(body, header, current, { nowSeconds: now }), 'secret as a string')
  t.ok(verifyWebhookSignature(body, header, [current], { nowSeconds: now }), 'secret in a list')
  t.ok(verifyWebhookSignature(body, header, [previous, current], { nowSeconds: now }), 'among other secrets')
  const live = signatureHeader(body, [current], Math.floor(Date.now() / 1000))
  t.ok(verifyWebhookSignature(body, live, current), 'default clock and tolerance')
})

t.test('during a rotation two v1 are sent, current first; either secret verifies', async (t) => {
  const header = signatureHeader(body, [current, previous], now)
  const [, first, second] = header.split(',')
  t.equal(first, signatureHeader(body, [current], now).split(',')[1], 'the current secret signs first')
  t.equal(second, signatureHeader(body, [previous], now).split(',')[1], 'then the previous one')
  t.ok(verifyWebhookSignature(body, header, current, { nowSeconds: now }), 'a receiver already on the new secret')
  t.ok(verifyWebhookSignature(body, header, previous, { nowSeconds: now }), 'a receiver still on the old secret')
  t.notOk(verifyWebhookSignature(body, header, generateWebhookSecret(), { nowSeconds: now }), 'neither')
})

t.test('a tampered body or the wrong secret fails', async (t) => {
  const header = signatureHeader(body, [current], now)
  t.notOk(verifyWebhookSignature(`${body} `, header, current, { nowSeconds: now }), 'trailing space')
  t.notOk(verifyWebhookSignature(body.replace('Zoë', 'Zoe'), header, current, { nowSeconds: now }), 'one character')
  t.notOk(
    verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 2), header, current, { nowSeconds: now }),
    're-serialised',
  )
  t.notOk(verifyWebhookSignature(body, header, previous, { nowSeconds: now }), 'another secret')
  t.notOk(verifyWebhookSignature(body, header, current.slice('whsec_'.length), { nowSeconds: now }), 'prefix stripped')
  t.notOk(verifyWebhookSignature(body, header, [], { nowSeconds: now }), 'no secrets')
  t.notOk(verifyWebhookSignature(body, header, '', { nowSeconds: now }), 'an empty secret')
  const otherTime = header.replace(`t=${now}`, `t=${now + 1}`)
  t.notOk(verifyWebhookSignature(body, otherTime, current, { nowSeconds: now }), 'the timestamp is signed too')
  const flipped = header.replace(/.$/, (c) => (c === '0' ? '1' : '0'))
  t.notOk(verifyWebhookSignature(body, flipped, current, { nowSeconds: now }), 'one hex digit changed')
})

t.test('the timestamp must be within tolerance: 5 minutes either way by default', async (t) => {
  const header = signatureHeader(body, [current], now)
  t.ok(verifyWebhookSignature(body, header, current, { nowSeconds: now + 300 }), '300 s old is accepted')
  t.notOk(verifyWebhookSignature(body, header, current, { nowSeconds: now + 301 }), '301 s old is refused')
  t.ok(verifyWebhookSignature(body, header, current, { nowSeconds: now - 300 }), '300 s in the future is accepted')
  t.notOk(verifyWebhookSignature(body, header, current, { nowSeconds: now - 301 }), '301 s in the future is refused')
  t.notOk(verifyWebhookSignature(body, header, current, { nowSeconds: now + 86_400 }), 'a day old')
  t.ok(verifyWebhookSignature(body, header, current, { nowSeconds: now + 600, toleranceSeconds: 600 }), 'wider')
  t.notOk(verifyWebhookSignature(body, header, current, { nowSeconds: now + 11, toleranceSeconds: 10 }), 'narrower')
  const stale = signatureHeader(body, [current], Math.floor(Date.now() / 1000) - 301)
  t.notOk(verifyWebhookSignature(body, stale, current), 'default clock: 301 s old')
  const future = signatureHeader(body, [current], Math.floor(Date.now() / 1000) + 301)
  t.notOk(verifyWebhookSignature(body, future, current), 'default clock: 301 s ahead')
})

t.test('malformed headers are refused without throwing', async (t) => {
  const v1 = signatureHeader(body, [current], now).split(',')[1] ?? ''
  const cases: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['whitespace', '   '],
    ['missing t', v1],
    ['missing v1', `t=${now}`],
    ['v1 with no value', `t=${now},v1=`],
    ['t=abc', `t=abc,${v1}`],
    ['t empty', `t=,${v1}`],
    ['negative t', `t=-${now},${v1}`],
    ['fractional t', `t=${now}.5,${v1}`],
    ['exponent t', `t=1.767e9,${v1}`],
    ['leading zero t (not the string that was signed)', `t=0${now},${v1}`],
    ['hex t', `t=0x${now.toString(16)},${v1}`],
    ['huge t', `t=${'9'.repeat(40)},${v1}`],
    ['two t', `t=${now},t=${now},${v1}`],
    ['short v1', `t=${now},${v1.slice(0, -2)}`],
    ['v1 not hex', `t=${now},v1=${'z'.repeat(64)}`],
    ['semicolons', `t=${now};${v1}`],
    ['garbage', 'not a signature at all'],
    ['only commas', ',,,,'],
    ['only equals', '=,=,='],
    ['binary junk', '\u0000\uffff=\u0001,t'],
    ['very long', `t=${now},${v1},${'x'.repeat(10_000)}`],
    ['not a string', 42],
  ]
  for (const [name, header] of cases) {
    t.equal(verifyWebhookSignature(body, header as string, current, { nowSeconds: now }), false, name)
  }
})

t.test('other misuse is refused without throwing', async (t) => {
  const header = signatureHeader(body, [current], now)
  const parsed = JSON.parse(body) as unknown
  t.equal(verifyWebhookSignature(parsed as string, header, current, { nowSeconds: now }), false, 'a parsed body')
  t.equal(verifyWebhookSignature(body, header, null as unknown as string, { nowSeconds: now }), false, 'null secrets')
  t.equal(verifyWebhookSignature(body, header, [42] as unknown as string[], { nowSeconds: now }), false, 'bad secret')
  t.equal(verifyWebhookSignature(body, header, current, { nowSeconds: Number.NaN }), false, 'NaN clock')
  t.equal(
    verifyWebhookSignature(body, header, current, { nowSeconds: now, toleranceSeconds: -1 }),
    false,
    'tolerance < 0',
  )
})

t.test('the header is parsed robustly: whitespace, order, unknown schemes, several v1', async (t) => {
  const header = signatureHeader(body, [current], now)
  const v1 = header.split(',')[1] ?? ''
  const other = signatureHeader(body, [previous], now).split(',')[1] ?? ''
  const ok = (h: string, name: string) => t.ok(verifyWebhookSignature(body, h, current, { nowSeconds: now }), name)
  ok(` t = ${now} , ${v1.replace('=', ' = ')} `, 'whitespace around keys, values and pairs')
  ok(`${v1},t=${now}`, 'v1 before t')
  ok(`t=${now},v0=${'ab'.repeat(32)},${v1}`, 'an unknown v0 scheme is ignored')
  ok(`t=${now},${v1},v2=something-else,x=1,junk`, 'unknown entries and a bare word are ignored')
  ok(`t=${now},${other},${v1}`, 'the matching v1 second')
  ok(`t=${now},v1=not-hex,${v1}`, 'a malformed v1 next to a good one')
  ok(`t=${now},${v1.toUpperCase().replace('V1', 'v1')}`, 'upper-case hex digits')
  t.notOk(verifyWebhookSignature(body, `t=${now},v0=${v1.slice(3)}`, current, { nowSeconds: now }), 'only under v0')
  t.notOk(verifyWebhookSignature(body, `t=${now},V1=${v1.slice(3)}`, current, { nowSeconds: now }), 'keys are exact')
})

t.test('a Buffer body and the same string verify alike; the bytes are what is signed', async (t) => {
  const bytes = Buffer.from(body, 'utf8')
  const fromString = signatureHeader(body, [current], now)
  t.equal(signatureHeader(bytes, [current], now), fromString, 'same header for string and bytes')
  t.equal(signatureHeader(new Uint8Array(bytes), [current], now), fromString, 'plain Uint8Array too')
  t.ok(verifyWebhookSignature(bytes, fromString, current, { nowSeconds: now }), 'Buffer body')
  t.ok(verifyWebhookSignature(new Uint8Array(bytes), fromString, current, { nowSeconds: now }), 'Uint8Array body')
  t.notOk(
    verifyWebhookSignature(Buffer.from(body, 'latin1'), fromString, current, { nowSeconds: now }),
    'other bytes for the same text do not verify',
  )
  const binary = Buffer.from([0xff, 0x00, 0xfe, 0x80])
  t.ok(verifyWebhookSignature(binary, signatureHeader(binary, [current], now), current, { nowSeconds: now }))
})

t.test('signatureHeader refuses what it cannot sign properly', async (t) => {
  t.throws(() => signatureHeader(body, [], now), /at least one secret/)
  t.throws(() => signatureHeader(body, ['not-a-secret'], now), /whsec_/)
  t.throws(() => signatureHeader(body, ['whsec_'], now), /whsec_/)
  t.throws(() => signatureHeader(body, ['whsec_a b'], now), /whsec_/)
  t.throws(() => signatureHeader(body, [current], 1.5), /integer/)
  t.throws(() => signatureHeader(body, [current], -1), /integer/)
  t.throws(() => signatureHeader(body, [current], Number.NaN), /integer/)
})

t.test('Standard Webhooks headers: the standardwebhooks library verifies them unchanged', async (t) => {
  const { Webhook } = await import('standardwebhooks')
  const rawBody = JSON.stringify({ id: 'evt_abc', type: 'customer.created', data: { name: 'Zoë Ünal' } })
  const timestamp = Math.floor(Date.now() / 1000)
  const headers = deliverySignatureHeaders('evt_abc', rawBody, [current, previous], timestamp)
  t.equal(headers['webhook-id'], 'evt_abc')
  t.equal(headers['service-event-id'], 'evt_abc')
  t.equal(headers['webhook-timestamp'], String(timestamp))
  t.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/, 'one v1 per secret')
  t.same(new Webhook(current).verify(rawBody, headers), JSON.parse(rawBody), 'current secret verifies')
  t.same(new Webhook(previous).verify(rawBody, headers), JSON.parse(rawBody), 'previous secret verifies')
  t.ok(verifyWebhookSignature(rawBody, headers['service-signature'], current, { nowSeconds: timestamp }))
  t.throws(() => new Webhook(generateWebhookSecret()).verify(rawBody, headers), 'another secret does not')
  t.throws(() => new Webhook(current).verify(`${rawBody} `, headers), 'a changed body does not verify')
  t.throws(() => new Webhook(current).verify(rawBody, { ...headers, 'webhook-id': 'evt_other' }), 'the id is signed')
})
