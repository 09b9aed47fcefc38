// An appointment's life through the API: booked or requested, check-in, cancel, what each key may do
// (`available_actions`) and the 409 blockers of what it may not, which changes a PATCH may still make,
// conversion to a repair order (scopes, states, the order it makes), the events an integrator reads
// from GET /events, and the no-show sweep at the end of the shop's day.
import { randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import { newPublicId } from '../../../src/lib/ids.js'
import { markNoShows } from '../../../src/resources/appointments/service.js'
import { createTestKey, startTestApp } from '../../helpers/app.js'
import {
  type AppointmentJson,
  appointmentFields,
  appointmentFixtures,
  type EventJson,
  errorOf,
} from '../../helpers/appointments.js'
import { assertError, type Reply, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const { setUpShop, book, patch, get, act, confirmBookings, addTechnician, eventsOf } = appointmentFixtures(api)

interface RepairOrderJson {
  id: string
  object: string
  state: string
  customer_id: string
  vehicle_id: string
  origin_appointment_id: string | null
  customer_concern: string | null
  odometer_in: number | null
  jobs: unknown[] | null
  pricing: object | null
  redacted_fields: string[]
}

const convert = (key: string, id: string, body?: Record<string, unknown>, idempotencyKey = randomUUID()) =>
  sendJson<RepairOrderJson>(api, 'POST', `/v1/appointments/${id}/repair-order`, key, { body, idempotencyKey })

/** A 409 conflict with one `appointment` blocker of this reason. */
function assertRefused(t: Test, reply: Reply<unknown>, reason: string) {
  assertError(t, reply, 409, 'conflict')
  const blockers = errorOf(reply)?.blockers ?? []
  t.same(
    blockers.map((blocker) => [blocker.type, blocker.reason]),
    [['appointment', reason]],
    `blocker appointment/${reason}`,
  )
  t.ok(blockers[0]?.message, 'the blocker says why')
  t.ok((blockers[0]?.resolution.length ?? 0) > 0, 'and what would help')
}

const eventTypes = (events: EventJson[]) => events.map((event) => event.type)

const date = '2027-09-14'

t.test('a booking is booked and confirmed; check-in, then cancel, each stamped and refused twice', async (t) => {
  const { key, customerId } = await setUpShop('America/New_York')
  const booked = await book(key, { customer_id: customerId, date, time: '10:00' })
  t.equal(booked.status, 201)
  t.same(Object.keys(booked.body).sort(), appointmentFields, 'every field of the spec, always')
  t.match(booked.body, { status: 'booked', arrived_at: null, cancelled_at: null, status_reason: null })
  t.ok(Date.parse(booked.body.confirmed_at ?? '') <= Date.now(), 'confirmed_at is when it was booked')
  t.same(booked.body.available_actions, ['cancel', 'check_in'])

  const arrived = await act(key, booked.body.id, 'check-in')
  t.equal(arrived.status, 200)
  t.match(arrived.body, { status: 'arrived', version: 2, confirmed_at: booked.body.confirmed_at })
  t.type(arrived.body.arrived_at, 'string', 'arrived_at is set')
  t.same(arrived.body.available_actions, ['cancel'], 'an arrived appointment can still be cancelled')
  t.same((await get(key, booked.body.id)).body, arrived.body, 'the answer is what GET shows')

  const twice = await act(key, booked.body.id, 'check-in')
  assertRefused(t, twice, 'state_arrived')
  t.match(errorOf(twice)?.message, 'Cannot check the appointment in: the appointment is arrived')

  const cancelled = await act(key, booked.body.id, 'cancel', { reason: 'Customer called: fixed it himself' })
  t.equal(cancelled.status, 200)
  t.match(cancelled.body, {
    status: 'cancelled',
    status_reason: 'Customer called: fixed it himself',
    arrived_at: arrived.body.arrived_at,
    version: 3,
  })
  t.type(cancelled.body.cancelled_at, 'string')
  t.same(cancelled.body.available_actions, [])
  assertRefused(t, await act(key, booked.body.id, 'cancel'), 'state_cancelled')
  assertRefused(t, await act(key, booked.body.id, 'check-in'), 'state_cancelled')
  t.same((await get(key, booked.body.id)).body, cancelled.body, 'the refusals changed nothing')

  const plain = await book(key, { customer_id: customerId, date, time: '11:00' })
  const noReason = await act(key, plain.body.id, 'cancel')
  t.match(noReason.body, { status: 'cancelled', status_reason: null }, 'a cancel without a body has no reason')
  const nullReason = await book(key, { customer_id: customerId, date, time: '12:00' })
  t.match((await act(key, nullReason.body.id, 'cancel', { reason: null })).body, { status_reason: null })
})

t.test('available_actions is what the calling key may do', async (t) => {
  const { shop, key, customerId } = await setUpShop('Europe/Paris')
  const booked = await book(key, { customer_id: customerId, date, time: '10:00' })
  const { key: readerKey } = await createTestKey(api.pool, shop, ['appointments.read'], 'Reader')
  const asReader = await get(readerKey, booked.body.id)
  t.equal(asReader.status, 200)
  t.same(asReader.body.available_actions, [], 'a key without appointments.write may do nothing')
  const listed = await sendJson<{ data: AppointmentJson[] }>(api, 'GET', '/v1/appointments', readerKey)
  t.same(listed.body.data[0]?.available_actions, [], 'in lists too')
  assertError(t, await act(readerKey, booked.body.id, 'cancel'), 403, 'insufficient_scope')
  assertError(t, await act(readerKey, booked.body.id, 'check-in'), 403, 'insufficient_scope')
  assertError(t, await patch(readerKey, booked.body.id, { notes: 'x' }), 403, 'insufficient_scope')
  assertError(t, await book(readerKey, { customer_id: customerId, date, time: '11:00' }), 403, 'insufficient_scope')

  const { key: writerKey } = await createTestKey(api.pool, shop, ['appointments.write'], 'Write only')
  assertError(t, await act(writerKey, booked.body.id, 'cancel'), 403, 'insufficient_scope')
  const { key: bothKey } = await createTestKey(api.pool, shop, ['appointments.read', 'appointments.write'], 'Both')
  t.same((await get(bothKey, booked.body.id)).body.available_actions, ['cancel', 'check_in'])
  t.equal((await get(key, booked.body.id)).body.status, 'booked', 'no refused request changed it')
})

t.test('a shop that confirms bookings: requested, not confirmed, and not yet convertible', async (t) => {
  const { shop, key, customerId, vehicleId } = await setUpShop('America/Chicago')
  await confirmBookings(shop.id, true)
  const requested = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '10:00' })
  t.equal(requested.status, 201)
  t.match(requested.body, { status: 'requested', confirmed_at: null })
  t.same(requested.body.available_actions, ['cancel', 'check_in'])
  const refused = await convert(key, requested.body.id)
  assertRefused(t, refused, 'state_requested')
  t.match(errorOf(refused)?.blockers[0]?.message, 'has not confirmed')
  const arrived = await act(key, requested.body.id, 'check-in')
  t.match(arrived.body, { status: 'arrived', confirmed_at: null }, 'a requested appointment can check in')
  const order = await convert(key, requested.body.id)
  t.equal(order.status, 201, 'once arrived it converts')
  t.equal(order.body.state, 'checked_in')

  await confirmBookings(shop.id, false)
  t.equal((await book(key, { customer_id: customerId, date, time: '11:00' })).body.status, 'booked')
})

