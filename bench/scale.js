#!/usr/bin/env node
// The scale bench (issue 29 item 2): what a second API node and a second webhook worker buy on this
// machine, beside the database's own ceiling measured in the same run, so a reader sees where
// PostgreSQL (or the machine) becomes the limit.
//
// Run by `npm run bench` (last) or alone: `BENCH_ONLY=scale npm run bench`, or `node bench/scale.js`
// against the build in dist/. A fresh database `shopapi_bench_scale_<random>` (and one for pgbench) on
// the server of DATABASE_URL (loopback only), or on an embedded PostgreSQL in a temp directory; both
// dropped at the end. REDIS_URL, when set, is given to every node, as a multi-node appliance runs
// (one rate-limit budget per key across nodes); without it each node counts alone (said in the output).
//
// 1. The database's ceiling: pgbench (found on PATH or in /usr/lib/postgresql/*/bin; the embedded
//    PostgreSQL ships none) at scale BENCH_SCALE_PGBENCH_SCALE, BENCH_CONNECTIONS clients, 2 threads,
//    prepared statements: select-only (-S, one primary-key read per transaction) and one-row commits (a
//    custom script: one INSERT into a table with a bigserial key, its own transaction), the same
//    number of runs of BENCH_SECONDS as the API scenarios, median reported.
// 2. Requests per second with 1 and with 2 API nodes (`shopapi serve --no-worker`, default log level,
//    as users run them; one `shopapi worker` beside them as the appliance would have): GET
//    /v1/customers/{id} over 1,000 customers POSTed first, and POST /v1/customers with an
//    Idempotency-Key and its event. The same total connections either way: one autocannon per node,
//    BENCH_CONNECTIONS / nodes each, run together; req/s summed. Rounds alternate 1, 2, 2, 1, 1, 2.
// 3. Deliveries per second with 1 and with 2 workers (`shopapi worker`): with no worker running,
//    BENCH_SCALE_EVENTS customers are POSTed, whose customer.created events fan out to 10 endpoints
//    (receivers in a child process, answering 200 at once); then the workers start and the rate is
//    deliveries / (last receipt - first receipt), dispatch included. Alternating, BENCH_SCALE_ROUNDS.
// During every run the machine's CPU is split between the API nodes, the workers, PostgreSQL's
// processes, this bench (the load generator) and the rest, from /proc: where the two cores went.
//
// Env: BENCH_SECONDS (6), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3), BENCH_SCALE_EVENTS (1000),
// BENCH_SCALE_ROUNDS (2), BENCH_SCALE_PGBENCH_SCALE (10), BENCH_SCALE_DRAIN_SECONDS (120).
import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { Pool } from 'undici'
import { root, spawnServer, withCleanup } from './spawn.js'
import { cli, cpuSeconds, machineCpu, mapLimit, startReceivers, withClient, withDatabaseName } from './webhooks.js'

