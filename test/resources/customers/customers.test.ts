// The customers resource end to end, as an integrator sees it: real HTTP on a real socket, a real
// Postgres database of this file's own, no mocks.
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import type { Customer } from '../../../src/resources/customers/schema.js'
import { createTestKey, createTestShop, createTestShopWithKey, startTestApp, type TestApp } from '../../helpers/app.js'
import { assertError, type ErrorBody, jsonClient, type Reply } from '../../helpers/http.js'

const api: TestApp = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const fullScopes = ['customers.read', 'customers.write', 'external_refs.write'] as const

// Creates and archives need a key; give one unless the test says otherwise.
const call = jsonClient<Customer>(api, { prefix: '', freshKeys: 'posts' })

async function create(t: Test, key: string, body: Record<string, unknown>): Promise<Customer> {
  const reply = await call('POST', '/v1/customers', key, { body })
  t.equal(reply.status, 201, 'created', { body: reply.body })
  return reply.body
}

async function eventsOf(objectId: string) {
  const { rows } = await api.pool.query<{ type: string; summary: Record<string, unknown>; integration_id: string }>(
    'select type, summary, integration_id from events where object_id = $1 order by sequence',
    [objectId],
  )
  return rows
}

const newShopKey = (scopes: readonly string[] = fullScopes, name = 'Integration') =>
  createTestShopWithKey(api.pool, [...scopes] as never, { name })

t.test('create returns the full customer, with defaults, and GET returns the same', async (t) => {
  const { key, integrationId } = await newShopKey()
  const minimal = await create(t, key, { first_name: 'Ada', last_name: 'Lovelace' })
  t.match(minimal.id, /^cus_[0-9A-Za-z]+$/)
  t.same(minimal, {
    id: minimal.id,
    object: 'customer',
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: null,
    email: null,
    phone: null,
    phone_alt: null,
    address: { line1: null, city: null, region: null, postal_code: null, country: null },
    preferred_contact: null,
    consent: {
      sms_transactional: false,
      sms_marketing: false,
      email_transactional: false,
      email_marketing: false,
      voice: false,
      do_not_call: false,
    },
    notes: null,
    tags: [],
    fleet_account: false,
    tax_exempt: false,
    archived: false,
    external_id: null,
    merged_into: null,
    version: 1,
    created_at: minimal.created_at,
    updated_at: minimal.created_at,
  })
  t.match(minimal.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'UTC instant with Z')
  t.ok(Math.abs(Date.parse(minimal.created_at) - Date.now()) < 60_000, 'created now')

  const full = await create(t, key, {
    first_name: 'Grace',
    last_name: 'Hopper',
    company_name: 'Navy Fleet Services',
    email: 'grace@example.com',
    phone: '(555) 010-2030',
    phone_alt: '555 010 9999',
    address: '1 Main St',
    city: 'Springfield',
    region: 'IL',
    postal_code: '62701',
    country: 'US',
    preferred_contact: 'sms',
    notes: 'Prefers mornings',
    tags: ['fleet', 'vip', 'fleet'],
    fleet_account: true,
    tax_exempt: true,
    consent: { sms_transactional: true, email_marketing: true },
  })
  t.match(full, {
    company_name: 'Navy Fleet Services',
    email: 'grace@example.com',
    phone: '(555) 010-2030',
    phone_alt: '555 010 9999',
    address: { line1: '1 Main St', city: 'Springfield', region: 'IL', postal_code: '62701', country: 'US' },
    preferred_contact: 'sms',
    notes: 'Prefers mornings',
    fleet_account: true,
    tax_exempt: true,
    consent: {
      sms_transactional: true,
      sms_marketing: false,
      email_transactional: false,
      email_marketing: true,
      voice: false,
      do_not_call: false,
    },
  })
  t.same(full.tags, ['fleet', 'vip'], 'duplicate tags are dropped')

  for (const customer of [minimal, full]) {
    const got = await call('GET', `/v1/customers/${customer.id}`, key)
    t.equal(got.status, 200)
    t.same(got.body, customer, 'GET shows exactly what the create returned')
  }

  const created = await eventsOf(full.id)
  t.same(
    created.map((e) => e.type),
    ['customer.created'],
    'one customer.created event',
  )
  t.match(created[0]?.summary, { first_name: 'Grace', last_name: 'Hopper', company_name: 'Navy Fleet Services' })
  const { rows } = await api.pool.query('select id from integrations where public_id = $1', [integrationId])
  t.equal(created[0]?.integration_id, rows[0]?.id, 'the event names the integration that made the change')
})

