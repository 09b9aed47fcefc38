#!/usr/bin/env node
import { spawn } from 'node:child_process'
// The figures the test suite used to bound (issue 23 item 1): wall-clock times and heap sizes depend on
// the machine and on whatever else runs on it, so the tests keep the behaviour (who answers, what is
// held, what is refused) and these scenarios measure how fast and how big, printed with their goal:
//
// - revocation: two `shopapi serve --no-worker` processes over one database, each with a key in its auth
//   cache; the key is revoked from a third process (as `shopapi keys revoke` does) and each server is
//   polled until it answers 401. Figure: commit to refusal, median and max over the (process, round)
//   pairs, and the stale answers before it. Goal: under 1 s on every process (docs/decisions.md).
//   The behaviour: test/commands/serve-auth-cache.test.ts.
// - dns: the app in this process with a DNS resolver that takes 5 s; 50 POST /v1/webhook-endpoints
//   wait for it while three clients poll GET /v1/shop. Figure: GET /v1/shop p99 and max while the
//   creates wait, and the most pooled connections checked out. Goal: p99 under 50 ms. The behaviour
//   (no pooled connection held, at most 8 lookups at once): test/resources/webhook-endpoints/webhook-endpoints.test.ts.
// - heap: a child that keeps ~40 MB alive and churns garbage for 2.5 s, once with V8's own growing
//   factor and once with SHOPAPI_HEAP_GROWTH_PERCENT's default. Figure: the largest old generation V8
//   committed. Goal: under 150 MB and under 3/4 of V8's own. The behaviour (the factor is applied, no
//   gc() global left, node's own flag kept): test/server/heap-growth.test.ts.
// - input: 1 MB adversarial values (a body field, a query value) answered 400, and /healthz while
//   four 1 MB adversarial emails are validated. Figure: the slowest answer. Goal: under 100 ms for a
//   400, under 500 ms for /healthz. The behaviour (400, its code): test/server/input-rules.test.ts.
//
// Run by `npm run bench` (last) or alone: `BENCH_ONLY=bounds npm run bench`, or `node bench/bounds.js`
// against the build in dist/. BENCH_BOUNDS=revocation,dns,heap,input picks scenarios (all by default);
// BENCH_BOUNDS_ROUNDS (10) is the number of revocation rounds; BENCH_STRICT=1 exits 1 when a goal is
// missed. Each scenario's database is a fresh `shopapi_bench_bounds_<random>` on the server of
// DATABASE_URL (loopback only), or on an embedded PostgreSQL in a temp directory, dropped at the end.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import pg from 'pg'
import { root, spawnServer, withCleanup } from './spawn.js'

const scenarioNames = ['revocation', 'dns', 'heap', 'input']
const revocationRounds = Number(process.env.BENCH_BOUNDS_ROUNDS ?? 10)
const dist = (file) => pathToFileURL(path.join(root, 'dist', file)).href

/** Sorted figures: the value at quantile `q` (nearest rank). */
const quantile = (sorted, q) => sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)]
const ms = (value) => `${value.toFixed(1)} ms`

export async function runBoundsBench({ serverUrl, log, cleanup }) {
  const chosen = (process.env.BENCH_BOUNDS ?? scenarioNames.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  for (const name of chosen) {
    if (!scenarioNames.includes(name)) throw new Error(`BENCH_BOUNDS: "${name}" is not ${scenarioNames.join(', ')}`)
  }
  const host = new URL(serverUrl).hostname
  if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) {
    throw new Error(`The bench only targets loopback: the database server is "${host}"`)
  }
  const results = []
  const scenarios = { revocation, dns, heap, input }
  for (const name of chosen) {
    log(`\nbounds: ${name}`)
    const started = Date.now()
    const result = await scenarios[name]({ serverUrl, log, cleanup })
    results.push({ name, ...result, seconds: (Date.now() - started) / 1000 })
  }
  console.log('\n=== Bounds (figures the tests no longer assert)')
  for (const result of results) {
    console.log(
      `${result.met ? 'met   ' : 'MISSED'} ${result.name}: ${result.figure} (goal: ${result.goal}; ${result.seconds.toFixed(0)} s)`,
    )
  }
  if (results.some((result) => !result.met) && process.env.BENCH_STRICT === '1') process.exitCode = 1
  return results
}

