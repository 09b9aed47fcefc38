import { createRequire } from 'node:module'
import { setTimeout as sleep } from 'node:timers/promises'
import ipaddr from 'ipaddr.js'
import { Agent, type Dispatcher, request } from 'undici'
import { UsageError } from '../lib/errors.js'
import { deliverySignatureHeaders } from '../lib/webhook-signature.js'
import { eventTypes, isEventType } from '../platform/events.js'
import { webhookUserAgent } from '../worker/attempt.js'

// `shopapi listen`: tails an appliance's GET /v1/events over HTTP (no database: it runs on an
// integrator's laptop) and forwards each event, signed like a real delivery, to a local URL, one at a
// time and in the order of the feed (GET /v1/events?order=asc), read with one kept cursor.
// docs/decisions/operations.md ("How listen reads the feed" and the entries after it) has the why of each choice.

/** One event as GET /v1/events lists it: the same envelope the worker sends (eventEnvelope). */
export interface EventEnvelope {
  id: string
  object: 'event'
  type: string
  created_at: string
  data: { object_type: string; object_id: string; summary: Record<string, unknown> }
  [field: string]: unknown
}

/** What listen tells the person or script running it; the command turns each into a line. */
export type ListenRecord =
  | {
      type: 'ready'
      api_url: string
      forward_to: string | null
      secret: string | null
      events: string[]
      /** Where forwarding starts: after this event, or at this instant, or at the start of the log. */
      starting_after: string | null
      starting_at: string | null
    }
  | {
      type: 'event'
      event: EventEnvelope
      /** The local answer that settled it; null when nothing is forwarded (no --forward-to). */
      forwarded: { status: number; duration_ms: number; attempts: number } | null
    }
  | {
      type: 'forward_failed'
      event_id: string
      event_type: string
      attempt: number
      status: number | null
      error: string
      duration_ms: number
      retry_in_ms: number
    }
  | { type: 'api_unavailable'; status: number | null; error: string; retry_in_ms: number }
  | { type: 'api_recovered' }
  | {
      type: 'stopped'
      forwarded: number
      /** Resume with `--after` this event id, or (when null) `--replay-since resume_since`. */
      resume_after: string | null
      resume_since: string | null
    }

export interface ListenOptions {
  /** The API's base, ending in /v1 (normalizeApiUrl). */
  apiUrl: string
  apiKey: string
  forwardTo: URL | null
  /** Signs forwarded events; printed at start. */
  secret: string
  filter: EventTypeFilter
  /** Start at this instant (events created at or after it), from the retained log. */
  replaySince?: Date | undefined
  /** Start after this event (the `resume_after` a previous run printed). */
  after?: string | undefined
  report: (record: ListenRecord) => void
  signal: AbortSignal
  pollIntervalMs?: number
  /** The local receiver's time to answer, as a real delivery has (spec "Delivery": 10 seconds). */
  forwardTimeoutMs?: number
  backoff?: Partial<Backoff>
}

export interface Backoff {
  initialMs: number
  maxMs: number
  /** The longest Retry-After honoured; a larger one is cut to this. */
  maxRetryAfterMs: number
}

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }
const apiUserAgent = `shopapi-listen/${version}`

const defaultBackoff: Backoff = { initialMs: 250, maxMs: 5_000, maxRetryAfterMs: 60_000 }
const pageLimit = 200

/** Listen's own failures that end it: a refused key, an address that is not a shopapi API. */
export class ListenError extends Error {
  constructor(
    message: string,
    /** The API's status when it caused the stop. */
    readonly status: number | null = null,
  ) {
    super(message)
    this.name = 'ListenError'
  }
}

// ---- Flags ----

/** The flag that lets --api-url be plain http to a host that is not this machine. */
export const allowInsecureApiUrlFlag = 'allow-insecure-api-url'

/**
 * A host named as this machine in the URL itself: `localhost`, 127.0.0.0/8, ::1 (an IPv4-mapped
 * loopback too). Only what the URL says counts, never what a name resolves to: a name's answer can
 * change between this check and the request, and a network path is what plain http cannot be trusted on.
 */
function isLoopbackHost(url: URL): boolean {
  const host = url.hostname.toLowerCase()
  if (host === 'localhost') return true
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  if (!ipaddr.isValid(literal)) return false
  // The URL parser has already written IPv4 shorthands (127.1, 0x7f.1) out in full.
  return ipaddr.process(literal).range() === 'loopback'
}

/**
 * `https://shop.example:8080` or `…/v1`: the API base, always ending in /v1, no trailing slash. Plain
 * http is refused unless the host is this machine or `allowInsecure` (--allow-insecure-api-url) says
 * so: listen signs and forwards whatever that address answers, and sends it the key.
 */
