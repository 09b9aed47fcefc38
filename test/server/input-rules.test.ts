// Input rules every operation shares (issue 9 items 1, 2 and 7): a length limit is checked before any
// pattern, so a megabyte of adversarial text is a fast 400 and never stalls the process; NUL and lone
// UTF-16 surrogates are refused in every body field, query parameter and path id (Postgres refuses
// the first and the driver silently rewrites the second); a body that is not UTF-8 is invalid_json;
// unknown query parameters are refused by every operation; `limit` and `updated_after` are parsed
// strictly. The fields under test are derived from the served OpenAPI document, not listed by hand,
// so an operation added later is covered the day it is declared. Real HTTP on loopback, real Postgres.
import { randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import { allScopes as everyScope, type Scope } from '../../src/lib/scopes.js'
import { apiOperations } from '../../src/server/routes/index.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import { assertError, type ErrorBody, jsonClient } from '../helpers/http.js'
import { fakeResolver } from '../helpers/webhooks.js'

const api: TestApp = await startTestApp(t, {
  resolver: fakeResolver(),
  config: { rateLimit: { max: 1_000_000, windowSeconds: 60 } },
})
// Every scope of the catalogue: the rules are checked on every operation the document lists.
const allScopes: Scope[] = [...everyScope]
const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, allScopes, 'Input rules')

/** Bodies up to 1 MB are accepted (spec "Common rules" 9); the adversarial value fills what the JSON wrapper leaves. */
const maxBodyBytes = 1024 * 1024
/**
 * Node refuses a request head over 16 KB before the application sees it (431), so the largest
 * value that reaches our validation in a query string or a path is a few KB: 8 KB, percent-encoded.
 */
const maxUrlValueBytes = 8 * 1024
// How fast those 400s come (the budget: 100 ms per request, /healthz under 500 ms meanwhile) is
// a figure of the machine, measured by the bench: `BENCH_ONLY=bounds BENCH_BOUNDS=input npm run bench`.
// A super-linear check would still show here: minutes of CPU per megabyte run into the test's timeout.

const call = jsonClient<Record<string, unknown>>(api)

// ---------------------------------------------------------------------------------------------------
// Every string a request can carry, read from the OpenAPI document the API serves.

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  maxLength?: number
  pattern?: string
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}
interface StringLeaf {
  method: string
  /** OpenAPI path below /v1, e.g. /customers/{public_id}. */
  path: string
  in: 'body' | 'query' | 'path'
  /** The field as the error's `param` names it: `email`, `tags.0`, `public_id`. */
  param: string
  schema: JsonSchema
}

const document = (await (await api.request('/v1/openapi.json')).json()) as {
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, JsonSchema> }
}

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = document.components.schemas[name]
  if (!target) throw new Error(`unresolved ${schema.$ref}`)
  return resolve(target)
}

const isStringSchema = (schema: JsonSchema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'))

/** The string leaves of a body schema, with their paths; array items are addressed as index 0. */
function stringLeaves(schema: JsonSchema, path: string[]): { path: string[]; schema: JsonSchema }[] {
  const resolved = resolve(schema)
  const alternatives = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf
  if (alternatives) return alternatives.flatMap((alternative) => stringLeaves(alternative, path))
  if (resolved.properties) {
    return Object.entries(resolved.properties).flatMap(([name, child]) => stringLeaves(child, [...path, name]))
  }
  if (resolved.items) return stringLeaves(resolved.items, [...path, '0'])
  return isStringSchema(resolved) ? [{ path, schema: resolved }] : []
}

const leaves: StringLeaf[] = []
for (const [path, item] of Object.entries(document.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'query' && parameter.in !== 'path') continue
      for (const leaf of stringLeaves(parameter.schema, [parameter.name])) {
        leaves.push({
          method: method.toUpperCase(),
          path,
          in: parameter.in,
          param: leaf.path.join('.'),
          schema: leaf.schema,
        })
      }
    }
    const body = operation.requestBody?.content['application/json']?.schema
    for (const leaf of body ? stringLeaves(body, []) : []) {
      leaves.push({ method: method.toUpperCase(), path, in: 'body', param: leaf.path.join('.'), schema: leaf.schema })
    }
  }
}

/** A well-shaped id for every path parameter, from its documented pattern (`^cus_...`): no record needed. */
function fillPath(leaf: StringLeaf, value?: string): string {
  const operation = document.paths[leaf.path]?.[leaf.method.toLowerCase()]
  return leaf.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (leaf.in === 'path' && name === leaf.param && value !== undefined) return encodeURIComponent(value)
    const pattern = operation?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema.pattern ?? ''
    return `${/^\^(\w+_)/.exec(pattern)?.[1] ?? 'x_'}4bW2yXk0fT9QmZr7LcVd1p`
  })
}

