import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  defaultToleranceSeconds,
  signaturePattern as hexSignaturePattern,
  maxHeaderLength,
  standardWebhookSignatureHeader,
  timestampPattern,
} from './webhook-signature.js'

// Why a signature does or does not verify, for `shopapi webhooks verify`: the same rules as
// verifyWebhookSignature (a test holds the two to the same answer on every vector and on random input),
// plus the guesses that save an integrator an afternoon: the body was re-serialized or lost/gained a
// trailing newline, t is in milliseconds, the key was the part after whsec_. The secret never appears
// in a report; a matching secret is named by its position.

export type SignatureProblem =
  | 'malformed_header'
  | 'timestamp_outside_tolerance'
  | 'no_signature_matched'
  | 'body_modified'
  | 'wrong_key_construction'

export interface SignatureReport {
  valid: boolean
  /** null when valid */
  problem: SignatureProblem | null
  /** One or more sentences for a person: what failed and what to try. */
  message: string
  timestamp: number | null
  /** now - t in seconds (negative when t is in the future); null when t is unusable */
  ageSeconds: number | null
  toleranceSeconds: number
  signaturesInHeader: number
  /** 1-based position of the secret that matched, among those given, and of the signature it matched */
  matchedSecret: number | null
  matchedSignature: number | null
}

export interface CheckOptions {
  toleranceSeconds?: number
  nowSeconds?: number
}

// Re-serialization guesses cost a JSON parse and a few HMACs; beyond this size they are not tried.
const maxGuessBytes = 1024 * 1024

interface HeaderParts {
  timestamp: string | null
  timestamps: number
  signatures: Buffer[]
  ignored: string[]
}

function splitServiceHeader(header: string): HeaderParts {
  const parts: HeaderParts = { timestamp: null, timestamps: 0, signatures: [], ignored: [] }
  for (const part of header.split(',')) {
    const equals = part.indexOf('=')
    const key = equals < 0 ? part.trim() : part.slice(0, equals).trim()
    const value = equals < 0 ? '' : part.slice(equals + 1).trim()
    if (equals >= 0 && key === 't') {
      parts.timestamps += 1
      parts.timestamp = value
    } else if (equals >= 0 && key === 'v1' && hexSignaturePattern.test(value)) {
      parts.signatures.push(Buffer.from(value, 'hex'))
    } else if (part.trim() !== '') {
      parts.ignored.push(key === 'v1' ? 'v1 (not 64 hex digits)' : key || '(empty key)')
    }
  }
  return parts
}

function bytesOf(body: string | Uint8Array): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body)
}

function hmac(key: string | Buffer, ...parts: (string | Buffer)[]): Buffer {
  const mac = createHmac('sha256', key)
  for (const part of parts) mac.update(part)
  return mac.digest()
}

/** Index pair of the first (secret, signature) that match; every pair is compared in constant time. */
function findMatch(expected: Buffer[], signatures: Buffer[]): { secret: number; signature: number } | null {
  let found: { secret: number; signature: number } | null = null
  expected.forEach((digest, secretIndex) => {
    signatures.forEach((signature, signatureIndex) => {
      if (digest.length === signature.length && timingSafeEqual(digest, signature) && !found) {
        found = { secret: secretIndex + 1, signature: signatureIndex + 1 }
      }
    })
  })
  return found
}

/** Bodies a tool between the sender and the check might have produced from the one that was signed. */
function bodyVariants(body: Buffer): { bytes: Buffer; what: string }[] {
  if (body.length > maxGuessBytes) return []
  const text = body.toString('utf8')
  const variants: { bytes: Buffer; what: string }[] = []
  const add = (candidate: string, what: string) => {
    if (candidate !== text) variants.push({ bytes: Buffer.from(candidate, 'utf8'), what })
  }
  if (text.endsWith('\r\n')) add(text.slice(0, -2), 'without its trailing CRLF, which was not signed')
  else if (text.endsWith('\n')) add(text.slice(0, -1), 'without its trailing newline, which was not signed')
  add(`${text}\n`, 'with a trailing newline added: the signed bytes ended with one')
  if (text.includes('\r\n')) add(text.replaceAll('\r\n', '\n'), 'with CRLF line endings turned back into LF')
  try {
    const parsed: unknown = JSON.parse(text)
    add(JSON.stringify(parsed), 'when re-serialized as compact JSON: this body was reformatted')
    add(JSON.stringify(parsed, null, 2), 'when re-serialized as JSON indented by 2: this body was reformatted')
  } catch {
    // not JSON: nothing to re-serialize
  }
  return variants
}

