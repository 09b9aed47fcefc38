import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { SqlParams } from '../../db/sql.js'
import { ApiError } from '../../lib/errors.js'
import { type EventRow, eventRetentionDays, eventTypeScopes } from '../../platform/events.js'

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed'

const scopeMap = Object.entries(eventTypeScopes)

/**
 * The one rule of who receives an event (`e`) at an endpoint (`w`, integration `i`): a subscribed
 * type, a scope that reads it, and `webhook_endpoint.*` only to the owner's other endpoints. Used by
 * replay here and by the worker's dispatch and claim (src/worker/dispatch.ts, claim.ts), which re-checks
 * it when an attempt is claimed. Returns a boolean SQL expression.
 */
export function endpointReceives(params: SqlParams, event: string): string {
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
  /** Only these deliveries (`deliveries list --follow` re-reads the ones it shows until they end). */
  ids?: string[] | undefined
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
  if (filter.ids) where.push(`d.public_id = any(${params.add(filter.ids, 'text[]')})`)
  const { rows } = await db.query<DeliveryListRow>(
    `select ${deliveryListColumns} from ${deliveryJoins} where ${where.join(' and ')}
     order by d.created_at desc, d.public_id desc limit ${params.add(filter.limit, 'int')}`,
    params.values,
  )
  return rows
}

/** How many of the endpoint's retained deliveries are in each state. */
export async function deliveryCounts(
  db: Queryable,
  endpoint: { shop_id: string; id: string },
): Promise<Record<DeliveryStatus, number>> {
  const { rows } = await db.query<{ status: DeliveryStatus; count: number }>(
    `select status, count(*)::int as count from webhook_deliveries
     where shop_id = $1 and endpoint_id = $2 group by status`,
    [endpoint.shop_id, endpoint.id],
  )
  const counts: Record<DeliveryStatus, number> = { pending: 0, succeeded: 0, failed: 0 }
  for (const row of rows) counts[row.status] = row.count
  return counts
}

