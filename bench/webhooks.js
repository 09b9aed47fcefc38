#!/usr/bin/env node
// Webhook fan-out bench: how fast committed events reach N receivers through the delivery worker that
// runs inside `shopapi serve`. Part of `npm run bench` (after the API scenarios; BENCH_ONLY=webhooks runs
// only this) and runnable alone: `node bench/webhooks.js` (after `npm run build`).
//
// A fresh database `shopapi_bench_wh_<random>` on the server of DATABASE_URL (loopback only), or on an
// embedded PostgreSQL in a temp directory when DATABASE_URL is absent; dropped at the end. `shopapi serve`
// is spawned on it with its worker and default worker settings; integrations and keys are made with the
// CLI. The receivers (node:http on 127.0.0.1, one port per endpoint, answering 200 as soon as the body is
// read) run in a child process of their own, so the load generator and the receivers do not share an
// event loop; both stamp times with process.hrtime (CLOCK_MONOTONIC, the same clock in every process).
//
// Phases: idle first delivery (1 endpoint, single events spaced apart, no load); then one run per
// endpoint count (1, 10, 100: ten endpoints per integration at most, so ceil(N/10) integrations) at the
// same event rate, so N x rate deliveries a second are offered (100 endpoints at 10 events/s: 1,000/s);
// then the same rate with the largest count plus one dead receiver (accepts the connection, never
// answers) in an integration of its own, whose healthy p99 is compared with the run without it; then a
// peak run (100 endpoints, more events than the worker can deliver) whose steady delivery rate is the
// sustained throughput. Each run registers its endpoints, POSTs customers on an open-loop schedule,
// waits for the deliveries (up to the drain timeout), then deletes its endpoints.
//
// The schedule is open-loop: event i is POSTed at start + i/rate whatever the earlier POSTs are doing
// (up to BENCH_WEBHOOK_CLIENTS in flight), so a slow server does not quietly lower the load offered; how
// late each POST left (schedule lag) and the rate achieved are reported beside the rate asked for.
//
// "Commit" time is when the 201 of POST /v1/customers arrives back at the bench: a slight over-estimate
// of the commit instant (the response is written after COMMIT), so latencies are a slight under-estimate.
// Latency = first receipt of (endpoint, event) at a receiver - that 201.
//
// Env: BENCH_WEBHOOK_RATE (10 events/s), BENCH_WEBHOOK_SECONDS (10), BENCH_WEBHOOK_CLIENTS (64 POSTs in
// flight at most), BENCH_WEBHOOK_PEAK_RATE (30 events/s: 3,000 deliveries/s to 100 endpoints),
// BENCH_WEBHOOK_PEAK_SECONDS (15), BENCH_WEBHOOK_DRAIN_SECONDS (30), BENCH_WEBHOOK_ENDPOINTS (1,10,100),
// BENCH_WEBHOOK_DEAD_AMONG (the largest count: healthy endpoints beside the dead one),
// BENCH_WEBHOOK_PHASES (idle,counts,dead,peak: which phases run), BENCH_WEBHOOK_IDLE_EVENTS (20, spaced
// BENCH_WEBHOOK_IDLE_GAP_MS 200 ms apart), BENCH_SERVE_NODE_ARGS (node flags for serve alone, e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof"). serve's resident set (VmRSS) is sampled every 250 ms, and the
// CPU time of serve, its Postgres backends, the receivers, the bench and the rest of the machine per run.
import { fork, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { Pool } from 'undici'
import { spawnServer, withCleanup } from './spawn.js'

const thisFile = fileURLToPath(import.meta.url)
const root = path.resolve(path.dirname(thisFile), '..')
const loopbackHosts = ['127.0.0.1', 'localhost', '::1', '[::1]', '']
const perIntegration = 10

/** Milliseconds on CLOCK_MONOTONIC (shared by all processes of the machine), microsecond precision. */
const now = () => Number(process.hrtime.bigint() / 1000n) / 1000
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const defaultLog = (message) => process.stderr.write(`${message}\n`)
const fmt = (n) => Math.round(n).toLocaleString('en-US')
const ms1 = (n) => (n === null || n === undefined || Number.isNaN(n) ? '-' : n.toFixed(1))

const phaseNames = ['idle', 'counts', 'dead', 'peak']

function settingsFromEnv(env = process.env) {
  const number = (name, fallback) => {
    const value = Number(env[name] ?? fallback)
    if (!(value > 0)) throw new Error(`${name} must be a positive number, got "${env[name]}"`)
    return value
  }
  const endpointCounts = (env.BENCH_WEBHOOK_ENDPOINTS ?? '1,10,100').split(',').map((part) => {
    const n = Number(part.trim())
    if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_WEBHOOK_ENDPOINTS: "${part}" is not a count`)
    return n
  })
  const phases = (env.BENCH_WEBHOOK_PHASES ?? phaseNames.join(',')).split(',').map((part) => part.trim())
  for (const phase of phases) {
    if (!phaseNames.includes(phase)) throw new Error(`BENCH_WEBHOOK_PHASES: "${phase}" is not one of ${phaseNames}`)
  }
  return {
    rate: number('BENCH_WEBHOOK_RATE', 10),
    seconds: number('BENCH_WEBHOOK_SECONDS', 10),
    clients: Math.round(number('BENCH_WEBHOOK_CLIENTS', 64)),
    peakRate: number('BENCH_WEBHOOK_PEAK_RATE', 30),
    peakSeconds: number('BENCH_WEBHOOK_PEAK_SECONDS', 15),
    drainSeconds: number('BENCH_WEBHOOK_DRAIN_SECONDS', 30),
    endpointCounts,
    deadAmong: Math.round(number('BENCH_WEBHOOK_DEAD_AMONG', Math.max(...endpointCounts))),
    phases,
    idleEvents: Math.round(number('BENCH_WEBHOOK_IDLE_EVENTS', 20)),
    idleGapMs: number('BENCH_WEBHOOK_IDLE_GAP_MS', 200),
  }
}

/**
 * Runs the webhook bench against a fresh database on `serverUrl` (a PostgreSQL server URL; the bench
 * creates and drops its own database there). Prints its tables on stdout, progress through `log`, and
 * returns the figures. Every resource it opens is also pushed on `cleanup` (the caller's stack of async
 * steps, run in reverse on Ctrl-C); the steps run once however many times they are called.
 */
export async function runWebhookBench({ serverUrl, log = defaultLog, cleanup = [], settings = settingsFromEnv() }) {
  const started = now()
  const loadAtStart = loadavg()[0]
  const { rate, seconds, clients, peakRate, peakSeconds, drainSeconds, endpointCounts, deadAmong, phases } = settings
  const { idleEvents, idleGapMs } = settings
  const host = new URL(serverUrl).hostname
  if (!loopbackHosts.includes(host)) throw new Error(`The bench only targets loopback: database host "${host}"`)

  const steps = []
  const onCleanup = (fn) => {
    let running
    const step = () => {
      running ??= Promise.resolve().then(fn)
      return running
    }
    steps.push(step)
    cleanup.push(step)
  }
  try {
    // 1. The database, the serve process, the receivers' process.
    const name = `shopapi_bench_wh_${randomBytes(5).toString('hex')}`
    await withClient(serverUrl, (client) => client.query(`create database ${name}`))
    onCleanup(async () => {
      await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
      log(`dropped database ${name}`)
    })
    const databaseUrl = withDatabaseName(serverUrl, name)
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-wh-'))
    onCleanup(() => rm(dataDir, { recursive: true, force: true }))
    const env = {
      DATABASE_URL: databaseUrl,
      SHOPAPI_DATA_DIR: dataDir,
      SHOPAPI_LOG_LEVEL: 'warn',
      SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
      SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
      // The bench's POSTs and registrations are far above the default per-key budget.
      SHOPAPI_RATE_LIMIT_MAX: '100000000',
    }
    // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for serve alone (not the CLI or receivers).
    const serveNodeArgs = (process.env.BENCH_SERVE_NODE_ARGS ?? '').split(' ').filter(Boolean)
    log(`\nWebhook fan-out bench: database ${name}; starting shopapi serve (with its worker)`)
    const serve = await spawnServe(env, log, serveNodeArgs)
    onCleanup(() => serve.stop())
    const api = new URL(serve.info.url).origin
    if (new URL(api).hostname !== '127.0.0.1') throw new Error(`Refusing to load a non-loopback server: ${api}`)
    const receivers = await startReceivers()
    onCleanup(() => receivers.stop())
    const inspect = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'bench inspect' })
    inspect.on('error', () => {})
    onCleanup(() => inspect.end())
    log(`serve (pid ${serve.pid}) on ${api}; receivers in pid ${receivers.pid}`)
    const rss = rssSampler(serve.pid)
    onCleanup(() => rss.stop())

    // 2. Integrations and keys, with the CLI: enough for the largest run, plus one for the dead endpoint.
    const healthyIntegrations = Math.ceil(Math.max(...endpointCounts, deadAmong, 100) / perIntegration)
    const cliStarted = now()
    const integrations = await mapLimit(
      Array.from({ length: healthyIntegrations + 1 }, (_, i) => i),
      4,
      (i) =>
        cli(
          [
            'integrations',
            'create',
            '--name',
            i < healthyIntegrations ? `bench ${i + 1}` : 'bench dead receiver',
            '--scopes',
            'customers.read,customers.write,webhooks.manage',
            '--shop',
            serve.info.shop.id,
            '--json',
          ],
          env,
        ),
    )
    const deadIntegration = integrations.pop()
    log(`created ${integrations.length + 1} integrations with the CLI in ${((now() - cliStarted) / 1000).toFixed(1)} s`)

    const apiPool = new Pool(api, { connections: clients + 2, keepAliveTimeout: 30_000 })
    onCleanup(() => apiPool.close())
    const ctx = { http: apiPool, api, receivers, inspect, log, poster: integrations[0].api_key, serve, rss }

    // 3. Idle first delivery: one endpoint, single events, nothing else going on.
    const idle = phases.includes('idle')
      ? await runPhase(ctx, {
          label: 'idle, 1 endpoint',
          endpoints: endpointSlots(1, integrations),
          dead: [],
          drainSeconds,
          load: () => sequentialEvents(ctx, idleEvents, idleGapMs),
        })
      : null

    // 4. The load runs.
    const runs = []
    const loadSpec = { rate, seconds, clients }
    const countRun = (n) =>
      runPhase(ctx, {
        label: `${n} endpoint${n === 1 ? '' : 's'}`,
        endpoints: endpointSlots(n, integrations),
        dead: [],
        drainSeconds,
        load: () => steadyLoad(ctx, loadSpec),
      })
    if (phases.includes('counts')) for (const n of endpointCounts) runs.push(await countRun(n))
    let deadRun = null
    let reference = null
    if (phases.includes('dead')) {
      // The reference is the same run without the dead receiver, measured again if the counts skipped it.
      reference = runs.find((run) => run.healthy === deadAmong) ?? (await countRun(deadAmong))
      if (!runs.includes(reference)) runs.push(reference)
      deadRun = await runPhase(ctx, {
        label: `${deadAmong} endpoints + 1 dead`,
        endpoints: endpointSlots(deadAmong, integrations),
        dead: [deadIntegration],
        drainSeconds,
        load: () => steadyLoad(ctx, loadSpec),
      })
      runs.push(deadRun)
    }
    if (phases.includes('peak')) {
      runs.push(
        await runPhase(ctx, {
          label: `peak, 100 endpoints`,
          endpoints: endpointSlots(100, integrations),
          dead: [],
          drainSeconds,
          load: () => steadyLoad(ctx, { rate: peakRate, seconds: peakSeconds, clients }),
        }),
      )
    }

    const result = {
      settings,
      database: process.env.DATABASE_URL ? 'DATABASE_URL server' : 'embedded PostgreSQL',
      worker: workerSettings(),
      machine: { cores: availableParallelism(), loadAtStart, loadAtEnd: loadavg()[0] },
      idle,
      runs,
      dead: deadRun
        ? {
            healthyP99: deadRun.latency.p99,
            healthyP50: deadRun.latency.p50,
            referenceP99: reference.latency.p99,
            referenceP50: reference.latency.p50,
            deadRequests: deadRun.deadRequests,
            among: deadAmong,
          }
        : null,
      rssPeakMb: rss.peak(),
      seconds: 0,
    }
    result.seconds = (now() - started) / 1000
    printWebhookSummary(result)
    return result
  } finally {
    for (const step of [...steps].reverse()) await step().catch((error) => log(`cleanup: ${error.message}`))
  }
}

/** The first `n` endpoint slots: integration i holds endpoints 10i .. 10i+9. */
function endpointSlots(n, integrations) {
  return Array.from({ length: n }, (_, i) => integrations[Math.floor(i / perIntegration)])
}

/**
 * One phase: receivers up, endpoints registered, the load, the drain, the figures, endpoints deleted,
 * receivers closed.
 */
async function runPhase(ctx, { label, endpoints, dead, drainSeconds, load }) {
  const { receivers, log } = ctx
  const healthy = endpoints.length
  log(
    `\n${label}: registering ${healthy} endpoint${healthy === 1 ? '' : 's'}${dead.length ? ` + ${dead.length} dead` : ''}`,
  )
  const receiver = await receivers.open(healthy, dead.length)
  const owners = [...endpoints, ...dead]
  let registered = []
  let stats
  try {
    // One integration's endpoints one at a time: concurrent creates in one integration deadlock in
    // PostgreSQL (idempotency row's FK share lock, then FOR UPDATE on the integration) and get 409s.
    const groups = new Map()
    owners.forEach((integration, i) => {
      groups.set(integration, [...(groups.get(integration) ?? []), i])
    })
    registered = new Array(owners.length)
    await mapLimit([...groups], 10, async ([integration, indexes]) => {
      for (const i of indexes) registered[i] = await createEndpoint(ctx, integration, receiver.urls[i])
    })
    const cpuBefore = cpuSeconds(ctx.serve.pid)
    const receiversCpuBefore = cpuSeconds(ctx.receivers.pid)
    const benchCpuBefore = process.cpuUsage()
    const machineBefore = machineCpu()
    const activity = sampleActivity(ctx.inspect)
    ctx.rss.resetPhase()
    const loadResult = await load()
    const loadEnd = now()
    const expected = loadResult.commits.size * healthy
    const deadline = loadEnd + drainSeconds * 1000
    let counts = await receiver.count()
    while (counts.unique < expected && now() < deadline) {
      await sleep(100)
      counts = await receiver.count()
    }
    const cpuAfter = cpuSeconds(ctx.serve.pid)
    const pool = await activity.stop()
    const machineAfter = machineCpu()
    const benchCpu = process.cpuUsage(benchCpuBefore)
    const cpu = {
      serve: cpuAfter - cpuBefore,
      postgres: pool.backendCpuSeconds,
      receivers: cpuSeconds(ctx.receivers.pid) - receiversCpuBefore,
      bench: (benchCpu.user + benchCpu.system) / 1e6,
      machine: machineAfter.busy - machineBefore.busy,
      seconds: machineAfter.total - machineBefore.total,
    }
    cpu.others = cpu.machine - cpu.serve - cpu.postgres - cpu.receivers - cpu.bench
    const drained = counts.unique >= expected
    const collected = await receiver.collect()
    const ids = registered.map((endpoint) => endpoint.id)
    const deliveries = await deliveryStates(ctx.inspect, ids.slice(0, healthy))
    const deadDeliveries = dead.length ? await deliveryStates(ctx.inspect, ids.slice(healthy)) : null
    stats = summarize(label, loadResult, collected, healthy)
    Object.assign(stats, {
      drained,
      deliveries,
      deadDeliveries,
      serveCpuSeconds: cpuAfter - cpuBefore,
      cpu,
      serveRssPeakMb: ctx.rss.phasePeak(),
      servePool: pool,
      receiverElu: collected.elu,
      deadRequests: collected.deadRequests,
      deadConnections: collected.deadConnections,
      deadEndpoints: dead.length,
    })
    log(
      `  ${stats.events} events (${stats.targetRate ? `${ms1(stats.targetRate)}/s asked, ` : ''}${ms1(stats.offeredRate)}/s achieved, schedule lag p99 ${ms1(stats.lag?.p99)} max ${ms1(stats.lag?.max)} ms, POST p50/p99 ${ms1(stats.post.p50)}/${ms1(stats.post.p99)} ms, ${stats.postErrors} errors); ` +
        `${fmt(stats.received)}/${fmt(stats.expected)} deliveries${drained ? '' : ` (drain timeout ${drainSeconds} s)`} at ${fmt(stats.deliveriesPerSecond)}/s overall, ${fmt(stats.steadyRate)}/s steady (${fmt(stats.offeredDeliveries)}/s offered); serve RSS peak ${ms1(stats.serveRssPeakMb)} MB; ` +
        `latency p50 ${ms1(stats.latency.p50)} p95 ${ms1(stats.latency.p95)} p99 ${ms1(stats.latency.p99)} max ${ms1(stats.latency.max)} min ${ms1(stats.latency.min)} ms; ` +
        `${stats.duplicates} duplicates, ${stats.unmatched} unmatched; receivers ELU ${(collected.elu * 100).toFixed(0)}%; ` +
        `CPU s: serve ${cpu.serve.toFixed(1)}, its postgres backends ${cpu.postgres.toFixed(1)}, receivers ${cpu.receivers.toFixed(1)}, bench ${cpu.bench.toFixed(1)}, everything else on the machine ${cpu.others.toFixed(1)} (machine ${cpu.machine.toFixed(1)} busy of ${cpu.seconds.toFixed(1)}); ` +
        `per delivery: serve ${perDelivery(cpu.serve, stats.received)} ms, postgres ${perDelivery(cpu.postgres, stats.received)} ms, receivers ${perDelivery(cpu.receivers, stats.received)} ms; ` +
        `in-flight attempts per busy endpoint mean ${pool.lanesMean.toFixed(2)} max ${pool.lanesMax} (over ${ms1(pool.endpointsInFlightMean)} busy endpoints); ` +
        `serve's connections busy (active or in a transaction) mean ${ms1(pool.busyMean)} max ${pool.busyMax} of ${pool.connectionsMax} open; top waits: ${pool.waits || 'none'}; ` +
        `healthy endpoints' deliveries in db: ${describeStates(deliveries)}` +
        (deadDeliveries
          ? `; the dead receiver holds ${collected.deadRequests} requests on ${collected.deadConnections} connections, its deliveries: ${describeStates(deadDeliveries)}`
          : ''),
    )
  } finally {
    // Endpoints first (no new claims), then the receivers: a dead receiver's held requests are cut,
    // so attempts in flight end now rather than at the worker's 10 s timeout.
    await mapLimit(registered.filter(Boolean), 1, (endpoint) => deleteEndpoint(ctx, endpoint)).catch((error) =>
      log(`  deleting endpoints: ${error.message}`),
    )
    await receiver.close().catch((error) => log(`  closing receivers: ${error.message}`))
  }
  await sleep(500)
  stats.serveLogs = ctx.serve.takeLogCounts()
  const logLines = Object.entries(stats.serveLogs)
  if (logLines.length > 0) log(`  serve logged: ${logLines.map(([kind, count]) => `${count} x ${kind}`).join('; ')}`)
  return stats
}

/** CPU milliseconds per delivery received. */
function perDelivery(seconds, deliveries) {
  return deliveries > 0 ? ((seconds * 1000) / deliveries).toFixed(3) : '-'
}

function describeStates(states) {
  return Object.entries(states)
    .map(([state, count]) => `${state} ${count}`)
    .join(', ')
}

async function createEndpoint(ctx, integration, url) {
  const response = await ctx.http.request({
    method: 'POST',
    path: '/v1/webhook-endpoints',
    headers: {
      authorization: `Bearer ${integration.api_key}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ url, event_types: ['customer.created'] }),
  })
  const text = await response.body.text()
  if (response.statusCode !== 201) throw new Error(`POST /v1/webhook-endpoints ${url}: ${response.statusCode} ${text}`)
  return { id: JSON.parse(text).id, key: integration.api_key }
}

async function deleteEndpoint(ctx, endpoint) {
  const response = await ctx.http.request({
    method: 'DELETE',
    path: `/v1/webhook-endpoints/${endpoint.id}`,
    headers: { authorization: `Bearer ${endpoint.key}` },
  })
  const text = await response.body.text()
  if (response.statusCode !== 200) throw new Error(`DELETE ${endpoint.id}: ${response.statusCode} ${text}`)
}

const firstNames = ['Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Quinn', 'Harper', 'Rowan', 'Elena', 'Mateo']
const lastNames = ['Okafor', 'Lindqvist', 'Castillo', 'Nakamura', 'Brennan', 'Haddad', 'Novak', 'Ferreira']

/** POSTs one customer; the 201's arrival time is the event's commit time. */
async function postCustomer(ctx) {
  const n = Math.floor(Math.random() * 1_000_000)
  const sent = now()
  const response = await ctx.http.request({
    method: 'POST',
    path: '/v1/customers',
    headers: {
      authorization: `Bearer ${ctx.poster}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      first_name: firstNames[n % firstNames.length],
      last_name: lastNames[n % lastNames.length],
    }),
  })
  const text = await response.body.text()
  const at = now()
  if (response.statusCode !== 201) throw new Error(`POST /v1/customers: ${response.statusCode} ${text.slice(0, 300)}`)
  return { id: JSON.parse(text).id, at, ms: at - sent }
}

