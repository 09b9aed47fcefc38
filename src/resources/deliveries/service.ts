import type pg from 'pg'
import type { WebhookConfig } from '../../config.js'
import { type Queryable, withTransaction } from '../../db/pool.js'
import { SqlParams } from '../../db/sql.js'
import { ApiError } from '../../lib/errors.js'
import { type EventRow, eventRetentionDays, eventTypeScopes } from '../../platform/events.js'
import { disableIfFailingTooLong } from '../webhook-endpoints/service.js'

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed'

/** An endpoint with deliveries that may be attempted now. */
export interface DueEndpoint {
  shop_id: string
  endpoint_id: string
}

const scopeMap = Object.entries(eventTypeScopes)

/**
 * The one rule of who receives an event (`e`) at an endpoint (`w`, integration `i`): a subscribed
 * type, a scope that reads it, and `webhook_endpoint.*` only to the owner's other endpoints. Used by
 * dispatch, replay and the re-check when an attempt is claimed. Returns a boolean SQL expression.
 */
function endpointReceives(params: SqlParams, event: string): string {
  const types = params.add(
    scopeMap.map(([type]) => type),
    'text[]',
  )
  const scopes = params.add(
    scopeMap.map(([, scope]) => scope),
    'text[]',
  )
  return `((w.event_types = '{*}' or ${event}.type = any(w.event_types))
      and exists (select 1 from unnest(${types}, ${scopes}) as m(type, scope)
                  where m.type = ${event}.type and m.scope = any(i.scopes))
      and (${event}.type not like 'webhook\\_endpoint.%'
           or (w.integration_id = ${event}.integration_id and w.public_id <> ${event}.object_id)))`
}

/** Why an endpoint no longer receives an event type, in words for `last_error`. */
export function whyNotReceived(
  event: { type: string; object_id: string },
  endpoint: { event_types: string[]; scopes: string[] },
): string {
  const scope = (eventTypeScopes as Record<string, string | undefined>)[event.type]
  if (!(endpoint.event_types.includes('*') || endpoint.event_types.includes(event.type))) {
    return `not sent: the endpoint no longer subscribes to ${event.type}`
  }
  if (!scope || !endpoint.scopes.includes(scope)) {
    return `not sent: the integration no longer has ${scope ?? `a scope that reads ${event.type}`}`
  }
  return `not sent: ${event.type} is only delivered to the other endpoints of the integration that owns ${event.object_id}`
}

/**
 * Turns committed, undispatched events into deliveries: one per active endpoint that subscribes to
 * the type and whose integration's scopes can see it (`webhook_endpoint.*` only to the owning
 * integration's other endpoints). Claimed with SKIP LOCKED, so dispatchers in several processes share
 * the work, and marked in the same transaction as the deliveries it creates: a crash loses nothing.
 */
export async function dispatchEvents(
  pool: pg.Pool,
  batchSize = 1000,
): Promise<{ events: number; endpoints: DueEndpoint[] }> {
  const params = new SqlParams()
  const receives = endpointReceives(params, 'c')
  const limit = params.add(batchSize, 'int')
  const { rows } = await pool.query<{ events: number; shop_id: string | null; endpoint_id: string | null }>(
    `with claimed as (
       update events e set dispatched = true
       from (select shop_id, id from events where not dispatched order by sequence limit ${limit} for update skip locked) c
       where e.shop_id = c.shop_id and e.id = c.id
       returning e.shop_id, e.id, e.type, e.object_id, e.integration_id
     ), targets as (
       select c.shop_id, c.id as event_id, w.id as endpoint_id
       from claimed c
       join webhook_endpoints w on w.shop_id = c.shop_id and w.status = 'active'
       join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id and i.status = 'active'
       where ${receives}
       -- An endpoint deleted meanwhile is skipped (READ COMMITTED re-checks a locked row, and a deleted
       -- one drops out) instead of failing the whole batch on the deliveries' foreign key; one locked
       -- by a delete in progress is waited for, then skipped.
       for key share of w
     ), inserted as (
       insert into webhook_deliveries (shop_id, public_id, endpoint_id, event_id, origin, next_attempt_at)
       select shop_id, 'dlv_' || replace(gen_random_uuid()::text, '-', ''), endpoint_id, event_id, 'event', now()
       from targets
       returning shop_id, endpoint_id
     )
     select (select count(*) from claimed)::int as events, d.shop_id, d.endpoint_id
     from (select distinct shop_id, endpoint_id from inserted) d
     right join (select 1) one on true`,
    params.values,
  )
  return {
    events: rows[0]?.events ?? 0,
    endpoints: rows.flatMap((row) =>
      row.shop_id && row.endpoint_id ? [{ shop_id: row.shop_id, endpoint_id: row.endpoint_id }] : [],
    ),
  }
}