/** `{ a: { b: [value] } }` for the leaf `a.b.0`. */
function bodyWith(param: string, value: string): unknown {
  const keys = param.split('.')
  let node: unknown = value
  for (const name of keys.reverse()) node = name === '0' ? [node] : { [name]: node }
  return node
}

interface Adversary {
  name: string
  /** The value, as long as the transport allows: `budget` is the bytes it may take once encoded. */
  make: (budget: number, encodedLength: (value: string) => number) => string
}

/** Grows `unit` to the largest repetition whose encoded length fits `budget`. */
function fill(prefix: string, unit: string, suffix: string) {
  return (budget: number, encodedLength: (value: string) => number) => {
    const per = encodedLength(unit)
    const fixed = encodedLength(prefix + suffix)
    return prefix + unit.repeat(Math.floor((budget - fixed) / per)) + suffix
  }
}

const adversaries: Adversary[] = [
  // The attack on the email pattern: a quadratic backtrack over the dots.
  { name: 'email backtracking', make: fill('a@', '.', '@') },
  { name: 'one long run', make: fill('', 'a', '') },
  { name: 'NUL-laden', make: fill('', 'a\u0000', '') },
]

/** The request, ready to send: serialized beforehand so the timing is the server's answer, not our JSON.stringify. */
function adversarialRequest(leaf: StringLeaf, value: string): { method: string; path: string; rawBody?: string } {
  const method = leaf.method
  if (leaf.in === 'body') return { method, path: fillPath(leaf), rawBody: JSON.stringify(bodyWith(leaf.param, value)) }
  if (leaf.in === 'path') return { method, path: fillPath(leaf, value) }
  const takesBody = document.paths[leaf.path]?.[leaf.method.toLowerCase()]?.requestBody !== undefined
  return {
    method,
    path: `${fillPath(leaf)}?${leaf.param}=${encodeURIComponent(value)}`,
    ...(takesBody ? { rawBody: '{}' } : {}),
  }
}

function sendRequest(request: { method: string; path: string; rawBody?: string }) {
  return call<ErrorBody>(request.method, request.path, key, {
    ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : {}),
  })
}

t.test('every string field of every operation is derived from the document', async (t) => {
  const named = new Set(leaves.map((leaf) => `${leaf.method} ${leaf.path} ${leaf.in}:${leaf.param}`))
  for (const expected of [
    'POST /customers body:email',
    'POST /customers body:first_name',
    'POST /customers body:tags.0',
    'PATCH /customers/{public_id} body:notes',
    'GET /customers query:q',
    'GET /customers query:updated_after',
    'GET /vehicles query:vin',
    'GET /vehicles/{public_id} path:public_id',
    'PUT /customers/{public_id}/external-id body:external_id',
    'POST /webhook-endpoints body:url',
    'PATCH /webhook-endpoints/{public_id} body:description',
    'POST /webhook-endpoints body:event_types.0',
  ]) {
    t.ok(named.has(expected), expected)
  }
  // Every operation that declares a path id, a body or a query parameter has string leaves (ids,
  // text, enums, cursors): none is missed by the walk over the document.
  const walked = new Set(leaves.map((leaf) => `${leaf.method} ${leaf.path}`))
  const declared = apiOperations
    .filter((operation) => {
      const queryFields = Object.keys((operation.query as { shape?: object } | undefined)?.shape ?? {})
      return operation.params || operation.body || queryFields.length > 0
    })
    .map((operation) => `${operation.method} ${operation.path}`)
  t.same([...walked].sort(), declared.sort(), `${walked.size} operations take strings`)
})

t.test('every string a request carries has a documented maximum length (or is one of a closed set)', async (t) => {
  for (const leaf of leaves) {
    const closed = leaf.schema.enum !== undefined || leaf.schema.const !== undefined
    t.ok(
      closed || typeof leaf.schema.maxLength === 'number',
      `${leaf.method} ${leaf.path} ${leaf.in}:${leaf.param} has maxLength`,
    )
  }
})