export interface AttemptRow {
  number: number
  started_at: Date
  duration_ms: number
  response_status: number | null
  error: string | null
  response_body: string | null
  signatures: number
  /** A 429 or 503 answer's Retry-After, in seconds: the next attempt came no earlier. */
  retry_after_seconds: number | null
  /** This attempt's 410 Gone disabled the endpoint. */
  disabled_endpoint: boolean
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
    `select number, started_at, duration_ms, response_status, error, response_body, signatures, retry_after_seconds,
       disabled_endpoint, manual
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
  /**
   * Only events whose delivery to this endpoint failed for good and that have no delivery to it
   * succeeded or still pending (a replay that already worked, or one under way, is not queued again).
   */
  failedOnly?: boolean | undefined
}

/** The events of a replay window: the FROM and WHERE of replayEvents and previewReplay, and their parameters. */
function replayMatching(window: ReplayWindow): { params: SqlParams; endpointParam: string; matching: string } {
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
  if (window.failedOnly) {
    const toEndpoint = 'f.shop_id = e.shop_id and f.event_id = e.id and f.endpoint_id = w.id'
    where.push(`exists (select 1 from webhook_deliveries f where ${toEndpoint} and f.status = 'failed')`)
    where.push(`not exists (select 1 from webhook_deliveries f where ${toEndpoint} and f.status <> 'failed')`)
  }
  const matching = `from webhook_endpoints w
    join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id
    join events e on e.shop_id = w.shop_id
    where w.public_id = ${endpointParam} and ${where.join(' and ')}`
  return { params, endpointParam, matching }
}

export interface ReplayPreview {
  total: number
  /** The first events of the window, oldest first, as they would be queued. */
  first: { public_id: string; type: string; object_id: string; created_at: Date }[]
}

/** What `events replay` would queue (its `--dry-run`, and the count its confirmation names); writes nothing. */
export async function previewReplay(db: Queryable, window: ReplayWindow, firstCount = 10): Promise<ReplayPreview> {
  const { params, endpointParam, matching } = replayMatching(window)
  const { rows: counted } = await db.query<{ total: number; found: boolean }>(
    `select (select count(*)::int ${matching}) as total,
       exists (select 1 from webhook_endpoints w where w.public_id = ${endpointParam}) as found`,
    params.values,
  )
  if (!counted[0]?.found) throw new ApiError('not_found', `No webhook endpoint ${window.endpointPublicId}`)
  const { rows: first } = await db.query<ReplayPreview['first'][number]>(
    `select e.public_id, e.type, e.object_id, e.created_at ${matching}
     order by e.created_at, e.id limit ${params.add(firstCount, 'int')}`,
    params.values,
  )
  return { total: counted[0].total, first }
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
  const { params, endpointParam, matching } = replayMatching(window)
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

/**
 * `shopapi deliveries resend --queue`: a new delivery of the same event to the same endpoint, due now,
 * for the webhook worker to send (under its own target policy and retry schedule), as `events replay`
 * queues one. A test event's stays a test delivery (sent even while the endpoint is disabled); any
 * other is a replay, held while the endpoint is disabled. The endpoint row is held `FOR KEY SHARE` by
 * the insert, so a deletion in progress makes this not_found rather than a foreign-key error. Returns
 * the new delivery's id, or null when the delivery (or its event, past the retention) is gone.
 */
export async function queueResend(
  db: Queryable,
  deliveryPublicId: string,
): Promise<{ public_id: string; origin: 'test' | 'replay' } | null> {
  const { rows } = await db.query<{ public_id: string; origin: 'test' | 'replay' }>(
    `with source as (
       select d.shop_id, d.endpoint_id, d.event_id, case when e.test then 'test' else 'replay' end as origin
       from webhook_deliveries d
       join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
       join events e on e.shop_id = d.shop_id and e.id = d.event_id
       where d.public_id = $1::text and e.created_at > now() - interval '${eventRetentionDays} days'
       for key share of w
     ), queued as (
       insert into webhook_deliveries (shop_id, public_id, endpoint_id, event_id, origin, next_attempt_at)
       select shop_id, 'dlv_' || replace(gen_random_uuid()::text, '-', ''), endpoint_id, event_id, origin, now()
       from source
       returning public_id, origin
     )
     -- Due without an event to dispatch: the worker's scan is woken at commit rather than within a second.
     select public_id, origin, pg_notify('shopapi_deliveries', '') from queued`,
    [deliveryPublicId],
  )
  const row = rows[0]
  return row ? { public_id: row.public_id, origin: row.origin } : null
}

/** The pending deliveries at a glance, for `shopapi status`. */
export interface DeliveryHealth {
  pending: number
  /** Pending after at least one attempt. */
  retrying: number
  /** Due more than `overdueAfterSeconds` ago to an active endpoint, and not leased. */
  overdue: number
  /** Age of the oldest pending delivery in seconds; null when none is pending. */
  oldest: number | null
  /** Failed for good in the last 24 hours. */
  failed: number
}

export async function deliveryHealth(db: Queryable, overdueAfterSeconds: number): Promise<DeliveryHealth> {
  // Pending rows through the partial due index; failed ones among those created in the last 4 days
  // (the retry schedule spans about 2.5), through the created_at index: no scan of the 30-day table.
  const { rows } = await db.query<DeliveryHealth>(
    `select count(*)::int as pending,
       count(*) filter (where d.attempt_count > 0)::int as retrying,
       count(*) filter (where w.status = 'active' and i.status = 'active'
         and d.next_attempt_at < now() - make_interval(secs => $1)
         and (d.lease_expires_at is null or d.lease_expires_at < now()))::int as overdue,
       extract(epoch from now() - min(d.created_at))::float8 as oldest,
       (select count(*)::int from webhook_deliveries f
        where f.created_at > now() - interval '4 days' and f.status = 'failed'
          and f.completed_at > now() - interval '24 hours') as failed
     from webhook_deliveries d
     join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id
     where d.status = 'pending'`,
    [overdueAfterSeconds],
  )
  return rows[0] as DeliveryHealth
}