function newLoadResult() {
  return { commits: new Map(), postMs: [], errors: [], firstAt: Number.NaN, lastAt: Number.NaN, behindMs: 0 }
}

function record(result, posted) {
  result.commits.set(posted.id, posted.at)
  result.postMs.push(posted.ms)
  if (!(result.firstAt <= posted.at)) result.firstAt = posted.at
  if (!(result.lastAt >= posted.at)) result.lastAt = posted.at
}

/** `count` events one at a time, `gapMs` apart: the worker is idle before each. */
async function sequentialEvents(ctx, count, gapMs) {
  const result = newLoadResult()
  for (let i = 0; i < count; i++) {
    record(result, await postCustomer(ctx))
    await sleep(gapMs)
  }
  return result
}

/**
 * An open-loop schedule: event i is POSTed at start + i/rate whether or not earlier POSTs have answered
 * (at most `clients` in flight: past that the schedule waits, and the lag shows it).
 */
async function steadyLoad(ctx, { rate, seconds, clients }) {
  const result = newLoadResult()
  const total = Math.round(rate * seconds)
  const start = now() + 20
  const lags = []
  const posts = []
  let inFlight = 0
  let slotFreed = null
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - now()
    if (wait > 0) await sleep(wait)
    while (inFlight >= clients) await new Promise((resolve) => (slotFreed = resolve))
    const sentAt = now()
    lags.push(Math.max(0, sentAt - due))
    if (i === 0) result.firstSentAt = sentAt
    result.lastSentAt = sentAt
    inFlight++
    posts.push(
      postCustomer(ctx)
        .then(
          (posted) => record(result, posted),
          (error) => result.errors.push(error.message),
        )
        .finally(() => {
          inFlight--
          slotFreed?.()
          slotFreed = null
        }),
    )
  }
  await Promise.all(posts)
  result.targetRate = rate
  result.lag = distribution(lags)
  result.behindMs = result.lag.max ?? 0
  if (result.errors.length > 0) ctx.log(`  POST errors (${result.errors.length}), first: ${result.errors[0]}`)
  if (result.behindMs > 100) ctx.log(`  the POSTs left up to ${fmt(result.behindMs)} ms behind the schedule`)
  return result
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]
}