/**
 * Endpoints whose deliveries are due and not held by a live attempt. One index probe per endpoint
 * (not a scan of every pending delivery: a backlog of thousands must not slow each scan down).
 */
export async function findDueEndpoints(db: Queryable, limit = 1000): Promise<DueEndpoint[]> {
  const { rows } = await db.query<DueEndpoint>(
    `select w.shop_id, w.id as endpoint_id
     from webhook_endpoints w
     join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id and i.status = 'active'
     where (w.status = 'active' and exists (
         select 1 from webhook_deliveries d
         where d.endpoint_id = w.id and d.shop_id = w.shop_id and d.status = 'pending' and d.next_attempt_at <= now()
           and (d.lease_expires_at is null or d.lease_expires_at < now())))
       or exists (
         select 1 from webhook_deliveries d
         where d.endpoint_id = w.id and d.shop_id = w.shop_id and d.status = 'pending' and d.origin = 'test'
           and d.next_attempt_at <= now() and (d.lease_expires_at is null or d.lease_expires_at < now()))
     limit $1`,
    [limit],
  )
  return rows
}

/** Everything one attempt needs, read when its lease is taken. */
export interface ClaimedDelivery {
  shop_id: string
  id: string
  public_id: string
  endpoint_id: string
  endpoint_public_id: string
  status: DeliveryStatus
  /** This attempt's number (the lease makes it ours alone). */
  attempt_number: number
  automatic_attempts: number
  url: string
  secret_sealed: Buffer
  previous_secret_sealed: Buffer | null
  previous_secret_expires_at: Date | null
  event: Omit<EventRow, 'updated_at'>
}

const claimedColumns = `d.shop_id, d.id, d.public_id, d.endpoint_id, w.public_id as endpoint_public_id, d.status,
  d.attempt_count + 1 as attempt_number, d.automatic_attempts, w.url, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at,
  json_build_object('shop_id', e.shop_id, 'id', e.id, 'public_id', e.public_id, 'type', e.type,
    'api_version', e.api_version, 'test', e.test, 'object_type', e.object_type, 'object_id', e.object_id,
    'summary', e.summary, 'integration_id', e.integration_id, 'created_at', e.created_at) as event`

function reviveEvent(row: ClaimedDelivery): ClaimedDelivery {
  row.event.created_at = new Date(row.event.created_at as unknown as string)
  return row
}

/**
 * Takes the lease on the endpoint's next due delivery (SKIP LOCKED: concurrent workers take different
 * ones). The lease outlives the request timeout; if this process dies the lease lapses and the
 * delivery is attempted again. Who may receive the event is checked again here, not only at
 * dispatch: a delivery whose integration lost the scope, whose endpoint no longer subscribes to the
 * type (or, for `webhook_endpoint.*`, no longer qualifies) is not sent but `failed` with the reason,
 * and the next one is taken. Test deliveries carry no data and are exempt.
 */
