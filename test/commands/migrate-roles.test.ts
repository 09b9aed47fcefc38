// An external database with two roles, as the README's "External database" sets it up: `shopapi
// migrate` as the owner (SHOPAPI_MIGRATION_DATABASE_URL), serve and the staff commands as a role that
// owns nothing (DATABASE_URL). Over the built CLI (dist/: run `npm run build` first): commands in-process,
// serve as a process.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import t from 'tap'
import { listMigrationFiles } from '../../src/db/migrate.js'
import { startServe } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { createEmptyDatabase, createRuntimeLogin } from '../helpers/database.js'

const oneLine = (stderr: string) => stderr.split('\n').filter((line) => line.trim() !== '')

t.test('migrate as the owner, then serve and staff commands as the runtime role', async (t) => {
  const owner = await createEmptyDatabase(t)
  const runtime = await createRuntimeLogin(owner)

  const refused = await runCommand(['shops', 'list'], { DATABASE_URL: runtime })
  t.equal(refused.code, 1, 'the runtime role alone cannot migrate a new database')
  t.match(
    oneLine(refused.stderr),
    [
      /^Error: \d+ migration\(s\) must be applied \(00001_tenancy-and-keys\.sql, .* and \d+ more\), which only the owner of shopapi's tables may do, .*run `shopapi migrate` with SHOPAPI_MIGRATION_DATABASE_URL \(or --migration-database-url\) set to the owner's connection/,
    ],
    'one line naming what is pending and how to apply it',
  )
  t.equal(oneLine(refused.stderr).length, 1)

  const migrated = await runCommand(['migrate', '--json'], { SHOPAPI_MIGRATION_DATABASE_URL: owner })
  t.equal(migrated.code, 0, 'migrate needs only the owner', { stderr: migrated.stderr })
  const files = await listMigrationFiles()
  t.equal(
    (JSON.parse(migrated.stdout) as { applied: string[] }).applied.length,
    files.length + 1,
    'every file, and the table of them',
  )

  const env = {
    DATABASE_URL: runtime,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_LOG_LEVEL: 'silent',
  }
  const server = await startServe([], env)
  t.teardown(() => server.stop())
  const created = await runCommand(['integrations', 'create', '--name', 'Site', '--scopes', 'shop.read', '--json'], env)
  t.equal(created.code, 0, 'a staff command as the runtime role', { stderr: created.stderr })
  const { api_key: key } = JSON.parse(created.stdout) as { api_key: string }
  const shop = await fetch(`${server.url}/shop`, { headers: { authorization: `Bearer ${key}` } })
  t.equal(shop.status, 200, 'serve answers as the runtime role')
  t.equal(await server.stop(), 0)
  t.notMatch(server.output().stderr, /warning: connected to PostgreSQL/, 'no warning about its role')

  const admin = new pg.Client({ connectionString: owner })
  await admin.connect()
  t.teardown(() => admin.end())
  const { rows } = await admin.query<{ usename: string }>(
    "select distinct usename from pg_stat_activity where datname = current_database() and application_name like 'shopapi%'",
  )
  t.same(rows, [], 'nothing is left connected')
})

t.test('serve as the owner still runs, and says what its role could do', async (t) => {
  const owner = await createEmptyDatabase(t)
  const server = await startServe([], {
    DATABASE_URL: owner,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_LOG_LEVEL: 'silent',
  })
  t.equal(await server.stop(), 0)
  t.match(
    server.output().stderr,
    /warning: connected to PostgreSQL as \S+, which (is a superuser|owns shopapi's tables[^:]*): it could disable the triggers that keep posted invoices and payments immutable\. Set DATABASE_URL to a role that owns nothing and is a member of shopapi_app, and SHOPAPI_MIGRATION_DATABASE_URL to the owner/,
  )
})

t.test('both connections: every command migrates as the owner and works as the runtime role', async (t) => {
  const owner = await createEmptyDatabase(t)
  const runtime = await createRuntimeLogin(owner)
  const listed = await runCommand(['shops', 'list', '--json'], {
    DATABASE_URL: runtime,
    SHOPAPI_MIGRATION_DATABASE_URL: owner,
  })
  t.equal(listed.code, 0, { stderr: listed.stderr })
  t.same(JSON.parse(listed.stdout), [])
  const admin = new pg.Client({ connectionString: owner })
  await admin.connect()
  t.teardown(() => admin.end())
  const { rows } = await admin.query<{ owner: string }>(
    "select pg_get_userbyid(relowner) as owner from pg_class where relname = 'invoices'",
  )
  t.same(rows, [{ owner: new URL(owner).username }], 'the tables belong to the owner')
})

t.test('SHOPAPI_MIGRATION_DATABASE_URL without DATABASE_URL is refused in one line', async (t) => {
  const owner = await createEmptyDatabase(t)
  const result = await runCommand(['shops', 'list'], { SHOPAPI_MIGRATION_DATABASE_URL: owner })
  t.equal(result.code, 1)
  t.same(oneLine(result.stderr), [
    "Error: SHOPAPI_MIGRATION_DATABASE_URL (--migration-database-url) names the owner of an external database: set DATABASE_URL (--database-url) to the service's connection too",
  ])
})
