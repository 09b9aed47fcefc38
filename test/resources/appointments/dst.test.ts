// Daylight saving through the API: shops in New York, London, Lord Howe (a 30-minute change),
// Sao Paulo (changes at midnight) and Phoenix (none), on both transitions of 2018. A skipped time is
// 400 naming the gap; a repeated one is 400 naming both offsets until `utc_offset` picks one, and each
// offset gives its own instant; PATCH switches readings and refuses a skipped time without a change.
// Every instant below was worked out by hand from the tz database's rules for 2018.
import t from 'tap'
import { markNoShows } from '../../../src/resources/appointments/service.js'
import { startTestApp } from '../../helpers/app.js'
import { appointmentFixtures, errorOf } from '../../helpers/appointments.js'
import { assertError } from '../../helpers/http.js'

const api = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const { setUpShop, book, patch, get, eventsOf } = appointmentFixtures(api)

interface Transitions {
  zone: string
  /** Spring forward: a skipped time, the message's words, and the last minute before and first after. */
  gap: {
    date: string
    time: string
    message: string
    before: { date: string; time: string; startsAt: string }
    after: { date: string; time: string; startsAt: string }
  }
  /** Fall back: a time shown twice, its first and second offsets and instants. */
  repeat: { date: string; time: string; offsets: [string, string]; startsAt: [string, string] }
}

const zones: Transitions[] = [
  {
    zone: 'America/New_York',
    gap: {
      date: '2018-03-11',
      time: '02:30',
      message: 'the clocks go forward from 02:00 to 03:00 (-05:00 to -04:00)',
      before: { date: '2018-03-11', time: '01:59', startsAt: '2018-03-11T06:59:00.000Z' },
      after: { date: '2018-03-11', time: '03:00', startsAt: '2018-03-11T07:00:00.000Z' },
    },
    repeat: {
      date: '2018-11-04',
      time: '01:30',
      offsets: ['-04:00', '-05:00'],
      startsAt: ['2018-11-04T05:30:00.000Z', '2018-11-04T06:30:00.000Z'],
    },
  },
  {
    zone: 'Europe/London',
    gap: {
      date: '2018-03-25',
      time: '01:30',
      message: 'the clocks go forward from 01:00 to 02:00 (+00:00 to +01:00)',
      before: { date: '2018-03-25', time: '00:59', startsAt: '2018-03-25T00:59:00.000Z' },
      after: { date: '2018-03-25', time: '02:00', startsAt: '2018-03-25T01:00:00.000Z' },
    },
    repeat: {
      date: '2018-10-28',
      time: '01:30',
      offsets: ['+01:00', '+00:00'],
      startsAt: ['2018-10-28T00:30:00.000Z', '2018-10-28T01:30:00.000Z'],
    },
  },
  {
    // Lord Howe Island moves its clocks by half an hour: +10:30 in winter, +11:00 in summer.
    zone: 'Australia/Lord_Howe',
    gap: {
      date: '2018-10-07',
      time: '02:15',
      message: 'the clocks go forward from 02:00 to 02:30 (+10:30 to +11:00)',
      before: { date: '2018-10-07', time: '01:59', startsAt: '2018-10-06T15:29:00.000Z' },
      after: { date: '2018-10-07', time: '02:30', startsAt: '2018-10-06T15:30:00.000Z' },
    },
    repeat: {
      date: '2018-04-01',
      time: '01:45',
      offsets: ['+11:00', '+10:30'],
      startsAt: ['2018-03-31T14:45:00.000Z', '2018-03-31T15:15:00.000Z'],
    },
  },
  {
    // In 2018 Brazil's clocks changed at midnight: 00:00 did not exist on 4 November, and 23:00-23:59
    // of 17 February happened twice.
    zone: 'America/Sao_Paulo',
    gap: {
      date: '2018-11-04',
      time: '00:30',
      message: 'the clocks go forward from 00:00 to 01:00 (-03:00 to -02:00)',
      before: { date: '2018-11-03', time: '23:59', startsAt: '2018-11-04T02:59:00.000Z' },
      after: { date: '2018-11-04', time: '01:00', startsAt: '2018-11-04T03:00:00.000Z' },
    },
    repeat: {
      date: '2018-02-17',
      time: '23:30',
      offsets: ['-02:00', '-03:00'],
      startsAt: ['2018-02-18T01:30:00.000Z', '2018-02-18T02:30:00.000Z'],
    },
  },
]

