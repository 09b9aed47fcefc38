import type { Queryable } from '../db/pool.js'
import { SqlParams, statementName } from '../db/sql.js'
import { ApiError } from '../lib/errors.js'
import { type IdKind, newPublicId, timeOrderedUuid } from '../lib/ids.js'
import type { Scope } from '../lib/scopes.js'
import { fetchPage, type Page, type PageRequest } from './pagination.js'

// Spec "Events": every type of v1. Only the families whose resources exist record events so far.
export const eventTypes = [
  'customer.created',
  'customer.updated',
  'customer.archived',
  'customer.merged',
  'vehicle.created',
  'vehicle.updated',
  'vehicle.archived',
  'vehicle.merged',
  'appointment.created',
  'appointment.updated',
  'appointment.status_changed',
  'appointment.converted_to_repair_order',
  'repair_order.created',
  'repair_order.updated',
  'repair_order.status_changed',
  'job.created',
  'job.status_changed',
  'invoice.posted',
  'invoice.voided',
  'credit_note.issued',
  'payment.recorded',
  'payment.reversed',
  'task.created',
  'task.updated',
  'task.completed',
  'webhook_endpoint.disabled',
] as const

export type EventType = (typeof eventTypes)[number]

export function isEventType(value: string): value is EventType {
  return (eventTypes as readonly string[]).includes(value)
}

/**
 * The read scope an integration needs to see an event, in GET /events and in webhook deliveries
 * (docs/decisions/events-and-webhooks.md, "Event visibility"): the scope that reads the object the event is about.
 */
export const eventTypeScopes: Record<EventType, Scope> = {
  'customer.created': 'customers.read',
  'customer.updated': 'customers.read',
  'customer.archived': 'customers.read',
  'customer.merged': 'customers.read',
  'vehicle.created': 'vehicles.read',
  'vehicle.updated': 'vehicles.read',
  'vehicle.archived': 'vehicles.read',
  'vehicle.merged': 'vehicles.read',
  'appointment.created': 'appointments.read',
  'appointment.updated': 'appointments.read',
  'appointment.status_changed': 'appointments.read',
  'appointment.converted_to_repair_order': 'appointments.read',
  'repair_order.created': 'repair_orders.read',
  'repair_order.updated': 'repair_orders.read',
  'repair_order.status_changed': 'repair_orders.read',
  'job.created': 'repair_orders.read',
  'job.status_changed': 'repair_orders.read',
  'invoice.posted': 'invoices.read',
  'invoice.voided': 'invoices.read',
  'credit_note.issued': 'invoices.read',
  'payment.recorded': 'payments.read',
  'payment.reversed': 'payments.read',
  'task.created': 'tasks.read',
  'task.updated': 'tasks.read',
  'task.completed': 'tasks.read',
  'webhook_endpoint.disabled': 'webhooks.manage',
}

/** The event types an integration with these scopes may see. */
export function visibleEventTypes(scopes: Iterable<string>): EventType[] {
  const held = new Set(scopes)
  return eventTypes.filter((type) => held.has(eventTypeScopes[type]))
}

/** The kind of public id an event's object carries, for placeholder ids of test events. */
export const eventObjectKinds: Record<string, IdKind> = {
  customer: 'customer',
  vehicle: 'vehicle',
  appointment: 'appointment',
  repair_order: 'repairOrder',
  job: 'job',
  invoice: 'invoice',
  credit_note: 'invoice',
  payment: 'payment',
  task: 'task',
  webhook_endpoint: 'webhookEndpoint',
}

/** `credit_note.issued` is about an invoice (credit notes are invoices); other families name their object. */
export function eventObjectType(type: EventType): string {
  const family = type.slice(0, type.indexOf('.'))
  return family === 'credit_note' ? 'invoice' : family
}

export interface NewEvent {
  type: EventType
  objectType: string
  /** The object's public id. */
  objectId: string
  /** Small, additive, never pricing or cost (spec "Envelope"). */
  summary: Record<string, unknown>
}

/** Who made a change: an integration through the API, or the shop itself (CLI, staff, automation). */
export interface Actor {
  shopId: string
  integrationId: string | null
}

/**
 * Records events inside the caller's transaction: the outbox the webhook worker delivers from. They
 * commit or vanish with the change that caused them.
 */
