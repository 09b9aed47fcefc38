// Appointments over a real socket and a real database: booking on the shop's wall clock (DST gaps
// and repeats), shop hours and capacity with blockers (also under concurrency), PATCH, cancel,
// check-in, conversion to a repair order (exactly one, however often it is retried), events.
import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { Scope } from '../../../src/lib/scopes.js'
import { markNoShows } from '../../../src/resources/appointments/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import type { AppointmentJson, ErrorJson } from '../../helpers/appointments.js'
import { assertError, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)

const allScopes: Scope[] = [
  'appointments.read',
  'appointments.write',
  'customers.read',
  'customers.write',
  'vehicles.read',
  'vehicles.write',
  'repair_orders.read',
  'repair_orders.write',
  'pricing.read',
]

async function setUpShop(timezone = 'America/New_York', scopes: Scope[] = allScopes) {
  const shop = await createTestShop(api.pool, { timezone })
  const { key } = await createTestKey(api.pool, shop, scopes)
  const customer = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', key, {
    body: { first_name: 'Grace', last_name: 'Hopper' },
    idempotencyKey: randomUUID(),
  })
  const vehicle = await sendJson<{ id: string }>(api, 'POST', '/v1/vehicles', key, {
    body: { customer_id: customer.body.id, make: 'Ford', model: 'Transit', year: 2021 },
    idempotencyKey: randomUUID(),
  })
  return { shop, key, customerId: customer.body.id, vehicleId: vehicle.body.id }
}

const book = (key: string, body: Record<string, unknown>, idempotencyKey = randomUUID()) =>
  sendJson<AppointmentJson>(api, 'POST', '/v1/appointments', key, { body, idempotencyKey })

t.test('a booking reads date and time on the shop wall clock and shows every field', async (t) => {
  const { key, customerId, vehicleId } = await setUpShop('America/New_York')
  const reply = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date: '2027-01-15', time: '09:30' })
  t.equal(reply.status, 201, 'created', { body: reply.body })
  const appointment = reply.body
  t.match(appointment.id, /^appt_/)
  t.equal(appointment.object, 'appointment')
  t.equal(appointment.status, 'booked')
  t.equal(appointment.date, '2027-01-15')
  t.equal(appointment.time, '09:30')
  t.equal(appointment.timezone, 'America/New_York')
  t.equal(appointment.starts_at, '2027-01-15T14:30:00.000Z', '09:30 EST is 14:30Z')
  t.equal(appointment.duration_minutes, 60, 'default duration')
  t.equal(appointment.customer_id, customerId)
  t.equal(appointment.vehicle_id, vehicleId)
  t.equal(appointment.technician_id, null)
  t.equal(appointment.repair_order_id, null)
  t.type(appointment.confirmed_at, 'string', 'booked appointments are confirmed')
  t.same(appointment.available_actions, ['cancel', 'check_in'])
  t.equal(appointment.version, 1)

  const fetched = await sendJson<AppointmentJson>(api, 'GET', `/v1/appointments/${appointment.id}`, key)
  t.same(fetched.body, appointment, 'GET returns the same object')
})

t.test('DST: a skipped time is 400 naming the gap; a repeated one needs utc_offset', async (t) => {
  const { key, customerId } = await setUpShop('America/New_York')
  const gap = await book(key, { customer_id: customerId, date: '2027-03-14', time: '02:30' })
  assertError(t, gap, 400, 'invalid_request', 'time')
  t.match((gap.body as unknown as ErrorJson).error.message, /02:00 to 03:00/)

  const ambiguous = await book(key, { customer_id: customerId, date: '2027-11-07', time: '01:30' })
  assertError(t, ambiguous, 400, 'invalid_request', 'utc_offset')
  t.match((ambiguous.body as unknown as ErrorJson).error.message, /-04:00.*-05:00/)

  const wrong = await book(key, { customer_id: customerId, date: '2027-11-07', time: '01:30', utc_offset: '-06:00' })
  assertError(t, wrong, 400, 'invalid_request', 'utc_offset')

  const first = await book(key, { customer_id: customerId, date: '2027-11-07', time: '01:30', utc_offset: '-04:00' })
  t.equal(first.status, 201)
  t.equal(first.body.starts_at, '2027-11-07T05:30:00.000Z')
  const second = await book(key, { customer_id: customerId, date: '2027-11-07', time: '01:30', utc_offset: '-05:00' })
  t.equal(second.status, 201)
  t.equal(second.body.starts_at, '2027-11-07T06:30:00.000Z')
  t.equal(second.body.time, '01:30', 'the wall clock stays as booked')
})

t.test('conversion: ten concurrent retries with one key or ten keys make exactly one repair order', async (t) => {
  const { key, customerId, vehicleId } = await setUpShop('America/Chicago')
  for (const sameKey of [true, false]) {
    const booked = await book(key, {
      customer_id: customerId,
      vehicle_id: vehicleId,
      date: '2027-02-01',
      time: '10:00',
      reason: 'Brakes squeal',
    })
    const idempotencyKey = randomUUID()
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        sendJson<{
          id: string
          origin_appointment_id: string
          state: string
          customer_concern: string
          jobs: unknown[]
        }>(api, 'POST', `/v1/appointments/${booked.body.id}/repair-order`, key, {
          idempotencyKey: sameKey ? idempotencyKey : randomUUID(),
        }),
      ),
    )
    const ids = new Set(replies.map((reply) => reply.body.id))
    t.equal(ids.size, 1, `one repair order (${sameKey ? 'one key' : 'ten keys'})`, {
      bodies: replies.map((r) => r.body),
    })
    const statuses = replies.map((reply) => reply.status).sort()
    if (sameKey) t.same(statuses, Array(10).fill(201), 'the replays repeat the 201')
    else t.same(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 201], 'one 201, then 200s')
    const order = replies[0]?.body
    t.equal(order?.origin_appointment_id, booked.body.id)
    t.equal(order?.state, 'scheduled')
    t.equal(order?.customer_concern, 'Brakes squeal')
    t.same(order?.jobs, [])
    const { rows } = await api.pool.query(
      'select count(*)::integer as n from repair_orders r join appointments a on a.id = r.origin_appointment_id where a.public_id = $1',
      [booked.body.id],
    )
    t.equal(rows[0].n, 1)
    const after = await sendJson<AppointmentJson>(api, 'GET', `/v1/appointments/${booked.body.id}`, key)
    t.equal(after.body.status, 'booked', 'conversion leaves the status as it was')
    t.equal(after.body.repair_order_id, order?.id)
    t.same(after.body.available_actions, ['cancel', 'check_in'])
  }
})

t.test('the no-show sweep marks appointments whose day ended', async (t) => {
  const { key, customerId } = await setUpShop('Asia/Tokyo')
  const booked = await book(key, { customer_id: customerId, date: '2027-05-10', time: '10:00' })
  const statusNow = async () =>
    (await sendJson<AppointmentJson>(api, 'GET', `/v1/appointments/${booked.body.id}`, key)).body.status
  await markNoShows(api.pool, new Date('2027-05-10T14:59:00Z'))
  t.equal(await statusNow(), 'booked', 'the day has not ended in Tokyo at 23:59')
  t.ok((await markNoShows(api.pool, new Date('2027-05-10T15:00:00Z'))) >= 1, 'midnight in Tokyo')
  t.equal(await statusNow(), 'no_show')
})
