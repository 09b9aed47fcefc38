#!/usr/bin/env node
// npm run bench: throughput and latency of the API as users run it, against a bare Fastify + pg server
// (bench/bare-server.js) over the same tables of the same database, in one session, alternately, so
// every figure is a ratio to a ceiling measured on this (noisy) machine at that moment.
//
// Method (issue 13):
// - Servers, each its own process: `shopapi serve` as a user runs it (its default log level, the
//   webhook worker on), a second `shopapi serve` with SHOPAPI_LOG_LEVEL=error (the "quiet" scenario,
//   same database and secret key), and the bare server (named statements for every query, BEGIN and
//   COMMIT included; no auth, validation or logging; the API's SQL shapes). serve writes its log lines
//   to a file, as `shopapi serve >> serve.log` would, which the bench follows (counts, shows warnings).
// - Data: a bulk SQL load (bench/dataset.js: BENCH_CUSTOMERS customers with vehicles, repair orders,
//   jobs, invoices, a year of appointments; analyzed except the shop floor and calendar), then, once
//   serve is up, BENCH_API_CUSTOMERS customers POSTed through the API by BENCH_SEED_CONCURRENCY clients
//   (an Idempotency-Key each; the clients take turns between the two serve processes, so both have
//   served the same load before they are measured), and measured right away: no ANALYZE in between,
//   autovacuum held off the tables those rows read (customers, external_refs) until the "right after
//   the load" rows are done.
// - Then: GET /v1/customers/{id} (ids of the API-seeded customers) and the deep cursor page of 50
//   (cursors crawled from the seeded part of the list) "right after the load"; `ANALYZE customers,
//   external_refs`; the deep page again ("after ANALYZE"); then the other resources' list pages, the
//   calendar and the writes (POST /v1/customers with an Idempotency-Key and its event; POST
//   /v1/appointments).
// - Each scenario: a warm-up of every server, then BENCH_ROUNDS runs per server of BENCH_SECONDS with
//   BENCH_CONNECTIONS connections, in alternating order (bare, api, quiet, quiet, api, bare, ...); the
//   figure is the median run (req/s; p50 and p99 are the medians of the runs' own). The rows of the
//   issue's table are measured on both serve processes; the others on the default one (BENCH_QUIET=all:
//   on both). serve's resident set is sampled while it is under load (target < 200 MB at peak).
// - After each of the issue's rows, its per-request profile (bench/profile.js: round trips, server and
//   Postgres CPU, WAL, the steps of serve's request), printed after the summary; BENCH_PROFILE=0 skips it.
// - EXPLAIN (ANALYZE, BUFFERS) of the API's own customer statements right after the load and after
//   ANALYZE, and of the availability statements, are printed before the summary.
//
// The database is a fresh `shopapi_bench_<random>` on the server of DATABASE_URL, or on an embedded
// PostgreSQL in a temp directory when DATABASE_URL is absent, dropped at the end. Loopback only.
//
// Env: BENCH_SECONDS (6), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (2),
// BENCH_CUSTOMERS (2000, bulk-loaded), BENCH_API_CUSTOMERS (10000, POSTed), BENCH_SEED_CONCURRENCY (20),
// BENCH_QUIET (issue | all), BENCH_STRICT=1 (exit 1 when a default-logs ratio misses its goal).
//
// Then the webhook fan-out bench (bench/webhooks.js, its own database and serve; see its env there).
// Then the import bench (bench/import.js: 100,000 customers from CSV with `shopapi import customers`).
// Then the isolation bench (bench/isolation.js: one key's eight heavy requests in flight while another
// shop's GET /v1/shop is measured, and serve's RSS).
// Then the bounds bench (bench/bounds.js: the times and sizes the tests used to bound, printed with
// their goal: revocation to refusal, GET /v1/shop p99 while creates wait for DNS, heap growth, 1 MB
// adversarial input).
// BENCH_ONLY=webhooks runs only that one, BENCH_ONLY=import only the import bench, BENCH_ONLY=isolation
// only the isolation bench, BENCH_ONLY=bounds only the bounds bench, BENCH_ONLY=api only the API scenarios, BENCH_ONLY=issue only issue 26's three rows.
// Then the scale bench (bench/scale.js: pgbench's select-only and one-row commits, then 1 and 2 API
// nodes, 1 and 2 workers, with where the CPU went); BENCH_ONLY=scale runs only that one.
// First of all, the CLI start bench (bench/cli-start.js: --version, --help and every topic's --help beside
// a bare oclif start; no database); BENCH_ONLY=cli runs only that one.
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { openEmbeddedDatabase } from '../dist/db/embedded.js'
import { addDays } from '../dist/lib/wall-clock.js'
import { runBoundsBench } from './bounds.js'
import { runCliStartBench } from './cli-start.js'
import { createBenchDatabase, customerCreateBodies, sampleDataset } from './dataset.js'
import { cursorPosition, explainAvailability, explainListQueries } from './explain.js'
import { runImportBench } from './import.js'
import { runIsolationBench } from './isolation.js'
import { startProfiler } from './profile.js'
import { runScaleBench } from './scale.js'
import { spawnServer, withCleanup } from './spawn.js'
import { runWebhookBench } from './webhooks.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 6)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 2_000)
const apiCustomerCount = Number(process.env.BENCH_API_CUSTOMERS ?? 10_000)
const seedConcurrency = Number(process.env.BENCH_SEED_CONCURRENCY ?? 20)
const quietScope = process.env.BENCH_QUIET ?? 'issue'
const poolSize = Number(process.env.SHOPAPI_DB_POOL_SIZE ?? 20)
// The deep pages are those of the API-seeded customers (the newest, so pages 1 to N/50 of the list),
// from a third of the way down to the last: each page's statement is as deep as a shop's import makes it.
const seededPages = Math.floor(apiCustomerCount / 50)
const deepPages = { from: Math.max(2, Math.floor(seededPages / 3)), to: seededPages }
const rssTargetMb = 200
const benchOnly = process.env.BENCH_ONLY ?? ''
if (!['', 'api', 'issue', 'webhooks', 'import', 'isolation', 'bounds', 'scale', 'cli'].includes(benchOnly))
  throw new Error(`BENCH_ONLY: "${benchOnly}" is not api, issue, webhooks, import, isolation, bounds, scale or cli`)
