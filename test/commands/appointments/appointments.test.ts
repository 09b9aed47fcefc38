// `shopapi appointments list|set-status`, the front desk: the built CLI run in-process
// (runCommand over dist/, so `npm run build` first) on the database of a running API server, the results checked through the API and its events.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { dateIn } from '../../../src/lib/wall-clock.js'
import { startTestApp } from '../../helpers/app.js'
import { type AppointmentJson, appointmentFixtures } from '../../helpers/appointments.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

const api = await startTestApp(t)
const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-appointments-test-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const { setUpShop, addCustomer, book, get, act, confirmBookings, eventsOf } = appointmentFixtures(api)
const { shop, key, setupKey, customerId, vehicleId } = await setUpShop('America/New_York')
const other = await addCustomer(setupKey, 'Alan', 'Turing')
const cli = (args: string[]) =>
  runCommand([...args, '--shop', shop.public_id], { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: dataDir })

type ListedJson = AppointmentJson & { customer_name: string }

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

function json<T>(t: Test, result: CliResult): T {
  t.equal(result.code, 0, 'exit 0', { output: describe(result) })
  return JSON.parse(result.stdout) as T
}

function assertOneLineFailure(t: Test, result: CliResult, message: RegExp | string) {
  t.equal(result.code, 1, 'exit 1', { output: describe(result) })
  t.equal(result.stderr.trim().split('\n').length, 1, 'one line on stderr', { stderr: result.stderr })
  t.match(result.stderr, message)
  t.notMatch(result.stderr, /^\s+at\s/m, 'no stack trace')
}

async function booked(body: Record<string, unknown>): Promise<AppointmentJson> {
  const reply = await book(key, body)
  if (reply.status !== 201) throw new Error(`booking failed: ${reply.text}`)
  return reply.body
}

t.test('appointments list --date: the day in time order, as a table and as JSON', async (t) => {
  const day = '2027-11-09'
  // Booked out of order, for two customers, with one on the next day and one cancelled.
  const afternoon = await booked({
    customer_id: customerId,
    vehicle_id: vehicleId,
    date: day,
    time: '15:00',
    reason: 'Brakes',
  })
  const morning = await booked({ customer_id: other.customerId, date: day, time: '09:00' })
  const noon = await booked({ customer_id: customerId, date: day, time: '12:30', duration_minutes: 90 })
  await booked({ customer_id: customerId, date: '2027-11-10', time: '08:00' })
  const cancelled = await booked({ customer_id: other.customerId, date: day, time: '10:00' })
  t.equal((await act(key, cancelled.id, 'cancel')).status, 200)

  const listed = json<ListedJson[]>(t, await cli(['appointments', 'list', '--date', day, '--json']))
  t.same(
    listed.map((appointment) => appointment.id),
    [morning.id, cancelled.id, noon.id, afternoon.id],
    'every appointment of the day, earliest first',
  )
  t.same(
    listed.map((appointment) => appointment.customer_name),
    ['Alan Turing', 'Alan Turing', 'Grace Hopper', 'Grace Hopper'],
  )
  const { customer_name: _name, ...asObject } = listed[3] as ListedJson
  t.same(asObject, (await get(key, afternoon.id)).body, 'the object the API shows, with the customer name beside it')

  const cancelledOnly = json<ListedJson[]>(
    t,
    await cli(['appointments', 'list', '--date', day, '--status', 'cancelled', '--json']),
  )
  t.same(
    cancelledOnly.map((appointment) => appointment.id),
    [cancelled.id],
  )
  t.same(json<ListedJson[]>(t, await cli(['appointments', 'list', '--date', '2027-11-11', '--json'])), [])

  const table = await cli(['appointments', 'list', '--date', day])
  t.equal(table.code, 0, { output: describe(table) })
  t.match(
    table.stdout,
    /TIME\s+MIN\s+STATUS\s+CUSTOMER ID\s+CUSTOMER\s+VEHICLE ID\s+VEHICLE\s+TECHNICIAN ID\s+TECHNICIAN\s+REASON\s+ID/,
    'a header row',
  )
  t.match(
    table.stdout,
    new RegExp(
      `15:00\\s+60\\s+booked\\s+${customerId}\\s+Grace Hopper\\s+${vehicleId}\\s+2021 Ford Transit\\s+-\\s+-\\s+Brakes\\s+${afternoon.id}`,
    ),
  )
  t.match(table.stdout, /12:30\s+90\s+booked\s+cus_\w+\s+Grace Hopper/)
  t.match(table.stdout, /10:00\s+60\s+cancelled\s+cus_\w+\s+Alan Turing/)
  const rowOrder = [morning, cancelled, noon, afternoon].map((appointment) => table.stdout.indexOf(appointment.id))
  t.same(
    rowOrder,
    [...rowOrder].sort((a, b) => a - b),
    'rows in time order',
  )
  t.ok(rowOrder.every((index) => index > 0))
  t.notMatch(table.stdout, /2027-11-10|08:00/, 'not the next day')
})

t.test('appointments list orders a fall-back night by the real instant', async (t) => {
  const day = '2027-11-07'
  // 01:30 on the second reading (EST) starts after 01:45 on the first (EDT).
  const second = await booked({ customer_id: customerId, date: day, time: '01:30', utc_offset: '-05:00' })
  const first = await booked({ customer_id: customerId, date: day, time: '01:45', utc_offset: '-04:00' })
  const listed = json<ListedJson[]>(t, await cli(['appointments', 'list', '--date', day, '--json']))
  t.same(
    listed.map((appointment) => [appointment.time, appointment.starts_at]),
    [
      [first.time, '2027-11-07T05:45:00.000Z'],
      [second.time, '2027-11-07T06:30:00.000Z'],
    ],
  )
})

