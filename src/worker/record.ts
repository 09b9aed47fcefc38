import type pg from 'pg'
import type { WebhookConfig } from '../config.js'
import type { Queryable } from '../db/pool.js'
import type { Metrics } from '../platform/metrics.js'
import type { AttemptRow, DeliveryStatus } from '../resources/deliveries/service.js'
import { disableEndpointsFailingTooLong, disableGoneEndpoints, moveFailureClocks } from './auto-disable.js'
import type { ClaimedDelivery } from './claim.js'
import { afterAttempt, maxUnrecordedAttempts, unrecordedRetryDelayMs } from './retry-schedule.js'

// The record step: an attempt's result is written, its delivery moved on (retry-schedule.ts) and its
// endpoint's failure clock with it (auto-disable.ts). The worker records in batches (AttemptRecorder).

/** What came of one HTTP attempt. */
export interface AttemptOutcome {
  startedAt: Date
  durationMs: number
  responseStatus: number | null
  error: string | null
  responseBody: string | null
  signatures: number
  succeeded: boolean
  /** A 429 or 503 answer's Retry-After, in seconds from the attempt; null without one. */
  retryAfterSeconds: number | null
}

export interface RecordedAttempt {
  /** `gone` when the delivery was deleted (with its endpoint) while the attempt was in flight. */
  status: DeliveryStatus | 'gone'
  nextAttemptAt: Date | null
  endpointDisabled: boolean
}

/** One attempt to record: a manual one (`shopapi deliveries resend`) never moves the schedule. */
export interface AttemptToRecord {
  delivery: ClaimedDelivery
  outcome: AttemptOutcome
  manual?: boolean
}

export interface RecordedAttempts {
  /** In the order of the attempts given. */
  attempts: RecordedAttempt[]
  /** Endpoints this batch disabled (their failure clock ran past the limit). */
  disabledEndpoints: string[]
}

/** One attempt as the record statement reads it (json_to_recordset: the names are its columns). */
interface RecordRow extends Omit<AttemptRow, 'disabled_endpoint'> {
  /** The delivery's last_error: the attempt's error, or why the delivery failed early. */
  last_error: string | null
  shop_id: string
  id: string
  status: DeliveryStatus
  automatic_attempts: number
  next_attempt_at: Date | null
}

/**
 * Records attempts and moves their deliveries on: succeeded, the next retry, or failed when the
 * schedule is spent. One statement for the whole batch (atomic without a transaction): the attempt
 * rows, the deliveries, and each endpoint's failure clock, which the first failure after a success
 * starts and any success stops, folded over the batch in the order given (the order the attempts
 * ended). Only when a clock has run past the limit does a transaction disable the endpoint. A manual
 * attempt never moves the schedule: it can only turn the delivery into a success, and its failure does
 * not start the clock. A delivery deleted (with its endpoint) while its attempt was in flight is
 * `gone`: there is nothing to record.
 */
