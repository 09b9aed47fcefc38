import { createHmac, timingSafeEqual } from 'node:crypto'
import { randomBase62 } from './ids.js'

// Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]
// v1 is the lowercase hex HMAC-SHA256 of `<t>.<raw body bytes>`, keyed by the whole secret string as
// issued (`whsec_` prefix included, as Stripe's verifiers expect). For 24 hours after a rotation a
// delivery carries one v1 per live secret, current first; a receiver accepts it when any one matches.
// The timestamp is signed too, so a captured delivery cannot be replayed outside the tolerance.

const secretPattern = /^whsec_[A-Za-z0-9_-]+$/
// The verification rules, shared with the explaining checker of `shopapi webhooks verify`.
// Canonical decimal seconds: no sign, no leading zero, no fraction, within Number's safe integers.
export const timestampPattern = /^(0|[1-9]\d{0,14})$/
export const signaturePattern = /^[0-9a-fA-F]{64}$/
export const defaultToleranceSeconds = 300
// Far beyond any header we send (two signatures are ~150 characters); bounds the work on junk.
export const maxHeaderLength = 4096

// 44 base62 characters (~262 bits): the contract allows only letters, digits, `_` and `-` after whsec_,
// and Standard Webhooks libraries base64-decode that part strictly. A base62 string whose length is a
// multiple of 4 is valid in both base64 alphabets, unpadded, so one secret serves both signatures.
const secretCharacters = 44

/** whsec_ + 44 random base62 characters */
export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(33).slice(-secretCharacters)}`
}

function sign(secret: string, timestamp: number | string, rawBody: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest()
}

/** Both signature headers refuse the same inputs: a timestamp that is not whole seconds, no secret, a malformed secret. */
function assertSigningInputs(secrets: readonly string[], timestampSeconds: number): void {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new Error('the webhook signature timestamp must be a non-negative integer number of seconds')
  }
  if (secrets.length === 0) throw new Error('a webhook signature needs at least one secret')
  for (const secret of secrets) {
    if (!secretPattern.test(secret)) throw new Error('a webhook secret is whsec_ followed by [A-Za-z0-9_-]')
  }
}

/** The Service-Signature header value for a body signed with each secret (current first). */
export function signatureHeader(
  rawBody: string | Uint8Array,
  secrets: readonly string[],
  timestampSeconds: number,
): string {
  assertSigningInputs(secrets, timestampSeconds)
  const parts = [`t=${timestampSeconds}`]
  for (const secret of secrets) parts.push(`v1=${sign(secret, timestampSeconds, rawBody).toString('hex')}`)
  return parts.join(',')
}

/**
 * The Standard Webhooks key: the secret after `whsec_`, base64-decoded, as their libraries do. Secrets
 * issued before the base62 format may hold `-` or `_`; Node decodes those as base64url, strict decoders
 * refuse them, so such an endpoint verifies with a Standard Webhooks library after one rotation.
 */
function standardWebhooksKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64')
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<id>.<t>.<body>`,
 * one per live secret (current first), separated by spaces.
 */
export function standardWebhookSignatureHeader(
  messageId: string,
  rawBody: string | Uint8Array,
  secrets: readonly string[],
  timestampSeconds: number,
): string {
  assertSigningInputs(secrets, timestampSeconds)
  return secrets
    .map((secret) => {
      const digest = createHmac('sha256', standardWebhooksKey(secret))
        .update(`${messageId}.${timestampSeconds}.`)
        .update(rawBody)
        .digest('base64')
      return `v1,${digest}`
    })
    .join(' ')
}

/**
 * Every signing header of a delivery: the contract's Service-Event-Id and Service-Signature, and the
 * Standard Webhooks trio beside them (webhook-id is the event id, so it is the same on every retry).
 * The worker, resends, tests and `shopapi listen` all send exactly these.
 */
export function deliverySignatureHeaders(
  eventId: string,
  rawBody: string | Uint8Array,
  secrets: readonly string[],
  timestampSeconds: number,
): Record<string, string> {
  return {
    'service-event-id': eventId,
    'service-signature': signatureHeader(rawBody, secrets, timestampSeconds),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': standardWebhookSignatureHeader(eventId, rawBody, secrets, timestampSeconds),
  }
}

interface ParsedHeader {
  /** t exactly as sent: it is what was signed. */
  timestamp: string
  timestampSeconds: number
  signatures: Buffer[]
}

/** The timestamp and v1 signatures of a header, or null when it has no usable t or no v1 at all. */
function parseHeader(header: string): ParsedHeader | null {
  let timestamp: string | undefined
  const signatures: Buffer[] = []
  for (const part of header.split(',')) {
    const equals = part.indexOf('=')
    if (equals < 0) continue
    const key = part.slice(0, equals).trim()
    const value = part.slice(equals + 1).trim()
    if (key === 't') {
      if (timestamp !== undefined) return null // two timestamps: which one was signed is ambiguous
      timestamp = value
    } else if (key === 'v1' && signaturePattern.test(value)) {
      signatures.push(Buffer.from(value, 'hex'))
    }
    // Other schemes (v0=, future versions) are ignored, as are v1 values that cannot be a digest.
  }
  if (timestamp === undefined || !timestampPattern.test(timestamp) || signatures.length === 0) return null
  return { timestamp, timestampSeconds: Number(timestamp), signatures }
}

/** true when some v1 matches one of the secrets and t is within tolerance; false otherwise (never throws on malformed input). Constant-time comparison. */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secrets: string | readonly string[],
  options?: { toleranceSeconds?: number; nowSeconds?: number },
): boolean {
  try {
    // A parsed object (the usual mistake: verifying after JSON.parse) is not the raw body.
    if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) return false
    if (typeof header !== 'string' || header.length > maxHeaderLength) return false
    const parsed = parseHeader(header)
    if (!parsed) return false

    const tolerance = options?.toleranceSeconds ?? defaultToleranceSeconds
    const now = options?.nowSeconds ?? Math.floor(Date.now() / 1000)
    if (!Number.isFinite(tolerance) || tolerance < 0 || !Number.isFinite(now)) return false
    if (Math.abs(now - parsed.timestampSeconds) > tolerance) return false

    const candidates = (typeof secrets === 'string' ? [secrets] : [...secrets]).filter(
      (secret): secret is string => typeof secret === 'string' && secret.length > 0,
    )
    let matched = false
    for (const secret of candidates) {
      const expected = sign(secret, parsed.timestamp, rawBody)
      for (const signature of parsed.signatures) {
        // Every pair is compared (no early exit); each comparison is timingSafeEqual on 32 bytes.
        if (timingSafeEqual(expected, signature)) matched = true
      }
    }
    return matched
  } catch {
    return false
  }
}
