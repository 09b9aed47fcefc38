// Repair orders over a real socket and a real database: create, read, list filters, PATCH rules,
// numbers under concurrency, pricing redaction, events, external ids.
import { randomUUID } from 'node:crypto'
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { Scope } from '../../../src/lib/scopes.js'
import { moveRepairOrder } from '../../../src/resources/repair-orders/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, jsonClient, type Reply } from '../../helpers/http.js'

const api = await startTestApp(t)

interface RepairOrderJson {
  id: string
  object: string
  number: string
  number_value: number
  state: string
  customer_id: string
  vehicle_id: string
  origin_appointment_id: string | null
  customer_concern: string | null
  odometer_in: number | null
  odometer_out: number | null
  is_comeback: boolean
  tax_exempt: boolean
  promised_at: string | null
  completed_at: string | null
  invoiced_at: string | null
  picked_up_at: string | null
  external_id: string | null
  pricing: Record<string, string> | null
  redacted_fields: string[]
  version: number
  created_at: string
  updated_at: string
}

interface ListJson {
  data: RepairOrderJson[]
  has_more: boolean
  next_cursor: string | null
}

interface ErrorJson {
  error: { code: string; message: string; blockers: { type: string; reason: string; resolution: string[] }[] }
}

const orderFields = [
  'completed_at',
  'created_at',
  'customer_concern',
  'customer_id',
  'external_id',
  'id',
  'invoiced_at',
  'is_comeback',
  'number',
  'number_value',
  'object',
  'odometer_in',
  'odometer_out',
  'origin_appointment_id',
  'picked_up_at',
  'pricing',
  'promised_at',
  'redacted_fields',
  'state',
  'tax_exempt',
  'updated_at',
  'vehicle_id',
  'version',
]

const fullScopes: Scope[] = [
  'customers.read',
  'customers.write',
  'vehicles.read',
  'vehicles.write',
  'repair_orders.read',
  'repair_orders.write',
  'external_refs.write',
  'pricing.read',
]

async function setUp(scopes: Scope[] = fullScopes) {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, scopes)
  return { shop, key }
}

const call = jsonClient(api)

async function created<T>(reply: Reply<T>): Promise<T> {
  if (reply.status !== 201) throw new Error(`not created: ${reply.status} ${reply.text}`)
  return reply.body
}

async function customerAndVehicle(key: string, customer: Record<string, unknown> = {}) {
  const owner = await created(
    await call<{ id: string }>('POST', '/customers', key, {
      body: { first_name: 'Ana', last_name: 'Rivera', ...customer },
    }),
  )
  const vehicle = await created(
    await call<{ id: string }>('POST', '/vehicles', key, { body: { customer_id: owner.id } }),
  )
  return { customerId: owner.id, vehicleId: vehicle.id }
}

async function createOrder(key: string, body: Record<string, unknown>) {
  return created(await call<RepairOrderJson>('POST', '/repair-orders', key, { body }))
}

async function eventsFor(objectId: string) {
  const { rows } = await api.pool.query<{ type: string; summary: Record<string, unknown> }>(
    'select type, summary from events where object_id = $1 order by sequence',
    [objectId],
  )
  return rows
}

/** A staff move, as `shopapi repair-orders set-state` makes it. */
async function move(shopId: string, orderId: string, to: string) {
  await withTransaction(api.pool, (tx) => moveRepairOrder(tx, { shopId, integrationId: null }, orderId, to))
}