function distribution(values) {
  const sorted = Float64Array.from(values).sort()
  return {
    n: sorted.length,
    min: sorted.length ? sorted[0] : null,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
  }
}

/** The figures of one phase from the 201s and the receivers' records [endpoint, at, eventId, objectId]. */
function summarize(label, load, collected, healthy) {
  const seen = new Set()
  const latencies = []
  const receiptTimes = []
  let duplicates = 0
  let unmatched = 0
  let lastReceipt = Number.NaN
  for (const [endpoint, at, eventId, objectId] of collected.receipts) {
    const committed = load.commits.get(objectId)
    if (committed === undefined) {
      unmatched++
      continue
    }
    const key = `${endpoint}:${eventId}`
    if (seen.has(key)) {
      duplicates++
      continue
    }
    seen.add(key)
    latencies.push(at - committed)
    receiptTimes.push(at)
    if (!(lastReceipt >= at)) lastReceipt = at
  }
  const events = load.commits.size
  const span = (lastReceipt - load.firstAt) / 1000
  // The steady rate: receipts while the load ran, after its first 2 s (the pipeline filling). When the
  // worker keeps up it is the offered rate; when it falls behind, what it sustains.
  const loadMs = load.lastAt - load.firstAt
  const warmMs = loadMs > 4000 ? 2000 : 0
  let steadyCount = 0
  for (const at of receiptTimes) if (at >= load.firstAt + warmMs && at <= load.lastAt) steadyCount++
  const offeredRate = events > 1 ? (events - 1) / (loadMs / 1000) : null
  return {
    label,
    healthy,
    events,
    postErrors: load.errors.length,
    targetRate: load.targetRate ?? null,
    lag: load.lag ?? null,
    offeredRate,
    offeredDeliveries: offeredRate === null ? null : offeredRate * healthy,
    steadyRate: loadMs - warmMs > 0 ? steadyCount / ((loadMs - warmMs) / 1000) : null,
    post: distribution(load.postMs),
    expected: events * healthy,
    received: seen.size,
    duplicates,
    unmatched,
    deliveriesPerSecond: seen.size > 0 && span > 0 ? seen.size / span : 0,
    drainMs: seen.size > 0 ? lastReceipt - load.lastAt : null,
    latency: distribution(latencies),
  }
}