t.test('a 1 MB adversarial value in any field is a 400 that does not echo it back', async (t) => {
  for (const leaf of leaves) {
    for (const adversary of adversaries) {
      const what = `${leaf.method} ${leaf.path} ${leaf.in}:${leaf.param} (${adversary.name})`
      const value =
        leaf.in === 'body'
          ? adversary.make(
              maxBodyBytes - JSON.stringify(bodyWith(leaf.param, '')).length,
              (text) => JSON.stringify(text).length - 2,
            )
          : adversary.make(maxUrlValueBytes, (text) => encodeURIComponent(text).length)
      const reply = await sendRequest(adversarialRequest(leaf, value))
      t.equal(reply.status, 400, `${what}: 400`, { body: reply.body })
      t.ok(['invalid_request', 'invalid_id', 'invalid_cursor'].includes(reply.body.error?.code), `${what}: code`)
      t.ok(reply.text.length < 2000, `${what}: the answer is ${reply.text.length} bytes`)
    }
  }
})

t.test('a 1 MB unknown field name is a 400 that does not echo it back', async (t) => {
  const name = fill('', 'k', '')(maxBodyBytes - 20, (text) => text.length)
  const reply = await sendRequest({ method: 'POST', path: '/customers', rawBody: JSON.stringify({ [name]: 1 }) })
  assertError(t, reply, 400, 'invalid_request')
  t.ok(reply.text.length < 2000, `the answer is ${reply.text.length} bytes`)
  const nulKey = await call('POST', '/customers', key, { body: { first_name: 'A', last_name: 'B', 'no\u0000te': 'x' } })
  assertError(t, nulKey, 400, 'invalid_request', 'no\u0000te')
})

t.test('/healthz stays responsive while 1 MB adversarial emails are validated', async (t) => {
  const attack = fill('a@', '.', '@')(maxBodyBytes - 200, (text) => text.length)
  const body = { first_name: 'Ada', last_name: 'Lovelace', email: attack }
  const adversarial = Array.from({ length: 4 }, () => call<ErrorBody>('POST', '/customers', key, { body }))
  const health = await api.request('/healthz', { signal: AbortSignal.timeout(10_000) })
  t.equal(health.status, 200)
  t.same(await health.json(), { status: 'ok' }, '/healthz answers while they are validated')
  for (const reply of await Promise.all(adversarial)) assertError(t, reply, 400, 'invalid_request', 'email')
})

// ---------------------------------------------------------------------------------------------------
// NUL and lone surrogates

async function createCustomer(t: Test, body: Record<string, unknown> = {}) {
  const reply = await call<{ id: string; notes: string | null; version: number }>('POST', '/customers', key, {
    body: {
      first_name: 'Grace',
      last_name: 'Hopper',
      ...body,
    },
  })
  t.equal(reply.status, 201, 'customer created', { body: reply.body })
  return reply.body
}

async function createVehicle(t: Test, customerId: string) {
  const reply = await call<{ id: string }>('POST', '/vehicles', key, {
    body: { customer_id: customerId, make: 'Ford' },
  })
  t.equal(reply.status, 201, 'vehicle created', { body: reply.body })
  return reply.body
}

async function createEndpoint(t: Test) {
  const reply = await call<{ id: string; description: string | null }>('POST', '/webhook-endpoints', key, {
    body: {
      url: 'https://hooks.example.test/input-rules',
      event_types: ['customer.created'],
      description: 'before',
    },
  })
  t.equal(reply.status, 201, 'endpoint created', { body: reply.body })
  return reply.body
}

const badTexts: [string, string][] = [
  ['NUL', 'Ada\u0000Lovelace'],
  ['lone low surrogate', 'Ada\udc00'],
  ['lone high surrogate', '\ud83dAda'],
]

t.test('NUL and lone surrogates in body fields are 400 invalid_request naming the field', async (t) => {
  const customer = await createCustomer(t)
  const vehicle = await createVehicle(t, customer.id)
  const endpoint = await createEndpoint(t)
  for (const [what, text] of badTexts) {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/customers', { first_name: text, last_name: 'X' }, 'first_name'],
      ['POST', '/customers', { first_name: 'A', last_name: 'X', notes: text }, 'notes'],
      ['POST', '/customers', { first_name: 'A', last_name: 'X', tags: ['ok', text] }, 'tags.1'],
      ['PATCH', `/customers/${customer.id}`, { notes: text }, 'notes'],
      ['PUT', `/customers/${customer.id}/external-id`, { external_id: text }, 'external_id'],
      ['POST', '/vehicles', { customer_id: customer.id, make: text }, 'make'],
      ['PATCH', `/vehicles/${vehicle.id}`, { notes: text }, 'notes'],
      ['PUT', `/vehicles/${vehicle.id}/external-id`, { external_id: text }, 'external_id'],
      [
        'POST',
        '/webhook-endpoints',
        { url: 'https://hooks.example.test/x', event_types: [], description: text },
        'description',
      ],
      ['PATCH', `/webhook-endpoints/${endpoint.id}`, { description: text }, 'description'],
      ['POST', `/customers/${customer.id}/archive`, { reason: text }, 'reason'],
    ]
    for (const [method, path, body, param] of cases) {
      const reply = await call(method, path, key, { body })
      t.test(`${what}: ${method} ${path} ${param}`, async (t) => assertError(t, reply, 400, 'invalid_request', param))
    }
  }
})