for (const { zone, gap, repeat } of zones) {
  t.test(`${zone}: the spring-forward gap`, async (t) => {
    const { key, customerId } = await setUpShop(zone)
    const skipped = await book(key, { customer_id: customerId, date: gap.date, time: gap.time })
    assertError(t, skipped, 400, 'invalid_request', 'time')
    t.match(errorOf(skipped)?.message, `${gap.date} ${gap.time} does not exist in ${zone}: ${gap.message}`)
    const withOffset = await book(key, {
      customer_id: customerId,
      date: gap.date,
      time: gap.time,
      utc_offset: repeat.offsets[0],
    })
    assertError(t, withOffset, 400, 'invalid_request', 'time')

    for (const edge of [gap.before, gap.after]) {
      const booked = await book(key, { customer_id: customerId, date: edge.date, time: edge.time })
      t.equal(booked.status, 201, `${edge.date} ${edge.time} exists`, { body: booked.body })
      t.match(booked.body, { date: edge.date, time: edge.time, timezone: zone, starts_at: edge.startsAt })
    }

    const booked = await book(key, {
      customer_id: customerId,
      date: gap.before.date,
      time: gap.before.time,
      notes: 'early',
    })
    const intoGap = await patch(key, booked.body.id, { date: gap.date, time: gap.time, notes: 'moved' })
    assertError(t, intoGap, 400, 'invalid_request', 'time')
    t.match(errorOf(intoGap)?.message, gap.message)
    t.same((await get(key, booked.body.id)).body, booked.body, 'the refused PATCH changed nothing, notes included')
  })

  t.test(`${zone}: the fall-back repeat`, async (t) => {
    const { key, customerId } = await setUpShop(zone)
    const [first, second] = repeat.offsets
    const ambiguous = await book(key, { customer_id: customerId, date: repeat.date, time: repeat.time })
    assertError(t, ambiguous, 400, 'invalid_request', 'utc_offset')
    t.match(
      errorOf(ambiguous)?.message,
      `${repeat.date} ${repeat.time} happens twice in ${zone} (the clocks go back that day): give utc_offset ${first} for the first or ${second} for the second`,
    )
    const wrong = await book(key, {
      customer_id: customerId,
      date: repeat.date,
      time: repeat.time,
      utc_offset: '-09:00',
    })
    assertError(t, wrong, 400, 'invalid_request', 'utc_offset')
    t.match(errorOf(wrong)?.message, `its offsets are ${first} and ${second}`)

    const earlier = await book(key, {
      customer_id: customerId,
      date: repeat.date,
      time: repeat.time,
      utc_offset: first,
    })
    t.equal(earlier.status, 201, { body: earlier.body })
    t.match(earlier.body, { date: repeat.date, time: repeat.time, starts_at: repeat.startsAt[0] })
    const later = await book(key, { customer_id: customerId, date: repeat.date, time: repeat.time, utc_offset: second })
    t.equal(later.status, 201, { body: later.body })
    t.match(later.body, { date: repeat.date, time: repeat.time, starts_at: repeat.startsAt[1] })

    const switched = await patch(key, earlier.body.id, { utc_offset: second })
    t.equal(switched.status, 200, 'PATCH of utc_offset alone picks the other reading', { body: switched.body })
    t.match(switched.body, { date: repeat.date, time: repeat.time, starts_at: repeat.startsAt[1], version: 2 })
    const updated = (await eventsOf(key, earlier.body.id)).filter((event) => event.type === 'appointment.updated')
    t.equal(updated.length, 1, 'one appointment.updated')
    t.equal(updated[0]?.data.summary.starts_at, repeat.startsAt[1], 'its summary shows the new instant')

    const same = await patch(key, earlier.body.id, { utc_offset: second })
    assertError(t, same, 400, 'no_changes')
    const back = await patch(key, earlier.body.id, { utc_offset: first })
    t.match(back.body, { starts_at: repeat.startsAt[0], version: 3 }, 'and back')
    assertError(t, await patch(key, earlier.body.id, { utc_offset: '-09:00' }), 400, 'invalid_request', 'utc_offset')

    const notes = await patch(key, earlier.body.id, { notes: 'Bring the spare key' })
    t.match(
      notes.body,
      { starts_at: repeat.startsAt[0], notes: 'Bring the spare key' },
      'other changes keep the reading',
    )
    const duration = await patch(key, later.body.id, { duration_minutes: 30 })
    t.match(duration.body, { starts_at: repeat.startsAt[1], duration_minutes: 30 }, 'a new length keeps the reading')
    // A client that echoes the whole object sends the date and time again: they are not a new clock.
    const echoed = await patch(key, later.body.id, { date: repeat.date, time: repeat.time, notes: 'Echoed' })
    t.equal(echoed.status, 200, 'the same date and time sent again keep their reading', { body: echoed.body })
    t.match(echoed.body, { starts_at: repeat.startsAt[1], notes: 'Echoed' })
    assertError(t, await patch(key, later.body.id, { time: repeat.time }), 400, 'no_changes')

    // A new wall-clock time is read afresh: the repeated time again needs its offset.
    const elsewhere = await book(key, { customer_id: customerId, date: gap.after.date, time: gap.after.time })
    t.equal(elsewhere.status, 201)
    const intoRepeat = await patch(key, elsewhere.body.id, { date: repeat.date, time: repeat.time })
    assertError(t, intoRepeat, 400, 'invalid_request', 'utc_offset')
    t.same((await get(key, elsewhere.body.id)).body, elsewhere.body, 'nothing changed')
    const chosen = await patch(key, elsewhere.body.id, { date: repeat.date, time: repeat.time, utc_offset: second })
    t.match(chosen.body, { date: repeat.date, time: repeat.time, starts_at: repeat.startsAt[1] })
  })
}

