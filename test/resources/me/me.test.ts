// GET /v1/me over a real socket and database: any valid key introspects itself (integration, shop,
// scopes, every operation with what it lacks, the fields it sees redacted), and what it says agrees
// with what the API then does: the operations it calls, the fields it finds null, the OpenAPI document.
import { Writable } from 'node:stream'
import t from 'tap'
import { allScopes, type Scope } from '../../../src/lib/scopes.js'
import { revokeApiKey } from '../../../src/platform/tenancy/api-keys.js'
import {
  CannedJobImportLineSchema,
  cannedJobsFromRecords,
  importCannedJobs,
} from '../../../src/resources/canned-jobs/import.js'
import { InventoryImportRowSchema, importInventoryItems } from '../../../src/resources/inventory-items/import.js'
import { apiOperations } from '../../../src/server/routes/index.js'
import { createApiKey, createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, type Reply, sendJson } from '../../helpers/http.js'

interface OperationJson {
  operation_id: string
  method: string
  path: string
  allowed: boolean
  required_scopes: string[]
  missing_scopes: string[]
  redacted_fields: string[]
}

interface RedactionJson {
  object: string
  pointer: string
  needs_scope: string
}

interface MeJson {
  object: string
  key: { id: string; prefix: string; created_at: string; last_used_at: string | null }
  integration: { id: string; name: string }
  shop: { id: string; name: string; timezone: string }
  scopes: string[]
  operations: OperationJson[]
  redactions: RedactionJson[]
}

interface Redactable {
  redacted_fields: string[]
  [field: string]: unknown
}

const api = await startTestApp(t)
const shop = await createTestShop(api.pool, { name: 'Main Street Auto', timezone: 'America/Denver' })
const readScopes: Scope[] = ['shop.read', 'customers.read', 'inventory.read', 'canned_jobs.read']
const none = await createTestKey(api.pool, shop, [], 'No scopes')
const reader = await createTestKey(api.pool, shop, readScopes, 'Read only')
const full = await createTestKey(api.pool, shop, allScopes, 'Everything')

// An item with a cost and a canned job with prices and a part cost, written by the staff imports.
{
  const client = await api.pool.connect()
  try {
    await client.query('begin')
    const items = [
      { part_number: 'TIRE-1', name: 'Sport', quantity_on_hand: '4', unit_price: '189.99', unit_cost: '120' },
    ]
    await importInventoryItems(
      client,
      { shopId: shop.id, integrationId: null },
      items.map((row, index) => ({ line: index + 1, value: InventoryImportRowSchema.parse(row) })),
    )
    const lines = [
      {
        code: 'OIL',
        name: 'Oil change',
        default_hours: '0.5',
        labor_rate: '120',
        parts: [
          { part_number: 'OIL-5W30', description: 'Oil', quantity: '4.5', unit_price: '8.99', unit_cost: '4.10' },
        ],
      },
    ]
    const grouped = cannedJobsFromRecords(
      'ndjson',
      lines.map((line, index) => ({ line: index + 1, value: CannedJobImportLineSchema.parse(line) })),
    )
    await importCannedJobs(client, { shopId: shop.id, integrationId: null }, grouped.jobs)
    await client.query('commit')
  } finally {
    client.release()
  }
}

const me = (key: string) => sendJson<MeJson>(api, 'GET', '/v1/me', key)
const byId = (body: MeJson) => new Map(body.operations.map((operation) => [operation.operation_id, operation]))
const operationOf = (body: MeJson, id: string) => byId(body).get(id) as OperationJson

/** The served document's operations by operationId. */
async function servedOperations() {
  const document = (await (await api.request('/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>
  }
  const found = new Map<string, { method: string; path: string; required: string[]; conditional: string[] }>()
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      found.set(operation.operationId as string, {
        method: method.toUpperCase(),
        path: `/v1${path}`,
        required: operation['x-required-scopes'] as string[],
        conditional: operation['x-conditional-scopes'] as string[],
      })
    }
  }
  return found
}