export async function recordAttempts(
  pool: pg.Pool,
  batch: readonly AttemptToRecord[],
  webhooks: Pick<WebhookConfig, 'retryScheduleMs' | 'disableAfterMs'>,
): Promise<RecordedAttempts> {
  // One JSON value for the batch (json_to_recordset), not an array parameter per column: pg would
  // build thirteen array literals, quoting every text and formatting every instant one by one, and
  // Postgres parse them back; JSON.stringify of the rows is one native call.
  const rows: RecordRow[] = batch.map(({ delivery, outcome, manual = false }) => {
    const next = afterAttempt(delivery, outcome, manual, webhooks.retryScheduleMs)
    return {
      shop_id: delivery.shop_id,
      id: delivery.id,
      number: delivery.attempt_number,
      status: next.status,
      started_at: outcome.startedAt,
      duration_ms: outcome.durationMs,
      response_status: outcome.responseStatus,
      error: outcome.error,
      last_error: next.failedBecause ?? outcome.error,
      response_body: outcome.responseBody,
      signatures: outcome.signatures,
      retry_after_seconds: outcome.retryAfterSeconds,
      manual,
      automatic_attempts: next.automaticAttempts,
      next_attempt_at: next.nextAttemptAt,
    }
  })
  const clocks = moveFailureClocks(batch)
  const { rows: written } = await pool.query<{ id: string; at: Date | null; endpoint: boolean }>({
    name: 'shopapi-record-attempts',
    text: recordStatement,
    values: [
      JSON.stringify(rows),
      JSON.stringify([...clocks].map(([endpointId, clock]) => ({ endpoint_id: endpointId, ...clock }))),
    ],
  })
  const recorded = new Map<string, Date | null>()
  const failingSince = new Map<string, Date>()
  for (const row of written) {
    if (!row.endpoint) recorded.set(row.id, row.at)
    else if (row.at) failingSince.set(row.id, row.at)
  }
  const disabledEndpoints = await disableEndpointsFailingTooLong(pool, failingSince, clocks, webhooks.disableAfterMs)
  for (const endpointId of await disableGoneEndpoints(pool, batch, recorded)) {
    if (!disabledEndpoints.includes(endpointId)) disabledEndpoints.push(endpointId)
  }
  const attempts = batch.map(({ delivery }, i): RecordedAttempt => {
    if (!recorded.has(delivery.id)) return { status: 'gone', nextAttemptAt: null, endpointDisabled: false }
    return {
      status: (rows[i] as RecordRow).status,
      nextAttemptAt: recorded.get(delivery.id) ?? null,
      endpointDisabled: disabledEndpoints.includes(delivery.endpoint_id),
    }
  })
  return { attempts, disabledEndpoints }
}

// The deliveries are locked first, in id order, each with its attempt's values (a delivery deleted
// meanwhile drops out instead of failing the batch on the attempts' foreign key); the attempts and the
// deliveries' update read that one CTE, never a CTE joined to another (a nested loop over two CTEs is
// quadratic in the batch); endpoint clocks are written only when they change or run.
const recordStatement = `with locked as (
    select x.*
    from json_to_recordset($1::json) as x(shop_id uuid, id uuid, number int, status text, started_at timestamptz,
      duration_ms int, response_status int, error text, last_error text, response_body text, signatures int,
      retry_after_seconds int, manual boolean, automatic_attempts int, next_attempt_at timestamptz)
    join webhook_deliveries d on d.shop_id = x.shop_id and d.id = x.id
    order by d.id
    for update of d
  ), attempt as (
    insert into webhook_attempts (shop_id, delivery_id, number, started_at, duration_ms, response_status, error,
      response_body, signatures, retry_after_seconds, manual)
    select l.shop_id, l.id, l.number, l.started_at, l.duration_ms, l.response_status, l.error, l.response_body,
      l.signatures, l.retry_after_seconds, l.manual
    from locked l
  ), delivery as (
    update webhook_deliveries d set status = l.status, attempt_count = l.number, automatic_attempts = l.automatic_attempts,
      lease_expires_at = null,
      next_attempt_at = case when l.status = 'pending' then coalesce(l.next_attempt_at, d.next_attempt_at, now()) end,
      last_attempt_at = l.started_at, last_response_status = l.response_status, last_error = l.last_error, updated_at = now(),
      completed_at = case when l.status = 'pending' then null else coalesce(d.completed_at, now()) end
    from locked l
    where d.shop_id = l.shop_id and d.id = l.id
    returning d.id, d.next_attempt_at
  ), endpoint as (
    update webhook_endpoints w
    set failing_since = case c.op when 'stop' then null when 'reset' then c.since else coalesce(w.failing_since, c.since) end
    from json_to_recordset($2::json) as c(shop_id uuid, endpoint_id uuid, op text, since timestamptz)
    where w.shop_id = c.shop_id and w.id = c.endpoint_id and (c.op <> 'stop' or w.failing_since is not null)
    returning w.id, w.failing_since
  )
  select id, next_attempt_at as at, false as endpoint from delivery
  union all
  select id, failing_since, true from endpoint`