t.test('PATCH by status: arrived keeps its slot but takes notes; final statuses change no more', async (t) => {
  const { shop, key, customerId, vehicleId } = await setUpShop('America/Denver')
  const technicianId = await addTechnician(shop.id, 'Kim Lee', null)
  const booked = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '10:00' })
  const arrived = await act(key, booked.body.id, 'check-in')
  const notes = await patch(key, booked.body.id, { notes: 'Left the keys at the desk', reason: 'Oil change' })
  t.equal(notes.status, 200, 'an arrived appointment takes notes and a reason')
  t.match(notes.body, { status: 'arrived', notes: 'Left the keys at the desk', reason: 'Oil change', version: 3 })
  for (const change of [
    { time: '11:00' },
    { date: '2027-09-15' },
    { duration_minutes: 30 },
    { technician_id: technicianId },
  ]) {
    const moved = await patch(key, booked.body.id, { ...change, notes: 'moved' })
    assertRefused(t, moved, 'state_arrived')
  }
  t.same((await get(key, booked.body.id)).body, notes.body, 'the refused moves changed nothing')
  t.not(arrived.body.version, notes.body.version)

  const cancelled = await book(key, { customer_id: customerId, date, time: '12:00' })
  await act(key, cancelled.body.id, 'cancel')
  assertRefused(t, await patch(key, cancelled.body.id, { notes: 'too late' }), 'state_cancelled')

  // Fulfilled is the shop's word (staff only): conversion does not set it.
  const fulfilled = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '13:00' })
  await api.pool.query("update appointments set status = 'fulfilled' where public_id = $1", [fulfilled.body.id])
  assertRefused(t, await patch(key, fulfilled.body.id, { notes: 'after the fact' }), 'state_fulfilled')
  assertRefused(t, await act(key, fulfilled.body.id, 'cancel'), 'state_fulfilled')
  assertRefused(t, await act(key, fulfilled.body.id, 'check-in'), 'state_fulfilled')

  const missed = await book(key, { customer_id: customerId, date, time: '14:00' })
  await api.pool.query("update appointments set status = 'no_show' where public_id = $1", [missed.body.id])
  assertRefused(t, await patch(key, missed.body.id, { reason: 'Brakes' }), 'state_no_show')
  assertRefused(t, await act(key, missed.body.id, 'check-in'), 'state_no_show')
  t.same((await get(key, missed.body.id)).body.available_actions, [])
})

