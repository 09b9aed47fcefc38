import type { Queryable } from '../db/pool.js'
import { SqlParams } from '../db/sql.js'
import { newPublicId } from '../lib/ids.js'

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
  return `insert into events (shop_id, public_id, type, object_type, object_id, summary, integration_id)
     select ${shop}, e.public_id, e.type, e.object_type, e.object_id, e.summary, ${integration}
     from unnest(${ids}, ${types}, ${objectTypes}, ${objectIds}, ${summaries})
       as e(public_id, type, object_type, object_id, summary)`
}
