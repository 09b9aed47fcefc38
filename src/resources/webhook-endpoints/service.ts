import type { WebhookConfig } from '../../config.js'
import type { Queryable } from '../../db/pool.js'
import { SqlParams } from '../../db/sql.js'
import { checkWebhookUrl, type Resolver } from '../../io/webhook-targets.js'
import { ApiError } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'
import { seal, unseal } from '../../lib/secrets.js'
import { generateWebhookSecret } from '../../lib/webhook-signature.js'
import {
  type Actor,
  type EventType,
  eventObjectKinds,
  eventObjectType,
  isEventType,
  recordEvents,
} from '../../platform/events.js'
import { type ColumnChanges, requireChanges } from '../../platform/resource.js'

// Spec "Limits": at most 10 endpoints per integration.
export const maxEndpointsPerIntegration = 10

export interface WebhookEndpointRow {
  shop_id: string
  id: string
  public_id: string
  integration_id: string
  integration_public_id: string
  url: string
  description: string | null
  event_types: string[]
  status: 'active' | 'disabled'
  disabled_reason: string | null
  secret_sealed: Buffer
  previous_secret_sealed: Buffer | null
  previous_secret_expires_at: Date | null
  failing_since: Date | null
  created_at: Date
  updated_at: Date
}

/** What endpoint writes need beyond the transaction: the seal key, the target policy and DNS. */
export interface EndpointContext {
  sealKey: Uint8Array
  webhooks: Pick<WebhookConfig, 'allowPrivateTargets' | 'secretOverlapMs'>
  resolver: Resolver
}

const selectEndpoint = `select w.*, i.public_id as integration_public_id
  from webhook_endpoints w join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id`

/** An integration's endpoints, oldest first (the list is unpaginated: there are at most 10). */
export async function listEndpoints(db: Queryable, actor: Actor): Promise<WebhookEndpointRow[]> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `${selectEndpoint} where w.shop_id = $1 and w.integration_id = $2 order by w.created_at, w.public_id`,
    [actor.shopId, actor.integrationId],
  )
  return rows
}

/**
 * How a read in a transaction holds the endpoint row: `update` to change or delete it; `key share` to
 * write rows that reference it (deliveries), so a deletion cannot slip in between the read and the
 * insert. Either waits for a deletion in progress and then finds the endpoint gone: 404, not the
 * foreign-key violation the insert would otherwise meet.
 */
export type EndpointLock = 'update' | 'key share'

/** One of the integration's endpoints; another integration's endpoint is 404 like a missing one. */
export async function getEndpoint(
  db: Queryable,
  actor: Actor,
  publicId: string,
  options: { lock?: EndpointLock } = {},
): Promise<WebhookEndpointRow> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `${selectEndpoint} where w.shop_id = $1 and w.public_id = $2
       and ($3::uuid is null or w.integration_id = $3)${options.lock ? ` for ${options.lock} of w` : ''}`,
    [actor.shopId, publicId, actor.integrationId],
  )
  const row = rows[0]
  if (!row) throw new ApiError('not_found', `No webhook endpoint ${publicId}`)
  return row
}

/** `["*"]` alone, or known types without duplicates (the schema has already refused anything else). */
function normalizeEventTypes(types: readonly string[]): string[] {
  return types.includes('*') ? ['*'] : [...new Set(types)]
}

declare const vettedBrand: unique symbol

/**
 * A url that passed the syntax rules and whose every address was vetted, in its normalized form.
 * Branded: only `vetWebhookUrl` makes one, so a write cannot be handed an unchecked string.
 */
export interface VettedUrl {
  readonly href: string
  readonly [vettedBrand]: true
}

/**
 * Checks a url for registration, DNS included. Call it before opening the transaction: a slow DNS
 * server must cost a bounded wait (the resolver's), never a pooled connection held meanwhile.
 */
export async function vetWebhookUrl(url: string, context: EndpointContext): Promise<VettedUrl> {
  return { href: await requireSafeUrl(url, context) } as VettedUrl
}

