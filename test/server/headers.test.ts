import { Writable } from 'node:stream'
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import { createTestDatabase } from '../helpers/database.js'

t.test('request id, caching and rate-limit headers', async (t) => {
  const api = await startTestApp(t, { config: { rateLimit: { max: 100, windowSeconds: 60 } } })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])

  const first = await api.request('/v1/shop', { key })
  const second = await api.request('/v1/shop', { key })
  t.match(first.headers.get('x-request-id'), /^req_[0-9A-Za-z]+$/)
  t.not(first.headers.get('x-request-id'), second.headers.get('x-request-id'), 'a new id per request')
  t.equal(first.headers.get('cache-control'), 'no-store')
  t.equal(first.headers.get('ratelimit-limit'), '100')
  t.equal(first.headers.get('ratelimit-remaining'), '99')
  t.equal(second.headers.get('ratelimit-remaining'), '98')
  const reset = Number(first.headers.get('ratelimit-reset'))
  t.ok(reset > 0 && reset <= 60, 'reset is in seconds within the window')

  const supplied = await api.request('/v1/shop', { key, headers: { 'x-request-id': 'req_forged' } })
  t.not(supplied.headers.get('x-request-id'), 'req_forged', 'the client cannot choose the request id')

  for (const path of ['/healthz', '/readyz', '/v1/openapi.json', '/v1/nope']) {
    const response = await api.request(path)
    t.match(response.headers.get('x-request-id'), /^req_/, `${path} has a request id`)
    t.equal(response.headers.get('cache-control'), 'no-store', `${path} is no-store`)
  }
})

t.test('every answer to an authenticated request carries the key budget headers', async (t) => {
  const api = await startTestApp(t, { config: { rateLimit: { max: 100, windowSeconds: 60 } } })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write'])
  const { key: readerKey } = await createTestKey(api.pool, shop, ['shop.read'], 'reader')
  const post = (headers: Record<string, string>, body: string) =>
    api.request('/v1/customers', { method: 'POST', key, headers: { 'idempotency-key': 'k-1', ...headers }, body })

  const cases: [string, () => Promise<Response>, number, string][] = [
    ['insufficient scope', () => api.request('/v1/customers', { key: readerKey }), 403, 'insufficient_scope'],
    ['malformed JSON', () => post({ 'content-type': 'application/json' }, '{"first_name":'), 400, 'invalid_json'],
    ['a body that is not JSON', () => post({ 'content-type': 'text/plain' }, 'hello'), 400, 'invalid_json'],
    [
      'a body over 1 MB',
      () => post({ 'content-type': 'application/json' }, JSON.stringify({ notes: 'x'.repeat(1024 * 1024) })),
      413,
      'payload_too_large',
    ],
    ['an unknown route', () => api.request('/v1/nope', { key }), 404, 'not_found'],
    [
      'a method the route does not have',
      () => api.request('/v1/customers', { method: 'DELETE', key }),
      404,
      'not_found',
    ],
  ]
  for (const [name, send, status, code] of cases) {
    const response = await send()
    const body = (await response.json()) as { error: { code: string; request_id: string } }
    t.equal(response.status, status, `${name}: ${status}`)
    t.equal(body.error.code, code, `${name}: ${code}`)
    t.equal(response.headers.get('ratelimit-limit'), '100', `${name}: RateLimit-Limit`)
    t.match(response.headers.get('ratelimit-remaining'), /^\d+$/, `${name}: RateLimit-Remaining`)
    t.match(response.headers.get('ratelimit-reset'), /^\d+$/, `${name}: RateLimit-Reset`)
    t.equal(response.headers.get('x-request-id'), body.error.request_id, `${name}: X-Request-Id`)
    t.equal(response.headers.get('cache-control'), 'no-store', `${name}: no-store`)
  }

  const wrongKey = await api.request('/v1/nope', { headers: { authorization: 'Bearer shopapi_wrong' } })
  t.equal(wrongKey.status, 401, 'an unknown route with a wrong key: the key is what is wrong')
  t.equal(wrongKey.headers.get('ratelimit-limit'), null, 'and no budget is reported to it')
})

