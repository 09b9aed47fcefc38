#!/usr/bin/env node
// Writes test/fixtures/upgrades/level-NN.sql: for every migration level N of this checkout, the rows a
// database at that level holds, which test/db/upgrades.test.ts loads into a database migrated to N,
// migrates to the current schema and reads back through the API. Run it when a migration lands
// (`npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node
// scripts/upgrade-fixtures.js`) and commit what it writes; the test never runs it. It writes only the
// levels that have no fixture yet (the new one), so earlier fixtures keep the rows they were made
// with; `--all` rewrites every level.
//
// The rows are today's demo shop (`shopapi demo --customers 3`, plus an integration with every scope
// and a webhook endpoint created through `serve`, whose worker then records a failed delivery), each
// table projected onto the columns it has at level N. They are not rows written by the code of that
// level: levels 7 to 10 landed in one commit, so no build ever ran at them, and `demo` exists only
// from level 15. What a projection does exercise is every migration's work on data: columns added
// with defaults or backfills, tables created beside existing rows, and the levels 5 to 8 shop tax
// rate that migration 00009 turns into a named tax (set here, since that column no longer exists).
// A row an earlier level's constraints refuse is left out and said so.
//
// Needs a PostgreSQL server where DATABASE_URL may create databases (a superuser: the fixtures
// disable triggers while loading), and pg_dump of the same major version on PATH.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrate } from 'postgres-migrations'
import { migrationsDir, runMigrations } from '../dist/db/migrate.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const fixturesDir = path.join(root, 'test/fixtures/upgrades')
const cli = path.join(root, 'bin/run.js')
const serverUrl = process.env.DATABASE_URL
if (!serverUrl) {
  process.stderr.write(
    'upgrade-fixtures: set DATABASE_URL to a PostgreSQL server a superuser may create databases on\n',
  )
  process.exit(1)
}
// Fixed, so the sealed webhook secret in the fixtures opens in the test (which uses the same key).
const secretKey = 'a1'.repeat(32)
const demoCustomers = 1
const rewriteAll = process.argv.includes('--all')
const say = (message) => process.stderr.write(`[upgrade-fixtures] ${message}\n`)

const urlOf = (database) => {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function withClient(url, use) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

async function recreateDatabase(name) {
  await withClient(serverUrl, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  })
  return urlOf(name)
}

async function dropDatabase(name) {
  await withClient(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`))
}

function runCli(args, env) {
  const result = spawnSync(process.execPath, [cli, ...args, '--json'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SHOPAPI_SECRET_KEY: secretKey, ...env },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`shopapi ${args.join(' ')} failed: ${result.stderr}${result.stdout}`)
  return JSON.parse(result.stdout)
}

/** `serve` on the source database long enough to create a webhook endpoint and let its worker try it. */
async function createWebhookEndpoint(url, key) {
  const child = spawn(process.execPath, [cli, 'serve', '--json', '--port', '0'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: url,
      SHOPAPI_SECRET_KEY: secretKey,
      SHOPAPI_LOG_LEVEL: 'silent',
      SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
      SHOPAPI_WEBHOOK_RETRY_SCHEDULE: '1h',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const apiUrl = await new Promise((resolve, reject) => {
      let stdout = ''
      child.stdout.on('data', (chunk) => {
        stdout += chunk
        const line = stdout.split('\n')[0]
        if (stdout.includes('\n')) resolve(JSON.parse(line).url)
      })
      child.on('close', (code) => reject(new Error(`serve exited with ${code}`)))
    })
    const response = await fetch(`${apiUrl}/webhook-endpoints`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': 'upgrade-fixtures-endpoint',
      },
      // Port 9 (discard) refuses the connection: the delivery fails at once and is kept for a retry.
      body: JSON.stringify({
        url: 'http://127.0.0.1:9/hooks/shop',
        description: 'Upgrade fixtures',
        event_types: ['customer.created', 'customer.updated'],
      }),
    })
    if (response.status !== 201) throw new Error(`creating the endpoint: ${response.status} ${await response.text()}`)
    const endpoint = await response.json()
    await fetch(`${apiUrl}/webhook-endpoints/${endpoint.id}/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'upgrade-fixtures-test-event' },
    }).catch(() => {})
    // The worker's first attempt is recorded within seconds; bounded in count and time.
    await withClient(url, async (client) => {
      for (let tries = 0; tries < 60; tries += 1) {
        const { rows } = await client.query(
          'select count(*)::int as attempts from webhook_deliveries where attempt_count > 0',
        )
        if (rows[0].attempts > 0) return
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      say('no delivery attempt was recorded within 15 s; the fixtures hold deliveries without attempts')
    }).catch((error) => say(`delivery attempts not checked: ${error.message}`))
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => (child.exitCode === null ? child.on('close', resolve) : resolve()))
  }
}

