// The write path: one transaction per write holding the change, its events and its idempotency record,
// so a failure part-way leaves nothing behind; concurrent writers queue on row locks and get a clear
// answer. Failures are injected with a real Postgres trigger in this file's own database. No mocks.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import t, { type Test } from 'tap'
import { claimKeyStatement } from '../../src/platform/idempotency.js'
import type { Customer } from '../../src/resources/customers/schema.js'
import { createTestShopWithKey, startTestApp, type TestApp } from '../helpers/app.js'
import { assertError, type ErrorBody, jsonClient, type Reply } from '../helpers/http.js'

const api: TestApp = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const scopes = ['customers.read', 'customers.write', 'external_refs.write'] as const

// POSTs need a key; give one unless the test says otherwise.
const send = jsonClient<Customer>(api, { prefix: '', freshKeys: 'posts' })

const newShopKey = (name = 'Integration') => createTestShopWithKey(api.pool, [...scopes], { name })

async function create(t: Test, key: string, body: Record<string, unknown>): Promise<Customer> {
  const reply = await send('POST', '/v1/customers', key, { body })
  t.equal(reply.status, 201, 'created', { body: reply.body })
  return reply.body
}

async function counts(shopId: string) {
  const { rows } = await api.pool.query<{ customers: number; events: number; keys: number; refs: number }>(
    `select (select count(*)::int from customers where shop_id = $1) as customers,
       (select count(*)::int from events where shop_id = $1) as events,
       (select count(*)::int from idempotency_keys where shop_id = $1) as keys,
       (select count(*)::int from external_refs where shop_id = $1) as refs`,
    [shopId],
  )
  return rows[0] as { customers: number; events: number; keys: number; refs: number }
}

const injectedMessage = 'injected failure: password=hunter2 in secret_table'

/**
 * Makes every insert into `events` fail, after the change it records was written; removed at the end.
 * `failures` is how many 500s the test then provokes on purpose (any other 500 fails it).
 */
async function failEventInserts(t: Test, failures: number) {
  api.allowInternalErrors(failures)
  // DDL: the owner's, not the app's runtime role.
  await api.owner.pool.query(`create or replace function shopapi_test_fail() returns trigger language plpgsql as $$
    begin raise exception '${injectedMessage}'; end $$`)
  await api.owner.pool.query(
    'create trigger shopapi_test_fail after insert on events for each row execute function shopapi_test_fail()',
  )
  let dropped = false
  const drop = async () => {
    if (dropped) return
    dropped = true
    await api.owner.pool.query('drop trigger if exists shopapi_test_fail on events')
    await api.owner.pool.query('drop function if exists shopapi_test_fail()')
  }
  t.teardown(drop)
  return drop
}

function assertInternalError(t: Test, reply: Reply<unknown>) {
  assertError(t, reply, 500, 'internal_error')
  t.same(Object.keys(reply.body as object), ['error'], 'the one error envelope')
  t.match((reply.body as ErrorBody).error.request_id, /^req_/)
  t.equal((reply.body as ErrorBody).error.request_id, reply.headers.get('x-request-id'), 'the request id to quote')
  t.notMatch(reply.text, /hunter2|secret_table|injected|trigger|plpgsql|events/i, 'no database detail in the body')
  t.notMatch(reply.text, /\s+at\s|\.[cm]?[jt]s:\d+/, 'no stack trace in the body')
}

t.test('a create that fails after its insert leaves no row, no event and no idempotency record', async (t) => {
  const { shop, key } = await newShopKey()
  const before = await counts(shop.id)
  const drop = await failEventInserts(t, 1)
  const idempotencyKey = randomUUID()
  const body = { first_name: 'Rolled', last_name: 'Back', email: 'rolled@example.com' }
  const failed = await send('POST', '/v1/customers', key, { body, idempotencyKey })
  assertInternalError(t, failed)
  t.same(await counts(shop.id), before, 'no customer, no event, no idempotency record')
  const { rows } = await api.pool.query('select 1 from customers where email = $1', ['rolled@example.com'])
  t.equal(rows.length, 0, 'the inserted row is gone')
  await drop()

  const retried = await send('POST', '/v1/customers', key, { body, idempotencyKey })
  t.equal(retried.status, 201, 'the same key works once the failure is gone')
  t.equal(retried.headers.get('idempotent-replayed'), null, 'it is a first run, not a replay')
  t.same(await counts(shop.id), { ...before, customers: 1, events: 1, keys: 1 })
})

