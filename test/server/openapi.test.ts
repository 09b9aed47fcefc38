import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formatsModule from 'ajv-formats'
import t from 'tap'
import { z } from 'zod'
import { scopeCatalogue } from '../../src/lib/scopes.js'
import { defineOperation } from '../../src/platform/operation.js'
import { ShopSchema } from '../../src/resources/shop/schema.js'
import { buildOpenApiDocument } from '../../src/server/openapi.js'
import { apiOperations } from '../../src/server/routes/index.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import { ContractChecker } from '../helpers/contract.js'
import { assertError, type ErrorBody, sendJson } from '../helpers/http.js'
import { fakeResolver } from '../helpers/webhooks.js'

// ajv-formats is CommonJS with `exports.default`; under NodeNext its default import is the module object.
const addFormats = (formatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default

type Operations = Record<string, Record<string, Record<string, unknown>>>

const execFileAsync = promisify(execFile)
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

t.test('the document is valid OpenAPI 3.1', async (t) => {
  const document = buildOpenApiDocument(apiOperations)
  const result = await new Validator().validate(document)
  t.ok(result.valid, `valid: ${JSON.stringify(result.errors)}`)
  t.equal(document.openapi, '3.1.0')
})

t.test('the contract is frozen: any change must be a deliberate snapshot update (npm run snap)', async (t) => {
  // The latest model year moves every New Year; the snapshot names it by its rule.
  const latestYear = `"maximum": ${new Date().getUTCFullYear() + 2}`
  const text = JSON.stringify(buildOpenApiDocument(apiOperations), null, 2).replaceAll(
    latestYear,
    '"maximum": "<this year + 2>"',
  )
  t.matchSnapshot(text, 'openapi.json')
})

// ---- Issue 25 item 9: the document says what the server does, and two linters agree ----

const linterTimeoutMs = 60_000

async function runLinter(command: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(join(repoRoot, 'node_modules', '.bin', command), args, {
    cwd: repoRoot,
    timeout: linterTimeoutMs,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  return stdout
}

t.test('Redocly (recommended) and Spectral (spectral:oas) report no warning on the served document', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'shopapi-lint-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const file = join(dir, 'openapi.json')
  await writeFile(file, JSON.stringify(buildOpenApiDocument(apiOperations)))
  // The two run at once: each is a Node process of a second or two.
  const [redoclyOut, spectralOut] = await Promise.all([
    runLinter('redocly', ['lint', file, '--format=json', '--config', join(repoRoot, 'redocly.yaml')]),
    runLinter('spectral', ['lint', file, '--format=json', '--quiet', '--ruleset', join(repoRoot, '.spectral.yaml')]),
  ])
  const redocly = JSON.parse(redoclyOut) as { totals: { errors: number; warnings: number }; problems: unknown[] }
  t.same(redocly.totals, { errors: 0, warnings: 0, ignored: 0 }, `Redocly: ${JSON.stringify(redocly.problems)}`)
  const spectral = JSON.parse(spectralOut) as { code: string; path: string[] }[]
  t.same(
    spectral.map((problem) => `${problem.code} at ${problem.path.join('/')}`),
    [],
    'Spectral: no problem of any severity',
  )
})

t.test('request fields say what the server accepts', async (t) => {
  const schemas = (buildOpenApiDocument(apiOperations).components as { schemas: Record<string, JsonSchema> }).schemas
  const property = (schema: string, field: string) =>
    ((schemas[schema]?.properties ?? {}) as Record<string, JsonSchema>)[field] as JsonSchema
  t.equal(property('CustomerCreate', 'email').format, 'email', 'a customer email is an address')
  t.equal(property('CustomerUpdate', 'email').format, 'email')
  const year = (property('VehicleCreate', 'year').anyOf as JsonSchema[])[0] as JsonSchema
  t.equal(year.maximum, new Date().getUTCFullYear() + 2, 'the model year cap the server applies')
  for (const body of ['TaskCreate', 'TaskUpdate'])
    t.same(property(body, 'status').enum, ['open', 'in_progress', 'blocked', 'waiting'], `${body}: never done`)
  // A `default` keyword makes code generators type the field as always sent (openapi-typescript #2489).
  const withDefault: string[] = []
  for (const [name, schema] of Object.entries(schemas)) {
    if (!/(Create|Update|Cancel|Conversion|Archive|Request)$/.test(name)) continue
    for (const [field, value] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      if ('default' in value) withDefault.push(`${name}.${field}`)
      if (((schema.required ?? []) as string[]).includes(field) && /Defaults to/.test(String(value.description)))
        withDefault.push(`${name}.${field} (required)`)
    }
  }
  t.same(withDefault, [], 'no request field carries a default keyword or is required while it has a default')
  t.match(property('CustomerCreate', 'fleet_account'), { type: 'boolean', description: /Defaults to `false`/ })
  t.notOk(((schemas.CustomerCreate?.required ?? []) as string[]).includes('tax_exempt'))
})

t.test('each narrowing of the contract says so, with its reason, where it applies (issue 25 item 8)', async (t) => {
  const document = buildOpenApiDocument(apiOperations) as { paths: Record<string, Record<string, JsonSchema>> }
  const parameters = document.paths['/appointments/availability']?.get?.parameters as JsonSchema[]
  const endDate = parameters.find((parameter) => parameter.name === 'end_date')?.schema as JsonSchema
  t.match(endDate['x-shopapi-narrowing'], /at most 92 dates .* because the answer is one unpaginated list/)
  t.match(endDate['x-shopapi-narrowing'], /before today needs a `start_date`/)
  const schemas = (buildOpenApiDocument(apiOperations).components as { schemas: Record<string, JsonSchema> }).schemas
  const customerCreate = schemas.CustomerCreate as { properties: { tags: { anyOf: JsonSchema[] } } }
  const tags = customerCreate.properties.tags.anyOf[0] as JsonSchema
  t.match(tags['x-shopapi-narrowing'], /50 tags of up to 50 characters bound every customer record/)
})

t.test('every tag and operation is described; the info names a contact and a license; ErrorCode is used', async (t) => {
  const document = buildOpenApiDocument(apiOperations) as JsonSchema
  for (const tag of document.tags as { name: string; description?: string }[])
    t.ok(tag.description, `tag ${tag.name} has a description`)
  for (const [path, item] of Object.entries(document.paths as Operations))
    for (const [method, operation] of Object.entries(item))
      t.ok(operation.description, `${method.toUpperCase()} ${path} has a description`)
  t.match(document.info, { version: '1.0.0-rc.6', contact: { name: String }, license: { name: String } })
  t.match(JSON.stringify((document.components as { schemas: JsonSchema }).schemas), '#/components/schemas/ErrorCode')
})

t.test('every operation declares its scopes and its errors', async (t) => {
  const document = buildOpenApiDocument(apiOperations)
  const paths = document.paths as Operations
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`
      t.ok(Array.isArray(operation['x-required-scopes']), `${name}: x-required-scopes`)
      t.ok(Array.isArray(operation['x-conditional-scopes']), `${name}: x-conditional-scopes`)
      for (const scope of operation['x-required-scopes'] as string[])
        t.ok(scope in scopeCatalogue, `${name}: ${scope} is catalogued`)
      const responses = operation.responses as Record<string, unknown>
      for (const status of ['400', '404', '429', '500']) t.ok(responses[status], `${name}: documents ${status}`)
    }
  }
  t.same((paths['/shop']?.get?.['x-required-scopes'] as string[]) ?? [], ['shop.read'])
  t.same(document['x-scopes'], scopeCatalogue, 'the whole scope catalogue is published')
  const shop = (
    document.components as { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> }
  ).schemas.Shop
  for (const [field, schema] of Object.entries(shop?.properties ?? {})) {
    t.ok(schema['x-field-visibility'] !== undefined || '$ref' in schema, `Shop.${field}: x-field-visibility`)
  }
})

t.test('served without a key at /v1/openapi.json, identical to the export', async (t) => {
  const api = await startTestApp(t)
  const response = await api.request('/v1/openapi.json')
  t.equal(response.status, 200)
  t.same(await response.json(), JSON.parse(JSON.stringify(buildOpenApiDocument(apiOperations))))
})

// ---- The document tells the truth about the responses (issue 9 items 5 and 6) ----

type JsonSchema = Record<string, unknown>

const annotationKeywords = new Set(['description', 'title', 'default', 'example', 'examples', 'deprecated', 'readOnly'])

/** Every object in the document, with its JSON pointer. */
function* walk(node: unknown, pointer = ''): Generator<[string, JsonSchema]> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* walk(item, `${pointer}/${index}`)
  } else if (node && typeof node === 'object') {
    yield [pointer, node as JsonSchema]
    for (const [key, value] of Object.entries(node)) yield* walk(value, `${pointer}/${key}`)
  }
}

t.test('only annotations sit beside a $ref (JSON Schema 2020-12 applies the rest)', async (t) => {
  const document = buildOpenApiDocument(apiOperations)
  let refs = 0
  for (const [pointer, node] of walk(document)) {
    if (typeof node.$ref !== 'string') continue
    refs += 1
    const constraints = Object.keys(node).filter(
      (key) => key !== '$ref' && !key.startsWith('x-') && !annotationKeywords.has(key),
    )
    t.same(constraints, [], `${pointer}: nothing but annotations beside $ref`)
  }
  t.ok(refs > 20, `the walk saw the document's references (${refs})`)
})

t.test('x-field-visibility on every field of every schema a response can carry', async (t) => {
  const document = buildOpenApiDocument(apiOperations)
  const components = document.components as {
    schemas: Record<string, JsonSchema>
    responses: Record<string, JsonSchema>
  }
  const seen = new Set<string>()
  const missing: string[] = []
  const visit = (schema: unknown, where: string): void => {
    if (!schema || typeof schema !== 'object') return
    const node = schema as JsonSchema
    if (typeof node.$ref === 'string') {
      const name = node.$ref.replace('#/components/schemas/', '')
      if (seen.has(name)) return
      seen.add(name)
      visit(components.schemas[name], name)
      return
    }
    for (const [field, property] of Object.entries((node.properties ?? {}) as Record<string, JsonSchema>)) {
      if (property['x-field-visibility'] === undefined) missing.push(`${where}.${field}`)
      visit(property, `${where}.${field}`)
    }
    for (const key of ['items', 'additionalProperties'] as const) visit(node[key], `${where}[]`)
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const member of (node[key] ?? []) as unknown[]) visit(member, where)
    }
  }
  const responses = [
    ...Object.values(document.paths as Operations).flatMap((item) =>
      Object.values(item).flatMap((operation) => Object.values(operation.responses as Record<string, JsonSchema>)),
    ),
    ...Object.values(components.responses),
  ]
  for (const response of responses) {
    const content = response.content as Record<string, { schema: unknown }> | undefined
    visit(content?.['application/json']?.schema, 'response')
  }
  t.same(missing, [], 'no response field without x-field-visibility')
  for (const name of [
    'Shop',
    'Customer',
    'Address',
    'Consent',
    'Vehicle',
    'ExternalReference',
    'Event',
    'EventData',
    'EventList',
    'QueuedEvent',
    'WebhookEndpoint',
    'WebhookEndpointWithSecret',
    'WebhookEndpointList',
    'DeletedWebhookEndpoint',
    'Error',
    'Blocker',
  ]) {
    t.ok(seen.has(name), `${name} was walked`)
  }
})