t.test('a lone surrogate in a PATCH is refused, not stored as U+FFFD', async (t) => {
  const customer = await createCustomer(t, { notes: 'original' })
  assertError(
    t,
    await call('PATCH', `/customers/${customer.id}`, key, { body: { notes: 'x\udc00y' } }),
    400,
    'invalid_request',
    'notes',
  )
  const after = await call<{ notes: string; version: number }>('GET', `/customers/${customer.id}`, key)
  t.equal(after.body.notes, 'original', 'notes unchanged')
  t.equal(after.body.version, customer.version, 'version unchanged')
  const stored = await api.pool.query<{ notes: string }>('select notes from customers where public_id = $1', [
    customer.id,
  ])
  t.equal(stored.rows[0]?.notes, 'original', 'nothing written')

  const paired = await call<{ notes: string }>('PATCH', `/customers/${customer.id}`, key, {
    body: { notes: 'wrench 🔧 ok' },
  })
  t.equal(paired.status, 200, 'a well-formed surrogate pair is ordinary text')
  t.equal(paired.body.notes, 'wrench 🔧 ok', 'stored as sent')
})

t.test('NUL in query filters is 400 invalid_request naming the parameter', async (t) => {
  for (const [path, param] of [
    ['/customers', 'q'],
    ['/customers', 'email'],
    ['/customers', 'phone'],
    ['/customers', 'external_id'],
    ['/vehicles', 'vin'],
    ['/vehicles', 'plate'],
    ['/vehicles', 'unit_number'],
    ['/vehicles', 'q'],
  ] as const) {
    assertError(t, await call('GET', `${path}?${param}=ab%00cd`, key), 400, 'invalid_request', param)
  }
  // A surrogate cannot be percent-encoded as UTF-8: its CESU-8 escapes do not decode, so the query
  // parser keeps them as the literal ASCII text `%ED%B0%80`, an ordinary (unmatched) search.
  const cesu = await call<{ data: unknown[] }>('GET', '/customers?q=ab%ED%B0%80cd', key)
  t.equal(cesu.status, 200, 'undecodable escapes stay literal text')
  t.same(cesu.body.data, [])
})

t.test('NUL, lone surrogates and overlong ids in the path are 400 invalid_id', async (t) => {
  const customer = await createCustomer(t)
  for (const id of [`${customer.id}%00`, 'cus_%00', `cus_${'a'.repeat(4000)}`, 'cus_%ED%B0%80']) {
    for (const [method, path, body] of [
      ['GET', `/customers/${id}`, undefined],
      ['PATCH', `/customers/${id}`, { notes: 'x' }],
      ['GET', `/vehicles/${id.replace('cus_', 'veh_')}`, undefined],
      ['DELETE', `/webhook-endpoints/${id.replace('cus_', 'whe_')}`, undefined],
    ] as const) {
      const reply = await call(method, path, key, { body })
      assertError(t, reply, 400, 'invalid_id', 'public_id')
      t.match(reply.headers.get('x-request-id'), /^req_/, 'the usual headers')
      t.equal(reply.headers.get('cache-control'), 'no-store')
    }
  }
})

// ---------------------------------------------------------------------------------------------------
// UTF-8

t.test('a body that is not valid UTF-8 is 400 invalid_json, and nothing is written', async (t) => {
  const before = await api.pool.query('select count(*)::int as n from customers')
  for (const bytes of [
    [0xff],
    [0xc3], // a lead byte with no continuation
    [0xed, 0xb0, 0x80], // CESU-8 of a lone surrogate
    [0xc0, 0xaf], // an overlong encoding of '/'
  ]) {
    const body = Buffer.concat([Buffer.from('{"first_name":"A'), Buffer.from(bytes), Buffer.from('","last_name":"B"}')])
    const response = await api.request('/v1/customers', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body,
    })
    const reply = { status: response.status, headers: response.headers, text: '', body: await response.json() }
    assertError(t, reply, 400, 'invalid_json')
  }
  const after = await api.pool.query('select count(*)::int as n from customers')
  t.equal(after.rows[0].n, before.rows[0].n, 'no customer was created')
})

