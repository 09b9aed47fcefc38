// Idempotency-Key as an integrator relies on it: validation, replay (also under 20 concurrent
// retries), reuse with another request, scoping per integration, the 7-day replay and 30-day reuse
// windows, encryption of the stored replay, and which refusals bind the key (the operation's own:
// 409 blockers, 404, its 400s) and which do not (validation, scopes, authentication). Real HTTP,
// real Postgres, no mocks.
import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { Scope } from '../../src/lib/scopes.js'
import { updateIntegrationScopes } from '../../src/platform/tenancy/integrations.js'
import type { Customer } from '../../src/resources/customers/schema.js'
import {
  createApiKey,
  createTestKey,
  createTestShop,
  createTestShopWithKey,
  startTestApp,
  type TestApp,
} from '../helpers/app.js'
import { assertError, type ErrorBody, jsonClient } from '../helpers/http.js'

const api: TestApp = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const scopes = ['customers.read', 'customers.write', 'external_refs.write'] as const

// The Idempotency-Key is exactly what each test gives: these are the tests of the header.
const send = jsonClient<Customer>(api, { prefix: '', freshKeys: 'none' })

const newShopKey = (name = 'Integration') => createTestShopWithKey(api.pool, [...scopes], { name })

async function customerCount(shopId: string): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>('select count(*)::int as n from customers where shop_id = $1', [
    shopId,
  ])
  return rows[0]?.n ?? 0
}

async function eventCount(shopId: string, type: string): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(
    'select count(*)::int as n from events where shop_id = $1 and type = $2',
    [shopId, type],
  )
  return rows[0]?.n ?? 0
}

t.test('the Idempotency-Key header is checked', async (t) => {
  const { shop, key } = await newShopKey()
  const body = { first_name: 'Key', last_name: 'Check' }
  const missing = await send('POST', '/v1/customers', key, { body })
  assertError(t, missing, 400, 'idempotency_key_required', 'Idempotency-Key')
  for (const [what, value] of [
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'has space'],
    ['non-ASCII', 'clé-1'],
    ['empty', ''],
    ['a tab', 'a\tb'],
  ] as const) {
    t.test(what, async (t) => {
      assertError(
        t,
        await send('POST', '/v1/customers', key, { body, idempotencyKey: value }),
        400,
        'invalid_request',
        'Idempotency-Key',
      )
    })
  }
  await t.test('the bounds themselves are accepted', async (t) => {
    t.equal((await send('POST', '/v1/customers', key, { body, idempotencyKey: 'k'.repeat(255) })).status, 201, '255')
    t.equal((await send('POST', '/v1/customers', key, { body, idempotencyKey: '!' })).status, 201, '1 character')
    const printable = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('')
    t.equal((await send('POST', '/v1/customers', key, { body, idempotencyKey: printable })).status, 201, '! to ~')
  })
  t.equal(await customerCount(shop.id), 3, 'only the accepted requests created customers')
})

t.test('a retry with the same key and body replays the first result', async (t) => {
  const { shop, key } = await newShopKey()
  const idempotencyKey = randomUUID()
  const body = { first_name: 'Replay', last_name: 'Me', tags: ['b', 'a'], consent: { voice: true } }
  const first = await send('POST', '/v1/customers', key, { body, idempotencyKey })
  t.equal(first.status, 201)
  t.equal(first.headers.get('idempotent-replayed'), null, 'the first response is not a replay')
  const again = await send('POST', '/v1/customers', key, { body, idempotencyKey })
  t.equal(again.status, 201, 'same status')
  t.equal(again.text, first.text, 'same body, byte for byte')
  t.equal(again.headers.get('idempotent-replayed'), 'true')
  t.match(again.headers.get('content-type'), /^application\/json/)
  t.not(again.headers.get('x-request-id'), first.headers.get('x-request-id'), 'a request id of its own')
  t.equal(again.headers.get('cache-control'), 'no-store', 'the usual response headers')

  const reordered = await send('POST', '/v1/customers', key, {
    rawBody: `{ "consent": {"voice": true}, "tags": ["b","a"],\n  "last_name": "Me", "first_name": "Replay" }`,
    idempotencyKey,
  })
  t.equal(reordered.status, 201, 'key order and whitespace do not make another request')
  t.equal(reordered.text, first.text)
  t.equal(await customerCount(shop.id), 1, 'one customer')
  t.equal(await eventCount(shop.id, 'customer.created'), 1, 'one event')

  const patched = await send('PATCH', `/v1/customers/${first.body.id}`, key, { body: { notes: 'changed since' } })
  t.equal(patched.status, 200)
  const late = await send('POST', '/v1/customers', key, { body, idempotencyKey })
  t.equal(late.text, first.text, 'the replay is the original result, not the current state')
})

