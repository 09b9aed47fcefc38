import type { Queryable } from '../db/pool.js'
import { purgeIdempotencyKeys } from '../services/idempotency.js'

export interface PurgeLog {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

export const purgeIntervalMs = 10 * 60 * 1000

/** One pass: replays older than 7 days are erased, idempotency keys older than 30 days forgotten. */
export async function purgeExpired(db: Queryable) {
  return { idempotency: await purgeIdempotencyKeys(db) }
}

/**
 * Runs `purgeExpired` at start and then every `intervalMs` inside `serve`. Each pass is idempotent, so
 * several processes purging the same database do no harm. Returns the function that stops it.
 */
export function schedulePurge(db: Queryable, log: PurgeLog, intervalMs = purgeIntervalMs): () => Promise<void> {
  let running: Promise<void> | undefined
  const pass = () => {
    running ??= purgeExpired(db)
      .then((result) => {
        if (result.idempotency.erased + result.idempotency.deleted > 0) log.info(result, 'purged expired records')
      })
      .catch((error: unknown) => log.error({ err: error }, 'purging expired records failed; retrying later'))
      .finally(() => {
        running = undefined
      })
  }
  pass()
  const timer = setInterval(pass, intervalMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
