// The operator's view of events (the `shopapi events` commands): every shop's, addressed by public
// id alone. The API's event reads are scoped to the caller (operations.ts, platform/events.ts).
import type { Queryable } from '../../db/pool.js'
import { SqlParams } from '../../db/sql.js'
import { ApiError } from '../../lib/errors.js'
import { type EventRow, eventRetentionDays } from '../../platform/events.js'

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
