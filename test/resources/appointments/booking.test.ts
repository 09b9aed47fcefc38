// Where an appointment may go, over real HTTP and real Postgres: the shop's hours, closed weekdays and
// closures, the day's capacity and a technician's (with the last place raced by 20 concurrent
// bookings, and by concurrent moves), PATCH moves re-checked like bookings, and who may be booked;
// a fully booked refusal replayed under its Idempotency-Key.
import t, { type Test } from 'tap'
import { startTestApp } from '../../helpers/app.js'
import {
  type AppointmentJson,
  appointmentFixtures,
  type BlockerJson,
  errorOf,
  weekdays,
} from '../../helpers/appointments.js'
import { assertError, type Reply } from '../../helpers/http.js'

const api = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const { setUpShop, addCustomer, book, patch, get, setHours, setEveryDay, closeOn, addTechnician, placesTaken } =
  appointmentFixtures(api)

// 2027-06-07 is a Monday; 2027-06-12 a Saturday.
const monday = '2027-06-07'
const tuesday = '2027-06-08'
const saturday = '2027-06-12'
const nextMonday = '2027-06-14'

/** A 409 `conflict` whose blockers are exactly these (type, reason) pairs, each explained and resolvable. */
function assertBlocked(t: Test, reply: Reply<unknown>, expected: [string, string][]): BlockerJson[] {
  assertError(t, reply, 409, 'conflict')
  const blockers = errorOf(reply)?.blockers ?? []
  t.same(
    blockers.map((blocker) => [blocker.type, blocker.reason]),
    expected,
    `blockers ${expected.map((pair) => pair.join('/')).join(', ')}`,
  )
  for (const blocker of blockers) {
    t.ok(blocker.message.length > 0, `${blocker.type}/${blocker.reason} says why`)
    t.ok(blocker.resolution.length > 0, `${blocker.type}/${blocker.reason} offers a resolution`)
  }
  return blockers
}

const sortedStatuses = (replies: Reply<unknown>[]) => replies.map((reply) => reply.status).sort()

t.test('the last place of a day: 20 concurrent bookings give one 201 and nineteen 409s', async (t) => {
  const { shop, key, customerId } = await setUpShop('America/Denver')
  await setEveryDay(shop.id, '08:00', '18:00', 5)
  for (const time of ['08:00', '09:00', '10:00', '11:00']) {
    t.equal((await book(key, { customer_id: customerId, date: monday, time })).status, 201, `booked ${time}`)
  }
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      book(key, { customer_id: customerId, date: monday, time: `${String(12 + (i % 5)).padStart(2, '0')}:00` }),
    ),
  )
  t.same(sortedStatuses(replies), [201, ...Array(19).fill(409)], 'exactly one booking wins', {
    bodies: replies.map((reply) => reply.body),
  })
  for (const reply of replies.filter((reply) => reply.status === 409)) {
    const [blocker] = assertBlocked(t, reply, [['shop_hours', 'fully_booked']])
    t.match(blocker?.message, `${monday} is fully booked: 5 of 5`)
  }
  t.equal(await placesTaken(shop.id, monday), 5, 'the database holds exactly the capacity')

  // From an empty day: five places, twenty takers.
  const replies2 = await Promise.all(
    Array.from({ length: 20 }, () => book(key, { customer_id: customerId, date: tuesday, time: '09:00' })),
  )
  t.same(sortedStatuses(replies2), [...Array(5).fill(201), ...Array(15).fill(409)], 'five places, five winners')
  t.equal(await placesTaken(shop.id, tuesday), 5)
})

t.test('a technician with a daily capacity of 1: 20 concurrent bookings, one wins', async (t) => {
  const { shop, key, customerId } = await setUpShop('Europe/Berlin')
  const technicianId = await addTechnician(shop.id, 'Sam Ortiz', 1)
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      book(key, {
        customer_id: customerId,
        date: monday,
        time: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
        technician_id: technicianId,
      }),
    ),
  )
  t.same(sortedStatuses(replies), [201, ...Array(19).fill(409)], 'exactly one booking wins', {
    bodies: replies.map((reply) => reply.body),
  })
  for (const reply of replies.filter((reply) => reply.status === 409)) {
    const [blocker] = assertBlocked(t, reply, [['technician_capacity', 'fully_booked']])
    t.match(blocker?.message, `Sam Ortiz (${technicianId}) takes 1 appointment a day and is full on ${monday}`)
  }
  t.equal(await placesTaken(shop.id, monday, technicianId), 1, "the technician's day holds one appointment")
  const winner = replies.find((reply) => reply.status === 201) as Reply<AppointmentJson>
  t.equal(winner.body.technician_id, technicianId)

  const unassigned = await book(key, { customer_id: customerId, date: monday, time: '08:00' })
  t.equal(unassigned.status, 201, 'the shop still takes bookings without that technician')
  const otherDay = await book(key, {
    customer_id: customerId,
    date: tuesday,
    time: '08:00',
    technician_id: technicianId,
  })
  t.equal(otherDay.status, 201, 'and the technician takes one on another day')
})

