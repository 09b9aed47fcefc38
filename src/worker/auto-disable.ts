import type pg from 'pg'
import { withTransaction } from '../db/pool.js'
import { disableGoneEndpoint, disableIfFailingTooLong } from '../resources/webhook-endpoints/service.js'
import type { ClaimedDelivery } from './claim.js'
import type { AttemptOutcome } from './record.js'

// The auto-disable rules. A receiver that answers 410 Gone has its endpoint disabled at once.
// Otherwise an endpoint whose every attempt has failed for `webhooks.disableAfterMs`
// (SHOPAPI_WEBHOOK_DISABLE_AFTER) is disabled, with a `webhook_endpoint.disabled` event. Its clock is
// `webhook_endpoints.failing_since`, which the record statement (record.ts) moves as this file decides.

/**
 * What a batch does to an endpoint's failure clock: `stop` (its last word was a success), `run` (only
 * failures: the clock starts unless it runs already), `reset` (failures after a success: it starts
 * again from the first of them).
 */
export interface FailureClockMove {
  shop_id: string
  op: 'stop' | 'run' | 'reset'
  since: Date | null
}

/**
 * The clock moves of a batch, per endpoint, folded in the order given (the order the attempts ended):
 * the first failure after a success starts the clock and any success stops it. Test deliveries say
 * nothing about the endpoint's health, and a manual attempt's failure does not start the clock.
 */
export function moveFailureClocks(
  batch: readonly { delivery: ClaimedDelivery; outcome: AttemptOutcome; manual?: boolean }[],
): Map<string, FailureClockMove> {
  const clocks = new Map<string, FailureClockMove>()
  for (const { delivery, outcome, manual = false } of batch) {
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
  return clocks
}

/**
 * Disables the endpoints whose clock (as the record statement left it) ran past the limit, each in a
 * transaction of its own with its event. Returns the endpoints disabled.
 */
export async function disableEndpointsFailingTooLong(
  pool: pg.Pool,
  failingSince: ReadonlyMap<string, Date>,
  clocks: ReadonlyMap<string, FailureClockMove>,
  disableAfterMs: number,
): Promise<string[]> {
  const disabledEndpoints: string[] = []
  for (const [endpointId, since] of failingSince) {
    if (since.getTime() > Date.now() - disableAfterMs) continue
    const shopId = clocks.get(endpointId)?.shop_id as string
    const disabled = await withTransaction(pool, (tx) =>
      disableIfFailingTooLong(tx, { shop_id: shopId, id: endpointId }, disableAfterMs),
    )
    if (disabled) disabledEndpoints.push(endpointId)
  }
  return disabledEndpoints
}

/**
 * Disables at once each endpoint whose receiver answered 410 Gone in this batch (its attempt recorded:
 * a delivery deleted meanwhile has nothing to disable), each in a transaction of its own with its event.
 * A manual resend's 410 counts too: the receiver's word does not depend on who sent the request.
 * Returns the endpoints disabled.
 */
export async function disableGoneEndpoints(
  pool: pg.Pool,
  batch: readonly { delivery: ClaimedDelivery; outcome: AttemptOutcome }[],
  recorded: ReadonlyMap<string, unknown>,
): Promise<string[]> {
  const disabled: string[] = []
  for (const { delivery, outcome } of batch) {
    if (outcome.responseStatus !== 410 || !recorded.has(delivery.id) || disabled.includes(delivery.endpoint_id))
      continue
    const done = await withTransaction(pool, (tx) =>
      disableGoneEndpoint(tx, {
        shop_id: delivery.shop_id,
        endpoint_id: delivery.endpoint_id,
        delivery_id: delivery.id,
        delivery_public_id: delivery.public_id,
        number: delivery.attempt_number,
        at: outcome.startedAt,
      }),
    )
    if (done) disabled.push(delivery.endpoint_id)
  }
  return disabled
}
