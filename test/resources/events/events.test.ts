// GET /events as an integrator reads it: the envelope, newest-first keyset pages, visibility by scope
// and by integration, the type filter, cursors bound to their query, the 30-day window, and the
// webhook_endpoint.disabled meta event. Real HTTP on loopback, real Postgres, fake DNS.
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import type { Scope } from '../../../src/lib/scopes.js'
import { disableIfFailingTooLong } from '../../../src/resources/webhook-endpoints/service.js'
import { createApiKey, createTestKey, createTestShop, startTestApp, type TestApp } from '../../helpers/app.js'
import { assertError, jsonClient, type Reply } from '../../helpers/http.js'
import {
  allKeys,
  type EventJson,
  fakeResolver,
  instantPattern,
  type ListJson,
  moneyKeyPattern,
  type WebhookEndpointJson,
} from '../../helpers/webhooks.js'

const api: TestApp = await startTestApp(t, {
  resolver: fakeResolver(),
  config: { rateLimit: { max: 100_000, windowSeconds: 60 } },
})

const writerScopes: Scope[] = ['customers.read', 'customers.write', 'vehicles.read', 'vehicles.write']
const readerScopes: Scope[] = ['customers.read', 'vehicles.read']

// POSTs get a fresh Idempotency-Key unless the test passes its own (or null for none).
const call = jsonClient(api, { freshKeys: 'posts' })

const listEvents = (key: string, query = '') => call<ListJson<EventJson>>('GET', `/events${query}`, key)

async function created<T extends { id: string }>(t: Test, reply: Reply<T>): Promise<T> {
  t.ok(reply.status === 200 || reply.status === 201, 'written', { status: reply.status, body: reply.body })
  if (reply.status >= 300) throw new Error(`write failed: ${reply.text}`)
  // Separate writes land in separate milliseconds, so "newest first" has one right answer.
  await sleep(3)
  return reply.body
}

/** A shop with a writer, its writes (6 events) and what they should have recorded, newest first. */
async function seededShop(t: Test) {
  const shop = await createTestShop(api.pool)
  const writer = await createTestKey(api.pool, shop, writerScopes, 'Writer')
  const customer = (first_name: string, last_name: string) =>
    call<{ id: string }>('POST', '/customers', writer.key, { body: { first_name, last_name } })
  const vehicle = (customer_id: string, make: string) =>
    call<{ id: string }>('POST', '/vehicles', writer.key, {
      body: { customer_id, make, model: 'Transit', year: 2021 },
    })
  const c1 = await created(t, await customer('Ada', 'Lovelace'))
  const c2 = await created(t, await customer('Grace', 'Hopper'))
  const v1 = await created(t, await vehicle(c1.id, 'Ford'))
  const c3 = await created(t, await customer('Alan', 'Turing'))
  await created(t, await call<{ id: string }>('PATCH', `/customers/${c2.id}`, writer.key, { body: { notes: 'VIP' } }))
  const v2 = await created(t, await vehicle(c3.id, 'Ram'))
  const expected = [
    { type: 'vehicle.created', object_id: v2.id, object_type: 'vehicle' },
    { type: 'customer.updated', object_id: c2.id, object_type: 'customer' },
    { type: 'customer.created', object_id: c3.id, object_type: 'customer' },
    { type: 'vehicle.created', object_id: v1.id, object_type: 'vehicle' },
    { type: 'customer.created', object_id: c2.id, object_type: 'customer' },
    { type: 'customer.created', object_id: c1.id, object_type: 'customer' },
  ]
  return { shop, writer, c1, c2, c3, v1, v2, expected }
}

function checkEnvelope(t: Test, event: EventJson) {
  t.same(Object.keys(event).sort(), ['api_version', 'created_at', 'data', 'id', 'object', 'test', 'type'])
  t.match(event.id, /^evt_[0-9A-Za-z]+$/)
  t.equal(event.object, 'event')
  t.equal(event.api_version, 'v1')
  t.equal(event.test, false)
  t.match(event.created_at, instantPattern, 'created_at is UTC with Z')
  t.same(Object.keys(event.data).sort(), ['object_id', 'object_type', 'summary'])
  t.type(event.data.summary, 'object')
  t.match(event.data.object_id, event.data.object_type === 'customer' ? /^cus_/ : /^veh_/, 'typed object id')
  const leaks = allKeys(event.data.summary).filter((key) => moneyKeyPattern.test(key))
  t.same(leaks, [], `no price or cost keys in the ${event.type} summary`)
}