async function requireSafeUrl(url: string, context: EndpointContext): Promise<string> {
  const checked = await checkWebhookUrl(url, { allowPrivate: context.webhooks.allowPrivateTargets }, context.resolver)
  if (!checked.ok) throw new ApiError('invalid_request', checked.reason, { param: 'url' })
  // Non-ASCII characters grow when percent-encoded; the stored (delivered) form must fit the limit too.
  if (checked.url.href.length > 2000) {
    throw new ApiError('invalid_request', 'url must be at most 2000 characters once percent-encoded', {
      param: 'url',
    })
  }
  return checked.url.href
}

export interface NewEndpoint {
  url: VettedUrl
  event_types: string[]
  description?: string | null | undefined
}

export async function createEndpoint(
  tx: Queryable,
  actor: Actor,
  input: NewEndpoint,
  context: EndpointContext,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  if (!actor.integrationId) throw new Error('webhook endpoints belong to an integration')
  const url = input.url.href
  // Locking the integration serializes its concurrent creates, so the limit holds. NO KEY UPDATE, not
  // UPDATE: the idempotency claim already holds KEY SHARE on this row, and two creates each holding it
  // while asking for UPDATE would deadlock.
  await tx.query('select 1 from integrations where shop_id = $1 and id = $2 for no key update', [
    actor.shopId,
    actor.integrationId,
  ])
  const { rows: counted } = await tx.query<{ count: number }>(
    'select count(*)::int as count from webhook_endpoints where shop_id = $1 and integration_id = $2',
    [actor.shopId, actor.integrationId],
  )
  if ((counted[0]?.count ?? 0) >= maxEndpointsPerIntegration) {
    throw new ApiError(
      'webhook_endpoint_limit',
      `This integration already has ${maxEndpointsPerIntegration} webhook endpoints, the most it may have: delete one or reuse it with PATCH`,
    )
  }
  const secret = generateWebhookSecret()
  const publicId = newPublicId('webhookEndpoint')
  await tx.query(
    `insert into webhook_endpoints (shop_id, public_id, integration_id, url, description, event_types, secret_sealed,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, date_trunc('milliseconds', now()), date_trunc('milliseconds', now()))`,
    [
      actor.shopId,
      publicId,
      actor.integrationId,
      url,
      input.description ?? null,
      normalizeEventTypes(input.event_types),
      seal(context.sealKey, secret),
    ],
  )
  return { row: await getEndpoint(tx, actor, publicId), secret }
}

export interface EndpointChanges {
  url?: VettedUrl | undefined
  description?: string | null | undefined
  event_types?: string[] | undefined
  status?: 'active' | 'disabled' | undefined
}

/** What re-enabling does with the deliveries held while the endpoint was disabled. */
export type HeldDeliveries = 'resume' | 'drop'

export interface EndpointUpdateOptions {
  /** The disabled_reason a change to `disabled` records. */
  disabledReason?: string
  /** On a change to `active` (default resume: the API's only choice). */
  held?: HeldDeliveries
}

export interface UpdatedEndpoint {
  row: WebhookEndpointRow
  /** Held deliveries made due by a change to `active`, in the order of the log. */
  resumed: number
  /** Held deliveries failed unsent by a change to `active` with `held: 'drop'`. */
  dropped: number
}

