// The embedded database sets up both roles itself: the owner (the cluster's superuser) migrates, and
// the service logs in as shopapi_runtime, whose password is kept 0600 beside the owner's. A data
// directory from before the runtime role existed is upgraded on its next start.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { migrate } from 'postgres-migrations'
import t, { type Test } from 'tap'
import { applianceStatus } from '../../src/cli/status.js'
import { loadConfig } from '../../src/config.js'
import { type Database, openDatabase } from '../../src/db/connect.js'
import { openEmbeddedDatabase } from '../../src/db/embedded.js'
import { maintenanceQueue } from '../../src/db/job-queue.js'
import { migrationsDir } from '../../src/db/migrate.js'
import { describeConnectionRole } from '../../src/db/roles.js'
import { WebhookWorker } from '../../src/worker/webhook-worker.js'

const mode = (file: string) => fs.statSync(file).mode & 0o777
const runtimeFile = (dataDir: string) => path.join(dataDir, 'embedded-postgres-runtime.json')

async function scratch(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-embedded-roles-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return path.join(dir, 'data')
}

async function open(t: Test, dataDir: string): Promise<Database> {
  const database = await openDatabase(loadConfig({}, { dataDir, databaseUrl: undefined }))
  t.teardown(() => database.close())
  return database
}

/** What the runtime role may not do, tried on a connection of its own. */
async function checkRuntimeRefusals(t: Test, url: string) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    await t.rejects(
      client.query('alter table invoices disable trigger all'),
      { code: '42501' },
      'no disabling triggers',
    )
    await t.rejects(
      client.query('set session_replication_role = replica'),
      { code: '42501' },
      'no switching the replication role',
    )
    await t.rejects(client.query('drop table payments'), { code: '42501' }, 'no dropping tables')
    await t.rejects(client.query('truncate customers'), { code: '42501' }, 'no truncating')
  } finally {
    await client.end()
  }
}

/**
 * The webhook worker starts (pg-boss: version check, schedule, its scheduler's first pass) and stops as
 * the runtime role. pg-boss may report a query cut short by the stop; a refused privilege is a failure.
 */
async function checkWorkerRuns(t: Test, database: Database) {
  const errors: string[] = []
  const worker = new WebhookWorker({
    databaseUrl: database.url,
    webhooks: loadConfig({}).webhooks,
    sealKey: randomBytes(32),
    log: {
      info() {},
      warn() {},
      error: (details, message) => errors.push(`${message}: ${String((details as { err?: unknown }).err)}`),
    },
  })
  await worker.start()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  await worker.stop()
  const { rows } = await database.pool.query<{ name: string }>('select name from pgboss.schedule')
  t.same(rows, [{ name: maintenanceQueue }], 'the worker scheduled the maintenance job as the runtime role')
  t.same(
    errors.filter((error) => /permission denied|must be owner|42501/.test(error)),
    [],
    'nothing it did was refused',
  )
}

