// An older shopapi on a database a newer one migrated: `serve` and every command that opens the
// database refuse with one line (one JSON object with --json); `status` reports it as a failed check.
// Over the real CLI (dist/: run `npm run build` first), on a migrated database with a migrations row
// this build has no file for, then on one where a known number carries another name. Last, an
// embedded data directory that another major version of PostgreSQL created.
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { listMigrationFiles } from '../../src/db/migrate.js'
import { runCli } from '../helpers/cli.js'
import { createTestDatabase } from '../helpers/database.js'

const nonEmptyLines = (text: string) => text.split('\n').filter((line) => line.trim() !== '')
const refusal = (migration: string) =>
  `this database was migrated by a newer shopapi (migration ${migration}); install that version or newer`

t.test('a migration this build has no file for', async (t) => {
  const database = await createTestDatabase(t)
  const files = await listMigrationFiles()
  const next = (files.at(-1)?.id ?? 0) + 1
  const label = `${String(next).padStart(5, '0')}_loyalty-points`
  await database.owner.pool.query(
    "insert into migrations (id, name, hash, executed_at) values ($1, 'loyalty-points', 'newer', now())",
    [next],
  )
  const env = { DATABASE_URL: database.url, SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex') }

  // Each is a process of its own, as an operator runs them; run side by side, they cost one start.
  const [serve, worker, serveJson, list, listJson, migrate] = await Promise.all([
    runCli(['serve', '--port', '0'], env),
    runCli(['worker'], env),
    runCli(['serve', '--port', '0', '--json'], env),
    runCli(['shops', 'list'], env),
    runCli(['integrations', 'list', '--json'], env),
    runCli(['migrate'], { SHOPAPI_MIGRATION_DATABASE_URL: database.owner.url }),
  ])
  for (const [name, result] of [
    ['serve', serve],
    ['worker', worker],
    ['shops list', list],
    ['migrate (as the owner)', migrate],
  ] as const) {
    t.equal(result.code, 1, `${name} exits 1`)
    t.same(nonEmptyLines(result.stderr), [`Error: ${refusal(label)}`], `${name}: one line on stderr`)
    t.equal(result.stdout, '', `${name}: nothing on stdout`)
  }
  for (const [name, result] of [
    ['serve --json', serveJson],
    ['integrations list --json', listJson],
  ] as const) {
    t.equal(result.code, 1, `${name} exits 1`)
    t.same(
      JSON.parse(result.stdout),
      { error: { code: 'database_newer', message: refusal(label) } },
      `${name}: one JSON object`,
    )
    t.equal(result.stderr, '', `${name}: nothing on stderr`)
  }

  const status = await runCli(['status', '--json'], env)
  t.equal(status.code, 1, 'status exits 1')
  const report = JSON.parse(status.stdout) as { checks: { migrations: { status: string; message: string } } }
  t.same(
    { status: report.checks.migrations.status, message: report.checks.migrations.message },
    { status: 'fail', message: refusal(label) },
    'status reports the newer migration as a failed check',
  )

  const { rows } = await database.owner.pool.query<{ id: number }>('select id from migrations where id > $1', [
    next - 1,
  ])
  t.same(rows, [{ id: next }], 'nothing was written to the migrations')
})

t.test('a known number under another name', async (t) => {
  const database = await createTestDatabase(t)
  const last = (await listMigrationFiles()).at(-1)
  if (!last) throw new Error('no migration files')
  await database.owner.pool.query("update migrations set name = 'stock-ledger' where id = $1", [last.id])
  const refused = await runCli(['keys', 'list', '--json'], { DATABASE_URL: database.url })
  t.equal(refused.code, 1)
  t.same(JSON.parse(refused.stdout), {
    error: { code: 'database_newer', message: refusal(`${String(last.id).padStart(5, '0')}_stock-ledger`) },
  })
})

t.test('an embedded data directory of another PostgreSQL major version', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-other-major-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  // What initdb of PostgreSQL 14 leaves first; nothing else is read before the refusal.
  await mkdir(path.join(dataDir, 'postgres'), { recursive: true, mode: 0o700 })
  await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '14\n')
  const refused = await runCli(['shops', 'list', '--json'], { SHOPAPI_DATA_DIR: dataDir })
  t.equal(refused.code, 1)
  t.match(JSON.parse(refused.stdout), {
    error: {
      message:
        /^The embedded database in .* was created by PostgreSQL 14 and this shopapi runs PostgreSQL \d+: back it up with the shopapi that created it \(shopapi backup\) and restore it into a new data directory with this one \(README: Upgrading\)$/,
    },
  })
})