t.test('GET /events: the envelope, newest first, every field', async (t) => {
  const { shop, writer, c1, c2, v1, expected } = await seededShop(t)
  const reader = await createTestKey(api.pool, shop, readerScopes, 'Reader')
  const list = await listEvents(reader.key)
  t.equal(list.status, 200)
  t.same(Object.keys(list.body).sort(), ['data', 'has_more', 'next_cursor', 'object'])
  t.match(list.body, { object: 'list', has_more: false, next_cursor: null })
  t.same(
    list.body.data.map((e) => ({ type: e.type, object_id: e.data.object_id, object_type: e.data.object_type })),
    expected,
    'every event of the shop, newest first',
  )
  for (const event of list.body.data) checkEnvelope(t, event)
  const instants = list.body.data.map((e) => Date.parse(e.created_at))
  t.same(
    instants,
    [...instants].sort((a, b) => b - a),
    'created_at never increases down the list',
  )
  t.equal(new Set(list.body.data.map((e) => e.id)).size, expected.length, 'ids are unique')

  const byObject = (id: string, type: string) => list.body.data.find((e) => e.data.object_id === id && e.type === type)
  t.same(byObject(c1.id, 'customer.created')?.data.summary, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: null,
  })
  t.match(byObject(c2.id, 'customer.updated')?.data.summary, { changed_fields: ['notes'] })
  t.match(byObject(v1.id, 'vehicle.created')?.data.summary, { customer_id: c1.id, make: 'Ford', model: 'Transit' })

  t.same((await listEvents(writer.key)).body, list.body, 'the writer (same read scopes) sees the same log')
  for (const event of list.body.data) {
    const got = await call<EventJson>('GET', `/events/${event.id}`, reader.key)
    t.equal(got.status, 200)
    t.same(got.body, event, `GET ${event.id} is the listed event`)
  }
})

t.test('visibility follows the read scopes', async (t) => {
  const { shop, expected } = await seededShop(t)
  const customersOnly = await createTestKey(api.pool, shop, ['customers.read'], 'Customers only')
  const list = await listEvents(customersOnly.key)
  t.equal(list.status, 200)
  t.same(
    list.body.data.map((e) => e.data.object_id),
    expected.filter((e) => e.type.startsWith('customer.')).map((e) => e.object_id),
    'customer events only',
  )
  t.notOk(
    list.body.data.some((e) => e.type.startsWith('vehicle.')),
    'no vehicle event',
  )

  const reader = await createTestKey(api.pool, shop, readerScopes, 'Reader')
  const all = (await listEvents(reader.key)).body.data
  const vehicleEvent = all.find((e) => e.type === 'vehicle.created')
  const customerEvent = all.find((e) => e.type === 'customer.created')
  assertError(t, await call('GET', `/events/${vehicleEvent?.id}`, customersOnly.key), 404, 'not_found')
  t.equal((await call('GET', `/events/${customerEvent?.id}`, customersOnly.key)).status, 200)
  t.same(
    (await listEvents(customersOnly.key, '?type=vehicle.created')).body.data,
    [],
    'filtering on a type the scopes do not cover is an empty list',
  )

  for (const scopes of [['shop.read'], ['webhooks.manage'], ['customers.write', 'vehicles.write']] as Scope[][]) {
    const { key } = await createTestKey(api.pool, shop, scopes, scopes.join('+'))
    const none = await listEvents(key)
    t.equal(none.status, 200, `${scopes.join(', ')}: 200`)
    t.same(none.body, { object: 'list', data: [], has_more: false, next_cursor: null }, 'an empty list')
    assertError(t, await call('GET', `/events/${customerEvent?.id}`, key), 404, 'not_found')
  }
})