t.test('appointments list: today in the shop zone by default; bad flags are one line', async (t) => {
  const today = dateIn(shop.timezone)
  const todays = await booked({ customer_id: customerId, date: today, time: '23:59', duration_minutes: 15 })
  const listed = json<ListedJson[]>(t, await cli(['appointments', 'list', '--json']))
  t.ok(
    listed.some((appointment) => appointment.id === todays.id),
    `today (${today} in ${shop.timezone})`,
  )
  t.ok(
    listed.every((appointment) => appointment.date === today),
    'and only today',
  )
  assertOneLineFailure(t, await cli(['appointments', 'list', '--date', '2027-02-30']), /--date must be a calendar date/)
  assertOneLineFailure(t, await cli(['appointments', 'list', '--status', 'gone']), /Unknown status "gone"/)
})

t.test('appointments set-status: confirm, send back, fulfil, no-show and back, each with its event', async (t) => {
  await confirmBookings(shop.id, true)
  t.teardown(() => confirmBookings(shop.id, false))
  const requested = await booked({ customer_id: customerId, date: '2027-11-16', time: '10:00' })
  t.match(requested, { status: 'requested', confirmed_at: null })

  const confirmed = json<AppointmentJson>(
    t,
    await cli(['appointments', 'set-status', requested.id, 'booked', '--json']),
  )
  t.match(confirmed, { id: requested.id, status: 'booked', version: 2 })
  t.type(confirmed.confirmed_at, 'string', 'confirming sets confirmed_at')
  const fromApi = (await get(key, requested.id)).body
  t.same(fromApi, confirmed, 'the JSON is the object the API shows')

  const back = json<AppointmentJson>(
    t,
    await cli(['appointments', 'set-status', requested.id, 'requested', '--reason', 'Part on order', '--json']),
  )
  t.match(back, { status: 'requested', status_reason: 'Part on order', confirmed_at: confirmed.confirmed_at })

  const human = await cli(['appointments', 'set-status', requested.id, 'no_show'])
  t.equal(human.code, 0, { output: describe(human) })
  t.match(human.stdout, `Appointment ${requested.id} on 2027-11-16 at 10:00: requested -> no_show`)
  const late = json<AppointmentJson>(t, await cli(['appointments', 'set-status', requested.id, 'booked', '--json']))
  t.match(late, { status: 'booked', version: 5 }, 'a late customer: a no-show can be booked again')
  const done = json<AppointmentJson>(t, await cli(['appointments', 'set-status', requested.id, 'fulfilled', '--json']))
  t.match(done, { status: 'fulfilled', available_actions: [] })

  const changes = (await eventsOf(key, requested.id))
    .filter((event) => event.type === 'appointment.status_changed')
    .map((event) => [event.data.summary.previous_status, event.data.summary.status])
  t.same(
    changes,
    [
      ['requested', 'booked'],
      ['booked', 'requested'],
      ['requested', 'no_show'],
      ['no_show', 'booked'],
      ['booked', 'fulfilled'],
    ],
    'one appointment.status_changed per move, previous and new status in the summary',
  )
})

t.test('appointments set-status refuses impossible moves, naming the allowed ones', async (t) => {
  const appointment = await booked({
    customer_id: customerId,
    vehicle_id: vehicleId,
    date: '2027-11-17',
    time: '10:00',
  })
  t.equal((await act(key, appointment.id, 'check-in')).status, 200)
  const refused = await cli(['appointments', 'set-status', appointment.id, 'requested'])
  assertOneLineFailure(t, refused, 'cannot move from arrived to requested; allowed: fulfilled, cancelled')
  const refusedJson = await cli(['appointments', 'set-status', appointment.id, 'no_show', '--json'])
  t.equal(refusedJson.code, 1, { output: describe(refusedJson) })
  t.match(JSON.parse(refusedJson.stdout), { error: { code: 'conflict', message: /allowed: fulfilled, cancelled/ } })

  const cancelled = await booked({ customer_id: customerId, date: '2027-11-17', time: '11:00' })
  await act(key, cancelled.id, 'cancel')
  assertOneLineFailure(
    t,
    await cli(['appointments', 'set-status', cancelled.id, 'booked']),
    'cannot move from cancelled to booked; allowed: none (it is final)',
  )
  assertOneLineFailure(
    t,
    await cli(['appointments', 'set-status', appointment.id, 'arrived']),
    'Unknown status "arrived": one of requested, booked, fulfilled, no_show',
  )
  assertOneLineFailure(t, await cli(['appointments', 'set-status', 'appt_doesnotexist', 'booked']), /appt_doesnotexist/)
  assertOneLineFailure(
    t,
    await cli(['appointments', 'set-status', appointment.id, 'fulfilled', '--reason', 'r'.repeat(256)]),
    '--reason must be at most 255 characters',
  )

  t.match((await get(key, appointment.id)).body, { status: 'arrived', version: 2 }, 'the refusals changed nothing')
  t.same(
    (await eventsOf(key, cancelled.id)).map((event) => event.type),
    ['appointment.created', 'appointment.status_changed'],
    'and recorded nothing',
  )
})
