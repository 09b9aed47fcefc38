import { createRequire } from 'node:module'
import type pg from 'pg'
import { type Dispatcher, request, errors as undiciErrors } from 'undici'
import type { WebhookConfig } from '../config.js'
import { signatureHeader } from '../lib/webhook-signature.js'
import { eventEnvelope } from '../platform/events.js'
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  countUnrecordedAttempt,
  type RecordedAttempt,
  recordAttempt,
  releaseLease,
  type UnrecordedAttempt,
} from '../resources/deliveries/service.js'
import { signingSecrets } from '../resources/webhook-endpoints/service.js'

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }
const webhookUserAgent = `shopapi-webhooks/${version}`

// Support staff see this much of a receiver's answer; the rest is read and thrown away.
const keptResponseBytes = 4096
const drainedResponseBytes = 64 * 1024

export interface AttemptRuntime {
  pool: pg.Pool
  webhooks: WebhookConfig
  sealKey: Uint8Array
  /** The SSRF-safe agent (createDeliveryAgent): resolves, vets and pins every connection. */
  agent: Dispatcher
}

/** How long a claimed delivery stays leased: the request timeout plus time to record the result. */
export function leaseMs(webhooks: Pick<WebhookConfig, 'timeoutMs'>): number {
  return webhooks.timeoutMs + 20_000
}

/**
 * A receiver's bytes as text Postgres accepts: invalid UTF-8 becomes U+FFFD (a non-fatal decoder),
 * a character cut in half by the 4 KB limit is dropped (stream mode holds it back), and NUL, which a
 * `text` column refuses, becomes U+FFFD too. Support staff read the answer; a faithful copy of binary
 * noise is worth less than an attempt that can always be recorded.
 */
export function storableText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes, { stream: true }).replaceAll('\u0000', '\ufffd')
}

/** The error chain's messages and codes in one line, for the attempt record. */
function describeError(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `timeout: no complete response within ${timeoutMs / 1000} s`
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: string; message?: string }
    if (code === 'UNSAFE_TARGET') return message ?? 'refused: the target address is not public'
    const text = [code, message].filter(Boolean).join(': ')
    if (text && !parts.some((part) => part.includes(text))) parts.push(text)
    current = (current as { cause?: unknown }).cause
  }
  return storableText(Buffer.from(parts.join(' <- ') || String(error)))
}

/** POSTs the envelope once. Never throws: network failures, timeouts and refusals are outcomes. */
async function sendDelivery(
  delivery: ClaimedDelivery,
  secrets: string[],
  runtime: Pick<AttemptRuntime, 'webhooks' | 'agent'>,
): Promise<AttemptOutcome> {
  const body = JSON.stringify(eventEnvelope(delivery.event))
  const startedAt = new Date()
  const started = performance.now()
  const timeoutMs = runtime.webhooks.timeoutMs
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const outcome = (fields: Pick<AttemptOutcome, 'responseStatus' | 'error' | 'responseBody'>): AttemptOutcome => ({
    startedAt,
    durationMs: Math.round(performance.now() - started),
    signatures: secrets.length,
    succeeded: fields.responseStatus !== null && fields.responseStatus >= 200 && fields.responseStatus < 300,
    ...fields,
  })
  try {
    const response = await request(delivery.url, {
      method: 'POST',
      dispatcher: runtime.agent,
      signal: controller.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': webhookUserAgent,
        'service-event-id': delivery.event.public_id,
        'service-signature': signatureHeader(body, secrets, Math.floor(startedAt.getTime() / 1000)),
      },
      body,
    })
    const chunks: Buffer[] = []
    let kept = 0
    let read = 0
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      read += chunk.length
      if (kept < keptResponseBytes) {
        const part = chunk.subarray(0, keptResponseBytes - kept)
        chunks.push(part)
        kept += part.length
      }
      if (read > drainedResponseBytes) {
        response.body.destroy()
        break
      }
    }
    const status = response.statusCode
    const location = response.headers.location
    const redirect =
      status >= 300 && status < 400
        ? storableText(
            Buffer.from(
              `redirect (${status}${location ? ` to ${String(location)}` : ''}) not followed: deliveries go only to the registered url`,
            ),
          )
        : null
    return outcome({
      responseStatus: status,
      error: redirect ?? (status >= 200 && status < 300 ? null : `receiver answered ${status}`),
      responseBody: chunks.length > 0 ? storableText(Buffer.concat(chunks)) : null,
    })
  } catch (error) {
    const aborted =
      timedOut || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError
    return outcome({ responseStatus: null, error: describeError(error, timeoutMs, aborted), responseBody: null })
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Signs, sends and records one attempt of a claimed delivery. When the secrets cannot be read the
 * lease is given back without an attempt (a configuration fault costs the receiver nothing).
 */
export async function attemptDelivery(
  runtime: AttemptRuntime,
  delivery: ClaimedDelivery,
  options: { manual?: boolean } = {},
): Promise<{ outcome: AttemptOutcome; recorded: RecordedAttempt }> {
  let secrets: string[]
  try {
    secrets = signingSecrets(delivery, runtime.sealKey)
  } catch (error) {
    await releaseLease(runtime.pool, delivery).catch(() => {})
    throw error
  }
  const outcome = await sendDelivery(delivery, secrets, runtime)
  let recorded: RecordedAttempt
  try {
    recorded = await recordAttempt(runtime.pool, delivery, outcome, runtime.webhooks, options)
  } catch (error) {
    // A manual resend reports the failure to the person who ran it; passing trouble (a lost
    // connection, a deadlock) leaves the lease to lapse. Anything else the database refuses would
    // refuse again at every retry, so it is counted, and fails the delivery after a few tries.
    if (options.manual || !isDatabaseRefusal(error)) throw error
    const counted = await countUnrecordedAttempt(
      runtime.pool,
      delivery,
      outcome,
      describeDatabaseError(error),
      runtime.webhooks.retryScheduleMs,
    )
    throw new UnrecordedAttemptError(error, counted)
  }
  return { outcome, recorded }
}

/** An attempt was sent but its result could not be stored; `counted` says what became of the delivery. */
export class UnrecordedAttemptError extends Error {
  readonly counted: UnrecordedAttempt | null
  constructor(cause: unknown, counted: UnrecordedAttempt | null) {
    super(
      counted?.failed
        ? 'the attempt could not be recorded; the delivery has failed'
        : 'the attempt could not be recorded; it will be retried',
      { cause },
    )
    this.name = 'UnrecordedAttemptError'
    this.counted = counted
  }
}

// SQLSTATE classes of passing trouble, not of the record itself: connection (08), rollback such as a
// deadlock (40), insufficient resources (53), lock not available (55), operator intervention such as a
// shutdown or statement timeout (57), system I/O (58). Their lease lapses and the attempt runs again.
const transientSqlClasses = new Set(['08', '40', '53', '55', '57', '58'])

/** True when Postgres refused the record itself (a SQLSTATE outside the transient classes): it would again. */
function isDatabaseRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !transientSqlClasses.has(code.slice(0, 2))
}

function describeDatabaseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string }
  return `${code ?? 'error'}: ${message ?? String(error)}`
}
