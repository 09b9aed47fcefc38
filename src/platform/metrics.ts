import type pg from 'pg'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { eventTypes } from './events.js'

/** What the backlog gauges read at scrape time: pending deliveries per state of their endpoint. */
export interface DeliveryBacklog {
  endpointStatus: string
  pending: number
  /** Seconds since the oldest pending delivery was created. */
  oldestAgeSeconds: number
}

/** What the metrics report about one attempt (see AttemptOutcome). */
export interface AttemptMeasure {
  succeeded: boolean
  responseStatus: number | null
  error: string | null
  durationMs: number
}

export type AttemptResult = 'succeeded' | 'http_error' | 'timed_out' | 'connection_error'

/** How an attempt ended, in the few words a dashboard groups by. */
export function attemptResult(outcome: AttemptMeasure): AttemptResult {
  if (outcome.succeeded) return 'succeeded'
  if (outcome.responseStatus !== null) return 'http_error'
  // describeError (worker/attempt.ts) starts a timed-out attempt's error with "timeout:".
  if (outcome.error?.startsWith('timeout')) return 'timed_out'
  return 'connection_error'
}

const knownEventTypes = new Set<string>(eventTypes)

// Seconds. Requests: a GET by id takes about a millisecond; writes a few; the 5 s connect wait is the
// slowest an answer normally gets. Attempts: the receiver's answer, up to the 10 s timeout.
const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const attemptBuckets = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** The requests of one (operation, status): plain numbers, updated in place. */
interface RequestTally {
  operation: string
  status: string
  statusClass: string
  count: number
  sum: number
  /** Requests per bucket, not cumulative (the last one is +Inf); cumulated when scraped. */
  buckets: Float64Array
}

/** What prom-client's Registry reads from a metric to print it (Metric.get()). */
interface MetricValue {
  metricName: string
  labels: Record<string, string>
  value: number
}

/**
 * The per-request counter and histogram, kept outside prom-client's instruments: its `observe` and
 * `inc` build a label hash string and an object on every call (about 2.5 µs per request, 1 % of a
 * GET's CPU, measured), where this is two Map lookups and a few additions. The registry reads the
 * tallies only when scraped, through the same `get()` its own metrics offer.
 */
class RequestTallies {
  readonly #byOperation = new Map<string, Map<number, RequestTally>>()
  readonly #bounds: readonly number[]

  constructor(bounds: readonly number[]) {
    this.#bounds = bounds
  }

  count(operation: string, status: number, seconds: number): void {
    let byStatus = this.#byOperation.get(operation)
    if (!byStatus) {
      byStatus = new Map()
      this.#byOperation.set(operation, byStatus)
    }
    let tally = byStatus.get(status)
    if (!tally) {
      tally = {
        operation,
        status: String(status),
        statusClass: `${Math.floor(status / 100)}xx`,
        count: 0,
        sum: 0,
        buckets: new Float64Array(this.#bounds.length + 1),
      }
      byStatus.set(status, tally)
    }
    tally.count += 1
    tally.sum += seconds
    const bounds = this.#bounds
    let i = 0
    while (i < bounds.length && seconds > (bounds[i] as number)) i += 1
    tally.buckets[i] = (tally.buckets[i] as number) + 1
  }

  #tallies(): RequestTally[] {
    return [...this.#byOperation.values()].flatMap((byStatus) => [...byStatus.values()])
  }

  counterValues(): MetricValue[] {
    return this.#tallies().map((tally) => ({
      metricName: 'shopapi_http_requests_total',
      labels: { operation: tally.operation, status: tally.status },
      value: tally.count,
    }))
  }

  /** The histogram by (operation, status class): the statuses of a class summed, buckets cumulated. */
  histogramValues(name: string): MetricValue[] {
    const groups = new Map<
      string,
      { operation: string; statusClass: string; count: number; sum: number; buckets: number[] }
    >()
    for (const tally of this.#tallies()) {
      const key = `${tally.operation} ${tally.statusClass}`
      let group = groups.get(key)
      if (!group) {
        group = { operation: tally.operation, statusClass: tally.statusClass, count: 0, sum: 0, buckets: [] }
        groups.set(key, group)
      }
      group.count += tally.count
      group.sum += tally.sum
      tally.buckets.forEach((n, i) => {
        group.buckets[i] = (group.buckets[i] ?? 0) + n
      })
    }
    const values: MetricValue[] = []
    for (const group of groups.values()) {
      const labels = { operation: group.operation, status_class: group.statusClass }
      let cumulative = 0
      for (let i = 0; i <= this.#bounds.length; i++) {
        cumulative += group.buckets[i] ?? 0
        const le = i < this.#bounds.length ? String(this.#bounds[i]) : '+Inf'
        values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative })
      }
      values.push({ metricName: `${name}_sum`, labels, value: group.sum })
      values.push({ metricName: `${name}_count`, labels, value: group.count })
    }
    return values
  }
}

