import { connect } from 'node:net'
import type pg from 'pg'
import t, { type Test } from 'tap'
import { loadConfig } from '../../src/config.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import type { ErrorBody } from '../helpers/http.js'

interface RawReply {
  status: number
  headers: Record<string, string>
  body: ErrorBody
}

/** Writes `head` (and `body`) on a fresh socket as is, since fetch refuses malformed requests; reads until close. */
function rawRequest(api: TestApp, head: string, body = ''): Promise<RawReply> {
  const { port, hostname } = new URL(api.baseUrl)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect({ port: Number(port), host: hostname }, () => {
      socket.write(Buffer.from(`${head}\r\n\r\n${body}`, 'latin1'))
    })
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [rawHead = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...headerLines] = rawHead.split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of headerLines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      const bodyText = rest.join('\r\n\r\n')
      try {
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(bodyText) as ErrorBody })
      } catch {
        reject(new Error(`not a JSON answer: ${text.slice(0, 300)}`))
      }
    })
  })
}

const contractStatuses = [400, 401, 403, 404, 409, 413, 422, 429, 500, 502, 503, 504]

function assertEdgeEnvelope(t: Test, reply: RawReply, status: number, code: string) {
  t.equal(reply.status, status, `HTTP ${status}`, { reply })
  t.ok(contractStatuses.includes(reply.status), 'a status of the contract')
  t.equal(reply.body.error?.code, code, `code ${code}`)
  t.type(reply.body.error?.message, 'string')
  t.equal(reply.body.error?.request_id, null, 'request_id null: the application never saw the request')
  t.same(reply.body.error?.blockers, [])
  t.equal(reply.headers['cache-control'], 'no-store')
  t.match(reply.headers['x-request-id'], /^req_[0-9A-Za-z]+$/, 'X-Request-Id, for the log line')
  t.match(reply.headers['content-type'], /^application\/json; charset=utf-8$/)
}

t.test("requests Node's HTTP parser refuses are answered in the envelope", async (t) => {
  const api = await startTestApp(t)
  const host = 'Host: 127.0.0.1'

  const controlByte = await rawRequest(api, `GET /v1/shop HTTP/1.1\r\n${host}\r\nX-Note: a\x7fb`)
  assertEdgeEnvelope(t, controlByte, 400, 'invalid_request')
  t.equal(controlByte.headers.connection, 'close')

  const badLength = await rawRequest(
    api,
    `POST /v1/customers HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: abc`,
    '{}',
  )
  assertEdgeEnvelope(t, badLength, 400, 'invalid_request')

  const longQuery = await rawRequest(api, `GET /v1/customers?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\n${host}`)
  assertEdgeEnvelope(t, longQuery, 400, 'invalid_request')
  t.match(longQuery.body.error.message, /16 KB/)

  const longHeader = await rawRequest(api, `GET /v1/shop HTTP/1.1\r\n${host}\r\nX-Padding: ${'b'.repeat(30 * 1024)}`)
  assertEdgeEnvelope(t, longHeader, 400, 'invalid_request')
})

t.test("the router's own refusals are answered in the envelope", async (t) => {
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read'])

  const badEncoding = await rawRequest(
    api,
    `GET /v1/customers/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nConnection: close`,
  )
  // Where a route takes an id, an undecodable segment is a wrong id; elsewhere a malformed URL.
  assertEdgeEnvelope(t, badEncoding, 400, 'invalid_id')
  t.equal(badEncoding.body.error.param, 'public_id', 'the id parameter is named')
  const badRoute = await rawRequest(
    api,
    `GET /v1/cust%E0%A4%Aomers HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nConnection: close`,
  )
  assertEdgeEnvelope(t, badRoute, 400, 'invalid_request')

  // A path id over the router's default 100 characters is a wrong id like any other.
  const longId = await api.request(`/v1/customers/cus_${'a'.repeat(120)}`, { key })
  t.equal(longId.status, 400)
  const body = (await longId.json()) as ErrorBody
  t.equal(body.error.code, 'invalid_id')
  t.equal(body.error.param, 'public_id')
  t.equal(body.error.request_id, longId.headers.get('x-request-id'), 'the application answered: its request id')
  t.equal(longId.headers.get('cache-control'), 'no-store')
  t.ok(longId.headers.get('ratelimit-limit'), 'and the key budget headers')
})