export function normalizeApiUrl(value: string, options: { allowInsecure: boolean }): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--api-url: "${value}" is not a URL (e.g. https://shop.example/v1)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError('--api-url must be an http:// or https:// URL')
  }
  if (url.search || url.hash) throw new UsageError('--api-url takes no query or fragment')
  if (url.protocol === 'http:' && !options.allowInsecure && !isLoopbackHost(url)) {
    throw new UsageError(
      `--api-url ${url.origin} is plain HTTP to a host that is not this machine: anyone on the way could read the API key and answer with forged events, which listen would sign and forward. Use https://, or pass --${allowInsecureApiUrlFlag} on a network you trust`,
    )
  }
  const path = url.pathname.replace(/\/+$/, '')
  url.pathname = path.endsWith('/v1') ? path : `${path}/v1`
  return url.toString().replace(/\/+$/, '')
}

/**
 * The local receiver: http or https on any host, loopback included. This is the one delivery path that
 * may target localhost: it runs on the integrator's own machine, from the CLI, with their own key, and
 * sends only what that key could read anyway. Endpoints registered through the API still refuse it.
 */
export function parseForwardUrl(value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--forward-to: "${value}" is not a URL (e.g. http://localhost:3000/hooks)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError('--forward-to must be an http:// or https:// URL')
  }
  if (url.username || url.password) throw new UsageError('--forward-to takes no user name or password')
  return url
}

const secretPattern = /^whsec_[A-Za-z0-9_-]+$/

export function parseSecret(value: string): string {
  if (!secretPattern.test(value)) {
    throw new UsageError('--secret must be whsec_ followed by letters, digits, _ or - (as endpoints are issued)')
  }
  return value
}

export interface EventTypeFilter {
  /** The patterns as given, normalised: ['*'] for everything. */
  patterns: string[]
  matches(type: string): boolean
  /** The one exact type asked for, which GET /events can filter on itself. */
  onlyType: string | null
}

const families = [...new Set(eventTypes.map((type) => type.slice(0, type.indexOf('.'))))]

/**
 * `--events`: a comma-separated list of known types, `family.*` for every type of a family
 * (`customer.*`), or `*` alone for everything the key can see. Exact types and `*` mean what they mean in
 * an endpoint's event_types; the family wildcard is listen's shorthand for typing one family out.
 */
export function parseEventTypeFilter(value: string | undefined): EventTypeFilter {
  const patterns = [
    ...new Set(
      (value ?? '*')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ]
  if (patterns.length === 0 || patterns.includes('*')) {
    if (patterns.length > 1) throw new UsageError('--events: "*" means every type and must be alone')
    return { patterns: ['*'], matches: () => true, onlyType: null }
  }
  const exact = new Set<string>()
  const prefixes: string[] = []
  for (const pattern of patterns) {
    if (pattern.endsWith('.*')) {
      const family = pattern.slice(0, -2)
      if (!families.includes(family)) {
        throw new UsageError(`--events: "${pattern}" names no event family (one of ${families.join(', ')})`)
      }
      prefixes.push(`${family}.`)
    } else if (isEventType(pattern)) {
      exact.add(pattern)
    } else {
      throw new UsageError(`--events: "${pattern}" is not an event type, e.g. customer.created or customer.*`)
    }
  }
  const matches = (type: string) => exact.has(type) || prefixes.some((prefix) => type.startsWith(prefix))
  const only = prefixes.length === 0 && exact.size === 1 ? ([...exact][0] as string) : null
  return { patterns, matches, onlyType: only }
}

// ---- Backoff ----

/** Exponential with equal jitter: half the step for sure, half at random, capped. */
export function backoffDelay(attempt: number, backoff: Backoff, random = Math.random): number {
  const step = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(step / 2 + random() * (step / 2))
}

/** Retry-After in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

// ---- The appliance's event log ----

interface Page {
  data: EventEnvelope[]
  has_more: boolean
  next_cursor: string | null
}

class ApiTrouble extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
  ) {
    super(message)
  }
}

/** The kept cursor was refused (it expired, or the appliance was restored elsewhere). */
class InvalidCursor extends Error {
  constructor() {
    super('the kept cursor is no longer valid; reading the feed again from its start, after the last event handled')
  }
}

function describeNetworkError(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: string; message?: string }
    const text = [code, message].filter(Boolean).join(': ')
    if (text && !parts.some((part) => part.includes(text))) parts.push(text)
    current = (current as { cause?: unknown }).cause
  }
  return parts.join(' <- ') || String(error)
}

