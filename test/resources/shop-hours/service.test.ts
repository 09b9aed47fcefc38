// The shop's booking rules as the booking code reads them (daySchedules) and staff write them
// (setWeeklyHours, closeDate, reopenDate), on a real database.
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import { addDays, dateIn } from '../../../src/lib/wall-clock.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import type { WeeklyHours } from '../../../src/resources/shop-hours/schema.js'
import {
  closeDate,
  daySchedule,
  daySchedules,
  defaultDailyCapacity,
  readHours,
  reopenDate,
  setWeeklyHours,
} from '../../../src/resources/shop-hours/service.js'
import { createTestShop } from '../../helpers/app.js'
import { createTestDatabase } from '../../helpers/database.js'

const { pool } = await createTestDatabase(t)

const setHours = (shop: ShopRow, hours: WeeklyHours) =>
  withTransaction(pool, (tx) => setWeeklyHours(tx, shop.id, hours))
const close = (shop: ShopRow, date: string, reason: string | null) =>
  withTransaction(pool, (tx) => closeDate(tx, shop.id, date, reason))

// 2026-03-09 is a Monday.
const monday = '2026-03-09'

t.test('a shop without hours is open every date at any time, up to the default capacity', async (t) => {
  const shop = await createTestShop(pool)
  t.equal(defaultDailyCapacity, 100)
  const week = await daySchedules(pool, shop.id, monday, '2026-03-15')
  t.equal(week.length, 7, 'one schedule per date, both ends included')
  t.same(
    week.map((day) => day.date),
    ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'],
  )
  for (const day of week) {
    t.same(
      day,
      { date: day.date, open: true, reason: null, openTime: null, closeTime: null, capacity: 100, hoursSet: false },
      `${day.date} open at any time`,
    )
  }
  await close(shop, '2026-03-11', null)
  t.match(
    await daySchedule(pool, shop.id, '2026-03-11'),
    { open: false, reason: 'Closed (holiday)', capacity: 0, hoursSet: false },
    'a closure applies before any hours are set, with the default reason',
  )
  t.notOk((await readHours(pool, shop.id)).hoursSet)
})

t.test('opening hours close the weekdays not named; capacity is kept unless given', async (t) => {
  const shop = await createTestShop(pool)
  await setHours(shop, { weekdays: [1, 2, 3, 4, 5], open: '08:00', close: '17:30', capacity: 12 })
  const week = await daySchedules(pool, shop.id, monday, '2026-03-15')
  t.same(
    week.map((day) => [day.date, day.open, day.openTime, day.closeTime, day.capacity, day.reason]),
    [
      ['2026-03-09', true, '08:00', '17:30', 12, null],
      ['2026-03-10', true, '08:00', '17:30', 12, null],
      ['2026-03-11', true, '08:00', '17:30', 12, null],
      ['2026-03-12', true, '08:00', '17:30', 12, null],
      ['2026-03-13', true, '08:00', '17:30', 12, null],
      ['2026-03-14', false, null, null, 0, 'Closed on Saturdays'],
      ['2026-03-15', false, null, null, 0, 'Closed on Sundays'],
    ],
  )
  t.ok(week.every((day) => day.hoursSet))

  await setHours(shop, { weekdays: [3], open: '10:00', close: '24:00' })
  t.match(
    await daySchedule(pool, shop.id, '2026-03-11'),
    { open: true, openTime: '10:00', closeTime: '24:00', capacity: 12 },
    'new times, the capacity kept; 24:00 is midnight',
  )
  await setHours(shop, { weekdays: [6], open: '09:00', close: '13:00' })
  t.match(
    await daySchedule(pool, shop.id, '2026-03-14'),
    { open: true, openTime: '09:00', closeTime: '13:00', capacity: defaultDailyCapacity },
    'a weekday that was closed takes the default capacity',
  )
  await setHours(shop, { weekdays: [1, 2], closed: true })
  t.match(await daySchedule(pool, shop.id, monday), { open: false, reason: 'Closed on Mondays', capacity: 0 })
  await setHours(shop, { weekdays: [1], open: '07:00', close: '15:00' })
  t.match(
    await daySchedule(pool, shop.id, monday),
    { open: true, capacity: 12 },
    'closing a weekday keeps its capacity for when it opens again',
  )
})