export async function updateEndpoint(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: EndpointChanges,
  options: EndpointUpdateOptions = {},
): Promise<UpdatedEndpoint> {
  const row = await getEndpoint(tx, actor, publicId, { lock: 'update' })
  const changes: ColumnChanges = {}
  if (input.url !== undefined) changes.url = { field: 'url', value: input.url.href, type: 'text' }
  if (input.description !== undefined) {
    changes.description = { field: 'description', value: input.description, type: 'text' }
  }
  if (input.event_types !== undefined) {
    changes.event_types = { field: 'event_types', value: normalizeEventTypes(input.event_types), type: 'text[]' }
  }
  if (input.status !== undefined) changes.status = { field: 'status', value: input.status, type: 'text' }
  const columns = requireChanges(row, changes).changes
  if (columns.status?.value === 'active') {
    // Re-enabling starts a fresh failure clock; pending deliveries resume at once.
    columns.disabled_reason = { field: null, value: null, type: 'text' }
    columns.failing_since = { field: null, value: null, type: 'timestamptz' }
  } else if (columns.status?.value === 'disabled') {
    columns.disabled_reason = { field: null, value: options.disabledReason ?? 'Disabled through the API', type: 'text' }
  }
  const params = new SqlParams()
  const sets = Object.entries(columns).map(([name, change]) => `${name} = ${params.add(change.value, change.type)}`)
  await tx.query(
    `update webhook_endpoints set ${sets.join(', ')}, updated_at = date_trunc('milliseconds', now())
     where shop_id = ${params.add(row.shop_id, 'uuid')} and id = ${params.add(row.id, 'uuid')}`,
    params.values,
  )
  let resumed = 0
  let dropped = 0
  if (columns.status?.value === 'active') {
    if (options.held === 'drop') dropped = await dropHeldDeliveries(tx, row)
    else resumed = await resumeHeldDeliveries(tx, row)
  }
  return { row: await getEndpoint(tx, actor, publicId), resumed, dropped }
}

/**
 * The deliveries held while the endpoint was disabled (those of events that happened meanwhile, and
 * retries that were waiting) become due now, in the order of the log. The claim takes an endpoint's
 * earliest due first, and dispatch made each delivery due when it was written, one microsecond apart
 * in log order, so the held ones are in order already and are not rewritten (enabling after a month
 * of events costs a read of the held rows, not a write of each). Only those an attempt rescheduled
 * (a retry due before, during or after the disabling), and any due later than now, go back to when
 * they were written, their place in the log. Test deliveries were never held. Returns how many resume.
 */
async function resumeHeldDeliveries(tx: Queryable, row: { shop_id: string; id: string }): Promise<number> {
  const { rows } = await tx.query<{ resumed: number }>(
    `with held as (
       select d.shop_id, d.id,
         (d.attempt_count > 0 or d.record_failures > 0 or d.next_attempt_at > now()) as rescheduled
       from webhook_deliveries d
       where d.shop_id = $1 and d.endpoint_id = $2 and d.status = 'pending' and d.origin <> 'test'
     ), moved as (
       update webhook_deliveries d set next_attempt_at = d.created_at, updated_at = now()
       from held where held.rescheduled and d.shop_id = held.shop_id and d.id = held.id
     )
     select count(*)::int as resumed from held`,
    [row.shop_id, row.id],
  )
  const resumed = rows[0]?.resumed ?? 0
  // Due without an event to dispatch: the worker's scan is woken at commit rather than within a second.
  if (resumed > 0) await tx.query(`select pg_notify('shopapi_deliveries', '')`)
  return resumed
}

/**
 * `shopapi webhooks enable --drop-held`: the held deliveries end unsent, `failed` with the reason, so
 * they stay visible (and resendable by hand) for the rest of the 30 days. One whose attempt is in
 * flight (leased before the endpoint was disabled) is left to record its outcome. Returns how many.
 */
async function dropHeldDeliveries(tx: Queryable, row: { shop_id: string; id: string }): Promise<number> {
  const { rowCount } = await tx.query(
    `update webhook_deliveries set status = 'failed', next_attempt_at = null, completed_at = now(), updated_at = now(),
       last_error = 'not sent: dropped when the endpoint was enabled (shopapi webhooks enable --drop-held)'
     where shop_id = $1 and endpoint_id = $2 and status = 'pending' and origin <> 'test'
       and (lease_expires_at is null or lease_expires_at < now())`,
    [row.shop_id, row.id],
  )
  return rowCount ?? 0
}