/** The columns of each table in public (generated columns left out: they are computed, not stored). */
async function tableColumns(client) {
  const { rows } = await client.query(
    `select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'migrations'
      group by c.relname`,
  )
  return new Map(rows.map((row) => [row.table, row.columns]))
}

/**
 * The demo records every write as an event (over a thousand for three customers): the first 30 and
 * those a delivery points to are enough to read back, and keep each fixture small.
 */
const rowFilters = {
  events: `where id in (select event_id from webhook_deliveries)
              or id in (select id from events order by created_at, id limit 30)`,
}

const quote = (name) => `"${name.replaceAll('"', '""')}"`

/** Copies every row of `source` into `target` (at an earlier level), table by table, column by column. */
async function project(source, target, level) {
  const sourceTables = await tableColumns(source)
  const targetTables = await tableColumns(target)
  const left = []
  // As pg_dump's data loads: no triggers (outbox, immutability, posting rules) and no foreign-key
  // checks while rows arrive in whatever order; check constraints still apply.
  await target.query('begin')
  await target.query('set local session_replication_role = replica')
  for (const [table, columns] of [...targetTables].sort(([a], [b]) => a.localeCompare(b))) {
    const sourceColumns = new Set(sourceTables.get(table) ?? [])
    const common = columns.filter((column) => sourceColumns.has(column))
    if (common.length === 0) continue
    const list = common.map(quote).join(', ')
    const { rows } = await source.query(
      `select coalesce(json_agg(t), '[]') as rows from (select ${list} from ${quote(table)} ${rowFilters[table] ?? ''}) t`,
    )
    let records = rows[0].rows
    if (table === 'shops' && columns.includes('tax_rate'))
      records = records.map((shop) => ({ ...shop, tax_rate: '0.0825' }))
    // 00005 has the column, 00007 the appointments it points to: before, no order came from one.
    if (table === 'repair_orders' && !targetTables.has('appointments')) {
      records = records.map((order) => ({ ...order, origin_appointment_id: null }))
    }
    // Before 00010 a service job's labor was a `labor` line (00010's own comment); a discount line did not exist.
    if (table === 'invoice_lines' && level < 10) {
      records = records.map((line) => (line.type === 'service' ? { ...line, type: 'labor' } : line))
    }
    if (records.length === 0) continue
    const targetList = records[0].tax_rate !== undefined && table === 'shops' ? `${list}, tax_rate` : list
    const insert = `insert into ${quote(table)} (${targetList}) overriding system value
      select ${targetList} from json_populate_recordset(null::${quote(table)}, $1::json)`
    try {
      await target.query('savepoint whole_table')
      await target.query(insert, [JSON.stringify(records)])
    } catch {
      await target.query('rollback to savepoint whole_table')
      for (const record of records) {
        try {
          await target.query('savepoint one_row')
          await target.query(insert, [JSON.stringify([record])])
        } catch (error) {
          await target.query('rollback to savepoint one_row')
          left.push(`${table} ${record.public_id ?? record.id ?? ''}: ${error.message}`)
        }
      }
    }
  }
  await target.query('commit')
  if (left.length > 0)
    say(`level ${level}: ${left.length} row(s) its constraints refuse, left out:\n  ${left.join('\n  ')}`)
  return left
}