/**
 * Samples every 100 ms: how many of serve's connections (application_name "shopapi serve…": the API's
 * pool, the worker's own pool, its LISTEN connection) are busy and what busy ones wait on (pg_stat_activity), and how many
 * attempts are in flight per endpoint (pending deliveries under a live lease: the lanes in use).
 */
function sampleActivity(pool) {
  const samples = []
  const waits = new Map()
  // CPU seconds of serve's backend processes: first and last reading of each pid seen.
  const backends = new Map()
  let round = 0
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await pool
        .query(
          `select pid, state, wait_event_type, wait_event from pg_stat_activity
           where datname = current_database() and application_name like 'shopapi serve%'`,
        )
        .catch(() => ({ rows: [] }))
      for (const row of rows) {
        const used = cpuSeconds(row.pid)
        if (Number.isNaN(used)) continue
        const seen = backends.get(row.pid)
        if (seen) seen.last = used
        else backends.set(row.pid, { first: used, last: used })
      }
      const busy = rows.filter((row) => row.state === 'active' || row.state?.startsWith('idle in transaction'))
      // The lease count reads the pending deliveries: every 5th sample, so the bench's own queries
      // stay a small part of the database's work.
      let lease = null
      if (round++ % 5 === 0) {
        const { rows: leases } = await pool
          .query(
            `select count(*)::int as leased, count(distinct endpoint_id)::int as endpoints,
               coalesce(max(n), 0)::int as most
             from (select endpoint_id, count(*) over (partition by endpoint_id) as n from webhook_deliveries
                   where status = 'pending' and lease_expires_at > now()) l`,
          )
          .catch(() => ({ rows: [] }))
        lease = leases[0] ?? { leased: 0, endpoints: 0, most: 0 }
      }
      samples.push({ busy: busy.length, open: rows.length, lease })
      for (const row of busy) {
        const wait = row.state === 'active' ? `${row.wait_event_type ?? 'CPU'}:${row.wait_event ?? '-'}` : 'idle in tx'
        waits.set(wait, (waits.get(wait) ?? 0) + 1)
      }
      await sleep(100)
    }
  })()
  return {
    async stop() {
      stopped = true
      await loop
      const total = samples.reduce((sum, sample) => sum + sample.busy, 0)
      for (const [pid, seen] of backends) {
        const used = cpuSeconds(pid)
        if (!Number.isNaN(used)) seen.last = used
      }
      const leases = samples.flatMap((sample) => (sample.lease ? [sample.lease] : []))
      const working = leases.filter((sample) => sample.endpoints > 0)
      return {
        backendCpuSeconds: [...backends.values()].reduce((sum, seen) => sum + seen.last - seen.first, 0),
        // Mean in-flight attempts per endpoint with any in flight, over the samples that had some.
        lanesMean: working.length
          ? working.reduce((sum, sample) => sum + sample.leased / sample.endpoints, 0) / working.length
          : Number.NaN,
        lanesMax: Math.max(0, ...leases.map((sample) => sample.most)),
        endpointsInFlightMean: working.length
          ? working.reduce((sum, sample) => sum + sample.endpoints, 0) / working.length
          : Number.NaN,
        busyMean: samples.length ? total / samples.length : Number.NaN,
        busyMax: Math.max(0, ...samples.map((sample) => sample.busy)),
        connectionsMax: Math.max(0, ...samples.map((sample) => sample.open)),
        waits: [...waits]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([wait, count]) => `${wait} ${((count / Math.max(1, total)) * 100).toFixed(0)}%`)
          .join(', '),
      }
    },
  }
}

