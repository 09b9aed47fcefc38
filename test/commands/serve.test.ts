// End-to-end tests of `shopapi serve`: the embedded database shared with other CLI commands,
// start-up flags, and concurrent start-up on one database. Real processes over dist/ (run
// `npm run build` first), real HTTP, no mocks. The start-ups refused for their flags, which end before
// serve listens, and the API keys the tests need on DATABASE_URL run in this process (runCommand);
// serve itself, and the second process that finds the embedded database serve runs, are processes.
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import t, { type Test } from 'tap'
import { type CliResult, runCli, type ServeProcess, startServe } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { checkedFetch } from '../helpers/contract.js'
import { createEmptyDatabase } from '../helpers/database.js'

t.setTimeout(600_000)

interface ServeSummary {
  url: string
  database: string
  shop: { id: string; name: string; timezone: string; currency: string }
  shop_created: boolean
}

function summaryOf(server: ServeProcess): ServeSummary {
  return JSON.parse(server.output().stdout.split('\n')[0] as string) as ServeSummary
}

function describe(result: CliResult) {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

async function getShop(apiUrl: string, key?: string) {
  const response = await checkedFetch(`${apiUrl}/shop`, { headers: key ? { authorization: `Bearer ${key}` } : {} })
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  }
}

/** An API key made by `integrations create`: a process of its own with `process: true`, else in this one. */
async function createKey(t: Test, env: Record<string, string>, { process = false } = {}) {
  const args = ['integrations', 'create', '--name', 'w', '--scopes', 'shop.read', '--json']
  const result = process ? await runCli(args, env, 180_000) : await runCommand(args, env)
  t.equal(result.code, 0, 'integrations create exits 0', { output: describe(result) })
  return JSON.parse(result.stdout) as { api_key: string; integration_id: string }
}

