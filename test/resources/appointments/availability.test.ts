// GET /appointments/availability over real HTTP and Postgres. Hours and closures are set the way staff
// set them (the shop-hours service, as `shopapi hours` does); appointments are written with SQL, as the
// booking API would store them (the wall-clock date and time, the zone, the resolved instant).
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import { newPublicId } from '../../../src/lib/ids.js'
import { addDays, dateIn } from '../../../src/lib/wall-clock.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import {
  type Availability,
  availability,
  bookedOn,
  maxAvailabilityDays,
  slotHoldingStatuses,
} from '../../../src/resources/appointments/availability.js'
import type { WeeklyHours } from '../../../src/resources/shop-hours/schema.js'
import { closeDate, setWeeklyHours } from '../../../src/resources/shop-hours/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)

interface AvailabilityList {
  object: string
  data: Availability[]
  has_more: boolean
  next_cursor: string | null
}

const get = (key: string, query = '') =>
  sendJson<AvailabilityList>(api, 'GET', `/v1/appointments/availability${query}`, key)

async function shopWithKey(timezone = 'America/Chicago') {
  const shop = await createTestShop(api.pool, { timezone })
  const { key } = await createTestKey(api.pool, shop, ['appointments.read'])
  return { shop, key }
}

const setHours = (shop: ShopRow, hours: WeeklyHours) =>
  withTransaction(api.pool, (tx) => setWeeklyHours(tx, shop.id, hours))
const close = (shop: ShopRow, date: string, reason: string | null) =>
  withTransaction(api.pool, (tx) => closeDate(tx, shop.id, date, reason))

async function createCustomer(shop: ShopRow): Promise<string> {
  const { rows } = await api.pool.query<{ id: string }>(
    `insert into customers (shop_id, public_id, first_name, last_name) values ($1::uuid, $2::text, 'Ada', 'Lovelace')
     returning id`,
    [shop.id, newPublicId('customer')],
  )
  return (rows[0] as { id: string }).id
}

/** An appointment at `date` `time` on the shop's wall clock, `startsAt` its instant (offset as given). */
async function addAppointment(
  shop: ShopRow,
  customerId: string,
  at: { date: string; time: string; utcOffset: string; status?: string; technicianId?: string },
): Promise<string> {
  const { rows } = await api.pool.query<{ id: string }>(
    `insert into appointments (shop_id, public_id, status, date, local_time, timezone, starts_at, utc_offset,
       duration_minutes, customer_id, technician_id)
     values ($1::uuid, $2::text, $3::text, $4::date, $5::time, $6::text, ($4 || 'T' || $5 || $7)::timestamptz, $7::text,
       60, $8::uuid, $9::uuid)
     returning id`,
    [
      shop.id,
      newPublicId('appointment'),
      at.status ?? 'booked',
      at.date,
      at.time,
      shop.timezone,
      at.utcOffset,
      customerId,
      at.technicianId ?? null,
    ],
  )
  return (rows[0] as { id: string }).id
}

/** Every calendar date from `from` to `to`, counted in UTC days (independent of the code under test). */
function calendarDates(from: string, to: string): string[] {
  const dates: string[] = []
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    dates.push(new Date(day).toISOString().slice(0, 10))
  }
  return dates
}

const byDate = (list: AvailabilityList) => new Map(list.data.map((entry) => [entry.date, entry]))

t.test('a shop without hours: today in its zone, open at any time, up to 100 a day', async (t) => {
  const { key } = await shopWithKey('Pacific/Kiritimati')
  const reply = await get(key)
  t.equal(reply.status, 200)
  const today = dateIn('Pacific/Kiritimati')
  t.same(reply.body, {
    object: 'list',
    data: [{ date: today, available: true, reason: null, open_time: null, close_time: null, booked: 0, capacity: 100 }],
    has_more: false,
    next_cursor: null,
  })
  t.not(today, dateIn('Pacific/Pago_Pago'), "today is the shop's date, not another zone's")

  const one = await get(key, '?date=2026-02-28')
  t.same(
    one.body.data.map((entry) => entry.date),
    ['2026-02-28'],
  )
  const startOnly = await get(key, '?start_date=2026-02-15')
  t.same(
    startOnly.body.data.map((entry) => entry.date),
    calendarDates('2026-02-15', '2026-03-17'),
    'start_date alone: 31 dates from it',
  )
  const endOnly = await get(key, `?end_date=${addDays(today, 4)}`)
  t.same(
    endOnly.body.data.map((entry) => entry.date),
    calendarDates(today, addDays(today, 4)),
    'end_date alone: from today',
  )
  const both = await get(key, '?start_date=2028-02-27&end_date=2028-03-01')
  t.same(
    both.body.data.map((entry) => entry.date),
    ['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01'],
    'inclusive, through a leap day',
  )
  const empty = await get(key, '?date=&start_date=&end_date=')
  t.same(
    empty.body.data.map((entry) => entry.date),
    [today],
    'empty values are absent',
  )
})

