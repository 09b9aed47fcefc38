#!/usr/bin/env node
// The webhook worker's three batch statements (dispatch, claim, record) timed on their own, on a
// webhook_deliveries table that grew after the worker's connections had planned them, as it does in a
// shop that runs for a while. No HTTP: the receivers' answers are made up, so what is timed is the
// database side alone. Run after `npm run build` (it uses dist/):
//
//   flock /tmp/bench.lock node bench/webhook-statements.js
//
// A fresh database `shopapi_bench_stmt_<random>` on the server of DATABASE_URL (loopback only), dropped
// at the end. One shop, 10 integrations of 10 endpoints. Phase "young": cycles on a nearly empty table
// (each worker connection prepares the named statements and, after five runs, may settle on a generic
// plan); then BENCH_STMT_GROWN succeeded deliveries (with their attempts) are bulk-loaded without
// ANALYZE (autovacuum may be off, and is slow to catch up after a burst anyway); phase "grown": the
// same cycles again on the same connections. A cycle: BENCH_STMT_EVENTS new events are dispatched
// (leasing up to BENCH_STMT_BATCH deliveries), the rest are claimed in statements of up to
// BENCH_STMT_BATCH rows, and everything taken is recorded as answered 200 in batches of the same size.
// Found so far: with these batches generic plans were no slower on the grown table than custom ones
// (the fan-out bench, whose batches are small and frequent, is where they cost: see createWorkerPool);
// dispatch, which inserts the deliveries, is the costliest of the three per delivery.
// Prints, per phase and statement, the median and max wall milliseconds and the CPU milliseconds per run
// of the Postgres backend (from /proc: the server must be on this machine) and of this process (pg's
// side: building the parameters, parsing the rows); CPU is what the machine's other load disturbs least.
//
// Env: DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_STMT_GROWN (300000),
// BENCH_STMT_CYCLES (20 per phase), BENCH_STMT_EVENTS (8 events per cycle: 800 deliveries),
// BENCH_STMT_BATCH (400).
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { runMigrations } from '../dist/db/migrate.js'
import { createPool } from '../dist/db/pool.js'
import { claimDeliveries } from '../dist/worker/claim.js'
import { dispatchEvents } from '../dist/worker/dispatch.js'
import { recordAttempts } from '../dist/worker/record.js'
import * as worker from '../dist/worker/webhook-worker.js'

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const grown = Number(process.env.BENCH_STMT_GROWN ?? 300_000)
const cycles = Number(process.env.BENCH_STMT_CYCLES ?? 20)
const eventsPerCycle = Number(process.env.BENCH_STMT_EVENTS ?? 8)
const batch = Number(process.env.BENCH_STMT_BATCH ?? 400)
const endpointCount = 100
const lanes = 4
const leaseMs = 30_000
let backendPid = 0
const webhooks = { retryScheduleMs: [60_000, 300_000], disableAfterMs: 3 * 24 * 3600 * 1000 }

const host = new URL(serverUrl).hostname
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`loopback only, not "${host}"`)

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function withDatabase(url, name) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

async function seed(db) {
  const shopId = randomUUID()
  await db.query(
    `insert into shops (id, public_id, name, timezone, currency) values ($1, 'shop_bench', 'bench', 'UTC', 'USD')`,
    [shopId],
  )
  const { rows } = await db.query(
    `insert into integrations (shop_id, public_id, name, scopes)
     select $1, 'int_bench' || g, 'bench ' || g, '{customers.read,customers.write,webhooks.manage}'
     from generate_series(1, $2::int) g returning id`,
    [shopId, endpointCount / 10],
  )
  await db.query(
    `insert into webhook_endpoints (shop_id, public_id, integration_id, url, event_types, secret_sealed)
     select $1, 'we_bench' || g, ($2::uuid[])[1 + (g - 1) / 10], 'http://127.0.0.1:9/hook' || g, '{*}', $3
     from generate_series(1, $4::int) g`,
    [shopId, rows.map((row) => row.id), randomBytes(72), endpointCount],
  )
  return shopId
}

/** Past history: events with one succeeded delivery and attempt per endpoint, loaded without ANALYZE. */
async function grow(db, shopId, deliveries) {
  const events = Math.ceil(deliveries / endpointCount)
  await db.query(
    `insert into events (shop_id, public_id, type, object_type, object_id, dispatched, created_at)
     select $1, 'evt_old' || g, 'customer.created', 'customer', 'cus_old' || g, true, now() - interval '1 hour'
     from generate_series(1, $2::int) g`,
    [shopId, events],
  )
  await db.query(
    `insert into webhook_deliveries (shop_id, public_id, endpoint_id, event_id, origin, status, attempt_count,
       automatic_attempts, last_attempt_at, last_response_status, completed_at, created_at)
     select e.shop_id, 'dlv_old' || replace(gen_random_uuid()::text, '-', ''), w.id, e.id, 'event', 'succeeded', 1, 1,
       e.created_at, 200, e.created_at, e.created_at
     from events e cross join webhook_endpoints w where e.public_id like 'evt_old%'`,
  )
  await db.query(
    `insert into webhook_attempts (shop_id, delivery_id, number, started_at, duration_ms, response_status, signatures)
     select shop_id, id, 1, created_at, 3, 200, 1 from webhook_deliveries where public_id like 'dlv_old%'`,
  )
}