if (!['issue', 'all'].includes(quietScope)) throw new Error(`BENCH_QUIET: "${quietScope}" is not issue or all`)
if (rounds < 1 || seconds <= 0 || connections < 1)
  throw new Error('BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS: > 0')
if (seededPages < 3) throw new Error('BENCH_API_CUSTOMERS: at least 150 (three pages of 50)')
// The tables the customer rows read: their statistics stay as the bulk load left them until ANALYZE.
const loadedTables = ['customers', 'external_refs']

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const log = (message) => process.stderr.write(`${message}\n`)
const fmt = (n) => Math.round(n).toLocaleString('en-US')
const benchStarted = Date.now()

async function main() {
  // The CLI's start needs no database, and runs before any server loads the machine.
  if (benchOnly === '' || benchOnly === 'cli') await runCliStartBench({ log })
  if (benchOnly === 'cli') return
  await withCleanup(log, async (cleanup) => {
    // 1. The database server: DATABASE_URL (local only) or an embedded one.
    let serverUrl = process.env.DATABASE_URL
    if (serverUrl) {
      const host = new URL(serverUrl).hostname
      if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) {
        throw new Error(`The bench only targets loopback: DATABASE_URL names host "${host}"`)
      }
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-pg-'))
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
      log(`No DATABASE_URL: starting an embedded PostgreSQL in ${dataDir}`)
      const embedded = await openEmbeddedDatabase(dataDir, { durable: false, onProgress: log })
      cleanup.push(() => embedded.stop())
      serverUrl = embedded.url
    }
    if (benchOnly === 'webhooks') {
      await runWebhookBench({ serverUrl, log, cleanup })
      return
    }
    if (benchOnly === 'import') {
      await runImportBench({ serverUrl, log })
      return
    }
    if (benchOnly === 'isolation') {
      await runIsolationBench({ serverUrl, log, cleanup })
      return
    }
    if (benchOnly === 'bounds') {
      await runBoundsBench({ serverUrl, log, cleanup })
      return
    }
    if (benchOnly === 'scale') {
      await runScaleBench({ serverUrl, log, cleanup })
      return
    }

    // 2. The bulk part of the data set.
    log(`Creating the bench database and bulk-loading ${fmt(customerCount)} customers and the shop floor`)
    const db = await createBenchDatabase(serverUrl, { customers: customerCount, log })
    cleanup.push(async () => {
      await db.drop()
      log(`dropped database ${db.name}`)
    })
    log(
      `database ${db.name}: ${fmt(db.counts.customers)} customers (${fmt(db.counts.archived)} archived), ${fmt(db.counts.vehicles)} vehicles, ${fmt(db.counts.externalIds)} external ids, ${fmt(db.counts.appointments)} appointments`,
    )
    const admin = new pg.Client({ connectionString: db.url })
    admin.on('error', () => {})
    await admin.connect()
    cleanup.push(() => admin.end())
    // "Right after the load" is a state, not a moment: autovacuum (on by default, naptime 1 min) would
    // analyze the seeded rows at some point during the seeding or the runs, and the row would measure
    // a mix. Held off these tables until those rows are measured; then ANALYZE, as autovacuum would.
    for (const table of loadedTables) await admin.query(`alter table ${table} set (autovacuum_enabled = false)`)
    // The per-request profile (bench/profile.js): its hook is preloaded into every server below.
    const profiler = await startProfiler({ databaseUrl: db.url, connections, log, cleanup })

    // 3. The servers, each its own process.
    const secretKey = randomBytes(32).toString('hex')
    const serveEnv = {
      DATABASE_URL: db.url,
      SHOPAPI_RATE_LIMIT_MAX: '100000000',
      // The same key on both serve processes: each accepts the cursors the other issued.
      SHOPAPI_SECRET_KEY: secretKey,
      // One key drives every connection: its in-flight bound (8 by default, per key) would answer 429.
      // Twice the connections: a slot is given back once the answer is over, and a client may send
      // its next request on the same connection a moment before this process has seen that.
      SHOPAPI_MAX_IN_FLIGHT_PER_KEY: String(connections * 2),
      SHOPAPI_DB_POOL_SIZE: String(poolSize),
      ...profiler.env,
    }
    const serveArgs = [path.join(root, 'bin/run.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--json']
    const startServe = async (label, env, onLine) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), `shopapi-bench-${label}-`))
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
      // Its log lines go to a file, as `shopapi serve >> serve.log` (see spawnServer's stdoutFile).
      const server = await spawnServer(
        label,
        [...profiler.nodeArgs, ...serveArgs],
        { ...serveEnv, SHOPAPI_DATA_DIR: dataDir, ...env },
        { onLine, stdoutFile: path.join(dataDir, 'stdout.log') },
      )
      cleanup.push(() => server.stop())
      return server
    }
    // No SHOPAPI_LOG_LEVEL: serve logs at its default level, as users run it (its lines are written
    // to a file, then read and counted here; warnings and errors are shown). The worker is on (serve's
    // default) in both.
    const api = await startServe('api', {}, countLogLine)
    const quiet = await startServe('quiet', { SHOPAPI_LOG_LEVEL: 'error' }, (line) =>
      process.stderr.write(`[quiet] ${line}\n`),
    )
    const bare = await spawnServer('bare', [...profiler.nodeArgs, path.join(root, 'bench/bare-server.js')], {
      ...profiler.env,
      DATABASE_URL: db.url,
      BENCH_SHOP_ID: db.shop.id,
      BENCH_INTEGRATION_ID: db.integration.id,
      SHOPAPI_DB_POOL_SIZE: String(poolSize),
    })
    cleanup.push(() => bare.stop())
    const auth = { authorization: `Bearer ${db.key}` }
    const servers = {
      bare: { base: bare.info.url, headers: {}, rss: null, pid: bare.pid },
      plain: { base: bare.info.url, headers: {}, rss: null, pid: bare.pid },
      api: { base: new URL(api.info.url).origin, headers: auth, rss: rssSampler(api.pid), pid: api.pid },
      quiet: { base: new URL(quiet.info.url).origin, headers: auth, rss: rssSampler(quiet.pid), pid: quiet.pid },
    }
    for (const server of Object.values(servers)) {
      if (new URL(server.base).hostname !== '127.0.0.1') {
        throw new Error(`Refusing to load a non-loopback server: ${server.base}`)
      }
      cleanup.push(async () => server.rss?.stop())
    }
    log(
      `api (shopapi serve, default log level, pid ${api.pid}) on ${servers.api.base}; api quiet (SHOPAPI_LOG_LEVEL=error, pid ${quiet.pid}) on ${servers.quiet.base}; bare (pid ${bare.pid}) on ${servers.bare.base}`,
    )
    const rssAtStart = { api: servers.api.rss.read(), quiet: servers.quiet.rss.read() }

    // 4. Customers seeded through the API, as an integration's import: 20 clients, a key each. The
    // clients take turns between the two serve processes, so both come to the runs with the same
    // history (V8's optimized code and heap sizing follow the load a process has seen: a process
    // that had served none ran 15-25 % below the other in the same round).
    const seeding = await seedCustomers([servers.api, servers.quiet], apiCustomerCount, seedConcurrency)
    const seededIds = seeding.ids
    // The plain ceiling's table (bench/bare-server.js, /plain): the same customers, copied right after
    // the load and, like customers, not analyzed until the "right after the load" rows are measured.
    await createPlainTable(admin)

    // 5. Right after the load: the deep cursors crawled through the API (both processes, for the
    // same reason), nothing analyzed.
    const cursors = await collectCursors(servers.api.base, auth)
    await collectCursors(servers.quiet.base, auth)
    log(`collected ${cursors.length} cursors of pages ${deepPages.from}-${deepPages.from + cursors.length - 1}`)
    const sample = await sampleDataset(db.url)
    const explainInput = {
      shop: db.shop,
      integration: db.integration,
      sample,
      deepCursor: cursorPosition(cursors.at(-1)),
      terms: sample.terms,
      getId: seededIds[0],
    }
    const freshPlans = await explainListQueries(db.url, { ...explainInput, deepOnly: true })
    const freshStats = await tableStats(admin)
    printPlans('right after the load (nothing analyzed since the bulk part)', freshPlans.plans, null, freshStats)

    const pickFrom = (list) => () => list[Math.floor(Math.random() * list.length)]
    const pickSeededId = pickFrom(seededIds)
    const pickCursor = pickFrom(cursors)
    const positions = new Map(cursors.map((c) => [c, cursorPosition(c)]))
    const deepPage = {
      api: { path: () => `/v1/customers?limit=50&cursor=${encodeURIComponent(pickCursor())}` },
      bare: {
        path: () => {
          const at = positions.get(pickCursor())
          return `/customers?limit=50&after_created_at=${encodeURIComponent(at.sortValue)}&after_id=${at.publicId}`
        },
      },
      plain: {
        path: () => {
          const at = positions.get(pickCursor())
          return `/plain/customers?limit=50&after_created_at=${encodeURIComponent(at.sortValue)}&after_id=${at.publicId}`
        },
      },
    }
    const results = []
    const run = async (scenario) => {
      results.push(await measureScenario(servers, scenario))
      if (scenario.issueRow) await profiler.profileScenario(scenario, results.at(-1), servers)
    }
    await run({
      name: 'GET /v1/customers/{id}',
      issueRow: true,
      target: 0.65,
      api: { path: () => `/v1/customers/${pickSeededId()}` },
      bare: { path: () => `/customers/${pickSeededId()}` },
      plain: { path: () => `/plain/customers/${pickSeededId()}` },
    })
    await run({ name: 'deep cursor page of 50, right after the load', issueRow: true, target: 0.65, ...deepPage })
    const statsBeforeAnalyze = await tableStats(admin)

    // 6. ANALYZE (what autovacuum would do next), then everything else.
    log(`\nanalyze ${loadedTables.join(', ')}`)
    for (const table of [...loadedTables, 'plain_customers']) {
      await admin.query(`alter table ${table} reset (autovacuum_enabled)`)
    }
    await admin.query(`analyze ${loadedTables.join(', ')}, plain_customers`)
    await run({ name: 'deep cursor page of 50, after ANALYZE', issueRow: true, target: 0.65, ...deepPage })

    const { plans, qSurvey } = await explainListQueries(db.url, explainInput)
    printPlans('after ANALYZE', plans, qSurvey, await tableStats(admin))
    const calendarPlans = await explainAvailability(db.url, { shop: db.shop, today: db.calendar.today })
    printCalendarPlans(calendarPlans)

    const pickTerm = pickFrom(sample.terms)
    const pickRepairOrder = pickFrom(sample.repairOrdersWithJobs)
    // A month of the booking calendar from any date of the next year.
    const pickStartDate = pickFrom(Array.from({ length: 365 }, (_, i) => addDays(db.calendar.today, i)))
    const monthQuery = () => {
      const start = pickStartDate()
      return `start_date=${start}&end_date=${addDays(start, 30)}`
    }
    const newAppointmentBody = appointmentBodies(sample.activeIds, db.calendar.bookableDates)
    const nextCustomer = customerCreateBodies(2042)
    const newCustomerBody = () => JSON.stringify(nextCustomer())
    const scenarios = [
      {
        name: 'GET /v1/shop',
        target: null,
        api: { path: () => '/v1/shop' },
        bare: { path: () => `/shop/${db.shop.public_id}` },
      },
      {
        name: 'GET /v1/customers?q=',
        target: null,
        api: { path: () => `/v1/customers?q=${encodeURIComponent(pickTerm())}` },
        bare: { path: () => `/customers?limit=50&q=${encodeURIComponent(pickTerm())}` },
      },
      {
        name: 'GET /v1/repair-orders page',
        target: 0.65,
        api: { path: () => '/v1/repair-orders?limit=50' },
        bare: { path: () => '/repair-orders?limit=50' },
      },
      {
        name: 'GET /v1/repair-orders/{id}/jobs page',
        target: 0.65,
        api: { path: () => `/v1/repair-orders/${pickRepairOrder()}/jobs?limit=50` },
        bare: { path: () => `/repair-orders/${pickRepairOrder()}/jobs?limit=50` },
      },
      {
        name: 'GET /v1/appointments page',
        target: 0.65,
        api: { path: () => '/v1/appointments?limit=50' },
        bare: { path: () => '/appointments?limit=50' },
      },
      {
        name: 'GET /v1/appointments/availability (31 days)',
        // Both servers spend most of it counting ~3,000 appointments.
        target: 0.6,
        api: { path: () => `/v1/appointments/availability?${monthQuery()}` },
        bare: { path: () => `/appointments/availability?${monthQuery()}` },
      },
      {
        name: 'GET /v1/invoices page (lines)',
        target: 0.65,
        api: { path: () => '/v1/invoices?limit=50' },
        bare: { path: () => '/invoices?limit=50' },
      },
      {
        name: 'POST /v1/customers with Idempotency-Key and event',
        issueRow: true,
        target: 0.55,
        api: {
          method: 'POST',
          path: () => '/v1/customers',
          headers: () => ({ 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
          body: newCustomerBody,
        },
        bare: {
          method: 'POST',
          path: () => '/customers',
          headers: () => ({ 'content-type': 'application/json' }),
          body: newCustomerBody,
        },
        plain: {
          method: 'POST',
          path: () => '/plain/customers',
          headers: () => ({ 'content-type': 'application/json' }),
          body: newCustomerBody,
        },
      },
      {
        name: 'POST /v1/appointments',
        // As POST /v1/customers: a write transaction, with idempotency on the API side only.
        target: 0.55,
        api: {
          method: 'POST',
          path: () => '/v1/appointments',
          headers: () => ({ 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
          body: newAppointmentBody,
        },
        bare: {
          method: 'POST',
          path: () => '/appointments',
          headers: () => ({ 'content-type': 'application/json' }),
          body: newAppointmentBody,
        },
      },
    ]
    // BENCH_ONLY=issue: the issue's rows alone (the reads above and the customer POST).
    for (const scenario of scenarios) if (benchOnly !== 'issue' || scenario.issueRow) await run(scenario)
    const rssAfter = { api: servers.api.rss.read(), quiet: servers.quiet.rss.read() }
    const rss = {
      atStart: rssAtStart,
      peak: { api: servers.api.rss.peak(), quiet: servers.quiet.rss.peak() },
      after: rssAfter,
    }
    // Done with the servers: stopped (serve's last log lines read), they no longer compete for the cores.
    await Promise.all([api.stop(), quiet.stop(), bare.stop()])

    printSummary(results, { plans, freshPlans: freshPlans.plans, qSurvey, calendarPlans, rss, db, seeding })
    console.log(
      `\nautovacuum held off ${loadedTables.join(', ')} until the rows right after the load were measured; customers then: ${describeStats(statsBeforeAnalyze)}`,
    )
    console.log(`serve (default level) logged ${fmt(infoLogLines)} lines below warn during the bench`)
    console.log(`runs repeated after 503 service_unavailable: ${repeatedRuns}`)
    console.log(`the API scenarios took ${((Date.now() - benchStarted) / 60_000).toFixed(1)} min`)
    profiler.print()
    const missed = results.filter((r) => r.target !== null && r.api.rps / (r.plain ?? r.bare).rps < r.target)
    if (missed.length > 0 && process.env.BENCH_STRICT === '1') process.exitCode = 1
    if (benchOnly === '') await runWebhookBench({ serverUrl, log, cleanup })
    if (benchOnly === '') await runImportBench({ serverUrl, log })
    if (benchOnly === '') await runIsolationBench({ serverUrl, log, cleanup })
    if (benchOnly === '') await runBoundsBench({ serverUrl, log, cleanup })
    if (benchOnly === '') await runScaleBench({ serverUrl, log, cleanup })
  })
}

/**
 * The plain ceiling's tables (issue 26): the customers' columns (search_text, a generated column, left
 * out) in a table with its public id as primary key and one index on (created_at desc, id desc), no
 * trigger; an outbox without indexes. Filled with the customers as they are, autovacuum held off
 * until ANALYZE, like customers.
 */
async function createPlainTable(client) {
  await client.query(`
    create table plain_customers (
      id text primary key, shop_id uuid not null, first_name text not null, last_name text not null,
      company_name text, email text, phone text, phone_normalized text, phone_alt text, phone_alt_normalized text,
      address_line1 text, address_city text, address_region text, address_postal_code text, address_country text,
      preferred_contact text, consent_sms_transactional boolean not null default false,
      consent_sms_marketing boolean not null default false, consent_email_transactional boolean not null default false,
      consent_email_marketing boolean not null default false, consent_voice boolean not null default false,
      consent_do_not_call boolean not null default false, notes text, tags text[] not null default '{}',
      fleet_account boolean not null default false, tax_exempt boolean not null default false,
      archived_at timestamptz, archive_reason text, merged_into_id uuid, version integer not null default 1,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      updated_at timestamptz not null default date_trunc('milliseconds', now())
    ) with (autovacuum_enabled = false);
    create index plain_customers_created_idx on plain_customers (created_at desc, id desc);
    create table plain_outbox (id text not null, type text not null, object_id text not null, summary jsonb not null,
      created_at timestamptz not null default now());
    insert into plain_customers select public_id, shop_id, first_name, last_name, company_name, email, phone,
      phone_normalized, phone_alt, phone_alt_normalized, address_line1, address_city, address_region,
      address_postal_code, address_country, preferred_contact, consent_sms_transactional, consent_sms_marketing,
      consent_email_transactional, consent_email_marketing, consent_voice, consent_do_not_call, notes, tags,
      fleet_account, tax_exempt, archived_at, archive_reason, merged_into_id, version, created_at, updated_at
    from customers order by created_at, public_id`)
}

let infoLogLines = 0
/** serve's log lines: counted, and shown only from warn (40) up. */
function countLogLine(line) {
  let level = 0
  try {
    level = JSON.parse(line).level ?? 0
  } catch {
    level = 50
  }
  if (level >= 40) process.stderr.write(`[api] ${line}\n`)
  else infoLogLines += 1
}

/**
 * `total` POST /v1/customers by `concurrency` clients (client i sends to targets[i % targets.length]),
 * each request with its own Idempotency-Key, as an integration imports a shop's customers. Returns
 * the new ids (in the order they were created) and the rate and latencies seen.
 */
async function seedCustomers(targets, total, concurrency) {
  const nextBody = customerCreateBodies()
  const ids = []
  const latencies = []
  let started = 0
  let retried = 0
  const begun = Date.now()
  log(
    `\nseeding ${fmt(total)} customers through POST /v1/customers, ${concurrency} concurrent clients over ${targets.length} serve processes`,
  )
  for (const target of targets) target.rss?.start()
  const client = async (server) => {
    while (started < total) {
      started += 1
      const body = JSON.stringify(nextBody())
      const headers = { ...server.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() }
      let response
      let text
      // As an integration does: a 503 is retried after its Retry-After with the same key and body
      // (at most 10 times), so a moment without a free database connection does not end the bench.
      for (let attempt = 1; ; attempt++) {
        const sent = performance.now()
        response = await fetch(`${server.base}/v1/customers`, { method: 'POST', headers, body })
        text = await response.text()
        latencies.push(performance.now() - sent)
        if (response.status !== 503 || attempt === 10) break
        retried += 1
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)))
      }
      if (response.status !== 201) throw new Error(`seeding: POST /v1/customers answered ${response.status}: ${text}`)
      ids.push(JSON.parse(text).id)
      if (ids.length % 1000 === 0 || ids.length === total) {
        const elapsed = (Date.now() - begun) / 1000
        log(
          `  seeded ${fmt(ids.length)}/${fmt(total)} customers (${elapsed.toFixed(1)} s, ${fmt(ids.length / elapsed)}/s)`,
        )
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, (_, i) => client(targets[i % targets.length])))
  } finally {
    for (const target of targets) target.rss?.pause()
  }
  latencies.sort((a, b) => a - b)
  const elapsed = (Date.now() - begun) / 1000
  return {
    ids,
    retried,
    seconds: elapsed,
    rps: total / elapsed,
    p50: latencies[Math.floor(latencies.length / 2)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  }
}