t.test('conversion: the repair order it makes, 201 then 200, and what refuses it', async (t) => {
  const { shop, key, customerId, vehicleId } = await setUpShop('America/New_York')
  const booked = await book(key, {
    customer_id: customerId,
    vehicle_id: vehicleId,
    date,
    time: '10:00',
    reason: 'Brakes squeal',
    notes: 'Front left',
  })
  const created = await convert(key, booked.body.id, { odometer_in: 48_213 })
  t.equal(created.status, 201, { body: created.body })
  t.match(created.body, {
    object: 'repair_order',
    state: 'scheduled',
    customer_id: customerId,
    vehicle_id: vehicleId,
    origin_appointment_id: booked.body.id,
    customer_concern: 'Brakes squeal',
    odometer_in: 48_213,
  })
  t.same(created.body.jobs, [], 'a new order has no jobs')
  t.equal(created.body.pricing, null, 'sale pricing needs pricing.read')
  t.same(
    [...created.body.redacted_fields].sort(),
    ['/jobs/*/pricing', '/pricing'],
    "listed as redacted, with the jobs' pricing (spec Redaction)",
  )
  const again = await convert(key, booked.body.id, { odometer_in: 1 })
  t.equal(again.status, 200, 'already converted: 200 whatever the key and body')
  t.same(again.body, created.body, 'the same order, unchanged')
  const fetched = await sendJson<RepairOrderJson>(api, 'GET', `/v1/repair-orders/${created.body.id}`, key)
  t.equal(fetched.body.origin_appointment_id, booked.body.id)
  const after = await get(key, booked.body.id)
  t.match(after.body, { status: 'booked', repair_order_id: created.body.id, version: 2 }, 'status unchanged')
  t.same(after.body.available_actions, ['cancel', 'check_in'], 'a booked customer can still arrive or cancel')

  const arrived = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '11:00' })
  await act(key, arrived.body.id, 'check-in')
  const { key: pricingKey } = await createTestKey(
    api.pool,
    shop,
    ['appointments.read', 'appointments.write', 'repair_orders.read', 'repair_orders.write', 'pricing.read'],
    'Pricing',
  )
  const checkedIn = await convert(pricingKey, arrived.body.id)
  t.equal(checkedIn.status, 201)
  t.match(checkedIn.body, { state: 'checked_in', customer_concern: null, odometer_in: null, redacted_fields: [] })
  t.type(checkedIn.body.pricing, 'object', 'a key with pricing.read sees the pricing')
  t.not(checkedIn.body.pricing, null)
  const replayedForOther = await convert(key, arrived.body.id)
  t.equal(replayedForOther.status, 200)
  t.match(replayedForOther.body, { id: checkedIn.body.id, pricing: null }, 'redacted for a key without pricing.read')
  t.ok(replayedForOther.body.redacted_fields.includes('/pricing'))

  const noVehicle = await book(key, { customer_id: customerId, date, time: '12:00' })
  const refusedNoVehicle = await convert(key, noVehicle.body.id)
  assertRefused(t, refusedNoVehicle, 'vehicle_required')
  const cancelled = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '13:00' })
  await act(key, cancelled.body.id, 'cancel')
  assertRefused(t, await convert(key, cancelled.body.id), 'state_cancelled')
  const missed = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '14:00' })
  await api.pool.query("update appointments set status = 'no_show' where public_id = $1", [missed.body.id])
  assertRefused(t, await convert(key, missed.body.id), 'state_no_show')
  assertError(t, await convert(key, 'appt_doesnotexist'), 404, 'not_found')

  const scopeSets: string[][] = [
    ['appointments.read', 'appointments.write'],
    ['appointments.read', 'appointments.write', 'repair_orders.read'],
    ['appointments.read', 'appointments.write', 'repair_orders.write'],
    ['appointments.write', 'repair_orders.read', 'repair_orders.write'],
  ]
  const waiting = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '15:00' })
  for (const scopes of scopeSets) {
    const { key: partial } = await createTestKey(api.pool, shop, scopes as never, scopes.join(' '))
    assertError(t, await convert(partial, waiting.body.id), 403, 'insufficient_scope')
  }
  const { rows } = await api.pool.query('select count(*)::integer as n from repair_orders where shop_id = $1', [
    shop.id,
  ])
  t.equal(rows[0].n, 2, 'only the two conversions made orders')
  t.equal((await get(key, waiting.body.id)).body.status, 'booked')
})