export async function claimNextDelivery(
  db: Queryable,
  endpoint: DueEndpoint,
  leaseMs: number,
): Promise<ClaimedDelivery | null> {
  const params = new SqlParams()
  const shop = params.add(endpoint.shop_id, 'uuid')
  const endpointId = params.add(endpoint.endpoint_id, 'uuid')
  const lease = params.add(leaseMs, 'double precision')
  const receives = endpointReceives(params, 'e')
  for (;;) {
    const { rows } = await db.query<
      ClaimedDelivery & { visible: boolean; endpoint_event_types: string[]; integration_scopes: string[] }
    >(
      `with next as (
         select d.shop_id, d.id, (d.origin = 'test' or ${receives}) as visible,
           w.event_types as endpoint_event_types, i.scopes as integration_scopes
         from webhook_deliveries d
         join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
         join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id and i.status = 'active'
         join events e on e.shop_id = d.shop_id and e.id = d.event_id
         where d.shop_id = ${shop} and d.endpoint_id = ${endpointId} and d.status = 'pending' and d.next_attempt_at <= now()
           and (d.lease_expires_at is null or d.lease_expires_at < now())
           and (w.status = 'active' or d.origin = 'test')
         order by d.next_attempt_at limit 1
         for update of d skip locked
       ), leased as (
         update webhook_deliveries d
         set lease_expires_at = now() + make_interval(secs => ${lease} / 1000)
         from next where d.shop_id = next.shop_id and d.id = next.id
         returning d.*
       )
       select ${claimedColumns}, next.visible, next.endpoint_event_types, next.integration_scopes
       from leased d
       join next on next.shop_id = d.shop_id and next.id = d.id
       join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
       join events e on e.shop_id = d.shop_id and e.id = d.event_id`,
      params.values,
    )
    const row = rows[0]
    if (!row) return null
    const { visible, endpoint_event_types, integration_scopes, ...delivery } = row
    if (visible) return reviveEvent(delivery)
    await failUnsent(
      db,
      delivery,
      whyNotReceived(delivery.event, { event_types: endpoint_event_types, scopes: integration_scopes }),
    )
  }
}

/** Ends a claimed delivery that may no longer be sent: `failed`, no attempt, the reason in `last_error`. */
async function failUnsent(db: Queryable, delivery: Pick<ClaimedDelivery, 'shop_id' | 'id'>, reason: string) {
  await db.query(
    `update webhook_deliveries set status = 'failed', next_attempt_at = null, lease_expires_at = null,
       last_error = $3, completed_at = now(), updated_at = now()
     where shop_id = $1 and id = $2 and status = 'pending'`,
    [delivery.shop_id, delivery.id, reason],
  )
}

/** A manual attempt (`shopapi deliveries resend`) on any retained delivery, whatever its state. */
export async function claimForResend(
  db: Queryable,
  deliveryPublicId: string,
  leaseMs: number,
): Promise<ClaimedDelivery | 'not_found' | 'in_flight'> {
  const { rows } = await db.query<ClaimedDelivery & { in_flight: boolean }>(
    `with target as (
       select d.shop_id, d.id, d.lease_expires_at > now() as in_flight from webhook_deliveries d
       where d.public_id = $1 for update
     ), leased as (
       update webhook_deliveries d
       set lease_expires_at = now() + make_interval(secs => $2::double precision / 1000)
       from target where d.shop_id = target.shop_id and d.id = target.id and not coalesce(target.in_flight, false)
       returning d.*
     )
     select ${claimedColumns}, false as in_flight
     from leased d
     join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     join events e on e.shop_id = d.shop_id and e.id = d.event_id
     union all
     select null, null, null, null, null, null, null, null, null, null, null, null, null, true
     from target where in_flight`,
    [deliveryPublicId, leaseMs],
  )
  const row = rows[0]
  if (!row) return 'not_found'
  if (row.in_flight) return 'in_flight'
  return reviveEvent(row)
}

/** What came of one HTTP attempt. */
export interface AttemptOutcome {
  startedAt: Date
  durationMs: number
  responseStatus: number | null
  error: string | null
  responseBody: string | null
  signatures: number
  succeeded: boolean
}

export interface RecordedAttempt {
  /** `gone` when the delivery was deleted (with its endpoint) while the attempt was in flight. */
  status: DeliveryStatus | 'gone'
  nextAttemptAt: Date | null
  endpointDisabled: boolean
}