/** Delivery rows of the phase's endpoints by status, and attempts made. */
async function deliveryStates(pool, endpointIds) {
  const { rows } = await pool.query(
    `select d.status, count(*)::int as deliveries, coalesce(sum(d.attempt_count), 0)::int as attempts
     from webhook_deliveries d join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     where w.public_id = any($1) group by d.status order by d.status`,
    [endpointIds],
  )
  const states = Object.fromEntries(rows.map((row) => [row.status, row.deliveries]))
  states.attempts = rows.reduce((sum, row) => sum + row.attempts, 0)
  return states
}

function workerSettings() {
  return {
    concurrency: Number(process.env.SHOPAPI_WEBHOOK_CONCURRENCY ?? 100),
    endpointConcurrency: Number(process.env.SHOPAPI_WEBHOOK_ENDPOINT_CONCURRENCY ?? 4),
    timeout: process.env.SHOPAPI_WEBHOOK_TIMEOUT ?? '10s',
    poolSize: Number(process.env.SHOPAPI_DB_POOL_SIZE ?? 20),
  }
}

export function printWebhookSummary(result) {
  const { settings: s, worker: w } = result
  console.log(
    `\n=== Webhook fan-out: ${s.rate} events/s for ${s.seconds} s per run, peak ${s.peakRate} events/s for ${s.peakSeconds} s (open-loop schedule, up to ${s.clients} POSTs in flight), drain timeout ${s.drainSeconds} s, ${result.database}; worker in serve: ${w.concurrency} endpoints x ${w.endpointConcurrency} lanes, timeout ${w.timeout}, API pool ${w.poolSize}, worker pool ${w.poolSize}`,
  )
  const { cores, loadAtStart, loadAtEnd } = result.machine
  console.log(
    `machine: ${cores} cores, 1-min load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end`,
  )
  console.log(
    'latency = first receipt at the receiver - arrival of the 201 of POST /v1/customers (slightly late for commit)',
  )
  const header = [
    'run'.padEnd(22),
    'ev/s asked'.padStart(10),
    'ev/s got'.padStart(8),
    'lag p99/max ms'.padStart(14),
    'offered/s'.padStart(9),
    'steady/s'.padStart(8),
    'deliv/s'.padStart(7),
    'received'.padStart(9),
    'p50 ms'.padStart(7),
    'p95 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'max ms'.padStart(7),
    'drain s'.padStart(7),
    'dups'.padStart(4),
    'POST p99'.padStart(8),
    'CPU ms/deliv s+pg+r'.padStart(19),
    'others CPU'.padStart(10),
    'RSS MB'.padStart(6),
    'pool busy'.padStart(9),
    'leased'.padStart(8),
  ]
  console.log(header.join(' '))
  for (const run of result.runs) {
    console.log(
      [
        run.label.padEnd(22),
        (run.targetRate === null ? '-' : ms1(run.targetRate)).padStart(10),
        ms1(run.offeredRate).padStart(8),
        `${ms1(run.lag?.p99)}/${ms1(run.lag?.max)}`.padStart(14),
        (run.offeredDeliveries === null ? '-' : fmt(run.offeredDeliveries)).padStart(9),
        (run.steadyRate === null ? '-' : fmt(run.steadyRate)).padStart(8),
        fmt(run.deliveriesPerSecond).padStart(7),
        `${fmt(run.received)}${run.drained ? '' : '*'}`.padStart(9),
        ms1(run.latency.p50).padStart(7),
        ms1(run.latency.p95).padStart(7),
        ms1(run.latency.p99).padStart(7),
        ms1(run.latency.max).padStart(7),
        (run.drainMs === null ? '-' : (run.drainMs / 1000).toFixed(1)).padStart(7),
        String(run.duplicates).padStart(4),
        ms1(run.post.p99).padStart(8),
        `${perDelivery(run.cpu.serve, run.received)}+${perDelivery(run.cpu.postgres, run.received)}+${perDelivery(run.cpu.receivers, run.received)}`.padStart(
          19,
        ),
        `${((run.cpu.others / run.cpu.seconds) * 100).toFixed(0)}%`.padStart(10),
        ms1(run.serveRssPeakMb).padStart(6),
        `${ms1(run.servePool.busyMean)}/${run.servePool.busyMax}`.padStart(9),
        `${run.servePool.lanesMean.toFixed(1)}/${run.servePool.lanesMax}`.padStart(8),
      ].join(' '),
    )
  }
  if (result.runs.some((run) => !run.drained)) console.log('* not all deliveries arrived within the drain timeout')
  console.log(
    'ev/s asked/got: the schedule and the rate of 201s achieved; lag: how late POSTs left against the schedule; offered/s: deliveries offered (ev/s got x endpoints)',
  )
  console.log(
    'steady/s: deliveries received while the load ran, after its first 2 s (= offered when the worker keeps up, else what it sustains); deliv/s: all received / (last receipt - first 201)',
  )
  console.log(
    "CPU ms/deliv: CPU milliseconds per delivery received of serve + serve's postgres backends + the receivers' process over the run (load and drain); others CPU: the share of the machine's CPU time (both cores) that other processes used meanwhile",
  )
  console.log(
    "drain s: last receipt - last 201; POST p99: ms, client side; RSS MB: serve's peak VmRSS in the run; pool busy: serve's connections busy (API pool + worker pool), mean/max; leased: deliveries under a live lease per busy endpoint (in flight or claimed and waiting for a lane), mean/max",
  )
  const idle = result.idle
  if (idle) {
    console.log(
      `\nIdle first delivery (1 endpoint, ${idle.events} single events ${s.idleGapMs} ms apart, no load): p50 ${ms1(idle.latency.p50)} ms, max ${ms1(idle.latency.max)} ms (${idle.received}/${idle.expected} received)`,
    )
  }
  if (result.dead) {
    const { healthyP99, referenceP99, healthyP50, referenceP50, deadRequests, among } = result.dead
    console.log(
      `Dead endpoint beside ${among} healthy: healthy p50/p99 ${ms1(healthyP50)}/${ms1(healthyP99)} ms vs ${ms1(referenceP50)}/${ms1(referenceP99)} ms without it (p99 ${healthyP99 >= referenceP99 ? '+' : ''}${ms1(healthyP99 - referenceP99)} ms, x${(healthyP99 / referenceP99).toFixed(2)}); the dead receiver held ${deadRequests} requests open`,
    )
  }
  console.log(`serve RSS peak over the webhook bench: ${ms1(result.rssPeakMb)} MB (target < 200 MB)`)
  console.log(`Webhook bench took ${result.seconds.toFixed(0)} s`)
}

