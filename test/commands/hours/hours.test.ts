// `shopapi hours set|close|open|show`: the built CLI run in-process (runCommand over dist/, so
// `npm run build` first) on the database a real API server uses; what they set is checked through GET /appointments/availability.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { newPublicId } from '../../../src/lib/ids.js'
import { addDays, dateIn } from '../../../src/lib/wall-clock.js'
import type { Availability } from '../../../src/resources/appointments/availability.js'
import type { presentDaySchedule, presentHours } from '../../../src/resources/shop-hours/present.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'

type Hours = ReturnType<typeof presentHours>
type Schedule = ReturnType<typeof presentDaySchedule>

const api = await startTestApp(t)
const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-hours-test-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const env = { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: dataDir }

async function shopWithCli(timezone = 'America/Chicago') {
  const shop = await createTestShop(api.pool, { timezone })
  const { key } = await createTestKey(api.pool, shop, ['appointments.read'])
  const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], env)
  const availability = async (query: string) =>
    (await sendJson<{ data: Availability[] }>(api, 'GET', `/v1/appointments/availability${query}`, key)).body.data
  return { shop, cli, availability }
}

const weekOf = (hours: Hours) =>
  hours.week.map((day) => [day.day, day.open, day.open_time, day.close_time, day.capacity])

t.test('set, close, open and show as JSON; availability follows', async (t) => {
  const { cli, availability } = await shopWithCli()
  const unset = jsonOutput<Hours>(t, await cli(['hours', 'show', '--json']))
  t.match(unset, { timezone: 'America/Chicago', hours_set: false, closures: [] })
  t.same(
    unset.week.map((day) => [day.day, day.open, day.open_time, day.capacity]),
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, true, null, 100]),
    'before any hours: open at any time, up to 100',
  )

  const weekdays = jsonOutput<Hours>(
    t,
    await cli([
      'hours',
      'set',
      '--days',
      'mon-fri',
      '--open',
      '08:00',
      '--close',
      '17:30',
      '--capacity',
      '12',
      '--json',
    ]),
  )
  t.same(weekOf(weekdays), [
    ['mon', true, '08:00', '17:30', 12],
    ['tue', true, '08:00', '17:30', 12],
    ['wed', true, '08:00', '17:30', 12],
    ['thu', true, '08:00', '17:30', 12],
    ['fri', true, '08:00', '17:30', 12],
    ['sat', false, null, null, 0],
    ['sun', false, null, null, 0],
  ])
  const saturday = jsonOutput<Hours>(
    t,
    await cli(['hours', 'set', '--days', 'sat', '--open', '09:00', '--close', '13:00', '--json']),
  )
  t.same(weekOf(saturday)[5], ['sat', true, '09:00', '13:00', 100], 'no --capacity: the default for a new day')
  const listed = jsonOutput<Hours>(
    t,
    await cli(['hours', 'set', '--days', 'mon,wed,fri', '--open', '07:00', '--close', '24:00', '--json']),
  )
  t.same(
    weekOf(listed).slice(0, 5),
    [
      ['mon', true, '07:00', '24:00', 12],
      ['tue', true, '08:00', '17:30', 12],
      ['wed', true, '07:00', '24:00', 12],
      ['thu', true, '08:00', '17:30', 12],
      ['fri', true, '07:00', '24:00', 12],
    ],
    'a list of days; the capacity kept; 24:00 closes at midnight',
  )
  const closedWeekend = jsonOutput<Hours>(t, await cli(['hours', 'set', '--days', 'sat-sun', '--closed', '--json']))
  t.same(weekOf(closedWeekend).slice(5), [
    ['sat', false, null, null, 0],
    ['sun', false, null, null, 0],
  ])

  const christmas = jsonOutput<{ date: string; reason: string | null; booked: number }>(
    t,
    await cli(['hours', 'close', '--date', '2026-12-25', '--reason', 'Christmas Day', '--json']),
  )
  t.same(christmas, { date: '2026-12-25', reason: 'Christmas Day', booked: 0 })
  jsonOutput(t, await cli(['hours', 'close', '--date', '2026-12-24', '--json']))
  t.same(
    (await availability('?start_date=2026-12-24&end_date=2026-12-27')).map((entry) => [
      entry.date,
      entry.available,
      entry.reason,
      entry.open_time,
      entry.capacity,
    ]),
    [
      ['2026-12-24', false, 'Closed (holiday)', null, 0],
      ['2026-12-25', false, 'Christmas Day', null, 0],
      ['2026-12-26', false, 'Closed on Saturdays', null, 0],
      ['2026-12-27', false, 'Closed on Sundays', null, 0],
    ],
    'availability shows the closures and the closed weekend',
  )

  const reopened = jsonOutput<Schedule>(t, await cli(['hours', 'open', '--date', '2026-12-24', '--json']))
  t.same(reopened, {
    date: '2026-12-24',
    open: true,
    reason: null,
    open_time: '08:00',
    close_time: '17:30',
    capacity: 12,
  })
  t.match((await availability('?date=2026-12-24'))[0], { available: true, open_time: '08:00', capacity: 12 })
})

