import { createRequire } from 'node:module'
import type pg from 'pg'
import { type Dispatcher, errors as undiciErrors } from 'undici'
import type { WebhookConfig } from '../config.js'
import { deliverySignatureHeaders } from '../lib/webhook-signature.js'
import { eventEnvelope } from '../platform/events.js'
import { signingSecrets } from '../resources/webhook-endpoints/service.js'
import { type ClaimedDelivery, releaseLeases } from './claim.js'
import {
  type AttemptOutcome,
  countUnrecordedAttempt,
  describeDatabaseError,
  isDatabaseRefusal,
  type RecordedAttempt,
  recordAttempt,
  UnrecordedAttemptError,
} from './record.js'
import { parseRetryAfter, retryAfterStatuses } from './retry-schedule.js'

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }
export const webhookUserAgent = `shopapi-webhooks/${version}`

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

/** The delivery body: the event's envelope, the same bytes for every endpoint that receives it. */
export function deliveryBody(delivery: Pick<ClaimedDelivery, 'event'>): string {
  return JSON.stringify(eventEnvelope(delivery.event))
}

/**
 * POSTs the envelope once (`body`: deliveryBody, which the worker builds once per event). Never throws:
 * network failures, timeouts and refusals are outcomes.
 */
export async function sendDelivery(
  delivery: ClaimedDelivery,
  secrets: string[],
  runtime: Pick<AttemptRuntime, 'webhooks' | 'agent'>,
  body = deliveryBody(delivery),
): Promise<AttemptOutcome> {
  const startedAt = new Date()
  const started = performance.now()
  const timeoutMs = runtime.webhooks.timeoutMs
  const response = await post(
    runtime.agent,
    delivery.url,
    {
      'content-type': 'application/json',
      'user-agent': webhookUserAgent,
      ...deliverySignatureHeaders(delivery.event.public_id, body, secrets, Math.floor(startedAt.getTime() / 1000)),
    },
    body,
    timeoutMs,
  )
  const outcome = (
    fields: Pick<AttemptOutcome, 'responseStatus' | 'error' | 'responseBody'> & { retryAfterSeconds?: number | null },
  ): AttemptOutcome => ({
    startedAt,
    durationMs: Math.round(performance.now() - started),
    signatures: secrets.length,
    succeeded: fields.responseStatus !== null && fields.responseStatus >= 200 && fields.responseStatus < 300,
    retryAfterSeconds: null,
    ...fields,
  })
  if ('error' in response) {
    const aborted =
      response.timedOut ||
      response.error instanceof undiciErrors.HeadersTimeoutError ||
      response.error instanceof undiciErrors.BodyTimeoutError
    return outcome({
      responseStatus: null,
      error: describeError(response.error, timeoutMs, aborted),
      responseBody: null,
    })
  }
  const { status, location } = response
  const retryAfterSeconds = parseRetryAfter(response.retryAfter, startedAt)
  const redirect =
    status >= 300 && status < 400
      ? storableText(
          Buffer.from(
            `redirect (${status}${location ? ` to ${location}` : ''}) not followed: deliveries go only to the registered url`,
          ),
        )
      : null
  return outcome({
    responseStatus: status,
    error: redirect ?? (status >= 200 && status < 300 ? null : answeredError(status, retryAfterSeconds)),
    responseBody: response.body ? storableText(response.body) : null,
    retryAfterSeconds,
  })
}

/** What a failed answer says on the attempt: its status, and what the receiver asked of the schedule. */
function answeredError(status: number, retryAfterSeconds: number | null): string {
  if (status === 410) return 'receiver answered 410 Gone: the endpoint is disabled'
  if (retryAfterSeconds !== null) {
    return `receiver answered ${status} with Retry-After: ${retryAfterSeconds} s, so no retry comes earlier`
  }
  return `receiver answered ${status}`
}

type PostResult =
  | { status: number; location: string | undefined; retryAfter: string | undefined; body: Buffer | null }
  | { error: unknown; timedOut: boolean }

// The origin and path of each endpoint url, parsed once (the worker sends to the same few urls).
const targets = new Map<string, { origin: string; path: string }>()
const maxTargets = 10_000