async function newEvents(db, shopId, n) {
  await db.query(
    `insert into events (shop_id, public_id, type, object_type, object_id)
     select $1, 'evt_' || replace(gen_random_uuid()::text, '-', ''), 'customer.created', 'customer', 'cus_x' || g
     from generate_series(1, $2::int) g`,
    [shopId, n],
  )
}

const answered = () => ({
  startedAt: new Date(),
  durationMs: 2,
  responseStatus: 200,
  error: null,
  responseBody: '{"ok":true}',
  signatures: 1,
  succeeded: true,
})

/** CPU seconds of a process so far (user + system), from /proc: the Postgres backend of the pool. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Wall time of each run of a statement, and the CPU it cost this process (pg's side) and its backend. */
async function timed(times, name, work) {
  const started = performance.now()
  const backendBefore = cpuSeconds(backendPid)
  const clientBefore = process.cpuUsage()
  const result = await work()
  const client = process.cpuUsage(clientBefore)
  times[name] ??= { wall: [], client: 0, backend: 0 }
  times[name].wall.push(performance.now() - started)
  times[name].client += (client.user + client.system) / 1000
  times[name].backend += (cpuSeconds(backendPid) - backendBefore) * 1000
  return result
}

async function cycle(pool, shopId, endpointIds, times) {
  await newEvents(pool, shopId, eventsPerCycle)
  const taken = []
  const rooms = new Map(endpointIds.map((id) => [id, lanes]))
  const dispatched = await timed(times, 'dispatch', () =>
    dispatchEvents(pool, 1000, { leaseMs, rooms, defaultRoom: lanes, total: batch }),
  )
  taken.push(...dispatched.leased)
  for (;;) {
    const wants = endpointIds.map((id) => ({ shop_id: shopId, endpoint_id: id, n: Math.ceil(batch / endpointCount) }))
    const claimed = await timed(times, 'claim', () => claimDeliveries(pool, wants, leaseMs))
    taken.push(...claimed.deliveries)
    if (claimed.deliveries.length === 0) break
  }
  for (let i = 0; i < taken.length; i += batch) {
    const items = taken.slice(i, i + batch).map((delivery) => ({ delivery, outcome: answered() }))
    await timed(times, 'record', () => recordAttempts(pool, items, webhooks))
  }
  return taken.length
}

function report(phase, times, delivered, seconds) {
  console.log(`${phase}: ${delivered} deliveries in ${seconds.toFixed(1)} s`)
  for (const [name, { wall, client, backend }] of Object.entries(times)) {
    const sorted = [...wall].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]
    console.log(
      `  ${name.padEnd(8)} ${wall.length}x wall median ${median.toFixed(1)} max ${sorted.at(-1).toFixed(1)} ms; ` +
        `CPU per run: Postgres backend ${(backend / wall.length).toFixed(1)} ms, this process ${(client / wall.length).toFixed(1)} ms`,
    )
  }
}

async function main() {
  const name = `shopapi_bench_stmt_${randomBytes(5).toString('hex')}`
  await admin(`create database ${name}`)
  const url = withDatabase(serverUrl, name)
  let pool
  try {
    await runMigrations(url)
    const setup = new pg.Pool({ connectionString: url, max: 1 })
    const shopId = await seed(setup)
    const { rows } = await setup.query('select id from webhook_endpoints order by public_id')
    const endpointIds = rows.map((row) => row.id)
    // The worker's own pool settings (builds before createWorkerPool: synchronous_commit off only).
    const workerPool =
      worker.createWorkerPool ?? ((url, options) => createPool(url, { ...options, synchronousCommit: false }))
    // One connection, so its backend's CPU is the statements' and its plans are the ones reused.
    pool = workerPool(url, { max: 1, applicationName: 'bench statements' })
    backendPid = (await pool.query('select pg_backend_pid() as pid')).rows[0].pid
    for (const phase of ['young', 'grown']) {
      if (phase === 'grown') {
        const started = performance.now()
        // The pool closes connections idle for 30 s: kept busy, so the grown phase runs on the same one.
        const keepAlive = setInterval(() => pool.query('select 1').catch(() => {}), 5000)
        await grow(setup, shopId, grown).finally(() => clearInterval(keepAlive))
        const pid = (await pool.query('select pg_backend_pid() as pid')).rows[0].pid
        if (pid !== backendPid) throw new Error('the worker connection was replaced while the table grew')
        console.log(
          `grew webhook_deliveries by ${grown} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        )
      }
      const times = {}
      let delivered = 0
      const started = performance.now()
      for (let i = 0; i < cycles; i++) delivered += await cycle(pool, shopId, endpointIds, times)
      report(phase, times, delivered, (performance.now() - started) / 1000)
    }
    await setup.end()
  } finally {
    await pool?.end()
    await admin(`drop database if exists ${name} with (force)`)
  }
}

await main()
