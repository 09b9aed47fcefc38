// GET /metrics as the shop's IT staff scrape it: the token rules on the API port, the token-free
// listener of `serve --metrics-port`, and counts that match what the test did (requests, a 429,
// deliveries, events, the pending backlog), every scrape read by a strict Prometheus text parser.
import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import type { WebhookConfig } from '../../src/config.js'
import { newPublicId } from '../../src/lib/ids.js'
import { deriveSecrets, parseSecretKey } from '../../src/lib/secrets.js'
import { WebhookWorker } from '../../src/worker/webhook-worker.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import { cliEnv, cliPath, startServe } from '../helpers/cli.js'
import { checkedFetch } from '../helpers/contract.js'
import { createTestDatabase } from '../helpers/database.js'
import { assertError, sendJson } from '../helpers/http.js'
import { type Family, parsePrometheusText, sampleValue } from '../helpers/prometheus.js'
import { eventually, startReceiver } from '../helpers/receiver.js'

const token = 'metrics-token-0123456789abcdef'
const silentLog = { info() {}, warn() {}, error() {} }

async function scrape(api: TestApp, auth = `Bearer ${token}`): Promise<Map<string, Family>> {
  const response = await api.request('/metrics', { headers: { authorization: auth } })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}: ${text}`)
  return parsePrometheusText(text)
}

/** A counter's value, 0 when the series does not exist yet. */
function count(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  return sampleValue(families, name, labels) ?? 0
}

t.test('without a metrics token GET /metrics does not exist on the API port', async (t) => {
  const api = await startTestApp(t)
  t.equal(api.app.metrics, undefined, 'nothing is counted')
  for (const headers of [{}, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
    const reply = await sendJson(api, 'GET', '/metrics', '', {})
    assertError(t, reply, 404, 'not_found')
    const response = await api.request('/metrics', { headers })
    t.equal(response.status, 404, 'a token changes nothing')
    await response.text()
  }
})

t.test('the token rules: 401 without or with a wrong token (the envelope), 200 with it', async (t) => {
  const api = await startTestApp(t, { config: { metrics: { token } } })
  const missing = await sendJson(api, 'GET', '/metrics', '')
  assertError(t, missing, 401, 'invalid_api_key', null)
  t.match(missing.headers.get('www-authenticate'), /^Bearer realm="shopapi metrics"/)
  for (const wrong of [`${token.slice(0, -1)}x`, 'short', `${token}${token}`, token.toUpperCase()]) {
    const reply = await sendJson(api, 'GET', '/metrics', wrong)
    assertError(t, reply, 401, 'invalid_api_key', null)
  }
  const basic = await api.request('/metrics', { headers: { authorization: `Basic ${token}` } })
  t.equal(basic.status, 401, 'another scheme is refused')
  await basic.text()

  const response = await api.request('/metrics', { headers: { authorization: `Bearer ${token}` } })
  t.equal(response.status, 200)
  t.match(response.headers.get('content-type'), /^text\/plain; version=0\.0\.4/)
  t.equal(response.headers.get('cache-control'), 'no-store')
  const families = parsePrometheusText(await response.text())
  t.equal(families.get('process_cpu_user_seconds_total')?.type, 'counter', "prom-client's process metrics")
  t.equal(families.get('nodejs_heap_size_used_bytes')?.type, 'gauge')
  t.equal(sampleValue(families, 'shopapi_db_pool_max_connections', { pool: 'api' }), 10, "the API pool's size")
  t.type(sampleValue(families, 'shopapi_db_pool_connections', { pool: 'api' }), 'number')
  t.equal(sampleValue(families, 'shopapi_db_pool_waiting_queries', { pool: 'api' }), 0)
  for (const name of families.keys()) {
    if (name.startsWith('process_') || name.startsWith('nodejs_')) continue
    t.match(name, /^shopapi_/, `${name} has the shopapi_ prefix`)
  }
  t.equal(families.get('shopapi_http_request_duration_seconds')?.type, 'histogram')
  t.equal(families.get('shopapi_http_requests_total')?.type, 'counter')
})

t.test(
  'wrong metrics tokens are throttled per address like failed API keys, the right one after the window',
  async (t) => {
    const windowSeconds = 3
    const max = 5
    const api = await startTestApp(t, {
      config: { metrics: { token }, edgeRateLimit: { max }, rateLimit: { max: 1000, windowSeconds } },
    })
    const wrong = `${token.slice(0, -1)}x`
    const statuses: number[] = []
    for (let i = 0; i < max; i++) statuses.push((await sendJson(api, 'GET', '/metrics', wrong)).status)
    t.same(statuses, Array(max).fill(401), `${max} wrong tokens (SHOPAPI_EDGE_RATE_LIMIT_MAX) are answered 401`)
    const limited = await sendJson(api, 'GET', '/metrics', wrong)
    assertError(t, limited, 429, 'rate_limited', null)
    const retryAfter = Number(limited.headers.get('retry-after'))
    t.ok(retryAfter >= 1 && retryAfter <= windowSeconds, `then 429 with Retry-After in seconds (${retryAfter})`)
    t.equal((limited.body as { error: { request_id: unknown } }).error.request_id, null, 'an edge refusal')
    t.equal(limited.headers.get('ratelimit-limit'), null, 'no RateLimit-* (spec "Errors" 6)')
    t.match(limited.text, /metrics token/, 'the message says what was counted')

    // Refused whatever the token while the address is blocked: the operator chooses this token, and a
    // right one answered 200 mid-block would let the guessing go on at full speed.
    const rightMeanwhile = await sendJson(api, 'GET', '/metrics', token)
    assertError(t, rightMeanwhile, 429, 'rate_limited', null)
    const shop = await createTestShop(api.pool)
    const { key } = await createTestKey(api.pool, shop, ['shop.read'])
    const badKey = await sendJson(api, 'GET', '/v1/shop', `${key.slice(0, -2)}zz`)
    assertError(t, badKey, 429, 'rate_limited', null)
    t.pass('one budget of failed credentials per address: wrong metrics tokens refuse unknown API keys too')

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 200))
    const after = await api.request('/metrics', { headers: { authorization: `Bearer ${token}` } })
    t.equal(after.status, 200, 'the right token works once the window is over')
    await after.text()

    // Failed API keys count towards the same budget as wrong tokens.
    for (let i = 0; i < max; i++) {
      t.equal((await sendJson(api, 'GET', '/v1/shop', `${key.slice(0, -2)}zz`)).status, 401)
    }
    assertError(t, await sendJson(api, 'GET', '/metrics', wrong), 429, 'rate_limited', null)

    // No token at all counts like a request without an API key, in the budget of its own.
    await new Promise((resolve) => setTimeout(resolve, windowSeconds * 1000 + 200))
    const missing: number[] = []
    for (let i = 0; i <= max; i++) missing.push((await api.request('/metrics')).status)
    t.same(missing, [...Array(max).fill(401), 429], 'requests without a token are counted per address too')
    const right = await api.request('/metrics', { headers: { authorization: `Bearer ${token}` } })
    t.equal(right.status, 200, 'and never hold the right token back')
    await right.text()
  },
)

t.test('requests are counted by operation id and status, never by URL', async (t) => {
  const api = await startTestApp(t, { config: { metrics: { token } } })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write'])
  const created = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', key, {
    body: { first_name: 'Ada', last_name: 'Lovelace' },
    idempotencyKey: randomUUID(),
  })
  t.equal(created.status, 201)
  const before = await scrape(api)
  const n = 7
  for (let i = 0; i < n; i++) {
    const reply = await sendJson(api, 'GET', `/v1/customers/${created.body.id}`, key)
    t.equal(reply.status, 200)
  }
  const missing = await sendJson(api, 'GET', `/v1/customers/${newPublicId('customer')}`, key)
  assertError(t, missing, 404, 'not_found')
  const unknown = await sendJson(api, 'GET', '/v1/no-such-thing/42', key)
  assertError(t, unknown, 404, 'not_found')
  const after = await scrape(api)

  const ok = { operation: 'getCustomer', status: '200' }
  t.equal(count(after, 'shopapi_http_requests_total', ok) - count(before, 'shopapi_http_requests_total', ok), n)
  const okClass = { operation: 'getCustomer', status_class: '2xx' }
  t.equal(
    count(after, 'shopapi_http_request_duration_seconds_count', okClass) -
      count(before, 'shopapi_http_request_duration_seconds_count', okClass),
    n,
    'the latency histogram saw each request',
  )
  t.ok(
    (sampleValue(after, 'shopapi_http_request_duration_seconds_sum', okClass) ?? 0) > 0,
    'with a positive total time',
  )
  t.equal(count(after, 'shopapi_http_requests_total', { operation: 'getCustomer', status: '404' }), 1)
  t.equal(count(after, 'shopapi_http_requests_total', { operation: 'unmatched', status: '404' }), 1)
  t.equal(count(after, 'shopapi_http_requests_total', { operation: 'createCustomer', status: '201' }), 1)
  t.equal(count(after, 'shopapi_http_requests_total', { operation: 'metrics', status: '200' }), 1, 'the first scrape')
  const values = [...after.values()].flatMap((family) => family.samples.flatMap((s) => Object.values(s.labels)))
  t.notOk(
    values.some((value) => value.includes('cus_') || value.includes('/')),
    'no label holds an id or a path',
  )
})

t.test('refusals with 429 are counted by limit: the key budget and the edge', async (t) => {
  const api = await startTestApp(t, {
    config: { metrics: { token }, rateLimit: { max: 3, windowSeconds: 60 }, edgeRateLimit: { max: 2 } },
  })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])
  const statuses: number[] = []
  for (let i = 0; i < 5; i++) {
    const reply = await sendJson(api, 'GET', '/v1/shop', key)
    statuses.push(reply.status)
  }
  t.same(statuses, [200, 200, 200, 429, 429])
  for (let i = 0; i < 3; i++) await (await api.request('/v1/openapi.json')).text()
  const families = await scrape(api)
  t.equal(sampleValue(families, 'shopapi_rate_limited_requests_total', { limit: 'key' }), 2)
  t.equal(sampleValue(families, 'shopapi_rate_limited_requests_total', { limit: 'edge' }), 1)
  t.equal(sampleValue(families, 'shopapi_http_requests_total', { operation: 'getShop', status: '429' }), 2)
  t.equal(sampleValue(families, 'shopapi_http_requests_total', { operation: 'getOpenApiDocument', status: '429' }), 1)
})

t.test('deliveries, events and the pending backlog, counted by the worker of the same process', async (t) => {
  const webhooks: WebhookConfig = {
    allowPrivateTargets: true,
    // One retry a minute later: a failed first attempt leaves its delivery pending for the whole test.
    retryScheduleMs: [60_000],
    timeoutMs: 2000,
    secretOverlapMs: 24 * 3600 * 1000,
    disableAfterMs: 3 * 24 * 3600 * 1000,
    concurrency: 20,
    endpointConcurrency: 4,
  }
  const api = await startTestApp(t, { config: { metrics: { token }, webhooks } })
  const metrics = api.app.metrics
  if (!metrics) throw new Error('the app has no metrics')
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write', 'webhooks.manage'])
  const worker = new WebhookWorker({
    databaseUrl: api.url,
    webhooks,
    sealKey: deriveSecrets(parseSecretKey(api.config.secretKey as string)).sealKey,
    log: silentLog,
    metrics,
  })
  await worker.start()
  t.teardown(() => worker.stop())
  const good = await startReceiver(t)
  const bad = await startReceiver(t, (_, response) => {
    response.statusCode = 503
    response.end('down for maintenance')
  })
  for (const receiver of [good, bad]) {
    const reply = await sendJson(api, 'POST', '/v1/webhook-endpoints', key, {
      body: { url: receiver.url, event_types: ['customer.created'] },
      idempotencyKey: randomUUID(),
    })
    t.equal(reply.status, 201)
  }

  const customers = 3
  for (let i = 0; i < customers; i++) {
    const reply = await sendJson(api, 'POST', '/v1/customers', key, {
      body: { first_name: `Customer ${i}`, last_name: 'Test' },
      idempotencyKey: randomUUID(),
    })
    t.equal(reply.status, 201)
  }
  await good.waitFor(customers)
  await bad.waitFor(customers)
  // The good receiver's deliveries are recorded as succeeded, the bad one's as pending (retry in 1 min).
  // The backlog gauges are read at most once a second, so they may trail the counters by that much.
  const families = await eventually(async () => {
    const scraped = await scrape(api)
    return count(scraped, 'shopapi_webhook_deliveries_finished_total', { status: 'succeeded' }) === customers &&
      count(scraped, 'shopapi_webhook_attempts_total', { result: 'http_error' }) === customers &&
      count(scraped, 'shopapi_webhook_deliveries_pending', { endpoint_status: 'active' }) === customers
      ? scraped
      : undefined
  })
  t.equal(sampleValue(families, 'shopapi_events_recorded_total', { type: 'customer.created' }), customers)
  t.equal(sampleValue(families, 'shopapi_webhook_attempts_total', { result: 'succeeded' }), customers)
  t.equal(sampleValue(families, 'shopapi_webhook_attempts_total', { result: 'timed_out' }), 0)
  t.equal(sampleValue(families, 'shopapi_webhook_deliveries_finished_total', { status: 'failed' }), 0)
  t.equal(sampleValue(families, 'shopapi_webhook_attempt_duration_seconds_count', { result: 'succeeded' }), customers)
  t.equal(sampleValue(families, 'shopapi_webhook_endpoints_auto_disabled_total'), 0)
  t.equal(sampleValue(families, 'shopapi_db_pool_max_connections', { pool: 'worker' }), 10, "the worker's pool")

  const { rows } = await api.pool.query<{ status: string; pending: number }>(
    `select w.status, count(*)::int as pending from webhook_deliveries d
     join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     where d.status = 'pending' group by w.status`,
  )
  t.same(rows, [{ status: 'active', pending: customers }], 'the bad receiver holds every pending delivery')
  t.equal(sampleValue(families, 'shopapi_webhook_deliveries_pending', { endpoint_status: 'active' }), customers)
  t.equal(sampleValue(families, 'shopapi_webhook_deliveries_pending', { endpoint_status: 'disabled' }), 0)
  const age = sampleValue(families, 'shopapi_webhook_oldest_pending_delivery_age_seconds', {
    endpoint_status: 'active',
  })
  t.ok(age !== undefined && age >= 0 && age < 60, `the oldest pending delivery is ${age} s old`)
})

t.test('serve --metrics-port: a token-free listener of its own; the API port keeps the token rules', async (t) => {
  const database = await createTestDatabase(t)
  const env = {
    DATABASE_URL: database.url,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_LOG_LEVEL: 'info',
  }
  const server = await startServe(['--metrics-port', '0'], env)
  t.teardown(() => server.stop())
  const summary = JSON.parse(server.output().stdout.split('\n')[0] as string) as {
    url: string
    metrics: { token: boolean; url: string | null }
  }
  t.equal(summary.metrics.token, false)
  t.match(summary.metrics.url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/, 'the bound address, port 0 resolved')
  const metricsUrl = summary.metrics.url as string
  t.notOk(metricsUrl.endsWith(':0/metrics'))
  await eventually(
    async () => (server.output().stdout.includes('"msg":"metrics listener started"') ? true : undefined),
    10_000,
    'the log line of the metrics listener',
  )
  t.match(server.output().stdout, metricsUrl, 'the log line names the bound address')

  const apiBase = summary.url.replace(/\/v1$/, '')
  await (await checkedFetch(`${apiBase}/healthz`)).text()
  const response = await fetch(metricsUrl)
  t.equal(response.status, 200, 'no token needed on the metrics port')
  const families = parsePrometheusText(await response.text())
  t.equal(sampleValue(families, 'shopapi_http_requests_total', { operation: 'healthz', status: '200' }), 1)
  t.ok(families.has('shopapi_webhook_attempts_total'), 'the worker in serve counts into the same registry')
  t.type(sampleValue(families, 'shopapi_db_pool_connections', { pool: 'worker' }), 'number')

  const other = await fetch(metricsUrl.replace('/metrics', '/v1/shop'))
  t.equal(other.status, 404, 'the metrics port serves nothing else')
  t.equal(((await other.json()) as { error: { code: string } }).error.code, 'not_found')
  const onApiPort = await checkedFetch(`${apiBase}/metrics`)
  t.equal(onApiPort.status, 404, 'no token configured: no /metrics on the API port')
  await onApiPort.text()
})

t.test('serve with SHOPAPI_METRICS_TOKEN serves /metrics on the API port with that token only', async (t) => {
  const database = await createTestDatabase(t)
  const server = await startServe([], {
    DATABASE_URL: database.url,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_LOG_LEVEL: 'error',
    SHOPAPI_METRICS_TOKEN: token,
  })
  t.teardown(() => server.stop())
  const summary = JSON.parse(server.output().stdout.split('\n')[0] as string) as {
    url: string
    metrics: { token: boolean; url: string | null }
  }
  t.same(summary.metrics, { token: true, url: null })
  const apiBase = summary.url.replace(/\/v1$/, '')
  const refused = await checkedFetch(`${apiBase}/metrics`, {
    headers: { authorization: 'Bearer not-the-token-at-all' },
  })
  t.equal(refused.status, 401)
  await refused.text()
  const served = await checkedFetch(`${apiBase}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(served.status, 200)
  t.ok(parsePrometheusText(await served.text()).has('shopapi_http_requests_total'))
})