t.test('create validates its body', async (t) => {
  const { key, shop } = await newShopKey()
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['missing first_name', { last_name: 'X' }, 'first_name'],
    ['empty last_name', { first_name: 'X', last_name: '' }, 'last_name'],
    ['first_name of 101', { first_name: 'x'.repeat(101), last_name: 'X' }, 'first_name'],
    ['unknown field', { first_name: 'X', last_name: 'Y', nickname: 'Z' }, 'nickname'],
    ['bad email', { first_name: 'X', last_name: 'Y', email: 'not-an-email' }, 'email'],
    ['phone of 21', { first_name: 'X', last_name: 'Y', phone: '5'.repeat(21) }, 'phone'],
    ['bad preferred_contact', { first_name: 'X', last_name: 'Y', preferred_contact: 'fax' }, 'preferred_contact'],
    ['fleet_account as string', { first_name: 'X', last_name: 'Y', fleet_account: 'true' }, 'fleet_account'],
    ['notes of 5001', { first_name: 'X', last_name: 'Y', notes: 'n'.repeat(5001) }, 'notes'],
    ['company of 256', { first_name: 'X', last_name: 'Y', company_name: 'c'.repeat(256) }, 'company_name'],
    ['first_name null', { first_name: null, last_name: 'Y' }, 'first_name'],
    ['first_name only spaces', { first_name: '   ', last_name: 'Y' }, 'first_name'],
    [
      'consent flag as string',
      { first_name: 'X', last_name: 'Y', consent: { sms_marketing: 'yes' } },
      'consent.sms_marketing',
    ],
    ['unknown consent flag', { first_name: 'X', last_name: 'Y', consent: { fax: true } }, 'consent.fax'],
    ['country not ISO', { first_name: 'X', last_name: 'Y', country: 'usa' }, 'country'],
  ]
  for (const [what, body, param] of cases) {
    t.test(what, async (t) => {
      const reply = await call('POST', '/v1/customers', key, { body })
      assertError(t, reply, 400, 'invalid_request', param)
    })
  }
  const ok = await call('POST', '/v1/customers', key, {
    body: { first_name: 'x'.repeat(100), last_name: 'Y', notes: 'n'.repeat(5000), tags: null },
  })
  t.equal(ok.status, 201, 'the limits themselves are accepted; tags null means none')
  t.same(ok.body.tags, [])
  const trimmed = await call('POST', '/v1/customers', key, {
    body: { first_name: '  Ada  ', last_name: ' Lovelace', email: ' ada@example.com ' },
  })
  t.equal(trimmed.status, 201)
  t.match(trimmed.body, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' }, 'strings are trimmed')
  const { rows } = await api.pool.query('select count(*)::int as n from customers where shop_id = $1', [shop.id])
  t.equal(rows[0].n, 2, 'no refused request left a row')
})

t.test('ids: wrong type is invalid_id, unknown is not_found, another shop is not_found', async (t) => {
  const { key } = await newShopKey()
  const other = await newShopKey()
  const foreign = await create(t, other.key, { first_name: 'Other', last_name: 'Shop' })
  for (const path of ['/v1/customers/veh_x', '/v1/customers/cus_', '/v1/customers/cus_has-dash', '/v1/customers/x']) {
    t.test(`GET ${path}`, async (t) => assertError(t, await call('GET', path, key), 400, 'invalid_id'))
  }
  assertError(t, await call('PATCH', '/v1/customers/veh_x', key, { body: { notes: 'x' } }), 400, 'invalid_id')
  assertError(t, await call('POST', '/v1/customers/veh_x/archive', key), 400, 'invalid_id')
  assertError(
    t,
    await call('PUT', '/v1/customers/veh_x/external-id', key, { body: { external_id: 'a' } }),
    400,
    'invalid_id',
  )

  const unknown = 'cus_0000000000000000000000'
  assertError(t, await call('GET', `/v1/customers/${unknown}`, key), 404, 'not_found')
  assertError(t, await call('PATCH', `/v1/customers/${unknown}`, key, { body: { notes: 'x' } }), 404, 'not_found')
  assertError(t, await call('POST', `/v1/customers/${unknown}/archive`, key), 404, 'not_found')
  assertError(t, await call('GET', `/v1/customers/${foreign.id}`, key), 404, 'not_found', undefined)
  assertError(
    t,
    await call('PATCH', `/v1/customers/${foreign.id}`, key, { body: { notes: 'mine now' } }),
    404,
    'not_found',
  )
  const untouched = await call('GET', `/v1/customers/${foreign.id}`, other.key)
  t.equal(untouched.body.notes, null, "another shop's customer was not changed")
})

