import type pg from 'pg'
import type { Queryable } from '../db/pool.js'
import { purgeExpiredEvents } from '../platform/events.js'
import { purgeIdempotencyKeys } from '../platform/idempotency.js'
import { purgeSilentWorkers } from '../platform/worker-heartbeat.js'
import { markNoShows } from '../resources/appointments/service.js'
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

/** The scheduled maintenance job's work (purges, and the no-show sweep), as counts for the log. */
export async function runMaintenance(pool: pg.Pool): Promise<Record<string, number>> {
  const result = await purgeExpired(pool)
  return {
    appointmentsMarkedNoShow: await markNoShows(pool),
    replaysErased: result.idempotency.erased,
    idempotencyKeysDeleted: result.idempotency.deleted,
    eventsDeleted: result.events,
    previousSecretsErased: result.previousSecrets,
    silentWorkersForgotten: await purgeSilentWorkers(pool),
  }
}