t.test('20 concurrent requests with one key and one body make one customer', async (t) => {
  const { shop, key } = await newShopKey()
  const idempotencyKey = randomUUID()
  const body = { first_name: 'Concurrent', last_name: 'Retry', email: 'retry@example.com' }
  const replies = await Promise.all(
    Array.from({ length: 20 }, () => send('POST', '/v1/customers', key, { body, idempotencyKey })),
  )
  t.same(
    replies.map((r) => r.status),
    Array(20).fill(201),
    'all 20 answered 201',
    { bodies: replies.filter((r) => r.status !== 201).map((r) => r.text) },
  )
  t.equal(new Set(replies.map((r) => r.text)).size, 1, 'all 20 bodies are identical')
  const replayed = replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')
  t.equal(replayed.length, 19, 'the 19 others are marked as replays')
  t.equal(await customerCount(shop.id), 1, 'exactly one customer row')
  t.equal(await eventCount(shop.id, 'customer.created'), 1, 'exactly one customer.created event')
})

t.test('the same key with another request is refused', async (t) => {
  const { shop, key } = await newShopKey()
  const idempotencyKey = randomUUID()
  const first = await send('POST', '/v1/customers', key, {
    body: { first_name: 'First', last_name: 'Body' },
    idempotencyKey,
  })
  t.equal(first.status, 201)
  const other = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Other', last_name: 'Body' },
    idempotencyKey,
  })
  assertError(t, other, 422, 'idempotency_key_reused', 'Idempotency-Key')
  const extraField = await send('POST', '/v1/customers', key, {
    body: { first_name: 'First', last_name: 'Body', fleet_account: false },
    idempotencyKey,
  })
  assertError(t, extraField, 422, 'idempotency_key_reused')
  const otherPath = await send('POST', `/v1/customers/${first.body.id}/archive`, key, { idempotencyKey })
  assertError(t, otherPath, 422, 'idempotency_key_reused')
  t.equal(
    (await send('GET', `/v1/customers/${first.body.id}`, key)).body.archived,
    false,
    'the refused archive did nothing',
  )
  t.equal(await customerCount(shop.id), 1, 'no second customer')
})

t.test('keys are scoped to the integration', async (t) => {
  const { shop, key } = await newShopKey('First integration')
  const second = await createTestKey(api.pool, shop, [...scopes], 'Second integration')
  const idempotencyKey = randomUUID()
  const body = { first_name: 'Shared', last_name: 'Key' }
  const mine = await send('POST', '/v1/customers', key, { body, idempotencyKey })
  const theirs = await send('POST', '/v1/customers', second.key, { body, idempotencyKey })
  t.equal(mine.status, 201)
  t.equal(theirs.status, 201)
  t.equal(theirs.headers.get('idempotent-replayed'), null, 'not a replay of the other integration')
  t.not(theirs.body.id, mine.body.id, 'a customer of its own')
  const differentBody = await send('POST', '/v1/customers', second.key, {
    body: { first_name: 'Different', last_name: 'Body' },
    idempotencyKey: randomUUID(),
  })
  t.equal(differentBody.status, 201)
  t.equal(await customerCount(shop.id), 3)

  // The key belongs to the integration, not to one API key: a rotated key replays the same result.
  const rotating = await createTestKey(api.pool, shop, [...scopes], 'Rotating integration')
  const secondKey = await createApiKey(api.pool, rotating.integrationId)
  const rotationKey = randomUUID()
  const before = await send('POST', '/v1/customers', rotating.key, { body, idempotencyKey: rotationKey })
  const after = await send('POST', '/v1/customers', secondKey.plaintext, { body, idempotencyKey: rotationKey })
  t.equal(before.status, 201)
  t.equal(after.text, before.text, 'another key of the same integration gets the replay')
  t.equal(after.headers.get('idempotent-replayed'), 'true')
  t.equal(await customerCount(shop.id), 4)
})

