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

/** How many of the new deliveries a dispatching worker takes the lease on at once, to send them now. */
export interface DispatchLeasing {
  leaseMs: number
  /** Free lanes of the endpoints the worker is busy with. */
  rooms: ReadonlyMap<string, number>
  /** Free lanes of any other endpoint. */
  defaultRoom: number
  /** At most this many leases in all (the worker's free shared slots). */
  total: number
}

export interface Dispatched {
  events: number
  /** Deliveries this dispatch created (leased or not). */
  deliveries: number
  /** The dispatched events counted by type. */
  types: Record<string, number>
  /** Active endpoints with new deliveries left for a claim (beyond the leased ones; held ones wait). */
  endpoints: DueEndpoint[]
  /** New deliveries leased by this dispatch: to be sent now. */
  leased: ClaimedDelivery[]
}

const noLeasing: DispatchLeasing = { leaseMs: 0, rooms: new Map(), defaultRoom: 0, total: 0 }

/**
 * Turns committed, undispatched events into deliveries: one per endpoint that subscribes to the type
 * and whose integration's scopes can see it (`webhook_endpoint.*` only to the owning integration's
 * other endpoints). A disabled endpoint gets its deliveries too, held: pending, never leased nor
 * claimed until it is enabled (resumeHeldDeliveries), and purged with their events after 30 days.
 * Claimed with SKIP LOCKED, so dispatchers in several processes share the work, and marked in the same
 * transaction as the deliveries it creates: a crash loses nothing. With `leasing`, the first
 * deliveries of each active endpoint (oldest event first, up to its free lanes) are inserted under
 * this worker's lease and returned ready to send: a new event reaches its receivers after one
 * statement, and those deliveries are never written a second time just to be claimed.
 */
export async function dispatchEvents(
  pool: pg.Pool,
  batchSize = 1000,
  leasing: DispatchLeasing = noLeasing,
): Promise<Dispatched> {
  const { rows } = await pool.query<{
    events: number
    deliveries: number
    types: Record<string, number>
    waiting: DueEndpoint[]
    leased: (Omit<ClaimedDelivery, 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_expires_at'> & {
      secret_sealed: string
      previous_secret_sealed: string | null
      previous_secret_expires_at: string | null
    })[]
  }>({
    // Named: the statement is the same every time, so each worker connection plans it once.
    name: 'shopapi-dispatch-events',
    text: dispatchStatement,
    values: [
      batchSize,
      [...leasing.rooms.keys()],
      [...leasing.rooms.values()],
      leasing.defaultRoom,
      leasing.total,
      leasing.leaseMs,
      ...dispatchScopeParams,
    ],
  })
  const row = rows[0]
  return {
    events: row?.events ?? 0,
    deliveries: row?.deliveries ?? 0,
    types: row?.types ?? {},
    endpoints: row?.waiting ?? [],
    leased: (row?.leased ?? []).map((delivery) => ({
      ...delivery,
      secret_sealed: Buffer.from(delivery.secret_sealed, 'base64'),
      previous_secret_sealed: delivery.previous_secret_sealed
        ? Buffer.from(delivery.previous_secret_sealed, 'base64')
        : null,
      previous_secret_expires_at: delivery.previous_secret_expires_at
        ? new Date(delivery.previous_secret_expires_at)
        : null,
      event: { ...delivery.event, created_at: new Date(delivery.event.created_at as unknown as string) },
    })),
  }
}