t.test('a key without any scope still introspects itself, and nothing secret comes back', async (t) => {
  const reply = await me(none.key)
  t.equal(reply.status, 200)
  const body = reply.body
  t.equal(body.object, 'api_key_introspection')
  t.equal(body.key.id, none.keyId)
  t.ok(none.key.startsWith(`${body.key.prefix}_`), 'the prefix is the start of the key')
  t.match(body.key.prefix, /^shopapi_[0-9A-Za-z]{12}$/)
  t.same(body.integration, { id: none.integrationId, name: 'No scopes' })
  t.same(body.shop, { id: shop.public_id, name: 'Main Street Auto', timezone: 'America/Denver' })
  t.same(body.scopes, [])

  // The usual headers: request id, no caching, the key's budget.
  t.match(reply.headers.get('x-request-id'), /^req_/)
  t.equal(reply.headers.get('cache-control'), 'no-store')
  t.match(reply.headers.get('ratelimit-limit'), /^\d+$/)
  t.match(reply.headers.get('ratelimit-remaining'), /^\d+$/)

  // Neither the key's secret part nor its stored hash, in any spelling.
  const stored = await api.pool.query<{ secret_hash: Buffer }>(
    'select secret_hash from api_keys where public_id = $1::text',
    [none.keyId],
  )
  const hash = stored.rows[0]?.secret_hash as Buffer
  const secretPart = none.key.slice(body.key.prefix.length + 1)
  for (const secret of [
    none.key,
    secretPart,
    hash.toString('hex'),
    hash.toString('base64'),
    hash.toString('base64url'),
  ])
    t.notOk(reply.text.includes(secret), 'no secret in the response')
  const names: string[] = []
  const collectNames = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collectNames)
    else if (node && typeof node === 'object') {
      for (const [name, value] of Object.entries(node)) {
        names.push(name)
        collectNames(value)
      }
    }
  }
  collectNames(body)
  t.notOk(
    names.some((name) => /secret|hash/i.test(name)),
    'no field names a secret',
  )
  t.notMatch(reply.text, /whsec_/, 'no webhook secret')

  // Only the operations that need no scope are allowed (events are filtered by the key's scopes,
  // not gated); each of the others lacks exactly its scopes.
  const allowed = body.operations.filter((operation) => operation.allowed).map((operation) => operation.operation_id)
  t.same(allowed.sort(), ['getEvent', 'getOpenApiDocument', 'introspectApiKey', 'listEvents'])
  for (const operation of body.operations) {
    t.same(operation.missing_scopes, operation.required_scopes, `${operation.operation_id}: lacks all it needs`)
  }
  t.same(operationOf(body, 'createCustomer').missing_scopes, ['customers.read', 'customers.write'])

  // Every field a scope unredacts is hidden from this key, named by its resource.
  const redactions = body.redactions.map((r) => `${r.object} ${r.pointer} ${r.needs_scope}`)
  t.same(redactions, [
    'canned_job /parts/*/cost inventory.cost.read',
    'canned_job /parts/*/pricing pricing.read',
    'canned_job /pricing pricing.read',
    'inventory_item /cost inventory.cost.read',
    'job /pricing pricing.read',
    'labor_entry /pricing pricing.read',
    'part /cost inventory.cost.read',
    'part /pricing pricing.read',
    'repair_order /pricing pricing.read',
  ])
  // The spec's pointers by operation (spec "Redaction").
  t.same(operationOf(body, 'listCannedJobs').redacted_fields.sort(), [
    '/data/*/parts/*/cost',
    '/data/*/parts/*/pricing',
    '/data/*/pricing',
  ])
  t.same(operationOf(body, 'getInventoryItem').redacted_fields, ['/cost'])
  t.same(operationOf(body, 'listJobParts').redacted_fields.sort(), ['/data/*/cost', '/data/*/pricing'])
  t.same(operationOf(body, 'convertAppointment').redacted_fields.sort(), ['/jobs/*/pricing', '/pricing'])
  t.same(operationOf(body, 'listInvoices').redacted_fields, [], 'invoices redact nothing')
})