/** A report before any check has run: invalid, for a malformed header, until a check says otherwise. */
function blankReport(toleranceSeconds: number): SignatureReport {
  return {
    valid: false,
    problem: 'malformed_header',
    message: '',
    timestamp: null,
    ageSeconds: null,
    toleranceSeconds,
    signaturesInHeader: 0,
    matchedSecret: null,
    matchedSignature: null,
  }
}

/** What every check starts from: its tolerance and clock, a blank report, and a way to end it with a problem. */
function beginCheck(options: CheckOptions) {
  const toleranceSeconds = options.toleranceSeconds ?? defaultToleranceSeconds
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000)
  const report = blankReport(toleranceSeconds)
  const fail = (problem: SignatureProblem, message: string): SignatureReport => ({ ...report, problem, message })
  return { toleranceSeconds, now, report, fail }
}

function describeAge(age: number): string {
  return age >= 0 ? `${age} s old` : `${-age} s in the future`
}

/** The verdict of verifyWebhookSignature on a Service-Signature header, with the reason. */
export function checkServiceSignature(
  rawBody: string | Uint8Array,
  header: string,
  secrets: readonly string[],
  options: CheckOptions = {},
): SignatureReport {
  const { toleranceSeconds, now, report, fail } = beginCheck(options)

  if (header.length > maxHeaderLength) {
    return fail(
      'malformed_header',
      `the header is ${header.length} characters long; at most ${maxHeaderLength} are read`,
    )
  }
  const parts = splitServiceHeader(header)
  report.signaturesInHeader = parts.signatures.length
  const ignored = parts.ignored.length > 0 ? ` (ignored: ${parts.ignored.join(', ')})` : ''
  if (parts.timestamps === 0) return fail('malformed_header', `the header has no t=<unix seconds>${ignored}`)
  if (parts.timestamps > 1)
    return fail('malformed_header', 'the header has more than one t=; which was signed is ambiguous')
  const t = parts.timestamp ?? ''
  if (!timestampPattern.test(t)) {
    return fail('malformed_header', `t=${t.slice(0, 40)} is not whole unix seconds (digits only, no leading zero)`)
  }
  if (parts.signatures.length === 0) {
    return fail('malformed_header', `the header has no v1=<64 hex digits>${ignored}`)
  }
  report.timestamp = Number(t)
  report.ageSeconds = now - report.timestamp

  const body = bytesOf(rawBody)
  // verifyWebhookSignature skips empty secrets too
  const expected = secrets.filter((secret) => secret.length > 0).map((secret) => hmac(secret, `${t}.`, body))
  const match = findMatch(expected, parts.signatures)
  if (match) {
    report.matchedSecret = match.secret
    report.matchedSignature = match.signature
  }
  const outside = Math.abs(report.ageSeconds) > toleranceSeconds
  if (outside) {
    const by = Math.abs(report.ageSeconds) - toleranceSeconds
    const milliseconds = report.timestamp >= 1e12 ? ' t looks like milliseconds; it must be seconds.' : ''
    const signature = match ? ' The signature itself matches.' : ''
    return fail(
      'timestamp_outside_tolerance',
      `t=${t} is ${describeAge(report.ageSeconds)}: outside the ${toleranceSeconds} s tolerance by ${by} s.${milliseconds}${signature}`,
    )
  }
  if (match) {
    const which =
      secrets.length > 1 || parts.signatures.length > 1
        ? ` (secret ${match.secret} of ${secrets.length} matched v1 ${match.signature} of ${parts.signatures.length})`
        : ''
    return {
      ...report,
      valid: true,
      problem: null,
      message: `valid: t is ${describeAge(report.ageSeconds)}${which}`,
    }
  }

  const count = `none of the ${parts.signatures.length} v1 signature(s) matches the ${secrets.length} secret(s) given`
  for (const variant of bodyVariants(body)) {
    const variantMatch = findMatch(
      secrets.map((secret) => hmac(secret, `${t}.`, variant.bytes)),
      parts.signatures,
    )
    if (variantMatch) {
      return fail(
        'body_modified',
        `${count} over these bytes, but one matches this body ${variant.what}. Verify the raw bytes exactly as received, before any parsing or reformatting.`,
      )
    }
  }
  for (const secret of secrets) {
    const suffix = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret
    const keys: { key: string | Buffer; what: string }[] = [
      { key: suffix, what: 'the part after whsec_' },
      { key: Buffer.from(suffix, 'base64'), what: 'the base64-decoded part after whsec_ (the Standard Webhooks key)' },
    ]
    for (const { key, what } of keys) {
      if (findMatch([hmac(key, `${t}.`, body)], parts.signatures)) {
        return fail(
          'wrong_key_construction',
          `${count}, but one matches when keyed by ${what}: Service-Signature is keyed by the whole secret string, whsec_ included.`,
        )
      }
    }
  }
  return fail(
    'no_signature_matched',
    `${count}: check that the secret is this endpoint's current one (or the previous one within 24 h of a rotation) and that the body is the raw bytes as received.`,
  )
}

