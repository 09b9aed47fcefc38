// The operator's view of webhooks (the `shopapi webhooks|deliveries|events` commands): endpoints,
// deliveries and events addressed by public id alone, across shops, plus what those commands share
// for reading their flags and printing. The API never uses this file: integrations go through
// resources/webhook-endpoints/ and resources/events/, which scope every read to the caller.
import ms from 'ms'
import type pg from 'pg'
import type { Config } from '../config.js'
import { type Queryable, withTransaction } from '../db/pool.js'
import { SqlParams } from '../db/sql.js'
import { systemResolver } from '../io/webhook-targets.js'
import { ApiError, UsageError } from '../lib/errors.js'
import { type IdKind, idPrefixes, isPublicId } from '../lib/ids.js'
import { escapeForTerminalLine } from '../lib/terminal-text.js'
import { type Actor, type EventRow, eventEnvelope, eventRetentionDays } from '../platform/events.js'
import { requestInstant } from '../platform/schemas.js'
import type { AttemptRow, DeliveryListRow, DeliveryStatus } from '../resources/deliveries/service.js'
import {
  type EndpointContext,
  getEndpoint,
  rotateSecret,
  updateEndpoint,
  type WebhookEndpointRow,
} from '../resources/webhook-endpoints/service.js'

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const satisfies readonly DeliveryStatus[]

/** The reason `shopapi webhooks disable` records unless given another. */
export const staffDisabledReason = 'Disabled by shop staff'

// ---- Flags ----

const idNouns: Partial<Record<IdKind, string>> = {
  shop: 'shop',
  integration: 'integration',
  event: 'event',
  webhookEndpoint: 'webhook endpoint',
  delivery: 'delivery',
}

/** The id's shape is checked before any lookup: `"x" is not a webhook endpoint id (whe_...)`. */
export function requirePublicId(kind: IdKind, value: string, flag?: string): string {
  if (isPublicId(kind, value)) return value
  const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  const noun = idNouns[kind] ?? kind
  throw new UsageError(`${flag ? `--${flag}: ` : ''}${shown} is not a ${noun} id (${idPrefixes[kind]}_...)`)
}

export const instantFlagHelp =
  'an RFC 3339 instant with Z or an offset (2026-01-31T15:04:05Z), or a duration meaning that long ago (30m, 2h, 3d)'

/** `--since`/`--until`: an RFC 3339 instant with a zone, or `2h`, `3d`… meaning that long before `now`. */
export function parseInstantFlag(flag: string, value: string, now = Date.now()): Date {
  const text = value.trim()
  if (/^\d+(\.\d+)?\s*[a-z]+$/i.test(text)) {
    const duration = ms(text as ms.StringValue)
    if (typeof duration === 'number' && Number.isFinite(duration) && duration > 0) return new Date(now - duration)
  } else {
    const parsed = requestInstant.safeParse(text)
    if (parsed.success) return parsed.data
  }
  throw new UsageError(`--${flag}: "${value}" is not ${instantFlagHelp}`)
}

// ---- Endpoints ----

export interface OperatorEndpointRow extends WebhookEndpointRow {
  shop_public_id: string
  pending_deliveries: number
}

const selectOperatorEndpoint = `select w.*, i.public_id as integration_public_id, s.public_id as shop_public_id,
    (select count(*)::int from webhook_deliveries d
      where d.shop_id = w.shop_id and d.endpoint_id = w.id and d.status = 'pending') as pending_deliveries
  from webhook_endpoints w
  join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id
  join shops s on s.id = w.shop_id`

/** Endpoints of every shop, or of one shop or integration, oldest first. */
export async function listEndpointsForOperator(
  db: Queryable,
  filter: { shop?: string | undefined; integration?: string | undefined },
): Promise<OperatorEndpointRow[]> {
  const params = new SqlParams()
  const where = ['true']
  if (filter.shop) where.push(`s.public_id = ${params.add(filter.shop, 'text')}`)
  if (filter.integration) where.push(`i.public_id = ${params.add(filter.integration, 'text')}`)
  const { rows } = await db.query<OperatorEndpointRow>(
    `${selectOperatorEndpoint} where ${where.join(' and ')} order by w.created_at, w.public_id`,
    params.values,
  )
  return rows
}