t.test('a new data directory: migrated by the owner, served by shopapi_runtime', async (t) => {
  const dataDir = await scratch(t)
  const database = await open(t, dataDir)
  t.ok(database.embedded, 'the embedded database')
  t.equal(new URL(database.url).username, 'shopapi_runtime', 'the service logs in as shopapi_runtime')
  t.equal(new URL(database.embedded?.url ?? '').username, 'shopapi', 'migrations ran as the owner')
  t.ok(database.appliedMigrations.includes('runtime-role'), 'every migration applied, 00018 with them')
  t.equal(mode(runtimeFile(dataDir)), 0o600, 'its password is kept 0600')
  const kept = JSON.parse(fs.readFileSync(runtimeFile(dataDir), 'utf8')) as { user: string; password: string }
  t.equal(kept.user, 'shopapi_runtime')
  t.not(
    kept.password,
    (JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-postgres.json'), 'utf8')) as { password: string })
      .password,
    "a password of its own, not the owner's",
  )
  t.same(await describeConnectionRole(database.pool), { name: 'shopapi_runtime', excess: null }, 'it owns nothing')
  await checkRuntimeRefusals(t, database.url)
  await checkWorkerRuns(t, database)
})

/** The migration files before the runtime role's (what a data directory of the previous version had), and the rest. */
async function migrationFiles(): Promise<{ before: string[]; from: string[] }> {
  const files = (await readdir(migrationsDir)).filter((file) => /^\d+_.*\.sql$/.test(file)).sort()
  const at = files.findIndex((file) => file.endsWith('_runtime-role.sql'))
  return { before: files.slice(0, at), from: files.slice(at) }
}

/**
 * A data directory as the previous version left it: the owner's password file only, no runtime or
 * group role, migrated up to the runtime role's migration, and pg-boss installed and started by the owner (the service was the
 * owner then), with a shop in it.
 */
async function oldDataDirectory(t: Test): Promise<string> {
  const dataDir = await scratch(t)
  const old = await openEmbeddedDatabase(dataDir, { durable: false })
  const admin = new pg.Client({ connectionString: old.url })
  await admin.connect()
  await admin.query('drop role shopapi_runtime')
  await admin.query('drop role shopapi_app')
  fs.rmSync(runtimeFile(dataDir))
  const earlier = path.join(path.dirname(dataDir), 'migrations-before-runtime-role')
  await mkdir(earlier)
  for (const file of (await migrationFiles()).before) {
    await copyFile(path.join(migrationsDir, file), path.join(earlier, file))
  }
  await migrate({ client: admin }, earlier, { logger: () => {} })
  await admin.query(
    "insert into shops (public_id, name, timezone, currency) values ('shop_beforeroles', 'Before roles', 'America/Chicago', 'USD')",
  )
  await admin.end()
  const boss = new PgBoss({ connectionString: old.url, max: 1 })
  boss.on('error', () => {})
  await boss.start()
  await boss.createQueue(maintenanceQueue, { name: maintenanceQueue, retryLimit: 0, expireInSeconds: 600 })
  await boss.stop({ graceful: false })
  await old.stop()
  t.notOk(fs.existsSync(runtimeFile(dataDir)), 'before: no runtime password file')
  return dataDir
}

t.test('a data directory from before the runtime role is upgraded on its next start', async (t) => {
  const dataDir = await oldDataDirectory(t)
  const database = await open(t, dataDir)
  t.same(
    database.appliedMigrations,
    (await migrationFiles()).from.map((file) => file.replace(/^\d+_|\.sql$/g, '')),
    'the next start applies 00018 (runtime-role), and any later one, as the owner',
  )
  t.equal(new URL(database.url).username, 'shopapi_runtime', 'and serves as the runtime role it created')
  t.equal(mode(runtimeFile(dataDir)), 0o600, 'whose password file is made 0600')
  const { rows } = await database.pool.query<{ name: string }>('select name from shops')
  t.same(rows, [{ name: 'Before roles' }], 'the runtime role reads what was there before')
  t.same(await describeConnectionRole(database.pool), { name: 'shopapi_runtime', excess: null }, 'it owns nothing')
  await checkRuntimeRefusals(t, database.url)
  await checkWorkerRuns(t, database)
})

t.test('`shopapi status` on such a directory says the runtime role is not granted its rights yet', async (t) => {
  // status never migrates: before 00018 the runtime role may read none of the tables.
  const dataDir = await oldDataDirectory(t)
  const unmigrated = await openDatabase(loadConfig({}, { dataDir, databaseUrl: undefined }), { migrate: false })
  try {
    const status = await applianceStatus(unmigrated.pool, { disableAfterMs: 60_000 })
    t.equal(status.checks.database.status, 'ok', 'the database is reachable')
    t.match(
      status.checks.migrations,
      { status: 'fail', message: /may not read the migrations table.*run `shopapi migrate` as the owner/ },
      'the migration that grants the runtime role its rights is pending',
    )
    t.equal(status.checks.worker.status, 'unknown', 'what it cannot read is not checked')
  } finally {
    await unmigrated.close()
  }
})
