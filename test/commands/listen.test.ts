// End-to-end tests of `shopapi listen`: a real `serve` over a database of this file, listen as a real
// process that reads it only over HTTP (through a proxy that checks every answer against the OpenAPI
// document and can take the appliance away), and a real receiver on 127.0.0.1 that can go down. The
// refusals, which end before listen listens, run in this process (runCommand).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { Webhook } from 'standardwebhooks'
import t, { type Test } from 'tap'
import type { ListenRecord } from '../../src/cli/listen.js'
import { normalizeApiUrl, parseEventTypeFilter } from '../../src/cli/listen.js'
import { verifyWebhookSignature } from '../../src/lib/webhook-signature.js'
import type { EventRow } from '../../src/platform/events.js'
import { recordEvents } from '../../src/platform/events.js'
import { deliveryBody } from '../../src/worker/attempt.js'
import { createTestKey, createTestShop } from '../helpers/app.js'
import { cliEnv, cliPath, type ServeProcess, startServe } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { checkedFetch, contractChecker, describeViolation } from '../helpers/contract.js'
import { createTestDatabase } from '../helpers/database.js'
import { eventually } from '../helpers/receiver.js'

t.setTimeout(600_000)

// ---- The appliance: serve, its database, and a proxy in front of it ----

const database = await createTestDatabase(t)
const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-listen-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const serve: ServeProcess = await startServe(['--no-worker'], {
  DATABASE_URL: database.url,
  SHOPAPI_DATA_DIR: dataDir,
  SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
  SHOPAPI_LOG_LEVEL: 'warn',
  SHOPAPI_RATE_LIMIT_MAX: '1000000',
  SHOPAPI_EDGE_RATE_LIMIT_MAX: '1000000',
})
t.teardown(() => serve.stop())

/**
 * An HTTP proxy on 127.0.0.1 in front of serve: every answer it passes on is checked against the
 * OpenAPI document; `stop` takes the appliance off the network (connections refused) until `start`;
 * `inject` answers the next requests itself (a 503 with Retry-After, a 429).
 */
async function startProxy(t: Test, target: string) {
  const checker = contractChecker()
  const injected: { status: number; headers: Record<string, string>; body: string }[] = []
  const seen: { status: number; url: string; at: number }[] = []
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const url = request.url ?? '/'
    const fake = injected.shift()
    if (fake) {
      seen.push({ status: fake.status, url, at: Date.now() })
      response.writeHead(fake.status, fake.headers).end(fake.body)
      return
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value
    }
    const answer = await fetch(`${new URL(target).origin}${url}`, {
      method: request.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    const body = await answer.text()
    const observed = {
      method: request.method ?? 'GET',
      url,
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? undefined,
      body,
    }
    const problems = checker.problems(observed)
    if (problems.length > 0) t.fail(describeViolation(observed, problems))
    if (answer.status === 500) t.fail(`unexpected 500 from ${url}: ${body}`)
    seen.push({ status: answer.status, url, at: Date.now() })
    const passed: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
        passed[name] = value
    })
    response.writeHead(answer.status, passed).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  let up = true
  const stop = async () => {
    if (!up) return
    up = false
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  t.teardown(stop)
  return {
    url: `http://127.0.0.1:${port}/v1`,
    seen,
    stop,
    async start() {
      if (up) return
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
      up = true
    },
    inject(status: number, headers: Record<string, string> = {}) {
      injected.push({
        status,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          error: {
            code: status === 429 ? 'rate_limited' : 'service_unavailable',
            message: 'injected by the test',
            param: null,
            request_id: null,
            blockers: [],
          },
        }),
      })
    },
  }
}

// ---- The local receiver: a real server that can go down and come back on its port ----

interface Received {
  headers: http.IncomingHttpHeaders
  rawBody: Buffer
  at: number
}