/** Operator access to an endpoint: the actor of its shop with no integration (any integration's endpoint). */
export async function endpointActor(db: Queryable, publicId: string): Promise<Actor> {
  const { rows } = await db.query<{ shop_id: string }>(
    'select shop_id from webhook_endpoints where public_id = $1::text',
    [publicId],
  )
  const row = rows[0]
  if (!row) throw new ApiError('not_found', `No webhook endpoint ${publicId}`)
  return { shopId: row.shop_id, integrationId: null }
}

export async function getEndpointForOperator(db: Queryable, publicId: string): Promise<OperatorEndpointRow> {
  const { rows } = await db.query<OperatorEndpointRow>(`${selectOperatorEndpoint} where w.public_id = $1::text`, [
    publicId,
  ])
  const row = rows[0]
  if (!row) throw new ApiError('not_found', `No webhook endpoint ${publicId}`)
  return row
}

/** How many of the endpoint's retained deliveries are in each state. */
export async function deliveryCounts(
  db: Queryable,
  endpoint: Pick<WebhookEndpointRow, 'shop_id' | 'id'>,
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

/** What endpoint writes need in the CLI; the status and secret changes made here never resolve a url. */
export function operatorEndpointContext(config: Pick<Config, 'webhooks'>, sealKey: Uint8Array): EndpointContext {
  return { sealKey, webhooks: config.webhooks, resolver: systemResolver }
}

/**
 * Enables or disables an endpoint with the API's semantics (enabling clears disabled_reason and the
 * failure clock and makes the deliveries held while it was disabled due, in the order of the log, or
 * with `dropHeld` fails them unsent; disabling records the reason). An endpoint already in that state
 * is left alone: `changed` is false.
 */
export async function setEndpointStatus(
  pool: pg.Pool,
  publicId: string,
  status: 'active' | 'disabled',
  options: { reason?: string; dropHeld?: boolean } = {},
): Promise<{ row: OperatorEndpointRow; changed: boolean; resumed: number; dropped: number }> {
  return withTransaction(pool, async (tx) => {
    const actor = await endpointActor(tx, publicId)
    const current = await getEndpoint(tx, actor, publicId, { lock: 'update' })
    const changed = current.status !== status
    let resumed = 0
    let dropped = 0
    if (changed) {
      ;({ resumed, dropped } = await updateEndpoint(
        tx,
        actor,
        publicId,
        { status },
        { disabledReason: options.reason ?? staffDisabledReason, held: options.dropHeld ? 'drop' : 'resume' },
      ))
    }
    return { row: await getEndpointForOperator(tx, publicId), changed, resumed, dropped }
  })
}

/** A new secret, returned once; the previous one keeps signing for the configured overlap. */
export async function rotateEndpointSecret(
  pool: pg.Pool,
  publicId: string,
  context: EndpointContext,
): Promise<{ row: OperatorEndpointRow; secret: string }> {
  return withTransaction(pool, async (tx) => {
    const actor = await endpointActor(tx, publicId)
    const { secret } = await rotateSecret(tx, actor, publicId, context)
    return { row: await getEndpointForOperator(tx, publicId), secret }
  })
}

// ---- Events ----

export interface OperatorEventRow extends Omit<EventRow, 'updated_at'> {
  shop_public_id: string
  integration_public_id: string | null
  deliveries: number
}

const selectOperatorEvent = `select e.shop_id, e.id, e.public_id, e.type, e.api_version, e.test, e.object_type,
    e.object_id, e.summary, e.integration_id, e.created_at, s.public_id as shop_public_id,
    i.public_id as integration_public_id,
    (select count(*)::int from webhook_deliveries d where d.shop_id = e.shop_id and d.event_id = e.id) as deliveries
  from events e
  join shops s on s.id = e.shop_id
  left join integrations i on i.shop_id = e.shop_id and i.id = e.integration_id`

export interface OperatorEventFilter {
  shop?: string | undefined
  type?: string | undefined
  since?: Date | undefined
  limit: number
}

/** Retained events of every shop (test events included, marked), newest first. */
export async function listEventsForOperator(db: Queryable, filter: OperatorEventFilter): Promise<OperatorEventRow[]> {
  const params = new SqlParams()
  const where = [`e.created_at > now() - interval '${eventRetentionDays} days'`]
  if (filter.shop) where.push(`s.public_id = ${params.add(filter.shop, 'text')}`)
  if (filter.type) where.push(`e.type = ${params.add(filter.type, 'text')}`)
  if (filter.since) where.push(`e.created_at >= ${params.add(filter.since, 'timestamptz')}`)
  const { rows } = await db.query<OperatorEventRow>(
    `${selectOperatorEvent} where ${where.join(' and ')}
     order by e.created_at desc, e.public_id desc limit ${params.add(filter.limit, 'int')}`,
    params.values,
  )
  return rows
}

export async function getEventForOperator(db: Queryable, publicId: string): Promise<OperatorEventRow> {
  const { rows } = await db.query<OperatorEventRow>(`${selectOperatorEvent} where e.public_id = $1::text`, [publicId])
  const row = rows[0]
  if (!row) throw new ApiError('not_found', `No event ${publicId} (events are kept for ${eventRetentionDays} days)`)
  return row
}

/** True when the event is still inside the resend window (spec "Limits": 30 days). */
export function withinResendWindow(eventCreatedAt: Date, now = Date.now()): boolean {
  return eventCreatedAt.getTime() > now - eventRetentionDays * 86_400_000
}

// ---- What the commands print: public ids, RFC 3339 instants, never a secret ----

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null

export function presentEndpoint(row: OperatorEndpointRow, now = new Date()) {
  const previousLive = row.previous_secret_expires_at && row.previous_secret_expires_at > now
  return {
    id: row.public_id,
    shop_id: row.shop_public_id,
    integration_id: row.integration_public_id,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    status: row.status,
    disabled_reason: row.disabled_reason,
    failing_since: iso(row.failing_since),
    previous_secret_expires_at: previousLive ? iso(row.previous_secret_expires_at) : null,
    pending_deliveries: row.pending_deliveries,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  }
}

export function presentDelivery(row: DeliveryListRow) {
  return {
    id: row.public_id,
    shop_id: row.shop_public_id,
    endpoint_id: row.endpoint_public_id,
    url: row.url,
    event_id: row.event_public_id,
    event_type: row.event_type,
    origin: row.origin,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: iso(row.next_attempt_at),
    last_attempt_at: iso(row.last_attempt_at),
    last_response_status: row.last_response_status,
    last_error: row.last_error,
    created_at: iso(row.created_at) as string,
    completed_at: iso(row.completed_at),
  }
}

export function presentAttempt(row: AttemptRow) {
  return {
    number: row.number,
    started_at: iso(row.started_at) as string,
    duration_ms: row.duration_ms,
    response_status: row.response_status,
    error: row.error,
    signatures: row.signatures,
    manual: row.manual,
    response_body: row.response_body,
  }
}

export function presentEvent(row: OperatorEventRow) {
  return {
    ...eventEnvelope(row),
    shop_id: row.shop_public_id,
    integration_id: row.integration_public_id,
    deliveries: row.deliveries,
  }
}

/** `key: value` lines, keys aligned, for the human form of a `show`. */
/** `key:  value` lines; each value stays on its line (a line break in stored text is shown as `\n`). */
export function keyValueBlock(pairs: [string, unknown][]): string {
  const width = Math.max(...pairs.map(([key]) => key.length)) + 2
  return pairs
    .map(([key, value]) => `${`${key}:`.padEnd(width)}${escapeForTerminalLine(formatValue(value))}`)
    .join('\n')
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-'
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The first `max` characters of a response body on one line. */
export function bodyPreview(body: string | null, max = 80): string | null {
  if (body === null) return null
  const line = body.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}

/** The status of an attempt in a few words: `200`, `500`, or the error. */
export function attemptResult(attempt: { response_status: number | null; error: string | null }): string {
  if (attempt.response_status !== null) {
    return attempt.error && !/^receiver answered \d+$/.test(attempt.error)
      ? `${attempt.response_status} (${attempt.error})`
      : String(attempt.response_status)
  }
  return attempt.error ?? 'unknown'
}

/** serve, worker, and commands that seal or unseal webhook secrets warn when the key is not shared. */
export function secretKeyWarning(config: Pick<Config, 'databaseUrl' | 'secretKey' | 'dataDir'>): string | null {
  if (!config.databaseUrl || config.secretKey) return null
  return `warning: SHOPAPI_SECRET_KEY is not set; using the key in ${config.dataDir}/secret.key. Set SHOPAPI_SECRET_KEY (the same on every process) when several processes share DATABASE_URL or the data directory is not kept.`
}

export const privateTargetsWarning =
  'warning: SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS is on (development only: webhooks may target http:// and private addresses)'
