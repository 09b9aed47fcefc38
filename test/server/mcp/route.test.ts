import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import t from 'tap'
import { allScopes } from '../../../src/lib/scopes.js'
import { apiOperations } from '../../../src/server/routes/index.js'
import { createTestKey, createTestShopWithKey, startTestApp, type TestApp } from '../../helpers/app.js'
import {
  customerReader,
  customerReaderTools,
  everyScopeTools,
  frontDesk,
  frontDeskTools,
  neverOffered,
} from '../../helpers/mcp.js'

// The SDK's own client over Streamable HTTP against POST /mcp of a real app: what each key is offered,
// and that calls are the API's own requests (scopes, redaction, idempotency, events).

const api: TestApp = await startTestApp(t)

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'shopapi-test', version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${api.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  )
  t.teardown(() => client.close())
  return client
}

// biome-ignore lint/suspicious/noExplicitAny: a tool result's JSON, read field by field by each test
const textOf = (result: unknown): any => {
  const [first] = (result as { content: { type: string; text: string }[] }).content
  return JSON.parse(first?.text ?? 'null')
}

t.test('the tools listed are exactly those the key scopes allow, never a hidden one', async (t) => {
  const { shop } = await createTestShopWithKey(api.pool, ['shop.read'])
  for (const [name, scopes, expected] of [
    ['customers read-only', customerReader, customerReaderTools],
    ['front desk', frontDesk, frontDeskTools],
    ['every scope', allScopes, everyScopeTools],
  ] as const) {
    const { key } = await createTestKey(api.pool, shop, [...scopes], name)
    const client = await connect(key)
    const { tools } = await client.listTools()
    t.same(
      tools.map((tool) => tool.name),
      expected,
      `${name}: ${tools.length} tools`,
    )
    for (const hidden of neverOffered)
      t.notOk(
        tools.some((tool) => tool.name === hidden),
        `${name}: no ${hidden}`,
      )
  }
})

t.test('every destructive or money-moving operation is declared hidden on the operation itself', async (t) => {
  const hidden = apiOperations.filter((operation) => operation.assistant === 'hidden').map((o) => o.operationId)
  t.same(hidden.sort(), neverOffered.filter((name) => name !== 'getOpenApiDocument').sort())
  for (const operation of apiOperations.filter((o) => o.method === 'DELETE')) {
    t.equal(operation.assistant, 'hidden', `${operation.operationId} (DELETE) is hidden`)
  }
  // The API has no operation that moves money (payments, refunds, invoices and credit notes are
  // written shop-side only): should one appear, it must be hidden too.
  for (const operation of apiOperations.filter((o) => ['Invoices', 'Payments'].includes(o.tag))) {
    t.ok(operation.method === 'GET' || operation.assistant === 'hidden', `${operation.operationId} moves no money`)
  }
})

t.test('a tool describes its operation and, for a write, its Idempotency-Key', async (t) => {
  const { key } = await createTestShopWithKey(api.pool, frontDesk)
  const client = await connect(key)
  const { tools } = await client.listTools()
  const create = tools.find((tool) => tool.name === 'createCustomer')
  t.match(create?.description, /^Create a customer\n\nNames are required/)
  t.match(create?.description, /An Idempotency-Key is created for each call/)
  t.same(create?.inputSchema.required, ['body'])
  t.equal(create?.annotations?.readOnlyHint, false)
  const get = tools.find((tool) => tool.name === 'getRepairOrder')
  t.same(get?.inputSchema.required, ['public_id'])
  t.notMatch(get?.description, /Idempotency-Key/)
  t.equal(get?.annotations?.readOnlyHint, true)
  const list = tools.find((tool) => tool.name === 'listAppointments')
  t.ok(list?.inputSchema.properties?.scheduled_date_from, 'query parameters at the top level')
})