/** Records one attempt (a manual resend, or a retry of a batch the database refused): see recordAttempts. */
export async function recordAttempt(
  pool: pg.Pool,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  webhooks: Pick<WebhookConfig, 'retryScheduleMs' | 'disableAfterMs'>,
  options: { manual?: boolean } = {},
): Promise<RecordedAttempt> {
  const { attempts } = await recordAttempts(pool, [{ delivery, outcome, manual: options.manual ?? false }], webhooks)
  return attempts[0] as RecordedAttempt
}

export interface UnrecordedAttempt {
  recordFailures: number
  failed: boolean
}

/**
 * Counts an attempt that was sent but could not be recorded (the database refused the record), in a
 * statement of constants and the delivery's own columns that cannot fail the same way: the delivery
 * is retried on the schedule, and after `maxUnrecordedAttempts` it is `failed` with `last_error`
 * saying why, so it never loops silently. Returns null when the delivery is gone or no longer pending.
 */
export async function countUnrecordedAttempt(
  db: Queryable,
  delivery: Pick<ClaimedDelivery, 'shop_id' | 'id'>,
  outcome: Pick<AttemptOutcome, 'startedAt' | 'responseStatus'>,
  reason: string,
  retryScheduleMs: readonly number[],
): Promise<UnrecordedAttempt | null> {
  const { rows } = await db.query<{ record_failures: number; status: DeliveryStatus }>(
    `update webhook_deliveries set record_failures = record_failures + 1, lease_expires_at = null,
       status = case when record_failures + 1 >= $3 then 'failed' else status end,
       next_attempt_at = case when record_failures + 1 >= $3 then null
         else now() + make_interval(secs => $4::double precision / 1000) end,
       completed_at = case when record_failures + 1 >= $3 then now() end,
       last_attempt_at = $5, last_response_status = $6,
       last_error = 'the result of an attempt could not be recorded (' || (record_failures + 1)::text || ' of '
         || $3::text || ' tries): ' || $7::text,
       updated_at = now()
     where shop_id = $1 and id = $2 and status = 'pending'
     returning record_failures, status`,
    [
      delivery.shop_id,
      delivery.id,
      maxUnrecordedAttempts,
      unrecordedRetryDelayMs(retryScheduleMs),
      outcome.startedAt,
      outcome.responseStatus,
      // Plain ASCII of bounded length: the database's message must not fail this statement too.
      reason.replace(/[^\x20-\x7e]/g, '?').slice(0, 500),
    ],
  )
  const row = rows[0]
  return row ? { recordFailures: row.record_failures, failed: row.status === 'failed' } : null
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
export function isDatabaseRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !transientSqlClasses.has(code.slice(0, 2))
}

export function describeDatabaseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string }
  return `${code ?? 'error'}: ${message ?? String(error)}`
}

// Rows per record statement: large enough that a burst of 100 endpoints is one round trip, small
// enough that one statement stays a few milliseconds.
const maxRecordRows = 500
/** A batch whose record failed for a passing reason is tried again this often before its leases lapse. */
const recordRetries = 2

export interface AttemptRecorderOptions {
  pool: pg.Pool
  webhooks: Pick<WebhookConfig, 'retryScheduleMs' | 'disableAfterMs'>
  log: { error(details: object, message: string): void }
  metrics?: Metrics | undefined
  /** A flush ended: the worker may lease again (it holds back while too many results wait). */
  onFlushed(): void
  /** An endpoint this process was sending to has been disabled by a batch. */
  onEndpointDisabled(endpointId: string): Promise<void>
}

/**
 * The worker's side of the record step: the results of attempts that ended wait here and are recorded
 * one batch at a time (one statement for up to maxRecordRows). Every result waiting keeps its lease.
 */
