import type pg from 'pg'
import { SqlParams } from '../db/sql.js'
import { endpointReceives } from '../resources/deliveries/service.js'
import type { ClaimedDelivery, DueEndpoint } from './claim.js'

// The dispatch step: committed events become deliveries, one per receiving endpoint, and the first of
// each active endpoint's are leased at once so a new event goes out after one statement.

// One dispatch statement holds a key-share lock on every endpoint it fans out to until it ends, and
// deleting an endpoint waits for those locks (at most the API's lock timeout, then a 409). A thousand
// events to twenty endpoints were 20,000 rows in one statement: seconds on a busy machine. The next
// batch is sized from the last one's fan-out so a statement writes about this many deliveries; the
// first is small, as the fan-out is not known yet.
const maxDispatchEvents = 1000
const minDispatchEvents = 10
export const firstDispatchEvents = 100
const targetDispatchDeliveries = 2000

/** Events to claim in the next dispatch, from the deliveries per event of the last one. */
export function nextDispatchBatch(current: number, last: { events: number; deliveries: number }): number {
  if (last.events === 0) return current // nothing claimed: the last fan-out seen is still the best guess
  if (last.deliveries === 0) return maxDispatchEvents
  const perEvent = last.deliveries / last.events
  return Math.max(minDispatchEvents, Math.min(maxDispatchEvents, Math.floor(targetDispatchDeliveries / perEvent)))
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
    leased: (Omit<
      ClaimedDelivery,
      'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_expires_at' | 'created_at'
    > & {
      secret_sealed: string
      previous_secret_sealed: string | null
      previous_secret_expires_at: string | null
      created_at: string
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
      created_at: new Date(delivery.created_at),
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
           'previous_secret_expires_at', d.previous_secret_expires_at, 'event', d.event, 'created_at', now())), '[]')
        from capped d where d.leased) as leased`
})()

// The event-type/scope map of endpointReceives, bound after the dispatch's own six parameters.
const dispatchScopeParams = (() => {
  const params = new SqlParams()
  endpointReceives(params, 'c')
  return params.values
})()