t.test(
  'keyed creates: one event each, with a time-ordered internal id; a replay returns the same body and writes nothing',
  async (t) => {
    const { shop, key } = await newShopKey()
    const before = await counts(shop.id)
    const idempotencyKey = randomUUID()
    const body = { first_name: 'Ordered', last_name: 'Ids' }
    const first = await send('POST', '/v1/customers', key, { body, idempotencyKey })
    t.equal(first.status, 201)
    const second = await create(t, key, { first_name: 'Second', last_name: 'Ids' })
    const replay = await send('POST', '/v1/customers', key, { body, idempotencyKey })
    t.equal(replay.status, 201)
    t.equal(replay.headers.get('idempotent-replayed'), 'true', 'answered from the record')
    t.same(replay.body, first.body, 'the replay returns the first body')
    t.same(
      await counts(shop.id),
      { ...before, customers: 2, events: 2, keys: 2 },
      'one event per change, none for the replay',
    )
    const { rows } = await api.pool.query<{ id: string; object_id: string }>(
      'select id::text, object_id from events where shop_id = $1 order by sequence',
      [shop.id],
    )
    t.same(
      rows.map((row) => row.object_id),
      [first.body.id, second.id],
    )
    for (const row of rows)
      t.match(row.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a version-7 UUID')
    t.ok((rows[0]?.id ?? '') <= (rows[1]?.id ?? ''), 'the later event sorts after (or with) the earlier one')
  },
)

t.test('an update or archive that fails after its change leaves the customer as it was', async (t) => {
  const { shop, key } = await newShopKey()
  const customer = await create(t, key, { first_name: 'Keep', last_name: 'Me', notes: 'original' })
  const before = await counts(shop.id)
  const drop = await failEventInserts(t, 3)

  assertInternalError(
    t,
    await send('PATCH', `/v1/customers/${customer.id}`, key, { body: { notes: 'lost', tags: ['x'] } }),
  )
  assertInternalError(
    t,
    await send('PATCH', `/v1/customers/${customer.id}`, key, { body: { notes: 'lost' }, idempotencyKey: randomUUID() }),
  )
  assertInternalError(t, await send('POST', `/v1/customers/${customer.id}/archive`, key, { body: { reason: 'lost' } }))
  await drop()

  const after = await send('GET', `/v1/customers/${customer.id}`, key)
  t.same(after.body, customer, 'same fields, same version, same updated_at, not archived')
  t.same(await counts(shop.id), before, 'no event and no idempotency record was left')
})

t.test(
  'a request refused by validation leaves its Idempotency-Key free; one the operation refused binds it',
  async (t) => {
    const { shop, key } = await newShopKey()
    const idempotencyKey = randomUUID()
    const invalid = await send('POST', '/v1/customers', key, {
      body: { first_name: 'Fix', last_name: 'Me', email: 'not an email' },
      idempotencyKey,
    })
    assertError(t, invalid, 400, 'invalid_request', 'email')
    const fixed = await send('POST', '/v1/customers', key, {
      body: { first_name: 'Fix', last_name: 'Me', email: 'fixed@example.com' },
      idempotencyKey,
    })
    t.equal(fixed.status, 201, 'the corrected request goes through under the same key')

    const holder = await create(t, key, { first_name: 'Holds', last_name: 'Id' })
    t.equal(
      (await send('PUT', `/v1/customers/${holder.id}/external-id`, key, { body: { external_id: 'ERP-9' } })).status,
      200,
    )
    const refsBefore = (await counts(shop.id)).refs
    const putKey = randomUUID()
    const conflict = await send('PUT', `/v1/customers/${fixed.body.id}/external-id`, key, {
      body: { external_id: 'ERP-9' },
      idempotencyKey: putKey,
    })
    assertError(t, conflict, 409, 'conflict', 'external_id')
    t.ok((conflict.body as unknown as ErrorBody).error.blockers.length > 0, 'with a blocker saying how to resolve it')
    t.equal((await counts(shop.id)).refs, refsBefore, 'the conflict left no partial state')
    t.equal((await send('GET', `/v1/customers/${holder.id}`, key)).body.external_id, 'ERP-9', 'the holder keeps its id')
    t.equal((await send('GET', `/v1/customers/${fixed.body.id}`, key)).body.external_id, null)

    t.equal((await send('DELETE', `/v1/customers/${holder.id}/external-id`, key)).status, 200)
    const retried = await send('PUT', `/v1/customers/${fixed.body.id}/external-id`, key, {
      body: { external_id: 'ERP-9' },
      idempotencyKey: putKey,
    })
    t.equal(retried.status, 409, 'after resolving the conflict the same key replays the refusal')
    t.equal(retried.headers.get('idempotent-replayed'), 'true')
    const renewed = await send('PUT', `/v1/customers/${fixed.body.id}/external-id`, key, {
      body: { external_id: 'ERP-9' },
      idempotencyKey: randomUUID(),
    })
    t.equal(renewed.status, 200, 'a new key goes through')
    t.equal((await send('GET', `/v1/customers/${fixed.body.id}`, key)).body.external_id, 'ERP-9')
  },
)

t.test('setting an external id does not change the record, its version or its events', async (t) => {
  const { shop, key } = await newShopKey()
  const customer = await create(t, key, { first_name: 'Ref', last_name: 'Only' })
  const eventsBefore = (await counts(shop.id)).events
  t.equal(
    (await send('PUT', `/v1/customers/${customer.id}/external-id`, key, { body: { external_id: 'X-1' } })).status,
    200,
  )
  const after = await send('GET', `/v1/customers/${customer.id}`, key)
  t.same(after.body, { ...customer, external_id: 'X-1' }, 'only external_id differs')
  t.equal((await counts(shop.id)).events, eventsBefore, 'no event')
})

t.test('concurrent PATCHes with one expected_version: exactly one wins', async (t) => {
  const { shop, key } = await newShopKey()
  const customer = await create(t, key, { first_name: 'Race', last_name: 'Target' })
  const replies = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      send('PATCH', `/v1/customers/${customer.id}`, key, { body: { notes: `writer ${i}`, expected_version: 1 } }),
    ),
  )
  const winners = replies.filter((r) => r.status === 200)
  const losers = replies.filter((r) => r.status !== 200)
  t.equal(winners.length, 1, 'one write wins')
  t.same(
    losers.map((r) => (r.body as unknown as ErrorBody).error?.code),
    Array(9).fill('version_conflict'),
    'the other nine are version_conflict',
  )
  const after = await send('GET', `/v1/customers/${customer.id}`, key)
  t.equal(after.body.version, 2)
  t.equal(after.body.notes, winners[0]?.body.notes, 'the stored notes are the winner’s')
  const { rows } = await api.pool.query<{ n: number }>(
    "select count(*)::int as n from events where shop_id = $1 and type = 'customer.updated'",
    [shop.id],
  )
  t.equal(rows[0]?.n, 1, 'one update event')
})