const thisFile = fileURLToPath(import.meta.url)
const run = promisify(execFile)
const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback)
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got "${process.env[name]}"`)
  return value
}
const seconds = number('BENCH_SECONDS', 6)
const connections = number('BENCH_CONNECTIONS', 50)
const rounds = number('BENCH_ROUNDS', 3)
const events = number('BENCH_SCALE_EVENTS', 1000)
const deliveryRounds = number('BENCH_SCALE_ROUNDS', 2)
const pgbenchScale = number('BENCH_SCALE_PGBENCH_SCALE', 10)
const drainSeconds = number('BENCH_SCALE_DRAIN_SECONDS', 120)
const endpointCount = 10
const seededCustomers = 1000
const loopbackHosts = ['127.0.0.1', 'localhost', '::1', '[::1]', '']
const defaultLog = (message) => process.stderr.write(`${message}\n`)
const fmt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-')
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export async function runScaleBench({ serverUrl, log = defaultLog, cleanup = [] }) {
  const host = new URL(serverUrl).hostname
  if (!loopbackHosts.includes(host)) throw new Error(`The bench only targets loopback: database host "${host}"`)
  const started = Date.now()
  const loadAtStart = loadavg()[0]
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
    log('\nScale bench: the database ceiling, 1 and 2 API nodes, 1 and 2 workers')
    const ceiling = await measureCeiling(serverUrl, log, onCleanup)

    const name = `shopapi_bench_scale_${randomBytes(5).toString('hex')}`
    await withClient(serverUrl, (client) => client.query(`create database ${name}`))
    onCleanup(async () => {
      await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
      log(`dropped database ${name}`)
    })
    const databaseUrl = withDatabaseName(serverUrl, name)
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-scale-'))
    onCleanup(() => rm(dataDir, { recursive: true, force: true }))
    const env = {
      DATABASE_URL: databaseUrl,
      SHOPAPI_DATA_DIR: dataDir,
      SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
      SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
      SHOPAPI_RATE_LIMIT_MAX: '100000000',
      // One key drives every connection (see bench/run.js).
      SHOPAPI_MAX_IN_FLIGHT_PER_KEY: String(connections * 20),
    }
    const redis = process.env.REDIS_URL
      ? 'REDIS_URL (one budget per key across nodes)'
      : 'none (each node counts alone)'
    // Node 1 first: it migrates and creates the shop; node 2 then finds both.
    const nodes = []
    for (const label of ['api-1', 'api-2']) {
      const node = await spawnServer(
        label,
        [path.join(root, 'bin/run.js'), 'serve', '--no-worker', '--host', '127.0.0.1', '--port', '0', '--json'],
        env,
        { log, stdoutFile: path.join(dataDir, `${label}.log`), onLine: warnOnly(label, log) },
      )
      onCleanup(() => node.stop())
      nodes.push({ ...node, base: new URL(node.info.url).origin })
    }
    for (const node of nodes) {
      if (new URL(node.base).hostname !== '127.0.0.1') throw new Error(`Refusing to load ${node.base}`)
    }
    const workers = []
    const startWorker = async () => {
      const label = `worker-${workers.length + 1}`
      const worker = await spawnServer(label, [path.join(root, 'bin/run.js'), 'worker', '--json'], env, {
        log,
        stdoutFile: path.join(dataDir, `${label}-${Date.now()}.log`),
        onLine: warnOnly(label, log),
        isReady: (line) => line.worker === true,
      })
      onCleanup(() => worker.stop())
      workers.push(worker)
      return worker
    }
    const stopWorkers = async () => {
      while (workers.length > 0) await workers.pop().stop()
    }
    const integration = await cli(
      [
        'integrations',
        'create',
        '--name',
        'scale bench',
        '--scopes',
        'customers.read,customers.write,webhooks.manage',
        '--shop',
        nodes[0].info.shop.id,
        '--json',
      ],
      env,
    )
    const headers = { authorization: `Bearer ${integration.api_key}` }
    const inspect = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'bench inspect' })
    inspect.on('error', () => {})
    onCleanup(() => inspect.end())
    const clients = nodes.map((node) => new Pool(node.base, { connections: 24, keepAliveTimeout: 30_000 }))
    onCleanup(() => Promise.all(clients.map((client) => client.close())))
    const post = (i) => postCustomer(clients[i % clients.length], headers)

    // 2. The API nodes, one worker beside them.
    await startWorker()
    log(`API nodes ${nodes.map((node) => `${node.base} (pid ${node.pid})`).join(', ')}; rate limit store: ${redis}`)
    const ids = await mapLimit(
      Array.from({ length: seededCustomers }, (_, i) => i),
      20,
      post,
    )
    let receivers
    const cpu = cpuSplit({
      nodes: nodes.map((node) => node.pid),
      workers: () => workers.map((worker) => worker.pid),
      benchChildren: () => (receivers ? [receivers.pid] : []),
    })
    const scenarios = [
      {
        name: 'GET /v1/customers/{id}',
        method: 'GET',
        path: () => `/v1/customers/${ids[Math.floor(Math.random() * ids.length)]}`,
      },
      {
        name: 'POST /v1/customers (Idempotency-Key, event)',
        method: 'POST',
        path: () => '/v1/customers',
        headers: () => ({ 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
        body: () => JSON.stringify({ first_name: 'Scale', last_name: `Bench ${randomBytes(3).toString('hex')}` }),
      },
    ]
    const api = []
    for (const scenario of scenarios) {
      log(`\n${scenario.name}: warm-up 2 s each, then ${rounds} x ${seconds} s with 1 and 2 nodes`)
      await loadNodes(nodes.slice(0, 1), headers, scenario, 2)
      await loadNodes(nodes, headers, scenario, 2)
      const runs = { 1: [], 2: [] }
      for (let round = 0; round < rounds; round++) {
        for (const n of round % 2 === 0 ? [1, 2] : [2, 1]) {
          cpu.start()
          const result = await loadNodes(nodes.slice(0, n), headers, scenario, seconds)
          result.cpu = cpu.stop()
          runs[n].push(result)
          log(
            `  ${n} node${n === 1 ? ' ' : 's'} run ${round + 1}: ${fmt(result.rps).padStart(6)} req/s  p99 ${result.p99} ms  ${describeCpu(result.cpu)}`,
          )
        }
      }
      api.push({ name: scenario.name, one: medianRun(runs[1]), two: medianRun(runs[2]) })
    }

    // 3. Deliveries: drain what the API scenarios left, then no worker while each backlog is written.
    await waitFor(
      async () => (await undispatched(inspect)) === 0,
      drainSeconds,
      'the API runs’ events to be dispatched',
    )
    await stopWorkers()
    receivers = await startReceivers()
    onCleanup(() => receivers.stop())
    const deliveries = { 1: [], 2: [] }
    for (let round = 0; round < deliveryRounds; round++) {
      for (const m of round % 2 === 0 ? [1, 2] : [2, 1]) {
        const target = await receivers.open(endpointCount, 0)
        const endpoints = []
        for (const url of target.urls) endpoints.push(await createEndpoint(clients[0], headers, url))
        await mapLimit(
          Array.from({ length: events }, (_, i) => i),
          20,
          post,
        )
        const expected = events * endpointCount
        cpu.start()
        const startedAt = Date.now()
        for (let i = 0; i < m; i++) await startWorker()
        await waitFor(
          async () => (await target.count()).unique >= expected,
          drainSeconds,
          `${fmt(expected)} deliveries`,
        )
        const wall = (Date.now() - startedAt) / 1000
        const usage = cpu.stop()
        const { receipts } = await target.collect()
        const times = receipts.map((receipt) => receipt[1]).sort((a, b) => a - b)
        const rate = (times.length - 1) / ((times.at(-1) - times[0]) / 1000)
        const duplicates = receipts.length - expected
        deliveries[m].push({ rate, wall, duplicates, cpu: usage })
        log(
          `  ${m} worker${m === 1 ? ' ' : 's'} run ${round + 1}: ${fmt(expected)} deliveries at ${fmt(rate)}/s (${wall.toFixed(1)} s from start), duplicates ${duplicates}  ${describeCpu(usage)}`,
        )
        await stopWorkers()
        for (const endpoint of endpoints) await deleteEndpoint(clients[0], headers, endpoint)
        await target.close()
      }
    }

    const result = {
      machine: { cores: availableParallelism(), loadAtStart, loadAtEnd: loadavg()[0] },
      database: process.env.DATABASE_URL ? 'DATABASE_URL server' : 'embedded PostgreSQL',
      redis,
      ceiling,
      api,
      deliveries: {
        one: medianDelivery(deliveries[1]),
        two: medianDelivery(deliveries[2]),
      },
      seconds: (Date.now() - started) / 1000,
    }
    printScaleSummary(result)
    return result
  } finally {
    for (const step of [...steps].reverse()) await step().catch((error) => log(`cleanup: ${error.message}`))
  }
}

/** pgbench select-only and one-row commits on a database of its own; null figures without pgbench. */
async function measureCeiling(serverUrl, log, onCleanup) {
  const binary = findPgbench()
  if (!binary) {
    log('pgbench not found (PATH, /usr/lib/postgresql/*/bin): the database ceiling is left out')
    return { selectOnly: null, oneRowCommits: null, why: 'pgbench not found' }
  }
  const name = `shopapi_bench_pgb_${randomBytes(5).toString('hex')}`
  await withClient(serverUrl, (client) => client.query(`create database ${name}`))
  onCleanup(async () => {
    await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
  })
  const url = new URL(serverUrl)
  const target = [
    '-h',
    url.hostname || '127.0.0.1',
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username || 'postgres'),
  ]
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password ?? '') }
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-pgbench-'))
  onCleanup(() => rm(dir, { recursive: true, force: true }))
  const script = path.join(dir, 'one-row-commit.sql')
  await writeFile(script, '\\set v random(1, 1000000)\ninsert into scale_commits (v) values (:v);\n', {
    flag: 'wx',
    mode: 0o600,
  })
  log(`pgbench (${binary}): initializing scale ${pgbenchScale} in ${name}`)
  await run(binary, ['-i', '-q', '-s', String(pgbenchScale), ...target, name], { env })
  await withClient(withDatabaseName(serverUrl, name), (client) =>
    client.query('create table scale_commits (id bigserial primary key, v integer not null)'),
  )
  const tps = async (args) => {
    const { stdout } = await run(
      binary,
      ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(seconds), ...args, ...target, name],
      { env },
    )
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)
    if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`)
    return Number(match[1])
  }
  const runs = { select: [], commit: [] }
  for (let round = 0; round < rounds; round++) {
    for (const kind of round % 2 === 0 ? ['select', 'commit'] : ['commit', 'select']) {
      const value = await tps(kind === 'select' ? ['-S'] : ['-f', script])
      runs[kind].push(value)
      log(`  pgbench ${kind === 'select' ? 'select-only' : 'one-row commits'} run ${round + 1}: ${fmt(value)} tps`)
    }
  }
  return {
    selectOnly: { tps: median(runs.select), runs: runs.select },
    oneRowCommits: { tps: median(runs.commit), runs: runs.commit },
    binary,
  }
}