t.test('no body and an empty body are the same request', async (t) => {
  const { key } = await newShopKey()
  const created = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Empty', last_name: 'Body' },
    idempotencyKey: randomUUID(),
  })
  const archiveKey = randomUUID()
  const response = await api.request(`/v1/customers/${created.body.id}/archive`, {
    method: 'POST',
    key,
    headers: { 'idempotency-key': archiveKey },
  })
  t.equal(response.status, 200)
  const first = await response.text()
  const again = await send('POST', `/v1/customers/${created.body.id}/archive`, key, {
    body: {},
    idempotencyKey: archiveKey,
  })
  t.equal(again.status, 200)
  t.equal(again.text, first, 'replayed')
  t.equal(again.headers.get('idempotent-replayed'), 'true')
})

t.test('optional keys on PATCH and external-id writes replay too', async (t) => {
  const { shop, key } = await newShopKey()
  const created = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Optional', last_name: 'Key' },
    idempotencyKey: randomUUID(),
  })
  const id = created.body.id
  const patchKey = randomUUID()
  const patched = await send('PATCH', `/v1/customers/${id}`, key, { body: { notes: 'once' }, idempotencyKey: patchKey })
  t.equal(patched.status, 200)
  t.equal(patched.body.version, 2)
  const replay = await send('PATCH', `/v1/customers/${id}`, key, { body: { notes: 'once' }, idempotencyKey: patchKey })
  t.equal(replay.status, 200, 'the retry is not no_changes: it replays')
  t.equal(replay.text, patched.text)
  t.equal(replay.headers.get('idempotent-replayed'), 'true')
  t.equal(await eventCount(shop.id, 'customer.updated'), 1, 'one update event')
  assertError(t, await send('PATCH', `/v1/customers/${id}`, key, { body: { notes: 'once' } }), 400, 'no_changes')
  assertError(
    t,
    await send('PATCH', `/v1/customers/${id}`, key, { body: { notes: 'x' }, idempotencyKey: 'bad key' }),
    400,
    'invalid_request',
    'Idempotency-Key',
  )

  const refKey = randomUUID()
  const put = await send('PUT', `/v1/customers/${id}/external-id`, key, {
    body: { external_id: 'ERP-77' },
    idempotencyKey: refKey,
  })
  t.equal(put.status, 200)
  const putAgain = await send('PUT', `/v1/customers/${id}/external-id`, key, {
    body: { external_id: 'ERP-77' },
    idempotencyKey: refKey,
  })
  t.equal(putAgain.text, put.text)
  t.equal(putAgain.headers.get('idempotent-replayed'), 'true')
})

t.test('the stored replay is encrypted', async (t) => {
  const { shop, key } = await newShopKey()
  const idempotencyKey = randomUUID()
  const created = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Zebulon', last_name: 'Quixotic', email: 'zebulon@example.org' },
    idempotencyKey,
  })
  t.equal(created.status, 201)
  const { rows } = await api.pool.query<{ response_sealed: Buffer | null; response_status: number }>(
    'select response_sealed, response_status from idempotency_keys where shop_id = $1 and key = $2',
    [shop.id, idempotencyKey],
  )
  t.equal(rows.length, 1, 'one record')
  const sealed = rows[0]?.response_sealed
  t.ok(sealed && sealed.length > 0, 'a stored replay')
  t.equal(rows[0]?.response_status, 201)
  for (const plaintext of ['Zebulon', 'Quixotic', 'zebulon@example.org', created.body.id, '"first_name"']) {
    t.notOk(sealed?.includes(Buffer.from(plaintext)), `"${plaintext}" is not stored in plaintext`)
  }
  const { rows: text } = await api.pool.query<{ n: number }>(
    `select count(*)::int as n from idempotency_keys
     where shop_id = $1 and (encode(response_sealed, 'escape') ilike '%zebulon%' or encode(fingerprint, 'escape') ilike '%zebulon%')`,
    [shop.id],
  )
  t.equal(text[0]?.n, 0, 'neither the replay nor the fingerprint shows the name')
})