t.test('the type filter and query validation', async (t) => {
  const { shop, expected } = await seededShop(t)
  const reader = await createTestKey(api.pool, shop, readerScopes, 'Reader')
  const customersCreated = await listEvents(reader.key, '?type=customer.created')
  t.equal(customersCreated.status, 200)
  t.same(
    customersCreated.body.data.map((e) => e.data.object_id),
    expected.filter((e) => e.type === 'customer.created').map((e) => e.object_id),
  )
  t.ok(customersCreated.body.data.every((e) => e.type === 'customer.created'))
  t.same((await listEvents(reader.key, '?type=task.created')).body.data, [], 'a known type with no events')

  for (const type of ['customer.nope', 'customer', 'Customer.Created', '*', 'shop.updated']) {
    assertError(t, await listEvents(reader.key, `?type=${encodeURIComponent(type)}`), 400, 'invalid_request', 'type')
  }
  for (const limit of ['0', '201', 'abc', '-1', '1.5']) {
    assertError(t, await listEvents(reader.key, `?limit=${limit}`), 400, 'invalid_request', 'limit')
  }
  t.equal((await listEvents(reader.key, '?limit=200')).status, 200)
  assertError(t, await listEvents(reader.key, '?types=customer.created'), 400, 'invalid_request', 'types')
  assertError(t, await listEvents(reader.key, '?created_after=2020-01-01T00:00:00Z'), 400, 'invalid_request')
  for (const id of ['cus_0000000000000000000000', 'evt_', 'evt_a-b', 'nope']) {
    assertError(t, await call('GET', `/events/${id}`, reader.key), 400, 'invalid_id')
  }
  assertError(t, await call('GET', '/events/evt_0000000000000000000000', reader.key), 404, 'not_found')
})