t.test('a read and a write go through the API: idempotency key, event, the error envelope', async (t) => {
  const { shop, key } = await createTestShopWithKey(api.pool, frontDesk)
  const client = await connect(key)

  const created = await client.callTool({
    name: 'createCustomer',
    arguments: { body: { first_name: 'Ada', last_name: 'Lovelace', phone: '(312) 555-0100' } },
  })
  t.notOk(created.isError, 'the write succeeded')
  const customer = textOf(created)
  t.match(customer, { object: 'customer', first_name: 'Ada', last_name: 'Lovelace' })
  const events = await api.pool.query(
    `select e.type, e.object_id from events e join integrations i on i.id = e.integration_id
      where e.shop_id = $1 and e.type = 'customer.created'`,
    [shop.id],
  )
  t.same(events.rows, [{ type: 'customer.created', object_id: customer.id }], 'its event names the integration')
  const keys = await api.pool.query<{ key: string; response_status: number }>(
    'select key, response_status from idempotency_keys where shop_id = $1',
    [shop.id],
  )
  t.equal(keys.rows.length, 1, 'one Idempotency-Key stored')
  t.match(keys.rows[0], { key: /^[0-9a-f-]{36}$/, response_status: 201 })

  const read = await client.callTool({ name: 'getCustomer', arguments: { public_id: customer.id } })
  t.notOk(read.isError)
  t.match(textOf(read), { id: customer.id, phone: customer.phone })

  const found = await client.callTool({ name: 'listCustomers', arguments: { q: 'Lovelace', limit: '10' } })
  t.same(
    textOf(found).data.map((c: { id: string }) => c.id),
    [customer.id],
    'query arguments reach the query string',
  )

  const refused = await client.callTool({ name: 'getCustomer', arguments: { public_id: 'cus_nope' } })
  t.equal(refused.isError, true, 'a refusal is an error result, not a crash')
  t.match(textOf(refused), { error: { code: 'not_found' } })
  const invalid = await client.callTool({ name: 'createCustomer', arguments: { body: { first_name: 'X' } } })
  t.equal(invalid.isError, true)
  t.match(textOf(invalid), { error: { code: 'invalid_request', param: 'last_name' } })

  await t.rejects(
    client.callTool({ name: 'archiveCustomer', arguments: { public_id: customer.id } }),
    /Unknown tool archiveCustomer/,
    'a hidden operation cannot be called by name either',
  )
})

t.test('redaction: a key without pricing.read sees redacted_fields and no price through the tool', async (t) => {
  const { shop, key: fullKey } = await createTestShopWithKey(api.pool, [...frontDesk, 'pricing.read'])
  const { key: deskKey } = await createTestKey(api.pool, shop, frontDesk, 'front desk')
  const full = await connect(fullKey)
  const customer = textOf(
    await full.callTool({ name: 'createCustomer', arguments: { body: { first_name: 'Bo', last_name: 'Diddley' } } }),
  )
  const vehicle = textOf(
    await full.callTool({ name: 'createVehicle', arguments: { body: { customer_id: customer.id, make: 'Ford' } } }),
  )
  const order = textOf(
    await full.callTool({
      name: 'createRepairOrder',
      arguments: { body: { customer_id: customer.id, vehicle_id: vehicle.id } },
    }),
  )
  t.match(order, { object: 'repair_order' })

  const priced = textOf(await full.callTool({ name: 'getRepairOrder', arguments: { public_id: order.id } }))
  t.same(priced.redacted_fields, [], 'pricing.read sees everything')
  t.ok(priced.pricing, 'and the pricing')

  const desk = await connect(deskKey)
  const redacted = textOf(await desk.callTool({ name: 'getRepairOrder', arguments: { public_id: order.id } }))
  t.same(redacted.redacted_fields, ['/pricing'])
  t.equal(redacted.pricing, null, 'no price reaches the assistant')
})

