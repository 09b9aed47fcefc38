#!/usr/bin/env node
// npm run bench: throughput and latency of the API (`shopapi serve`, spawned) against a bare Fastify + pg
// server (bench/bare-server.js, spawned) over the same tables of the same database, in the same run and
// alternately, so the figures are ratios to a ceiling measured on this (noisy) machine at that moment.
//
// The bench loads its own data set (bench/dataset.js) into a fresh database `shopapi_bench_<random>` on
// the server of DATABASE_URL, or on an embedded PostgreSQL in a temp directory when DATABASE_URL is
// absent, and drops it at the end. Loopback only: both servers listen on 127.0.0.1 and the database
// must be local too.
//
// Env: BENCH_SECONDS (10) per measured run, BENCH_CONNECTIONS (50), BENCH_ROUNDS (2: each server is
// measured this many times per scenario, in the order bare, api, api, bare, ...), BENCH_CUSTOMERS
// (100000), BENCH_WARMUP_SECONDS (2), BENCH_STRICT=1 (exit 1 when a ratio misses its target).
//
// Then the webhook fan-out bench (bench/webhooks.js, its own database and serve; see its env there).
// BENCH_ONLY=webhooks runs only that one, BENCH_ONLY=api only the API scenarios.
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { openEmbeddedDatabase } from '../dist/db/embedded.js'
import { addDays } from '../dist/lib/wall-clock.js'
import { createBenchDatabase, sampleDataset } from './dataset.js'
import { cursorPosition, explainAvailability, explainListQueries } from './explain.js'
import { spawnServer, withCleanup } from './spawn.js'
import { runWebhookBench } from './webhooks.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 100_000)
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
const poolSize = Number(process.env.SHOPAPI_DB_POOL_SIZE ?? 20)
// Pages 500-1500 of the default list at 100k customers (~1,900 pages); proportionally fewer for a smaller set.
const expectedPages = Math.floor((customerCount * 0.95) / 50)
const deepPages = { from: Math.min(500, Math.floor(expectedPages / 3)), to: Math.min(1500, expectedPages - 1) }
const rssTargetMb = 200
const benchOnly = process.env.BENCH_ONLY ?? ''
if (!['', 'api', 'webhooks'].includes(benchOnly)) throw new Error(`BENCH_ONLY: "${benchOnly}" is not api or webhooks`)

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const log = (message) => process.stderr.write(`${message}\n`)
const fmt = (n) => Math.round(n).toLocaleString('en-US')