// ---- processes -------------------------------------------------------------------------------------

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export function withDatabaseName(url, database) {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export async function mapLimit(items, limit, work) {
  const results = new Array(items.length)
  let next = 0
  const runner = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner))
  return results
}

/** Runs a shopapi CLI command with --json and returns its parsed output. */
export async function cli(args, env) {
  const child = spawn(process.execPath, [path.join(root, 'bin/run.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? signal))
  })
  if (code !== 0)
    throw new Error(`shopapi ${args.slice(0, 2).join(' ')} exited ${code}: ${stderr.trim()} ${stdout.trim()}`)
  return JSON.parse(stdout)
}

/** `shopapi serve --json --port 0`, resolved once it prints its JSON line; later log lines are counted. */
async function spawnServe(env, log, nodeArgs = []) {
  const logCounts = new Map()
  const printed = new Set()
  // Later lines are warn/error logs: the first of each kind goes to our stderr, shortened; all are counted.
  const onLine = (line) => {
    let entry
    try {
      entry = JSON.parse(line)
    } catch {
      entry = { msg: line.slice(0, 200) }
    }
    const kind = `${entry.level >= 50 ? 'error' : entry.level >= 40 ? 'warn' : 'log'}: ${entry.msg}`
    logCounts.set(kind, (logCounts.get(kind) ?? 0) + 1)
    if (!printed.has(kind)) {
      printed.add(kind)
      const cause = [entry.err?.message, entry.err?.detail].filter(Boolean).join(' / ')
      log(`  [serve] ${kind}${cause ? ` (${cause})`.slice(0, 300) : ''} (first of its kind; counted from now on)`)
    }
  }
  const server = await spawnServer(
    'serve',
    [...nodeArgs, path.join(root, 'bin/run.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--json'],
    env,
    { log, onLine },
  )
  return {
    ...server,
    /** Log lines by level and message since the last call. */
    takeLogCounts() {
      const counts = Object.fromEntries(logCounts)
      logCounts.clear()
      return counts
    },
  }
}

/** A process's resident set (VmRSS), sampled every 250 ms: the peak overall and since resetPhase(). */
function rssSampler(pid) {
  let peak = Number.NaN
  let phase = Number.NaN
  const read = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      if (!match) return
      const mb = Number(match[1]) / 1024
      if (!(peak >= mb)) peak = mb
      if (!(phase >= mb)) phase = mb
    } catch {
      // The process is gone, or this is not Linux.
    }
  }
  read()
  const timer = setInterval(read, 250)
  timer.unref()
  return {
    peak: () => peak,
    phasePeak: () => phase,
    resetPhase() {
      phase = Number.NaN
      read()
    },
    stop: () => clearInterval(timer),
  }
}