t.test('every operation of the API, in the order and with the scopes of the served document', async (t) => {
  const body = (await me(reader.key)).body
  t.same(
    body.operations.map((operation) => operation.operation_id),
    apiOperations.map((operation) => operation.operationId),
    'the operations the server registers, none missing, none invented',
  )
  const served = await servedOperations()
  t.equal(served.size, body.operations.length)
  for (const operation of body.operations) {
    const documented = served.get(operation.operation_id)
    t.ok(documented, `${operation.operation_id} is in the document`)
    if (!documented) continue
    t.equal(operation.method, documented.method, `${operation.operation_id}: method`)
    t.equal(operation.path, documented.path, `${operation.operation_id}: path`)
    t.same(operation.required_scopes, documented.required, `${operation.operation_id}: x-required-scopes`)
    // A key without pricing.read and inventory.cost.read sees fields redacted exactly where the
    // document declares conditional scopes.
    t.equal(
      operation.redacted_fields.length > 0,
      documented.conditional.length > 0,
      `${operation.operation_id}: redacted fields iff x-conditional-scopes`,
    )
  }
  const meEntry = served.get('introspectApiKey')
  t.same(meEntry?.required, [], '/me needs no scope')
  t.same(meEntry?.conditional, [])
})

t.test('a read-only key: what /me allows and redacts is what the API does', async (t) => {
  const body = (await me(reader.key)).body
  t.same(body.scopes, ['shop.read', 'customers.read', 'canned_jobs.read', 'inventory.read'], 'in catalogue order')
  t.same(operationOf(body, 'listCustomers'), {
    operation_id: 'listCustomers',
    method: 'GET',
    path: '/v1/customers',
    allowed: true,
    required_scopes: ['customers.read'],
    missing_scopes: [],
    redacted_fields: [],
  })
  t.same(operationOf(body, 'createCustomer').missing_scopes, ['customers.write'])
  t.same(
    body.redactions.filter((r) => r.object === 'inventory_item' || r.object === 'canned_job').map((r) => r.pointer),
    ['/parts/*/cost', '/parts/*/pricing', '/pricing', '/cost'],
  )

  // Every GET without a path parameter: allowed means it is served (whatever its validation says),
  // not allowed means 403 naming the missing scopes.
  for (const operation of body.operations) {
    if (operation.method !== 'GET' || operation.path.includes('{')) continue
    const reply = await sendJson<{ error?: { code: string; message: string } }>(api, 'GET', operation.path, reader.key)
    if (operation.allowed) {
      t.not(reply.status, 403, `${operation.operation_id} is served`)
      t.not(reply.status, 401, `${operation.operation_id} is served`)
    } else {
      assertError(t, reply as Reply<unknown>, 403, 'insufficient_scope')
      for (const scope of operation.missing_scopes) t.match(reply.body.error?.message, scope)
    }
  }

  // The fields /me calls redacted are null, and the responses list exactly its pointers.
  const items = await sendJson<{ data: Redactable[] }>(api, 'GET', '/v1/inventory-items', reader.key)
  const item = items.body.data[0] as Redactable
  t.equal(item.cost, null)
  t.same(item.redacted_fields, operationOf(body, 'listInventoryItems').redacted_fields)
  const one = await sendJson<Redactable>(api, 'GET', `/v1/inventory-items/${item.id}`, reader.key)
  t.equal(one.body.cost, null)
  t.same(one.body.redacted_fields, operationOf(body, 'getInventoryItem').redacted_fields)
  t.not(one.body.pricing, null, 'sale price of an item is not redacted')

  const jobs = await sendJson<{ data: (Redactable & { parts: Redactable[] })[] }>(
    api,
    'GET',
    '/v1/canned-jobs',
    reader.key,
  )
  const job = jobs.body.data[0] as Redactable & { parts: Redactable[] }
  t.equal(job.pricing, null)
  t.equal(job.parts[0]?.pricing, null)
  t.equal(job.parts[0]?.cost, null)
  t.same([...job.redacted_fields].sort(), [...operationOf(body, 'listCannedJobs').redacted_fields].sort())
  const cannedJob = await sendJson<Redactable>(api, 'GET', `/v1/canned-jobs/${job.id}`, reader.key)
  t.same([...cannedJob.body.redacted_fields].sort(), [...operationOf(body, 'getCannedJob').redacted_fields].sort())
})