async function main() {
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

    // 2. The data set.
    log(`Creating the bench database and loading ${fmt(customerCount)} customers`)
    const db = await createBenchDatabase(serverUrl, { customers: customerCount, log })
    cleanup.push(async () => {
      await db.drop()
      log(`dropped database ${db.name}`)
    })
    const sample = await sampleDataset(db.url)
    log(
      `database ${db.name}: ${fmt(db.counts.customers)} customers (${fmt(db.counts.archived)} archived), ${fmt(db.counts.vehicles)} vehicles, ${fmt(db.counts.externalIds)} external ids, ${fmt(db.counts.appointments)} appointments; ${sample.ids.length} ids and ${sample.terms.length} search terms sampled`,
    )

    // 3. The servers, each its own process.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-serve-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
    const api = await spawnServer(
      'api',
      [path.join(root, 'bin/run.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--json'],
      {
        DATABASE_URL: db.url,
        SHOPAPI_DATA_DIR: dataDir,
        // No SHOPAPI_LOG_LEVEL: serve logs at its default level, as users run it (its log lines are
        // read and counted here; warnings and errors are shown).
        SHOPAPI_RATE_LIMIT_MAX: '100000000',
        SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
        SHOPAPI_DB_POOL_SIZE: String(poolSize),
      },
      { onLine: countLogLine },
    )
    cleanup.push(() => api.stop())
    const apiBase = new URL(api.info.url).origin
    const bare = await spawnServer('bare', [path.join(root, 'bench/bare-server.js')], {
      DATABASE_URL: db.url,
      BENCH_SHOP_ID: db.shop.id,
      SHOPAPI_DB_POOL_SIZE: String(poolSize),
    })
    cleanup.push(() => bare.stop())
    for (const base of [apiBase, bare.info.url]) {
      if (new URL(base).hostname !== '127.0.0.1') throw new Error(`Refusing to load a non-loopback server: ${base}`)
    }
    log(`api (shopapi serve, pid ${api.pid}) on ${apiBase}; bare (pid ${bare.pid}) on ${bare.info.url}`)
    const auth = { authorization: `Bearer ${db.key}` }
    const rss = rssSampler(api.pid)
    cleanup.push(async () => rss.stop())
    const rssAtStart = rss.read()

    // 4. Deep cursors: crawl the default list and keep the cursors of pages 500-1500.
    const cursors = await collectCursors(apiBase, auth)
    log(`collected ${cursors.length} cursors of pages ${deepPages.from}-${deepPages.from + cursors.length - 1}`)

    // 5. EXPLAIN of the API's list queries at this size, before the POST runs add rows.
    const { plans, qSurvey } = await explainListQueries(db.url, {
      shop: db.shop,
      integration: db.integration,
      sample,
      deepCursor: cursorPosition(cursors.at(-1)),
      terms: sample.terms,
    })
    printPlans(plans, qSurvey)
    const calendarPlans = await explainAvailability(db.url, { shop: db.shop, today: db.calendar.today })
    printCalendarPlans(calendarPlans)

    // 6. The scenarios.
    const pickFrom = (list) => () => list[Math.floor(Math.random() * list.length)]
    const pickId = pickFrom(sample.ids)
    const pickCursor = pickFrom(cursors)
    const pickTerm = pickFrom(sample.terms)
    const pickRepairOrder = pickFrom(sample.repairOrdersWithJobs)
    const positions = new Map(cursors.map((c) => [c, cursorPosition(c)]))
    // A month of the booking calendar from any date of the next year.
    const pickStartDate = pickFrom(Array.from({ length: 365 }, (_, i) => addDays(db.calendar.today, i)))
    const monthQuery = () => {
      const start = pickStartDate()
      return `start_date=${start}&end_date=${addDays(start, 30)}`
    }
    const newAppointmentBody = appointmentBodies(sample.activeIds, db.calendar.bookableDates)
    const scenarios = [
      {
        name: 'GET /v1/shop',
        target: null,
        api: { path: () => '/v1/shop' },
        bare: { path: () => `/shop/${db.shop.public_id}` },
      },
      {
        name: 'GET /v1/customers/{id}',
        target: 0.55,
        api: { path: () => `/v1/customers/${pickId()}` },
        bare: { path: () => `/customers/${pickId()}` },
      },
      {
        name: 'GET /v1/customers deep page',
        target: 0.6,
        api: { path: () => `/v1/customers?limit=50&cursor=${encodeURIComponent(pickCursor())}` },
        bare: {
          path: () => {
            const at = positions.get(pickCursor())
            return `/customers?limit=50&after_created_at=${encodeURIComponent(at.sortValue)}&after_id=${at.publicId}`
          },
        },
      },
      {
        name: 'GET /v1/customers?q=',
        target: null,
        api: { path: () => `/v1/customers?q=${encodeURIComponent(pickTerm())}` },
        bare: { path: () => `/customers?limit=50&q=${encodeURIComponent(pickTerm())}` },
      },
      {
        name: 'GET /v1/repair-orders page',
        target: 0.6,
        api: { path: () => '/v1/repair-orders?limit=50' },
        bare: { path: () => '/repair-orders?limit=50' },
      },
      {
        name: 'GET /v1/repair-orders/{id}/jobs',
        target: 0.6,
        api: { path: () => `/v1/repair-orders/${pickRepairOrder()}/jobs?limit=50` },
        bare: { path: () => `/repair-orders/${pickRepairOrder()}/jobs?limit=50` },
      },
      {
        name: 'GET /v1/appointments/availability (31 days)',
        // As the list pages: both servers spend most of it counting ~3,000 appointments.
        target: 0.6,
        api: { path: () => `/v1/appointments/availability?${monthQuery()}` },
        bare: { path: () => `/appointments/availability?${monthQuery()}` },
      },
      {
        name: 'GET /v1/invoices page (lines)',
        target: null,
        api: { path: () => '/v1/invoices?limit=50' },
        bare: { path: () => '/invoices?limit=50' },
      },
      {
        name: 'POST /v1/customers',
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

    const servers = {
      bare: { base: bare.info.url, headers: {} },
      api: { base: apiBase, headers: auth },
    }
    const results = []
    for (const scenario of scenarios) {
      log(`\n${scenario.name}: warm-up ${warmupSeconds} s each, then ${rounds} x ${seconds} s each`)
      for (const side of ['bare', 'api']) {
        await measure(servers[side], scenario[side], warmupSeconds, `${side} warm-up`, side === 'api' ? rss : null)
      }
      const runs = { bare: [], api: [] }
      for (let round = 0; round < rounds; round++) {
        for (const side of round % 2 === 0 ? ['bare', 'api'] : ['api', 'bare']) {
          const run = await measure(
            servers[side],
            scenario[side],
            seconds,
            `${side} run ${round + 1}`,
            side === 'api' ? rss : null,
          )
          runs[side].push(run)
        }
      }
      results.push({ name: scenario.name, target: scenario.target, api: combine(runs.api), bare: combine(runs.bare) })
    }
    const rssAfter = rss.read()

    printSummary(results, { plans, qSurvey, calendarPlans, rssAtStart, rssPeak: rss.peak(), rssAfter, db })
    console.log(`serve logged ${fmt(infoLogLines)} lines below warn at its default level during the run`)
    const missed = results.filter((r) => r.target !== null && r.api.rps / r.bare.rps < r.target)
    if (missed.length > 0 && process.env.BENCH_STRICT === '1') process.exitCode = 1
    if (benchOnly !== 'api') {
      // The API scenarios' servers are done: they would only compete for the cores.
      await Promise.all([api.stop(), bare.stop()])
      await runWebhookBench({ serverUrl, log, cleanup })
    }
  })
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

const bodyFirst = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Harper', 'Rowan', 'Elena', 'Mateo']
const bodyLast = ['Okafor', 'Lindqvist', 'Castillo', 'Nakamura', 'Brennan', 'Haddad', 'Novak', 'Ferreira']

function newCustomerBody() {
  const first = bodyFirst[Math.floor(Math.random() * bodyFirst.length)]
  const last = bodyLast[Math.floor(Math.random() * bodyLast.length)]
  const n = Math.floor(Math.random() * 1_000_000)
  return JSON.stringify({
    first_name: first,
    last_name: last,
    email: `${first}.${last}${n}@example.com`.toLowerCase(),
    phone: `(312) ${200 + (n % 800)}-${String(n % 10_000).padStart(4, '0')}`,
    city: 'Chicago',
    region: 'IL',
    tags: n % 5 === 0 ? ['referral'] : [],
  })
}

/**
 * Bookings as an integration makes them: an active customer, an open date of the next year, on the
 * hour or half hour from 09:00 to 16:00 (an hour, inside the bench shop's 08:00-18:00).
 */
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

/** The serve process's resident set (VmRSS from /proc), sampled every 250 ms while API load runs. */
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
    if (page % 250 === 0) log(`crawled ${page} pages (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  }
  if (cursors.length === 0) throw new Error(`The list has fewer than ${deepPages.from} pages: load more customers`)
  return cursors
}

/** One autocannon run; throws when any response is not 2xx. */
async function measure(server, spec, duration, label, rss) {
  const request = {
    method: spec.method ?? 'GET',
    setupRequest: (req) => {
      req.path = spec.path()
      if (spec.headers) Object.assign(req.headers, spec.headers())
      if (spec.body) req.body = spec.body()
      return req
    },
  }
  rss?.start()
  const result = await autocannon({
    url: server.base,
    headers: server.headers,
    connections,
    duration,
    requests: [request],
  })
  rss?.pause()
  const run = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  }
  log(
    `  ${label.padEnd(14)} ${fmt(run.rps).padStart(6)} req/s  p50 ${String(run.p50).padStart(4)} ms  p99 ${String(run.p99).padStart(4)} ms  non-2xx ${run.non2xx}  errors ${run.errors}${rss ? `  serve RSS ${rss.read().toFixed(0)} MB` : ''}`,
  )
  if (run.non2xx > 0 || run.errors > 0) {
    const probe = await fetch(`${server.base}${spec.path()}`, {
      method: spec.method ?? 'GET',
      headers: { ...server.headers, ...(spec.headers?.() ?? {}) },
      ...(spec.body ? { body: spec.body() } : {}),
    })
      .then(async (r) => `${r.status} ${(await r.text()).slice(0, 500)}`)
      .catch((error) => error.message)
    throw new Error(
      `${label} ${spec.method ?? 'GET'} ${server.base}: ${run.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)}), ${run.errors} errors/timeouts. A sample request now answers: ${probe}`,
    )
  }
  return run
}

function combine(runs) {
  const mean = (key) => runs.reduce((sum, run) => sum + run[key], 0) / runs.length
  return {
    rps: mean('rps'),
    p50: mean('p50'),
    p99: mean('p99'),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    runs: runs.map((run) => run.rps),
  }
}

function printPlans(plans, qSurvey) {
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the API list queries (built by dist/services/customers.js):')
  for (const plan of plans) {
    console.log(`\n-- ${plan.name}${plan.seqScanOnCustomers ? '   <-- Seq Scan on customers' : ''}`)
    console.log(plan.plan)
  }
  console.log(`\n-- ${describeQSurvey(qSurvey)}`)
}

function printCalendarPlans(plans) {
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the availability statements (run by dist/resources/appointments):')
  for (const plan of plans) {
    console.log(`\n-- ${plan.name}${plan.seqScanOnAppointments ? '   <-- Seq Scan on appointments' : ''}`)
    console.log(plan.plan)
  }
}

function describeQSurvey(q) {
  return `q over ${q.terms} sampled terms: mean ${q.meanMs.toFixed(1)} ms, p95 ${q.p95Ms.toFixed(1)} ms, worst ${q.worst}; ${q.trigram} via customers_search_idx, ${q.terms - q.trigram} via the created_at index; Seq Scan on customers: ${q.seqScans.length === 0 ? 'none' : q.seqScans.join(', ')}`
}

function printSummary(results, { plans, qSurvey, calendarPlans, rssAtStart, rssPeak, rssAfter, db }) {
  const where = process.env.DATABASE_URL ? 'DATABASE_URL server' : 'embedded PostgreSQL'
  console.log(
    `\n=== Summary: ${connections} connections, ${rounds} x ${seconds} s per server per scenario (alternating), ${fmt(db.counts.customers)} customers / ${fmt(db.counts.vehicles)} vehicles / ${fmt(db.counts.shopFloor.repair_orders)} repair orders / ${fmt(db.counts.shopFloor.jobs)} jobs / ${fmt(db.counts.shopFloor.invoices)} invoices / ${fmt(db.counts.appointments)} appointments, ${where}, pool ${poolSize}`,
  )
  const nameWidth = Math.max(...results.map((r) => r.name.length))
  const header = [
    'scenario'.padEnd(nameWidth),
    'api req/s'.padStart(9),
    'bare req/s'.padStart(10),
    'ratio'.padStart(6),
    'target'.padStart(7),
    '',
    'api p50/p99 ms'.padStart(14),
    'bare p50/p99 ms'.padStart(15),
    'non-2xx'.padStart(7),
  ]
  console.log(header.join(' '))
  for (const r of results) {
    const ratio = r.api.rps / r.bare.rps
    const verdict = r.target === null ? '    ' : ratio >= r.target ? 'ok  ' : 'MISS'
    console.log(
      [
        r.name.padEnd(nameWidth),
        fmt(r.api.rps).padStart(9),
        fmt(r.bare.rps).padStart(10),
        ratio.toFixed(2).padStart(6),
        (r.target === null ? '-' : `>=${r.target.toFixed(2)}`).padStart(7),
        verdict,
        `${r.api.p50.toFixed(1)}/${r.api.p99.toFixed(1)}`.padStart(14),
        `${r.bare.p50.toFixed(1)}/${r.bare.p99.toFixed(1)}`.padStart(15),
        String(r.api.non2xx + r.bare.non2xx).padStart(7),
      ].join(' '),
    )
  }
  const mb = (value) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} MB`)
  console.log(
    `\nserve RSS (pid of \`shopapi serve\`): ${mb(rssAtStart)} after start, peak ${mb(rssPeak)} under load, ${mb(rssAfter)} after the load; target < ${rssTargetMb} MB: ${rssPeak < rssTargetMb ? 'ok' : 'MISS'}`,
  )
  console.log('\nList query plans (customers c):')
  for (const plan of plans) {
    console.log(
      `  ${plan.name.padEnd(40)} ${plan.executionMs.toFixed(2).padStart(8)} ms  ${plan.seqScanOnCustomers ? 'SEQ SCAN' : 'no seq scan'}  ${plan.access}${plan.rowsFiltered > 10_000 ? `  <-- reads and filters out ${fmt(plan.rowsFiltered)} rows` : ''}`,
    )
  }
  console.log(`  ${describeQSurvey(qSurvey)}`)
  const seq = [...plans.filter((p) => p.seqScanOnCustomers).map((p) => p.name), ...qSurvey.seqScans]
  console.log(seq.length === 0 ? 'No plan has a Seq Scan on customers.' : `Seq Scan on customers in: ${seq.join(', ')}`)
  console.log(`\nAvailability plans (${fmt(db.counts.appointments)} appointments loaded, not analyzed):`)
  for (const plan of calendarPlans) {
    console.log(
      `  ${plan.name.padEnd(60)} ${plan.executionMs.toFixed(2).padStart(8)} ms  ${plan.seqScanOnAppointments ? 'SEQ SCAN' : 'no seq scan'}  ${plan.access}${plan.rowsFiltered > 5_000 ? `  <-- reads and filters out ${fmt(plan.rowsFiltered)} rows` : ''}`,
    )
  }
}

await main()
