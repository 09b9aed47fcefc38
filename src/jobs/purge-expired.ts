import type { Queryable } from '../db/pool.js'
import { purgeExpiredEvents } from '../platform/events.js'
import { purgeIdempotencyKeys } from '../platform/idempotency.js'
import { eraseExpiredSecrets } from '../resources/webhook-endpoints/service.js'

/**
 * One pass of the retention rules: replays older than 7 days are erased and idempotency keys older
 * than 30 days forgotten; events older than 30 days go with their deliveries; previous webhook
 * secrets past their overlap are erased. Idempotent, so several workers running it do no harm.
 */
export async function purgeExpired(db: Queryable) {
  return {
    idempotency: await purgeIdempotencyKeys(db),
    events: await purgeExpiredEvents(db),
    previousSecrets: await eraseExpiredSecrets(db),
  }
}

/** The scheduled maintenance job's work, as counts for the log. */
export async function runMaintenance(db: Queryable): Promise<Record<string, number>> {
  const result = await purgeExpired(db)
  return {
    replaysErased: result.idempotency.erased,
    idempotencyKeysDeleted: result.idempotency.deleted,
    eventsDeleted: result.events,
    previousSecretsErased: result.previousSecrets,
  }
}