/** Bookings as an integration makes them: an active customer, an open date, 09:00-16:00 on the half hour. */
function appointmentBodies(customerIds, dates) {
  return () => {
    const minute = 9 * 60 + 30 * Math.floor(Math.random() * 15)
    return JSON.stringify({
      customer_id: customerIds[Math.floor(Math.random() * customerIds.length)],
      date: dates[Math.floor(Math.random() * dates.length)],
      time: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${minute % 60 === 0 ? '00' : '30'}`,
    })
  }
}

/** The serve process's resident set (VmRSS from /proc), sampled every 250 ms while it is under load. */
function rssSampler(pid) {
  const read = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      return match ? Number(match[1]) / 1024 : Number.NaN
    } catch {
      return Number.NaN
    }
  }
  let peak = Number.NaN
  let timer
  const sample = () => {
    const value = read()
    if (!(value <= peak)) peak = value
  }
  return {
    read,
    peak: () => peak,
    start() {
      sample()
      timer ??= setInterval(sample, 250)
    },
    pause() {
      sample()
      clearInterval(timer)
      timer = undefined
    },
    stop() {
      clearInterval(timer)
    },
  }
}

/** The planner's view of customers: what was loaded since it was last analyzed, and by whom. */
async function tableStats(client) {
  const { rows } = await client.query(
    `select s.n_live_tup::int as live, s.n_mod_since_analyze::int as modified, c.reltuples::int as reltuples,
       s.last_analyze, s.last_autoanalyze
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'customers'`,
  )
  return rows[0]
}

function describeStats(stats) {
  if (!stats) return 'no statistics row'
  const when = (at) => (at ? at.toISOString() : 'never')
  return `${fmt(stats.live)} live rows, ${fmt(stats.modified)} changed since last analyzed, planner's reltuples ${fmt(stats.reltuples)}; last ANALYZE ${when(stats.last_analyze)}, last autoanalyze ${when(stats.last_autoanalyze)}`
}

async function collectCursors(base, headers) {
  const cursors = []
  let cursor
  const started = Date.now()
  for (let page = 1; page <= deepPages.to; page++) {
    const response = await fetch(
      `${base}/v1/customers?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers },
    )
    if (response.status !== 200) throw new Error(`crawl page ${page}: ${response.status} ${await response.text()}`)
    if (cursor && page >= deepPages.from) cursors.push(cursor)
    const body = await response.json()
    if (!body.next_cursor) break
    cursor = body.next_cursor
    if (page % 50 === 0) log(`crawled ${page} pages (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  }
  if (cursors.length === 0) throw new Error(`The list has fewer than ${deepPages.from} pages: seed more customers`)
  return cursors
}

/**
 * One scenario: a warm-up of each server, then `rounds` runs of each in alternating order; the median
 * run of each server. The issue's rows (and every row with BENCH_QUIET=all) also measure quiet serve.
 */
async function measureScenario(servers, scenario) {
  const sides = scenario.issueRow || quietScope === 'all' ? ['bare', 'api', 'quiet'] : ['bare', 'api']
  // The plain ceiling is served by the bare server's process, on its own table.
  if (scenario.plain) sides.unshift('plain')
  const specOf = (side) => scenario[side === 'quiet' ? 'api' : side]
  log(`\n${scenario.name}: warm-up ${warmupSeconds} s each, then ${rounds} x ${seconds} s each (${sides.join(', ')})`)
  if (warmupSeconds > 0) {
    for (const side of sides) await measure(servers[side], specOf(side), warmupSeconds, `${side} warm-up`)
  }
  const runs = Object.fromEntries(sides.map((side) => [side, []]))
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      runs[side].push(await measure(servers[side], specOf(side), seconds, `${side} run ${round + 1}`))
    }
  }
  return {
    name: scenario.name,
    issueRow: scenario.issueRow ?? false,
    target: scenario.target,
    bare: medianOf(runs.bare),
    plain: runs.plain ? medianOf(runs.plain) : null,
    api: medianOf(runs.api),
    quiet: runs.quiet ? medianOf(runs.quiet) : null,
  }
}

let repeatedRuns = 0
/**
 * One autocannon run; throws when any response is not 2xx. A run whose only failures are 503
 * service_unavailable (serve could not get a database connection in time: on this shared machine,
 * another session's load or connections) is repeated once, and counted in the summary.
 */
async function measure(server, spec, duration, label) {
  try {
    return await measureOnce(server, spec, duration, label)
  } catch (error) {
    if (!error.unavailableOnly) throw error
    repeatedRuns += 1
    log(`  ${label}: only 503s (${error.message.split('. ')[0]}); repeating the run once in 3 s`)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    return measureOnce(server, spec, duration, `${label} again`)
  }
}

async function measureOnce(server, spec, duration, label) {
  let failure
  const request = {
    method: spec.method ?? 'GET',
    setupRequest: (req) => {
      req.path = spec.path()
      if (spec.headers) Object.assign(req.headers, spec.headers())
      if (spec.body) req.body = spec.body()
      return req
    },
    onResponse: (status, body) => {
      if ((status < 200 || status > 299) && failure === undefined) failure = `${status} ${String(body).slice(0, 300)}`
    },
  }
  server.rss?.start()
  const result = await autocannon({
    url: server.base,
    headers: server.headers,
    connections,
    duration,
    requests: [request],
  })
  server.rss?.pause()
  const run = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  }
  log(
    `  ${label.padEnd(15)} ${fmt(run.rps).padStart(6)} req/s  p50 ${String(run.p50).padStart(4)} ms  p99 ${String(run.p99).padStart(4)} ms  non-2xx ${run.non2xx}  errors ${run.errors}${server.rss ? `  RSS ${server.rss.read().toFixed(0)} MB` : ''}`,
  )
  if (run.non2xx > 0 || run.errors > 0) {
    const probe = await fetch(`${server.base}${spec.path()}`, {
      method: spec.method ?? 'GET',
      headers: { ...server.headers, ...(spec.headers?.() ?? {}) },
      ...(spec.body ? { body: spec.body() } : {}),
    })
      .then(async (r) => `${r.status} ${(await r.text()).slice(0, 500)}`)
      .catch((error) => error.message)
    const error = new Error(
      `${label} ${spec.method ?? 'GET'} ${server.base}: ${run.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)}), ${run.errors} errors/timeouts. The first failure answered: ${failure ?? '-'}. A sample request now answers: ${probe}`,
    )
    const codes = Object.keys(result.statusCodeStats ?? {}).filter((code) => !code.startsWith('2'))
    error.unavailableOnly = run.errors === 0 && codes.length === 1 && codes[0] === '503'
    throw error
  }
  return run
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The median run: req/s, and the medians of the runs' p50 and p99. */
function medianOf(runs) {
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    runs: runs.map((run) => run.rps),
  }
}

function printPlans(when, plans, qSurvey, stats) {
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) of the API's customer statements (built by dist/resources/customers), ${when}; customers: ${describeStats(stats)}`,
  )
  for (const plan of plans) {
    console.log(`\n-- ${plan.name}${plan.seqScanOnCustomers ? '   <-- Seq Scan on customers' : ''}`)
    console.log(plan.plan)
  }
  if (qSurvey) console.log(`\n-- ${describeQSurvey(qSurvey)}`)
}