function findPgbench() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'pgbench'))) return path.join(dir, 'pgbench')
  }
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((entry) => /^\d+$/.test(entry))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const candidate = path.join(base, version, 'bin', 'pgbench')
    if (existsSync(candidate)) return candidate
  }
  return null
}

/** One autocannon per node, connections / nodes each, together; req/s summed, the worst p99. */
async function loadNodes(nodes, headers, scenario, duration) {
  const failures = []
  const results = await Promise.all(
    nodes.map((node) =>
      autocannon({
        url: node.base,
        headers,
        connections: Math.max(1, Math.round(connections / nodes.length)),
        duration,
        requests: [
          {
            method: scenario.method,
            setupRequest: (req) => {
              req.path = scenario.path()
              if (scenario.headers) Object.assign(req.headers, scenario.headers())
              if (scenario.body) req.body = scenario.body()
              return req
            },
            onResponse: (status, body) => {
              if ((status < 200 || status > 299) && failures.length < 3)
                failures.push(`${status} ${String(body).slice(0, 200)}`)
            },
          },
        ],
      }),
    ),
  )
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0)
  if (errors > 0) throw new Error(`${scenario.name}: ${errors} failed requests; first: ${failures.join(' | ')}`)
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  }
}

function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps)
  const mid = sorted[Math.floor(sorted.length / 2)]
  return {
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    runs: runs.map((r) => r.rps),
    cpu: mid.cpu,
  }
}