async function errorMessageOf(body: Dispatcher.ResponseData['body']): Promise<{ code: string; message: string }> {
  const text = await body.text().catch(() => '')
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
    if (typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string') {
      return { code: parsed.error.code, message: parsed.error.message }
    }
  } catch {
    // An intermediary's page, not the API's envelope (spec "Errors" 1: keep a fallback).
  }
  return { code: 'unknown', message: text.slice(0, 200).replace(/\s+/g, ' ').trim() }
}

function isEnvelope(item: unknown): item is EventEnvelope {
  const event = item as EventEnvelope | null
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.created_at === 'string' &&
    !Number.isNaN(Date.parse(event.created_at)) &&
    typeof event.data === 'object' &&
    event.data !== null
  )
}

class EventLog {
  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string,
    private readonly agent: Dispatcher,
    private readonly signal: AbortSignal,
  ) {}

  /** The appliance's clock at its last answer (its Date header), for a resume point with no event. */
  applianceNow: Date | null = null

  private async get(path: string): Promise<unknown> {
    let response: Dispatcher.ResponseData
    try {
      response = await request(`${this.apiUrl}${path}`, {
        dispatcher: this.agent,
        headers: { authorization: `Bearer ${this.apiKey}`, accept: 'application/json', 'user-agent': apiUserAgent },
        signal: this.signal,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      })
    } catch (error) {
      if (this.signal.aborted) throw error
      throw new ApiTrouble(`could not reach the API: ${describeNetworkError(error)}`, null, null)
    }
    const date = response.headers.date
    if (typeof date === 'string' && !Number.isNaN(Date.parse(date))) this.applianceNow = new Date(date)
    const { statusCode } = response
    if (statusCode === 200) {
      try {
        return await response.body.json()
      } catch (error) {
        if (this.signal.aborted) throw error
        throw new ApiTrouble(`the API's answer was cut or not JSON: ${describeNetworkError(error)}`, 200, null)
      }
    }
    const { code, message } = await errorMessageOf(response.body)
    if (statusCode === 401 || statusCode === 403) {
      throw new ListenError(
        `The API refused the key (${statusCode} ${code}: ${message}). Check --api-key: it must be a live key of this appliance.`,
        statusCode,
      )
    }
    if (statusCode === 429 || statusCode >= 500) {
      throw new ApiTrouble(
        `the API answered ${statusCode} ${code}${message ? `: ${message}` : ''}`,
        statusCode,
        retryAfterMs(response.headers['retry-after']),
      )
    }
    if (statusCode === 400 && code === 'invalid_cursor') {
      throw new InvalidCursor()
    }
    throw new ListenError(
      `GET ${this.apiUrl}${path.split('?')[0]} answered ${statusCode} ${code}${message ? `: ${message}` : ''}. Is --api-url the appliance's API (…/v1)?`,
      statusCode,
    )
  }

  /**
   * One page of the feed (order=asc: oldest first in commit order) after `cursor`, from the start of
   * the retained log without one. Every page answers the cursor to read on from, the last one too.
   */
  async feedPage(query: { type: string | null; cursor: string | null }): Promise<Page & { next_cursor: string }> {
    const params = new URLSearchParams({ order: 'asc', limit: String(pageLimit) })
    if (query.type) params.set('type', query.type)
    if (query.cursor) params.set('cursor', query.cursor)
    const body = (await this.get(`/events?${params}`)) as Partial<Page> | null
    if (
      !body ||
      !Array.isArray(body.data) ||
      typeof body.has_more !== 'boolean' ||
      typeof body.next_cursor !== 'string' ||
      !body.data.every(isEnvelope)
    ) {
      throw new ListenError(
        'GET /events?order=asc did not answer a feed page: is --api-url the API (…/v1) of an appliance of this version or later?',
      )
    }
    return { data: body.data, has_more: body.has_more, next_cursor: body.next_cursor }
  }

  /** One event by id (the anchor of --after); a ListenError when the key cannot see it. */
  async event(id: string): Promise<EventEnvelope> {
    let body: unknown
    try {
      body = await this.get(`/events/${encodeURIComponent(id)}`)
    } catch (error) {
      if (error instanceof ListenError && (error.status === 404 || error.status === 400)) {
        throw new ListenError(
          `--after: no event ${id} in the appliance's retained log (30 days) that this key can see; start with --replay-since instead`,
          error.status,
        )
      }
      throw error
    }
    if (!isEnvelope(body)) throw new ListenError(`GET /events/${id} did not answer an event`)
    return body
  }
}

// ---- Forwarding ----