t.test('Blocker.resolution is required, and every blocker the server sends carries it', async (t) => {
  const document = buildOpenApiDocument(apiOperations)
  const blocker = (document.components as { schemas: Record<string, JsonSchema> }).schemas.Blocker
  t.ok(((blocker?.required ?? []) as string[]).includes('resolution'), 'required in the document')
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write', 'external_refs.write'])
  const customers = []
  for (const name of ['One', 'Two']) {
    const reply = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', key, {
      body: { first_name: name, last_name: 'Holder' },
      idempotencyKey: randomUUID(),
    })
    customers.push(reply.body.id)
  }
  const put = (id: string | undefined) =>
    sendJson<ErrorBody>(api, 'PUT', `/v1/customers/${id}/external-id`, key, { body: { external_id: 'ERP-1' } })
  t.equal((await put(customers[0])).status, 200)
  const conflict = await put(customers[1])
  assertError(t, conflict, 409, 'conflict')
  t.match(conflict.body.error.blockers, [{ type: 'external_id', reason: 'external_id_in_use' }])
  t.ok(conflict.body.error.blockers.length > 0, 'the refusal carries blockers')
  for (const item of conflict.body.error.blockers as Array<Record<string, unknown>>) {
    t.ok(Array.isArray(item.resolution), 'each with its resolution array')
  }
})