t.test('a full day and a full technician: both blockers', async (t) => {
  const { shop, key, customerId } = await setUpShop('America/Chicago')
  await setEveryDay(shop.id, '08:00', '17:00', 1)
  const technicianId = await addTechnician(shop.id, 'Kim Lee', 1)
  t.equal(
    (await book(key, { customer_id: customerId, date: monday, time: '08:00', technician_id: technicianId })).status,
    201,
  )
  const refused = await book(key, { customer_id: customerId, date: monday, time: '10:00', technician_id: technicianId })
  assertBlocked(t, refused, [
    ['shop_hours', 'fully_booked'],
    ['technician_capacity', 'fully_booked'],
  ])
})

t.test('cancelled and no-show appointments free their place; requested, arrived and fulfilled hold it', async (t) => {
  const { shop, key, customerId, vehicleId } = await setUpShop('America/Chicago')
  await setEveryDay(shop.id, '08:00', '17:00', 1)
  const first = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date: monday, time: '08:00' })
  t.equal(first.status, 201)
  const { act } = appointmentFixtures(api)
  t.equal((await act(key, first.body.id, 'cancel')).status, 200, 'cancelled')
  const second = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date: monday, time: '09:00' })
  t.equal(second.status, 201, 'the cancelled place is free again')
  await api.pool.query("update appointments set status = 'no_show' where public_id = $1", [second.body.id])
  const third = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date: monday, time: '10:00' })
  t.equal(third.status, 201, 'a no-show frees its place')
  for (const status of ['requested', 'arrived', 'fulfilled', 'booked']) {
    await api.pool.query('update appointments set status = $2 where public_id = $1', [third.body.id, status])
    assertBlocked(t, await book(key, { customer_id: customerId, date: monday, time: '11:00' }), [
      ['shop_hours', 'fully_booked'],
    ])
  }
})

t.test('PATCH into a full day is refused and changes nothing; a move inside its own full day succeeds', async (t) => {
  const { shop, key, customerId } = await setUpShop('America/New_York')
  await setHours(shop.id, [weekdays.mon], '08:00', '17:00', 2)
  await setHours(shop.id, [weekdays.tue, weekdays.wed], '08:00', '17:00', 20)
  const a1 = await book(key, { customer_id: customerId, date: monday, time: '08:00' })
  const a2 = await book(key, { customer_id: customerId, date: monday, time: '09:00' })
  const b1 = await book(key, { customer_id: customerId, date: tuesday, time: '10:00', notes: 'Tuesday' })
  t.same([a1.status, a2.status, b1.status], [201, 201, 201])

  const refused = await patch(key, b1.body.id, { date: monday, notes: 'moved' })
  const [blocker] = assertBlocked(t, refused, [['shop_hours', 'fully_booked']])
  t.match(blocker?.message, `${monday} is fully booked: 2 of 2`)
  const unchanged = await get(key, b1.body.id)
  t.same(unchanged.body, b1.body, 'the refused move left the appointment as it was (notes too)')
  t.equal(await placesTaken(shop.id, monday), 2)

  const moved = await patch(key, a1.body.id, { time: '13:00', duration_minutes: 90 })
  t.equal(moved.status, 200, 'a new time on its own full day: it does not count against itself', {
    body: moved.body,
  })
  t.match(moved.body, { date: monday, time: '13:00', duration_minutes: 90, version: 2 })
  t.equal(moved.body.starts_at, '2027-06-07T17:00:00.000Z', '13:00 EDT')

  const outside = await patch(key, a1.body.id, { time: '16:30' })
  assertBlocked(t, outside, [['shop_hours', 'outside_hours']])
  t.equal((await get(key, a1.body.id)).body.time, '13:00', 'still 13:00 after the refused move')

  const cancelled = await appointmentFixtures(api).act(key, a2.body.id, 'cancel')
  t.equal(cancelled.status, 200)
  const nowFits = await patch(key, b1.body.id, { date: monday })
  t.equal(nowFits.status, 200, 'after a cancellation the move fits')
  t.equal(await placesTaken(shop.id, monday), 2)
})