/** A new secret; the current one becomes the previous one and keeps signing for the overlap. */
export async function rotateSecret(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  context: EndpointContext,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const row = await getEndpoint(tx, actor, publicId, { lock: 'update' })
  const secret = generateWebhookSecret()
  await tx.query(
    `update webhook_endpoints set secret_sealed = $3, previous_secret_sealed = secret_sealed,
       previous_secret_expires_at = now() + make_interval(secs => $4::double precision / 1000),
       updated_at = date_trunc('milliseconds', now())
     where shop_id = $1 and id = $2`,
    [row.shop_id, row.id, seal(context.sealKey, secret), context.webhooks.secretOverlapMs],
  )
  return { row: await getEndpoint(tx, actor, publicId), secret }
}

/** The secrets that sign a delivery now: the current one first, then the previous one during its overlap. */
export function signingSecrets(
  row: Pick<WebhookEndpointRow, 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_expires_at'>,
  sealKey: Uint8Array,
  now = new Date(),
): string[] {
  const current = unseal(sealKey, row.secret_sealed)
  if (current === null) {
    throw new Error('A webhook secret cannot be decrypted: was SHOPAPI_SECRET_KEY changed?')
  }
  const secrets = [current]
  if (row.previous_secret_sealed && row.previous_secret_expires_at && row.previous_secret_expires_at > now) {
    const previous = unseal(sealKey, row.previous_secret_sealed)
    if (previous !== null) secrets.push(previous)
  }
  return secrets
}

/** Previous secrets past their overlap are erased, not just ignored. */
export async function eraseExpiredSecrets(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `update webhook_endpoints set previous_secret_sealed = null, previous_secret_expires_at = null
     where previous_secret_expires_at <= now()`,
  )
  return rowCount ?? 0
}

/** A placeholder id of the right type for a test event's object: `cus_test000…`. */
function placeholderObjectId(type: EventType): string {
  const kind = eventObjectKinds[eventObjectType(type)] ?? 'customer'
  const prefix = newPublicId(kind).split('_')[0]
  return `${prefix}_test${'0'.repeat(18)}`
}

export interface QueuedTestEvent {
  eventPublicId: string
  deliveryPublicId: string
}

/**
 * A synthetic event (`test: true`) with one delivery to this endpoint only. It is not in GET /events
 * lists and is never dispatched to other endpoints; it goes out even while the endpoint is disabled,
 * so a receiver can be checked before it is re-enabled.
 */
export async function queueTestEvent(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  requestedType: EventType | undefined,
): Promise<QueuedTestEvent> {
  // Held until commit: the delivery below references the endpoint (see EndpointLock).
  const row = await getEndpoint(tx, actor, publicId, { lock: 'key share' })
  const subscribed = row.event_types.find(isEventType)
  const type = requestedType ?? subscribed ?? 'customer.created'
  const eventPublicId = newPublicId('event')
  const deliveryPublicId = newPublicId('delivery')
  await tx.query(
    `with event as (
       insert into events (shop_id, public_id, type, test, object_type, object_id, summary, integration_id, dispatched)
       values ($1, $2, $3, true, $4, $5, '{}', $6, true)
       returning shop_id, id
     ), delivery as (
       insert into webhook_deliveries (shop_id, public_id, endpoint_id, event_id, origin, next_attempt_at)
       select shop_id, $7, $8, id, 'test', now() from event
     )
     -- A delivery written without dispatch: the worker's scan finds it at once instead of within a second.
     select pg_notify('shopapi_deliveries', '')`,
    [
      row.shop_id,
      eventPublicId,
      type,
      eventObjectType(type),
      placeholderObjectId(type),
      row.integration_id,
      deliveryPublicId,
      row.id,
    ],
  )
  return { eventPublicId, deliveryPublicId }
}

/**
 * Deletes an endpoint with its deliveries and their attempts. Its events stay: they belong to the
 * shop's log, not to the endpoint.
 */
