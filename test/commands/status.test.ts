// `shopapi status` as the shop's IT staff and their monitoring scripts run it: the built CLI run
// in-process (runCommand) on a real database of its own per case, its exit code, its --json shape and its readable table.
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import t, { type Test } from 'tap'
import type { WebhookConfig } from '../../src/config.js'
import { deriveSecrets, parseSecretKey } from '../../src/lib/secrets.js'
import { WebhookWorker } from '../../src/worker/webhook-worker.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import type { CliResult } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { createEmptyDatabase, createTestDatabase } from '../helpers/database.js'
import { sendJson } from '../helpers/http.js'

type Level = 'ok' | 'warn' | 'fail' | 'unknown'

interface StatusJson {
  ok: boolean
  status: 'ok' | 'warn' | 'fail'
  checked_at: string
  checks: {
    database: { status: Level; message: string; version: string | null }
    migrations: { status: Level; message: string; applied: number; available: number; pending: string[] }
    worker: { status: Level; message: string; workers: { application_name: string; seconds_since_beat: number }[] }
    deliveries: {
      status: Level
      message: string
      pending: number
      retrying: number
      overdue: number
      failed_last_24h: number
      oldest_pending_age_seconds: number | null
    }
    endpoints: {
      status: Level
      message: string
      near_auto_disable: {
        id: string
        integration_id: string
        url: string
        failing_since: string
        disables_at: string
      }[]
    }
    api_keys: {
      status: Level
      message: string
      unused: {
        prefix: string
        integration_id: string
        integration_name: string
        created_at: string
        last_used_at: string | null
      }[]
    }
  }
}

const webhooks: WebhookConfig = {
  allowPrivateTargets: true,
  retryScheduleMs: [60_000],
  timeoutMs: 2000,
  secretOverlapMs: 24 * 3600 * 1000,
  disableAfterMs: 3 * 24 * 3600 * 1000,
  concurrency: 20,
  endpointConcurrency: 4,
}

