#!/usr/bin/env node
// Writes docs/webhook-signature-vectors.json from fixed inputs through the delivery code
// (dist/lib/webhook-signature.js: run `npm run build` first). Run it only when a vector is added or the
// construction changes; test/lib/webhook-signature-vectors.test.ts never regenerates the file, it
// recomputes every vector and compares, so a change to the signing code cannot pass unnoticed.
//
//   node scripts/generate-webhook-signature-vectors.js            writes the file
//   node scripts/generate-webhook-signature-vectors.js --check    exits 1 when the file differs
import { readFile, writeFile } from 'node:fs/promises'
import { deliverySignatureHeaders } from '../dist/lib/webhook-signature.js'

const out = new URL('../docs/webhook-signature-vectors.json', import.meta.url)

// Published secrets: never use them for a real endpoint.
const current = 'whsec_0MV3mbXnbMcowD6mf4U2gdJqn7aYQUOxLFDcbkeNw1rS'
const previous = 'whsec_VRqdVL8E2wY5MNCLe4tq6Ddam35PFrusmvuLiNGXS5Ws'
const stranger = 'whsec_WrW85YRrmzdr46ToanYnQtJ6wjSZDWnFdYFDD2oiVu0P'
// The format issued before base62 secrets: base64url of 32 bytes, with `-` and `_`.
const oldStyle = 'whsec__ubkfPONRSEAuJKKG02bwzVW1Y5q-tkNhuSnoaBLdHc'

const t = 1_767_225_600 // 2026-01-01T00:00:00Z
const tolerance = 300

/** An event envelope as the worker serializes it (compact JSON, no trailing newline). */
function event(id, type, createdAt, objectType, objectId, summary) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: 'v1',
    test: false,
    created_at: createdAt,
    data: { object_type: objectType, object_id: objectId, summary },
  })
}

const plainBody = event(
  'evt_5wHqTnF2kXc8Lr3VbN9pZa',
  'customer.created',
  '2026-01-01T00:00:00Z',
  'customer',
  'cus_7Jd2mQx9RtLw4Kv8Hn3Pc',
  {
    first_name: 'Ada',
    last_name: 'Lovelace',
  },
)
const unicodeBody = event(
  'evt_2bTy6UeQ9sWm4Nf7Ck1Hx',
  'customer.updated',
  '2026-01-01T00:00:00Z',
  'customer',
  'cus_3Lp8Vz2Rk6Ys1Mq9Dw5Tg',
  { first_name: 'Zoë José', last_name: 'Müller 山田', note: 'Café ☕ 🚗💨 — 日本語テキスト' },
)

const vectors = [
  {
    name: 'plain',
    description: 'One secret, an ASCII body.',
    secrets: [current],
    event_id: 'evt_5wHqTnF2kXc8Lr3VbN9pZa',
    body: plainBody,
    checks: [
      { secrets: [current], now: t, expected: true, why: 'signed now with this secret' },
      {
        secrets: [current],
        now: t + tolerance,
        expected: true,
        why: 'exactly 300 s old is still inside the tolerance',
      },
    ],
  },
  {
    name: 'rotation-two-secrets',
    description:
      'Within 24 h of a rotation the delivery carries one v1 per live secret, the current one first. A receiver holding either secret accepts it.',
    secrets: [current, previous],
    event_id: 'evt_9kRz3Wd7Pq2Xn6Bv4Mt8Ls',
    body: event(
      'evt_9kRz3Wd7Pq2Xn6Bv4Mt8Ls',
      'repair_order.status_changed',
      '2026-01-01T00:00:00Z',
      'repair_order',
      'ro_4Hs9Kd2Lp7Qw3Nz8Xv5Rb',
      {
        status: 'in_progress',
        previous_status: 'estimate',
      },
    ),
    checks: [
      { secrets: [current], now: t, expected: true, why: 'a receiver already on the new secret matches the first v1' },
      { secrets: [previous], now: t, expected: true, why: 'a receiver still on the old secret matches the second v1' },
      {
        secrets: [stranger, previous],
        now: t,
        expected: true,
        why: 'any match among several secrets and several v1 is enough',
      },
    ],
  },
  {
    name: 'non-ascii-body',
    description:
      'Non-ASCII characters are signed as their UTF-8 bytes (é is C3 A9, 🚗 is F0 9F 9A 97, 山 is E5 B1 B1), not as \\u escapes and not as UTF-16.',
    secrets: [current],
    event_id: 'evt_2bTy6UeQ9sWm4Nf7Ck1Hx',
    body: unicodeBody,
    checks: [{ secrets: [current], now: t, expected: true, why: 'the exact UTF-8 bytes' }],
  },
  {
    name: 'trailing-newline',
    description:
      'The signed bytes end with a line feed: it is part of the body, so a verifier that trims it (or an editor that adds one) breaks the signature.',
    secrets: [current],
    event_id: 'evt_6Gc1Js8Yh4Rt2Kq7Wp9Vn',
    body: `${event('evt_6Gc1Js8Yh4Rt2Kq7Wp9Vn', 'vehicle.created', '2026-01-01T00:00:00Z', 'vehicle', 'veh_8Nw3Fp6Tz1Kc5Hr2Lm9Qd', { vin: '1HGCM82633A004352' })}\n`,
    checks: [{ secrets: [current], now: t, expected: true, why: 'the newline is signed' }],
  },
  {
    name: 'old-style-secret',
    description:
      'A secret of the earlier format (base64url, with - and _). Service-Signature is keyed by the whole string as usual. For webhook-signature the part after whsec_ is decoded as base64url; strict Standard Webhooks decoders refuse - and _, so such an endpoint verifies with a Standard Webhooks library only after one rotation (or by giving the library the key re-encoded in standard base64: standard_webhooks_key_base64).',
    secrets: [oldStyle],
    event_id: 'evt_3Vx7Bn2Mq8Kd4Ws6Hf1Tj',
    body: event(
      'evt_3Vx7Bn2Mq8Kd4Ws6Hf1Tj',
      'invoice.posted',
      '2026-01-01T00:00:00Z',
      'invoice',
      'inv_5Rk2Yp9Lc3Tw7Nb4Gs8Hm',
      {
        total: { amount: 12345, currency: 'USD' },
      },
    ),
    checks: [
      { secrets: [oldStyle], now: t, expected: true, why: 'the whole secret string, - and _ included, is the key' },
    ],
  },
  {
    name: 'wrong-secret',
    description: 'Negative: the receiver holds a secret that did not sign.',
    secrets: [current],
    event_id: 'evt_5wHqTnF2kXc8Lr3VbN9pZa',
    body: plainBody,
    checks: [{ secrets: [stranger], now: t, expected: false, why: 'no v1 matches this secret' }],
  },
  {
    name: 'tampered-body',
    description:
      'Negative: the body that arrived differs from the signed one (received_body): here one character changed, and also the same JSON re-serialized with indentation.',
    secrets: [current],
    event_id: 'evt_2bTy6UeQ9sWm4Nf7Ck1Hx',
    body: unicodeBody,
    checks: [
      {
        secrets: [current],
        now: t,
        received_body: unicodeBody.replace('Zoë', 'Zoe'),
        expected: false,
        why: 'one byte sequence changed',
      },
      {
        secrets: [current],
        now: t,
        received_body: JSON.stringify(JSON.parse(unicodeBody), null, 2),
        expected: false,
        why: 'the same JSON, re-serialized: verify the raw bytes, before any parsing',
      },
    ],
  },
  {
    name: 'stale-timestamp',
    description: 'Negative: a correct signature checked too long after (or before) t.',
    secrets: [current],
    event_id: 'evt_5wHqTnF2kXc8Lr3VbN9pZa',
    body: plainBody,
    checks: [
      { secrets: [current], now: t + tolerance + 1, expected: false, why: '301 s old: outside the 300 s tolerance' },
      { secrets: [current], now: t - tolerance - 1, expected: false, why: '301 s in the future' },
    ],
  },
]