t.test('closing weekdays first leaves the other weekdays open all day', async (t) => {
  const shop = await createTestShop(pool)
  const hours = await setHours(shop, { weekdays: [7], closed: true })
  t.ok(hours.hoursSet)
  t.same(
    hours.week.map((day) => [day.weekday, day.open, day.openTime, day.closeTime, day.capacity]),
    [
      [1, true, '00:00', '24:00', 100],
      [2, true, '00:00', '24:00', 100],
      [3, true, '00:00', '24:00', 100],
      [4, true, '00:00', '24:00', 100],
      [5, true, '00:00', '24:00', 100],
      [6, true, '00:00', '24:00', 100],
      [7, false, null, null, 0],
    ],
  )
})

t.test('closures: a reason, replaced by closing again, removed by reopening; 404 when none', async (t) => {
  const shop = await createTestShop(pool)
  await setHours(shop, { weekdays: [1, 2, 3, 4, 5, 6], open: '08:00', close: '17:00', capacity: 5 })
  t.same(await close(shop, '2026-03-10', 'Stock-taking'), { date: '2026-03-10', reason: 'Stock-taking' })
  t.same(await close(shop, '2026-03-10', 'Inventory count'), { date: '2026-03-10', reason: 'Inventory count' })
  await close(shop, '2026-03-15', 'Easter')
  const week = await daySchedules(pool, shop.id, monday, '2026-03-15')
  t.match(week[1], { date: '2026-03-10', open: false, reason: 'Inventory count', capacity: 0 })
  t.match(week[6], { date: '2026-03-15', open: false, reason: 'Easter' }, "a closure's reason wins over the week's")

  const other = await createTestShop(pool)
  t.match(await daySchedule(pool, other.id, '2026-03-10'), { open: true }, "another shop's closures do not apply")

  t.same(await withTransaction(pool, (tx) => reopenDate(tx, shop.id, '2026-03-10')), {
    date: '2026-03-10',
    reason: 'Inventory count',
  })
  t.match(await daySchedule(pool, shop.id, '2026-03-10'), { open: true, openTime: '08:00', capacity: 5 })
  await t.rejects(
    withTransaction(pool, (tx) => reopenDate(tx, shop.id, '2026-03-10')),
    {
      code: 'not_found',
      param: 'date',
    },
  )
})

t.test('readHours lists the closures from today on in the shop zone, earliest first', async (t) => {
  const shop = await createTestShop(pool, { timezone: 'Pacific/Kiritimati' })
  const today = dateIn('Pacific/Kiritimati')
  await close(shop, addDays(today, 9), 'Later')
  await close(shop, today, 'Today')
  await close(shop, addDays(today, -1), 'Yesterday')
  const hours = await readHours(pool, shop.id)
  t.equal(hours.timezone, 'Pacific/Kiritimati')
  t.same(hours.closures, [
    { date: today, reason: 'Today' },
    { date: addDays(today, 9), reason: 'Later' },
  ])
})

t.test('three first settings at once: all apply, in any order, without a conflict or deadlock', async (t) => {
  // Several shops, so an interleaving that breaks it shows up in one run.
  for (let round = 0; round < 5; round++) {
    const shop = await createTestShop(pool)
    await Promise.all([
      setHours(shop, { weekdays: [1, 2, 3, 4, 5], open: '08:00', close: '17:00', capacity: 8 }),
      setHours(shop, { weekdays: [6], open: '09:00', close: '12:00', capacity: 3 }),
      setHours(shop, { weekdays: [7], closed: true }),
    ])
    const week = (await readHours(pool, shop.id)).week
    t.same(
      week.map((day) => [day.openTime, day.closeTime, day.capacity]),
      [
        ['08:00', '17:00', 8],
        ['08:00', '17:00', 8],
        ['08:00', '17:00', 8],
        ['08:00', '17:00', 8],
        ['08:00', '17:00', 8],
        ['09:00', '12:00', 3],
        [null, null, 0],
      ],
      `round ${round + 1}`,
    )
  }
})