t.test('a converted booked appointment is checked in (its order too) or cancelled as any other', async (t) => {
  const { key, customerId, vehicleId } = await setUpShop('America/New_York')
  const order = async (id: string) =>
    (await sendJson<RepairOrderJson & { state: string }>(api, 'GET', `/v1/repair-orders/${id}`, key)).body

  const arriving = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '09:00' })
  const opened = await convert(key, arriving.body.id)
  t.equal(opened.status, 201)
  t.equal((await order(opened.body.id)).state, 'scheduled', 'the order waits for the vehicle')
  const checkedIn = await act(key, arriving.body.id, 'check-in')
  t.equal(checkedIn.status, 200, { body: checkedIn.body })
  t.match(checkedIn.body, { status: 'arrived', repair_order_id: opened.body.id })
  t.equal((await order(opened.body.id)).state, 'checked_in', 'checking the customer in checks the order in')
  t.same(
    eventTypes(await eventsOf(key, opened.body.id)),
    ['repair_order.created', 'repair_order.status_changed'],
    "the order's move is recorded",
  )
  t.equal((await convert(key, arriving.body.id)).status, 200, 'still the same order')

  const staying = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date, time: '10:00' })
  const kept = await convert(key, staying.body.id)
  const cancelled = await act(key, staying.body.id, 'cancel', { reason: 'Car sold' })
  t.equal(cancelled.status, 200, { body: cancelled.body })
  t.match(cancelled.body, { status: 'cancelled', status_reason: 'Car sold', repair_order_id: kept.body.id })
  t.equal((await order(kept.body.id)).state, 'scheduled', "the order is the shop's to cancel")
})