/** `status` answers the nth request (0-based); 200 unless given. */
async function startLocalReceiver(t: Test, status: (index: number) => number = () => 200) {
  const received: Received[] = []
  const server = http.createServer((request, response) => {
    // When the request arrived, not when its body ended: one accepted just before stop() may end after it.
    const at = Date.now()
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks), at })
      response.writeHead(status(received.length - 1)).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  let up = true
  const stop = async () => {
    if (!up) return
    up = false
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  t.teardown(stop)
  return {
    url: `http://localhost:${port}/hooks`,
    received,
    stop,
    async start() {
      if (up) return
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
      up = true
    },
    /** Distinct event ids in the order they first arrived. */
    eventIds() {
      const ids: string[] = []
      for (const request of received) {
        const id = String(request.headers['service-event-id'])
        if (!ids.includes(id)) ids.push(id)
      }
      return ids
    },
  }
}

// ---- listen as a process ----

interface ListenProcess {
  child: ChildProcess
  records: ListenRecord[]
  stderr(): string
  waitFor<T extends ListenRecord>(
    test: (record: ListenRecord) => record is T,
    what: string,
    timeoutMs?: number,
  ): Promise<T>
  /** Sends the signal (SIGINT by default) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
  exited: Promise<number | null>
}

function startListen(t: Test, args: string[]): ListenProcess {
  const child = spawn(process.execPath, [cliPath, 'listen', '--json', '--poll-interval', '200', ...args], {
    env: cliEnv({}),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const records: ListenRecord[] = []
  let buffered = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    buffered += chunk
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end)
      buffered = buffered.slice(end + 1)
      if (line.trim()) records.push(JSON.parse(line) as ListenRecord)
    }
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  return {
    child,
    records,
    stderr: () => stderr,
    exited,
    waitFor: (test, what, timeoutMs = 30_000) =>
      eventually(async () => records.find(test), timeoutMs, `${what}; stderr: ${stderr}`),
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
  }
}

const isReady = (record: ListenRecord): record is Extract<ListenRecord, { type: 'ready' }> => record.type === 'ready'
const isStopped = (record: ListenRecord): record is Extract<ListenRecord, { type: 'stopped' }> =>
  record.type === 'stopped'

// ---- The shop, its keys, and changes made through the API ----

const shop = await createTestShop(database.pool)
const writer = await createTestKey(
  database.pool,
  shop,
  ['customers.read', 'customers.write', 'vehicles.read', 'vehicles.write'],
  'Writer',
)
const reader = await createTestKey(database.pool, shop, ['customers.read', 'vehicles.read'], 'Listener')

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await checkedFetch(`${serve.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${writer.key}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const parsed = (await response.json()) as T
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(parsed)}`)
  return parsed
}

const createCustomer = (n: number) =>
  api<{ id: string }>('POST', '/customers', { first_name: `Listen ${n}`, last_name: 'Tester' })

/** The shop's events after `afterId` (exclusive) in the order of the log, as the worker would send them. */
async function eventsInLogOrder(pool: pg.Pool, since = new Date(0)): Promise<EventRow[]> {
  const { rows } = await pool.query<EventRow>(
    `select shop_id, id, public_id, type, api_version, test, object_type, object_id, summary, integration_id,
       created_at, created_at as updated_at
     from events where shop_id = $1 and not test and created_at >= $2 order by xact_id, sequence`,
    [shop.id, since],
  )
  return rows
}

/** Every request was one event, signed with `secret` as a delivery is, with the worker's exact body. */
function checkDeliveries(t: Test, received: Received[], secret: string, rows: EventRow[]) {
  const byId = new Map(rows.map((row) => [row.public_id, row]))
  const standard = new Webhook(secret)
  let signed = 0
  let standardOk = 0
  let sameBytes = 0
  for (const request of received) {
    const body = request.rawBody.toString('utf8')
    const id = String(request.headers['service-event-id'])
    const nowSeconds = Math.floor(request.at / 1000)
    if (verifyWebhookSignature(request.rawBody, request.headers['service-signature'] as string, secret, { nowSeconds }))
      signed += 1
    try {
      standard.verify(body, request.headers as Record<string, string>)
      standardOk += 1
    } catch (error) {
      t.fail(`standardwebhooks refused ${id}: ${(error as Error).message}`)
    }
    const row = byId.get(id)
    if (row && body === deliveryBody({ event: row } as Parameters<typeof deliveryBody>[0])) sameBytes += 1
    if (request.headers['webhook-id'] !== id) t.fail(`webhook-id of ${id} is ${request.headers['webhook-id']}`)
    if (!/^shopapi-webhooks\/\d+\.\d+\.\d+/.test(String(request.headers['user-agent'])))
      t.fail(`user-agent ${request.headers['user-agent']}`)
    if (request.headers['content-type'] !== 'application/json')
      t.fail(`content-type ${request.headers['content-type']}`)
  }
  t.equal(signed, received.length, 'every Service-Signature verifies with verifyWebhookSignature')
  t.equal(standardOk, received.length, 'every delivery verifies with the standardwebhooks package')
  t.equal(sameBytes, received.length, "every body is byte for byte the worker's delivery body of that event")
}

// ---- Tests ----

t.test('--events patterns: exact types, family.* and *, checked like endpoint event_types', async (t) => {
  const filter = parseEventTypeFilter('customer.*,repair_order.status_changed')
  t.ok(filter.matches('customer.merged'))
  t.ok(filter.matches('repair_order.status_changed'))
  t.notOk(filter.matches('repair_order.created'))
  t.notOk(filter.matches('vehicle.created'))
  t.equal(filter.onlyType, null)
  t.equal(parseEventTypeFilter('vehicle.created').onlyType, 'vehicle.created', 'one exact type is filtered by the API')
  t.ok(parseEventTypeFilter(undefined).matches('anything.new'), 'no --events means every type')
  t.throws(() => parseEventTypeFilter('customer.created,*'), /must be alone/)
  t.throws(() => parseEventTypeFilter('customer.made'), /not an event type/)
  t.throws(() => parseEventTypeFilter('spaceship.*'), /names no event family/)
})

t.test('--api-url: plain http only to loopback unless --allow-insecure-api-url says so', async (t) => {
  const loopback = [
    'http://localhost:8080',
    'http://LOCALHOST:8080/v1',
    'http://127.0.0.1:8080',
    'http://127.10.20.30/v1',
    'http://[::1]:8080',
    'http://[::ffff:127.0.0.1]:8080',
  ]
  for (const url of loopback) {
    t.match(normalizeApiUrl(url, { allowInsecure: false }), /^http:\/\/.*\/v1$/, `${url} is loopback: accepted`)
  }
  t.equal(
    normalizeApiUrl('https://shop.example:8443', { allowInsecure: false }),
    'https://shop.example:8443/v1',
    'https to any host is accepted',
  )
  const elsewhere = [
    'http://192.0.2.10:8080/v1',
    'http://shop.example',
    'http://0.0.0.0:8080',
    'http://[::]:8080',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
    'http://10.0.0.1',
  ]
  for (const url of elsewhere) {
    t.throws(
      () => normalizeApiUrl(url, { allowInsecure: false }),
      /plain HTTP to a host that is not this machine.*--allow-insecure-api-url/,
      `${url} is refused`,
    )
    t.match(normalizeApiUrl(url, { allowInsecure: true }), /\/v1$/, `${url} is accepted with the flag`)
  }
})

t.test('listen refuses a plain http --api-url to another host before sending it anything', async (t) => {
  // 0.0.0.0 reaches this machine's sockets on Linux, yet it is not a loopback address: it stands for
  // "another host" here, with a real appliance (through the proxy) answering behind it.
  const proxy = await startProxy(t, serve.url)
  const elsewhere = proxy.url.replace('127.0.0.1', '0.0.0.0')
  const [human, json] = await Promise.all([
    runCommand(['listen', '--api-url', elsewhere, '--api-key', reader.key], {}),
    runCommand(['listen', '--json', '--api-url', elsewhere, '--api-key', reader.key], {}),
  ])
  t.equal(human.code, 1, 'exit 1')
  const lines = human.stderr.trim().split('\n')
  t.equal(lines.length, 1, 'one line', { stderr: human.stderr })
  t.match(lines[0], /--api-url .*plain HTTP to a host that is not this machine/, 'says why')
  t.match(lines[0], /--allow-insecure-api-url/, 'and names the flag that allows it')
  t.equal(json.code, 1)
  const record = JSON.parse(json.stdout.trim()) as { error: { message: string } }
  t.match(record.error.message, /--allow-insecure-api-url/, '--json: one error object')
  t.equal(proxy.seen.length, 0, 'nothing was asked of the address, so nothing could be forwarded from it')

  const allowed = startListen(t, ['--api-url', elsewhere, '--api-key', reader.key, '--allow-insecure-api-url'])
  const ready = await allowed.waitFor(isReady, 'ready with --allow-insecure-api-url')
  t.equal(ready.api_url, elsewhere, 'with the flag, listen reads the log at that address')
  t.ok(proxy.seen.length > 0, 'through it')
  t.match(allowed.stderr(), /Warning: .* is plain HTTP/, 'and says once that it is unencrypted')
  t.equal(await allowed.stop(), 0)
})

t.test('200 events forwarded in the order of the log; the receiver down for 10 s loses none', async (t) => {
  t.setTimeout(180_000)
  const proxy = await startProxy(t, serve.url)
  const receiver = await startLocalReceiver(t)
  const listener = startListen(t, ['--api-url', proxy.url, '--api-key', reader.key, '--forward-to', receiver.url])
  const ready = await listener.waitFor(isReady, 'ready')
  t.match(ready.secret, /^whsec_[A-Za-z0-9]{44}$/, 'a new secret is printed at start')
  t.equal(ready.forward_to, receiver.url)
  const before = await eventsInLogOrder(database.pool)

  for (let n = 0; n < 60; n++) await createCustomer(n)
  await eventually(async () => (receiver.eventIds().length >= 50 ? true : undefined), 30_000, '50 deliveries')
  await receiver.stop()
  const downAt = Date.now()
  for (let n = 60; n < 200; n++) await createCustomer(n)
  await new Promise((resolve) => setTimeout(resolve, 10_000 - (Date.now() - downAt)))
  await receiver.start()
  const upAt = Date.now()
  await eventually(async () => (receiver.eventIds().length >= 200 ? true : undefined), 60_000, '200 deliveries')
  const finishedAt = Date.now()

  const rows = (await eventsInLogOrder(database.pool)).filter((row) => !before.some((old) => old.id === row.id))
  t.equal(rows.length, 200, '200 events were recorded')
  t.same(
    receiver.eventIds(),
    rows.map((row) => row.public_id),
    'every event arrived, in the order of the log',
  )
  const ids = receiver.received.map((request) => String(request.headers['service-event-id']))
  const repeats = ids.filter((id, index) => index > 0 && ids[index - 1] === id).length
  t.ok(ids.length - receiver.eventIds().length <= 1, `no duplicate beyond one retried event (${ids.length} requests)`)
  t.equal(ids.length - receiver.eventIds().length, repeats, 'a repeat can only be the event just retried')
  t.ok(upAt - downAt >= 10_000, `the receiver was down ${upAt - downAt} ms`)
  t.ok(
    receiver.received.every((request) => request.at < downAt || request.at >= upAt),
    'nothing arrived while it was down',
  )
  const failures = listener.records.filter((record) => record.type === 'forward_failed')
  t.ok(failures.length >= 3, `listen retried the waiting event with backoff (${failures.length} failed attempts)`)
  const waiting = new Set(failures.map((record) => record.type === 'forward_failed' && record.event_id))
  t.equal(waiting.size, 1, 'only one event was retried: nothing later was sent before it')
  t.ok(
    failures.every((record) => record.type === 'forward_failed' && record.retry_in_ms <= 5_000),
    'the backoff is capped at 5 s',
  )
  checkDeliveries(t, receiver.received, ready.secret as string, rows)
  // listen prints an event's record after its receiver answered: the last one may follow the 200th request.
  await eventually(
    async () => (listener.records.filter((record) => record.type === 'event').length >= 200 ? true : undefined),
    30_000,
    '200 event records',
  )
  const forwardedRecords = listener.records.filter((record) => record.type === 'event')
  t.equal(forwardedRecords.length, 200, 'one record per event')
  t.ok(
    forwardedRecords.every((record) => record.type === 'event' && record.forwarded?.status === 200),
    'each with the status of the local answer',
  )
  const backlog = receiver.received.filter((request) => request.at >= upAt)
  const drainMs = (backlog.at(-1)?.at ?? 0) - (backlog[0]?.at ?? 0)
  t.comment(
    `after the receiver came back: first delivery in ${(backlog[0]?.at ?? 0) - upAt} ms (the pending backoff), then ${backlog.length} in ${drainMs} ms; all done ${finishedAt - upAt} ms after`,
  )

  t.equal(await listener.stop('SIGTERM'), 0, 'SIGTERM stops listen cleanly (exit 0)')
  const stopped = listener.records.find(isStopped)
  t.equal(stopped?.resume_after, rows.at(-1)?.public_id, 'and it prints the event to resume after')
  t.equal(stopped?.forwarded, 200)
})

t.test('--replay-since, --events, Ctrl-C and --after: start in the past, filter, resume', async (t) => {
  const proxy = await startProxy(t, serve.url)
  const receiver = await startLocalReceiver(t)
  // Before the instant: not replayed.
  const early = await createCustomer(1000)
  await new Promise((resolve) => setTimeout(resolve, 50))
  const instant = new Date()
  await new Promise((resolve) => setTimeout(resolve, 50))
  // After it: customers (created and updated) and a vehicle.
  const first = await createCustomer(1001)
  await api('PATCH', `/customers/${first.id}`, { last_name: 'Renamed' })
  await api('POST', '/vehicles', { customer_id: first.id, make: 'Ford', model: 'Transit', year: 2021 })
  const second = await createCustomer(1002)
  const offset = new Date(instant.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00')

  const listener = startListen(t, [
    '--api-url',
    proxy.url.replace(/\/v1$/, ''),
    '--api-key',
    reader.key,
    '--forward-to',
    receiver.url,
    '--replay-since',
    offset,
    '--events',
    'customer.*',
    '--secret',
    'whsec_dGVzdC1zZWNyZXQtZm9yLWxpc3Rlbi10ZXN0cw',
  ])
  const ready = await listener.waitFor(isReady, 'ready')
  t.equal(ready.starting_at, instant.toISOString(), 'the offset-aware instant is read as that instant')
  t.equal(ready.secret, 'whsec_dGVzdC1zZWNyZXQtZm9yLWxpc3Rlbi10ZXN0cw', '--secret is used as given')
  const expected = (await eventsInLogOrder(database.pool, instant)).filter((row) => row.type.startsWith('customer.'))
  t.same(
    expected.map((row) => row.type),
    ['customer.created', 'customer.updated', 'customer.created'],
    'the window holds three customer events (and a vehicle one)',
  )
  await eventually(async () => (receiver.eventIds().length >= 3 ? true : undefined), 15_000, '3 deliveries')
  await new Promise((resolve) => setTimeout(resolve, 1000))
  t.same(
    receiver.eventIds(),
    expected.map((row) => row.public_id),
    'exactly the customer.* events since the instant, in order',
  )
  t.notOk(receiver.eventIds().includes(early.id), 'nothing before the instant')
  checkDeliveries(t, receiver.received, 'whsec_dGVzdC1zZWNyZXQtZm9yLWxpc3Rlbi10ZXN0cw', expected)

  t.equal(await listener.stop('SIGINT'), 0, 'Ctrl-C stops cleanly')
  const stopped = listener.records.find(isStopped)
  t.ok(stopped?.resume_after, 'and prints where to resume')
  t.equal(
    stopped?.resume_after,
    (await eventsInLogOrder(database.pool, instant)).at(-1)?.public_id,
    'after the last event of the log it handled',
  )
  t.equal(second.id, expected.at(-1)?.object_id)

  // Stopped meanwhile: events happen; --after picks up exactly those.
  const third = await createCustomer(1003)
  const fourth = await createCustomer(1004)
  const resumed = startListen(t, [
    '--api-url',
    proxy.url,
    '--api-key',
    reader.key,
    '--forward-to',
    receiver.url,
    '--after',
    stopped?.resume_after as string,
  ])
  await resumed.waitFor(isReady, 'ready')
  await eventually(async () => (receiver.eventIds().length >= 5 ? true : undefined), 15_000, '2 more deliveries')
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = receiver.eventIds().slice(3)
  const rows = await eventsInLogOrder(database.pool, instant)
  t.same(
    after,
    rows.filter((row) => row.object_id === third.id || row.object_id === fourth.id).map((row) => row.public_id),
    '--after forwards the events since, and nothing before',
  )
  t.equal(await resumed.stop(), 0)
})

t.test('the appliance going away and coming back: listen waits, resumes, skips nothing', async (t) => {
  t.setTimeout(120_000)
  const proxy = await startProxy(t, serve.url)
  const receiver = await startLocalReceiver(t)
  const listener = startListen(t, ['--api-url', proxy.url, '--api-key', reader.key, '--forward-to', receiver.url])
  await listener.waitFor(isReady, 'ready')
  const start = new Date()
  for (let n = 0; n < 10; n++) await createCustomer(2000 + n)
  await eventually(async () => (receiver.eventIds().length >= 10 ? true : undefined), 15_000, '10 deliveries')

  await proxy.stop()
  for (let n = 10; n < 30; n++) await createCustomer(2000 + n)
  await listener.waitFor(
    (record): record is Extract<ListenRecord, { type: 'api_unavailable' }> =>
      record.type === 'api_unavailable' && record.status === null,
    'listen notices the appliance is gone',
  )
  await new Promise((resolve) => setTimeout(resolve, 3000))
  // Back, but overloaded for two answers: a 503 asking for 2 s, then a 429.
  proxy.inject(503, { 'retry-after': '2' })
  proxy.inject(429, { 'retry-after': '1' })
  await proxy.start()
  await eventually(async () => (receiver.eventIds().length >= 30 ? true : undefined), 30_000, '30 deliveries')
  await new Promise((resolve) => setTimeout(resolve, 1000))

  const rows = await eventsInLogOrder(database.pool, start)
  t.equal(rows.length, 30)
  t.same(
    receiver.eventIds(),
    rows.map((row) => row.public_id),
    'every event, in order, none skipped',
  )
  t.equal(receiver.received.length, 30, 'none twice')
  const troubles = listener.records.filter((record) => record.type === 'api_unavailable')
  const overloaded = troubles.find((record) => record.type === 'api_unavailable' && record.status === 503)
  t.ok(overloaded && overloaded.type === 'api_unavailable' && overloaded.retry_in_ms >= 2000, 'Retry-After is honoured')
  const injected = proxy.seen.filter((answer) => answer.status === 503 || answer.status === 429)
  t.equal(injected.length, 2)
  t.ok((injected[1]?.at ?? 0) - (injected[0]?.at ?? 0) >= 1900, 'the next request waited the 2 s asked for')
  t.ok(
    troubles.every(
      (record) => (record.type === 'api_unavailable' && record.retry_in_ms <= 5_000) || record.status === 503,
    ),
    'other waits are capped at 5 s',
  )
  t.ok(
    listener.records.some((record) => record.type === 'api_recovered'),
    'listen says when the appliance is back',
  )
  t.equal(await listener.stop(), 0)
})

t.test('a receiver answering 500 gets the same event again until it answers 2xx; order is kept', async (t) => {
  const proxy = await startProxy(t, serve.url)
  const receiver = await startLocalReceiver(t, (index) => (index < 3 ? 500 : index === 3 ? 302 : 204))
  const listener = startListen(t, ['--api-url', proxy.url, '--api-key', reader.key, '--forward-to', receiver.url])
  await listener.waitFor(isReady, 'ready')
  const start = new Date()
  for (let n = 0; n < 3; n++) await createCustomer(3000 + n)
  await eventually(async () => (receiver.eventIds().length >= 3 ? true : undefined), 30_000, '3 events')
  await new Promise((resolve) => setTimeout(resolve, 500))
  const rows = await eventsInLogOrder(database.pool, start)
  const ids = receiver.received.map((request) => String(request.headers['service-event-id']))
  const [first, ...rest] = rows.map((row) => row.public_id)
  t.same(
    ids,
    [first, first, first, first, first, ...rest],
    'the first event four times (500, 500, 500, a redirect), then 204; then the rest',
  )
  const failed = listener.records.filter((record) => record.type === 'forward_failed')
  t.same(
    failed.map((record) => record.type === 'forward_failed' && record.status),
    [500, 500, 500, 302],
    'each failed answer is reported, a redirect too (it is not followed)',
  )
  const settled = listener.records.find((record) => record.type === 'event' && record.event.id === first)
  t.equal(settled?.type === 'event' && settled.forwarded?.attempts, 5, 'the event line says it took 5 attempts')
  checkDeliveries(t, receiver.received, (listener.records.find(isReady)?.secret ?? '') as string, rows)
  t.equal(await listener.stop(), 0)
})

t.test(
  'an event that commits late, behind newer ones, is forwarded first, then the newer ones: none skipped',
  async (t) => {
    const proxy = await startProxy(t, serve.url)
    const receiver = await startLocalReceiver(t)
    const listener = startListen(t, ['--api-url', proxy.url, '--api-key', reader.key, '--forward-to', receiver.url])
    await listener.waitFor(isReady, 'ready')
    const customer = await createCustomer(4000)
    await eventually(async () => (receiver.eventIds().length >= 1 ? true : undefined), 15_000, 'the first event')
    // A long transaction (an import, a slow write) records its event at its start and commits later.
    const client = await database.pool.connect()
    t.teardown(() => client.release())
    await client.query('begin')
    await recordEvents(client, { shopId: shop.id, integrationId: null }, [
      {
        type: 'customer.updated',
        objectType: 'customer',
        objectId: customer.id,
        summary: { changed_fields: ['notes'] },
      },
    ])
    const newer: string[] = []
    for (let n = 1; n < 4; n++) newer.push((await createCustomer(4000 + n)).id)
    // Two more polls of the feed after the newer writes: they have been read and held back.
    const polled = proxy.seen.filter((request) => request.url.startsWith('/v1/events')).length
    await eventually(
      async () =>
        proxy.seen.filter((request) => request.url.startsWith('/v1/events')).length >= polled + 2 ? true : undefined,
      15_000,
      'two more polls',
    )
    t.equal(receiver.eventIds().length, 1, 'nothing after the open transaction is forwarded while it is open')
    await client.query('commit')
    await eventually(async () => (receiver.eventIds().length >= 5 ? true : undefined), 15_000, 'the late event')
    const bodies = receiver.received.map(
      (request) => JSON.parse(request.rawBody.toString('utf8')) as { type: string; data: { object_id: string } },
    )
    t.same(
      bodies.slice(1).map((body) => `${body.type} ${body.data.object_id}`),
      [`customer.updated ${customer.id}`, ...newer.map((id) => `customer.created ${id}`)],
      'the late event first (its transaction began first), then the newer ones',
    )
    t.equal(receiver.received.length, 5, 'and nothing twice')
    t.equal(await listener.stop(), 0)
  },
)

t.test('a refused key stops listen with a clear message and a non-zero exit', async (t) => {
  const proxy = await startProxy(t, serve.url)
  // Refusals end the command before it listens: in this process (runCommand), no signal involved.
  const run = (...args: string[]) => runCommand(['listen', '--api-url', proxy.url, ...args], {})
  const [human, json, badEvents, badTarget, badSince, sinceDuration] = await Promise.all([
    run('--api-key', 'shopapi_notakey', '--forward-to', 'http://localhost:9/x'),
    run('--json', '--api-key', 'shopapi_notakey'),
    run('--api-key', reader.key, '--events', 'customer.made'),
    run('--api-key', reader.key, '--forward-to', 'ftp://localhost/x'),
    run('--api-key', reader.key, '--replay-since', '2026-01-31T10:00:00'),
    run('--api-key', 'shopapi_notakey', '--replay-since', '2h'),
  ])
  t.equal(human.code, 1, 'exit 1')
  t.match(human.stderr, /refused the key \(401 invalid_api_key/, 'says the API refused the key')
  t.match(human.stderr, /--api-key/, 'and which flag to fix')
  t.equal(json.code, 1)
  const last = JSON.parse(json.stdout.trim().split('\n').at(-1) as string) as { error: { message: string } }
  t.match(last.error.message, /refused the key/, '--json ends with an error record on one line')

  t.equal(badEvents.code, 1)
  t.match(badEvents.stderr, /--events: "customer\.made" is not an event type/)
  t.equal(badTarget.code, 1)
  t.match(badTarget.stderr, /--forward-to must be an http/)
  t.equal(badSince.code, 1)
  t.match(badSince.stderr, /--replay-since: .* with Z or an offset/, 'an instant without an offset is refused')
  // The duration syntax of `events replay --since`: accepted, so what stops this run is the key.
  t.equal(sinceDuration.code, 1)
  t.match(sinceDuration.stderr, /refused the key/, '--replay-since 2h is read as two hours ago')
})

t.test('people see one escaped line per event; --print-json prints the events as JSON lines', async (t) => {
  const proxy = await startProxy(t, serve.url)
  const receiver = await startLocalReceiver(t)
  const child = spawn(
    process.execPath,
    [
      cliPath,
      'listen',
      '--poll-interval',
      '200',
      '--api-url',
      proxy.url,
      '--api-key',
      reader.key,
      '--forward-to',
      receiver.url,
    ],
    { env: cliEnv({}), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  await eventually(async () => (stderr.includes('Press Ctrl-C') ? true : undefined), 30_000, 'ready')
  const created = await api<{ id: string }>('POST', '/customers', {
    first_name: 'Evil\u001b]0;pwned\u0007',
    last_name: 'Name',
  })
  await eventually(async () => (stdout.includes(created.id) ? true : undefined), 15_000, 'the event line')
  t.match(stderr, /your webhook signing secret is whsec_/)
  t.match(
    stdout,
    new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  customer\\.created +${created.id} +\\[200\\] \\d+ ms  evt_`, 'm'),
  )
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  child.kill('SIGINT')
  t.equal(await exited, 0)
  t.match(stderr, /Resume with --after evt_/)

  const printer = spawn(
    process.execPath,
    [
      cliPath,
      'listen',
      '--print-json',
      '--api-url',
      proxy.url,
      '--api-key',
      reader.key,
      '--replay-since',
      new Date(Date.now() - 60_000).toISOString(),
    ],
    { env: cliEnv({}), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let printed = ''
  printer.stdout.on('data', (chunk) => {
    printed += chunk
  })
  t.teardown(() => {
    if (printer.exitCode === null) printer.kill('SIGKILL')
  })
  await eventually(async () => (printed.includes(created.id) ? true : undefined), 15_000, 'the printed event')
  const event = printed
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; data: { object_id: string; summary: Record<string, unknown> } })
    .find((item) => item.data.object_id === created.id)
  t.equal(event?.type, 'customer.created', '--print-json prints each event as a JSON line on stdout')
  t.notOk(printed.includes('\u001b'), 'no raw control character reaches the terminal')
  printer.kill('SIGINT')
})