const dispatchStatement = (() => {
  const params = new SqlParams()
  const limit = params.add(null, 'int')
  const roomEndpoints = params.add(null, 'uuid[]')
  const rooms = params.add(null, 'int[]')
  const defaultRoom = params.add(null, 'int')
  const total = params.add(null, 'int')
  const lease = params.add(null, 'double precision')
  const receives = endpointReceives(params, 'c')
  // One row: the events count, the endpoints with unleased deliveries, and the leased deliveries as
  // JSON (decoded in one JSON.parse instead of a row per delivery). The new rows' ids are drawn before
  // the insert, so the leased deliveries are described from the rows that were inserted without
  // joining a CTE to another (a nested loop over two CTEs is quadratic in the batch).
  return `with claimed as (
       update events e set dispatched = true
       from (select shop_id, id from events where not dispatched order by sequence limit ${limit} for update skip locked) c
       where e.shop_id = c.shop_id and e.id = c.id
       returning e.shop_id, e.id, e.sequence, e.type, e.object_id, e.integration_id,
         json_build_object('shop_id', e.shop_id, 'id', e.id, 'public_id', e.public_id, 'type', e.type,
           'api_version', e.api_version, 'test', e.test, 'object_type', e.object_type, 'object_id', e.object_id,
           'summary', e.summary, 'integration_id', e.integration_id, 'created_at', e.created_at) as event
     ), targets as (
       select c.shop_id, c.id as event_id, c.sequence, w.id as endpoint_id, w.public_id as endpoint_public_id, w.url,
         w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at, c.event,
         w.status = 'active' as sendable
       from claimed c
       -- Disabled endpoints too: their deliveries are held until they are enabled.
       join webhook_endpoints w on w.shop_id = c.shop_id
       join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id and i.status = 'active'
       where ${receives}
       -- An endpoint deleted meanwhile is skipped (READ COMMITTED re-checks a locked row, and a deleted
       -- one drops out) instead of failing the whole batch on the deliveries' foreign key; one locked
       -- by a delete in progress is waited for, then skipped.
       for key share of w
     ), numbered as (
       select t.*, row_number() over (partition by t.endpoint_id order by t.sequence) as position
       from targets t
     ), ranked as (
       select n.*, n.sendable and n.position <= coalesce(room.n, ${defaultRoom}) as fits
       from numbered n
       left join unnest(${roomEndpoints}, ${rooms}) as room(endpoint_id, n) on room.endpoint_id = n.endpoint_id
     ), capped as (
       select r.*, gen_random_uuid() as id, 'dlv_' || replace(gen_random_uuid()::text, '-', '') as public_id,
         r.fits and count(*) filter (where r.fits) over (order by r.sequence, r.endpoint_id) <= ${total} as leased
       from ranked r
     ), inserted as (
       -- Due one microsecond apart in the order of the log: a claim takes an endpoint's earliest due
       -- first, so a backlog (held while the endpoint is disabled, or waiting for a lane) goes out in
       -- that order rather than in whatever order ties come.
       insert into webhook_deliveries (shop_id, id, public_id, endpoint_id, event_id, origin, next_attempt_at, lease_expires_at)
       select shop_id, id, public_id, endpoint_id, event_id, 'event', now() + (position - 1) * interval '1 microsecond',
         case when leased then now() + make_interval(secs => ${lease} / 1000) end
       from capped
     )
     select (select count(*) from claimed)::int as events, (select count(*) from capped)::int as deliveries,
       (select coalesce(json_object_agg(x.type, x.n), '{}') from (select type, count(*) as n from claimed group by type) x) as types,
       (select coalesce(json_agg(json_build_object('shop_id', x.shop_id, 'endpoint_id', x.endpoint_id)), '[]')
        from (select distinct shop_id, endpoint_id from capped where sendable and not leased) x) as waiting,
       (select coalesce(json_agg(json_build_object('shop_id', d.shop_id, 'id', d.id, 'public_id', d.public_id,
           'endpoint_id', d.endpoint_id, 'endpoint_public_id', d.endpoint_public_id, 'status', 'pending',
           'attempt_number', 1, 'automatic_attempts', 0, 'url', d.url,
           'secret_sealed', encode(d.secret_sealed, 'base64'),
           'previous_secret_sealed', encode(d.previous_secret_sealed, 'base64'),
           'previous_secret_expires_at', d.previous_secret_expires_at, 'event', d.event)), '[]')
        from capped d where d.leased) as leased`
})()

// The event-type/scope map of endpointReceives, bound after the dispatch's own six parameters.
const dispatchScopeParams = (() => {
  const params = new SqlParams()
  endpointReceives(params, 'c')
  return params.values
})()

/**
 * Endpoints whose deliveries are due and not held by a live attempt. One index probe per endpoint
 * (not a scan of every pending delivery: a backlog of thousands must not slow each scan down).
 */