t.test('resources and prompts', async (t) => {
  const { key } = await createTestShopWithKey(api.pool, frontDesk, { shop: { name: 'Main Street Auto' } })
  const client = await connect(key)
  const { resources } = await client.listResources()
  t.same(
    resources.map((r) => r.uri),
    ['shopapi://openapi.json', 'shopapi://shop'],
  )
  const document = await client.readResource({ uri: 'shopapi://openapi.json' })
  const served = await (await api.request('/v1/openapi.json')).json()
  t.same(JSON.parse((document.contents[0] as { text: string }).text), served, 'the document as served')
  const shop = await client.readResource({ uri: 'shopapi://shop' })
  t.match(JSON.parse((shop.contents[0] as { text: string }).text), { object: 'shop', name: 'Main Street Auto' })

  const { prompts } = await client.listPrompts()
  t.same(prompts.map((p) => p.name).sort(), ['awaiting_authorization', 'todays_appointments'])
  const today = await client.getPrompt({ name: 'todays_appointments' })
  t.match(today.messages[0]?.content, { type: 'text', text: /listAppointments/ })

  const { key: reader } = await createTestShopWithKey(api.pool, customerReader)
  const limited = await connect(reader)
  t.same(
    (await limited.listResources()).resources.map((r) => r.uri),
    ['shopapi://openapi.json'],
  )
  t.notOk(limited.getServerCapabilities()?.prompts, 'no prompt whose tools the key lacks, so no prompts at all')
})

t.test('POST /mcp takes a Bearer key and the app body limit', async (t) => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  }
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  const anonymous = await api.request('/mcp', { method: 'POST', headers, body: JSON.stringify(initialize) })
  t.equal(anonymous.status, 401)
  t.match(await anonymous.json(), { error: { code: 'invalid_api_key' } })
  const wrong = await api.request('/mcp', {
    method: 'POST',
    headers,
    key: 'shopapi_nope',
    body: JSON.stringify(initialize),
  })
  t.equal(wrong.status, 401)

  const { key } = await createTestShopWithKey(api.pool, customerReader)
  const ok = await api.request('/mcp', { method: 'POST', headers, key, body: JSON.stringify(initialize) })
  t.equal(ok.status, 200)
  t.ok(ok.headers.get('ratelimit-limit'), 'charged to the key budget, with its headers')
  t.match(await ok.json(), { jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'shopapi' } } })

  const huge = { ...initialize, params: { ...initialize.params, padding: 'x'.repeat(1024 * 1024 + 1) } }
  const tooLarge = await api.request('/mcp', { method: 'POST', headers, key, body: JSON.stringify(huge) })
  t.equal(tooLarge.status, 413)
  t.match(await tooLarge.json(), { error: { code: 'payload_too_large' } })

  const get = await api.request('/mcp', { key })
  t.equal(get.status, 405, 'stateless: no stream to open')
  await get.body?.cancel()

  const document = (await (await api.request('/v1/openapi.json')).json()) as { paths: object }
  t.notOk(
    Object.keys(document.paths).some((path) => path.includes('mcp')),
    'not an operation of the document',
  )
})

t.test("POST /mcp spends the key's budget, and a tool call spends it twice", async (t) => {
  const limited = await startTestApp(t, { config: { rateLimit: { max: 5, windowSeconds: 60 } } })
  const { key } = await createTestShopWithKey(limited.pool, customerReader)
  const client = new Client({ name: 'shopapi-test', version: '1.0.0' })
  // initialize, notifications/initialized and the GET the client tries for a stream (405): three of 5.
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${limited.baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  )
  t.teardown(() => client.close())
  // The /mcp request (4) and the API request it makes (5): the last the budget allows.
  const listed = await client.callTool({ name: 'listCustomers', arguments: {} })
  t.notOk(listed.isError, 'within the budget')
  const over = await limited.request('/mcp', {
    method: 'POST',
    key,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
  })
  t.equal(over.status, 429)
  t.ok(over.headers.get('retry-after'))
  t.match(await over.json(), { error: { code: 'rate_limited' } }, "the API's envelope, before MCP")
})
