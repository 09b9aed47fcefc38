import { createHmac, timingSafeEqual } from 'node:crypto'

// The Service-Signature of webhook deliveries, signing and verifying, in one dependency-free file: the
// appliance imports it (src/lib/webhook-signature.ts) and `npm run packages` compiles this same file
// into @shopapi/webhooks (packages/webhooks), so a partner's receiver and the sender are one code.
// Only node:crypto: nothing from the rest of src/ may be imported here.
//
// Service-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]
// v1 is the lowercase hex HMAC-SHA256 of `<t>.<raw body bytes>`, keyed by the whole secret string as
// issued (`whsec_` prefix included, as Stripe's verifiers expect). For 24 hours after a rotation a
// delivery carries one v1 per live secret, current first; a receiver accepts it when any one matches.
// The timestamp is signed too, so a captured delivery cannot be replayed outside the tolerance.

/** whsec_ followed by letters, digits, `_` and `-`: the secrets the appliance issues. */
export const secretPattern = /^whsec_[A-Za-z0-9_-]+$/
// The verification rules, shared with the explaining checker of `shopapi webhooks verify`.
/** Canonical decimal seconds: no sign, no leading zero, no fraction, within Number's safe integers. */
export const timestampPattern = /^(0|[1-9]\d{0,14})$/
export const signaturePattern = /^[0-9a-fA-F]{64}$/
/** 5 minutes, the contract's tolerance between `t` and the receiver's clock. */
export const defaultToleranceSeconds = 300
/** Far beyond any header sent (two signatures are ~150 characters); bounds the work on junk. */
export const maxHeaderLength = 4096

/** The raw HMAC-SHA256 of `<t>.<raw body>` keyed by the whole secret string. */
export function sign(secret: string, timestamp: number | string, rawBody: string | Uint8Array): Uint8Array {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest()
}

/** Every signature header refuses the same inputs: a timestamp that is not whole seconds, no secret, a malformed secret. */
export function assertSigningInputs(secrets: readonly string[], timestampSeconds: number): void {
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
  for (const secret of secrets) parts.push(`v1=${Buffer.from(sign(secret, timestampSeconds, rawBody)).toString('hex')}`)
  return parts.join(',')
}

/**
 * The Service-Signature header the appliance would send for this body: for a receiver's own tests.
 * `secrets` is one secret or several (current first, as during a rotation); `timestampSeconds` is now
 * unless given. Throws on a secret that is not `whsec_…` or a timestamp that is not whole seconds.
 */
export function signWebhookPayload(
  rawBody: string | Uint8Array,
  secrets: string | readonly string[],
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): string {
  return signatureHeader(rawBody, typeof secrets === 'string' ? [secrets] : secrets, timestampSeconds)
}

interface ParsedHeader {
  /** t exactly as sent: it is what was signed. */
  timestamp: string
  timestampSeconds: number
  signatures: Uint8Array[]
}

/** The timestamp and v1 signatures of a header, or null when it has no usable t or no v1 at all. */
function parseHeader(header: string): ParsedHeader | null {
  let timestamp: string | undefined
  const signatures: Uint8Array[] = []
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

export interface VerifyOptions {
  /** How far `t` may be from now, either way (default 300). */
  toleranceSeconds?: number
  /** The clock, in unix seconds (default: Date.now()). */
  nowSeconds?: number
}

/**
 * true when some v1 of the Service-Signature header matches one of the secrets over these exact bytes
 * and t is within the tolerance; false otherwise, never throws on malformed input. Constant-time
 * comparison. `rawBody` is the body exactly as received (a Buffer, or a string of it), before any
 * JSON parsing; `secrets` one secret or several while you switch to a rotated one.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secrets: string | readonly string[],
  options?: VerifyOptions,
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