t.test('create, then get: every field, number from 1001, checked_in, repair_order.created', async (t) => {
  const { key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const order = await createOrder(key, {
    customer_id: customerId,
    vehicle_id: vehicleId,
    customer_concern: '  Squeal when braking  ',
    odometer_in: 84210,
    promised_at: '2026-03-02T17:00:00-06:00',
  })
  t.same(Object.keys(order).sort(), orderFields, 'exactly the repair order fields; no jobs embedded')
  t.match(order.id, /^ro_[0-9A-Za-z]{22}$/)
  t.match(order, {
    object: 'repair_order',
    number: '1001',
    number_value: 1001,
    state: 'checked_in',
    customer_id: customerId,
    vehicle_id: vehicleId,
    origin_appointment_id: null,
    customer_concern: 'Squeal when braking',
    odometer_in: 84210,
    odometer_out: null,
    is_comeback: false,
    tax_exempt: false,
    promised_at: '2026-03-02T23:00:00.000Z',
    completed_at: null,
    external_id: null,
    redacted_fields: [],
    version: 1,
  })
  t.same(order.pricing, {
    currency: 'USD',
    labor: '0.00',
    parts: '0.00',
    fees: '0.00',
    discounts: '0.00',
    subtotal: '0.00',
    tax: '0.00',
    total: '0.00',
  })
  const fetched = await call<RepairOrderJson>('GET', `/repair-orders/${order.id}`, key)
  t.same(fetched.body, order, 'GET returns what create returned')
  t.same(await eventsFor(order.id), [
    {
      type: 'repair_order.created',
      summary: { number: '1001', state: 'checked_in', customer_id: customerId, vehicle_id: vehicleId },
    },
  ])
  const second = await createOrder(key, { customer_id: customerId, vehicle_id: vehicleId })
  t.equal(second.number, '1002', 'the next number')
})

t.test("tax_exempt defaults to the customer's; is_comeback to false", async (t) => {
  const { key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  await api.pool.query('update customers set tax_exempt = true where public_id = $1', [customerId])
  const order = await createOrder(key, { customer_id: customerId, vehicle_id: vehicleId })
  t.equal(order.tax_exempt, true)
  const overridden = await createOrder(key, {
    customer_id: customerId,
    vehicle_id: vehicleId,
    tax_exempt: false,
    is_comeback: true,
  })
  t.equal(overridden.tax_exempt, false)
  t.equal(overridden.is_comeback, true)
})

t.test('create refusals: unknown, wrong owner, merged, archived, invalid body, no key', async (t) => {
  const { key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const other = await customerAndVehicle(key, { last_name: 'Other' })

  assertError(
    t,
    await call('POST', '/repair-orders', key, { body: { customer_id: customerId } }),
    400,
    'invalid_request',
    'vehicle_id',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, { body: { customer_id: vehicleId, vehicle_id: vehicleId } }),
    400,
    'invalid_id',
    'customer_id',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, {
      body: {
        customer_id: customerId,
        vehicle_id: vehicleId,
        customer_concern: 'x'.repeat(5001),
      },
    }),
    400,
    'invalid_request',
    'customer_concern',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, {
      body: { customer_id: customerId, vehicle_id: vehicleId, odometer_in: -1 },
    }),
    400,
    'invalid_request',
    'odometer_in',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, {
      body: { customer_id: customerId, vehicle_id: vehicleId, state: 'closed' },
    }),
    400,
    'invalid_request',
    'state',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, {
      body: {
        customer_id: customerId,
        vehicle_id: vehicleId,
        promised_at: '2026-03-02T17:00:00',
      },
    }),
    400,
    'invalid_request',
    'promised_at',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, {
      body: { customer_id: customerId, vehicle_id: vehicleId },
      idempotencyKey: null,
    }),
    400,
    'idempotency_key_required',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, {
      body: { customer_id: 'cus_0000000000000000000000', vehicle_id: vehicleId },
    }),
    404,
    'not_found',
    'customer_id',
  )
  assertError(
    t,
    await call('POST', '/repair-orders', key, {
      body: { customer_id: customerId, vehicle_id: 'veh_0000000000000000000000' },
    }),
    404,
    'not_found',
    'vehicle_id',
  )

  const mismatch = await call<ErrorJson>('POST', '/repair-orders', key, {
    body: {
      customer_id: customerId,
      vehicle_id: other.vehicleId,
    },
  })
  assertError(t, mismatch, 409, 'conflict', 'vehicle_id')
  t.match(mismatch.body.error.blockers, [{ type: 'vehicle', reason: 'owner_mismatch' }])
  t.match(mismatch.body.error.message, other.customerId, 'the owner is named')

  await api.pool.query(
    `update customers set merged_into_id = (select id from customers where public_id = $2) where public_id = $1`,
    [other.customerId, customerId],
  )
  const merged = await call<ErrorJson>('POST', '/repair-orders', key, {
    body: {
      customer_id: other.customerId,
      vehicle_id: other.vehicleId,
    },
  })
  assertError(t, merged, 409, 'conflict', 'customer_id')
  t.match(merged.body.error.blockers, [{ type: 'customer', reason: 'merged' }])
  t.match(merged.body.error.message, customerId, 'the survivor is named')

  const archived = await customerAndVehicle(key, { last_name: 'Gone' })
  await api.pool.query('update customers set archived_at = now() where public_id = $1', [archived.customerId])
  const refused = await call<ErrorJson>('POST', '/repair-orders', key, {
    body: {
      customer_id: archived.customerId,
      vehicle_id: archived.vehicleId,
    },
  })
  assertError(t, refused, 409, 'conflict', 'customer_id')
  t.match(refused.body.error.blockers, [{ type: 'customer', reason: 'archived' }])

  const { rows } = await api.pool.query('select count(*)::int as n from repair_orders')
  const before = rows[0].n
  const readOnly = await setUp(['repair_orders.read', 'customers.read'])
  assertError(
    t,
    await call('POST', '/repair-orders', readOnly.key, { body: { customer_id: customerId, vehicle_id: vehicleId } }),
    403,
    'insufficient_scope',
  )
  const after = await api.pool.query('select count(*)::int as n from repair_orders')
  t.equal(after.rows[0].n, before, 'no refused create wrote an order')
})