function printCalendarPlans(plans) {
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the availability statements (run by dist/resources/appointments):')
  for (const plan of plans) {
    console.log(`\n-- ${plan.name}${plan.seqScanOnAppointments ? '   <-- Seq Scan on appointments' : ''}`)
    console.log(plan.plan)
  }
}

function describeQSurvey(q) {
  const seq = q.seqScans.length
  return `q over ${q.terms} sampled terms: mean ${q.meanMs.toFixed(1)} ms, p95 ${q.p95Ms.toFixed(1)} ms, worst ${q.worst}; ${q.trigram} via customers_search_idx, ${seq} by a Seq Scan on customers${seq > 0 ? ` (${q.seqScans.slice(0, 5).join(', ')}${seq > 5 ? ', ...' : ''})` : ''}, ${q.terms - q.trigram - seq} otherwise`
}

function printPlanLines(plans) {
  for (const plan of plans) {
    console.log(
      `  ${plan.name.padEnd(40)} ${plan.executionMs.toFixed(2).padStart(8)} ms  ${plan.seqScanOnCustomers ? 'SEQ SCAN' : 'no seq scan'}  ${plan.access}${plan.rowsFiltered > 1_000 ? `  <-- reads and filters out ${fmt(plan.rowsFiltered)} rows` : ''}`,
    )
  }
}