export async function recordEvents(tx: Queryable, actor: Actor, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return
  const params = new SqlParams()
  await tx.query(insertEventsSql(params, actor, events), params.values)
}

/**
 * The insert of `events` as SQL, for a writable CTE: a create can then record its row and its event
 * in one statement (one round trip), still in the same transaction.
 */
export function insertEventsSql(params: SqlParams, actor: Actor, events: NewEvent[]): string {
  const shop = params.add(actor.shopId, 'uuid')
  const integration = params.add(actor.integrationId, 'uuid')
  // Time-ordered internal ids: each event's primary-key entry goes to the index's right edge.
  const keys = params.add(
    events.map(() => timeOrderedUuid()),
    'uuid[]',
  )
  const ids = params.add(
    events.map(() => newPublicId('event')),
    'text[]',
  )
  const types = params.add(
    events.map((e) => e.type),
    'text[]',
  )
  const objectTypes = params.add(
    events.map((e) => e.objectType),
    'text[]',
  )
  const objectIds = params.add(
    events.map((e) => e.objectId),
    'text[]',
  )
  const summaries = params.add(
    events.map((e) => JSON.stringify(e.summary)),
    'jsonb[]',
  )
  return `insert into events (shop_id, id, public_id, type, object_type, object_id, summary, integration_id)
     select ${shop}, e.id, e.public_id, e.type, e.object_type, e.object_id, e.summary, ${integration}
     from unnest(${keys}, ${ids}, ${types}, ${objectTypes}, ${objectIds}, ${summaries})
       as e(id, public_id, type, object_type, object_id, summary)`
}

// Spec "Limits": GET /events shows 30 days; deliveries can be resent for as long.
export const eventRetentionDays = 30

export interface EventRow {
  shop_id: string
  id: string
  public_id: string
  type: EventType
  api_version: 'v1'
  test: boolean
  object_type: string
  object_id: string
  summary: Record<string, unknown>
  integration_id: string | null
  created_at: Date
  updated_at: Date
}

/**
 * Which retained events a reader may see: types its scopes cover, and `webhook_endpoint.*` only for
 * the integration owning the endpoint. Test events are listed nowhere; GET by id shows them to
 * the integration that asked for them.
 */
function visibilityFilter(params: SqlParams, reader: Actor, scopes: Iterable<string>, alias = 'e'): string[] {
  const integration = params.add(reader.integrationId, 'uuid')
  return [
    `${alias}.shop_id = ${params.add(reader.shopId, 'uuid')}`,
    `${alias}.type = any(${params.add(visibleEventTypes(scopes), 'text[]')})`,
    `(${alias}.type not like 'webhook\\_endpoint.%' or ${alias}.integration_id = ${integration})`,
    `${alias}.created_at > now() - interval '${eventRetentionDays} days'`,
  ]
}

const eventColumns = `e.shop_id, e.id, e.public_id, e.type, e.api_version, e.test, e.object_type, e.object_id,
  e.summary, e.integration_id, e.created_at, e.created_at as updated_at`

export async function listEvents(
  db: Queryable,
  reader: Actor,
  scopes: Iterable<string>,
  filter: { type?: EventType | undefined },
  page: PageRequest,
): Promise<Page<EventRow>> {
  const params = new SqlParams()
  const where = [...visibilityFilter(params, reader, scopes), 'not e.test']
  if (filter.type) where.push(`e.type = ${params.add(filter.type, 'text')}`)
  return fetchPage<EventRow>(db, { select: eventColumns, from: 'events e', where, params, alias: 'e' }, page)
}

/**
 * Where a reader of the feed stands: after the event of this transaction id and sequence. The start
 * of the retained window is (0, 0): no transaction has id 0, and events older than migration 00021
 * carry 0 and sort by sequence.
 */
export interface FeedPosition {
  xactId: string
  sequence: string
}

export const feedStart: FeedPosition = { xactId: '0', sequence: '0' }

export interface FeedRow extends EventRow {
  xact_id: string
  sequence: string
}