interface ForwardResult {
  status: number | null
  error: string | null
  durationMs: number
}

async function forwardOnce(
  agent: Dispatcher,
  url: URL,
  event: EventEnvelope,
  body: string,
  secret: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<ForwardResult> {
  const started = performance.now()
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    const response = await request(url, {
      dispatcher: agent,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': webhookUserAgent,
        ...deliverySignatureHeaders(event.id, body, [secret], Math.floor(Date.now() / 1000)),
      },
      body,
      signal: AbortSignal.any([signal, timeout]),
    })
    // The status settles the delivery; the body is read (so the connection is reused) and dropped.
    await response.body.dump({ limit: 64 * 1024 }).catch(() => {})
    return { status: response.statusCode, error: null, durationMs: Math.round(performance.now() - started) }
  } catch (error) {
    if (signal.aborted) throw error
    const durationMs = Math.round(performance.now() - started)
    const why = timeout.aborted
      ? `no answer within ${timeoutMs / 1000} s`
      : `could not reach ${url.origin}: ${describeNetworkError(error)}`
    return { status: null, error: why, durationMs }
  }
}

// ---- The loop ----

/**
 * Runs until `signal` aborts (then resolves with the resume point) or the API refuses the key (throws
 * ListenError). The appliance going away is waited out with backoff; so is the receiver, and the event
 * it failed is retried until it answers 2xx before any later event is sent.
 *
 * The log is read as the feed, oldest first in commit order, with one cursor kept from page to page
 * (docs/decisions/operations.md, "How listen reads the feed"). Where to start is a question of which
 * events of the retained log to pass over: all of them (from now), those up to `after`, or those
 * created before `replaySince`. Passing over happens page by page as the feed is read, so no more than
 * one page is ever held, whatever the window.
 */