/** The machine's CPU time so far (/proc/stat, all cores), busy and in total, in seconds; NaN off Linux. */
export function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields
    const busy = user + nice + system + irq + softirq + steal
    return { busy: busy / 100, total: (busy + idle + iowait) / 100 }
  } catch {
    return { busy: Number.NaN, total: Number.NaN }
  }
}

/** CPU time (user + system) of a process so far, in seconds; NaN off Linux. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

/** The receivers' child process (this file with --receivers), driven over IPC. */
export async function startReceivers() {
  const child = fork(thisFile, ['--receivers'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const pending = new Map()
  let seq = 0
  let exited = null
  child.on('message', (message) => {
    const call = pending.get(message.id)
    if (!call) return
    pending.delete(message.id)
    if (message.error) call.reject(new Error(`receivers: ${message.error}`))
    else call.resolve(message.result)
  })
  const gone = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? signal
      for (const call of pending.values()) call.reject(new Error(`the receivers' process exited (${exited})`))
      pending.clear()
      resolve()
    }),
  )
  const call = (op, args = {}) =>
    new Promise((resolve, reject) => {
      if (exited !== null) return reject(new Error(`the receivers' process exited (${exited})`))
      const id = ++seq
      pending.set(id, { resolve, reject })
      child.send({ id, op, ...args })
    })
  await call('ping')
  let runs = 0
  return {
    pid: child.pid,
    async open(healthy, dead) {
      const run = ++runs
      const urls = await call('open', { run, healthy, dead })
      return {
        urls,
        count: () => call('count', { run }),
        collect: () => call('collect', { run }),
        close: () => call('close', { run }),
      }
    },
    async stop() {
      if (exited !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await gone
      clearTimeout(timer)
    },
  }
}