t.test('scopes: write does not imply read, read does not allow writes', async (t) => {
  const shop = await createTestShop(api.pool)
  const writer = await createTestKey(
    api.pool,
    shop,
    ['customers.read', 'customers.write', 'external_refs.write'],
    'Writer',
  )
  const reader = await createTestKey(api.pool, shop, ['customers.read'], 'Reader')
  const writeOnly = await createTestKey(api.pool, shop, ['customers.write'], 'Write only')
  const noRefs = await createTestKey(api.pool, shop, ['customers.read', 'customers.write'], 'No refs')
  const customer = await create(t, writer.key, { first_name: 'Scoped', last_name: 'Customer' })

  t.equal((await call('GET', `/v1/customers/${customer.id}`, reader.key)).status, 200, 'read key reads')
  t.equal((await call('GET', '/v1/customers', reader.key)).status, 200, 'read key lists')
  assertError(
    t,
    await call('POST', '/v1/customers', reader.key, { body: { first_name: 'A', last_name: 'B' } }),
    403,
    'insufficient_scope',
  )
  assertError(
    t,
    await call('PATCH', `/v1/customers/${customer.id}`, reader.key, { body: { notes: 'x' } }),
    403,
    'insufficient_scope',
  )
  assertError(t, await call('POST', `/v1/customers/${customer.id}/archive`, reader.key), 403, 'insufficient_scope')
  assertError(
    t,
    await call('POST', '/v1/customers', writeOnly.key, { body: { first_name: 'A', last_name: 'B' } }),
    403,
    'insufficient_scope',
  )
  assertError(t, await call('GET', `/v1/customers/${customer.id}`, writeOnly.key), 403, 'insufficient_scope')
  assertError(
    t,
    await call('PUT', `/v1/customers/${customer.id}/external-id`, noRefs.key, { body: { external_id: 'E' } }),
    403,
    'insufficient_scope',
  )
  assertError(
    t,
    await call('DELETE', `/v1/customers/${customer.id}/external-id`, noRefs.key),
    403,
    'insufficient_scope',
  )

  const { rows } = await api.pool.query('select count(*)::int as n from customers where shop_id = $1', [shop.id])
  t.equal(rows[0].n, 1, 'the refused creates created nothing')
  const after = await call('GET', `/v1/customers/${customer.id}`, writer.key)
  t.same(after.body, customer, 'the refused writes changed nothing')

  const refsOnly = await createTestKey(api.pool, shop, ['customers.read', 'external_refs.write'], 'Refs only')
  const put = await call('PUT', `/v1/customers/${customer.id}/external-id`, refsOnly.key, {
    body: { external_id: 'REF-ONLY' },
  })
  t.equal(put.status, 200, 'external_refs.write plus customers.read is enough to set an external id')
  t.equal((await call('GET', `/v1/customers/${customer.id}`, refsOnly.key)).body.external_id, 'REF-ONLY')
})