t.test('show and the changes print readable tables and lines', async (t) => {
  const { cli } = await shopWithCli('Europe/London')
  const unset = await cli(['hours', 'show'])
  t.equal(unset.code, 0, 'exit 0', { output: describeResult(unset) })
  t.match(unset.stdout, /Hours not set: bookings are taken on every date at any time, up to 100 a day/)

  const set = await cli(['hours', 'set', '--days', 'mon-fri', '--open', '08:00', '--close', '17:30', '--capacity', '6'])
  t.equal(set.code, 0, 'exit 0', { output: describeResult(set) })
  t.match(set.stdout, /Weekly hours \(Europe\/London\):/)
  t.match(set.stdout, /DAY\s+OPEN\s+CLOSE\s+CAPACITY/)
  t.match(set.stdout, /Monday\s+08:00\s+17:30\s+6/)
  t.match(set.stdout, /Sunday\s+closed\s+-\s+-/)

  const today = dateIn('Europe/London')
  const closure = addDays(today, 3)
  const closed = await cli(['hours', 'close', '--date', closure, '--reason', 'Stock-taking'])
  t.equal(closed.code, 0, 'exit 0', { output: describeResult(closed) })
  t.match(closed.stdout, `Closed on ${closure}: Stock-taking`)
  await cli(['hours', 'close', '--date', addDays(today, -3), '--reason', 'Long past'])

  const show = await cli(['hours', 'show'])
  t.match(show.stdout, /Friday\s+08:00\s+17:30\s+6/)
  t.match(show.stdout, /Closures:\s+DATE\s+REASON/)
  t.match(show.stdout, new RegExp(`${closure}\\s+Stock-taking`))
  t.notMatch(show.stdout, /Long past/, 'past closures are not listed')

  const opened = await cli(['hours', 'open', '--date', closure])
  t.equal(opened.code, 0, 'exit 0', { output: describeResult(opened) })
  t.match(opened.stdout, `Removed the closure of ${closure} (Stock-taking): `)
})

t.test('closing a date with appointments says they are kept', async (t) => {
  const { shop, cli } = await shopWithCli()
  const { rows } = await api.pool.query<{ id: string }>(
    `insert into customers (shop_id, public_id, first_name, last_name) values ($1::uuid, $2::text, 'Ada', 'L')
     returning id`,
    [shop.id, newPublicId('customer')],
  )
  await api.pool.query(
    `insert into appointments (shop_id, public_id, status, date, local_time, timezone, starts_at, utc_offset,
       duration_minutes, customer_id)
     values ($1::uuid, $2::text, 'booked', '2026-09-14', '09:00', $3::text, '2026-09-14T14:00:00Z', '-05:00', 60, $4::uuid)`,
    [shop.id, newPublicId('appointment'), shop.timezone, rows[0]?.id],
  )
  const closed = await cli(['hours', 'close', '--date', '2026-09-14'])
  t.equal(closed.code, 0, 'exit 0', { output: describeResult(closed) })
  t.match(closed.stdout, 'Closed on 2026-09-14\n')
  t.match(closed.stdout, '1 appointment holds a place that day: closing the date does not cancel them.')
})

t.test('refusals: one clear line, exit code 1, nothing changed', async (t) => {
  // One of each kind here; every spelling of days, times and dates is in schema.test.ts.
  const { cli } = await shopWithCli()
  const set = (...args: string[]) => cli(['hours', 'set', ...args])
  assertOneLineFailure(
    t,
    await set('--days', 'mon-fry', '--open', '08:00', '--close', '17:00'),
    /--days "mon-fry" is not a day: use mon, tue, wed, thu, fri, sat, sun, ranges such as mon-fri/,
  )
  assertOneLineFailure(t, await set('--days', 'mon', '--open', '8:00', '--close', '17:00'), /--open .*HH:MM.*"8:00"/)
  assertOneLineFailure(
    t,
    await set('--days', 'mon', '--open', '17:00', '--close', '08:00'),
    /--close must be after the opening time 17:00/,
  )
  assertOneLineFailure(t, await set('--days', 'mon', '--open', '08:00'), /Give --open and --close/)
  assertOneLineFailure(t, await set('--days', 'mon', '--closed', '--capacity', '3'), /--closed takes no/)
  assertOneLineFailure(
    t,
    await set('--days', 'mon', '--open', '08:00', '--close', '17:00', '--capacity', '10001'),
    /--capacity must be a whole number from 0 to 10000/,
  )
  assertOneLineFailure(t, await cli(['hours', 'close', '--date', '2026-02-30']), /--date .*calendar date/)
  assertOneLineFailure(t, await cli(['hours', 'close', '--date', '2026-12-25', '--reason', 'x'.repeat(256)]), /255/)
  assertOneLineFailure(t, await cli(['hours', 'open', '--date', '2026-12-25']), /2026-12-25 is not a closure/)

  const asJson = await cli(['hours', 'open', '--date', '2026-12-25', '--json'])
  t.equal(asJson.code, 1)
  t.match(JSON.parse(asJson.stdout), { error: { code: 'not_found' } })
  t.match(
    jsonOutput<Hours>(t, await cli(['hours', 'show', '--json'])),
    { hours_set: false, closures: [] },
    'nothing set',
  )
})
