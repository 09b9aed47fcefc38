import { createRequire } from 'node:module'
import type pg from 'pg'
import { mayCreateIn, ownerNeeded } from './roles.js'

/** The queue of the scheduled maintenance job (purges, the no-show sweep). */
export const maintenanceQueue = 'shopapi-maintenance'

/** The options the maintenance queue is created with (never updated once it exists). */
const maintenanceQueueOptions = { name: maintenanceQueue, retryLimit: 0, expireInSeconds: 600 }

/**
 * The queue through which pg-boss's own scheduler sends scheduled jobs (`boss.schedule`). pg-boss
 * creates it when its scheduler starts, ignoring a failure: as a role that may not create tables, it
 * would then drop every scheduled job without a word. pg-boss's name for it (QUEUES.SEND_IT in
 * pg-boss/src/timekeeper.js), written out so that a command's start does not load pg-boss;
 * test/db/job-queue.test.ts checks that it is still pg-boss's.
 */
export const schedulerQueue = '__pgboss__send-it'

/** Every queue the service uses, created by the owner at migrate time. */
export const jobQueues: readonly string[] = [schedulerQueue, maintenanceQueue]

/**
 * pg-boss's schema, at its current version, with every queue we use: done by the owner at migrate time,
 * since a pg-boss queue is a table of its own (a partition of pgboss.job, which only the owner of that
 * table may attach) and the service's role may create none. The service then starts pg-boss with
 * `migrate: false`, which only checks the version. Does nothing when all is in place already, so it
 * runs whoever migrates; a role that is not pg-boss's owner is told to migrate as the owner instead.
 */
export async function installJobQueue(client: pg.Client): Promise<void> {
  // pg-boss 10 deadlocks when two sessions create queues at once (processes starting together).
  await client.query("select pg_advisory_lock(hashtext('shopapi:create-queues'))")
  try {
    const found = await client.query<{ owner: boolean | null }>(
      `select case when to_regclass('pgboss.version') is null then null
                   else pg_has_role((select relowner from pg_class where oid = to_regclass('pgboss.version')), 'usage')
              end as owner`,
    )
    const owner = found.rows[0]?.owner ?? null
    let missing = [...jobQueues]
    if (owner !== null) {
      const version = await client.query<{ version: number }>('select version from pgboss.version')
      const queues = await client.query<{ name: string }>(
        'select name from pgboss.queue where name = any($1::text[])',
        [jobQueues],
      )
      const present = new Set(queues.rows.map((row) => row.name))
      missing = jobQueues.filter((name) => !present.has(name))
      if (version.rows[0]?.version === currentSchemaVersion() && missing.length === 0) return
    }
    if (owner === false || (owner === null && !(await mayCreateIn(client, 'pgboss')))) {
      throw new Error(ownerNeeded('the job queue (pg-boss) must be installed, upgraded or given a queue'))
    }
    // Loaded only when there is work for it: every command's start passes here.
    const { default: PgBoss } = await import('pg-boss')
    const boss = new PgBoss({
      db: { executeSql: (text, values) => client.query(text, values) },
      migrate: true,
      schedule: false,
      supervise: false,
    })
    await boss.start()
    try {
      for (const name of missing) {
        await boss.createQueue(name, name === maintenanceQueue ? maintenanceQueueOptions : { name })
      }
    } finally {
      await boss.stop({ graceful: false, close: false })
    }
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('shopapi:create-queues'))").catch(() => {})
  }
}

let schemaVersion: number | undefined

/** The pg-boss schema version this build's pg-boss installs. */
function currentSchemaVersion(): number {
  schemaVersion ??= (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema
  return schemaVersion
}