t.test('events: what each change records, with summaries an integrator can use', async (t) => {
  const { shop, key, customerId, vehicleId } = await setUpShop('America/New_York')
  const technicianId = await addTechnician(shop.id, 'Sam Ortiz', null)
  const booked = await book(key, {
    customer_id: customerId,
    vehicle_id: vehicleId,
    technician_id: technicianId,
    date,
    time: '10:00',
  })
  const [createdEvent] = await eventsOf(key, booked.body.id)
  t.equal(createdEvent?.type, 'appointment.created')
  t.match(createdEvent?.data, { object_type: 'appointment', object_id: booked.body.id })
  t.same(createdEvent?.data.summary, {
    status: 'booked',
    date,
    time: '10:00',
    starts_at: '2027-09-14T14:00:00.000Z',
    customer_id: customerId,
    vehicle_id: vehicleId,
    technician_id: technicianId,
  })

  const moved = await patch(key, booked.body.id, { time: '11:30', notes: 'Call first' })
  t.equal(moved.status, 200)
  const updated = (await eventsOf(key, booked.body.id)).at(-1)
  t.equal(updated?.type, 'appointment.updated')
  t.same([...((updated?.data.summary.changed_fields as string[]) ?? [])].sort(), ['notes', 'time'])
  t.match(updated?.data.summary, { time: '11:30', starts_at: '2027-09-14T15:30:00.000Z', status: 'booked' })

  // Refusals record nothing.
  const before = (await eventsOf(key, booked.body.id)).length
  assertError(t, await patch(key, booked.body.id, { notes: 'Call first' }), 400, 'no_changes')
  assertError(t, await patch(key, booked.body.id, { notes: 'x', expected_version: 1 }), 409, 'version_conflict')

  await act(key, booked.body.id, 'check-in')
  const order = await convert(key, booked.body.id)
  t.equal(order.status, 201)
  t.equal((await convert(key, booked.body.id)).status, 200)

  const events = await eventsOf(key, booked.body.id)
  t.same(
    eventTypes(events.slice(before, before + 1)),
    ['appointment.status_changed'],
    'check-in records a status change',
  )
  t.same(events[before]?.data.summary, { status: 'arrived', previous_status: 'booked', date, time: '11:30' })
  const conversion = events.slice(before + 1)
  t.same(
    eventTypes(conversion),
    ['appointment.converted_to_repair_order'],
    'the conversion records one appointment event, once, and no status change',
  )
  const converted = conversion.find((event) => event.type === 'appointment.converted_to_repair_order')
  t.equal(converted?.data.summary.status, 'arrived', 'the status it keeps')
  t.equal(converted?.data.summary.repair_order_id, order.body.id, 'the repair order by its ro_ id')
  t.match(converted?.data.summary.repair_order_id, /^ro_/)
  t.same(eventTypes(await eventsOf(key, order.body.id)), ['repair_order.created'], 'and the order its own')

  const { key: appointmentsOnly } = await createTestKey(api.pool, shop, ['appointments.read'], 'Calendar')
  t.same(await eventsOf(appointmentsOnly, order.body.id), [], 'repair order events need repair_orders.read')
  t.equal((await eventsOf(appointmentsOnly, booked.body.id)).length, events.length, 'appointment events do not')
  const { key: ordersOnly } = await createTestKey(api.pool, shop, ['repair_orders.read'], 'Workshop')
  t.same(await eventsOf(ordersOnly, booked.body.id), [], 'appointment events need appointments.read')

  const cancelled = await book(key, { customer_id: customerId, date, time: '15:00' })
  await act(key, cancelled.body.id, 'cancel', { reason: 'Sick' })
  const cancelEvent = (await eventsOf(key, cancelled.body.id)).at(-1)
  t.equal(cancelEvent?.type, 'appointment.status_changed')
  t.match(cancelEvent?.data.summary, { status: 'cancelled', previous_status: 'booked' })
})