function describe(result: CliResult) {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

async function status(t: Test, url: string): Promise<{ json: StatusJson; code: number | null; human: CliResult }> {
  const env = { DATABASE_URL: url }
  const result = await runCommand(['status', '--json'], env)
  let json: StatusJson
  try {
    json = JSON.parse(result.stdout) as StatusJson
  } catch {
    t.fail(`status --json printed no JSON: ${describe(result)}`)
    throw new Error('no JSON')
  }
  const human = await runCommand(['status'], env)
  t.equal(human.code, result.code, 'the table and --json agree on the exit code')
  return { json, code: result.code, human }
}

/** The marks column of the readable table: CHECK -> STATUS. */
function marksOf(stdout: string): Record<string, string> {
  const marks: Record<string, string> = {}
  for (const line of stdout.split('\n')) {
    const match = /^(database|migrations|worker|deliveries|endpoints|api keys)\s+(OK|WARN|FAIL|-)\s/.exec(line)
    if (match) marks[match[1] as string] = match[2] as string
  }
  return marks
}

async function insertHeartbeat(pool: pg.Pool, secondsAgo: number, name = 'shopapi serve (worker)') {
  await pool.query(
    `insert into worker_heartbeats (id, application_name, hostname, pid, started_at, beat_at)
     values ($1, $2, 'shop-server', 4242, now() - interval '1 hour', now() - make_interval(secs => $3))`,
    [randomUUID(), name, secondsAgo],
  )
}

/** An endpoint through the API (so it is a real one), to a loopback receiver that is never called. */
async function createEndpoint(api: TestApp, key: string): Promise<{ id: string }> {
  const reply = await sendJson<{ id: string }>(api, 'POST', '/v1/webhook-endpoints', key, {
    body: { url: 'http://127.0.0.1:9/hooks', event_types: ['customer.created'] },
    idempotencyKey: randomUUID(),
  })
  if (reply.status !== 201) throw new Error(`create endpoint: ${reply.status} ${reply.text}`)
  return reply.body
}

t.test(
  'a healthy appliance: every check OK, ok true, exit 0; a real worker beats and its clean stop is seen',
  async (t) => {
    const database = await createTestDatabase(t)
    const worker = new WebhookWorker({
      databaseUrl: database.url,
      webhooks,
      sealKey: deriveSecrets(parseSecretKey(randomBytes(32).toString('hex'))).sealKey,
      log: { info() {}, warn() {}, error() {} },
      applicationName: 'shopapi worker',
    })
    await worker.start()
    let stopped = false
    t.teardown(() => (stopped ? undefined : worker.stop()))
    const shop = await createTestShop(database.pool)
    await createTestKey(database.pool, shop, ['shop.read'], 'Fresh key')

    const { json, code, human } = await status(t, database.url)
    t.equal(code, 0, describe(human))
    t.equal(json.ok, true)
    t.equal(json.status, 'ok')
    t.match(json.checked_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    t.same(Object.keys(json.checks), ['database', 'migrations', 'worker', 'deliveries', 'endpoints', 'api_keys'])
    for (const [name, check] of Object.entries(json.checks)) t.equal(check.status, 'ok', `${name}: ${check.message}`)
    t.match(json.checks.database.version, /^\d+/)
    t.equal(json.checks.migrations.applied, json.checks.migrations.available)
    t.same(json.checks.migrations.pending, [])
    t.equal(json.checks.worker.workers.length, 1)
    t.equal(json.checks.worker.workers[0]?.application_name, 'shopapi worker')
    t.ok((json.checks.worker.workers[0]?.seconds_since_beat ?? 99) <= 30)
    t.same(json.checks.api_keys.unused, [], 'a key created today is not unused for 90 days')
    t.same(marksOf(human.stdout), {
      database: 'OK',
      migrations: 'OK',
      worker: 'OK',
      deliveries: 'OK',
      endpoints: 'OK',
      'api keys': 'OK',
    })
    t.match(human.stdout, /^shopapi status: OK/)

    stopped = true
    await worker.stop()
    const after = await status(t, database.url)
    t.equal(after.code, 1, 'no worker running fails')
    t.equal(after.json.checks.worker.status, 'fail')
    t.match(after.json.checks.worker.message, /no worker is running/)
  },
)

t.test('a stale heartbeat, an overdue delivery, a failing endpoint and an unused key', async (t) => {
  const api = await startTestApp(t, { config: { webhooks } })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write', 'webhooks.manage'])
  const endpoint = await createEndpoint(api, key)
  await api.pool.query(
    "update webhook_endpoints set failing_since = now() - interval '30 hours' where public_id = $1",
    [endpoint.id],
  )
  // Its customer event, and a delivery of it due ten minutes ago that no worker took.
  const customer = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', key, {
    body: { first_name: 'Ada', last_name: 'Lovelace' },
    idempotencyKey: randomUUID(),
  })
  t.equal(customer.status, 201)
  await api.pool.query(
    `insert into webhook_deliveries (shop_id, public_id, endpoint_id, event_id, origin, next_attempt_at, created_at, attempt_count)
     select e.shop_id, 'dlv_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.id, 'event',
       now() - interval '10 minutes', now() - interval '2 hours', 1
     from events e join webhook_endpoints w on w.shop_id = e.shop_id and w.public_id = $1
     where e.object_id = $2`,
    [endpoint.id, customer.body.id],
  )
  await insertHeartbeat(api.pool, 600)
  // A key not used for 100 days, of an integration whose name tries to drive the terminal.
  const stale = await createTestKey(api.pool, shop, ['shop.read'], 'Old \u001b[31mPOS\u001b[0m sync')
  await api.pool.query("update api_keys set last_used_at = now() - interval '100 days' where public_id = $1", [
    stale.keyId,
  ])
  const never = await createTestKey(api.pool, shop, ['shop.read'], 'Never used')
  await api.pool.query("update api_keys set created_at = now() - interval '120 days' where public_id = $1", [
    never.keyId,
  ])

  const { json, code, human } = await status(t, api.url)
  t.equal(code, 1, 'a failing check exits 1')
  t.equal(json.ok, false)
  t.equal(json.status, 'fail')
  t.equal(json.checks.database.status, 'ok')
  t.equal(json.checks.migrations.status, 'ok')
  t.equal(json.checks.worker.status, 'fail')
  t.match(json.checks.worker.message, /no worker heartbeat for 10 min/)
  t.equal(json.checks.deliveries.status, 'fail')
  t.equal(json.checks.deliveries.pending, 1)
  t.equal(json.checks.deliveries.retrying, 1)
  t.equal(json.checks.deliveries.overdue, 1)
  t.ok(
    (json.checks.deliveries.oldest_pending_age_seconds ?? 0) >= 7190 &&
      (json.checks.deliveries.oldest_pending_age_seconds ?? 0) < 7400,
    'the oldest pending delivery is two hours old',
  )
  t.match(json.checks.deliveries.message, /1 delivery due more than 5 min ago/)
  t.equal(json.checks.endpoints.status, 'warn')
  t.equal(json.checks.endpoints.near_auto_disable.length, 1)
  const near = json.checks.endpoints.near_auto_disable[0]
  t.equal(near?.id, endpoint.id)
  t.equal(near?.url, 'http://127.0.0.1:9/hooks')
  t.equal(
    new Date(near?.disables_at ?? 0).getTime() - new Date(near?.failing_since ?? 0).getTime(),
    webhooks.disableAfterMs,
    'disabled three days after it began failing',
  )
  t.equal(json.checks.api_keys.status, 'warn')
  t.same(
    json.checks.api_keys.unused.map((unused) => [unused.integration_name, unused.last_used_at === null]),
    [
      ['Never used', true],
      ['Old \u001b[31mPOS\u001b[0m sync', false],
    ],
    'oldest first; --json keeps the exact name',
  )
  t.notOk(json.checks.api_keys.unused.some((unused) => unused.integration_id === undefined))
  t.match(json.checks.api_keys.unused[0]?.prefix, /^shopapi_/)

  t.same(marksOf(human.stdout), {
    database: 'OK',
    migrations: 'OK',
    worker: 'FAIL',
    deliveries: 'FAIL',
    endpoints: 'WARN',
    'api keys': 'WARN',
  })
  t.match(human.stdout, /^shopapi status: FAIL/)
  t.notOk(human.stdout.includes('\u001b'), 'no raw escape byte reaches the terminal')
  t.ok(human.stdout.includes('Old \\u001b[31mPOS\\u001b[0m sync'), 'the name is shown escaped')
  t.match(human.stdout, /LAST USED[\s\S]*never/)
  t.match(human.stdout, endpoint.id)
})