t.test('replays are kept 7 days; the key is refused for other requests for 30', async (t) => {
  const { shop, key } = await newShopKey()
  const age = async (idempotencyKey: string, days: number) => {
    const { rowCount } = await api.pool.query(
      `update idempotency_keys set created_at = now() - make_interval(days => $3::int),
         completed_at = now() - make_interval(days => $3::int)
       where shop_id = $1 and key = $2`,
      [shop.id, idempotencyKey, days],
    )
    t.equal(rowCount, 1, `aged the record ${days} days`)
  }
  const body = { first_name: 'Aging', last_name: 'Key' }

  const sixDays = randomUUID()
  const kept = await send('POST', '/v1/customers', key, { body, idempotencyKey: sixDays })
  await age(sixDays, 6)
  const stillReplayed = await send('POST', '/v1/customers', key, { body, idempotencyKey: sixDays })
  t.equal(stillReplayed.status, 201, 'after 6 days: still replayed')
  t.equal(stillReplayed.text, kept.text)
  t.equal(stillReplayed.headers.get('idempotent-replayed'), 'true')

  const eightDays = randomUUID()
  t.equal((await send('POST', '/v1/customers', key, { body, idempotencyKey: eightDays })).status, 201)
  await age(eightDays, 8)
  const expired = await send('POST', '/v1/customers', key, { body, idempotencyKey: eightDays })
  assertError(t, expired, 422, 'idempotency_key_reused', 'Idempotency-Key')
  t.match((expired.body as unknown as ErrorBody).error.message, /no longer kept/, 'says the result is no longer kept')
  const expiredOther = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Other', last_name: 'Body' },
    idempotencyKey: eightDays,
  })
  assertError(t, expiredOther, 422, 'idempotency_key_reused', 'Idempotency-Key')
  const countBefore = await customerCount(shop.id)

  const thirtyOneDays = randomUUID()
  const old = await send('POST', '/v1/customers', key, { body, idempotencyKey: thirtyOneDays })
  t.equal(old.status, 201)
  await age(thirtyOneDays, 31)
  const fresh = await send('POST', '/v1/customers', key, { body, idempotencyKey: thirtyOneDays })
  t.equal(fresh.status, 201, 'after 31 days the key is new again', { body: fresh.body })
  t.equal(fresh.headers.get('idempotent-replayed'), null, 'not a replay')
  t.not(fresh.body.id, old.body.id, 'a new customer')
  t.equal(await customerCount(shop.id), countBefore + 2, 'the 31-day-old key created a second customer')
  const replayOfFresh = await send('POST', '/v1/customers', key, { body, idempotencyKey: thirtyOneDays })
  t.equal(replayOfFresh.text, fresh.text, 'and the new result is what the key replays from now on')
})

t.test('a trailing slash does not make another request', async (t) => {
  const { key } = await newShopKey()
  const idempotencyKey = randomUUID()
  const body = { first_name: 'Slash', last_name: 'Path' }
  const first = await send('POST', '/v1/customers', key, { body, idempotencyKey })
  const retry = await send('POST', '/v1/customers/', key, { body, idempotencyKey })
  t.equal(first.status, 201)
  t.equal(retry.status, 201)
  t.equal(retry.headers.get('idempotent-replayed'), 'true')
  t.same(retry.body, first.body)
})

interface PricedJson {
  id: string
  pricing: Record<string, unknown> | null
  redacted_fields: string[]
}