t.test('America/New_York around the end of DST (2026-11-01): hours, a closure, a closed weekday', async (t) => {
  const { shop, key } = await shopWithKey('America/New_York')
  await setHours(shop, { weekdays: [1, 2, 3, 4, 5], open: '08:00', close: '17:30', capacity: 3 })
  await setHours(shop, { weekdays: [6], open: '09:00', close: '13:00', capacity: 2 })
  await close(shop, '2026-11-11', 'Veterans Day')
  await close(shop, '2026-11-12', null)
  const customer = await createCustomer(shop)
  // The second 01:30 of the fall-back night, and 23:30 that night: 2026-11-02 04:30 UTC, still the 1st here.
  await addAppointment(shop, customer, { date: '2026-11-01', time: '01:30', utcOffset: '-05:00' })
  await addAppointment(shop, customer, { date: '2026-11-01', time: '23:30', utcOffset: '-05:00' })
  // 2026-11-02 09:00 twice and a cancelled one; 2026-10-31 fully booked; a no-show frees its place.
  await addAppointment(shop, customer, { date: '2026-11-02', time: '09:00', utcOffset: '-05:00' })
  await addAppointment(shop, customer, { date: '2026-11-02', time: '09:00', utcOffset: '-05:00', status: 'requested' })
  await addAppointment(shop, customer, { date: '2026-11-02', time: '10:00', utcOffset: '-05:00', status: 'cancelled' })
  await addAppointment(shop, customer, { date: '2026-10-31', time: '09:00', utcOffset: '-04:00', status: 'fulfilled' })
  await addAppointment(shop, customer, { date: '2026-10-31', time: '10:00', utcOffset: '-04:00', status: 'arrived' })
  await addAppointment(shop, customer, { date: '2026-10-31', time: '11:00', utcOffset: '-04:00', status: 'no_show' })

  const reply = await get(key, '?start_date=2026-10-15&end_date=2026-11-15')
  t.equal(reply.status, 200)
  t.same(
    reply.body.data.map((entry) => entry.date),
    calendarDates('2026-10-15', '2026-11-15'),
    'one entry per local date, in order: none repeated or missing across the change',
  )
  const days = byDate(reply.body)
  t.same(days.get('2026-10-30'), {
    date: '2026-10-30',
    available: true,
    reason: null,
    open_time: '08:00',
    close_time: '17:30',
    booked: 0,
    capacity: 3,
  })
  t.same(
    days.get('2026-10-31'),
    {
      date: '2026-10-31',
      available: false,
      reason: 'Fully booked',
      open_time: '09:00',
      close_time: '13:00',
      booked: 2,
      capacity: 2,
    },
    'fulfilled and arrived hold their places, a no-show does not',
  )
  t.same(
    days.get('2026-11-01'),
    {
      date: '2026-11-01',
      available: false,
      reason: 'Closed on Sundays',
      open_time: null,
      close_time: null,
      booked: 2,
      capacity: 0,
    },
    'the fall-back Sunday: closed weekday, both appointments counted on their local date',
  )
  t.match(
    days.get('2026-11-02'),
    { available: true, booked: 2, capacity: 3 },
    'requested holds a place, cancelled does not; nothing of the 1st spilled over',
  )
  t.match(days.get('2026-11-11'), { available: false, reason: 'Veterans Day', capacity: 0, open_time: null })
  t.match(days.get('2026-11-12'), { available: false, reason: 'Closed (holiday)' })
  t.match(days.get('2026-11-07'), { available: true, open_time: '09:00', close_time: '13:00', capacity: 2 })
})