/** A fresh migrated database with one shop; dropped by `cleanup`. */
async function migratedDatabase(serverUrl, { log, cleanup }) {
  const { runMigrations } = await import(dist('db/migrate.js'))
  const { createShop } = await import(dist('platform/tenancy/shops.js'))
  const name = `shopapi_bench_bounds_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  cleanup.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
    log(`dropped database ${name}`)
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const dbUrl = url.toString()
  await runMigrations(dbUrl)
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 })
  pool.on('error', () => {})
  cleanup.push(() => pool.end())
  const shop = await createShop(pool, { name: 'Bounds Shop', timezone: 'America/Chicago', currency: 'USD' })
  return { url: dbUrl, pool, shop }
}

/**
 * The in-process app's configuration for a scenario: quiet, a key of its own, and the edge limits out
 * of the way (one address sends everything), as the test app has them.
 */
function appConfig(loadConfig, url, overrides = {}) {
  return loadConfig(
    {},
    {
      databaseUrl: url,
      logLevel: 'silent',
      secretKey: randomBytes(32).toString('hex'),
      edgeRateLimit: { max: 1_000_000 },
      maxInFlightPerKey: 1_000,
      ...overrides,
    },
  )
}

async function status(baseUrl, key, route = '/v1/shop') {
  const response = await fetch(`${baseUrl}${route}`, { headers: { authorization: `Bearer ${key}` } })
  await response.arrayBuffer()
  return response.status
}

async function revocation({ serverUrl, log, cleanup }) {
  const { createIntegration } = await import(dist('platform/tenancy/integrations.js'))
  const { revokeApiKey } = await import(dist('platform/tenancy/api-keys.js'))
  const { url, pool, shop } = await migratedDatabase(serverUrl, { log, cleanup })
  const env = {
    DATABASE_URL: url,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_LOG_LEVEL: 'silent',
    SHOPAPI_RATE_LIMIT_MAX: '1000000',
  }
  const servers = []
  for (const label of ['serve-1', 'serve-2']) {
    const server = await spawnServer(
      label,
      [path.join(root, 'bin/run.js'), 'serve', '--no-worker', '--host', '127.0.0.1', '--port', '0', '--json'],
      env,
      { log },
    )
    cleanup.push(() => server.stop())
    servers.push(server.info.url.replace(/\/v1\/?$/, ''))
  }
  // Triggers off for this session: a revocation no process hears of, to see who answers from memory.
  const silent = new pg.Client({ connectionString: url })
  await silent.connect()
  cleanup.push(() => silent.end())
  await silent.query('set session_replication_role = replica')
  const setRevoked = (keyId, revoked) =>
    silent.query('update api_keys set revoked_at = case when $2::boolean then now() end where public_id = $1::text', [
      keyId,
      revoked,
    ])

  const latencies = []
  let stale = 0
  for (let round = 0; round < revocationRounds; round++) {
    const created = await createIntegration(pool, {
      shop: shop.public_id,
      name: `Round ${round}`,
      scopes: ['shop.read'],
    })
    const key = created.plaintextKey
    const keyId = created.apiKey.public_id
    // Each server answers the key from memory before the revocation (once its creation was heard).
    for (const base of servers) {
      for (let attempt = 0; ; attempt++) {
        if ((await status(base, key)) !== 200) throw new Error(`round ${round}: the new key is refused`)
        await setRevoked(keyId, true)
        const fromMemory = (await status(base, key)) === 200
        await setRevoked(keyId, false)
        if (fromMemory) break
        if (attempt > 100) throw new Error(`round ${round}: ${base} never answered the key from memory`)
      }
    }
    await revokeApiKey(pool, keyId)
    const committed = performance.now()
    const refused = await Promise.all(
      servers.map(async (base) => {
        let staleHere = 0
        while (performance.now() - committed < 30_000) {
          if ((await status(base, key)) === 401) return { ms: performance.now() - committed, stale: staleHere }
          staleHere += 1
        }
        throw new Error(`round ${round}: ${base} still accepts the revoked key after 30 s`)
      }),
    )
    for (const one of refused) {
      latencies.push(one.ms)
      stale += one.stale
    }
  }
  latencies.sort((a, b) => a - b)
  const max = latencies.at(-1)
  return {
    figure: `revocation to refusal over ${latencies.length} (process, round) pairs: median ${ms(quantile(latencies, 0.5))}, max ${ms(max)} (one request's time included); ${stale} stale answers`,
    goal: 'under 1 s on every process',
    met: max < 1000,
  }
}