// ---------------------------------------------------------------------------------------------------
// Unknown query parameters

t.test('every operation refuses an unknown query parameter with 400 naming it', async (t) => {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const leaf: StringLeaf = { method: method.toUpperCase(), path, in: 'query', param: '', schema: {} }
      const body = operation.requestBody ? {} : undefined
      const reply = await call(leaf.method, `${fillPath(leaf)}?unheard_of=1`, key, { body })
      t.test(`${leaf.method} ${path}`, async (t) => assertError(t, reply, 400, 'invalid_request', 'unheard_of'))
    }
  }
})

t.test('PATCH ?expected_version=1 is refused, not applied without a version check', async (t) => {
  const customer = await createCustomer(t, { notes: 'v1' })
  t.equal((await call('PATCH', `/customers/${customer.id}`, key, { body: { notes: 'v2' } })).status, 200)
  const stale = await call('PATCH', `/customers/${customer.id}?expected_version=1`, key, { body: { notes: 'v3' } })
  assertError(t, stale, 400, 'invalid_request', 'expected_version')
  const after = await call<{ notes: string; version: number }>('GET', `/customers/${customer.id}`, key)
  t.equal(after.body.notes, 'v2', 'the change was not applied')
  t.equal(after.body.version, 2)
})

t.test('unknown query parameters on GET one, POST and DELETE change nothing', async (t) => {
  const customer = await createCustomer(t)
  assertError(t, await call('GET', `/customers/${customer.id}?expand=vehicles`, key), 400, 'invalid_request', 'expand')
  const before = await api.pool.query('select count(*)::int as n from customers')
  assertError(
    t,
    await call('POST', '/customers?dry_run=true', key, { body: { first_name: 'A', last_name: 'B' } }),
    400,
    'invalid_request',
    'dry_run',
  )
  const after = await api.pool.query('select count(*)::int as n from customers')
  t.equal(after.rows[0].n, before.rows[0].n, 'no customer was created')
  const endpoint = await createEndpoint(t)
  assertError(
    t,
    await call('DELETE', `/webhook-endpoints/${endpoint.id}?force=true`, key),
    400,
    'invalid_request',
    'force',
  )
  t.equal((await call('GET', `/webhook-endpoints/${endpoint.id}`, key)).status, 200, 'the endpoint still exists')
})

// ---------------------------------------------------------------------------------------------------
// Strict query parsing

t.test('limit is an integer in plain decimal digits', async (t) => {
  for (const path of ['/customers', '/vehicles', '/events']) {
    for (const bad of ['1e1', '%201', '1%20', '01', '+1', '0x10', '1.0', '10.', '', '0', '201', '-1']) {
      t.test(`${path}?limit=${bad}`, async (t) =>
        assertError(t, await call('GET', `${path}?limit=${bad}`, key), 400, 'invalid_request', 'limit'),
      )
    }
    for (const good of ['1', '10', '200']) t.equal((await call('GET', `${path}?limit=${good}`, key)).status, 200, good)
  }
})

t.test('updated_after is RFC 3339 only', async (t) => {
  for (const path of ['/customers', '/vehicles']) {
    for (const bad of [
      '2026-01-01T00:00Z', // no seconds
      '2026-01-01T00:00:00+0000', // offset without a colon
      '2026-01-01 00:00:00Z', // space for T
      '2026-01-01T00:00:00.Z', // a dot without a fraction
      '2026-01-01T00:00:00+00', // an hour-only offset
      '2026-01-01T0:00:00Z',
      ` 2026-01-01T00:00:00Z`,
    ]) {
      t.test(`${path}?updated_after=${bad}`, async (t) =>
        assertError(
          t,
          await call('GET', `${path}?updated_after=${encodeURIComponent(bad)}`, key),
          400,
          'invalid_request',
          'updated_after',
        ),
      )
    }
    for (const good of [
      '2026-01-01T00:00:00Z',
      '2026-01-01t00:00:00z',
      '2026-01-01T00:00:00.123456789+05:30',
      '2026-01-01T00:00:00-00:00',
    ]) {
      t.equal((await call('GET', `${path}?updated_after=${encodeURIComponent(good)}`, key)).status, 200, good)
    }
  }
})