t.test('concurrent PATCH moves into the last place: one wins', async (t) => {
  const { shop, key, customerId } = await setUpShop('Australia/Sydney')
  await setHours(shop.id, [weekdays.mon], '08:00', '17:00', 2)
  await setHours(shop.id, [weekdays.tue], '08:00', '17:00', 50)
  t.equal((await book(key, { customer_id: customerId, date: monday, time: '08:00' })).status, 201)
  const movers: AppointmentJson[] = []
  for (let i = 0; i < 10; i += 1) {
    const reply = await book(key, { customer_id: customerId, date: tuesday, time: '09:00' })
    t.equal(reply.status, 201)
    movers.push(reply.body)
  }
  const replies = await Promise.all(movers.map((mover) => patch(key, mover.id, { date: monday, expected_version: 1 })))
  t.same(sortedStatuses(replies), [200, ...Array(9).fill(409)], 'one move wins', {
    bodies: replies.map((reply) => reply.body),
  })
  for (const reply of replies.filter((reply) => reply.status === 409)) {
    assertBlocked(t, reply, [['shop_hours', 'fully_booked']])
  }
  t.equal(await placesTaken(shop.id, monday), 2, 'the day holds its capacity, no more')
  t.equal(await placesTaken(shop.id, tuesday), 9, 'the losers stayed where they were')
})

t.test('technician moves: onto a full technician is refused; a new time for a full technician is not', async (t) => {
  const { shop, key, customerId } = await setUpShop('America/Chicago')
  const busy = await addTechnician(shop.id, 'Busy Bee', 1)
  const free = await addTechnician(shop.id, 'Free Bird', 1)
  const mine = await book(key, { customer_id: customerId, date: monday, time: '08:00', technician_id: busy })
  const other = await book(key, { customer_id: customerId, date: monday, time: '09:00', technician_id: free })
  t.same([mine.status, other.status], [201, 201])

  assertBlocked(t, await patch(key, other.body.id, { technician_id: busy }), [['technician_capacity', 'fully_booked']])
  t.equal((await get(key, other.body.id)).body.technician_id, free, 'still with the free technician')

  t.equal((await book(key, { customer_id: customerId, date: tuesday, time: '08:00', technician_id: busy })).status, 201)
  assertBlocked(t, await patch(key, mine.body.id, { date: tuesday }), [['technician_capacity', 'fully_booked']])
  t.equal((await get(key, mine.body.id)).body.date, monday, 'a new date where the technician is full is refused')
  const later = await patch(key, mine.body.id, { time: '15:00' })
  t.equal(later.status, 200, 'the appointment does not count against its own technician', { body: later.body })
  const swapped = await patch(key, mine.body.id, { technician_id: null })
  t.equal(swapped.status, 200)
  t.equal(swapped.body.technician_id, null, 'null unassigns the technician')
  const taken = await patch(key, other.body.id, { technician_id: busy })
  t.equal(taken.status, 200, 'the technician is free again')
  t.equal(taken.body.technician_id, busy)
})