/** oclif's error text with its line wrapping (and " ›   " margins) undone. */
function unwrap(stderr: string): string {
  return stderr
    .split('\n')
    .map((line) => line.replace(/^\s*›\s*/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

t.test('embedded database: serve runs it, other commands share it, and it is stopped last', async (t) => {
  t.setTimeout(300_000)
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-serve-embedded-'))
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid')
  let server: ServeProcess | undefined
  t.teardown(async () => {
    await server?.stop()
    await rm(dir, { recursive: true, force: true })
  })

  // No DATABASE_URL: runCli/startServe pass only the environment given here.
  server = await startServe([], { SHOPAPI_DATA_DIR: dir, SHOPAPI_LOG_LEVEL: 'silent' }, 180_000)
  const summary = summaryOf(server)
  t.match(summary.database, /^embedded/, 'serve uses the embedded database')
  t.equal(summary.shop_created, true, 'and creates the first shop')
  t.ok(existsSync(pidFile), 'the embedded PostgreSQL runs in <dir>/postgres')

  const anonymous = await getShop(server.url)
  t.equal(anonymous.status, 401, 'GET /shop without a key: 401')
  t.match(anonymous.body, { error: { code: 'invalid_api_key', message: String, request_id: /^req_/, blockers: [] } })

  const ready = await checkedFetch(`${new URL(server.url).origin}/readyz`)
  t.equal(ready.status, 200, 'GET /readyz: 200')
  t.match(await ready.json(), { status: 'ok' })

  // A second process finds the running database through postmaster.pid and uses it.
  const created = await createKey(t, { SHOPAPI_DATA_DIR: dir }, { process: true })
  t.match(created.api_key, /^shopapi_/)
  const shop = await getShop(server.url, created.api_key)
  t.equal(shop.status, 200, 'the key made by the CLI works against the running server')
  t.equal(shop.body.id, summary.shop.id, 'for the shop serve created')
  t.ok(existsSync(pidFile), 'the CLI left the database serve runs running')
  t.equal((await getShop(server.url, created.api_key)).status, 200, 'and the server still reaches it')

  const code = await server.stop('SIGTERM')
  t.equal(code, 0, 'serve exits 0 on SIGTERM', { stderr: server.output().stderr })
  t.notOk(existsSync(pidFile), 'the embedded PostgreSQL is stopped (no postmaster.pid)')

  // No server running: the command starts the embedded database for its own duration.
  const listed = await runCli(['shops', 'list', '--json'], { SHOPAPI_DATA_DIR: dir }, 180_000)
  t.equal(listed.code, 0, 'shops list exits 0', { output: describe(listed) })
  const shops = JSON.parse(listed.stdout) as { id: string }[]
  t.same(
    shops.map((s) => s.id),
    [summary.shop.id],
    'it lists the one shop',
  )
  t.notOk(existsSync(pidFile), 'and stops the database again (no postmaster.pid)')
})

t.test('serve start-up flags', async (t) => {
  t.setTimeout(300_000)
  const url = await createEmptyDatabase(t)
  const env = { DATABASE_URL: url, SHOPAPI_LOG_LEVEL: 'silent' }

  const badZone = await runCommand(['serve', '--port', '0', '--timezone', 'Mars/Base'], env)
  t.not(badZone.code, 0, '--timezone Mars/Base: non-zero exit')
  t.match(badZone.stderr, /--timezone/, 'the message names the flag')
  t.match(badZone.stderr, /Mars\/Base/, 'and the value')
  // oclif wraps long messages at 80 columns; it is still one message.
  t.equal(badZone.stderr.match(/Error:/g)?.length, 1, 'one error message', { stderr: badZone.stderr })
  t.match(unwrap(badZone.stderr), /--timezone: "Mars\/Base" is not an IANA time zone/, 'that says what is wrong')
  t.notMatch(badZone.stderr, /^\s+at\s|\.[cm]?[jt]s:\d+:\d+/m, 'no stack trace')

  const badCurrency = await runCommand(['serve', '--port', '0', '--currency', 'EURO'], env)
  t.not(badCurrency.code, 0, '--currency EURO: non-zero exit')
  t.match(badCurrency.stderr, /--currency/)

  const tables = await withClient(
    url,
    async (client) => (await client.query("select to_regclass('public.shops') as shops")).rows[0],
  )
  t.equal(tables?.shops ?? null, null, 'refused start-ups did not touch the database')

  let server: ServeProcess | undefined
  t.teardown(async () => {
    await server?.stop()
  })
  server = await startServe(['--shop-name', 'Main St', '--timezone', 'America/Chicago', '--currency', 'EUR'], env)
  const summary = summaryOf(server)
  t.equal(summary.shop_created, true, 'the first shop is created')
  t.match(summary.shop, { name: 'Main St', timezone: 'America/Chicago', currency: 'EUR' })

  const { api_key: key } = await createKey(t, { DATABASE_URL: url })
  const shop = await getShop(server.url, key)
  t.equal(shop.status, 200)
  t.match(shop.body, {
    id: summary.shop.id,
    object: 'shop',
    name: 'Main St',
    timezone: 'America/Chicago',
    currency: 'EUR',
  })
  t.equal(await server.stop(), 0, 'serve exits 0 on SIGTERM')

  // The flags only ever name the first shop: a later start with other values changes nothing.
  server = await startServe(['--shop-name', 'Other', '--timezone', 'Europe/Paris', '--currency', 'USD'], env)
  const again = summaryOf(server)
  t.equal(again.shop_created, false, 'no shop is created when one exists')
  t.match(again.shop, { id: summary.shop.id, name: 'Main St', currency: 'EUR' })
  const count = await withClient(
    url,
    async (client) => (await client.query('select count(*)::int as n from shops')).rows[0]?.n,
  )
  t.equal(count, 1, 'still one shop')
  t.equal(await server.stop(), 0, 'serve exits 0 on SIGTERM')
})

t.test('two serve processes started at once on one empty database', async (t) => {
  t.setTimeout(300_000)
  const url = await createEmptyDatabase(t) // not migrated
  const env = { DATABASE_URL: url, SHOPAPI_LOG_LEVEL: 'silent' }
  const started = await Promise.allSettled([startServe([], env), startServe([], env)])
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  t.teardown(async () => {
    await Promise.all(servers.map((server) => server.stop()))
  })
  for (const outcome of started) {
    t.equal(outcome.status, 'fulfilled', 'serve came up', {
      reason: outcome.status === 'rejected' ? String(outcome.reason) : undefined,
    })
  }
  if (servers.length !== 2) return

  const migrationFiles = (await readdir(fileURLToPath(new URL('../../migrations', import.meta.url)))).filter((f) =>
    /^\d+[-_].*\.sql$/.test(f),
  )
  const { migrations, shops } = await withClient(url, async (client) => ({
    migrations: (await client.query('select id, count(*)::int as count from migrations group by id order by id'))
      .rows as {
      id: number
      count: number
    }[],
    shops: (await client.query('select public_id from shops')).rows as { public_id: string }[],
  }))
  t.ok(migrations.length > 0, 'migrations were recorded')
  t.ok(
    migrations.every((row) => row.count === 1),
    'each migration was applied exactly once',
    { migrations },
  )
  t.equal(migrations.filter((row) => row.id > 0).length, migrationFiles.length, 'every migration file is applied')
  t.equal(shops.length, 1, 'exactly one shop exists')

  const summaries = servers.map(summaryOf)
  t.same(
    summaries.map((s) => s.shop.id),
    [shops[0]?.public_id, shops[0]?.public_id],
    'both serve the same shop',
  )
  t.equal(summaries.filter((s) => s.shop_created).length, 1, 'exactly one of them created it')

  const { api_key: key } = await createKey(t, { DATABASE_URL: url })
  for (const server of servers) t.equal((await getShop(server.url, key)).status, 200, `${server.url} answers`)

  const codes = await Promise.all(servers.map((server) => server.stop('SIGTERM')))
  t.same(codes, [0, 0], 'both exit 0 on SIGTERM')
})

t.test('graceful shutdown: SIGTERM lets an in-flight request finish, then exits 0', async (t) => {
  t.setTimeout(120_000)
  const url = await createEmptyDatabase(t)
  const server = await startServe([], { DATABASE_URL: url, SHOPAPI_LOG_LEVEL: 'silent' })
  const locker = new pg.Client({ connectionString: url, application_name: 'shopapi-test-locker' })
  t.teardown(async () => {
    await locker.end().catch(() => {})
    await server.stop()
  })
  const { api_key: key } = await createKey(t, { DATABASE_URL: url })
  t.equal((await getShop(server.url, key)).status, 200, 'the key works')
  // The server now keeps that key in memory; a key it has not seen yet is read from the database.
  const { api_key: unseenKey } = await createKey(t, { DATABASE_URL: url })

  // Hold the request inside the server: authentication reads `shops`, which this lock blocks.
  await locker.connect()
  await locker.query('begin')
  await locker.query('lock table shops in access exclusive mode')
  // The outcome is captured at once: a server that dies makes fetch reject before we look.
  const inFlight = getShop(server.url, unseenKey).catch((error: Error) => ({
    status: 0,
    body: { error: String(error.cause ?? error) },
  }))
  const deadline = Date.now() + 10_000
  for (;;) {
    const waiting = await withClient(
      url,
      async (client) =>
        (
          await client.query(
            "select count(*)::int as n from pg_stat_activity where application_name = 'shopapi serve' and wait_event_type = 'Lock'",
          )
        ).rows[0]?.n,
    )
    if (waiting > 0) break
    if (Date.now() > deadline) {
      t.fail('the request never reached the database')
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  const exited = server.stop('SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  t.equal(server.child.exitCode, null, 'serve is still running while a request is in flight')
  t.equal(server.child.signalCode, null)

  await locker.query('rollback')
  const response = await inFlight
  t.equal(response.status, 200, 'the in-flight request completes', { body: response.body })
  t.equal(await exited, 0, 'then serve exits 0', { stderr: server.output().stderr })
})