export interface StandardHeaders {
  id: string
  timestamp: string
  signature: string
}

/** The Standard Webhooks digest each secret gives over these bytes, as the sender computes it. */
function standardDigests(
  messageId: string,
  body: string | Uint8Array,
  secrets: readonly string[],
  timestampSeconds: number,
): Buffer[] {
  return secrets.map((secret) => {
    const value = standardWebhookSignatureHeader(messageId, body, [secret], timestampSeconds)
    return Buffer.from(value.slice('v1,'.length), 'base64')
  })
}

/** The Standard Webhooks check (webhook-id, webhook-timestamp, webhook-signature), with the reason. */
export function checkStandardWebhookSignature(
  rawBody: string | Uint8Array,
  headers: StandardHeaders,
  secrets: readonly string[],
  options: CheckOptions = {},
): SignatureReport {
  const { toleranceSeconds, now, report, fail } = beginCheck(options)
  if (headers.id === '') return fail('malformed_header', 'webhook-id is empty')
  if (!timestampPattern.test(headers.timestamp)) {
    return fail('malformed_header', `webhook-timestamp ${headers.timestamp.slice(0, 40)} is not whole unix seconds`)
  }
  const signatures = headers.signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3), 'base64'))
    .filter((digest) => digest.length === 32)
  report.signaturesInHeader = signatures.length
  if (signatures.length === 0) {
    return fail(
      'malformed_header',
      'webhook-signature has no v1,<base64 of 32 bytes> entry (entries are separated by spaces)',
    )
  }
  report.timestamp = Number(headers.timestamp)
  report.ageSeconds = now - report.timestamp
  const match = findMatch(standardDigests(headers.id, rawBody, secrets, report.timestamp), signatures)
  if (match) {
    report.matchedSecret = match.secret
    report.matchedSignature = match.signature
  }
  if (Math.abs(report.ageSeconds) > toleranceSeconds) {
    const by = Math.abs(report.ageSeconds) - toleranceSeconds
    return fail(
      'timestamp_outside_tolerance',
      `webhook-timestamp ${headers.timestamp} is ${describeAge(report.ageSeconds)}: outside the ${toleranceSeconds} s tolerance by ${by} s.${match ? ' The signature itself matches.' : ''}`,
    )
  }
  if (match) return { ...report, valid: true, problem: null, message: `valid: t is ${describeAge(report.ageSeconds)}` }
  const count = `none of the ${signatures.length} v1 signature(s) matches the ${secrets.length} secret(s) given`
  for (const variant of bodyVariants(bytesOf(rawBody))) {
    if (findMatch(standardDigests(headers.id, variant.bytes, secrets, report.timestamp ?? 0), signatures)) {
      return fail(
        'body_modified',
        `${count} over these bytes, but one matches this body ${variant.what}. Verify the raw bytes exactly as received.`,
      )
    }
  }
  return fail(
    'no_signature_matched',
    `${count}: check the secret, that webhook-id is the event id exactly as received, and that the body is the raw bytes as received.`,
  )
}
