// The service's role owns nothing (issue 22, item 9): connected as it, an attacker who can run any SQL
// the service can (an injection, a compromised process) still cannot switch off the ledger's triggers,
// nor drop, truncate or rewrite what the triggers keep. The whole suite runs the app as such a role
// (test/helpers/database.ts); this file tries, on a real connection as it, what it must not do.
import pg from 'pg'
import t, { type Test } from 'tap'
import { describeConnectionRole, runtimeGroupRole, runtimeRoleWarning } from '../../src/db/roles.js'
import { analyzeTables } from '../../src/db/statistics.js'
import { createTestShop } from '../helpers/app.js'
import { createTestDatabase } from '../helpers/database.js'
import { brakeJob, post, readyOrder, setTax } from '../resources/invoices/fixtures.js'

const database = await createTestDatabase(t)
const { pool } = database
const shop = await createTestShop(pool)
await setTax(pool, shop, 'Sales tax', '8.875')
const invoice = await post(pool, shop, await readyOrder(pool, shop, brakeJob))

/** One session as the runtime role, as the service has: settings stay for the rest of the session. */
async function runtimeSession(t: Test): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url })
  client.on('error', () => {})
  await client.connect()
  t.teardown(() => client.end())
  return client
}

async function refused(t: Test, client: pg.Client, sql: string, message: RegExp) {
  await t.rejects(client.query(sql), { code: '42501', message }, sql)
}

const unchanged = async (t: Test) => {
  const { rows } = await database.owner.pool.query<{ total: string; status: string; lines: number }>(
    `select i.total, i.status, (select count(*)::int from invoice_lines l where l.invoice_id = i.id) as lines
       from invoices i where i.id = $1::uuid`,
    [invoice.id],
  )
  t.same(rows, [{ total: invoice.total, status: 'posted', lines: 3 }], 'the posted invoice is as it was posted')
}

t.test('the runtime role cannot switch off the triggers that keep posted invoices immutable', async (t) => {
  const session = await runtimeSession(t)
  await refused(t, session, 'alter table invoices disable trigger all', /must be owner of table invoices/)
  await refused(t, session, 'alter table invoices disable trigger invoices_immutable', /must be owner/)
  await refused(t, session, 'alter table invoice_lines disable trigger user', /must be owner/)
  await refused(t, session, 'drop trigger invoices_immutable on invoices', /must be owner/)
  await refused(
    t,
    session,
    'create or replace function invoices_allow_void_only() returns trigger language plpgsql as $$ begin return new; end $$',
    /must be owner of function|permission denied for schema public/,
  )
  await refused(
    t,
    session,
    'set session_replication_role = replica',
    /permission denied to set parameter "session_replication_role"/,
  )
  await session.query('begin')
  await refused(t, session, 'set local session_replication_role = replica', /permission denied to set parameter/)
  await session.query('rollback')
  const { rows } = await session.query<{ session_replication_role: string }>('show session_replication_role')
  t.same(rows, [{ session_replication_role: 'origin' }], 'the session still fires every trigger')
  await t.rejects(
    session.query(`update invoices set total = 0.01 where id = $1::uuid`, [invoice.id]),
    { message: /invoices are immutable once posted/ },
    'so an update of a posted invoice still meets its trigger',
  )
  await unchanged(t)
})

t.test('the runtime role cannot drop, truncate or delete what the ledger keeps', async (t) => {
  const session = await runtimeSession(t)
  await refused(t, session, 'drop table invoices cascade', /must be owner of table invoices/)
  await refused(t, session, 'drop table customers cascade', /must be owner of table customers/)
  await refused(t, session, 'truncate invoices cascade', /permission denied for table invoices/)
  // No trigger guards customers against TRUNCATE: only the missing privilege does.
  await refused(t, session, 'truncate customers cascade', /permission denied for table customers/)
  await refused(t, session, 'delete from invoices', /permission denied for table invoices/)
  await refused(t, session, 'delete from invoice_lines', /permission denied for table invoice_lines/)
  await refused(t, session, 'update invoice_lines set line_total = 0', /permission denied for table invoice_lines/)
  await refused(t, session, 'update payments set amount = 0', /permission denied for table payments/)
  await refused(t, session, 'alter table invoices drop constraint invoices_pkey cascade', /must be owner/)
  await unchanged(t)
})