t.test('a metrics token that is too short is refused at start, by flag and by environment', async (t: Test) => {
  const { loadConfig } = await import('../../src/config.js')
  t.throws(() => loadConfig({ SHOPAPI_METRICS_TOKEN: 'short' }), /SHOPAPI_METRICS_TOKEN: it must be 16-200/)
  t.equal(loadConfig({ SHOPAPI_METRICS_TOKEN: '' }).metrics.token, undefined, 'empty is unset')
  t.equal(loadConfig({ SHOPAPI_METRICS_TOKEN: token }).metrics.token, token)
})

t.test('worker --metrics-port: a worker process serves its own metrics', async (t) => {
  const database = await createTestDatabase(t)
  const child = spawn(process.execPath, [cliPath, 'worker', '--json', '--metrics-port', '0'], {
    env: cliEnv({ DATABASE_URL: database.url, SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex') }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  t.teardown(async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  })
  let stdout = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  const summary = await eventually(
    async () => {
      const line = stdout.split('\n')[0] ?? ''
      return stdout.includes('\n') && line.startsWith('{') ? (JSON.parse(line) as { metrics_url: string }) : undefined
    },
    60_000,
    "the worker's start-up line",
  )
  t.match(summary.metrics_url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
  const response = await fetch(summary.metrics_url)
  t.equal(response.status, 200)
  const families = parsePrometheusText(await response.text())
  t.equal(sampleValue(families, 'shopapi_webhook_attempts_total', { result: 'succeeded' }), 0)
  t.type(sampleValue(families, 'shopapi_db_pool_max_connections', { pool: 'worker' }), 'number')
  t.equal(sampleValue(families, 'shopapi_webhook_deliveries_pending', { endpoint_status: 'active' }), 0)
  t.notOk(
    families.has('shopapi_http_requests_total') &&
      (families.get('shopapi_http_requests_total')?.samples.length ?? 0) > 0,
    'no HTTP API in a worker',
  )
  child.kill('SIGTERM')
  t.equal(await exited, 0, 'stops cleanly')
})