function medianDelivery(runs) {
  const sorted = [...runs].sort((a, b) => a.rate - b.rate)
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]
  return {
    rate: median(runs.map((r) => r.rate)),
    runs: runs.map((r) => r.rate),
    duplicates: runs.reduce((s, r) => s + r.duplicates, 0),
    cpu: mid.cpu,
  }
}

async function postCustomer(client, headers) {
  const response = await client.request({
    method: 'POST',
    path: '/v1/customers',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ first_name: 'Scale', last_name: `Seed ${randomBytes(3).toString('hex')}` }),
  })
  const text = await response.body.text()
  if (response.statusCode !== 201) throw new Error(`POST /v1/customers: ${response.statusCode} ${text.slice(0, 300)}`)
  return JSON.parse(text).id
}

async function createEndpoint(client, headers, url) {
  const response = await client.request({
    method: 'POST',
    path: '/v1/webhook-endpoints',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ url, event_types: ['customer.created'] }),
  })
  const text = await response.body.text()
  if (response.statusCode !== 201) throw new Error(`POST /v1/webhook-endpoints: ${response.statusCode} ${text}`)
  return JSON.parse(text).id
}

async function deleteEndpoint(client, headers, id) {
  const response = await client.request({ method: 'DELETE', path: `/v1/webhook-endpoints/${id}`, headers })
  const text = await response.body.text()
  if (response.statusCode !== 200) throw new Error(`DELETE /v1/webhook-endpoints/${id}: ${response.statusCode} ${text}`)
}