export async function listen(options: ListenOptions): Promise<Extract<ListenRecord, { type: 'stopped' }>> {
  const backoff = { ...defaultBackoff, ...options.backoff }
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const forwardTimeoutMs = options.forwardTimeoutMs ?? 10_000
  const { signal, report, filter } = options
  const apiAgent = new Agent({ connect: { timeout: 10_000 } })
  const localAgent = new Agent({ connect: { timeout: 10_000 } })
  const log = new EventLog(options.apiUrl, options.apiKey, apiAgent, signal)

  let cursor: string | null = null
  let lastHandled: string | null = null
  let forwarded = 0
  let apiFailures = 0

  const stopped = (): Extract<ListenRecord, { type: 'stopped' }> => ({
    type: 'stopped',
    forwarded,
    resume_after: lastHandled,
    resume_since:
      lastHandled === null
        ? (options.replaySince?.toISOString() ?? (log.applianceNow ? log.applianceNow.toISOString() : null))
        : null,
  })

  /** Runs an API read, waiting out an unreachable or overloaded appliance; null once stopped. */
  async function withApi<T>(read: () => Promise<T>): Promise<T | null> {
    for (;;) {
      if (signal.aborted) return null
      try {
        const result = await read()
        if (apiFailures > 0) report({ type: 'api_recovered' })
        apiFailures = 0
        return result
      } catch (error) {
        if (signal.aborted) return null
        if (!(error instanceof ApiTrouble)) throw error
        apiFailures += 1
        const jittered = backoffDelay(apiFailures, backoff)
        const retryIn =
          error.retryAfterMs === null
            ? jittered
            : Math.max(jittered, Math.min(error.retryAfterMs, backoff.maxRetryAfterMs))
        report({ type: 'api_unavailable', status: error.status, error: error.message, retry_in_ms: retryIn })
        if (!(await pause(retryIn, signal))) return null
      }
    }
  }

  /** Forwards one event until the receiver answers 2xx (or listen is stopped: then false). */
  async function deliver(event: EventEnvelope): Promise<boolean> {
    if (!options.forwardTo) {
      report({ type: 'event', event, forwarded: null })
      return true
    }
    // The bytes the worker would send: GET /events items are eventEnvelope(row), field for field.
    const body = JSON.stringify(event)
    for (let attempt = 1; ; attempt++) {
      let result: ForwardResult
      try {
        result = await forwardOnce(localAgent, options.forwardTo, event, body, options.secret, forwardTimeoutMs, signal)
      } catch (error) {
        if (signal.aborted) return false
        throw error
      }
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        report({
          type: 'event',
          event,
          forwarded: { status: result.status, duration_ms: result.durationMs, attempts: attempt },
        })
        return true
      }
      const retryIn = backoffDelay(attempt, backoff)
      report({
        type: 'forward_failed',
        event_id: event.id,
        event_type: event.type,
        attempt,
        status: result.status,
        error: result.error ?? `the receiver answered ${result.status}`,
        duration_ms: result.durationMs,
        retry_in_ms: retryIn,
      })
      if (!(await pause(retryIn, signal))) return false
    }
  }

  /**
   * Reads the feed on from `cursor` to its current end, handing each event to `handle` (false: stop).
   * 'stopped' when listen was stopped, 'cursor_refused' when the kept cursor no longer reads.
   */
  async function readToEnd(
    handle: (event: EventEnvelope) => Promise<boolean>,
  ): Promise<'caught_up' | 'stopped' | 'cursor_refused'> {
    for (;;) {
      let page: Awaited<ReturnType<EventLog['feedPage']>> | null
      try {
        page = await withApi(() => log.feedPage({ type: feedType, cursor }))
      } catch (error) {
        if (error instanceof InvalidCursor) return 'cursor_refused'
        throw error
      }
      if (page === null) return 'stopped'
      for (const event of page.data) if (!(await handle(event))) return 'stopped'
      // The page is handled: only now does the kept cursor move past it.
      cursor = page.next_cursor
      if (!page.has_more) return 'caught_up'
    }
  }

  /** Passes over the events of the log up to `until` (an id), or all of them; whether it was found. */
  async function passOver(until: string | null): Promise<boolean | null> {
    let found = false
    const outcome = await readToEnd(async (event) => {
      if (found) {
        // Events after the anchor on its own page are not passed over: they are handled as new.
        return isNew(event) ? handleNew(event) : true
      }
      if (until === null || event.id === until) lastHandled = event.id
      if (event.id === until) found = true
      return true
    })
    if (outcome === 'stopped') return null
    if (outcome === 'cursor_refused') throw new ListenError('The appliance refused a cursor it had just issued')
    return until === null || found
  }

  // In commit order an event created before the instant may follow one created after it: the
  // instant decides for each event on its own, never where reading starts.
  const sinceMs = options.replaySince?.getTime()
  const isNew = (event: EventEnvelope) => sinceMs === undefined || Date.parse(event.created_at) >= sinceMs
  // The feed filters on one exact type itself, except when it must find the --after event, of any type.
  const feedType = options.after ? null : filter.onlyType

  async function handleNew(event: EventEnvelope): Promise<boolean> {
    if (filter.matches(event.type)) {
      if (!(await deliver(event))) return false
      if (options.forwardTo) forwarded += 1
    }
    lastHandled = event.id
    return true
  }

  const reportReady = (startingAfter: string | null) =>
    report({
      type: 'ready',
      api_url: options.apiUrl,
      forward_to: options.forwardTo?.toString() ?? null,
      secret: options.forwardTo ? options.secret : null,
      events: filter.patterns,
      starting_after: startingAfter,
      starting_at: options.replaySince && !options.after ? options.replaySince.toISOString() : null,
    })

  try {
    if (options.after) {
      // A clear error for an id the key cannot see, before reading the whole window for it.
      if ((await withApi(() => log.event(options.after as string))) === null) return stopped()
      reportReady(options.after)
      const found = await passOver(options.after)
      if (found === null) return stopped()
      if (!found) {
        throw new ListenError(
          `--after: the event ${options.after} is no longer in the appliance's feed (30 days); start with --replay-since instead`,
        )
      }
    } else if (sinceMs === undefined) {
      // From now: everything the log holds so far counts as handled.
      if ((await passOver(null)) === null) return stopped()
      reportReady(lastHandled)
    } else {
      reportReady(null)
    }

    while (!signal.aborted) {
      const before: string | null = lastHandled
      const outcome = await readToEnd((event) => (isNew(event) ? handleNew(event) : Promise.resolve(true)))
      if (outcome === 'stopped') break
      if (outcome === 'cursor_refused') {
        // Spec "Sync guidance" 4: crawl the retained window again, and pass over what was handled.
        report({
          type: 'api_unavailable',
          status: 400,
          error: new InvalidCursor().message,
          retry_in_ms: 0,
        })
        cursor = null
        if (lastHandled !== null && (await passOver(lastHandled)) === null) break
        continue
      }
      // Caught up: wait for the next poll (at once when this read found something: more may be waiting).
      if (lastHandled === before && !(await pause(pollIntervalMs, signal))) break
    }
    return stopped()
  } finally {
    await Promise.all([apiAgent.close(), localAgent.close()]).catch(() => {})
  }
}

/** Waits `ms` unless stopped first; false when stopped. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false
  try {
    await sleep(ms, undefined, { signal })
    return true
  } catch {
    return false
  }
}