t.test('live resources are valid against the served document under JSON Schema 2020-12', async (t) => {
  const api = await startTestApp(t, { resolver: fakeResolver() })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, [
    'customers.read',
    'customers.write',
    'vehicles.read',
    'vehicles.write',
    'webhooks.manage',
  ])
  const served = (await (await api.request('/v1/openapi.json')).json()) as JsonSchema
  // The served document as a schema resource, so `#/components/schemas/...` references resolve in it.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: 'https://shopapi.test/openapi.json', components: served.components })
  const check = (name: string, value: unknown) => {
    const validate = ajv.getSchema(`https://shopapi.test/openapi.json#/components/schemas/${name}`)
    if (!validate) return t.fail(`no schema ${name}`)
    t.ok(validate(value), `a live ${name} is valid`, { errors: validate.errors, value })
  }
  const post = async (path: string, body: unknown) =>
    (await sendJson<Record<string, unknown>>(api, 'POST', path, key, { body, idempotencyKey: randomUUID() })).body

  const customer = await post('/v1/customers', {
    first_name: 'Ada',
    last_name: 'Valid',
    address: '1 Main St',
    city: 'Springfield',
    country: 'US',
    consent: { sms_transactional: true },
  })
  check('Customer', customer)
  check('CustomerList', (await sendJson(api, 'GET', '/v1/customers', key)).body)
  const vehicle = await post('/v1/vehicles', { customer_id: customer.id, make: 'Ford', year: 2020 })
  check('Vehicle', vehicle)
  check('VehicleList', (await sendJson(api, 'GET', '/v1/vehicles', key)).body)
  const endpoint = await post('/v1/webhook-endpoints', {
    url: 'https://hooks.example.test/shopapi',
    event_types: ['customer.created'],
  })
  check('WebhookEndpointWithSecret', endpoint)
  check('WebhookEndpoint', (await sendJson(api, 'GET', `/v1/webhook-endpoints/${endpoint.id}`, key)).body)
  check('QueuedEvent', await post(`/v1/webhook-endpoints/${endpoint.id}/test`, {}))
  const events = (await sendJson<{ data: unknown[] }>(api, 'GET', '/v1/events', key)).body
  check('EventList', events)
  t.ok(events.data.length > 0, 'there are events to check')
  check('Event', events.data[0])
  check('Error', (await sendJson(api, 'GET', '/v1/customers/cus_nope', key)).body)
})