t.test('a key with every scope: everything allowed, nothing redacted, and the API agrees', async (t) => {
  const body = (await me(full.key)).body
  t.same(body.scopes, allScopes)
  t.ok(body.operations.every((operation) => operation.allowed && operation.missing_scopes.length === 0))
  t.ok(body.operations.every((operation) => operation.redacted_fields.length === 0))
  t.same(body.redactions, [])

  const items = await sendJson<{ data: Redactable[] }>(api, 'GET', '/v1/inventory-items', full.key)
  const item = items.body.data[0] as Redactable
  t.same(item.cost, {
    currency: 'USD',
    unit_cost: { amount: '120.00', currency: 'USD' },
    average_cost: null,
  })
  t.same(item.redacted_fields, [])
  const jobs = await sendJson<{ data: (Redactable & { parts: Redactable[] })[] }>(
    api,
    'GET',
    '/v1/canned-jobs',
    full.key,
  )
  const job = jobs.body.data[0] as Redactable & { parts: Redactable[] }
  t.not(job.pricing, null)
  t.not(job.parts[0]?.cost, null)
  t.same(job.redacted_fields, [])
})

t.test('one scope more reveals exactly its fields', async (t) => {
  const costOnly = await createTestKey(api.pool, shop, ['inventory.read', 'inventory.cost.read'], 'Cost')
  const body = (await me(costOnly.key)).body
  t.notOk(
    body.redactions.some((r) => r.needs_scope === 'inventory.cost.read'),
    'no cost is hidden',
  )
  t.ok(
    body.redactions.every((r) => r.needs_scope === 'pricing.read'),
    'only prices are',
  )
  t.same(operationOf(body, 'getInventoryItem').redacted_fields, [])
  t.same(operationOf(body, 'getCannedJob').redacted_fields.sort(), ['/parts/*/pricing', '/pricing'])
  const items = await sendJson<{ data: Redactable[] }>(api, 'GET', '/v1/inventory-items', costOnly.key)
  t.not(items.body.data[0]?.cost, null)
})