t.test('PATCH is presence-aware', async (t) => {
  const { key } = await newShopKey()
  const original = await create(t, key, {
    first_name: 'Pat',
    last_name: 'Chen',
    company_name: 'Chen Logistics',
    email: 'pat@example.com',
    notes: 'Original notes',
    tags: ['fleet', 'net30'],
    fleet_account: true,
    consent: { sms_transactional: true },
  })
  let current = original
  const patch = async (body: unknown) => {
    await sleep(3) // updated_at has millisecond precision: let the clock move
    return call('PATCH', `/v1/customers/${original.id}`, key, { body })
  }
  const expectUpdated = (t: Test, reply: Reply<Customer>, changes: Partial<Customer>, fields: string[]) => {
    t.equal(reply.status, 200, 'updated', { body: reply.body })
    t.same(
      reply.body,
      { ...current, ...changes, version: current.version + 1, updated_at: reply.body.updated_at },
      'the changed fields changed, nothing else did, version +1',
    )
    t.ok(Date.parse(reply.body.updated_at) > Date.parse(current.updated_at), 'updated_at moved forward')
    t.equal(reply.body.created_at, original.created_at, 'created_at never moves')
    current = reply.body
    return eventsOf(original.id).then((events) => {
      const last = events.at(-1)
      t.equal(last?.type, 'customer.updated', 'a customer.updated event')
      t.same([...((last?.summary.changed_fields as string[]) ?? [])].sort(), [...fields].sort(), 'changed_fields')
    })
  }

  await t.test('omitted fields are unchanged; null clears a nullable field', async (t) => {
    await expectUpdated(t, await patch({ company_name: null }), { company_name: null }, ['company_name'])
  })
  await t.test('null on a required field is refused', async (t) => {
    assertError(t, await patch({ first_name: null }), 400, 'invalid_request', 'first_name')
    assertError(t, await patch({ last_name: null }), 400, 'invalid_request', 'last_name')
    assertError(t, await patch({ tags: null }), 400, 'invalid_request', 'tags')
    assertError(t, await patch({ fleet_account: null }), 400, 'invalid_request', 'fleet_account')
  })
  await t.test('false, empty string and [] are values', async (t) => {
    await expectUpdated(t, await patch({ fleet_account: false }), { fleet_account: false }, ['fleet_account'])
    await expectUpdated(t, await patch({ tags: [] }), { tags: [] }, ['tags'])
    await expectUpdated(t, await patch({ notes: '' }), { notes: '' }, ['notes'])
  })
  await t.test('several fields at once, including nested consent and address fields', async (t) => {
    await expectUpdated(
      t,
      await patch({ first_name: 'Patricia', consent: { sms_marketing: true }, city: 'Austin', tags: ['a'] }),
      {
        first_name: 'Patricia',
        consent: { ...current.consent, sms_marketing: true },
        address: { ...current.address, city: 'Austin' },
        tags: ['a'],
      },
      ['first_name', 'consent.sms_marketing', 'address.city', 'tags'],
    )
  })
  await t.test('a request that changes nothing is no_changes and records nothing', async (t) => {
    const eventsBefore = (await eventsOf(original.id)).length
    assertError(t, await patch({}), 400, 'no_changes')
    assertError(t, await patch({ fleet_account: false }), 400, 'no_changes')
    assertError(t, await patch({ first_name: 'Patricia', tags: ['a'], company_name: null }), 400, 'no_changes')
    assertError(t, await patch({ expected_version: current.version }), 400, 'no_changes')
    t.equal((await eventsOf(original.id)).length, eventsBefore, 'no event for a refused PATCH')
    const got = await call('GET', `/v1/customers/${original.id}`, key)
    t.same(got.body, current, 'version and updated_at unchanged')
  })
  await t.test('expected_version', async (t) => {
    const stale = await patch({ notes: 'stale write', expected_version: current.version - 1 })
    assertError(t, stale, 409, 'version_conflict')
    t.match(
      (stale.body as unknown as ErrorBody).error.message,
      new RegExp(`\\b${current.version}\\b`),
      'names the current version',
    )
    assertError(t, await patch({ expected_version: current.version + 1 }), 409, 'version_conflict', 'expected_version')
    assertError(t, await patch({ notes: 'x', expected_version: 0 }), 400, 'invalid_request', 'expected_version')
    assertError(t, await patch({ notes: 'x', expected_version: '3' }), 400, 'invalid_request', 'expected_version')
    t.equal((await call('GET', `/v1/customers/${original.id}`, key)).body.notes, '', 'the stale write changed nothing')
    await expectUpdated(
      t,
      await patch({ notes: 'fresh write', expected_version: current.version }),
      { notes: 'fresh write' },
      ['notes'],
    )
    await expectUpdated(t, await patch({ notes: 'no check', expected_version: null }), { notes: 'no check' }, ['notes'])
  })
  await t.test('unknown and invalid fields', async (t) => {
    assertError(t, await patch({ nickname: 'P' }), 400, 'invalid_request', 'nickname')
    assertError(t, await patch({ notes: 'x', id: 'cus_other' }), 400, 'invalid_request', 'id')
    assertError(t, await patch({ version: 9 }), 400, 'invalid_request', 'version')
    assertError(t, await patch({ email: 'nope' }), 400, 'invalid_request', 'email')
    const noBody = await api.request(`/v1/customers/${original.id}`, { method: 'PATCH', key })
    t.equal(noBody.status, 400, 'a PATCH without a body is refused')
  })
  await t.test('the PATCH response is the full object GET returns', async (t) => {
    const got = await call('GET', `/v1/customers/${original.id}`, key)
    t.same(got.body, current)
  })
})

