import t from 'tap'
import { z } from 'zod'
import { ApiError } from '../../src/lib/errors.js'
import { defineOperation } from '../../src/platform/operation.js'
import { apiOperations } from '../../src/server/routes/index.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'

interface ErrorBody {
  error: { code: string; message: string; param: string | null; request_id: string | null; blockers: unknown[] }
}

// Operations that exist only in this test, to drive the body parser and the error paths.
const testOperations = [
  defineOperation({
    method: 'POST',
    path: '/echo',
    operationId: 'echo',
    summary: 'echo',
    tag: 'Test',
    scopes: ['shop.read'],
    body: z.strictObject({ name: z.string().min(1).max(10), count: z.number().int().optional() }),
    bodyRequired: true,
    success: { status: 201, description: 'echo', schema: z.unknown() },
    handler: async ({ body }) => body,
  }),
  defineOperation({
    method: 'GET',
    path: '/explode',
    operationId: 'explode',
    summary: 'explode',
    tag: 'Test',
    scopes: ['shop.read'],
    success: { status: 200, description: 'never', schema: z.unknown() },
    handler: async () => {
      throw new Error('relation "secret_table" does not exist at select password from users')
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/blocked',
    operationId: 'blocked',
    summary: 'blocked',
    tag: 'Test',
    scopes: ['shop.read'],
    success: { status: 200, description: 'never', schema: z.unknown() },
    handler: async () => {
      throw new ApiError('conflict', 'Not bookable', {
        blockers: [
          { type: 'shop_hours', reason: 'closed', message: 'The shop is closed', resolution: ['pick another day'] },
        ],
      })
    },
  }),
]

t.test('every failure answers with the one error envelope', async (t) => {
  const api = await startTestApp(t, { operations: [...apiOperations, ...testOperations] })
  api.allowInternalErrors(2) // GET /v1/explode, twice below
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])
  const json = { 'content-type': 'application/json' }

  const cases: {
    name: string
    path: string
    init: RequestInit & { key?: string }
    status: number
    code: string
    param?: string | null
  }[] = [
    { name: 'unknown route', path: '/v1/nothing-here', init: { key }, status: 404, code: 'not_found' },
    { name: 'unknown route outside /v1', path: '/nothing', init: {}, status: 404, code: 'not_found' },
    { name: 'wrong method', path: '/v1/shop', init: { key, method: 'DELETE' }, status: 404, code: 'not_found' },
    {
      name: 'malformed JSON',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: json, body: '{"name":' },
      status: 400,
      code: 'invalid_json',
    },
    {
      name: 'non-JSON body',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=x' },
      status: 400,
      code: 'invalid_json',
    },
    {
      name: 'form body',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x' },
      status: 400,
      code: 'invalid_json',
    },
    {
      name: 'JSON that is not an object',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: json, body: '[1,2]' },
      status: 400,
      code: 'invalid_request',
      param: null,
    },
    {
      name: 'missing body',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: json },
      status: 400,
      code: 'invalid_request',
      param: null,
    },
    {
      name: 'unknown body field',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: json, body: '{"name":"a","colour":"red"}' },
      status: 400,
      code: 'invalid_request',
      param: 'colour',
    },
    {
      name: 'bad value',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: json, body: '{"name":"far too long a name"}' },
      status: 400,
      code: 'invalid_request',
      param: 'name',
    },
    {
      name: 'wrong type',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: json, body: '{"name":"a","count":1.5}' },
      status: 400,
      code: 'invalid_request',
      param: 'count',
    },
    {
      name: 'body over 1 MB',
      path: '/v1/echo',
      init: { key, method: 'POST', headers: json, body: JSON.stringify({ name: 'a', pad: 'x'.repeat(1024 * 1024) }) },
      status: 413,
      code: 'payload_too_large',
    },
    { name: 'unexpected failure', path: '/v1/explode', init: { key }, status: 500, code: 'internal_error' },
  ]

  for (const c of cases) {
    const response = await api.request(c.path, c.init)
    t.equal(response.status, c.status, `${c.name}: status`)
    t.match(response.headers.get('content-type'), /^application\/json/, `${c.name}: JSON`)
    const body = (await response.json()) as ErrorBody
    t.same(Object.keys(body), ['error'], `${c.name}: one envelope`)
    t.same(
      Object.keys(body.error).sort(),
      ['blockers', 'code', 'message', 'param', 'request_id'],
      `${c.name}: envelope fields`,
    )
    t.equal(body.error.code, c.code, `${c.name}: code`)
    t.type(body.error.message, 'string')
    t.ok(body.error.message.length > 0)
    if (c.param !== undefined) t.equal(body.error.param, c.param, `${c.name}: param`)
    t.equal(body.error.request_id, response.headers.get('x-request-id'), `${c.name}: request id matches the header`)
    t.equal(response.headers.get('cache-control'), 'no-store', `${c.name}: no-store`)
  }

  const exploded = (await (await api.request('/v1/explode', { key })).json()) as ErrorBody
  t.notMatch(exploded.error.message, /secret_table|select|password|at /, 'a 500 shows neither SQL nor stack')

  const ok = await api.request('/v1/echo', { key, method: 'POST', headers: json, body: '{"name":"valid","count":2}' })
  t.equal(ok.status, 201)
  t.same(await ok.json(), { name: 'valid', count: 2 })

  const blocked = (await (await api.request('/v1/blocked', { key })).json()) as ErrorBody
  t.same(blocked.error.blockers, [
    { type: 'shop_hours', reason: 'closed', message: 'The shop is closed', resolution: ['pick another day'] },
  ])
})
