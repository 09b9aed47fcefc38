// Appointment input as an integrator gets it wrong: every body field's limits on create and PATCH,
// ids of the wrong type, Idempotency-Key missing, replayed and reused with another body, and the
// bodies of cancel, check-in and conversion. Each refusal is 400 with `param` and changes nothing.
import { randomUUID } from 'node:crypto'
import t from 'tap'
import { startTestApp } from '../../helpers/app.js'
import { appointmentFixtures, errorOf } from '../../helpers/appointments.js'
import { assertError, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const { setUpShop, book, patch, get, act } = appointmentFixtures(api)
const { shop, key, customerId, vehicleId } = await setUpShop('America/New_York')

const valid = { customer_id: customerId, date: '2027-01-15', time: '09:30' }

async function appointmentCount(): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(
    'select count(*)::integer as n from appointments where shop_id = $1::uuid',
    [shop.id],
  )
  return (rows[0] as { n: number }).n
}

t.test('create: each field outside its limits is 400 invalid_request naming it', async (t) => {
  const before = await appointmentCount()
  const refusals: [string, Record<string, unknown>][] = [
    ['duration_minutes', { duration_minutes: 14 }],
    ['duration_minutes', { duration_minutes: 601 }],
    ['duration_minutes', { duration_minutes: 60.5 }],
    ['duration_minutes', { duration_minutes: '60' }],
    ['duration_minutes', { duration_minutes: null }],
    ['time', { time: '24:00' }],
    ['time', { time: '9:5' }],
    ['time', { time: '9:30' }],
    ['time', { time: '09:30:00' }],
    ['time', { time: '09:60' }],
    ['time', { time: '09:30Z' }],
    ['time', { time: '' }],
    ['time', { time: 930 }],
    ['date', { date: '2026-02-30' }],
    ['date', { date: '2027-02-29' }],
    // Year 0 has no place in Postgres's calendar: refused as input, never a 500.
    ['date', { date: '0000-03-01' }],
    ['date', { date: '2027-1-15' }],
    ['date', { date: '2027-01-15T09:30:00Z' }],
    ['date', { date: '15/01/2027' }],
    ['utc_offset', { utc_offset: '+14:01' }],
    ['utc_offset', { utc_offset: '+14:30' }],
    ['utc_offset', { utc_offset: '+5:00' }],
    ['utc_offset', { utc_offset: '-0500' }],
    ['utc_offset', { utc_offset: 'Z' }],
    ['utc_offset', { utc_offset: '+05:60' }],
    ['notes', { notes: 'n'.repeat(5001) }],
    ['reason', { reason: 'r'.repeat(256) }],
    ['colour', { colour: 'red' }],
  ]
  for (const [param, change] of refusals) {
    const reply = await book(key, { ...valid, ...change })
    assertError(t, reply, 400, 'invalid_request', param)
  }
  for (const required of ['customer_id', 'date', 'time']) {
    const { [required]: _omitted, ...rest } = valid as Record<string, unknown>
    assertError(t, await book(key, rest), 400, 'invalid_request', required)
    assertError(t, await book(key, { ...valid, [required]: null }), 400, 'invalid_request', required)
  }
  t.match(errorOf(await book(key, { ...valid, utc_offset: '+14:01' }))?.message, 'hours 00-13, or exactly ±14:00')
  t.equal(await appointmentCount(), before, 'no refused request booked anything')
})

t.test('create: the values at the limits are accepted', async (t) => {
  const shortest = await book(key, { ...valid, duration_minutes: 15 })
  t.equal(shortest.status, 201)
  t.equal(shortest.body.duration_minutes, 15)
  const longest = await book(key, { ...valid, duration_minutes: 600 })
  t.equal(longest.body.duration_minutes, 600)
  const full = await book(key, {
    ...valid,
    time: '23:59',
    notes: 'n'.repeat(5000),
    reason: 'r'.repeat(255),
    vehicle_id: vehicleId,
    technician_id: null,
  })
  t.equal(full.status, 201, { body: full.text.slice(0, 300) })
  t.equal(full.body.notes?.length, 5000)
  t.equal(full.body.reason?.length, 255)
  t.equal(full.body.time, '23:59')
  const midnight = await book(key, { ...valid, date: '2028-02-29', time: '00:00' })
  t.equal(midnight.status, 201, 'a leap day at midnight')
  t.equal(midnight.body.starts_at, '2028-02-29T05:00:00.000Z')

  // An offset that is well-formed but not the shop's is refused for not matching, not for its form.
  const farEast = await book(key, { ...valid, utc_offset: '+14:00' })
  assertError(t, farEast, 400, 'invalid_request', 'utc_offset')
  t.match(errorOf(farEast)?.message, 'utc_offset +14:00 does not match 2027-01-15 09:30 in America/New_York')
  const { key: kiritimatiKey, customerId: islander } = await setUpShop('Pacific/Kiritimati')
  const plusFourteen = await book(kiritimatiKey, {
    customer_id: islander,
    date: '2027-01-15',
    time: '09:30',
    utc_offset: '+14:00',
  })
  t.equal(plusFourteen.status, 201, '+14:00 where it is the offset')
  t.equal(plusFourteen.body.starts_at, '2027-01-14T19:30:00.000Z')
  const { key: londonKey, customerId: londoner } = await setUpShop('Europe/London')
  const gmt = await book(londonKey, { customer_id: londoner, date: '2027-01-15', time: '09:30', utc_offset: '-00:00' })
  t.equal(gmt.status, 201, '-00:00 names GMT')
  t.equal(gmt.body.starts_at, '2027-01-15T09:30:00.000Z')
})

