import type pg from 'pg'
import type PgBoss from 'pg-boss'
import { maintenanceQueue } from '../db/job-queue.js'
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

/**
 * Runs the scheduled maintenance job if pg-boss has one due. The worker's scan fetches it rather than
 * `boss.work`, whose unawaited completion can crash a process when the database goes away during
 * shutdown.
 */
export async function runScheduledMaintenance(
  boss: PgBoss,
  pool: pg.Pool,
  log: { info(details: object, message: string): void; error(details: object, message: string): void },
): Promise<void> {
  const [job] = await boss.fetch(maintenanceQueue)
  if (!job) return
  try {
    const result = await runMaintenance(pool)
    if (Object.values(result).some((count) => count > 0)) log.info(result, 'purged expired records')
    await boss.complete(maintenanceQueue, job.id)
  } catch (error) {
    log.error({ err: error }, 'maintenance failed; it runs again next minute')
    await boss.fail(maintenanceQueue, job.id, { message: String(error) }).catch(() => {})
  }
}