t.test('archive', async (t) => {
  const { key } = await newShopKey()
  const customer = await create(t, key, { first_name: 'Arch', last_name: 'Ived' })
  assertError(
    t,
    await call('POST', `/v1/customers/${customer.id}/archive`, key, { idempotencyKey: null }),
    400,
    'idempotency_key_required',
    'Idempotency-Key',
  )
  assertError(
    t,
    await call('POST', `/v1/customers/${customer.id}/archive`, key, { body: { reason: 'r'.repeat(501) } }),
    400,
    'invalid_request',
    'reason',
  )
  assertError(
    t,
    await call('POST', `/v1/customers/${customer.id}/archive`, key, { body: { why: 'x' } }),
    400,
    'invalid_request',
    'why',
  )

  const archived = await call('POST', `/v1/customers/${customer.id}/archive`, key, { body: { reason: 'Moved away' } })
  t.equal(archived.status, 200)
  t.same(archived.body, { ...customer, archived: true, version: 2, updated_at: archived.body.updated_at })
  const got = await call('GET', `/v1/customers/${customer.id}`, key)
  t.equal(got.status, 200, 'an archived customer is still readable')
  t.same(got.body, archived.body, 'archive returned the full object')
  const events = await eventsOf(customer.id)
  t.same(
    events.map((e) => e.type),
    ['customer.created', 'customer.archived'],
  )
  t.match(events[1]?.summary, { reason: 'Moved away' })

  const again = await call('POST', `/v1/customers/${customer.id}/archive`, key)
  t.equal(again.status, 200, 'archiving again is fine')
  t.same(again.body, archived.body, '...and changes nothing')
  t.equal((await eventsOf(customer.id)).length, 2, '...and records nothing')

  const noBody = await call('POST', `/v1/customers/${customer.id}/archive`, key)
  t.equal(noBody.status, 200, 'the body is optional')

  const updated = await call('PATCH', `/v1/customers/${customer.id}`, key, { body: { notes: 'after archive' } })
  t.equal(updated.status, 200, 'an archived customer can still be updated')
  t.match(updated.body, { notes: 'after archive', archived: true, version: 3 })
})