t.test('the runtime role cannot create objects, make itself the owner, or rewrite the migrations', async (t) => {
  const session = await runtimeSession(t)
  await refused(t, session, 'create table public.shadow (id int)', /permission denied for schema public/)
  await refused(
    t,
    session,
    'create function public.lower(text) returns text language sql as $$ select $1 $$',
    /permission denied for schema public/,
  )
  await refused(t, session, 'create schema shadow', /permission denied for database/)
  await refused(t, session, 'create table pgboss.shadow (id int)', /permission denied for schema pgboss/)
  const owner = new URL(database.owner.url).username
  await refused(t, session, `set role ${owner}`, /permission denied to set role/)
  await refused(
    t,
    session,
    `grant ${owner} to current_user`,
    /permission denied to grant role|must have admin option|must be superuser/,
  )
  await refused(t, session, `alter role current_user superuser`, /permission denied|must be superuser/)
  // Without the grant option a GRANT grants nothing (Postgres warns rather than fails).
  await session.query('grant truncate, trigger on customers to public')
  await refused(t, session, 'truncate customers', /permission denied for table customers/)
  await refused(t, session, 'delete from migrations', /permission denied for table migrations/)
  await refused(t, session, 'insert into migrations (id, name, hash) values (999, $$x$$, $$x$$)', /permission denied/)
  const { rows } = await session.query<{ n: number }>('select count(*)::int as n from migrations')
  t.ok((rows[0]?.n ?? 0) > 17, 'it reads which migrations ran (status, /readyz)')
})

t.test('what the service needs still works as the runtime role', async (t) => {
  const session = await runtimeSession(t)
  const { rows } = await session.query<{ member: boolean }>(`select pg_has_role($1, 'member') as member`, [
    runtimeGroupRole,
  ])
  t.same(rows, [{ member: true }], `a member of ${runtimeGroupRole}`)
  await session.query('create temporary table import_keys (key text primary key, line integer not null)')
  await session.query('truncate import_keys')
  t.pass('its own temporary tables, as imports use them')
  await analyzeTables(session, ['customers', 'vehicles'])
  const analyzed = await database.owner.pool.query<{ relname: string }>(
    `select relname from pg_stat_user_tables where relname in ('customers', 'vehicles') and last_analyze is not null order by relname`,
  )
  t.same(
    analyzed.rows.map((row) => row.relname),
    ['customers', 'vehicles'],
    'ANALYZE of shopapi tables after a bulk load, through shopapi_analyze',
  )
  await t.rejects(
    session.query('select shopapi_analyze($1::text[])', [['pg_authid']]),
    { message: /not a table of shopapi/ },
    'and nothing but them',
  )
  await session.query("select pg_advisory_xact_lock(hashtext('shopapi.first-shop'))")
  await session.query('listen shopapi_events')
  await session.query("select pg_notify('shopapi_deliveries', '')")
  t.pass('advisory locks, LISTEN and NOTIFY')
})

t.test('serve and worker tell a role that could switch the triggers off from one that cannot', async (t) => {
  const runtime = await describeConnectionRole(pool)
  t.equal(runtime.excess, null, 'the runtime role: nothing to say')
  t.equal(runtimeRoleWarning(runtime), null)
  const owner = await describeConnectionRole(database.owner.pool)
  t.match(owner.excess, /is a superuser|owns shopapi's tables/, 'the owner (the test server admin)')
  t.match(
    runtimeRoleWarning(owner),
    /^warning: connected to PostgreSQL as \S+, which .*: it could disable the triggers .* SHOPAPI_MIGRATION_DATABASE_URL/,
  )
  const admin = database.owner.pool
  const ownerOfTables = `shopapi_test_owner_${Date.now().toString(36)}`
  await admin.query(`create role ${ownerOfTables} nologin`)
  t.teardown(async () => {
    await admin.query(`drop owned by ${ownerOfTables}`)
    await admin.query(`drop role ${ownerOfTables}`)
  })
  const client = await admin.connect()
  try {
    await client.query('create table owned_by_someone (id int)')
    await client.query(`alter table owned_by_someone owner to ${ownerOfTables}`)
    await client.query(`set role ${ownerOfTables}`)
    t.match(await describeConnectionRole(client), {
      name: ownerOfTables,
      excess: /owns shopapi's tables \(owned_by_someone/,
    })
    await client.query('reset role')
  } finally {
    client.release()
  }
})
