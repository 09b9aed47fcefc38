// A shop upgrades by installing a newer package and starting it: for every earlier migration level,
// a database at that level with rows in it (test/fixtures/upgrades/level-NN.sql, written once by
// scripts/upgrade-fixtures.js) is migrated to the current schema by the code `serve` runs at start,
// and the API then reads every row back (each list, pages followed to the end) and a record of each
// kind by id; every response is checked against the OpenAPI document by the test app's guard.
import { existsSync } from 'node:fs'
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrate } from 'postgres-migrations'
import t, { type Test } from 'tap'
import { migrationsDir, runMigrations } from '../../src/db/migrate.js'
import { createPool } from '../../src/db/pool.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { createDatabaseCopy, createEmptyDatabase, createRuntimeLogin } from '../helpers/database.js'

const fixturesDir = fileURLToPath(new URL('../fixtures/upgrades/', import.meta.url))
const migrationFiles = (await readdir(migrationsDir)).filter((file) => /^\d+[-_].*\.sql$/.test(file)).sort()

interface Fixture {
  sql: string
  secretKey: string
  key: string
  shop: string
}

async function readFixture(level: number): Promise<Fixture> {
  const file = path.join(fixturesDir, `level-${String(level).padStart(2, '0')}.sql`)
  if (!existsSync(file)) {
    throw new Error(
      `no fixture for ${migrationFiles[level - 1]}: run scripts/upgrade-fixtures.js (its first lines say how) and commit ${path.relative(process.cwd(), file)}`,
    )
  }
  const sql = await readFile(file, 'utf8')
  const header = (label: string) => {
    const value = new RegExp(`^-- ${label}: (\\S+)$`, 'm').exec(sql)?.[1]
    if (!value) throw new Error(`level ${level}: the fixture has no "${label}" line`)
    return value
  }
  return { sql, secretKey: header('secret key'), key: header('every-scope key'), shop: header('shop') }
}

/**
 * One database walks up the levels; each level's test starts from a copy of it taken at that level
 * (`create database … template`, tens of milliseconds), instead of replaying the first migrations
 * twenty times. postgres-migrations runs a directory, so the walk grows a directory file by file.
 */
function levelDatabases(t: Test): (level: number) => Promise<string> {
  let walk: { url: string; dir: string; level: number } | undefined
  t.teardown(async () => {
    if (walk) await rm(walk.dir, { recursive: true, force: true })
  })
  return async (level) => {
    walk ??= {
      url: await createEmptyDatabase(t),
      dir: await mkdtemp(path.join(tmpdir(), 'shopapi-upgrades-')),
      level: 0,
    }
    if (level < walk.level) throw new Error('levels are visited in order')
    for (const file of migrationFiles.slice(walk.level, level)) {
      await copyFile(path.join(migrationsDir, file), path.join(walk.dir, file))
    }
    const client = new pg.Client({ connectionString: walk.url })
    await client.connect()
    try {
      await migrate({ client }, walk.dir, { logger: () => {} })
    } finally {
      await client.end()
    }
    walk.level = level
    return walk.url
  }
}

/**
 * Runs the fixture's statements on a connection of their own (pg_dump's output empties search_path).
 * Then its events are moved to end now, keeping their spacing: the API shows the last 30 days of
 * events (eventRetentionDays), and a fixture written once grows older than that.
 */
async function load(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
    await client.query(`do $$ begin
      if to_regclass('public.events') is not null then
        update public.events set created_at = created_at + (now() - (select max(created_at) from public.events));
      end if;
    end $$`)
  } finally {
    await client.end()
  }
}

/** Every list the API has, with what it reads and the query that shows every record of it. */
const lists: { path: string; table: string; query?: string; where?: string }[] = [
  { path: '/customers', table: 'customers', query: 'lifecycle=all' },
  { path: '/vehicles', table: 'vehicles', query: 'lifecycle=all' },
  { path: '/appointments', table: 'appointments' },
  { path: '/repair-orders', table: 'repair_orders' },
  { path: '/inventory-items', table: 'inventory_items' },
  { path: '/canned-jobs', table: 'canned_jobs' },
  { path: '/technicians', table: 'technicians' },
  { path: '/tasks', table: 'tasks' },
  { path: '/invoices', table: 'invoices' },
  { path: '/payments', table: 'payments' },
  // A webhook endpoint's test event goes to that endpoint only, never to the event log.
  { path: '/events', table: 'events', where: 'not t.test' },
  { path: '/webhook-endpoints', table: 'webhook_endpoints' },
]