t.test('shop hours: the whole appointment fits between opening and closing', async (t) => {
  const { shop, key, customerId } = await setUpShop('America/New_York')
  await setHours(shop.id, [1, 2, 3, 4, 5], '08:00', '17:30', 10)

  const early = assertBlocked(t, await book(key, { customer_id: customerId, date: monday, time: '07:30' }), [
    ['shop_hours', 'outside_hours'],
  ])
  t.match(early[0]?.message, 'open 08:00-17:30')
  t.match(early[0]?.message, 'starts before it opens')
  t.match(early[0]?.resolution, ['Choose a time from 08:00 to 16:30'])

  const late = assertBlocked(
    t,
    await book(key, { customer_id: customerId, date: monday, time: '17:00', duration_minutes: 45 }),
    [['shop_hours', 'outside_hours']],
  )
  t.match(late[0]?.message, 'ends after it closes')
  t.match(late[0]?.resolution, ['Choose a time from 08:00 to 16:45'])

  const tooLong = assertBlocked(
    t,
    await book(key, { customer_id: customerId, date: monday, time: '08:00', duration_minutes: 600 }),
    [['shop_hours', 'outside_hours']],
  )
  t.match(tooLong[0]?.resolution, ['Shorten the appointment to at most 570 minutes'])

  const atOpening = await book(key, { customer_id: customerId, date: monday, time: '08:00' })
  t.equal(atOpening.status, 201, 'starting exactly at opening time', { body: atOpening.body })
  const atClosing = await book(key, { customer_id: customerId, date: monday, time: '16:30' })
  t.equal(atClosing.status, 201, 'ending exactly at closing time', { body: atClosing.body })
  const longer = await patch(key, atClosing.body.id, { duration_minutes: 61 })
  assertBlocked(t, longer, [['shop_hours', 'outside_hours']])
  t.match(errorOf(longer)?.blockers[0]?.resolution, ['Choose a time from 08:00 to 16:29'])
  t.equal((await get(key, atClosing.body.id)).body.duration_minutes, 60, 'a longer appointment that ends after closing')
  const wholeDay = await book(key, { customer_id: customerId, date: monday, time: '08:00', duration_minutes: 570 })
  t.equal(wholeDay.status, 201, 'the whole opening day')
  assertBlocked(t, await book(key, { customer_id: customerId, date: monday, time: '16:31' }), [
    ['shop_hours', 'outside_hours'],
  ])
  assertBlocked(t, await book(key, { customer_id: customerId, date: monday, time: '07:59', duration_minutes: 15 }), [
    ['shop_hours', 'outside_hours'],
  ])
})

t.test('closed weekdays and closures refuse bookings and moves, the closure reason in the message', async (t) => {
  const { shop, key, customerId } = await setUpShop('Europe/London')
  await setHours(shop.id, [1, 2, 3, 4, 5], '08:00', '17:30', 10)
  await closeOn(shop.id, nextMonday, 'Stock-taking')
  await closeOn(shop.id, tuesday, null)

  const weekend = assertBlocked(t, await book(key, { customer_id: customerId, date: saturday, time: '10:00' }), [
    ['shop_hours', 'closed'],
  ])
  t.match(weekend[0]?.message, `The shop is closed on ${saturday}`)
  const holiday = assertBlocked(t, await book(key, { customer_id: customerId, date: nextMonday, time: '10:00' }), [
    ['shop_hours', 'closed'],
  ])
  t.match(holiday[0]?.message, `The shop is closed on ${nextMonday}: Stock-taking`)
  t.match(
    errorOf(await book(key, { customer_id: customerId, date: nextMonday, time: '10:00' }))?.message,
    /Stock-taking/,
  )
  const unexplained = assertBlocked(t, await book(key, { customer_id: customerId, date: tuesday, time: '10:00' }), [
    ['shop_hours', 'closed'],
  ])
  t.match(unexplained[0]?.message, `The shop is closed on ${tuesday}`)

  const booked = await book(key, { customer_id: customerId, date: monday, time: '10:00' })
  t.equal(booked.status, 201, 'an open Monday')
  assertBlocked(t, await patch(key, booked.body.id, { date: nextMonday }), [['shop_hours', 'closed']])
  t.same((await get(key, booked.body.id)).body, booked.body, 'the refused move changed nothing')
})

t.test('a shop without hours takes any time, up to 100 appointments a day', async (t) => {
  const { shop, key, customerId } = await setUpShop('Pacific/Auckland')
  const night = await book(key, { customer_id: customerId, date: saturday, time: '03:00' })
  t.equal(night.status, 201, '03:00 on a Saturday')
  const long = await book(key, { customer_id: customerId, date: saturday, time: '23:30', duration_minutes: 600 })
  t.equal(long.status, 201, 'into the next day')
  for (let batch = 0; batch < 14; batch += 1) {
    const replies = await Promise.all(
      Array.from({ length: 7 }, () => book(key, { customer_id: customerId, date: saturday, time: '12:00' })),
    )
    t.ok(
      replies.every((reply) => reply.status === 201),
      `batch ${batch} booked`,
    )
  }
  t.equal(await placesTaken(shop.id, saturday), 100)
  const full = assertBlocked(t, await book(key, { customer_id: customerId, date: saturday, time: '12:00' }), [
    ['shop_hours', 'fully_booked'],
  ])
  t.match(full[0]?.message, '100 of 100')
})

