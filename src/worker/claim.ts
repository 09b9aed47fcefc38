import type { WebhookConfig } from '../config.js'
import type { Queryable } from '../db/pool.js'
import { SqlParams } from '../db/sql.js'
import type { EventRow } from '../platform/events.js'
import { type DeliveryStatus, endpointReceives, whyNotReceived } from '../resources/deliveries/service.js'

// The claim step: which endpoints have due work, and taking the leases on their deliveries. A lease
// makes an attempt this process's alone; it lapses if the process dies, and the delivery runs again.

/** An endpoint with deliveries that may be attempted now. */
export interface DueEndpoint {
  shop_id: string
  endpoint_id: string
}

/** How long a claimed delivery stays leased: the request timeout plus time to record the result. */
export function leaseMs(webhooks: Pick<WebhookConfig, 'timeoutMs'>): number {
  return webhooks.timeoutMs + 20_000
}

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
  /** When the delivery was made: a receiver's Retry-After may not move a retry past the schedule's horizon from here. */
  created_at: Date
}

const claimedColumns = `d.shop_id, d.id, d.public_id, d.endpoint_id, w.public_id as endpoint_public_id, d.status,
  d.attempt_count + 1 as attempt_number, d.automatic_attempts, w.url, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at,
  json_build_object('shop_id', e.shop_id, 'id', e.id, 'public_id', e.public_id, 'type', e.type,
    'api_version', e.api_version, 'test', e.test, 'object_type', e.object_type, 'object_id', e.object_id,
    'summary', e.summary, 'integration_id', e.integration_id, 'created_at', e.created_at) as event, d.created_at`

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
         d.created_at, (d.origin = 'test' or ${receives}) as visible, w.event_types as endpoint_event_types,
         i.scopes as integration_scopes
       from want
       join webhook_endpoints w on w.shop_id = want.shop_id and w.id = want.endpoint_id
       join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id and i.status = 'active'
       cross join lateral (
         select d.shop_id, d.id, d.public_id, d.endpoint_id, d.event_id, d.origin, d.status, d.attempt_count,
           d.automatic_attempts, d.created_at
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
       secret_sealed, previous_secret_sealed, previous_secret_expires_at, event, created_at, visible,
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
     select null, null, null, null, null, null, null, null, null, null, null, null, null, null, true
     from target where in_flight`,
    [deliveryPublicId, leaseMs],
  )
  const row = rows[0]
  if (!row) return 'not_found'
  if (row.in_flight) return 'in_flight'
  return reviveEvent(row)
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