t.test('Europe/London around the end of BST (2026-10-25), open every day', async (t) => {
  const { shop, key } = await shopWithKey('Europe/London')
  await setHours(shop, { weekdays: [1, 2, 3, 4, 5, 6, 7], open: '09:00', close: '24:00', capacity: 2 })
  await close(shop, '2026-10-26', 'Staff training')
  const customer = await createCustomer(shop)
  // 00:30 BST on the 25th is 23:30 UTC on the 24th, and 01:30 GMT is the second 01:30 of that night:
  // both are the 25th here. 23:30 BST on the 24th is 22:30 UTC.
  await addAppointment(shop, customer, { date: '2026-10-25', time: '00:30', utcOffset: '+01:00' })
  await addAppointment(shop, customer, { date: '2026-10-25', time: '01:30', utcOffset: '+00:00' })
  await addAppointment(shop, customer, { date: '2026-10-24', time: '23:30', utcOffset: '+01:00' })

  const reply = await get(key, '?start_date=2026-10-01')
  t.same(
    reply.body.data.map((entry) => entry.date),
    calendarDates('2026-10-01', '2026-10-31'),
    '31 local dates through the change, none repeated or missing',
  )
  const days = byDate(reply.body)
  t.same(days.get('2026-10-25'), {
    date: '2026-10-25',
    available: false,
    reason: 'Fully booked',
    open_time: '09:00',
    close_time: '24:00',
    booked: 2,
    capacity: 2,
  })
  t.match(days.get('2026-10-24'), { available: true, booked: 1 })
  t.match(days.get('2026-10-26'), { available: false, reason: 'Staff training', booked: 0 })
  t.match(days.get('2026-10-27'), { available: true, booked: 0, capacity: 2, close_time: '24:00' })
})

t.test('a capacity of 0 takes no appointments', async (t) => {
  const { shop, key } = await shopWithKey()
  await setHours(shop, { weekdays: [1, 2, 3, 4, 5, 6, 7], open: '08:00', close: '12:00', capacity: 0 })
  const reply = await get(key, '?date=2026-06-01')
  t.same(reply.body.data, [
    {
      date: '2026-06-01',
      available: false,
      reason: 'Not taking appointments',
      open_time: '08:00',
      close_time: '12:00',
      booked: 0,
      capacity: 0,
    },
  ])
})

t.test('range rules: one envelope naming the parameter', async (t) => {
  const { shop, key } = await shopWithKey()
  const today = dateIn(shop.timezone)
  const both = await get(key, '?date=2026-05-01&start_date=2026-05-01')
  assertError(t, both, 400, 'invalid_request', 'date')
  assertError(t, await get(key, '?date=2026-05-01&end_date=2026-05-02'), 400, 'invalid_request', 'date')
  assertError(t, await get(key, '?start_date=2026-05-02&end_date=2026-05-01'), 400, 'invalid_request', 'end_date')
  assertError(t, await get(key, `?end_date=${addDays(today, -1)}`), 400, 'invalid_request', 'end_date')

  const longest = await get(key, `?start_date=2026-01-01&end_date=${addDays('2026-01-01', maxAvailabilityDays - 1)}`)
  t.equal(longest.body.data.length, 92, 'the maximum is 92 dates')
  const tooLong = await get(key, `?start_date=2026-01-01&end_date=${addDays('2026-01-01', maxAvailabilityDays)}`)
  assertError(t, tooLong, 400, 'invalid_request', 'end_date')
  t.match((tooLong.body as unknown as { error: { message: string } }).error.message, /at most 92/)
  assertError(t, await get(key, `?end_date=${addDays(today, 92)}`), 400, 'invalid_request', 'end_date')

  for (const [param, value] of [
    ['date', '2026-02-30'],
    ['date', '2026-2-3'],
    ['start_date', '0000-01-01'],
    ['end_date', '2026-05-01T00:00:00Z'],
    ['date', 'x'.repeat(5000)],
  ] as const) {
    assertError(t, await get(key, `?${param}=${encodeURIComponent(value)}`), 400, 'invalid_request', param)
  }
  assertError(t, await get(key, '?limit=10'), 400, 'invalid_request', 'limit')
  assertError(t, await get(key, '?cursor=abc.def'), 400, 'invalid_request', 'cursor')
  const last = await get(key, '?start_date=9999-12-20')
  t.same(
    last.body.data.map((entry) => entry.date),
    calendarDates('9999-12-20', '9999-12-31'),
    'the 31 dates stop at the last date there is',
  )
})