/** Counts the statements the app sends on its pool from now on. */
function countQueries(pool: pg.Pool) {
  const counter = { count: 0 }
  const original = pool.query.bind(pool)
  pool.query = ((...args: Parameters<typeof original>) => {
    counter.count += 1
    return original(...args)
  }) as typeof pool.query
  return counter
}

t.test('the edge throttles requests without a valid key per address, before any database work', async (t) => {
  const api = await startTestApp(t, {
    config: { edgeRateLimit: { max: 3 }, rateLimit: { max: 100, windowSeconds: 30 } },
  })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])

  const keyless: number[] = []
  for (let i = 0; i < 4; i++) keyless.push((await api.request('/v1/shop')).status)
  t.same(keyless, [401, 401, 401, 429], 'three requests without a key, then 429')
  const limited = await api.request('/v1/openapi.json')
  t.equal(limited.status, 429, 'the public document shares that budget')
  const retryAfter = Number(limited.headers.get('retry-after'))
  t.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 30, `Retry-After in seconds (${retryAfter})`)
  for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    t.equal(limited.headers.get(name), null, `no ${name} (spec "Errors" 6)`)
  }
  const body = (await limited.json()) as ErrorBody
  t.equal(body.error.code, 'rate_limited')
  t.equal(body.error.request_id, null, 'an edge refusal: request_id null')
  t.match(limited.headers.get('x-request-id'), /^req_/)
  t.equal(limited.headers.get('cache-control'), 'no-store')

  t.equal((await api.request('/v1/shop', { key })).status, 200, 'a valid key is not held back by keyless traffic')
  t.equal((await api.request('/healthz')).status, 200, 'health checks are never throttled')
  t.equal((await api.request('/readyz')).status, 200)

  const queries = countQueries(api.pool)
  const wrong: number[] = []
  for (let i = 0; i < 3; i++) wrong.push((await api.request('/v1/shop', { key: `${key.slice(0, -2)}zz` })).status)
  t.same(wrong, [401, 401, 401], 'three failed authentications are answered')
  const lookups = queries.count
  t.ok(lookups >= 3, `each looked its key up (${lookups} statements)`)
  const refused = await api.request('/v1/shop', { key: `${key.slice(0, -2)}zz` })
  t.equal(refused.status, 429, 'the fourth is refused')
  t.equal(refused.headers.get('ratelimit-limit'), null)
  const refusedValid = await api.request('/v1/shop', { key })
  t.equal(refusedValid.status, 429, 'without an auth cache no key is known without a lookup: refused too')
  t.equal(queries.count, lookups, 'no statement for the refused requests')
})