/** The ids of one list, following `next_cursor` to the last page (bounded: a broken cursor must end). */
async function listIds(app: TestApp, key: string, listPath: string, query = ''): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | undefined
  for (let page = 0; page < 50; page += 1) {
    const params = new URLSearchParams(query)
    if (listPath !== '/webhook-endpoints') params.set('limit', '100')
    if (cursor) params.set('cursor', cursor)
    const response = await app.request(`/v1${listPath}?${params}`, { key })
    const body = (await response.json()) as { data: { id: string }[]; next_cursor?: string | null }
    if (response.status !== 200) throw new Error(`GET ${listPath}: ${response.status} ${JSON.stringify(body)}`)
    ids.push(...body.data.map((record) => record.id))
    if (!body.next_cursor) return ids
    cursor = body.next_cursor
  }
  throw new Error(`GET ${listPath}: more than 50 pages`)
}

async function publicIds(owner: pg.Pool, table: string, shop: string, where = 'true'): Promise<string[]> {
  const { rows } = await owner.query<{ public_id: string }>(
    `select t.public_id from ${table} t join shops s on s.id = t.shop_id where s.public_id = $1 and ${where}`,
    [shop],
  )
  return rows.map((row) => row.public_id)
}

const sorted = (ids: string[]) => [...ids].sort()

/** `work` on every item, eight at a time: the requests of one level wait on the database, not the CPU. */
async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += 8) await Promise.all(items.slice(start, start + 8).map(work))
}

const atLevel = levelDatabases(t)

for (let level = 1; level <= migrationFiles.length; level += 1) {
  t.test(`an appliance at ${migrationFiles[level - 1]} upgrades with its data`, async (t) => {
    const fixture = await readFixture(level)
    const ownerUrl = await createDatabaseCopy(t, await atLevel(level))
    await load(ownerUrl, fixture.sql)
    const applied = await runMigrations(ownerUrl)
    t.equal(applied.length, migrationFiles.length - level, 'the newer migrations ran over the rows')

    const runtimeUrl = await createRuntimeLogin(ownerUrl)
    const pool = createPool(runtimeUrl, { max: 4 })
    const ownerPool = createPool(ownerUrl, { max: 2 })
    t.teardown(async () => {
      await pool.end()
      await ownerPool.end()
    })
    const app = await startTestApp(t, {
      database: { url: runtimeUrl, pool, owner: { url: ownerUrl, pool: ownerPool } },
      config: { secretKey: fixture.secretKey },
    })
    const key = fixture.key

    const shop = await app.request('/v1/shop', { key })
    t.equal(shop.status, 200, 'the API key of that level still authenticates')
    t.equal(((await shop.json()) as { id: string }).id, fixture.shop, 'the shop')
    const me = await app.request('/v1/me', { key })
    t.equal(me.status, 200, '/me')

    for (const list of lists) {
      const stored = await publicIds(ownerPool, list.table, fixture.shop, list.where)
      // Level 1 has only the shop, its integrations and keys; each table joins the fixtures with its migration.
      if (stored.length === 0) continue
      t.same(sorted(await listIds(app, key, list.path, list.query)), sorted(stored), `${list.path} lists every row`)
      const one = await app.request(`/v1${list.path}/${stored[0]}`, { key })
      t.equal(one.status, 200, `GET ${list.path}/{id}`)
    }

    // Jobs are listed per repair order, their labor and parts per job.
    const { rows: jobs } = await ownerPool.query<{ order: string; job: string }>(
      `select o.public_id as order, j.public_id as job
         from jobs j join repair_orders o on o.shop_id = j.shop_id and o.id = j.repair_order_id`,
    )
    const byOrder = new Map<string, string[]>()
    for (const row of jobs) byOrder.set(row.order, [...(byOrder.get(row.order) ?? []), row.job])
    let jobsListed = 0
    await inBatches([...byOrder], async ([order, ids]) => {
      const listed = await listIds(app, key, `/repair-orders/${order}/jobs`)
      if (sorted(listed).join() === sorted(ids).join()) jobsListed += ids.length
      else t.same(sorted(listed), sorted(ids), `the jobs of ${order}`)
    })
    t.equal(jobsListed, jobs.length, 'every job is listed on its repair order')
    for (const [table, suffix] of [
      ['job_labor', 'labor'],
      ['job_parts', 'parts'],
    ] as const) {
      const { rows } = await ownerPool.query<{ job: string; lines: number }>(
        `select j.public_id as job, count(*)::int as lines
           from ${table} l join jobs j on j.shop_id = l.shop_id and j.id = l.job_id group by j.public_id`,
      )
      let read = 0
      await inBatches(rows, async (row) => {
        const response = await app.request(`/v1/jobs/${row.job}/${suffix}`, { key })
        const body = (await response.json()) as { data: unknown[] }
        if (response.status === 200 && body.data.length === row.lines) read += row.lines
        else t.fail(`GET /jobs/${row.job}/${suffix}: ${response.status}, ${body.data?.length} of ${row.lines}`)
      })
      t.equal(
        read,
        rows.reduce((sum, row) => sum + row.lines, 0),
        `every ${suffix} line is read on its job`,
      )
    }
  })
}