/** The delay before the retry that follows automatic attempt `attempts`, with ±10 % jitter; null when none is left. */
export function retryDelayMs(schedule: readonly number[], attempts: number, random = Math.random): number | null {
  const base = schedule[attempts - 1]
  if (base === undefined) return null
  return Math.round(base * (0.9 + 0.2 * random()))
}

/**
 * Records an attempt and moves the delivery on: succeeded, the next retry, or failed when the
 * schedule is spent. One statement (atomic without a transaction, two round trips per delivery with
 * the claim): the attempt row, the delivery, and the endpoint's failure clock, which the first
 * failure after a success starts and any success stops. Only when the clock has run past the limit
 * does a transaction disable the endpoint. A manual attempt never moves the schedule: it can only
 * turn the delivery into a success, and its failure does not start the clock.
 */
export async function recordAttempt(
  pool: pg.Pool,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  webhooks: Pick<WebhookConfig, 'retryScheduleMs' | 'disableAfterMs'>,
  options: { manual?: boolean } = {},
): Promise<RecordedAttempt> {
  const manual = options.manual ?? false
  const automaticAttempts = delivery.automatic_attempts + (manual ? 0 : 1)
  let status: DeliveryStatus
  let nextAttemptAt: Date | null = null
  if (outcome.succeeded) {
    status = 'succeeded'
  } else if (manual) {
    status = delivery.status
  } else {
    const delay = retryDelayMs(webhooks.retryScheduleMs, automaticAttempts)
    status = delay === null ? 'failed' : 'pending'
    nextAttemptAt = delay === null ? null : new Date(Date.now() + delay)
  }
  // Test deliveries say nothing about the endpoint's health.
  const clock = delivery.event.test ? 'none' : outcome.succeeded ? 'stop' : manual ? 'none' : 'run'
  const endpointUpdate = {
    none: 'select null::timestamptz as failing_since where $11::uuid is not null',
    stop: `update webhook_endpoints set failing_since = null
       where shop_id = $1 and id = $11 and failing_since is not null returning null::timestamptz as failing_since`,
    run: `update webhook_endpoints set failing_since = coalesce(failing_since, $5)
       where shop_id = $1 and id = $11 returning failing_since`,
  }[clock]
  let rows: { next_attempt_at: Date | null; failing_since: Date | null }[]
  try {
    ;({ rows } = await pool.query(
      `with attempt as (
         insert into webhook_attempts (shop_id, delivery_id, number, started_at, duration_ms, response_status, error,
           response_body, signatures, manual)
         values ($1, $2, $3, $5, $6, $7, $8, $9, $10, $12)
       ), delivery as (
         update webhook_deliveries set status = $4, attempt_count = $3, automatic_attempts = $13,
           lease_expires_at = null,
           next_attempt_at = case when $4 = 'pending' then coalesce($14::timestamptz, next_attempt_at, now()) end,
           last_attempt_at = $5, last_response_status = $7, last_error = $8, updated_at = now(),
           completed_at = case when $4 = 'pending' then null else coalesce(completed_at, now()) end
         where shop_id = $1 and id = $2
         returning next_attempt_at
       ), endpoint as (${endpointUpdate})
       select (select next_attempt_at from delivery), (select failing_since from endpoint)`,
      [
        delivery.shop_id,
        delivery.id,
        delivery.attempt_number,
        status,
        outcome.startedAt,
        outcome.durationMs,
        outcome.responseStatus,
        outcome.error,
        outcome.responseBody,
        outcome.signatures,
        delivery.endpoint_id,
        manual,
        automaticAttempts,
        nextAttemptAt,
      ],
    ))
  } catch (error) {
    // 23503: the delivery went with its endpoint while the request was in flight; nothing to record.
    if ((error as { code?: string }).code === '23503')
      return { status: 'gone', nextAttemptAt: null, endpointDisabled: false }
    throw error
  }
  const failingSince = rows[0]?.failing_since ?? null
  let endpointDisabled = false
  if (failingSince && failingSince.getTime() <= Date.now() - webhooks.disableAfterMs) {
    endpointDisabled = await withTransaction(pool, (tx) =>
      disableIfFailingTooLong(tx, { shop_id: delivery.shop_id, id: delivery.endpoint_id }, webhooks.disableAfterMs),
    )
  }
  return { status, nextAttemptAt: rows[0]?.next_attempt_at ?? null, endpointDisabled }
}