t.test('a failing create records no event and no order (one transaction)', async (t) => {
  const { key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const other = await customerAndVehicle(key, { last_name: 'Other' })
  const before = await api.pool.query(`select count(*)::int as n from events where type = 'repair_order.created'`)
  const reply = await call('POST', '/repair-orders', key, {
    body: { customer_id: customerId, vehicle_id: other.vehicleId },
  })
  t.equal(reply.status, 409)
  const after = await api.pool.query(`select count(*)::int as n from events where type = 'repair_order.created'`)
  t.equal(after.rows[0].n, before.rows[0].n, 'no repair_order.created')
  const order = await createOrder(key, { customer_id: customerId, vehicle_id: vehicleId })
  t.equal(order.number, '1001', 'the refused create took no number')
})

t.test('20 concurrent creates get 20 distinct numbers', async (t) => {
  const { key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const orders = await Promise.all(
    Array.from({ length: 20 }, () =>
      call<RepairOrderJson>('POST', '/repair-orders', key, {
        body: { customer_id: customerId, vehicle_id: vehicleId },
      }),
    ),
  )
  t.same(
    orders.map((reply) => reply.status),
    Array(20).fill(201),
  )
  const numbers = orders.map((reply) => reply.body.number_value).sort((a, b) => a - b)
  t.same(
    numbers,
    Array.from({ length: 20 }, (_, index) => 1001 + index),
    '1001 to 1020, each once',
  )
})

t.test('Idempotency-Key replays the same order', async (t) => {
  const { key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const idempotencyKey = randomUUID()
  const body = { customer_id: customerId, vehicle_id: vehicleId }
  const first = await call<RepairOrderJson>('POST', '/repair-orders', key, { body, idempotencyKey })
  const again = await call<RepairOrderJson>('POST', '/repair-orders', key, { body, idempotencyKey })
  t.equal(first.status, 201)
  t.same(again.body, first.body)
  const { rows } = await api.pool.query(
    'select count(*)::int as n from repair_orders where customer_id = (select id from customers where public_id = $1)',
    [customerId],
  )
  t.equal(rows[0].n, 1)
})

t.test('redaction: without pricing.read, pricing is null and /pricing listed', async (t) => {
  const { shop, key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const order = await createOrder(key, { customer_id: customerId, vehicle_id: vehicleId })
  await api.pool.query(
    `update repair_orders set labor_total = 120, parts_total = 45.5, subtotal = 165.5, tax_total = 13.65, total = 179.15
     where public_id = $1`,
    [order.id],
  )
  const { key: plainKey } = await createTestKey(
    api.pool,
    shop,
    ['repair_orders.read', 'repair_orders.write'],
    'No pricing',
  )
  const hidden = await call<RepairOrderJson>('GET', `/repair-orders/${order.id}`, plainKey)
  t.equal(hidden.status, 200, 'never an operation gate')
  t.equal(hidden.body.pricing, null)
  t.same(hidden.body.redacted_fields, ['/pricing'])
  const hiddenList = await call<ListJson>('GET', '/repair-orders', plainKey)
  t.equal(hiddenList.body.data[0]?.pricing, null)
  t.same(hiddenList.body.data[0]?.redacted_fields, ['/data/*/pricing'], 'the list pointer')
  const patched = await call<RepairOrderJson>('PATCH', `/repair-orders/${order.id}`, plainKey, {
    body: { is_comeback: true },
  })
  t.equal(patched.body.pricing, null, 'writes are redacted too')
  t.same(patched.body.redacted_fields, ['/pricing'])

  const shown = await call<RepairOrderJson>('GET', `/repair-orders/${order.id}`, key)
  t.same(shown.body.redacted_fields, [])
  t.same(shown.body.pricing, {
    currency: 'USD',
    labor: '120.00',
    parts: '45.50',
    fees: '0.00',
    discounts: '0.00',
    subtotal: '165.50',
    tax: '13.65',
    total: '179.15',
  })
  const shownList = await call<ListJson>('GET', '/repair-orders', key)
  t.equal(shownList.body.data[0]?.pricing?.total, '179.15')
  const euro = await createTestShop(api.pool, { currency: 'EUR' })
  const euroKey = (await createTestKey(api.pool, euro, fullScopes)).key
  const euroParties = await customerAndVehicle(euroKey)
  const euroOrder = await createOrder(euroKey, {
    customer_id: euroParties.customerId,
    vehicle_id: euroParties.vehicleId,
  })
  t.equal(euroOrder.pricing?.currency, 'EUR', "the shop's currency")
  t.notMatch(JSON.stringify(await eventsFor(order.id)), /179|pricing|total/, 'no pricing in event summaries')
})

t.test('PATCH: editable fields, no_changes, version_conflict, closed orders refuse', async (t) => {
  const { shop, key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const order = await createOrder(key, { customer_id: customerId, vehicle_id: vehicleId, odometer_in: 1000 })
  const patched = await call<RepairOrderJson>('PATCH', `/repair-orders/${order.id}`, key, {
    body: {
      customer_concern: 'Rattle at idle',
      odometer_out: 1012,
      promised_at: '2026-04-01T12:00:00Z',
      is_comeback: true,
      expected_version: 1,
    },
  })
  t.equal(patched.status, 200)
  t.match(patched.body, {
    customer_concern: 'Rattle at idle',
    odometer_out: 1012,
    promised_at: '2026-04-01T12:00:00.000Z',
    is_comeback: true,
    version: 2,
  })
  const events = await eventsFor(order.id)
  t.match(events.at(-1), {
    type: 'repair_order.updated',
    summary: {
      number: order.number,
      changed_fields: ['customer_concern', 'odometer_out', 'promised_at', 'is_comeback'],
    },
  })
  const cleared = await call<RepairOrderJson>('PATCH', `/repair-orders/${order.id}`, key, {
    body: { promised_at: null },
  })
  t.equal(cleared.body.promised_at, null, 'null clears a nullable field')
  const exempt = await call<RepairOrderJson>('PATCH', `/repair-orders/${order.id}`, key, { body: { tax_exempt: true } })
  t.equal(exempt.body.tax_exempt, true)

  assertError(
    t,
    await call('PATCH', `/repair-orders/${order.id}`, key, { body: { is_comeback: true } }),
    400,
    'no_changes',
  )
  assertError(
    t,
    await call('PATCH', `/repair-orders/${order.id}`, key, { body: { is_comeback: null } }),
    400,
    'invalid_request',
    'is_comeback',
  )
  assertError(
    t,
    await call('PATCH', `/repair-orders/${order.id}`, key, { body: { is_comeback: false, expected_version: 1 } }),
    409,
    'version_conflict',
    'expected_version',
  )
  for (const field of ['customer_id', 'vehicle_id', 'state', 'number']) {
    assertError(
      t,
      await call('PATCH', `/repair-orders/${order.id}`, key, { body: { [field]: 'x' } }),
      400,
      'invalid_request',
      field,
    )
  }
  assertError(
    t,
    await call('PATCH', `/repair-orders/${order.id}`, key, { body: { odometer_out: 999 } }),
    400,
    'invalid_request',
    'odometer_out',
  )
  assertError(
    t,
    await call('PATCH', '/repair-orders/ro_0000000000000000000000', key, { body: { is_comeback: false } }),
    404,
    'not_found',
  )

  await move(shop.id, order.id, 'cancelled')
  const refused = await call<ErrorJson>('PATCH', `/repair-orders/${order.id}`, key, { body: { is_comeback: false } })
  assertError(t, refused, 409, 'conflict')
  t.match(refused.body.error.blockers, [{ type: 'repair_order', reason: 'state_cancelled' }])
})

t.test('list: filters, unknown state, sort and paging', async (t) => {
  const { shop, key } = await setUp()
  const first = await customerAndVehicle(key)
  const second = await customerAndVehicle(key, { last_name: 'Second' })
  const a = await createOrder(key, { customer_id: first.customerId, vehicle_id: first.vehicleId })
  const b = await createOrder(key, { customer_id: second.customerId, vehicle_id: second.vehicleId })
  const c = await createOrder(key, { customer_id: first.customerId, vehicle_id: first.vehicleId })
  await move(shop.id, b.id, 'estimating')
  await move(shop.id, c.id, 'on_hold')
  // Fixed creation instants, a second apart, so the strict bounds are exact.
  for (const [order, second] of [
    [a, 0],
    [b, 1],
    [c, 2],
  ] as const) {
    await api.pool.query(`update repair_orders set created_at = $2 where public_id = $1`, [
      order.id,
      `2026-01-01T00:00:0${second}Z`,
    ])
  }
  const ids = async (query: string) => {
    const reply = await call<ListJson>('GET', `/repair-orders?${query}`, key)
    t.equal(reply.status, 200, query, { body: reply.body })
    return reply.body.data.map((order) => order.id)
  }
  t.same(await ids(''), [c.id, b.id, a.id], 'newest first')
  t.same(await ids('state=checked_in'), [a.id])
  t.same(await ids('state=estimating'), [b.id])
  t.same(await ids('state=unknown'), [c.id], 'unknown finds on_hold')
  t.same(await ids('state=closed'), [])
  const onHold = await call<RepairOrderJson>('GET', `/repair-orders/${c.id}`, key)
  t.equal(onHold.body.state, 'unknown', 'on_hold shows as unknown')
  assertError(t, await call('GET', '/repair-orders?state=on_hold', key), 400, 'invalid_request', 'state')
  t.same(await ids(`number=${b.number}`), [b.id])
  t.same(await ids('number=01002'), [], 'the exact digits only')
  t.same(await ids('number=RO-1'), [])
  t.same(await ids(`customer=${first.customerId}`), [c.id, a.id])
  t.same(await ids(`vehicle=${second.vehicleId}`), [b.id])
  t.same(await ids('customer=cus_0000000000000000000000'), [], 'an unknown customer finds nothing')
  assertError(t, await call('GET', `/repair-orders?customer=${first.vehicleId}`, key), 400, 'invalid_id', 'customer')
  t.same(await ids(`customer=${first.customerId}&state=unknown`), [c.id], 'filters combine with AND')

  t.same(await ids('created_after=2026-01-01T00:00:01Z'), [c.id], 'created_after is strict')
  t.same(await ids('created_before=2026-01-01T00:00:01Z'), [a.id], 'created_before is strict')
  t.same(await ids('created_after=2026-01-01T00:00:00Z&created_before=2026-01-01T00:00:02Z'), [b.id])
  t.same(await ids('created_after=2025-12-31T18:00:00-06:00'), [c.id, b.id], 'offsets are instants')
  assertError(
    t,
    await call('GET', '/repair-orders?created_after=2026-01-01T00:00:00', key),
    400,
    'invalid_request',
    'created_after',
  )

  await api.pool.query(
    `update repair_orders set updated_at = date_trunc('milliseconds', now()) + interval '1 minute' where public_id = $1`,
    [a.id],
  )
  const sorted = await ids('sort=updated_at')
  t.equal(sorted[0], a.id, 'sort=updated_at puts the last change first')
  const fresh = await call<RepairOrderJson>('GET', `/repair-orders/${a.id}`, key)
  t.same(await ids(`updated_after=${encodeURIComponent(fresh.body.updated_at)}`), [], 'updated_after is strict')
  t.same(
    await ids(`updated_after=${encodeURIComponent(new Date(Date.parse(fresh.body.updated_at) - 1).toISOString())}`),
    [a.id],
  )

  const seen: string[] = []
  let cursor: string | null = null
  do {
    const reply: Reply<ListJson> = await call<ListJson>(
      'GET',
      `/repair-orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      key,
    )
    seen.push(...reply.body.data.map((order) => order.id))
    cursor = reply.body.next_cursor
  } while (cursor)
  t.same(seen, [c.id, b.id, a.id], 'limit=1 pages every order once')
  const page = await call<ListJson>('GET', '/repair-orders?limit=1&state=checked_in', key)
  t.equal(page.body.has_more, false)
  const other = await setUp()
  t.same(
    (await call<ListJson>('GET', '/repair-orders', other.key)).body.data,
    [],
    "another shop's orders are invisible",
  )
  assertError(t, await call('GET', `/repair-orders/${a.id}`, other.key), 404, 'not_found')
})

t.test('external ids: set, filter, private to the integration, in use, removed', async (t) => {
  const { shop, key } = await setUp()
  const { customerId, vehicleId } = await customerAndVehicle(key)
  const order = await createOrder(key, { customer_id: customerId, vehicle_id: vehicleId })
  const other = await createOrder(key, { customer_id: customerId, vehicle_id: vehicleId })
  const set = await call<{ external_id: string; object_type: string }>(
    'PUT',
    `/repair-orders/${order.id}/external-id`,
    key,
    { body: { external_id: 'DMS-77' } },
  )
  t.equal(set.status, 200)
  t.match(set.body, {
    object: 'external_reference',
    object_type: 'repair_order',
    object_id: order.id,
    external_id: 'DMS-77',
  })
  t.equal((await call<RepairOrderJson>('GET', `/repair-orders/${order.id}`, key)).body.external_id, 'DMS-77')
  const found = await call<ListJson>('GET', '/repair-orders?external_id=DMS-77', key)
  t.same(
    found.body.data.map((o) => o.id),
    [order.id],
  )
  const taken = await call('PUT', `/repair-orders/${other.id}/external-id`, key, {
    body: { external_id: 'DMS-77' },
  })
  assertError(t, taken, 409, 'conflict', 'external_id')
  t.match(taken.body, { error: { blockers: [{ type: 'external_id', reason: 'external_id_in_use' }] } })

  const { key: secondKey } = await createTestKey(api.pool, shop, fullScopes, 'Second integration')
  t.equal(
    (await call<RepairOrderJson>('GET', `/repair-orders/${order.id}`, secondKey)).body.external_id,
    null,
    'private',
  )
  t.same((await call<ListJson>('GET', '/repair-orders?external_id=DMS-77', secondKey)).body.data, [])
  const { key: noWrite } = await createTestKey(api.pool, shop, ['repair_orders.read'], 'Reader')
  assertError(
    t,
    await call('PUT', `/repair-orders/${order.id}/external-id`, noWrite, { body: { external_id: 'X' } }),
    403,
    'insufficient_scope',
  )

  const removed = await call<{ external_id: string | null }>('DELETE', `/repair-orders/${order.id}/external-id`, key)
  t.equal(removed.body.external_id, null)
  t.equal((await call<RepairOrderJson>('GET', `/repair-orders/${order.id}`, key)).body.external_id, null)
})

t.test('scopes: reading needs repair_orders.read', async (t) => {
  const { key } = await setUp(['customers.read'])
  assertError(t, await call('GET', '/repair-orders', key), 403, 'insufficient_scope')
})