t.test('a zone without daylight saving: New York transition days are plain days in Phoenix', async (t) => {
  const { key, customerId } = await setUpShop('America/Phoenix')
  const spring = await book(key, { customer_id: customerId, date: '2018-03-11', time: '02:30' })
  t.equal(spring.status, 201, 'no gap', { body: spring.body })
  t.equal(spring.body.starts_at, '2018-03-11T09:30:00.000Z', 'MST all year: -07:00')
  const autumn = await book(key, { customer_id: customerId, date: '2018-11-04', time: '01:30' })
  t.equal(autumn.status, 201, 'no repeat, no offset needed', { body: autumn.body })
  t.equal(autumn.body.starts_at, '2018-11-04T08:30:00.000Z')
  const ownOffset = await book(key, {
    customer_id: customerId,
    date: '2018-11-04',
    time: '01:30',
    utc_offset: '-07:00',
  })
  t.equal(ownOffset.status, 201, 'its own offset is accepted')
  t.equal(ownOffset.body.starts_at, '2018-11-04T08:30:00.000Z')
  const otherOffset = await book(key, {
    customer_id: customerId,
    date: '2018-11-04',
    time: '01:30',
    utc_offset: '-06:00',
  })
  assertError(t, otherOffset, 400, 'invalid_request', 'utc_offset')
  t.match(
    errorOf(otherOffset)?.message,
    'utc_offset -06:00 does not match 2018-11-04 01:30 in America/Phoenix: its offset is -07:00',
  )
  assertError(t, await patch(key, autumn.body.id, { utc_offset: '-07:00' }), 400, 'no_changes')
})

t.test('an offset on an ordinary time must be its own', async (t) => {
  const { key, customerId } = await setUpShop('America/New_York')
  const winter = await book(key, { customer_id: customerId, date: '2018-01-15', time: '09:00', utc_offset: '-05:00' })
  t.equal(winter.status, 201)
  t.equal(winter.body.starts_at, '2018-01-15T14:00:00.000Z')
  const summer = await book(key, { customer_id: customerId, date: '2018-07-15', time: '09:00', utc_offset: '-05:00' })
  assertError(t, summer, 400, 'invalid_request', 'utc_offset')
  t.match(errorOf(summer)?.message, 'its offset is -04:00')
  const moved = await patch(key, winter.body.id, { date: '2018-07-15' })
  t.equal(moved.status, 200, 'a new date is read afresh, not with the old offset', { body: moved.body })
  t.equal(moved.body.starts_at, '2018-07-15T13:00:00.000Z', '09:00 EDT')
})

t.test('the no-show sweep ends each day at its own midnight, across the 2018 changes in Sao Paulo', async (t) => {
  const { key, customerId } = await setUpShop('America/Sao_Paulo')
  const statusOf = async (id: string) => (await get(key, id)).body.status
  // 17 February had 25 hours (23:00-23:59 twice) and ended at 03:00Z; 3 November ended where 4 November
  // began, at 01:00 -02:00 (its midnight never happened), 03:00Z; 4 November had 23 hours and ended at 02:00Z.
  const days = [
    { date: '2018-02-17', time: '23:30', utc_offset: '-03:00', endsAt: '2018-02-18T03:00:00.000Z' },
    { date: '2018-11-03', time: '23:59', utc_offset: null, endsAt: '2018-11-04T03:00:00.000Z' },
    { date: '2018-11-04', time: '01:00', utc_offset: null, endsAt: '2018-11-05T02:00:00.000Z' },
  ]
  for (const day of days) {
    const booked = await book(key, {
      customer_id: customerId,
      date: day.date,
      time: day.time,
      utc_offset: day.utc_offset,
    })
    t.equal(booked.status, 201, { body: booked.body })
    // Booked a week ahead (the sweep leaves alone what was entered after its day).
    await api.pool.query('update appointments set created_at = $2::date - 7 where public_id = $1', [
      booked.body.id,
      day.date,
    ])
    const end = Date.parse(day.endsAt)
    await markNoShows(api.pool, new Date(end - 1))
    t.equal(await statusOf(booked.body.id), 'booked', `${day.date} has not ended a millisecond before ${day.endsAt}`)
    await markNoShows(api.pool, new Date(end))
    t.equal(await statusOf(booked.body.id), 'no_show', `${day.date} ended at ${day.endsAt}`)
  }
})