/** After this many attempts whose result the database refused to store, the delivery fails. */
export const maxUnrecordedAttempts = 3

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
      retryDelayMs(retryScheduleMs, 1) ?? 60_000,
      outcome.startedAt,
      outcome.responseStatus,
      // Plain ASCII of bounded length: the database's message must not fail this statement too.
      reason.replace(/[^\x20-\x7e]/g, '?').slice(0, 500),
    ],
  )
  const row = rows[0]
  return row ? { recordFailures: row.record_failures, failed: row.status === 'failed' } : null
}

/** Gives a lease back without an attempt (the request was never sent): nothing is counted. */
export async function releaseLease(db: Queryable, delivery: Pick<ClaimedDelivery, 'shop_id' | 'id'>): Promise<void> {
  await db.query('update webhook_deliveries set lease_expires_at = null where shop_id = $1 and id = $2', [
    delivery.shop_id,
    delivery.id,
  ])
}

// ---- Support staff's views (CLI) ----

export interface DeliveryListRow {
  public_id: string
  status: DeliveryStatus
  origin: string
  attempt_count: number
  next_attempt_at: Date | null
  last_attempt_at: Date | null
  last_response_status: number | null
  last_error: string | null
  created_at: Date
  completed_at: Date | null
  endpoint_public_id: string
  url: string
  event_public_id: string
  event_type: string
  shop_public_id: string
}

export interface DeliveryFilter {
  endpoint?: string | undefined
  status?: DeliveryStatus | undefined
  event?: string | undefined
  since?: Date | undefined
  limit: number
}

const deliveryListColumns = `d.public_id, d.status, d.origin, d.attempt_count, d.next_attempt_at, d.last_attempt_at,
  d.last_response_status, d.last_error, d.created_at, d.completed_at, w.public_id as endpoint_public_id, w.url,
  e.public_id as event_public_id, e.type as event_type, s.public_id as shop_public_id`

const deliveryJoins = `webhook_deliveries d
  join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
  join events e on e.shop_id = d.shop_id and e.id = d.event_id
  join shops s on s.id = d.shop_id`

/** Newest first, across shops: the operator's view. */
export async function listDeliveries(db: Queryable, filter: DeliveryFilter): Promise<DeliveryListRow[]> {
  const params = new SqlParams()
  const where = ['true']
  if (filter.endpoint) where.push(`w.public_id = ${params.add(filter.endpoint, 'text')}`)
  if (filter.status) where.push(`d.status = ${params.add(filter.status, 'text')}`)
  if (filter.event) where.push(`e.public_id = ${params.add(filter.event, 'text')}`)
  if (filter.since) where.push(`d.created_at >= ${params.add(filter.since, 'timestamptz')}`)
  const { rows } = await db.query<DeliveryListRow>(
    `select ${deliveryListColumns} from ${deliveryJoins} where ${where.join(' and ')}
     order by d.created_at desc, d.public_id desc limit ${params.add(filter.limit, 'int')}`,
    params.values,
  )
  return rows
}

export interface AttemptRow {
  number: number
  started_at: Date
  duration_ms: number
  response_status: number | null
  error: string | null
  response_body: string | null
  signatures: number
  manual: boolean
}