/** A metric the Registry prints like its own: name, help, type, and the values read at scrape time. */
function customMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue[]) {
  return {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
    reset() {},
  }
}

/**
 * One process's metrics (Prometheus text via prom-client): its own registry, never the library's
 * global one, so several apps in one test process do not mix. Label sets are bounded (operation ids,
 * status codes, a few outcome words, the event type list). Requests are tallied in plain numbers
 * (RequestTallies); the worker's counts, one per attempt or batch, use prom-client's instruments.
 * Gauges of the database (pool use, delivery backlog) are read when Prometheus scrapes, not before.
 */
export class Metrics {
  readonly registry = new Registry()
  readonly #requests = new RequestTallies(requestBuckets)
  readonly #rateLimited: Counter<'limit'>
  readonly #events: Counter<'type'>
  readonly #attempts: Counter<'result'>
  readonly #attemptDuration: Histogram<'result'>
  readonly #finished: Counter<'status'>
  readonly #autoDisabled: Counter
  readonly #pools = new Map<string, pg.Pool>()
  #backlog: (() => Promise<DeliveryBacklog[]>) | undefined
  #backlogRead: { at: number; rows: Promise<DeliveryBacklog[] | null> } | undefined
  #onCollectError: ((error: unknown) => void) | undefined

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry]
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry })
    const requests = this.#requests
    this.registry.registerMetric(
      customMetric(
        'shopapi_http_requests_total',
        'HTTP requests answered, by operation id (unmatched: no route) and status code',
        'counter',
        () => requests.counterValues(),
      ) as unknown as Parameters<Registry['registerMetric']>[0],
    )
    this.registry.registerMetric(
      customMetric(
        'shopapi_http_request_duration_seconds',
        'Time from the request to its response, by operation id and status class (2xx, 4xx, 5xx)',
        'histogram',
        () => requests.histogramValues('shopapi_http_request_duration_seconds'),
      ) as unknown as Parameters<Registry['registerMetric']>[0],
    )
    this.#rateLimited = new Counter({
      name: 'shopapi_rate_limited_requests_total',
      help: 'Requests refused with 429: limit="key" (an API key spent its budget), "in_flight" (an API key had its maximum of requests in flight), "edge" (an address without a valid key)',
      labelNames: ['limit'],
      registers,
    })
    this.#events = new Counter({
      name: 'shopapi_events_recorded_total',
      help: 'Events committed to the outbox, by type; counted once by the worker that dispatches them, whoever recorded them (API, CLI, psql)',
      labelNames: ['type'],
      registers,
    })
    this.#attempts = new Counter({
      name: 'shopapi_webhook_attempts_total',
      help: 'Webhook delivery attempts made by this process, by result: succeeded, http_error (a non-2xx answer), timed_out, connection_error',
      labelNames: ['result'],
      registers,
    })
    this.#attemptDuration = new Histogram({
      name: 'shopapi_webhook_attempt_duration_seconds',
      help: 'Time from sending a webhook delivery to its answer (or its failure), by result',
      labelNames: ['result'],
      buckets: attemptBuckets,
      registers,
    })
    this.#finished = new Counter({
      name: 'shopapi_webhook_deliveries_finished_total',
      help: 'Webhook deliveries that reached a final status: succeeded, or failed once the retry schedule was spent',
      labelNames: ['status'],
      registers,
    })
    this.#autoDisabled = new Counter({
      name: 'shopapi_webhook_endpoints_auto_disabled_total',
      help: 'Webhook endpoints disabled because every attempt failed for SHOPAPI_WEBHOOK_DISABLE_AFTER',
      registers,
    })
    // Series that exist from the start, so a rate over them is 0 rather than absent.
    for (const limit of ['key', 'in_flight', 'edge']) this.#rateLimited.labels(limit).inc(0)
    for (const result of ['succeeded', 'http_error', 'timed_out', 'connection_error'])
      this.#attempts.labels(result).inc(0)
    for (const status of ['succeeded', 'failed']) this.#finished.labels(status).inc(0)
    this.#autoDisabled.inc(0)
    const pools = this.#pools
    const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          this.reset()
          for (const [label, pool] of pools) this.set({ pool: label }, read(pool))
        },
      })
    poolGauge('shopapi_db_pool_connections', 'Open connections of a database pool (api, worker)', (p) => p.totalCount)
    poolGauge('shopapi_db_pool_idle_connections', 'Open connections of a pool that are idle', (p) => p.idleCount)
    poolGauge(
      'shopapi_db_pool_waiting_queries',
      'Queries waiting for a connection of a pool: above zero for long, the pool is too small or the database slow',
      (p) => p.waitingCount,
    )
    poolGauge('shopapi_db_pool_max_connections', 'The most connections a pool opens', (p) => p.options.max)
    const backlog = () => this.#readBacklog()
    new Gauge({
      name: 'shopapi_webhook_deliveries_pending',
      help: 'Webhook deliveries not yet succeeded or failed, by the status of their endpoint (a disabled endpoint holds them)',
      labelNames: ['endpoint_status'],
      registers,
      async collect() {
        const rows = await backlog()
        this.reset()
        for (const row of rows ?? []) this.set({ endpoint_status: row.endpointStatus }, row.pending)
      },
    })
    new Gauge({
      name: 'shopapi_webhook_oldest_pending_delivery_age_seconds',
      help: 'Age of the oldest pending webhook delivery, by the status of its endpoint',
      labelNames: ['endpoint_status'],
      registers,
      async collect() {
        const rows = await backlog()
        this.reset()
        for (const row of rows ?? []) this.set({ endpoint_status: row.endpointStatus }, row.oldestAgeSeconds)
      },
    })
  }

  /** Reports this pool's use at every scrape under `pool="<label>"`. */
  watchPool(label: string, pool: pg.Pool): void {
    this.#pools.set(label, pool)
  }

  unwatchPool(label: string): void {
    this.#pools.delete(label)
  }

  /**
   * The backlog gauges' source, read at most once a second whoever scrapes (both gauges share one
   * read). A read that fails leaves the gauges without samples for that scrape, never fails it.
   */
  readBacklogWith(read: () => Promise<DeliveryBacklog[]>, onError?: (error: unknown) => void): void {
    this.#backlog = read
    this.#onCollectError = onError
  }

  #readBacklog(): Promise<DeliveryBacklog[] | null> {
    const read = this.#backlog
    if (!read) return Promise.resolve(null)
    const now = Date.now()
    if (this.#backlogRead && now - this.#backlogRead.at < 1000) return this.#backlogRead.rows
    const rows = read().catch((error: unknown) => {
      this.#onCollectError?.(error)
      return null
    })
    this.#backlogRead = { at: now, rows }
    return rows
  }

  /** One answered request; `operation` is the route's operation id, never the raw URL. */
  countRequest(operation: string, status: number, seconds: number): void {
    this.#requests.count(operation, status, seconds)
  }

  countRateLimited(limit: 'key' | 'edge' | 'in_flight'): void {
    this.#rateLimited.labels(limit).inc()
  }

  /** Events the worker took from the outbox, by type; a type outside the list counts as "other". */
  countEvents(types: Record<string, number>): void {
    for (const [type, count] of Object.entries(types)) {
      this.#events.labels(knownEventTypes.has(type) ? type : 'other').inc(count)
    }
  }

  countAttempt(outcome: AttemptMeasure): void {
    const result = attemptResult(outcome)
    this.#attempts.labels(result).inc()
    this.#attemptDuration.labels(result).observe(outcome.durationMs / 1000)
  }

  countFinished(status: 'succeeded' | 'failed', count = 1): void {
    if (count > 0) this.#finished.labels(status).inc(count)
  }

  countAutoDisabled(count: number): void {
    if (count > 0) this.#autoDisabled.inc(count)
  }

  /** The text Prometheus scrapes, and its Content-Type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() }
  }
}