t.test("someone else's bad keys never lock out a key that authenticates from the same address", async (t) => {
  const max = 60
  const api = await startTestApp(t, {
    authCache: true,
    config: { edgeRateLimit: { max }, rateLimit: { max: 1000, windowSeconds: 30 } },
  })
  const shop = await createTestShop(api.pool)
  const valid = await createTestKey(api.pool, shop, ['shop.read'], 'Busy integration')
  const idle = await createTestKey(api.pool, shop, ['shop.read'], 'Idle integration')
  // The creations notify the shop's keys out of the cache: heard after the valid key is in it, they
  // would leave it unknown behind the block. Wait until they are heard.
  await api.authChangesHeard()
  // The valid key in use: the auth cache knows it.
  t.equal((await api.request('/v1/shop', { key: valid.key })).status, 200)

  const badKeys = [`${valid.key.slice(0, -2)}zz`, 'shopapi_notakey', `${idle.key.slice(0, -3)}abc`]
  const statuses: number[] = []
  for (let i = 0; i <= max; i++) statuses.push((await api.request('/v1/shop', { key: badKeys[i % 3] })).status)
  t.same(statuses, [...Array(max).fill(401), 429], `${max} failed authentications, then 429`)

  const queries = countQueries(api.pool)
  for (let i = 0; i < 5; i++) {
    const ok = await api.request('/v1/shop', { key: valid.key })
    t.equal(ok.status, 200, 'the cached valid key is answered as ever')
    t.ok(ok.headers.get('ratelimit-limit'), 'with its own budget headers')
    await ok.text()
    const refused = await api.request('/v1/shop', { key: badKeys[i % 3] })
    t.equal(refused.status, 429, 'while bad keys are still refused')
    const body = (await refused.json()) as ErrorBody
    t.equal(body.error.request_id, null)
  }
  const unknown = await api.request('/v1/shop', { key: idle.key })
  t.equal(unknown.status, 429, 'a valid key this process has not authenticated yet waits for the window')
  const message = ((await unknown.json()) as ErrorBody).error.message
  t.match(message, /failed authentications/, 'the message says why')
  t.match(message, /recently authenticated/, 'and that keys already in use still pass')
  t.match(message, /Retry after \d+ s/)
  t.equal(queries.count, 0, 'none of it read the database: the block still saves every lookup')

  // Requests without a key spend a budget of their own; it never holds an authenticated request back.
  for (let i = 0; i <= max; i++) await (await api.request('/v1/shop')).text()
  t.equal((await api.request('/v1/shop')).status, 429, 'the keyless budget is spent')
  t.equal((await api.request('/v1/shop', { key: valid.key })).status, 200, 'the valid key still passes')
})

t.test('SHOPAPI_TRUST_PROXY makes the forwarded client address count', async (t) => {
  t.test('trusted: two forwarded clients are counted apart', async (t) => {
    const api = await startTestApp(t, { config: { edgeRateLimit: { max: 2 }, trustProxy: ['127.0.0.1'] } })
    const as = (address: string) => ({ headers: { 'x-forwarded-for': address } })
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await api.request('/v1/shop', as('203.0.113.7'))).status)
    t.same(statuses, [401, 401, 429], 'the first client runs out')
    t.equal((await api.request('/v1/shop', as('203.0.113.8'))).status, 401, 'the second still has its budget')
  })

  t.test('not trusted: X-Forwarded-For is ignored', async (t) => {
    const api = await startTestApp(t, { config: { edgeRateLimit: { max: 2 } } })
    const statuses = []
    for (const address of ['203.0.113.7', '203.0.113.8', '203.0.113.9']) {
      statuses.push((await api.request('/v1/shop', { headers: { 'x-forwarded-for': address } })).status)
    }
    t.same(statuses, [401, 401, 429], 'all count as the proxy (the socket address)')
  })

  t.test('the variable', async (t) => {
    t.equal(loadConfig({}).trustProxy, false, 'off by default')
    t.equal(loadConfig({}).edgeRateLimit.max, 60, 'the edge budget defaults to 60')
    t.equal(loadConfig({ SHOPAPI_TRUST_PROXY: 'true' }).trustProxy, true)
    t.same(loadConfig({ SHOPAPI_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy, [
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ])
    t.throws(() => loadConfig({ SHOPAPI_TRUST_PROXY: '10.0.0.300' }), /SHOPAPI_TRUST_PROXY/)
    t.throws(() => loadConfig({ SHOPAPI_TRUST_PROXY: '2' }), /hop counts/)
    t.equal(loadConfig({ SHOPAPI_EDGE_RATE_LIMIT_MAX: '5' }).edgeRateLimit.max, 5)
  })
})