export class AttemptRecorder {
  private readonly unrecorded: AttemptToRecord[] = []
  /** Results in the record statement in flight. */
  private recording = 0
  private flushing: Promise<void> | undefined

  constructor(private readonly options: AttemptRecorderOptions) {}

  /** Results waiting to be recorded, the batch in flight included. */
  get waiting(): number {
    return this.unrecorded.length + this.recording
  }

  add(attempt: AttemptToRecord): void {
    this.unrecorded.push(attempt)
    this.requestFlush()
  }

  /** Resolves once every result added so far is recorded (or given up on). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing
  }

  /** Records the results waiting, one batch at a time: results that end meanwhile make the next batch. */
  private requestFlush(): void {
    if (this.flushing) return
    this.flushing = (async () => {
      while (this.unrecorded.length > 0) {
        const batch = this.unrecorded.splice(0, maxRecordRows)
        this.recording = batch.length
        try {
          await this.record(batch)
        } finally {
          this.recording = 0
        }
      }
    })()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'recording webhook attempts failed'))
      .finally(() => {
        this.flushing = undefined
        if (this.unrecorded.length > 0) this.requestFlush()
        // Claims pause while too many results wait.
        this.options.onFlushed()
      })
  }

  private async record(batch: AttemptToRecord[], tries = 0): Promise<void> {
    let recorded: RecordedAttempts
    try {
      recorded = await recordAttempts(this.options.pool, batch, this.options.webhooks)
    } catch (error) {
      if (isDatabaseRefusal(error)) {
        // One record the database refuses must not cost the others theirs: each is tried on its own.
        if (batch.length > 1) {
          for (const item of batch) await this.record([item])
        } else {
          await this.countUnrecorded(batch[0] as AttemptToRecord, error)
        }
        return
      }
      if (tries < recordRetries) {
        await new Promise((resolve) => setTimeout(resolve, 250 * (tries + 1)))
        return this.record(batch, tries + 1)
      }
      // Passing trouble (a lost connection): the leases lapse and the deliveries are attempted again.
      this.options.log.error(
        { err: error, deliveryIds: batch.slice(0, 10).map((item) => item.delivery.public_id), count: batch.length },
        'recording webhook attempts failed',
      )
      return
    }
    const metrics = this.options.metrics
    if (metrics) {
      let succeeded = 0
      let failed = 0
      for (const attempt of recorded.attempts) {
        if (attempt.status === 'succeeded') succeeded += 1
        else if (attempt.status === 'failed') failed += 1
      }
      metrics.countFinished('succeeded', succeeded)
      metrics.countFinished('failed', failed)
      metrics.countAutoDisabled(recorded.disabledEndpoints.length)
    }
    for (const endpointId of recorded.disabledEndpoints) await this.options.onEndpointDisabled(endpointId)
  }

  /**
   * An attempt was sent but the database refuses its record: counted on the delivery, retried a few
   * times, then failed with the reason (never a silent loop).
   */
  private async countUnrecorded({ delivery, outcome }: AttemptToRecord, error: unknown): Promise<void> {
    try {
      const counted = await countUnrecordedAttempt(
        this.options.pool,
        delivery,
        outcome,
        describeDatabaseError(error),
        this.options.webhooks.retryScheduleMs,
      )
      if (counted?.failed) this.options.metrics?.countFinished('failed')
      const unrecorded = new UnrecordedAttemptError(error, counted)
      this.options.log.error(
        {
          err: error,
          deliveryId: delivery.public_id,
          recordFailures: counted?.recordFailures,
          deliveryFailed: counted?.failed ?? false,
        },
        unrecorded.message,
      )
    } catch (countError) {
      this.options.log.error(
        { err: countError, deliveryId: delivery.public_id },
        'recording a webhook attempt failed; its lease lapses and it is attempted again',
      )
    }
  }
}