t.test('ids of the wrong type are invalid_id before any lookup', async (t) => {
  const booked = await book(key, valid)
  t.equal(booked.status, 201)
  assertError(t, await book(key, { ...valid, customer_id: vehicleId }), 400, 'invalid_id', 'customer_id')
  assertError(t, await book(key, { ...valid, vehicle_id: customerId }), 400, 'invalid_id', 'vehicle_id')
  assertError(t, await book(key, { ...valid, technician_id: customerId }), 400, 'invalid_id', 'technician_id')
  assertError(t, await patch(key, booked.body.id, { technician_id: 'cus_abc' }), 400, 'invalid_id', 'technician_id')
  assertError(t, await get(key, customerId), 400, 'invalid_id', 'public_id')
  assertError(t, await patch(key, vehicleId, { notes: 'x' }), 400, 'invalid_id', 'public_id')
  assertError(t, await act(key, customerId, 'cancel'), 400, 'invalid_id', 'public_id')
  assertError(t, await act(key, customerId, 'check-in'), 400, 'invalid_id', 'public_id')
  const convert = await sendJson(api, 'POST', `/v1/appointments/${customerId}/repair-order`, key, {
    idempotencyKey: randomUUID(),
  })
  assertError(t, convert, 400, 'invalid_id', 'public_id')
  for (const filter of ['customer', 'vehicle', 'technician']) {
    const list = await sendJson(api, 'GET', `/v1/appointments?${filter}=appt_abc`, key)
    assertError(t, list, 400, 'invalid_id', filter)
  }
  assertError(t, await get(key, 'appt_doesnotexist'), 404, 'not_found')
})

t.test('Idempotency-Key: required, replayed for the same body, refused for another', async (t) => {
  const before = await appointmentCount()
  assertError(t, await book(key, valid, null), 400, 'idempotency_key_required')
  const booked = await book(key, valid)
  t.equal(booked.status, 201)
  for (const action of ['cancel', 'check-in'] as const) {
    assertError(t, await act(key, booked.body.id, action, undefined, null), 400, 'idempotency_key_required')
  }
  assertError(
    t,
    await sendJson(api, 'POST', `/v1/appointments/${booked.body.id}/repair-order`, key, {}),
    400,
    'idempotency_key_required',
  )
  t.equal((await get(key, booked.body.id)).body.status, 'booked', 'nothing happened without the key')

  const idempotencyKey = randomUUID()
  const first = await book(key, { ...valid, notes: 'Once' }, idempotencyKey)
  t.equal(first.status, 201)
  const again = await book(key, { notes: 'Once', ...valid }, idempotencyKey)
  t.equal(again.status, 201, 'the same body (fields in another order) replays')
  t.same(again.body, first.body, 'the same appointment')
  t.equal(again.headers.get('idempotent-replayed'), 'true')
  const changed = await book(key, { ...valid, notes: 'Twice' }, idempotencyKey)
  assertError(t, changed, 422, 'idempotency_key_reused')
  t.equal(await appointmentCount(), before + 2, 'one appointment per key')

  const cancelKey = randomUUID()
  const cancelled = await act(key, first.body.id, 'cancel', { reason: 'Moved away' }, cancelKey)
  t.equal(cancelled.status, 200)
  const cancelAgain = await act(key, first.body.id, 'cancel', { reason: 'Moved away' }, cancelKey)
  t.equal(cancelAgain.status, 200, 'a retried cancel replays its answer')
  t.same(cancelAgain.body, cancelled.body)
  assertError(t, await act(key, first.body.id, 'cancel', { reason: 'Other' }, cancelKey), 422, 'idempotency_key_reused')

  // Optional on PATCH: with a key, a retried PATCH replays instead of answering no_changes.
  const patchKey = randomUUID()
  const patchWith = (body: Record<string, unknown>) =>
    sendJson(api, 'PATCH', `/v1/appointments/${booked.body.id}`, key, { body, idempotencyKey: patchKey })
  const patched = await patchWith({ notes: 'Keyed' })
  t.equal(patched.status, 200)
  const patchedAgain = await patchWith({ notes: 'Keyed' })
  t.equal(patchedAgain.status, 200, 'replayed')
  t.same(patchedAgain.body, patched.body)
  t.equal(patchedAgain.headers.get('idempotent-replayed'), 'true')
  assertError(t, await patchWith({ notes: 'Other' }), 422, 'idempotency_key_reused')
  t.equal((await get(key, booked.body.id)).body.version, 2, 'one change')
})