t.test('external ids are private to each integration', async (t) => {
  const shop = await createTestShop(api.pool)
  const a = await createTestKey(api.pool, shop, [...fullScopes], 'ERP A')
  const b = await createTestKey(api.pool, shop, [...fullScopes], 'ERP B')
  const c1 = await create(t, a.key, { first_name: 'One', last_name: 'Customer' })
  const c2 = await create(t, b.key, { first_name: 'Two', last_name: 'Customer' })
  const put = (key: string, id: string, externalId: unknown) =>
    call<Record<string, unknown>>('PUT', `/v1/customers/${id}/external-id`, key, { body: { external_id: externalId } })
  const externalIdOf = async (key: string, id: string) =>
    (await call('GET', `/v1/customers/${id}`, key)).body.external_id
  const listIds = async (key: string, externalId: string) => {
    const reply = await call<{ data: Customer[] }>(
      'GET',
      `/v1/customers?external_id=${encodeURIComponent(externalId)}`,
      key,
    )
    t.equal(reply.status, 200)
    return reply.body.data.map((c) => c.id)
  }

  const setA = await put(a.key, c1.id, 'ERP-1')
  t.equal(setA.status, 200)
  t.same(setA.body, { object: 'external_reference', object_type: 'customer', object_id: c1.id, external_id: 'ERP-1' })
  const setB = await put(b.key, c2.id, 'ERP-1')
  t.equal(setB.status, 200, 'another integration may use the same external id')

  t.equal(await externalIdOf(a.key, c1.id), 'ERP-1', 'A sees its id on its customer')
  t.equal(await externalIdOf(a.key, c2.id), null, "A does not see B's id")
  t.equal(await externalIdOf(b.key, c2.id), 'ERP-1', 'B sees its id on its customer')
  t.equal(await externalIdOf(b.key, c1.id), null, "B does not see A's id")
  t.same(await listIds(a.key, 'ERP-1'), [c1.id], "A's filter finds only A's customer")
  t.same(await listIds(b.key, 'ERP-1'), [c2.id], "B's filter finds only B's customer")
  const list = await call<{ data: Customer[] }>('GET', '/v1/customers?lifecycle=all', a.key)
  t.same(
    Object.fromEntries(list.body.data.map((c) => [c.id, c.external_id])),
    { [c1.id]: 'ERP-1', [c2.id]: null },
    'lists show the reader its own ids only',
  )

  const conflict = await put(a.key, c2.id, 'ERP-1')
  assertError(t, conflict, 409, 'conflict')
  t.match(conflict.body, { error: { blockers: [{ type: 'external_id', reason: 'external_id_in_use' }] } })
  t.equal(await externalIdOf(a.key, c2.id), null, 'the refused PUT set nothing')
  t.equal(await externalIdOf(a.key, c1.id), 'ERP-1', 'and took nothing away')

  t.equal((await put(a.key, c1.id, 'ERP-1')).status, 200, 'setting the same id again is fine')
  assertError(t, await put(a.key, c1.id, ''), 400, 'invalid_request', 'external_id')
  assertError(t, await put(a.key, c1.id, 'x'.repeat(256)), 400, 'invalid_request', 'external_id')
  assertError(t, await put(a.key, c1.id, 7), 400, 'invalid_request', 'external_id')
  t.equal((await put(a.key, c1.id, 'x'.repeat(255))).status, 200, '255 characters are fine')

  const replaced = await put(a.key, c1.id, 'ERP-2')
  t.equal(replaced.status, 200, 'PUT replaces the previous id')
  t.same(await listIds(a.key, 'ERP-1'), [], 'the old id no longer finds it')
  t.same(await listIds(a.key, 'ERP-2'), [c1.id])
  const patched = await call('PATCH', `/v1/customers/${c1.id}`, a.key, { body: { notes: 'synced' } })
  t.equal(patched.body.external_id, 'ERP-2', 'write responses carry the writer its external id')

  const removed = await call<Record<string, unknown>>('DELETE', `/v1/customers/${c1.id}/external-id`, a.key)
  t.equal(removed.status, 200)
  t.same(removed.body, { object: 'external_reference', object_type: 'customer', object_id: c1.id, external_id: null })
  t.equal(await externalIdOf(a.key, c1.id), null, 'DELETE cleared it')
  t.same(await listIds(a.key, 'ERP-2'), [])
  t.equal(await externalIdOf(b.key, c2.id), 'ERP-1', "B's id is untouched")
  t.equal((await call('DELETE', `/v1/customers/${c1.id}/external-id`, a.key)).status, 200, 'DELETE again is fine')
  assertError(
    t,
    await call('DELETE', `/v1/customers/${c2.id}/external-id`, a.key, { body: { external_id: 'ERP-1' } }),
    400,
    'invalid_request',
    'external_id',
  )
  t.equal((await put(a.key, c2.id, 'ERP-2')).status, 200, 'a freed id can go to another customer')
  assertError(t, await put(a.key, 'cus_0000000000000000000000', 'ERP-9'), 404, 'not_found')
})

t.test('an unknown query parameter is refused with its name', async (t) => {
  const { key } = await newShopKey()
  assertError(t, await call('GET', '/v1/customers?colour=red', key), 400, 'invalid_request', 'colour')
})