t.test('concurrent PATCHes without expected_version all apply, one after another', async (t) => {
  const { shop, key } = await newShopKey()
  const customer = await create(t, key, { first_name: 'Queue', last_name: 'Target' })
  const replies = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      send('PATCH', `/v1/customers/${customer.id}`, key, { body: { notes: `n${i}` } }),
    ),
  )
  t.same(
    replies.map((r) => r.status),
    Array(10).fill(200),
    'all ten succeed',
  )
  t.same(
    replies.map((r) => r.body.version).sort((a, b) => a - b),
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    'each saw its own version: none was lost',
  )
  const after = await send('GET', `/v1/customers/${customer.id}`, key)
  t.equal(after.body.version, 11)
  const last = replies.find((r) => r.body.version === 11)
  t.equal(after.body.notes, last?.body.notes, 'the last write is what is stored')
  const { rows } = await api.pool.query<{ n: number }>(
    "select count(*)::int as n from events where shop_id = $1 and type = 'customer.updated'",
    [shop.id],
  )
  t.equal(rows[0]?.n, 10, 'one event per update')
})

t.test('concurrent PUTs of one external id on different customers: one wins, the rest are 409', async (t) => {
  const { shop, key } = await newShopKey()
  const customers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      send('POST', '/v1/customers', key, { body: { first_name: 'Ref', last_name: `Race ${i}` } }),
    ),
  )
  const replies = await Promise.all(
    customers.map((c) =>
      send('PUT', `/v1/customers/${c.body.id}/external-id`, key, { body: { external_id: 'ERP-RACE' } }),
    ),
  )
  t.equal(replies.filter((r) => r.status === 200).length, 1, 'one PUT wins')
  t.same(
    replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${(r.body as unknown as ErrorBody).error?.code}`),
    Array(9).fill('409 conflict'),
    'the others are 409 conflict (external_id_in_use), not 500',
  )
  t.equal((await counts(shop.id)).refs, 1, 'one reference stored')
  const list = await send<{ data: Customer[] }>('GET', '/v1/customers?external_id=ERP-RACE', key)
  t.equal(list.body.data.length, 1)
})

t.test('a write blocked by a held lock gives up with a retryable 409', async (t) => {
  const { shop, key, integrationId } = await newShopKey()
  const customer = await create(t, key, { first_name: 'Locked', last_name: 'Row' })
  const { rows } = await api.pool.query<{ id: string }>('select id from integrations where public_id = $1', [
    integrationId,
  ])
  const integration = rows[0]?.id
  const blocker = new pg.Client({ connectionString: api.url })
  await blocker.connect()
  t.teardown(() => blocker.end())
  const heldKey = randomUUID()
  await blocker.query('begin')
  await blocker.query('select 1 from customers where shop_id = $1 and public_id = $2 for update', [
    shop.id,
    customer.id,
  ])
  // The key held as a request in flight holds it: its claim, in a transaction not yet ended.
  await blocker.query(claimKeyStatement({ shopId: shop.id, integrationId: integration as string }, heldKey))

  const started = Date.now()
  const [locked, inFlight] = await Promise.all([
    send('PATCH', `/v1/customers/${customer.id}`, key, { body: { notes: 'waits' } }),
    send('POST', '/v1/customers', key, { body: { first_name: 'Same', last_name: 'Key' }, idempotencyKey: heldKey }),
  ])
  const waited = Date.now() - started
  await blocker.query('rollback')

  assertError(t, locked, 409, 'conflict')
  t.equal(locked.headers.get('retry-after'), '1', 'Retry-After: 1')
  assertError(t, inFlight, 409, 'idempotency_key_in_use', 'Idempotency-Key')
  t.equal(inFlight.headers.get('retry-after'), '2', 'Retry-After: 2')
  t.ok(waited >= 4_000 && waited < 20_000, `they waited for the lock, but not forever (${waited} ms)`)

  const unlocked = await send('PATCH', `/v1/customers/${customer.id}`, key, { body: { notes: 'goes through' } })
  t.equal(unlocked.status, 200, 'once the lock is released the write goes through')
  t.equal(unlocked.body.version, 2, 'the timed-out write changed nothing')
  const retried = await send('POST', '/v1/customers', key, {
    body: { first_name: 'Same', last_name: 'Key' },
    idempotencyKey: heldKey,
  })
  t.equal(retried.status, 201, 'the key is free once its holder rolled back')
})