t.test('the no-show sweep: requested and booked appointments whose shop day has ended', async (t) => {
  const { shop, key, customerId, vehicleId } = await setUpShop('America/New_York')
  const day = '2027-05-10'
  const statusOf = async (id: string) => (await get(key, id)).body.status
  const booked = await book(key, { customer_id: customerId, date: day, time: '10:00' })
  // Converted ahead of the visit: missed while the order waits; not when the shop has started on it.
  const convertedMissed = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date: day, time: '14:00' })
  t.equal((await convert(key, convertedMissed.body.id)).status, 201)
  const convertedCame = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date: day, time: '15:00' })
  const cameOrder = await convert(key, convertedCame.body.id)
  await api.pool.query("update repair_orders set state = 'checked_in' where public_id = $1", [cameOrder.body.id])
  const late = await book(key, { customer_id: customerId, date: day, time: '23:45' })
  const arrived = await book(key, { customer_id: customerId, date: day, time: '11:00' })
  await act(key, arrived.body.id, 'check-in')
  const cancelled = await book(key, { customer_id: customerId, date: day, time: '12:00' })
  await act(key, cancelled.body.id, 'cancel')
  const tomorrow = await book(key, { customer_id: customerId, date: '2027-05-11', time: '00:00' })
  await confirmBookings(shop.id, true)
  const requested = await book(key, { customer_id: customerId, date: day, time: '13:00' })
  t.equal(requested.body.status, 'requested')

  // Entered by the shop after the day had ended (midnight in New York is 04:00Z): never expected.
  const enteredLate = newPublicId('appointment')
  await api.pool.query(
    `insert into appointments (shop_id, public_id, status, date, local_time, timezone, starts_at, utc_offset,
       duration_minutes, customer_id, confirmed_at, created_at, updated_at)
     select $1::uuid, $2::text, 'booked', date '2027-05-10', time '09:00', 'America/New_York',
       timestamptz '2027-05-10T13:00:00Z', '-04:00', 60, c.id, timestamptz '2027-05-11T04:00:01Z',
       timestamptz '2027-05-11T04:00:01Z', timestamptz '2027-05-11T04:00:01Z'
     from customers c where c.public_id = $3::text`,
    [shop.id, enteredLate, customerId],
  )

  await markNoShows(api.pool, new Date('2027-05-11T03:59:59.999Z'))
  for (const appointment of [booked, late, requested]) {
    t.equal(await statusOf(appointment.body.id), appointment.body.status, 'the day has not ended at 23:59:59.999')
  }
  await markNoShows(api.pool, new Date('2027-05-11T04:00:00Z'))
  t.equal(await statusOf(booked.body.id), 'no_show', 'booked and not arrived by midnight')
  t.equal(await statusOf(late.body.id), 'no_show', 'the last slot of the day too')
  t.equal(await statusOf(requested.body.id), 'no_show', 'a request nobody confirmed or came to')
  t.equal(await statusOf(arrived.body.id), 'arrived', 'an arrived customer is no no-show')
  t.equal(await statusOf(cancelled.body.id), 'cancelled')
  t.equal(await statusOf(convertedMissed.body.id), 'no_show', 'converted, its order still scheduled: missed')
  t.equal(await statusOf(convertedCame.body.id), 'booked', 'converted, its order checked in by the shop: no no-show')
  t.equal(await statusOf(tomorrow.body.id), 'booked', "the next day's appointment waits")
  await markNoShows(api.pool, new Date('2027-05-13T00:00:00Z'))
  t.equal(await statusOf(enteredLate), 'booked', 'one entered after its day had ended is left alone')
  t.equal(await statusOf(tomorrow.body.id), 'no_show', 'the next day ends in turn')

  const swept = await get(key, booked.body.id)
  t.match(swept.body, { version: 2, available_actions: [] })
  const [noShowEvent] = (await eventsOf(key, booked.body.id)).filter(
    (event) => event.type === 'appointment.status_changed',
  )
  t.same(noShowEvent?.data.summary, { status: 'no_show', previous_status: 'booked', date: day, time: '10:00' })
  const requestedEvents = await eventsOf(key, requested.body.id)
  t.match(requestedEvents.at(-1)?.data.summary, { status: 'no_show', previous_status: 'requested' })
  t.equal(await markNoShows(api.pool, new Date('2027-05-13T00:00:00Z')), 0, 'a second sweep finds nothing')
  t.equal(
    (await eventsOf(key, booked.body.id)).filter((event) => event.type === 'appointment.status_changed').length,
    1,
    'and records nothing twice',
  )
})