/** Child mode: receivers on 127.0.0.1, one server per endpoint, recording [endpoint, at, eventId, objectId]. */
function receiversMain() {
  // The parent decides when we stop (Ctrl-C reaches the whole process group; the parent cleans up).
  process.on('SIGINT', () => {})
  process.on('disconnect', () => process.exit(0))
  const runs = new Map()
  const ops = {
    ping: () => 'pong',
    async open({ run, healthy, dead }) {
      const state = {
        servers: [],
        receipts: [],
        seen: new Set(),
        deadRequests: 0,
        deadConnections: 0,
        elu: performance.eventLoopUtilization(),
      }
      runs.set(run, state)
      const urls = []
      for (let i = 0; i < healthy + dead; i++) {
        const isDead = i >= healthy
        const server = http.createServer((req, res) => {
          const at = now()
          if (isDead) {
            state.deadRequests++
            req.resume()
            return // never answers
          }
          const chunks = []
          req.on('data', (chunk) => chunks.push(chunk))
          req.on('end', () => {
            res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
            const eventId = String(req.headers['service-event-id'] ?? '')
            let objectId = null
            try {
              objectId = JSON.parse(Buffer.concat(chunks).toString('utf8')).data?.object_id ?? null
            } catch {}
            state.receipts.push([i, at, eventId, objectId])
            state.seen.add(`${i}:${eventId}`)
          })
        })
        await new Promise((resolve, reject) => {
          server.once('error', reject)
          server.listen(0, '127.0.0.1', resolve)
        })
        if (isDead) server.on('connection', () => state.deadConnections++)
        state.servers.push(server)
        urls.push(`http://127.0.0.1:${server.address().port}/hooks/${isDead ? 'dead' : i}`)
      }
      return urls
    },
    count({ run }) {
      const state = runs.get(run)
      return { unique: state.seen.size, total: state.receipts.length, dead: state.deadRequests }
    },
    collect({ run }) {
      const state = runs.get(run)
      return {
        receipts: state.receipts,
        deadRequests: state.deadRequests,
        deadConnections: state.deadConnections,
        elu: performance.eventLoopUtilization(state.elu).utilization,
      }
    },
    async close({ run }) {
      const state = runs.get(run)
      runs.delete(run)
      await Promise.all(
        state.servers.map(
          (server) =>
            new Promise((resolve) => {
              server.close(() => resolve())
              server.closeAllConnections()
            }),
        ),
      )
    },
  }
  process.on('message', async (message) => {
    try {
      const result = await ops[message.op](message)
      process.send({ id: message.id, result })
    } catch (error) {
      process.send({ id: message.id, error: error.message })
    }
  })
}

/** `node bench/webhooks.js`: the webhook bench alone, on DATABASE_URL's server or an embedded one. */
async function main() {
  const log = defaultLog
  await withCleanup(log, async (cleanup) => {
    const settings = settingsFromEnv()
    let serverUrl = process.env.DATABASE_URL
    if (!serverUrl) {
      const { openEmbeddedDatabase } = await import('../dist/db/embedded.js')
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-pg-'))
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
      log(`No DATABASE_URL: starting an embedded PostgreSQL in ${dataDir}`)
      const embedded = await openEmbeddedDatabase(dataDir, { durable: false, onProgress: log })
      cleanup.push(() => embedded.stop())
      serverUrl = embedded.url
    }
    await runWebhookBench({ serverUrl, log, cleanup, settings })
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  if (process.argv.includes('--receivers')) receiversMain()
  else await main()
}