t.test('a key without appointments.read is 403', async (t) => {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read', 'appointments.write'])
  assertError(t, await get(key), 403, 'insufficient_scope')
})

t.test("bookedOn counts one date: the shop's or one technician's, leaving out one appointment", async (t) => {
  const { shop } = await shopWithKey()
  const customer = await createCustomer(shop)
  const { rows } = await api.pool.query<{ id: string }>(
    `insert into technicians (shop_id, public_id, name) values ($1::uuid, $2::text, 'Grace') returning id`,
    [shop.id, newPublicId('technician')],
  )
  const technicianId = (rows[0] as { id: string }).id
  const first = await addAppointment(shop, customer, {
    date: '2026-07-01',
    time: '09:00',
    utcOffset: '-05:00',
    technicianId,
  })
  await addAppointment(shop, customer, { date: '2026-07-01', time: '10:00', utcOffset: '-05:00' })
  await addAppointment(shop, customer, { date: '2026-07-01', time: '11:00', utcOffset: '-05:00', status: 'cancelled' })
  await addAppointment(shop, customer, { date: '2026-07-02', time: '09:00', utcOffset: '-05:00', technicianId })
  t.same(slotHoldingStatuses, ['requested', 'booked', 'arrived', 'fulfilled'])
  t.equal(await bookedOn(api.pool, shop.id, '2026-07-01'), 2)
  t.equal(await bookedOn(api.pool, shop.id, '2026-07-01', technicianId), 1)
  t.equal(await bookedOn(api.pool, shop.id, '2026-07-01', technicianId, first), 0)
  t.equal(await bookedOn(api.pool, shop.id, '2026-07-01', null, first), 1)
  t.equal(await bookedOn(api.pool, shop.id, '2026-07-03'), 0)
})

t.test('counting places reads the slot index, not the year of appointments (fresh load, no ANALYZE)', async (t) => {
  const { shop } = await shopWithKey()
  const customerId = await createCustomer(shop)
  // A year of appointments in one statement, eight in nine cancelled or no-shows; autovacuum is off on
  // the table so no statistics exist, as right after an import.
  await api.owner.pool.query('alter table appointments set (autovacuum_enabled = off)')
  await api.pool.query(
    `insert into appointments (shop_id, public_id, status, date, local_time, timezone, starts_at, utc_offset,
       duration_minutes, customer_id)
     select $1::uuid, 'appt_bulk' || n, case when n % 9 = 0 then 'booked' when n % 2 = 0 then 'cancelled' else 'no_show' end,
       date '2030-01-01' + (n % 365), time '09:00', 'America/Chicago',
       (date '2030-01-01' + (n % 365)) + time '15:00', '-06:00', 60, $2::uuid
     from generate_series(1, 20000) as n`,
    [shop.id, customerId],
  )
  // The statements are captured as the code sends them and EXPLAINed with their own values.
  const plans: { text: string; plan: string }[] = []
  const explaining = {
    query: async (config: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      const text = typeof config === 'string' ? config : config.text
      const args = typeof config === 'string' ? values : config.values
      if (/from appointments/.test(text)) {
        const { rows } = await api.pool.query(`explain (analyze, costs off) ${text}`, args)
        plans.push({ text, plan: rows.map((row) => row['QUERY PLAN']).join('\n') })
      }
      return api.pool.query(text, args)
    },
  }
  const month = await availability(explaining as never, shop.id, '2030-03-01', '2030-03-31')
  t.equal(month.length, 31)
  const { rows } = await api.pool.query<{ booked: number }>(
    `select count(*)::int as booked from appointments where shop_id = $1::uuid and date = '2030-03-01' and status = 'booked'`,
    [shop.id],
  )
  t.ok((rows[0]?.booked ?? 0) > 0, 'the day has bookings among its cancellations')
  t.equal(month[0]?.booked, rows[0]?.booked, 'and the count through the index is theirs')
  await bookedOn(explaining as never, shop.id, '2030-03-01')
  t.equal(plans.length, 2, 'both counts were captured')
  for (const { plan } of plans) {
    t.match(plan, /appointments_slots_idx/, 'the count reads the partial index of slot-holding appointments')
    t.notMatch(plan, /Seq Scan/, 'never the whole table')
  }
})