export async function findDueEndpoints(db: Queryable, limit = 1000): Promise<DueEndpoint[]> {
  const { rows } = await db.query<DueEndpoint>({
    name: 'shopapi-due-endpoints',
    text: `select w.shop_id, w.id as endpoint_id
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
    values: [limit],
  })
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

/** How many due deliveries of an endpoint a claim may take (its free lanes). */
export interface ClaimWant extends DueEndpoint {
  n: number
}

export interface ClaimResult {
  /** Leased and still receivable: to be sent. */
  deliveries: ClaimedDelivery[]
  /** Rows taken per endpoint (sent or not): fewer than asked means nothing more is due there now. */
  taken: Map<string, number>
}

/**
 * Takes the leases on up to `n` due deliveries of each endpoint in one statement (SKIP LOCKED:
 * concurrent workers take different ones), oldest due first. The lease outlives the request timeout;
 * if this process dies the lease lapses and the delivery is attempted again. Who may receive the event
 * is checked again here, not only at dispatch: a delivery whose integration lost the scope, whose
 * endpoint no longer subscribes to the type (or, for `webhook_endpoint.*`, no longer qualifies) is not
 * sent but `failed` with the reason. Test deliveries carry no data and are exempt, and go out even
 * while their endpoint is disabled.
 */
export async function claimDeliveries(
  db: Queryable,
  wants: readonly ClaimWant[],
  leaseMs: number,
): Promise<ClaimResult> {
  const { rows } = await db.query<
    ClaimedDelivery & { visible: boolean; endpoint_event_types: string[]; integration_scopes: string[] }
  >({
    name: 'shopapi-claim-deliveries',
    text: claimStatement,
    values: [
      wants.map((want) => want.shop_id),
      wants.map((want) => want.endpoint_id),
      wants.map((want) => want.n),
      leaseMs,
      ...claimScopeParams,
    ],
  })
  const taken = new Map<string, number>()
  const deliveries: ClaimedDelivery[] = []
  const unsent: { shop_id: string; id: string; reason: string }[] = []
  for (const row of rows) {
    taken.set(row.endpoint_id, (taken.get(row.endpoint_id) ?? 0) + 1)
    const { visible, endpoint_event_types, integration_scopes, ...delivery } = row
    if (visible) {
      deliveries.push(reviveEvent(delivery))
    } else {
      unsent.push({
        shop_id: delivery.shop_id,
        id: delivery.id,
        reason: whyNotReceived(delivery.event, { event_types: endpoint_event_types, scopes: integration_scopes }),
      })
    }
  }
  if (unsent.length > 0) await failUnsent(db, unsent)
  return { deliveries, taken }
}

const claimStatement = (() => {
  const params = new SqlParams()
  params.add(null, 'uuid[]')
  params.add(null, 'uuid[]')
  params.add(null, 'int[]')
  const lease = params.add(null, 'double precision')
  const receives = endpointReceives(params, 'e')
  // The endpoint and integration conditions sit inside the per-endpoint scan, before its limit: a
  // disabled endpoint yields its test deliveries only, never rows that would then be dropped. The rows
  // locked carry everything an attempt needs, and the lease is written from them: no CTE is joined to
  // another (a nested loop over two CTEs is quadratic in the batch), and the row read is the one locked.
  return `with want as (
       select * from unnest($1::uuid[], $2::uuid[], $3::int[]) as want(shop_id, endpoint_id, n)
     ), next as (
       select d.shop_id, d.id, d.public_id, d.endpoint_id, w.public_id as endpoint_public_id, d.status,
         d.attempt_count + 1 as attempt_number, d.automatic_attempts, w.url, w.secret_sealed, w.previous_secret_sealed,
         w.previous_secret_expires_at,
         json_build_object('shop_id', e.shop_id, 'id', e.id, 'public_id', e.public_id, 'type', e.type,
           'api_version', e.api_version, 'test', e.test, 'object_type', e.object_type, 'object_id', e.object_id,
           'summary', e.summary, 'integration_id', e.integration_id, 'created_at', e.created_at) as event,
         (d.origin = 'test' or ${receives}) as visible, w.event_types as endpoint_event_types,
         i.scopes as integration_scopes
       from want
       join webhook_endpoints w on w.shop_id = want.shop_id and w.id = want.endpoint_id
       join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id and i.status = 'active'
       cross join lateral (
         select d.shop_id, d.id, d.public_id, d.endpoint_id, d.event_id, d.origin, d.status, d.attempt_count,
           d.automatic_attempts
         from webhook_deliveries d
         where d.shop_id = w.shop_id and d.endpoint_id = w.id and d.status = 'pending' and d.next_attempt_at <= now()
           and (d.lease_expires_at is null or d.lease_expires_at < now())
           and (w.status = 'active' or d.origin = 'test')
         order by d.next_attempt_at limit want.n
         for update of d skip locked
       ) d
       join events e on e.shop_id = d.shop_id and e.id = d.event_id
     ), leased as (
       -- Every row of next is locked by this statement, so each gets its lease.
       update webhook_deliveries d
       set lease_expires_at = now() + make_interval(secs => ${lease} / 1000)
       from next where d.shop_id = next.shop_id and d.id = next.id
     )
     select shop_id, id, public_id, endpoint_id, endpoint_public_id, status, attempt_number, automatic_attempts, url,
       secret_sealed, previous_secret_sealed, previous_secret_expires_at, event, visible,
       -- Only what explains a refusal: arrays are costly to decode on every row.
       case when not visible then endpoint_event_types end as endpoint_event_types,
       case when not visible then integration_scopes end as integration_scopes
     from next`
})()

// The event-type/scope map of endpointReceives, bound after the claim's own four parameters.
const claimScopeParams = (() => {
  const params = new SqlParams()
  endpointReceives(params, 'e')
  return params.values
})()

/** Ends claimed deliveries that may no longer be sent: `failed`, no attempt, the reason in `last_error`. */
async function failUnsent(db: Queryable, deliveries: readonly { shop_id: string; id: string; reason: string }[]) {
  await db.query(
    `update webhook_deliveries d set status = 'failed', next_attempt_at = null, lease_expires_at = null,
       last_error = x.reason, completed_at = now(), updated_at = now()
     from unnest($1::uuid[], $2::uuid[], $3::text[]) as x(shop_id, id, reason)
     where d.shop_id = x.shop_id and d.id = x.id and d.status = 'pending'`,
    [deliveries.map((d) => d.shop_id), deliveries.map((d) => d.id), deliveries.map((d) => d.reason)],
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

/**
 * Pending deliveries and the age of the oldest, per status of their endpoint, for the metrics. It
 * reads the pending rows only (webhook_deliveries_due_idx holds exactly those), which are few while
 * the worker keeps up; a backlog costs one pass over it per scrape, at most one a second.
 */
export async function deliveryBacklog(
  db: Queryable,
): Promise<{ endpointStatus: string; pending: number; oldestAgeSeconds: number }[]> {
  const { rows } = await db.query<{ endpoint_status: string; pending: number; oldest_age_seconds: number }>({
    name: 'shopapi-delivery-backlog',
    text: `select w.status as endpoint_status, count(*)::int as pending,
         greatest(0, extract(epoch from now() - min(d.created_at)))::float8 as oldest_age_seconds
       from webhook_deliveries d
       join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
       where d.status = 'pending'
       group by w.status`,
  })
  // Both statuses always reported: a gauge that vanishes when its backlog empties cannot be alerted on.
  const byStatus = new Map(rows.map((row) => [row.endpoint_status, row]))
  return ['active', 'disabled'].map((status) => ({
    endpointStatus: status,
    pending: byStatus.get(status)?.pending ?? 0,
    oldestAgeSeconds: byStatus.get(status)?.oldest_age_seconds ?? 0,
  }))
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
interface RecordRow extends AttemptRow {
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
  const rows: RecordRow[] = []
  // Per endpoint: stop (a success, last), run (failures only: coalesce), reset (failures after a success).
  const clocks = new Map<string, { shop_id: string; op: 'stop' | 'run' | 'reset'; since: Date | null }>()
  for (const { delivery, outcome, manual = false } of batch) {
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
    rows.push({
      shop_id: delivery.shop_id,
      id: delivery.id,
      number: delivery.attempt_number,
      status,
      started_at: outcome.startedAt,
      duration_ms: outcome.durationMs,
      response_status: outcome.responseStatus,
      error: outcome.error,
      response_body: outcome.responseBody,
      signatures: outcome.signatures,
      manual,
      automatic_attempts: automaticAttempts,
      next_attempt_at: nextAttemptAt,
    })
    // Test deliveries say nothing about the endpoint's health.
    if (delivery.event.test || (manual && !outcome.succeeded)) continue
    const clock = clocks.get(delivery.endpoint_id)
    if (outcome.succeeded) {
      clocks.set(delivery.endpoint_id, { shop_id: delivery.shop_id, op: 'stop', since: null })
    } else if (!clock) {
      clocks.set(delivery.endpoint_id, { shop_id: delivery.shop_id, op: 'run', since: outcome.startedAt })
    } else if (clock.op === 'stop') {
      clocks.set(delivery.endpoint_id, { shop_id: delivery.shop_id, op: 'reset', since: outcome.startedAt })
    }
  }
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
  const disabledEndpoints: string[] = []
  for (const [endpointId, since] of failingSince) {
    if (since.getTime() > Date.now() - webhooks.disableAfterMs) continue
    const shopId = clocks.get(endpointId)?.shop_id as string
    const disabled = await withTransaction(pool, (tx) =>
      disableIfFailingTooLong(tx, { shop_id: shopId, id: endpointId }, webhooks.disableAfterMs),
    )
    if (disabled) disabledEndpoints.push(endpointId)
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
      duration_ms int, response_status int, error text, response_body text, signatures int, manual boolean,
      automatic_attempts int, next_attempt_at timestamptz)
    join webhook_deliveries d on d.shop_id = x.shop_id and d.id = x.id
    order by d.id
    for update of d
  ), attempt as (
    insert into webhook_attempts (shop_id, delivery_id, number, started_at, duration_ms, response_status, error,
      response_body, signatures, manual)
    select l.shop_id, l.id, l.number, l.started_at, l.duration_ms, l.response_status, l.error, l.response_body,
      l.signatures, l.manual
    from locked l
  ), delivery as (
    update webhook_deliveries d set status = l.status, attempt_count = l.number, automatic_attempts = l.automatic_attempts,
      lease_expires_at = null,
      next_attempt_at = case when l.status = 'pending' then coalesce(l.next_attempt_at, d.next_attempt_at, now()) end,
      last_attempt_at = l.started_at, last_response_status = l.response_status, last_error = l.error, updated_at = now(),
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

/** Gives leases back without an attempt (the request was never sent): nothing is counted. */
export async function releaseLeases(
  db: Queryable,
  deliveries: readonly Pick<ClaimedDelivery, 'shop_id' | 'id'>[],
): Promise<void> {
  if (deliveries.length === 0) return
  await db.query(
    `update webhook_deliveries d set lease_expires_at = null
     from unnest($1::uuid[], $2::uuid[]) as x(shop_id, id) where d.shop_id = x.shop_id and d.id = x.id`,
    [deliveries.map((delivery) => delivery.shop_id), deliveries.map((delivery) => delivery.id)],
  )
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
 * holds one long transaction. Returns the number queued. Each batch holds the endpoint row (`FOR KEY
 * SHARE`) while it inserts, so a deletion either waits for the batch or, having committed, leaves the
 * batch empty; an endpoint deleted during the replay is then a not_found naming it, never the
 * deliveries' foreign key.
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
         for key share of w
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
  // A short batch is the end of the window or a deletion; a deletion after the last batch took the
  // deliveries queued with it. Either way nothing waits for the endpoint any more.
  const { rowCount } = await pool.query('select 1 from webhook_endpoints where shop_id = $1 and id = $2', [
    endpoint.shop_id,
    endpoint.id,
  ])
  if (rowCount === 0) {
    throw new ApiError(
      'not_found',
      `The webhook endpoint ${window.endpointPublicId} was deleted during the replay: nothing is queued for it`,
    )
  }
  await pool.query(`select pg_notify('shopapi_deliveries', '')`)
  return { queued, endpoint: { shop_id: endpoint.shop_id, id: endpoint.id } }
}
