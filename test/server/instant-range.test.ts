// Instants and dates outside 1900-01-01T00:00:00Z .. 9999-12-31T23:59:59Z (after conversion to UTC) are
// 400 naming the field, on every field and filter, so no response or webhook payload ever carries
// `+010000-01-01T…Z` (the review's promised_at, due_at and an appointment in America/Santiago).
import t from 'tap'
import { createTestKey, startTestApp } from '../helpers/app.js'
import { type AppointmentJson, allAppointmentScopes, appointmentFixtures } from '../helpers/appointments.js'
import { assertError, jsonClient, sendJson } from '../helpers/http.js'

const api = await startTestApp(t)
const fixtures = appointmentFixtures(api)
const { shop, key, customerId, vehicleId } = await fixtures.setUpShop('America/Santiago', [
  ...allAppointmentScopes,
  'tasks.read',
  'tasks.write',
])

const send = jsonClient(api)

const beyond = '9999-12-31T23:59:59-14:00'
const rfc3339Utc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** Every instant-looking string of a body or an event, anywhere in it. */
function instantsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^[+-]?\d{4,6}-\d{2}-\d{2}T/.test(value) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(instantsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(instantsIn)
  return []
}

t.test('promised_at beyond 9999 in UTC is 400 on create and on PATCH; the last instant of 9999 is kept', async (t) => {
  const created = await send<{ error: unknown }>('POST', '/repair-orders', key, {
    body: {
      customer_id: customerId,
      vehicle_id: vehicleId,
      promised_at: beyond,
    },
  })
  assertError(t, created, 400, 'invalid_request', 'promised_at')
  const order = await send<{ id: string; promised_at: string | null }>('POST', '/repair-orders', key, {
    body: {
      customer_id: customerId,
      vehicle_id: vehicleId,
    },
  })
  t.equal(order.status, 201, 'an order without a promise', { body: order.body })
  assertError(
    t,
    await send('PATCH', `/repair-orders/${order.body.id}`, key, { body: { promised_at: beyond } }),
    400,
    'invalid_request',
    'promised_at',
  )
  assertError(
    t,
    await send('PATCH', `/repair-orders/${order.body.id}`, key, { body: { promised_at: '1899-12-31T23:59:59Z' } }),
    400,
    'invalid_request',
    'promised_at',
  )
  const last = await send<{ promised_at: string }>('PATCH', `/repair-orders/${order.body.id}`, key, {
    body: {
      promised_at: '9999-12-31T09:59:59-14:00',
    },
  })
  t.equal(last.status, 200)
  t.equal(last.body.promised_at, '9999-12-31T23:59:59.000Z', 'the latest instant there is')
})

t.test('due_at beyond 9999 in UTC is 400 naming it', async (t) => {
  assertError(
    t,
    await send('POST', '/tasks', key, { body: { title: 'Call back', due_at: beyond } }),
    400,
    'invalid_request',
    'due_at',
  )
  const task = await send<{ id: string }>('POST', '/tasks', key, {
    body: { title: 'Call back', due_at: '2026-12-01T15:00:00-03:00' },
  })
  t.equal(task.status, 201)
  assertError(
    t,
    await send('PATCH', `/tasks/${task.body.id}`, key, { body: { due_at: '0001-01-01T00:00:00Z' } }),
    400,
    'invalid_request',
    'due_at',
  )
})

t.test('instant filters are bounded the same way', async (t) => {
  for (const path of ['/repair-orders', '/tasks', '/appointments', '/customers', '/vehicles']) {
    assertError(
      t,
      await send('GET', `${path}?updated_after=${encodeURIComponent(beyond)}`, key),
      400,
      'invalid_request',
      'updated_after',
    )
  }
  t.equal((await send('GET', '/customers?updated_after=1970-01-01T00:00:00Z', key)).status, 200, '1970 is fine')
})

t.test('an appointment on 9999-12-31 at 22:30 in America/Santiago is 400 naming date; 20:30 is booked', async (t) => {
  const refused = await fixtures.book(key, {
    customer_id: customerId,
    vehicle_id: vehicleId,
    date: '9999-12-31',
    time: '22:30',
  })
  assertError(t, refused, 400, 'invalid_request', 'date')
  const booked = await fixtures.book(key, {
    customer_id: customerId,
    vehicle_id: vehicleId,
    date: '9999-12-31',
    time: '20:30',
  })
  t.equal(booked.status, 201, 'still in 9999 in UTC', { body: booked.body })
  t.equal(booked.body.starts_at, '9999-12-31T23:30:00.000Z')
  const moved = await fixtures.patch(key, booked.body.id, { time: '23:00', expected_version: booked.body.version })
  assertError(t, moved, 400, 'invalid_request', 'date')
  const events = await fixtures.eventsOf(key, booked.body.id)
  t.ok(events.length > 0, 'the booking was told')
  for (const instant of instantsIn(events)) t.match(instant, rfc3339Utc, `events carry RFC 3339: ${instant}`)
  assertError(
    t,
    await fixtures.book(key, { customer_id: customerId, vehicle_id: vehicleId, date: '1899-12-31', time: '12:00' }),
    400,
    'invalid_request',
    'date',
  )
})

t.test('dates in filters and availability: from 1900-01-01 to 9999-12-31', async (t) => {
  assertError(
    t,
    await send('GET', '/appointments?scheduled_date_from=0001-01-01', key),
    400,
    'invalid_request',
    'scheduled_date_from',
  )
  const available = await send<{ data: { date: string }[] }>('GET', '/appointments/availability?date=9999-12-31', key)
  t.equal(available.status, 200, 'the last date of the range', { body: available.body })
  assertError(t, await send('GET', '/appointments/availability?date=1899-12-31', key), 400, 'invalid_request', 'date')
  const { key: ledgerKey } = await createTestKey(api.pool, shop, ['invoices.read', 'payments.read'])
  for (const path of ['/invoices', '/payments']) {
    const reply = await sendJson(api, 'GET', `/v1${path}?business_date_from=0001-01-01`, ledgerKey)
    assertError(t, reply, 400, 'invalid_request', 'business_date_from')
  }
})

t.test('what an order and an appointment show is RFC 3339 throughout', async (t) => {
  const list = await send<{ data: AppointmentJson[] }>('GET', '/appointments?limit=200', key)
  for (const instant of instantsIn(list.body)) t.match(instant, rfc3339Utc)
})