t.test('PATCH: the same limits, null only where a field can be cleared, versions and no_changes', async (t) => {
  const booked = await book(key, { ...valid, notes: 'Rattle', reason: 'Noise', vehicle_id: vehicleId })
  t.equal(booked.status, 201)
  const refusals: [string, Record<string, unknown>][] = [
    ['duration_minutes', { duration_minutes: 14 }],
    ['duration_minutes', { duration_minutes: 601 }],
    ['duration_minutes', { duration_minutes: null }],
    ['time', { time: '24:00' }],
    ['time', { time: '9:5' }],
    ['time', { time: '09:30:00' }],
    ['time', { time: null }],
    ['date', { date: '2026-02-30' }],
    ['date', { date: '0000-03-01' }],
    ['date', { date: null }],
    ['utc_offset', { utc_offset: '+14:01' }],
    ['utc_offset', { utc_offset: '+5:00' }],
    ['notes', { notes: 'n'.repeat(5001) }],
    ['reason', { reason: 'r'.repeat(256) }],
    ['expected_version', { expected_version: 0, notes: 'x' }],
    ['expected_version', { expected_version: '1', notes: 'x' }],
    ['customer_id', { customer_id: customerId }],
    ['vehicle_id', { vehicle_id: null }],
    ['status', { status: 'cancelled' }],
  ]
  for (const [param, change] of refusals) {
    assertError(t, await patch(key, booked.body.id, change), 400, 'invalid_request', param)
  }
  assertError(t, await patch(key, booked.body.id, {}), 400, 'no_changes')
  assertError(
    t,
    await patch(key, booked.body.id, { notes: 'Rattle', time: '09:30', date: '2027-01-15' }),
    400,
    'no_changes',
  )
  const stale = await patch(key, booked.body.id, { notes: 'x', expected_version: 7 })
  assertError(t, stale, 409, 'version_conflict', 'expected_version')
  t.match(errorOf(stale)?.message, 'is at version 1')
  t.same((await get(key, booked.body.id)).body, booked.body, 'no refused PATCH changed anything')

  const cleared = await patch(key, booked.body.id, { notes: null, reason: null, expected_version: 1 })
  t.equal(cleared.status, 200)
  t.match(cleared.body, { notes: null, reason: null, version: 2 }, 'null clears notes and reason')
  const empty = await patch(key, booked.body.id, { notes: '', expected_version: null })
  t.equal(empty.status, 200)
  t.equal(empty.body.notes, '', 'an empty string is a value')
  const longest = await patch(key, booked.body.id, { duration_minutes: 600, reason: 'r'.repeat(255) })
  t.match(longest.body, { duration_minutes: 600, version: 4 })
})

t.test('cancel, check-in and conversion bodies', async (t) => {
  const booked = await book(key, { ...valid, vehicle_id: vehicleId })
  assertError(
    t,
    await act(key, booked.body.id, 'cancel', { reason: 'r'.repeat(256) }),
    400,
    'invalid_request',
    'reason',
  )
  assertError(t, await act(key, booked.body.id, 'cancel', { why: 'x' }), 400, 'invalid_request', 'why')
  assertError(t, await act(key, booked.body.id, 'check-in', { note: 'early' }), 400, 'invalid_request', 'note')
  assertError(t, await act(key, booked.body.id, 'check-in', { reason: 'x' }), 400, 'invalid_request', 'reason')
  const convert = (body: unknown) =>
    sendJson(api, 'POST', `/v1/appointments/${booked.body.id}/repair-order`, key, {
      body,
      idempotencyKey: randomUUID(),
    })
  assertError(t, await convert({ odometer_in: -1 }), 400, 'invalid_request', 'odometer_in')
  assertError(t, await convert({ odometer_in: 1.5 }), 400, 'invalid_request', 'odometer_in')
  assertError(t, await convert({ mileage: 5 }), 400, 'invalid_request', 'mileage')
  t.same((await get(key, booked.body.id)).body, booked.body, 'nothing changed')

  const arrived = await act(key, booked.body.id, 'check-in', {})
  t.equal(arrived.status, 200, 'check-in with {}')
  const other = await book(key, valid)
  const checkedIn = await act(key, other.body.id, 'check-in')
  t.equal(checkedIn.status, 200, 'check-in without a body')
  const longest = await act(key, other.body.id, 'cancel', { reason: 'r'.repeat(255) })
  t.equal(longest.status, 200)
  t.equal(longest.body.status_reason?.length, 255, 'a 255-character reason is kept whole')
})