export async function getDelivery(
  db: Queryable,
  publicId: string,
): Promise<(DeliveryListRow & { attempts: AttemptRow[]; event: Omit<EventRow, 'updated_at'> }) | null> {
  const { rows } = await db.query<
    DeliveryListRow & { shop_id: string; id: string; event: Omit<EventRow, 'updated_at'> }
  >(
    `select ${deliveryListColumns}, d.shop_id, d.id,
       json_build_object('public_id', e.public_id, 'type', e.type, 'api_version', e.api_version, 'test', e.test,
         'object_type', e.object_type, 'object_id', e.object_id, 'summary', e.summary, 'created_at', e.created_at) as event
     from ${deliveryJoins} where d.public_id = $1`,
    [publicId],
  )
  const row = rows[0]
  if (!row) return null
  row.event.created_at = new Date(row.event.created_at as unknown as string)
  const { rows: attempts } = await db.query<AttemptRow>(
    `select number, started_at, duration_ms, response_status, error, response_body, signatures, manual
     from webhook_attempts where shop_id = $1 and delivery_id = $2 order by number`,
    [row.shop_id, row.id],
  )
  const { shop_id: _shop, id: _id, ...delivery } = row
  return { ...delivery, attempts }
}

export interface ReplayWindow {
  endpointPublicId: string
  since: Date
  until?: Date | undefined
  type?: string | undefined
}

/**
 * `shopapi events replay`: one new delivery per retained event in the window that the endpoint
 * subscribes to and its integration may see, in batches so a large window shows progress and never
 * holds one long transaction. Returns the number queued.
 */
export async function replayEvents(
  pool: pg.Pool,
  window: ReplayWindow,
  onProgress?: (done: number, total: number) => void,
  batchSize = 1000,
): Promise<{ queued: number; endpoint: { shop_id: string; id: string } }> {
  const params = new SqlParams()
  const endpointParam = params.add(window.endpointPublicId, 'text')
  const receives = endpointReceives(params, 'e')
  const where = [
    'not e.test',
    `e.created_at >= ${params.add(window.since, 'timestamptz')}`,
    `e.created_at > now() - interval '${eventRetentionDays} days'`,
    receives,
  ]
  if (window.until) where.push(`e.created_at < ${params.add(window.until, 'timestamptz')}`)
  if (window.type) where.push(`e.type = ${params.add(window.type, 'text')}`)
  const matching = `from webhook_endpoints w
    join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id
    join events e on e.shop_id = w.shop_id
    where w.public_id = ${endpointParam} and ${where.join(' and ')}`
  const { rows: counted } = await pool.query<{ total: number; shop_id: string | null; id: string | null }>(
    `select (select count(*)::int ${matching}) as total, w.shop_id, w.id
     from webhook_endpoints w where w.public_id = ${endpointParam}`,
    params.values,
  )
  const endpoint = counted[0]
  if (!endpoint?.shop_id || !endpoint.id) {
    throw new ApiError('not_found', `No webhook endpoint ${window.endpointPublicId}`)
  }
  const total = endpoint.total
  let queued = 0
  let after: { created_at: Date; id: string } | null = null
  onProgress?.(0, total)
  for (;;) {
    const batchParams = new SqlParams()
    batchParams.values.push(...params.values)
    const cursor: string = after
      ? `and (e.created_at, e.id) > (${batchParams.add(after.created_at, 'timestamptz')}, ${batchParams.add(after.id, 'uuid')})`
      : ''
    const { rows } = await pool.query<{ created_at: Date; event_id: string }>(
      `with batch as (
         select w.shop_id, w.id as endpoint_id, e.id as event_id, e.created_at ${matching} ${cursor}
         order by e.created_at, e.id limit ${batchParams.add(batchSize, 'int')}
       ), inserted as (
         insert into webhook_deliveries (shop_id, public_id, endpoint_id, event_id, origin, next_attempt_at)
         select shop_id, 'dlv_' || replace(gen_random_uuid()::text, '-', ''), endpoint_id, event_id, 'replay', now()
         from batch
       )
       select created_at, event_id from batch order by created_at, event_id`,
      batchParams.values,
    )
    queued += rows.length
    onProgress?.(queued, total)
    const last = rows.at(-1)
    if (!last || rows.length < batchSize) break
    after = { created_at: last.created_at, id: last.event_id }
  }
  await pool.query(`select pg_notify('shopapi_deliveries', '')`)
  return { queued, endpoint: { shop_id: endpoint.shop_id, id: endpoint.id } }
}
