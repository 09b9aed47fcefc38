// pg-boss's schema and queues are the owner's, made at migrate time; the runtime role only uses them
// (the worker's queries, the scheduler's queue, the supervisor's maintenance).
import { createRequire } from 'node:module'
import PgBoss from 'pg-boss'
import t from 'tap'
import { jobQueues, maintenanceQueue, schedulerQueue } from '../../src/db/job-queue.js'
import { runMigrations } from '../../src/db/migrate.js'
import { createTestDatabase } from '../helpers/database.js'

const database = await createTestDatabase(t)
const owner = database.owner.pool

t.test("the scheduler's queue is the one pg-boss names (an upgrade that renames it fails here)", async (t) => {
  const { QUEUES } = createRequire(import.meta.url)('pg-boss/src/timekeeper.js') as { QUEUES: { SEND_IT: string } }
  t.equal(schedulerQueue, QUEUES.SEND_IT)
})

t.test('migrating installs pg-boss at its version with every queue, owned by the owner', async (t) => {
  const { schema } = createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }
  const version = await owner.query<{ version: number }>('select version from pgboss.version')
  t.same(version.rows, [{ version: schema }])
  const queues = await owner.query<{ name: string }>('select name from pgboss.queue order by name')
  t.same(queues.rows.map((row) => row.name).sort(), [...jobQueues].sort())
  const owners = await owner.query<{ owner: string }>(
    `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'pgboss' and c.relkind in ('r', 'p')`,
  )
  t.same(owners.rows, [{ owner: new URL(database.owner.url).username }], "pg-boss's tables, partitions included")
})

t.test('the runtime role migrates only when there is nothing to do, and says who must', async (t) => {
  t.same(await runMigrations(database.url), [], 'all in place: nothing to do, no error')

  await owner.query('select pgboss.delete_queue($1)', [maintenanceQueue])
  await t.rejects(
    runMigrations(database.url),
    {
      message:
        /^the job queue \(pg-boss\) must be installed, upgraded or given a queue, which only the owner of shopapi's tables may do.*SHOPAPI_MIGRATION_DATABASE_URL/,
    },
    'a missing queue: the runtime role may not create it',
  )
  t.same(await runMigrations(database.owner.url), [], 'the owner creates it again')
  const { rows } = await owner.query('select name from pgboss.queue where name = $1', [maintenanceQueue])
  t.equal(rows.length, 1)

  const removed = await owner.query<{ id: number; name: string; hash: string; executed_at: Date }>(
    "delete from migrations where name = 'archived-list-indexes' returning *",
  )
  t.teardown(async () => {
    const [row] = removed.rows
    if (row) {
      await owner.query('insert into migrations (id, name, hash, executed_at) values ($1, $2, $3, $4)', [
        row.id,
        row.name,
        row.hash,
        row.executed_at,
      ])
    }
  })
  await t.rejects(
    runMigrations(database.url),
    {
      message:
        /^1 migration\(s\) must be applied \(00017_archived-list-indexes\.sql\), which only the owner of shopapi's tables may do, and this connection's role is not their owner: run `shopapi migrate` with SHOPAPI_MIGRATION_DATABASE_URL/,
    },
    'a pending migration: named, before anything runs',
  )
})

t.test('pg-boss works as the runtime role: send, fetch, complete, fail, schedule, maintenance', async (t) => {
  const boss = new PgBoss({ connectionString: database.url, max: 2, migrate: false, schedule: false, supervise: false })
  const errors: unknown[] = []
  boss.on('error', (error) => errors.push(error))
  await boss.start()
  t.teardown(() => boss.stop({ graceful: false }))
  for (const queue of jobQueues) {
    const id = await boss.send(queue, { name: maintenanceQueue })
    t.ok(id, `a job sent to ${queue}`)
    const [job] = await boss.fetch(queue)
    t.equal(job?.id, id, 'fetched')
    await boss.complete(queue, id as string)
  }
  const failing = await boss.send(maintenanceQueue, {}, { retryLimit: 0 })
  const [fetched] = await boss.fetch(maintenanceQueue)
  t.equal(fetched?.id, failing)
  await boss.fail(maintenanceQueue, failing as string, { message: 'for the test' })
  await boss.schedule(maintenanceQueue, '* * * * *', {}, { retryLimit: 0 })
  t.same(
    (await boss.getSchedules()).map((schedule) => schedule.name),
    [maintenanceQueue],
  )
  // The supervisor's pass (expire, archive, drop), as a worker runs it every 30 s.
  await (boss as unknown as { maintain(): Promise<unknown> }).maintain()
  const states = await database.owner.pool.query<{ state: string; n: number }>(
    'select state::text, count(*)::int as n from pgboss.job group by state order by state',
  )
  t.same(states.rows, [
    { state: 'completed', n: 2 },
    { state: 'failed', n: 1 },
  ])
  t.same(errors, [], 'no error from pg-boss')
})
