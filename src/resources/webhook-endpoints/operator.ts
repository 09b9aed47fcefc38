// The operator's access to endpoints (the `shopapi webhooks` commands): addressed by public id alone,
// across shops. The API never uses this file: integrations go through service.ts, which scopes every
// read to the caller. The commands' flags and printing live in src/cli/webhooks.ts.
import type pg from 'pg'
import { type Queryable, withTransaction } from '../../db/pool.js'
import { SqlParams } from '../../db/sql.js'
import { ApiError } from '../../lib/errors.js'
import type { Actor, EventType } from '../../platform/events.js'
import { getIntegration } from '../../platform/tenancy/integrations.js'
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointChanges,
  type EndpointContext,
  getEndpoint,
  type NewEndpoint,
  queueTestEvent,
  rotateSecret,
  updateEndpoint,
  type WebhookEndpointRow,
} from './service.js'

/** The reason `shopapi webhooks disable` records unless given another. */
export const staffDisabledReason = 'Disabled by shop staff'

export interface OperatorEndpointRow extends WebhookEndpointRow {
  shop_public_id: string
  integration_name: string
  pending_deliveries: number
}

const selectOperatorEndpoint = `select w.*, i.public_id as integration_public_id, i.name as integration_name,
    s.public_id as shop_public_id,
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

/** Active endpoints whose every attempt has failed for more than `hours` (`shopapi status`), longest first. */
export async function endpointsFailingFor(
  db: Queryable,
  hours: number,
): Promise<{ id: string; integration_id: string; url: string; failing_since: Date }[]> {
  const { rows } = await db.query<{ id: string; integration_id: string; url: string; failing_since: Date }>(
    `select w.public_id as id, i.public_id as integration_id, w.url, w.failing_since
     from webhook_endpoints w join integrations i on i.shop_id = w.shop_id and i.id = w.integration_id
     where w.status = 'active' and w.failing_since < now() - make_interval(hours => $1)
     order by w.failing_since`,
    [hours],
  )
  return rows
}

/**
 * `shopapi webhooks create --integration`: the API's create on the integration's behalf (the same
 * limit, normalisation and sealed secret, returned once). A disabled integration's keys cannot create
 * one through the API, and staff cannot either.
 */
export async function createEndpointForIntegration(
  pool: pg.Pool,
  integrationPublicId: string,
  input: NewEndpoint,
  context: EndpointContext,
): Promise<{ row: OperatorEndpointRow; secret: string }> {
  return withTransaction(pool, async (tx) => {
    const integration = await getIntegration(tx, integrationPublicId)
    if (integration.status !== 'active') {
      throw new ApiError(
        'conflict',
        `Integration ${integrationPublicId} is disabled: its webhook endpoints cannot be changed`,
      )
    }
    const actor: Actor = { shopId: integration.shop_id, integrationId: integration.id }
    const { row, secret } = await createEndpoint(tx, actor, input, context)
    return { row: await getEndpointForOperator(tx, row.public_id), secret }
  })
}

/** The API's PATCH of url, description and event types, by staff (status changes are enable/disable). */
export async function updateEndpointForOperator(
  pool: pg.Pool,
  publicId: string,
  changes: Omit<EndpointChanges, 'status'>,
): Promise<OperatorEndpointRow> {
  return withTransaction(pool, async (tx) => {
    const actor = await endpointActor(tx, publicId)
    await updateEndpoint(tx, actor, publicId, changes)
    return getEndpointForOperator(tx, publicId)
  })
}

/** The API's DELETE by staff: the endpoint with its deliveries; its events stay in the log. */
export async function deleteEndpointForOperator(pool: pg.Pool, publicId: string): Promise<OperatorEndpointRow> {
  return withTransaction(pool, async (tx) => {
    const actor = await endpointActor(tx, publicId)
    const before = await getEndpointForOperator(tx, publicId)
    await deleteEndpoint(tx, actor, publicId)
    return before
  })
}

/** `shopapi trigger`: the API's test event (POST /webhook-endpoints/{id}/test) for each endpoint, one transaction each. */
export async function triggerTestEvent(
  pool: pg.Pool,
  publicId: string,
  type: EventType,
): Promise<{ eventPublicId: string; deliveryPublicId: string }> {
  return withTransaction(pool, async (tx) => queueTestEvent(tx, await endpointActor(tx, publicId), publicId, type))
}