t.test('pagination walks every event exactly once; cursors are bound to their query', async (t) => {
  const { shop, expected } = await seededShop(t)
  const reader = await createTestKey(api.pool, shop, readerScopes, 'Reader')
  const seen: string[] = []
  const pages: ListJson<EventJson>[] = []
  let cursor: string | null = null
  do {
    const reply: Reply<ListJson<EventJson>> = await listEvents(
      reader.key,
      `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    t.equal(reply.status, 200, { body: reply.body })
    t.ok(reply.body.data.length <= 2)
    pages.push(reply.body)
    seen.push(...reply.body.data.map((e) => e.data.object_id + e.type))
    cursor = reply.body.next_cursor
    t.equal(reply.body.has_more, cursor !== null, 'has_more iff next_cursor')
  } while (cursor && pages.length < 10)
  t.equal(pages.length, 3, '6 events in pages of 2')
  t.same(
    seen,
    expected.map((e) => e.object_id + e.type),
    'every event once, in order',
  )

  const firstCursor = pages[0]?.next_cursor as string
  t.type(firstCursor, 'string')
  const page2 = (await listEvents(reader.key, `?limit=2&cursor=${encodeURIComponent(firstCursor)}`)).body

  t.test('the same integration may change the page size, and use its other key', async (t) => {
    const bigger = await listEvents(reader.key, `?limit=10&cursor=${encodeURIComponent(firstCursor)}`)
    t.equal(bigger.status, 200)
    t.equal(bigger.body.data.length, expected.length - 2)
    const secondKey = await createApiKey(api.pool, reader.integrationId)
    const same = await listEvents(secondKey.plaintext, `?limit=2&cursor=${encodeURIComponent(firstCursor)}`)
    t.equal(same.status, 200)
    t.same(same.body.data, page2.data)
  })

  t.test('another integration of the shop cannot use it', async (t) => {
    const other = await createTestKey(api.pool, shop, readerScopes, 'Other reader')
    assertError(
      t,
      await listEvents(other.key, `?limit=2&cursor=${encodeURIComponent(firstCursor)}`),
      400,
      'invalid_cursor',
      'cursor',
    )
  })

  t.test('another shop cannot use it', async (t) => {
    const { key } = await createTestKey(api.pool, await createTestShop(api.pool), readerScopes, 'Foreign')
    assertError(t, await listEvents(key, `?cursor=${encodeURIComponent(firstCursor)}`), 400, 'invalid_cursor', 'cursor')
  })

  t.test('a changed filter cannot use it', async (t) => {
    assertError(
      t,
      await listEvents(reader.key, `?limit=2&type=customer.created&cursor=${encodeURIComponent(firstCursor)}`),
      400,
      'invalid_cursor',
      'cursor',
    )
    const typed = await listEvents(reader.key, '?limit=1&type=customer.created')
    const typedCursor = typed.body.next_cursor as string
    t.type(typedCursor, 'string')
    assertError(
      t,
      await listEvents(reader.key, `?limit=1&cursor=${encodeURIComponent(typedCursor)}`),
      400,
      'invalid_cursor',
      'cursor',
    )
    assertError(
      t,
      await listEvents(reader.key, `?limit=1&type=customer.updated&cursor=${encodeURIComponent(typedCursor)}`),
      400,
      'invalid_cursor',
      'cursor',
    )
    const next = await listEvents(
      reader.key,
      `?limit=1&type=customer.created&cursor=${encodeURIComponent(typedCursor)}`,
    )
    t.equal(next.status, 200, 'with its own filter it works')
  })

  t.test('a cursor of another list cannot be used here', async (t) => {
    const customers = await call<ListJson<{ id: string }>>('GET', '/customers?limit=1', reader.key)
    const customerCursor = customers.body.next_cursor as string
    t.type(customerCursor, 'string')
    assertError(t, await listEvents(reader.key, `?cursor=${encodeURIComponent(customerCursor)}`), 400, 'invalid_cursor')
  })

  t.test('garbage and tampered cursors', async (t) => {
    const [payload, signature] = firstCursor.split('.') as [string, string]
    // The first character carries 6 bits of the tag (the last one only 2, the rest being base64 padding).
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    const forged = `${Buffer.from(JSON.stringify([1, Math.floor(Date.now() / 1000), '2999-01-01T00:00:00.000Z', 'evt_zzzz'])).toString('base64url')}.${signature}`
    for (const bad of ['garbage', 'a.b', 'a.b.c', '', flipped, forged, `${firstCursor}x`]) {
      const reply = await listEvents(reader.key, `?cursor=${encodeURIComponent(bad)}`)
      if (bad === '') {
        t.equal(reply.status, 200, 'an empty cursor is absent')
        continue
      }
      assertError(t, reply, 400, 'invalid_cursor', 'cursor')
    }
  })
})

t.test('events of another shop are never visible', async (t) => {
  const mine = await seededShop(t)
  const theirs = await seededShop(t)
  const myReader = await createTestKey(api.pool, mine.shop, readerScopes, 'Mine')
  const theirReader = await createTestKey(api.pool, theirs.shop, readerScopes, 'Theirs')
  const myEvents = (await listEvents(myReader.key, '?limit=200')).body.data
  const theirEvents = (await listEvents(theirReader.key, '?limit=200')).body.data
  t.equal(myEvents.length, 6)
  t.equal(theirEvents.length, 6)
  const theirObjects = new Set(theirEvents.map((e) => e.data.object_id))
  t.notOk(
    myEvents.some((e) => theirObjects.has(e.data.object_id)),
    "none of their objects' events in my list",
  )
  for (const event of theirEvents) {
    assertError(t, await call('GET', `/events/${event.id}`, myReader.key), 404, 'not_found')
  }
  for (const type of ['customer.created', 'vehicle.created', 'customer.updated']) {
    const filtered = (await listEvents(myReader.key, `?type=${type}`)).body.data
    t.notOk(
      filtered.some((e) => theirObjects.has(e.data.object_id)),
      `not with type=${type}`,
    )
  }
})

t.test('only the last 30 days are retained in GET /events', async (t) => {
  const { shop, c1, c2, expected } = await seededShop(t)
  const reader = await createTestKey(api.pool, shop, readerScopes, 'Reader')
  const before = (await listEvents(reader.key)).body.data
  const oldest = before.find((e) => e.data.object_id === c1.id && e.type === 'customer.created') as EventJson
  const ageing = before.find((e) => e.data.object_id === c2.id && e.type === 'customer.created') as EventJson
  await api.pool.query(
    `update events set created_at = date_trunc('milliseconds', now() - interval '31 days') where shop_id = $1 and public_id = $2`,
    [shop.id, oldest.id],
  )
  await api.pool.query(
    `update events set created_at = date_trunc('milliseconds', now() - interval '29 days') where shop_id = $1 and public_id = $2`,
    [shop.id, ageing.id],
  )
  const after = (await listEvents(reader.key)).body.data
  t.notOk(
    after.some((e) => e.id === oldest.id),
    'a 31-day-old event is not listed',
  )
  t.equal(after.length, expected.length - 1)
  t.equal(after.at(-1)?.id, ageing.id, 'a 29-day-old event is still listed, last')
  assertError(t, await call('GET', `/events/${oldest.id}`, reader.key), 404, 'not_found')
  t.equal((await call('GET', `/events/${ageing.id}`, reader.key)).status, 200)
  t.notOk(
    (await listEvents(reader.key, '?type=customer.created')).body.data.some((e) => e.id === oldest.id),
    'not with a type filter either',
  )
  const paged: string[] = []
  let cursor: string | null = null
  do {
    const page: Reply<ListJson<EventJson>> = await listEvents(
      reader.key,
      `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )
    paged.push(...page.body.data.map((e) => e.id))
    cursor = page.body.next_cursor
  } while (cursor && paged.length < 20)
  t.same(
    paged,
    after.map((e) => e.id),
    'paging never reaches past the window',
  )
})