function base64(text) {
  return Buffer.from(text, 'utf8').toString('base64')
}

function standardKey(secret) {
  return Buffer.from(secret.slice('whsec_'.length), 'base64').toString('base64')
}

const document = {
  description:
    'Test vectors for the signatures shopapi puts on webhook deliveries. Each vector is one delivery: the secrets that signed it (current first), t, the event id and the raw body, given as UTF-8 text and as base64 of the exact bytes (use body_base64: it survives any JSON tooling). headers are what the delivery carries. checks are what a receiver should conclude with its secret(s) and clock; a check with received_body verifies those bytes instead of the signed ones. Generated by scripts/generate-webhook-signature-vectors.js; the secrets are published, never use them.',
  service_signature:
    'Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]; v1 = lowercase hex HMAC-SHA256, key = the whole secret string (whsec_ included) as UTF-8, message = "<t>." + raw body bytes. Accept when any v1 matches any secret and |now - t| <= tolerance_seconds.',
  standard_webhooks:
    'webhook-id (the event id), webhook-timestamp (t), webhook-signature: "v1,<base64>" per secret, space-separated; HMAC-SHA256 keyed by the base64-decoded part after whsec_, message = "<webhook-id>.<t>." + raw body bytes.',
  tolerance_seconds: tolerance,
  vectors: vectors.map((vector) => {
    const headers = deliverySignatureHeaders(vector.event_id, vector.body, vector.secrets, t)
    return {
      name: vector.name,
      description: vector.description,
      secrets: vector.secrets,
      standard_webhooks_key_base64: vector.secrets.map(standardKey),
      timestamp: t,
      event_id: vector.event_id,
      body: vector.body,
      body_base64: base64(vector.body),
      headers: {
        'Service-Event-Id': headers['service-event-id'],
        'Service-Signature': headers['service-signature'],
        'webhook-id': headers['webhook-id'],
        'webhook-timestamp': headers['webhook-timestamp'],
        'webhook-signature': headers['webhook-signature'],
      },
      checks: vector.checks.map((check) => ({
        why: check.why,
        secrets: check.secrets,
        now: check.now,
        ...(check.received_body === undefined
          ? {}
          : { received_body: check.received_body, received_body_base64: base64(check.received_body) }),
        expected: check.expected,
      })),
    }
  }),
}

const text = `${JSON.stringify(document, null, 2)}\n`
if (process.argv.includes('--check')) {
  const existing = await readFile(out, 'utf8').catch(() => '')
  if (existing !== text) {
    process.stderr.write('docs/webhook-signature-vectors.json differs from what the generator writes\n')
    process.exit(1)
  }
  process.stdout.write('docs/webhook-signature-vectors.json is up to date\n')
} else {
  await writeFile(out, text)
  process.stdout.write(`wrote docs/webhook-signature-vectors.json (${document.vectors.length} vectors)\n`)
}