t.test('who can be booked: technicians, vehicles and customers of the shop', async (t) => {
  const { shop, key, setupKey, customerId, vehicleId } = await setUpShop('America/Chicago')
  const other = await addCustomer(setupKey, 'Alan', 'Turing')
  const mismatch = await book(key, {
    customer_id: customerId,
    vehicle_id: other.vehicleId,
    date: monday,
    time: '10:00',
  })
  assertError(t, mismatch, 409, 'conflict')
  t.match(
    errorOf(mismatch)?.blockers.map((blocker) => blocker.reason),
    ['owner_mismatch'],
    "another customer's vehicle",
  )

  const unknownTechnician = await book(key, {
    customer_id: customerId,
    date: monday,
    time: '10:00',
    technician_id: 'tech_doesnotexist',
  })
  assertError(t, unknownTechnician, 404, 'not_found', 'technician_id')

  const retired = await addTechnician(shop.id, 'Retired Rita', null)
  await api.pool.query('update technicians set active = false where public_id = $1', [retired])
  const inactive = await book(key, { customer_id: customerId, date: monday, time: '10:00', technician_id: retired })
  assertBlocked(t, inactive, [['technician', 'inactive']])
  t.equal(errorOf(inactive)?.param, 'technician_id')

  const unknownCustomer = await book(key, { customer_id: 'cus_doesnotexist', date: monday, time: '10:00' })
  assertError(t, unknownCustomer, 404, 'not_found', 'customer_id')
  const unknownVehicle = await book(key, {
    customer_id: customerId,
    vehicle_id: 'veh_doesnotexist',
    date: monday,
    time: '10:00',
  })
  assertError(t, unknownVehicle, 404, 'not_found', 'vehicle_id')

  const booked = await book(key, { customer_id: customerId, vehicle_id: vehicleId, date: monday, time: '10:00' })
  t.equal(booked.status, 201)
  assertBlocked(t, await patch(key, booked.body.id, { technician_id: retired }), [['technician', 'inactive']])
  assertError(
    t,
    await patch(key, booked.body.id, { technician_id: 'tech_doesnotexist' }),
    404,
    'not_found',
    'technician_id',
  )
  t.same((await get(key, booked.body.id)).body, booked.body, 'nothing changed')
})

t.test('a technician deactivated after the booking stays on it; only a new technician must be active', async (t) => {
  const { shop, key, customerId } = await setUpShop('America/Chicago')
  const leaving = await addTechnician(shop.id, 'Leaving Lou', null)
  const booked = await book(key, { customer_id: customerId, date: monday, time: '10:00', technician_id: leaving })
  t.equal(booked.status, 201)
  await api.pool.query('update technicians set active = false where public_id = $1', [leaving])

  const echoed = await patch(key, booked.body.id, { technician_id: leaving, notes: 'Echoed back' })
  t.equal(echoed.status, 200, 'the technician it has, sent again, is no change', { body: echoed.body })
  t.match(echoed.body, { technician_id: leaving, notes: 'Echoed back' })
  const later = await patch(key, booked.body.id, { time: '11:00' })
  t.equal(later.status, 200, 'a new time keeps the technician')
  t.equal(later.body.technician_id, leaving)
  assertError(t, await patch(key, booked.body.id, { technician_id: leaving }), 400, 'no_changes')

  const unassigned = await patch(key, booked.body.id, { technician_id: null })
  t.equal(unassigned.body.technician_id, null)
  assertBlocked(t, await patch(key, booked.body.id, { technician_id: leaving }), [['technician', 'inactive']])
})

t.test('a fully booked refusal binds its Idempotency-Key: the retry is replayed after a place frees', async (t) => {
  const { shop, key, customerId } = await setUpShop('America/Denver')
  await setEveryDay(shop.id, '08:00', '18:00', 1)
  const first = await book(key, { customer_id: customerId, date: tuesday, time: '08:00' })
  t.equal(first.status, 201)
  const idempotencyKey = `full-${shop.public_id}`
  const body = { customer_id: customerId, date: tuesday, time: '09:00' }
  const refused = await book(key, body, idempotencyKey)
  assertBlocked(t, refused, [['shop_hours', 'fully_booked']])
  await api.pool.query("update appointments set status = 'cancelled' where public_id = $1", [first.body.id])
  const retried = await book(key, body, idempotencyKey)
  t.equal(retried.status, 409, 'the identical retry gets the first answer, though a place is free now')
  t.equal(retried.headers.get('idempotent-replayed'), 'true')
  t.same(retried.body, refused.body)
  const fresh = await book(key, body)
  t.equal(fresh.status, 201, 'a new request (a new key) books the freed place')
})