function printSummary(results, { plans, freshPlans, qSurvey, calendarPlans, rss, db, seeding }) {
  const where = process.env.DATABASE_URL ? 'DATABASE_URL server' : 'embedded PostgreSQL'
  console.log(
    `\n=== Summary: ${connections} connections, median of ${rounds} x ${seconds} s per server per scenario (alternating), ${where}, pool ${poolSize}`,
  )
  console.log(
    `data: ${fmt(db.counts.customers)} customers bulk-loaded + ${fmt(seeding.ids.length)} POSTed through the API (${seedConcurrency} clients, half on each serve: ${seeding.seconds.toFixed(1)} s, ${fmt(seeding.rps)}/s, p50 ${seeding.p50.toFixed(1)} ms, p99 ${seeding.p99.toFixed(1)} ms, ${seeding.retried} retried after 503), ${fmt(db.counts.vehicles)} vehicles, ${fmt(db.counts.shopFloor.repair_orders)} repair orders, ${fmt(db.counts.shopFloor.jobs)} jobs, ${fmt(db.counts.shopFloor.invoices)} invoices, ${fmt(db.counts.appointments)} appointments`,
  )
  console.log(
    'logs: "default" is `shopapi serve` at its default level (info: a line per request), "quiet" a second serve with SHOPAPI_LOG_LEVEL=error; both with the worker on',
  )
  console.log(
    'columns: shopapi; "same-schema bare" (bare-server.js over our own tables: the cost of our code); "plain bare" (the same server over plain_customers: one index, no trigger; the cost of our code and our schema). A goal is met against the plain ceiling where a row has one, else against the same-schema one.',
  )
  console.log(
    'spread: (fastest run - slowest run) / median run, shopapi/same-schema[/plain]: the noise of this machine at the time',
  )
  const nameWidth = Math.max(...results.map((r) => r.name.length))
  const columns = [
    ['request', nameWidth, 'left'],
    ['logs', 7, 'left'],
    ['shopapi req/s', 13],
    ['same-schema', 11],
    ['plain', 6],
    ['/same', 5],
    ['/plain', 6],
    ['goal', 6],
    ['', 4, 'left'],
    ['shopapi p50/p99 ms', 18],
    ['same p50/p99', 12],
    ['plain p50/p99', 13],
    ['spread', 13],
  ]
  const line = (cells) =>
    cells
      .map((cell, i) => {
        const [, width, align] = columns[i]
        return align === 'left' ? String(cell).padEnd(width) : String(cell).padStart(width)
      })
      .join('  ')
      .trimEnd()
  console.log(line(columns.map(([title]) => title)))
  const latency = (m) => (m ? `${m.p50.toFixed(1)}/${m.p99.toFixed(1)}` : '-')
  // How far apart a server's runs were: (fastest - slowest) / median.
  const spreadOf = (m) => `${Math.round(((Math.max(...m.runs) - Math.min(...m.runs)) / m.rps) * 100)}%`
  // Truncated, not rounded, so a ratio printed as the goal has met it.
  const shown = (ratio) => (Math.floor(ratio * 100) / 100).toFixed(2)
  const ordered = [...results.filter((r) => r.issueRow), ...results.filter((r) => !r.issueRow)]
  for (const r of ordered) {
    for (const [logs, side] of [
      ['default', r.api],
      ['quiet', r.quiet],
    ]) {
      if (!side) continue
      const goalRatio = side.rps / (r.plain ?? r.bare).rps
      console.log(
        line([
          logs === 'default' ? r.name : '',
          logs,
          fmt(side.rps),
          fmt(r.bare.rps),
          r.plain ? fmt(r.plain.rps) : '-',
          shown(side.rps / r.bare.rps),
          r.plain ? shown(side.rps / r.plain.rps) : '-',
          r.target === null ? '-' : `>=${r.target.toFixed(2)}`,
          r.target === null ? '' : goalRatio >= r.target ? 'ok' : 'MISS',
          latency(side),
          latency(r.bare),
          latency(r.plain),
          [side, r.bare, r.plain].filter(Boolean).map(spreadOf).join('/'),
        ]),
      )
    }
  }
  const mb = (value) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} MB`)
  for (const [label, key] of [
    ['default', 'api'],
    ['quiet', 'quiet'],
  ]) {
    const peak = rss.peak[key]
    console.log(
      `${label === 'default' ? '\n' : ''}serve RSS (${label} logs): ${mb(rss.atStart[key])} after start, peak ${mb(peak)} under load (seeding included), ${mb(rss.after[key])} after; target < ${rssTargetMb} MB: ${peak < rssTargetMb ? 'ok' : 'MISS'}`,
    )
  }
  console.log('\nCustomer statement plans right after the load (customers c):')
  printPlanLines(freshPlans)
  console.log('Customer statement plans after ANALYZE (customers c):')
  printPlanLines(plans)
  console.log(`  ${describeQSurvey(qSurvey)}`)
  const seq = plans.filter((p) => p.seqScanOnCustomers).map((p) => p.name)
  if (qSurvey.seqScans.length > 0) seq.push(`${qSurvey.seqScans.length} of the ${qSurvey.terms} q terms`)
  console.log(seq.length === 0 ? 'No plan has a Seq Scan on customers.' : `Seq Scan on customers in: ${seq.join(', ')}`)
  console.log(`\nAvailability plans (${fmt(db.counts.appointments)} appointments loaded, not analyzed):`)
  for (const plan of calendarPlans) {
    console.log(
      `  ${plan.name.padEnd(60)} ${plan.executionMs.toFixed(2).padStart(8)} ms  ${plan.seqScanOnAppointments ? 'SEQ SCAN' : 'no seq scan'}  ${plan.access}${plan.rowsFiltered > 5_000 ? `  <-- reads and filters out ${fmt(plan.rowsFiltered)} rows` : ''}`,
    )
  }
}

await main()