t.test('a replay is redacted for the scopes of the request that replays, not of the one that stored', async (t) => {
  const shop = await createTestShop(api.pool)
  const orderScopes: Scope[] = [
    'customers.read',
    'customers.write',
    'vehicles.read',
    'vehicles.write',
    'repair_orders.read',
    'repair_orders.write',
  ]
  const { key, integrationId } = await createTestKey(api.pool, shop, [...orderScopes, 'pricing.read'], 'Pricing')
  const customer = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Ana', last_name: 'Rivera' },
    idempotencyKey: randomUUID(),
  })
  const vehicle = await send<{ id: string }>('POST', '/v1/vehicles', key, {
    body: { customer_id: customer.body.id },
    idempotencyKey: randomUUID(),
  })
  const orderRequest = {
    body: { customer_id: customer.body.id, vehicle_id: vehicle.body.id },
    idempotencyKey: randomUUID(),
  }
  const order = await send<PricedJson>('POST', '/v1/repair-orders', key, orderRequest)
  t.equal(order.status, 201, { body: order.body })
  t.not(order.body.pricing, null, 'stored with pricing.read: the pricing is in the stored result')
  const jobRequest = { body: { name: 'Diagnosis', kind: 'fee', amount: '123.45' }, idempotencyKey: randomUUID() }
  const job = await send<PricedJson>('POST', `/v1/repair-orders/${order.body.id}/jobs`, key, jobRequest)
  t.equal(job.status, 201, { body: job.body })
  t.match(job.body.pricing, { total: '123.45' })
  t.same(job.body.redacted_fields, [])

  // Staff remove pricing.read from the integration (what `shopapi integrations update --scopes` does).
  await updateIntegrationScopes(api.pool, integrationId, orderScopes)
  const fresh = await send<PricedJson>('GET', `/v1/jobs/${job.body.id}`, key)
  t.equal(fresh.body.pricing, null, 'a fresh read no longer shows the pricing')

  const replayedJob = await send<PricedJson>('POST', `/v1/repair-orders/${order.body.id}/jobs`, key, jobRequest)
  t.equal(replayedJob.status, 201, 'replayed with the stored status')
  t.equal(replayedJob.headers.get('idempotent-replayed'), 'true')
  t.equal(replayedJob.body.pricing, null, 'the replay shows no more than the current scopes allow')
  t.notOk(replayedJob.text.includes('123.45'), 'no amount anywhere in the replay')
  t.same(
    [...replayedJob.body.redacted_fields].sort(),
    [...fresh.body.redacted_fields].sort(),
    'and lists what it hides exactly as a fresh read does',
  )
  t.same(
    { ...replayedJob.body, pricing: null, redacted_fields: [] },
    { ...job.body, pricing: null, redacted_fields: [] },
    'everything else is the stored result',
  )
  const replayedOrder = await send<PricedJson>('POST', '/v1/repair-orders', key, orderRequest)
  t.equal(replayedOrder.headers.get('idempotent-replayed'), 'true')
  t.equal(replayedOrder.body.pricing, null)
  const freshOrder = await send<PricedJson>('GET', `/v1/repair-orders/${order.body.id}`, key)
  t.ok(freshOrder.body.redacted_fields.includes('/pricing'))
  t.same([...replayedOrder.body.redacted_fields].sort(), [...freshOrder.body.redacted_fields].sort())

  // Stored without the scope, replayed after it is added: still redacted (it was never stored), and
  // said so. Showing less than the scopes allow is the safe side.
  const hiddenRequest = { body: { name: 'Shop supplies', kind: 'fee', amount: '9.99' }, idempotencyKey: randomUUID() }
  const hidden = await send<PricedJson>('POST', `/v1/repair-orders/${order.body.id}/jobs`, key, hiddenRequest)
  t.equal(hidden.body.pricing, null)
  await updateIntegrationScopes(api.pool, integrationId, [...orderScopes, 'pricing.read'])
  const replayedHidden = await send<PricedJson>('POST', `/v1/repair-orders/${order.body.id}/jobs`, key, hiddenRequest)
  t.equal(replayedHidden.headers.get('idempotent-replayed'), 'true')
  t.equal(replayedHidden.body.pricing, null)
  t.ok(replayedHidden.body.redacted_fields.includes('/pricing'), 'listed as redacted')
  const replayedWithScope = await send<PricedJson>('POST', `/v1/repair-orders/${order.body.id}/jobs`, key, jobRequest)
  t.equal(replayedWithScope.text, job.text, 'with the scope back, the first replay is the stored bytes again')
})