t.test('the budget per key runs out with 429 and Retry-After', async (t) => {
  const api = await startTestApp(t, { config: { rateLimit: { max: 3, windowSeconds: 30 } } })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])
  const { key: otherKey } = await createTestKey(api.pool, shop, ['shop.read'], 'other')

  const remaining: (string | null)[] = []
  for (let i = 0; i < 3; i++) {
    const response = await api.request('/v1/shop', { key })
    t.equal(response.status, 200)
    remaining.push(response.headers.get('ratelimit-remaining'))
  }
  t.same(remaining, ['2', '1', '0'])
  const limited = await api.request('/v1/shop', { key })
  t.equal(limited.status, 429)
  const retryAfter = Number(limited.headers.get('retry-after'))
  t.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 30, `Retry-After in seconds (${retryAfter})`)
  const body = (await limited.json()) as { error: { code: string; message: string; request_id: string } }
  t.equal(body.error.code, 'rate_limited')
  t.equal(body.error.request_id, limited.headers.get('x-request-id'))
  t.equal((await api.request('/v1/shop', { key: otherKey })).status, 200, 'another key has its own budget')
})

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisReachable = await (async () => {
  const { Redis } = await import('ioredis')
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 })
  const reachable = await probe.connect().then(
    () => true,
    () => false,
  )
  probe.disconnect()
  return reachable
})()

t.test(
  'with REDIS_URL every serve process shares one budget',
  { skip: redisReachable ? false : `no Redis at ${redisUrl}` },
  async (t) => {
    const database = await createTestDatabase(t)
    const config = { redisUrl, rateLimit: { max: 4, windowSeconds: 30 } }
    const a = await startTestApp(t, { config, database })
    const b = await startTestApp(t, { config, database })
    const shop = await createTestShop(a.pool)
    const { key } = await createTestKey(a.pool, shop, ['shop.read'])
    const statuses: number[] = []
    for (const api of [a, b, a, b, a]) statuses.push((await api.request('/v1/shop', { key })).status)
    t.same(statuses, [200, 200, 200, 200, 429], 'the fifth request over two processes is refused')
  },
)

t.test('one JSON log line per request, with no secret in it', async (t) => {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const api = await startTestApp(t, { config: { logLevel: 'info' }, logStream })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])
  const response = await api.request('/v1/shop', { key })
  await api.request('/v1/shop', { headers: { authorization: 'Bearer shopapi_wrong' } })
  await new Promise((r) => setTimeout(r, 50))
  const requestLines = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((l) => l.msg === 'request completed')
  t.equal(requestLines.length, 2, 'one line per request')
  const ok = requestLines.find((l) => l.request_id === response.headers.get('x-request-id'))
  t.ok(ok, 'the line carries the request id')
  t.equal(ok?.status, 200)
  t.equal(ok?.key_prefix, key.split('_').slice(0, 2).join('_'), 'the key prefix, not the key')
  t.type(ok?.duration_ms, 'number')
  const all = lines.join('\n')
  t.notMatch(all, key, 'the key never appears')
  t.notMatch(all, /shopapi_wrong/, 'nor a rejected token')
  t.notMatch(all.toLowerCase(), /bearer/, 'nor the Authorization header')
})

t.test('a log call carrying secrets writes them censored', async (t) => {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const api = await startTestApp(t, { config: { logLevel: 'info' }, logStream })
  api.app.log.warn(
    {
      req: { headers: { authorization: 'Bearer shopapi_secret_one' } },
      endpoint: { secret: 'whsec_secret_two' },
      err: Object.assign(new Error('delivery failed'), { password: 'secret_three' }),
    },
    'something to look at',
  )
  await new Promise((r) => setTimeout(r, 50))
  const line = lines.find((l) => l.includes('something to look at'))
  t.ok(line, 'the line was written')
  const all = lines.join('\n')
  t.notMatch(all, /secret_one|secret_two|secret_three/, 'no secret value in any line')
  const parsed = JSON.parse(line ?? '{}') as {
    endpoint?: { secret?: string }
    err?: { message?: string; type?: string }
  }
  t.equal(parsed.endpoint?.secret, '[redacted]', 'the property is kept, censored')
  t.equal(parsed.err?.message, 'delivery failed', 'the error is still serialized as an error')
})