t.test('only warnings (a delivery failed today, a silent worker beside a live one): ok, exit 0', async (t) => {
  const api = await startTestApp(t, { config: { webhooks } })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write', 'webhooks.manage'])
  const endpoint = await createEndpoint(api, key)
  const customer = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', key, {
    body: { first_name: 'Grace', last_name: 'Hopper' },
    idempotencyKey: randomUUID(),
  })
  await api.pool.query(
    `insert into webhook_deliveries (shop_id, public_id, endpoint_id, event_id, origin, status, next_attempt_at,
       created_at, completed_at, attempt_count)
     select e.shop_id, 'dlv_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.id, 'event', 'failed', null,
       now() - interval '3 days', now() - interval '1 hour', 8
     from events e join webhook_endpoints w on w.shop_id = e.shop_id and w.public_id = $1
     where e.object_id = $2`,
    [endpoint.id, customer.body.id],
  )
  await insertHeartbeat(api.pool, 2, 'shopapi worker')
  await insertHeartbeat(api.pool, 3600, 'shopapi serve (worker)')
  const { json, code, human } = await status(t, api.url)
  t.equal(code, 0, `warnings exit 0: ${describe(human)}`)
  t.equal(json.ok, true)
  t.equal(json.status, 'warn')
  t.equal(json.checks.deliveries.status, 'warn')
  t.equal(json.checks.deliveries.failed_last_24h, 1)
  t.equal(json.checks.deliveries.pending, 0)
  t.equal(json.checks.worker.status, 'warn')
  t.equal(json.checks.worker.workers.length, 2)
  t.equal(json.checks.worker.workers[0]?.application_name, 'shopapi worker', 'newest beat first')
  t.match(human.stdout, /^shopapi status: WARN/)
})

t.test('pending migrations are named and fail; status never applies them', async (t) => {
  const url = await createEmptyDatabase(t)
  const migrate = await runCommand(['migrate'], { DATABASE_URL: url })
  t.equal(migrate.code, 0, describe(migrate))
  // As a database last migrated by the build before this one would be.
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  t.teardown(() => client.end())
  await client.query('drop table worker_heartbeats')
  await client.query('delete from migrations where id = 16')

  const { json, code, human } = await status(t, url)
  t.equal(code, 1)
  t.equal(json.checks.migrations.status, 'fail')
  t.same(json.checks.migrations.pending, ['00016_worker-heartbeat.sql'])
  t.equal(json.checks.migrations.available - json.checks.migrations.applied, 1)
  t.match(
    json.checks.migrations.message,
    /1 migration of \d+ pending: 00016_worker-heartbeat\.sql; run `shopapi migrate`/,
  )
  t.equal(json.checks.worker.status, 'unknown', 'the heartbeat cannot be read before its migration')
  t.equal(json.checks.deliveries.status, 'ok', 'the other checks still run')
  t.equal(marksOf(human.stdout).migrations, 'FAIL')
  t.equal(marksOf(human.stdout).worker, '-')
  const { rows } = await client.query('select count(*)::int as n from migrations where id = 16')
  t.equal(rows[0].n, 0, 'status did not migrate')
})

t.test('an unreachable database: FAIL, the rest unknown, exit 1', async (t) => {
  const { json, code, human } = await status(t, 'postgres://postgres@127.0.0.1:1/none')
  t.equal(code, 1)
  t.equal(json.ok, false)
  t.equal(json.checks.database.status, 'fail')
  t.match(json.checks.database.message, /^not reachable: /)
  for (const name of ['migrations', 'worker', 'deliveries', 'endpoints', 'api_keys'] as const) {
    t.equal(json.checks[name].status, 'unknown', name)
  }
  t.equal(marksOf(human.stdout).database, 'FAIL')
})