t.test('a refusal by the operation binds the key: replayed as it was, another body refused', async (t) => {
  const { shop, key } = await newShopKey()
  const create = (first_name: string) =>
    send('POST', '/v1/customers', key, { body: { first_name, last_name: 'Bound' }, idempotencyKey: randomUUID() })
  const holder = (await create('Holder')).body
  const other = (await create('Other')).body

  // A 409 blocker that would pass later: the external id is freed after the refusal.
  const conflictKey = randomUUID()
  const putTaken = () =>
    send('PUT', `/v1/customers/${other.id}/external-id`, key, {
      body: { external_id: 'ERP-1' },
      idempotencyKey: conflictKey,
    })
  t.equal(
    (await send('PUT', `/v1/customers/${holder.id}/external-id`, key, { body: { external_id: 'ERP-1' } })).status,
    200,
  )
  const refused = await putTaken()
  assertError(t, refused, 409, 'conflict')
  t.equal(refused.headers.get('idempotent-replayed'), null, 'the first refusal is answered, not replayed')
  t.equal((await send('DELETE', `/v1/customers/${holder.id}/external-id`, key)).status, 200, 'the id is free again')
  const retried = await putTaken()
  t.equal(retried.status, 409, 'the identical retry replays the refusal, though it would pass now')
  t.equal(retried.text, refused.text, 'byte for byte, request_id included')
  t.equal(retried.headers.get('idempotent-replayed'), 'true')
  t.equal(retried.headers.get('cache-control'), 'no-store')
  assertError(
    t,
    await send('PUT', `/v1/customers/${other.id}/external-id`, key, {
      body: { external_id: 'ERP-2' },
      idempotencyKey: conflictKey,
    }),
    422,
    'idempotency_key_reused',
    'Idempotency-Key',
  )

  // A 400 of the operation's own rules (no_changes), then a changed body under the same key.
  const noChangeKey = randomUUID()
  const unchanged = await send('PATCH', `/v1/customers/${other.id}`, key, {
    body: { first_name: 'Other' },
    idempotencyKey: noChangeKey,
  })
  assertError(t, unchanged, 400, 'no_changes')
  const changed = await send('PATCH', `/v1/customers/${other.id}`, key, {
    body: { first_name: 'Renamed' },
    idempotencyKey: noChangeKey,
  })
  assertError(t, changed, 422, 'idempotency_key_reused', 'Idempotency-Key')
  t.equal((await send('GET', `/v1/customers/${other.id}`, key)).body.first_name, 'Other', 'nothing changed')

  // A 404 inside the operation: the record does not exist for this shop.
  const missingKey = randomUUID()
  const missing = await send('POST', '/v1/customers/cus_4bW2yXk0fT9QmZr7LcVd1p/archive', key, {
    idempotencyKey: missingKey,
  })
  assertError(t, missing, 404, 'not_found')
  const missingAgain = await send('POST', '/v1/customers/cus_4bW2yXk0fT9QmZr7LcVd1p/archive', key, {
    idempotencyKey: missingKey,
  })
  t.equal(missingAgain.text, missing.text)
  t.equal(missingAgain.headers.get('idempotent-replayed'), 'true')

  // The refusals changed nothing: version 1 is still current, and a stale version is still refused.
  const current = await send('PATCH', `/v1/customers/${other.id}`, key, {
    body: { notes: 'late', expected_version: 1 },
    idempotencyKey: randomUUID(),
  })
  t.equal(current.status, 200, 'version 1 is current')
  const staleAgain = await send('PATCH', `/v1/customers/${other.id}`, key, {
    body: { notes: 'later', expected_version: 1 },
    idempotencyKey: randomUUID(),
  })
  assertError(t, staleAgain, 409, 'version_conflict')
  t.equal(await eventCount(shop.id, 'customer.updated'), 1, 'refusals record no event')

  // Sealed at rest, as successes are.
  const { rows } = await api.pool.query<{ response_sealed: Buffer | null; response_status: number }>(
    'select response_sealed, response_status from idempotency_keys where shop_id = $1 and key = $2',
    [shop.id, conflictKey],
  )
  t.equal(rows[0]?.response_status, 409)
  const sealed = rows[0]?.response_sealed
  t.ok(sealed && sealed.length > 0, 'the refusal is stored')
  for (const plaintext of ['external_id_in_use', 'ERP-1', other.id, '"blockers"']) {
    t.notOk(sealed?.includes(Buffer.from(plaintext)), `"${plaintext}" is not stored in plaintext`)
  }
})

t.test('a request refused before its operation binds nothing', async (t) => {
  const { shop, key } = await newShopKey()
  // Body schema validation: a corrected body goes through under the same key.
  const validationKey = randomUUID()
  assertError(
    t,
    await send('POST', '/v1/customers', key, {
      body: { first_name: '', last_name: 'Fixed' },
      idempotencyKey: validationKey,
    }),
    400,
    'invalid_request',
    'first_name',
  )
  const fixed = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Now', last_name: 'Fixed' },
    idempotencyKey: validationKey,
  })
  t.equal(fixed.status, 201, 'the corrected request runs')
  t.equal(fixed.headers.get('idempotent-replayed'), null)

  // Scopes: the same request runs once the shop grants the scope.
  const limited = await createTestKey(api.pool, shop, ['customers.read'], 'Limited')
  const scopeKey = randomUUID()
  const body = { first_name: 'Scoped', last_name: 'Later' }
  assertError(
    t,
    await send('POST', '/v1/customers', limited.key, { body, idempotencyKey: scopeKey }),
    403,
    'insufficient_scope',
  )
  await updateIntegrationScopes(api.pool, limited.integrationId, ['customers.read', 'customers.write'])
  const granted = await send('POST', '/v1/customers', limited.key, { body, idempotencyKey: scopeKey })
  t.equal(granted.status, 201, 'the same request runs once the scope is granted')

  // Authentication: an unknown key stores nothing under any integration.
  const authKey = randomUUID()
  assertError(
    t,
    await send('POST', '/v1/customers', 'shopapi_nope', { body, idempotencyKey: authKey }),
    401,
    'invalid_api_key',
  )
  const { rows } = await api.pool.query<{ n: number }>(
    'select count(*)::int as n from idempotency_keys where key = $1',
    [authKey],
  )
  t.equal(rows[0]?.n, 0)
})