// ---- The guard every test app carries (issue 9 items 3 and 5) ----

t.test('the response guard reports a broken contract and undeclared 500s, however the request was sent', async (t) => {
  const probes = [
    defineOperation({
      method: 'GET',
      path: '/probe/wrong-shape',
      operationId: 'probeWrongShape',
      summary: 'A body its schema rejects',
      tag: 'Test',
      scopes: null,
      success: { status: 200, description: 'A shop', schema: ShopSchema },
      handler: async () => ({ id: 1, object: 'shop' }),
    }),
    defineOperation({
      method: 'GET',
      path: '/probe/text',
      operationId: 'probeText',
      summary: 'Text where the document says JSON',
      tag: 'Test',
      scopes: null,
      success: { status: 200, description: 'Anything', schema: z.unknown() },
      // A string answer goes out as text/plain: handlers never hold the reply (platform/operation.ts).
      handler: async () => 'plain text',
    }),
    defineOperation({
      method: 'GET',
      path: '/probe/explode',
      operationId: 'probeExplode',
      summary: 'An unexpected failure',
      tag: 'Test',
      scopes: null,
      success: { status: 200, description: 'Never', schema: z.unknown() },
      handler: async () => {
        throw new Error('boom')
      },
    }),
  ]
  const reported: string[] = []
  const api = await startTestApp(t, {
    operations: [...apiOperations, ...probes],
    reportViolation: (message) => reported.push(message),
  })
  const take = () => reported.splice(0)

  await fetch(`${api.baseUrl}/v1/probe/wrong-shape`)
  t.match(take(), [/GET \/v1\/probe\/wrong-shape answered 200 .*\/id must be string/], 'a body its schema rejects')
  await api.app.inject('/v1/probe/text')
  t.match(take(), [/the document says JSON, the response is text\/plain/], 'text where JSON is documented')
  await api.request('/v1/probe/explode')
  t.match(take(), [/unexpected 500 from GET \/v1\/probe\/explode/], 'a 500 nobody declared')
  api.allowInternalErrors(1)
  t.equal((await api.request('/v1/probe/explode')).status, 500)
  t.same(take(), [], 'a declared 500 passes, once')
  await api.request('/v1/probe/explode')
  t.equal(take().length, 1, 'and the allowance is used up')

  t.equal((await api.request('/v1/no/such/route')).status, 404)
  t.equal((await api.request('/healthz')).status, 200)
  t.equal((await api.request('/v1/shop')).status, 401)
  t.same(take(), [], 'enveloped 404s, health checks and documented errors pass')
})

t.test('the checker refuses what a well-behaved server never sends', async (t) => {
  const checker = new ContractChecker()
  t.match(
    checker.problems({ method: 'GET', url: '/v1/customers', status: 418, contentType: 'application/json', body: '{}' }),
    [/status 418 is not documented for GET \/customers/],
    'a status the operation does not document',
  )
  const notFound = { method: 'GET', url: '/v1/nope', status: 404, contentType: 'text/html', body: '<h1>404</h1>' }
  t.match(checker.problems(notFound), [/the document says JSON/], 'an unknown route answered outside the envelope')
  t.match(
    checker.problems({ ...notFound, contentType: 'application/json', body: '{"message":"Not Found"}' }),
    [/must have required property 'error'/],
    'an unknown route answered with another JSON shape',
  )
  t.match(
    checker.problems({ method: 'GET', url: '/v1/nope', status: 200, contentType: 'application/json', body: '{}' }),
    [/is not in the document, yet answered 200/],
    'a success on a route the document does not know',
  )
  t.same(
    checker.problems({
      method: 'GET',
      url: '/v1/customers/cus_x?expand=1',
      status: 404,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({
        error: { code: 'not_found', message: 'm', param: null, request_id: 'req_1', blockers: [] },
      }),
    }),
    [],
    'a documented error in the envelope',
  )
})