t.test('last_used_at: null until used, then moves with each use, per key', async (t) => {
  const created = await createTestKey(api.pool, shop, ['customers.read'], 'Rotating')
  const second = await createApiKey(api.pool, created.integrationId)
  const lastUsed = async (keyId: string) =>
    (
      await api.pool.query<{ last_used_at: Date | null }>(
        'select last_used_at from api_keys where public_id = $1::text',
        [keyId],
      )
    ).rows[0]?.last_used_at ?? null

  // The first use is this very request: it is recorded, and /me says so.
  t.equal(await lastUsed(created.keyId), null, 'never used')
  const before = Date.now()
  const first = (await me(created.key)).body
  t.equal(first.key.created_at.endsWith('Z'), true)
  t.ok(first.key.last_used_at, 'used now')
  const firstUse = Date.parse(first.key.last_used_at as string)
  t.ok(Math.abs(firstUse - before) < 5_000, 'within seconds of the request')
  t.equal((await lastUsed(created.keyId))?.toISOString(), first.key.last_used_at, 'as stored (keys list shows it)')
  t.equal(await lastUsed(second.row.public_id), null, 'the other key of the integration is untouched')

  // Used two hours ago; another operation uses it now; /me sees the new use.
  await api.pool.query(`update api_keys set last_used_at = now() - interval '2 hours' where public_id = $1::text`, [
    created.keyId,
  ])
  const twoHoursAgo = (await lastUsed(created.keyId)) as Date
  t.equal((await sendJson(api, 'GET', '/v1/customers', created.key)).status, 200)
  const deadline = Date.now() + 5_000
  while ((await lastUsed(created.keyId))?.getTime() === twoHoursAgo.getTime() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const afterList = (await lastUsed(created.keyId)) as Date
  t.ok(afterList.getTime() > twoHoursAgo.getTime() + 3_600_000, 'GET /v1/customers recorded a use')
  const again = (await me(created.key)).body
  t.ok(Date.parse(again.key.last_used_at as string) >= afterList.getTime(), '/me reports it')

  // The second key introspects itself, not its sibling.
  const sibling = (await me(second.plaintext)).body
  t.equal(sibling.key.id, second.row.public_id)
  t.equal(sibling.integration.id, created.integrationId)
  t.not(sibling.key.prefix, again.key.prefix)
})

t.test('a revoked, unknown or missing key gets the usual 401', async (t) => {
  const doomed = await createTestKey(api.pool, shop, ['shop.read'], 'Doomed')
  t.equal((await me(doomed.key)).status, 200)
  await revokeApiKey(api.pool, doomed.keyId)
  const revoked = await me(doomed.key)
  assertError(t, revoked as Reply<unknown>, 401, 'invalid_api_key', null)
  t.match(revoked.headers.get('www-authenticate'), /error="invalid_token"/)

  const unknown = await me(`shopapi_${'A'.repeat(12)}_${'b'.repeat(43)}`)
  assertError(t, unknown as Reply<unknown>, 401, 'invalid_api_key')
  const missing = await api.request('/v1/me')
  t.equal(missing.status, 401)
  t.equal(((await missing.json()) as { error: { code: string } }).error.code, 'invalid_api_key')
})

t.test('with the auth cache of `serve`: same answer, revocation still a 401', async (t) => {
  const cached = await startTestApp(t, { database: { url: api.url, pool: api.pool }, authCache: true })
  const key = await createTestKey(api.pool, shop, ['inventory.read'], 'Cached')
  const first = await sendJson<MeJson>(cached, 'GET', '/v1/me', key.key)
  const second = await sendJson<MeJson>(cached, 'GET', '/v1/me', key.key)
  t.equal(second.status, 200)
  t.same(second.body.operations, first.body.operations)
  t.equal(second.body.key.last_used_at, first.body.key.last_used_at, 'one use recorded per minute')
  await revokeApiKey(api.pool, key.keyId)
  // Revocation reaches the cache through its notification: within moments, never stale for long.
  let status = 200
  for (const deadline = Date.now() + 5_000; status === 200 && Date.now() < deadline; ) {
    status = (await sendJson(cached, 'GET', '/v1/me', key.key)).status
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  t.equal(status, 401)
})

t.test('bad input is refused in the envelope', async (t) => {
  const query = await sendJson(api, 'GET', '/v1/me?verbose=true', reader.key)
  assertError(t, query as Reply<unknown>, 400, 'invalid_request', 'verbose')
})

t.test('rate-limited and logged like any operation', async (t) => {
  const lines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  const limited = await startTestApp(t, {
    database: { url: api.url, pool: api.pool },
    config: { logLevel: 'info', rateLimit: { max: 2, windowSeconds: 60 } },
    logStream,
  })
  const call = () => sendJson(limited, 'GET', '/v1/me', none.key)
  const replies = [await call(), await call(), await call()]
  t.same(
    replies.map((reply) => reply.status),
    [200, 200, 429],
  )
  t.equal(replies[1]?.headers.get('ratelimit-remaining'), '0')
  assertError(t, replies[2] as Reply<unknown>, 429, 'rate_limited')
  const logged = lines
    .map((line) => JSON.parse(line) as { msg?: string; route?: string; status?: number; key_prefix?: string })
    .filter((line) => line.msg === 'request completed' && line.route === '/v1/me')
  t.same(
    logged.map((line) => line.status),
    [200, 200, 429],
  )
  t.ok(
    logged.every((line) => none.key.startsWith(line.key_prefix as string)),
    'with the key prefix, not the key',
  )
  t.notOk(
    lines.some((line) => line.includes(none.key)),
    'the key never reaches the log',
  )
})