/**
 * One page of the feed (GET /events?order=asc): oldest first in commit order, after `after`.
 * Only events whose transaction is older than every transaction still running are shown
 * (`pg_snapshot_xmin`): every event a later read can show then sorts after every event shown now, so
 * a kept position never passes over an event that committed late (docs/decisions/events-and-webhooks.md,
 * "The feed"). The horizon is the reader's own statement snapshot, so what it admits is visible to it.
 */
export async function listEventFeed(
  db: Queryable,
  reader: Actor,
  scopes: Iterable<string>,
  filter: { type?: EventType | undefined },
  page: { after: FeedPosition; limit: number },
): Promise<Page<FeedRow>> {
  const params = new SqlParams()
  const where = [...visibilityFilter(params, reader, scopes), 'not e.test']
  if (filter.type) where.push(`e.type = ${params.add(filter.type, 'text')}`)
  where.push(
    'e.xact_id < pg_snapshot_xmin(pg_current_snapshot())',
    `(e.xact_id, e.sequence) > (${params.add(page.after.xactId, 'xid8')}, ${params.add(page.after.sequence, 'bigint')})`,
  )
  const text = `select ${eventColumns}, e.xact_id::text as xact_id, e.sequence::text as sequence
    from events e where ${where.join(' and ')}
    order by e.xact_id, e.sequence limit ${page.limit + 1}`
  const { rows } = await db.query<FeedRow>({ name: statementName('page-feed', text), text, values: params.values })
  if (rows.length === 0 && page.after.xactId !== feedStart.xactId) await refuseCursorAheadOfLog(db, page.after)
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit }
}

/**
 * A position at or past the next transaction id this database will assign was issued by a future this
 * database does not have: it was restored from a backup older than the cursor (or into a new cluster,
 * which numbers transactions from the start). Read on, it would pass over every event written until the
 * ids caught up, so it is refused and the client crawls the feed again (spec "Sync guidance" 4). Only
 * an empty page needs the check: such a position is past every event there is.
 */
async function refuseCursorAheadOfLog(db: Queryable, after: FeedPosition): Promise<void> {
  const { rows } = await db.query<{ ahead: boolean }>(
    'select $1::xid8 >= pg_snapshot_xmax(pg_current_snapshot()) as ahead',
    [after.xactId],
  )
  if (rows[0]?.ahead) {
    throw new ApiError(
      'invalid_cursor',
      'The cursor is ahead of the event log (the service was restored from a backup): read the feed again from its start and skip the event ids you already have',
      { param: 'cursor' },
    )
  }
}

export async function getEvent(
  db: Queryable,
  reader: Actor,
  scopes: Iterable<string>,
  publicId: string,
): Promise<EventRow> {
  const params = new SqlParams()
  const own = params.add(reader.integrationId, 'uuid')
  const [shop, ...visible] = visibilityFilter(params, reader, scopes)
  // A test event is shown to the integration that sent it whatever its type: it carries no shop data.
  const where = [
    shop as string,
    `e.public_id = ${params.add(publicId, 'text')}`,
    `case when e.test then e.integration_id = ${own} and e.created_at > now() - interval '${eventRetentionDays} days'
       else ${visible.join(' and ')} end`,
  ]
  const { rows } = await db.query<EventRow>(
    `select ${eventColumns} from events e where ${where.join(' and ')}`,
    params.values,
  )
  const row = rows[0]
  if (!row) throw new ApiError('not_found', `No event ${publicId} (events are kept for ${eventRetentionDays} days)`)
  return row
}

/** The envelope of an event: the body of its deliveries and the item of GET /events. */
export function eventEnvelope(row: Omit<EventRow, 'updated_at'>) {
  return {
    id: row.public_id,
    object: 'event' as const,
    type: row.type,
    api_version: row.api_version,
    test: row.test,
    created_at: row.created_at.toISOString(),
    data: { object_type: row.object_type, object_id: row.object_id, summary: row.summary },
  }
}

/** Events past the retention window go, with their deliveries and attempts. */
export async function purgeExpiredEvents(db: Queryable, batchSize = 5000): Promise<number> {
  let total = 0
  for (;;) {
    const { rowCount } = await db.query(
      `delete from events where (shop_id, id) in (
         select shop_id, id from events where created_at < now() - interval '${eventRetentionDays} days' limit $1)`,
      [batchSize],
    )
    total += rowCount ?? 0
    if ((rowCount ?? 0) < batchSize) return total
  }
}