export async function deleteEndpoint(tx: Queryable, actor: Actor, publicId: string): Promise<WebhookEndpointRow> {
  const row = await getEndpoint(tx, actor, publicId, { lock: 'update' })
  await tx.query('delete from webhook_endpoints where shop_id = $1 and id = $2', [row.shop_id, row.id])
  return row
}

/**
 * Disables an endpoint that has failed without a break for the configured time and records
 * `webhook_endpoint.disabled` (delivered to the integration's other endpoints). Returns true when it did.
 */
export async function disableIfFailingTooLong(
  tx: Queryable,
  endpoint: { shop_id: string; id: string },
  disableAfterMs: number,
): Promise<boolean> {
  const { rows } = await tx.query<DisabledEndpoint>(
    `update webhook_endpoints set status = 'disabled',
       disabled_reason = 'Every delivery attempt failed for ' || $3::text || ', since '
         || to_char(failing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
       updated_at = date_trunc('milliseconds', now())
     where shop_id = $1 and id = $2 and status = 'active' and failing_since is not null
       and failing_since <= now() - make_interval(secs => $4::double precision / 1000)
     returning public_id, integration_id, url, failing_since, disabled_reason`,
    [endpoint.shop_id, endpoint.id, describeDuration(disableAfterMs), disableAfterMs],
  )
  return recordDisabled(tx, endpoint.shop_id, rows[0])
}

/**
 * The receiver answered 410 Gone: it says the endpoint is no more, so it is disabled at once (its
 * pending deliveries held, as for any disabled endpoint), with the reason, the attempt that brought
 * the answer marked, and `webhook_endpoint.disabled` for the integration's other endpoints. False when
 * it was disabled already (another attempt's 410, or staff).
 */
export async function disableGoneEndpoint(
  tx: Queryable,
  attempt: {
    shop_id: string
    endpoint_id: string
    delivery_id: string
    delivery_public_id: string
    number: number
    at: Date
  },
): Promise<boolean> {
  const { rows } = await tx.query<DisabledEndpoint>(
    `update webhook_endpoints set status = 'disabled',
       disabled_reason = 'The receiver answered 410 Gone to delivery ' || $3::text || ' at '
         || to_char($4::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
       updated_at = date_trunc('milliseconds', now())
     where shop_id = $1 and id = $2 and status = 'active'
     returning public_id, integration_id, url, failing_since, disabled_reason`,
    [attempt.shop_id, attempt.endpoint_id, attempt.delivery_public_id, attempt.at],
  )
  if (!rows[0]) return false
  await tx.query(
    'update webhook_attempts set disabled_endpoint = true where shop_id = $1 and delivery_id = $2 and number = $3',
    [attempt.shop_id, attempt.delivery_id, attempt.number],
  )
  return recordDisabled(tx, attempt.shop_id, rows[0])
}

interface DisabledEndpoint {
  public_id: string
  integration_id: string
  url: string
  failing_since: Date | null
  disabled_reason: string
}

/** The event of an endpoint the worker disabled (none when `disabled` is undefined: nothing changed). */
async function recordDisabled(tx: Queryable, shopId: string, disabled: DisabledEndpoint | undefined): Promise<boolean> {
  if (!disabled) return false
  await recordEvents(tx, { shopId, integrationId: disabled.integration_id }, [
    {
      type: 'webhook_endpoint.disabled',
      objectType: 'webhook_endpoint',
      objectId: disabled.public_id,
      summary: {
        url: disabled.url,
        status: 'disabled',
        disabled_reason: disabled.disabled_reason,
        failing_since: disabled.failing_since?.toISOString() ?? null,
      },
    },
  ])
  return true
}

/** "3 days", "36 hours", "90 seconds": the clock in words for disabled_reason. */
function describeDuration(milliseconds: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ]
  for (const [size, name] of units) {
    if (milliseconds >= size && milliseconds % size === 0) {
      const count = milliseconds / size
      return `${count} ${name}${count === 1 ? '' : 's'}`
    }
  }
  return `${milliseconds} ms`
}