async function dns({ serverUrl, log, cleanup }) {
  const { loadConfig } = await import(dist('config.js'))
  const { buildApp } = await import(dist('server/app.js'))
  const { createIntegration } = await import(dist('platform/tenancy/integrations.js'))
  const { url, shop } = await migratedDatabase(serverUrl, { log, cleanup })
  let inFlight = 0
  const slowResolver = async (host) => {
    inFlight += 1
    try {
      await new Promise((resolve) => setTimeout(resolve, 5000))
      return host === 'slow.example.test' ? ['93.184.216.34'] : []
    } finally {
      inFlight -= 1
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: 20 })
  pool.on('error', () => {})
  cleanup.push(() => pool.end())
  const config = appConfig(loadConfig, url, { rateLimit: { max: 100_000, windowSeconds: 60 } })
  const app = await buildApp({ pool, config, resolver: slowResolver }, { logStream: { write() {} } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  cleanup.push(() => app.close())
  const base = `http://127.0.0.1:${app.server.address().port}`
  const scopes = ['shop.read', 'webhooks.manage']
  const key = (await createIntegration(pool, { shop: shop.public_id, name: 'dns', scopes })).plaintextKey
  // Warm the route and the pool first: the figure is about the creates, not a cold start.
  await Promise.all(Array.from({ length: 10 }, () => status(base, key)))

  let creating = true
  const creates = Promise.all(
    Array.from({ length: 50 }, async () => {
      const response = await fetch(`${base}/v1/webhook-endpoints`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ url: 'https://slow.example.test/hook', event_types: ['*'] }),
      })
      await response.arrayBuffer()
      return response.status
    }),
  ).finally(() => {
    creating = false
  })
  // Measured while every create waits for DNS: from 1 s until shortly before the 2 s deadline.
  const sentAt = performance.now()
  const window = { from: 1000, to: 1900 }
  const latencies = []
  let mostCheckedOut = 0
  const poll = async () => {
    while (creating) {
      const started = performance.now()
      const answered = await status(base, key)
      if (answered !== 200) throw new Error(`GET /v1/shop answered ${answered}`)
      const since = started - sentAt
      if (since >= window.from && since <= window.to) {
        latencies.push(performance.now() - started)
        mostCheckedOut = Math.max(mostCheckedOut, pool.totalCount - pool.idleCount)
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  await Promise.all([poll(), poll(), poll()])
  const statuses = await creates
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 100))
  latencies.sort((a, b) => a - b)
  const p99 = quantile(latencies, 0.99) ?? Number.POSITIVE_INFINITY
  return {
    figure: `GET /v1/shop while 50 creates wait for DNS: p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? Number.NaN)} over ${latencies.length} requests; at most ${mostCheckedOut} pooled connections checked out; creates answered ${[...new Set(statuses)].join(', ')}`,
    goal: 'p99 under 50 ms',
    met: p99 <= 50,
  }
}

const churn = (module) => `
import { getHeapSpaceStatistics } from 'node:v8'
const { limitHeapGrowth } = await import(${JSON.stringify(module)})
const applied = limitHeapGrowth(Number(process.env.PERCENT))
const live = []
for (let i = 0; i < 200_000; i++) live.push({ name: 'customer ' + i, tags: [i, i + 1], address: { line: 'x' + i } })
let batch = []
let peak = 0
const started = Date.now()
while (Date.now() - started < 2500) {
  for (let j = 0; j < 2000; j++) batch.push({ body: JSON.stringify({ n: j, lines: [1, 2, 3], text: 'abc'.repeat(10) }) })
  if (batch.length > 150_000) batch = []
  const old = getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')
  peak = Math.max(peak, old.space_size)
}
process.stdout.write(JSON.stringify({ applied, peakOldMb: peak / 1e6, live: live.length }))
`

function runChurn(percent) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', churn(dist('server/heap-growth.js'))], {
      env: { ...process.env, PERCENT: String(percent) },
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
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`churn: ${stderr}`))))
  })
}