t.test('webhook_endpoint.disabled is visible only to the owning integration with webhooks.manage', async (t) => {
  const shop = await createTestShop(api.pool)
  const ownerScopes: Scope[] = ['webhooks.manage', 'customers.read']
  const owner = await createTestKey(api.pool, shop, ownerScopes, 'Owner')
  const sibling = await createTestKey(api.pool, shop, ownerScopes, 'Sibling with webhooks.manage')
  const customersOnly = await createTestKey(api.pool, shop, ['customers.read', 'vehicles.read'], 'Customers only')

  const endpoint = (
    await call<WebhookEndpointJson>('POST', '/webhook-endpoints', owner.key, {
      body: { url: 'https://hooks.example.test/hook', event_types: ['*'] },
    })
  ).body
  t.match(endpoint.id, /^whe_/)
  const { rows } = await api.pool.query<{ shop_id: string; id: string }>(
    `update webhook_endpoints set failing_since = now() - interval '4 days' where public_id = $1 returning shop_id, id`,
    [endpoint.id],
  )
  const row = rows[0] as { shop_id: string; id: string }
  t.equal(await disableIfFailingTooLong(api.pool, row, 3 * 86_400_000), true, 'disabled after 3 days of failure')
  t.equal(await disableIfFailingTooLong(api.pool, row, 3 * 86_400_000), false, 'only once')

  const got = await call<WebhookEndpointJson>('GET', `/webhook-endpoints/${endpoint.id}`, owner.key)
  t.equal(got.body.status, 'disabled')
  t.type(got.body.disabled_reason, 'string')

  const ownList = await listEvents(owner.key, '?type=webhook_endpoint.disabled')
  t.equal(ownList.status, 200)
  t.equal(ownList.body.data.length, 1, 'the owner sees it')
  const event = ownList.body.data[0] as EventJson
  t.match(event, {
    object: 'event',
    type: 'webhook_endpoint.disabled',
    api_version: 'v1',
    test: false,
    data: {
      object_type: 'webhook_endpoint',
      object_id: endpoint.id,
      summary: { url: endpoint.url, status: 'disabled', disabled_reason: got.body.disabled_reason },
    },
  })
  t.match(event.created_at, instantPattern)
  t.match(event.data.summary.failing_since, instantPattern)
  t.same(
    allKeys(event.data.summary).filter((key) => moneyKeyPattern.test(key)),
    [],
  )
  t.same((await call<EventJson>('GET', `/events/${event.id}`, owner.key)).body, event, 'GET by id for the owner')
  t.ok(
    (await listEvents(owner.key)).body.data.some((e) => e.id === event.id),
    'in the unfiltered list too',
  )

  for (const [who, key] of [
    ['another integration with webhooks.manage', sibling.key],
    ['an integration without webhooks.manage', customersOnly.key],
  ] as const) {
    t.test(who, async (t) => {
      t.same((await listEvents(key, '?type=webhook_endpoint.disabled')).body.data, [], 'not listed by type')
      t.notOk(
        (await listEvents(key)).body.data.some((e) => e.id === event.id),
        'not in the unfiltered list',
      )
      assertError(t, await call('GET', `/events/${event.id}`, key), 404, 'not_found')
    })
  }
})