function targetOf(url: string): { origin: string; path: string } {
  let target = targets.get(url)
  if (!target) {
    const parsed = new URL(url)
    target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` }
    if (targets.size >= maxTargets) targets.clear()
    targets.set(url, target)
  }
  return target
}

/**
 * One POST through the dispatcher's low-level handler: the answer's status, Location and first 4 KB
 * are all an attempt keeps, so no response stream, async iterator or AbortController is built for it
 * (at hundreds of deliveries a second they were a large part of the worker's CPU). The whole exchange,
 * connecting included, has `timeoutMs`; the rest of a long answer is read up to 64 KB, then cut.
 */
function post(
  agent: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  return new Promise<PostResult>((resolve) => {
    let settled = false
    let timedOut = false
    let abort: ((reason?: Error) => void) | undefined
    let status = 0
    let location: string | undefined
    let retryAfter: string | undefined
    const chunks: Buffer[] = []
    let kept = 0
    let read = 0
    const settle = (result: PostResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const answered = () =>
      settle({ status, location, retryAfter, body: chunks.length > 0 ? Buffer.concat(chunks) : null })
    const timer = setTimeout(() => {
      timedOut = true
      abort?.(new Error('timeout'))
      settle({ error: new Error('timeout'), timedOut: true })
    }, timeoutMs)
    let target: { origin: string; path: string }
    try {
      target = targetOf(url)
    } catch (error) {
      settle({ error, timedOut: false })
      return
    }
    agent.dispatch(
      {
        origin: target.origin,
        path: target.path,
        method: 'POST',
        headers,
        body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      {
        onConnect(abortRequest: (reason?: Error) => void) {
          abort = abortRequest
          if (timedOut) abortRequest(new Error('timeout'))
        },
        onHeaders(statusCode: number, rawHeaders: Buffer[]) {
          status = statusCode
          const wanted =
            statusCode >= 300 && statusCode < 400
              ? 'location'
              : retryAfterStatuses.has(statusCode)
                ? 'retry-after'
                : null
          if (wanted) {
            for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
              if (String(rawHeaders[i]).toLowerCase() !== wanted) continue
              if (wanted === 'location') location = String(rawHeaders[i + 1])
              else retryAfter = String(rawHeaders[i + 1])
            }
          }
          return true
        },
        onData(chunk: Buffer) {
          read += chunk.length
          if (kept < keptResponseBytes) {
            const part = chunk.subarray(0, keptResponseBytes - kept)
            chunks.push(part)
            kept += part.length
          }
          if (read > drainedResponseBytes) {
            // Enough of a long answer: the attempt is judged on its status.
            answered()
            abort?.(new Error('response body too long; the rest was not read'))
            return false
          }
          return true
        },
        onComplete() {
          answered()
        },
        onError(error: Error) {
          settle({ error, timedOut })
        },
      } as unknown as Dispatcher.DispatchHandler,
    )
  })
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
    await releaseLeases(runtime.pool, [delivery]).catch(() => {})
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

const maxCachedBodies = 5000
const maxCachedSecrets = 10_000

/**
 * What signs and fills the worker's requests, worked out once: an event's envelope (every endpoint of
 * an event is sent the same bytes) and an endpoint's unsealed secrets.
 */
export class SigningCache {
  /** Envelopes by event id. */
  private readonly bodies = new Map<string, string>()
  /** Unsealed secrets by endpoint, valid while the sealed columns are the same bytes. */
  private readonly secrets = new Map<string, { sealed: Buffer; previous: Buffer | null; plain: string[] }>()

  constructor(private readonly sealKey: Uint8Array) {}

  bodyFor(delivery: ClaimedDelivery): string {
    const id = delivery.event.public_id
    let body = this.bodies.get(id)
    if (body === undefined) {
      body = deliveryBody(delivery)
      // Events are immutable; the oldest cached envelope goes first.
      if (this.bodies.size >= maxCachedBodies) this.bodies.delete(this.bodies.keys().next().value as string)
      this.bodies.set(id, body)
    }
    return body
  }

  /**
   * The secrets that sign this delivery, unsealed once per endpoint and secret (a rotation changes the
   * sealed bytes the claim reads, so the cache never signs with a stale secret); the previous secret's
   * overlap is checked at every use.
   */
  secretsFor(delivery: ClaimedDelivery): string[] {
    let entry = this.secrets.get(delivery.endpoint_id)
    const previous = delivery.previous_secret_sealed
    if (!entry?.sealed.equals(delivery.secret_sealed) || !sameBytes(entry.previous, previous)) {
      // Every secret the row holds; whether the previous one still signs is decided below, per use.
      const plain = signingSecrets(
        { ...delivery, previous_secret_expires_at: previous ? new Date(8.64e15) : null },
        this.sealKey,
      )
      entry = { sealed: delivery.secret_sealed, previous, plain }
      if (this.secrets.size >= maxCachedSecrets) this.secrets.clear()
      this.secrets.set(delivery.endpoint_id, entry)
    }
    const overlap = delivery.previous_secret_expires_at
    return overlap && overlap > new Date() ? entry.plain : entry.plain.slice(0, 1)
  }
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b)
}