function dump(url) {
  const result = spawnSync(
    'pg_dump',
    [
      '--data-only',
      '--inserts',
      '--rows-per-insert=100',
      '--disable-triggers',
      '--no-owner',
      '--exclude-table=migrations',
      url,
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  )
  if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`)
  // pg_dump 15.14+ brackets its output in psql's \restrict ... \unrestrict, which only psql reads;
  // the test sends the file as one query. Comments and blank lines only cost bytes.
  return result.stdout
    .split('\n')
    .filter((line) => !/^\\(un)?restrict\b/.test(line) && !line.startsWith('--') && line.trim() !== '')
    .join('\n')
}

const files = (await readdir(migrationsDir)).filter((file) => /^\d+[-_].*\.sql$/.test(file)).sort()
// A date, not a commit: a branch's commits are rewritten when it is rebased.
const writtenOn = new Date().toISOString().slice(0, 10)
const fixtureOf = (level) => path.join(fixturesDir, `level-${String(level).padStart(2, '0')}.sql`)
const levels = files.map((_, index) => index + 1).filter((level) => rewriteAll || !existsSync(fixtureOf(level)))
if (levels.length === 0) {
  say(`every level (1-${files.length}) has its fixture; --all rewrites them`)
  process.exit(0)
}
const sourceName = 'shopapi_upgrade_fixtures_source'
const source = await recreateDatabase(sourceName)
const scratch = await mkdtemp(path.join(tmpdir(), 'shopapi-upgrade-fixtures-'))
try {
  say(`source: migrating ${sourceName} and filling the demo shop (${demoCustomers} customers)`)
  await runMigrations(source)
  const demo = runCli(['demo', '--customers', String(demoCustomers), '--seed', '42'], { DATABASE_URL: source })
  const everything = runCli(
    [
      'integrations',
      'create',
      '--name',
      'Upgrade check',
      '--scopes',
      (await import('../dist/lib/scopes.js')).allScopes.join(','),
      '--shop',
      demo.shop_id,
    ],
    { DATABASE_URL: source },
  )
  await createWebhookEndpoint(source, everything.api_key)
  await mkdir(fixturesDir, { recursive: true })
  await withClient(source, async (sourceClient) => {
    for (const level of levels) {
      const fixture = fixtureOf(level)
      const dir = path.join(scratch, `level-${level}`)
      await mkdir(dir)
      for (const file of files.slice(0, level)) await copyFile(path.join(migrationsDir, file), path.join(dir, file))
      const name = `shopapi_upgrade_fixtures_${level}`
      const url = await recreateDatabase(name)
      try {
        const left = await withClient(url, async (target) => {
          await migrate({ client: target }, dir, { logger: () => {} })
          return project(sourceClient, target, level)
        })
        const header = [
          `-- Rows of a shopapi database at migration ${files[level - 1]}: written by scripts/upgrade-fixtures.js`,
          `-- on ${writtenOn} (that day's demo shop projected onto that level's columns; see the script). Load as a`,
          '-- superuser into a database migrated to this level, then run the current migrations.',
          `-- secret key: ${secretKey}`,
          `-- demo key (every .read scope): ${demo.api_key}`,
          `-- every-scope key: ${everything.api_key}`,
          `-- shop: ${demo.shop_id}`,
          `-- rows left out (refused by this level's constraints): ${left.length}`,
        ]
        await writeFile(fixture, `${header.join('\n')}\n${dump(url)}\n`)
        say(`level ${level}: written`)
      } finally {
        await dropDatabase(name)
      }
    }
  })
} finally {
  await dropDatabase(sourceName)
  await rm(scratch, { recursive: true, force: true })
}