async function undispatched(pool) {
  const { rows } = await pool.query('select count(*)::int as n from events where not dispatched')
  return rows[0].n
}

async function waitFor(check, limitSeconds, what) {
  const deadline = Date.now() + limitSeconds * 1000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${limitSeconds} s waiting for ${what}`)
    await sleep(100)
  }
}

/** serve/worker log lines: only warnings and errors are shown. */
function warnOnly(label, log) {
  return (line) => {
    let level = 50
    try {
      level = JSON.parse(line).level ?? 0
    } catch {}
    if (level >= 40) log(`[${label}] ${line.slice(0, 300)}`)
  }
}

// ---- where the CPU went -----------------------------------------------------------------------------

/** A process's CPU seconds so far; 0 once it is gone (a backend that closed between two readings). */
const cpuOf = (pid) => cpuSeconds(pid) || 0

/** CPU seconds so far of each process named postgres (the server's backends and its own), by pid. */
function postgresCpu() {
  const byPid = new Map()
  let entries = []
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return byPid
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (stat.includes('(postgres)')) byPid.set(pid, cpuOf(pid))
    } catch {}
  }
  return byPid
}

/** CPU spent between two readings by the processes alive at the second (one born since counts from 0). */
function spentSince(before, after) {
  let seconds = 0
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0)
  return seconds
}

/**
 * The machine's CPU over a run, split: API nodes, workers, PostgreSQL, this bench (with its receivers),
 * the rest, as shares of all cores (2 cores: 100 % is both busy). Processes that exit during the run
 * (postgres backends of closed connections) are counted in "rest"; on DATABASE_URL's server, "postgres"
 * includes every other database's backends (another session's tests): the "rest" and the load average
 * tell how quiet the machine was.
 */
function cpuSplit({ nodes, workers, benchChildren }) {
  let before
  const sample = () => {
    const own = process.cpuUsage()
    return {
      nodes: nodes.reduce((sum, pid) => sum + cpuOf(pid), 0),
      // Per worker: one started during the run counts from zero.
      workers: new Map(workers().map((pid) => [pid, cpuOf(pid)])),
      postgres: postgresCpu(),
      bench: (own.user + own.system) / 1e6 + benchChildren().reduce((sum, pid) => sum + cpuOf(pid), 0),
      machine: machineCpu(),
    }
  }
  return {
    start() {
      before = sample()
    },
    stop() {
      const after = sample()
      const total = after.machine.total - before.machine.total
      const share = (value) => (total > 0 ? (100 * value) / total : Number.NaN)
      const apiNodes = after.nodes - before.nodes
      const workerSeconds = spentSince(before.workers, after.workers)
      const postgres = spentSince(before.postgres, after.postgres)
      const bench = after.bench - before.bench
      const busy = after.machine.busy - before.machine.busy
      return {
        api: share(apiNodes),
        workers: share(workerSeconds),
        postgres: share(postgres),
        bench: share(bench),
        rest: share(busy - apiNodes - workerSeconds - postgres - bench),
        idle: share(total - busy),
      }
    },
  }
}

function describeCpu(cpu) {
  const pct = (n) => (Number.isFinite(n) ? `${Math.round(n)}%` : '-')
  return `CPU: api ${pct(cpu.api)}, workers ${pct(cpu.workers)}, postgres ${pct(cpu.postgres)}, bench ${pct(cpu.bench)}, rest ${pct(cpu.rest)}, idle ${pct(cpu.idle)}`
}

export function printScaleSummary(result) {
  const { ceiling, api, deliveries } = result
  const line = (label, value, extra = '') => console.log(`| ${label} | ${value} | ${extra} |`)
  console.log(
    `\n## Scale: ${result.machine.cores} cores, ${result.database}, rate-limit store ${result.redis}; load average ${result.machine.loadAtStart.toFixed(2)} at start, ${result.machine.loadAtEnd.toFixed(2)} at end`,
  )
  console.log(`Medians of ${rounds} runs of ${seconds} s, ${connections} connections in all (runs in brackets).\n`)
  console.log('| what | per second | where the CPU went (median run) |')
  console.log('|---|---|---|')
  if (ceiling.selectOnly) {
    line(
      'pgbench select-only (one primary-key read)',
      fmt(ceiling.selectOnly.tps),
      `(${ceiling.selectOnly.runs.map(fmt).join(', ')})`,
    )
    line(
      'pgbench one-row commits',
      fmt(ceiling.oneRowCommits.tps),
      `(${ceiling.oneRowCommits.runs.map(fmt).join(', ')})`,
    )
  } else {
    line('pgbench', '-', ceiling.why)
  }
  for (const row of api) {
    line(
      `${row.name}, 1 node`,
      fmt(row.one.rps),
      `p99 ${row.one.p99} ms (${row.one.runs.map(fmt).join(', ')}); ${describeCpu(row.one.cpu)}`,
    )
    line(
      `${row.name}, 2 nodes`,
      fmt(row.two.rps),
      `p99 ${row.two.p99} ms (${row.two.runs.map(fmt).join(', ')}); ${describeCpu(row.two.cpu)}`,
    )
  }
  for (const [label, figure] of [
    ['1 worker', deliveries.one],
    ['2 workers', deliveries.two],
  ]) {
    line(
      `deliveries to ${endpointCount} endpoints, ${label}`,
      fmt(figure.rate),
      `(${figure.runs.map(fmt).join(', ')}), duplicates ${figure.duplicates}; ${describeCpu(figure.cpu)}`,
    )
  }
  console.log(`Scale bench took ${result.seconds.toFixed(0)} s`)
}

/** `node bench/scale.js`: this bench alone, on DATABASE_URL's server or an embedded one. */
async function main() {
  await withCleanup(defaultLog, async (cleanup) => {
    let serverUrl = process.env.DATABASE_URL
    if (!serverUrl) {
      const { openEmbeddedDatabase } = await import('../dist/db/embedded.js')
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-pg-'))
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
      defaultLog(`No DATABASE_URL: starting an embedded PostgreSQL in ${dataDir}`)
      const embedded = await openEmbeddedDatabase(dataDir, { durable: false, onProgress: defaultLog })
      cleanup.push(() => embedded.stop())
      serverUrl = embedded.url
    }
    await runScaleBench({ serverUrl, cleanup })
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) await main()