async function heap() {
  const { loadConfig } = await import(dist('config.js'))
  const { heapGrowthPercent } = loadConfig({})
  const byV8 = await runChurn(0)
  const limited = await runChurn(heapGrowthPercent)
  return {
    figure: `peak old generation: ${byV8.peakOldMb.toFixed(0)} MB by V8's choice, ${limited.peakOldMb.toFixed(0)} MB at ${heapGrowthPercent} % (~40 MB alive)`,
    goal: "under 150 MB and under 3/4 of V8's own",
    met: limited.peakOldMb < 150 && limited.peakOldMb < byV8.peakOldMb * 0.75,
  }
}

async function input({ serverUrl, log, cleanup }) {
  const { loadConfig } = await import(dist('config.js'))
  const { buildApp } = await import(dist('server/app.js'))
  const { createIntegration } = await import(dist('platform/tenancy/integrations.js'))
  const { url, shop } = await migratedDatabase(serverUrl, { log, cleanup })
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  pool.on('error', () => {})
  cleanup.push(() => pool.end())
  const config = appConfig(loadConfig, url)
  const app = await buildApp({ pool, config }, { logStream: { write() {} } })
  await app.listen({ host: '127.0.0.1', port: 0 })
  cleanup.push(() => app.close())
  const base = `http://127.0.0.1:${app.server.address().port}`
  const scopes = ['customers.read', 'customers.write']
  const key = (await createIntegration(pool, { shop: shop.public_id, name: 'input', scopes })).plaintextKey
  const megabyte = 1024 * 1024 - 200
  const send = async (method, route, body) => {
    const started = performance.now()
    const response = await fetch(`${base}/v1${route}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    await response.arrayBuffer()
    return { status: response.status, ms: performance.now() - started }
  }
  const cases = [
    [
      'POST /customers notes',
      () => send('POST', '/customers', { first_name: 'A', last_name: 'B', notes: 'n'.repeat(megabyte) }),
    ],
    [
      'POST /customers email',
      () => send('POST', '/customers', { first_name: 'A', last_name: 'B', email: `a@${'.'.repeat(megabyte)}@` }),
    ],
    ['POST /customers unknown field name', () => send('POST', '/customers', { ['k'.repeat(megabyte)]: 1 })],
    ['GET /customers?q=', () => send('GET', `/customers?q=${'q'.repeat(8000)}`)],
  ]
  // Warm-up, untimed: the first megabyte bodies pay for JIT compilation and heap growth.
  for (let i = 0; i < 5; i++) for (const [, run] of cases) await run()
  const timings = []
  for (const [what, run] of cases) {
    for (let i = 0; i < 5; i++) {
      const { status: answered, ms: took } = await run()
      if (answered !== 400) throw new Error(`${what}: answered ${answered}, not 400`)
      timings.push({ what, ms: took })
    }
  }
  timings.sort((a, b) => b.ms - a.ms)
  const attack = { first_name: 'Ada', last_name: 'Lovelace', email: `a@${'.'.repeat(megabyte)}@` }
  const adversarial = Array.from({ length: 4 }, () => send('POST', '/customers', attack))
  const started = performance.now()
  const health = await fetch(`${base}/healthz`)
  await health.arrayBuffer()
  const healthMs = performance.now() - started
  await Promise.all(adversarial)
  const slowest = timings[0]
  return {
    figure: `slowest 400 of ${timings.length}: ${slowest.what} ${ms(slowest.ms)} (median ${ms(timings[Math.floor(timings.length / 2)].ms)}); /healthz ${ms(healthMs)} while four 1 MB emails are validated`,
    goal: 'a 400 under 100 ms, /healthz under 500 ms',
    met: slowest.ms < 100 && healthMs < 500,
  }
}

// Alone: `node bench/bounds.js` (after `npm run build`).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const log = (message) => process.stderr.write(`${message}\n`)
  await withCleanup(log, async (cleanup) => {
    let serverUrl = process.env.DATABASE_URL
    if (!serverUrl) {
      const { openEmbeddedDatabase } = await import(dist('db/embedded.js'))
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-pg-'))
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
      const embedded = await openEmbeddedDatabase(dataDir, { durable: false, onProgress: log })
      cleanup.push(() => embedded.stop())
      serverUrl = embedded.url
    }
    await runBoundsBench({ serverUrl, log, cleanup })
  })
}
