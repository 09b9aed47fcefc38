// `shopapi appointments book|arrive|cancel|convert`, the front desk without curl: the built CLI run
// in-process (runCommand over dist/, so `npm run build` first) on the database of a running API server,
// the results checked through the API and its event log.
import t from 'tap'
import { startTestApp } from '../../helpers/app.js'
import { type AppointmentJson, appointmentFixtures } from '../../helpers/appointments.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)
const { setUpShop, get, eventsOf, addTechnician, confirmBookings } = appointmentFixtures(api)
const { shop, key, customerId, vehicleId } = await setUpShop('America/New_York')
// A second shop: the commands find the shop from the customer or appointment id, without --shop.
await setUpShop('Europe/Paris')
const env = { DATABASE_URL: api.url }
const cli = (args: string[]) => runCommand(args, env)
const technician = await addTechnician(shop.id, 'Sam Ortiz', null)

interface OrderJson {
  id: string
  number: string
  state: string
  origin_appointment_id: string | null
  customer_concern: string | null
  odometer_in: number | null
  jobs: unknown[] | null
}

function bookArgs(time: string, ...more: string[]): string[] {
  return [
    'appointments',
    'book',
    '--customer',
    customerId,
    '--vehicle',
    vehicleId,
    '--date',
    '2027-11-09',
    '--time',
    time,
    ...more,
  ]
}

t.test('book, arrive, convert: the API objects, names beside ids, the events recorded', async (t) => {
  const booked = jsonOutput<AppointmentJson>(
    t,
    await cli([
      ...bookArgs('09:30', '--concern', 'Squeal when braking', '--duration', '90', '--technician', technician),
      '--json',
    ]),
  )
  t.match(booked, {
    status: 'booked',
    date: '2027-11-09',
    time: '09:30',
    duration_minutes: 90,
    reason: 'Squeal when braking',
    customer_id: customerId,
    vehicle_id: vehicleId,
    technician_id: technician,
  })
  t.same((await get(key, booked.id)).body, { ...booked, available_actions: ['cancel', 'check_in'] }, 'the API object')

  const arrived = await cli(['appointments', 'arrive', booked.id])
  t.equal(arrived.code, 0, { output: describeResult(arrived) })
  t.match(arrived.stdout, /status\s+arrived/)
  t.match(arrived.stdout, new RegExp(`customer_id\\s+${customerId}\\s*\\ncustomer\\s+Grace Hopper`), 'customer named')
  t.match(arrived.stdout, /vehicle\s+2021 Ford Transit/, 'vehicle named')
  t.match(arrived.stdout, /technician\s+Sam Ortiz/, 'technician named')
  t.equal((await get(key, booked.id)).body.status, 'arrived')

  const order = jsonOutput<OrderJson>(
    t,
    await cli(['appointments', 'convert', booked.id, '--odometer', '84210', '--json']),
  )
  t.match(order, {
    state: 'checked_in',
    origin_appointment_id: booked.id,
    customer_concern: 'Squeal when braking',
    odometer_in: 84210,
    jobs: [],
  })
  const again = await cli(['appointments', 'convert', booked.id])
  t.equal(again.code, 0, { output: describeResult(again) })
  t.match(again.stdout, new RegExp(`already converted: repair order ${order.number} \\(${order.id}\\)`), 'one order')
  t.equal((await get(key, booked.id)).body.repair_order_id, order.id)

  const events = (await eventsOf(key, booked.id)).map((event) => event.type)
  t.same(events, ['appointment.created', 'appointment.status_changed', 'appointment.converted_to_repair_order'])
  const { rows } = await api.pool.query('select type from events where object_id = $1::text', [order.id])
  t.same(rows, [{ type: 'repair_order.created' }])
})

t.test('book: today and tomorrow on the shop clock; requested when the shop confirms bookings', async (t) => {
  await confirmBookings(shop.id, true)
  t.teardown(() => confirmBookings(shop.id, false))
  const requested = jsonOutput<AppointmentJson>(
    t,
    await cli(['appointments', 'book', '--customer', customerId, '--date', 'tomorrow', '--time', '23:45', '--json']),
  )
  t.equal(requested.status, 'requested')
  const { rows } = await api.pool.query<{ tomorrow: string }>(
    "select to_char((now() at time zone 'America/New_York')::date + 1, 'YYYY-MM-DD') as tomorrow",
  )
  t.equal(requested.date, rows[0]?.tomorrow, "tomorrow in the shop's zone")
  assertOneLineFailure(
    t,
    await cli(['appointments', 'convert', requested.id]),
    /is requested: it cannot become a repair order/,
  )
})

t.test('cancel, and the refusals: one line, exit 1, nothing changed', async (t) => {
  const booked = jsonOutput<AppointmentJson>(t, await cli([...bookArgs('14:00'), '--json']))
  const cancelled = jsonOutput<AppointmentJson>(
    t,
    await cli(['appointments', 'cancel', booked.id, '--reason', 'Car sold', '--json']),
  )
  t.match(cancelled, { status: 'cancelled', status_reason: 'Car sold', available_actions: [] })
  t.not(cancelled.cancelled_at, null)
  const versionAfterCancel = (await get(key, booked.id)).body.version

  assertOneLineFailure(
    t,
    await cli(['appointments', 'convert', booked.id]),
    /is cancelled: it cannot become a repair order/,
  )
  assertOneLineFailure(t, await cli(['appointments', 'arrive', booked.id]), /cancelled/)
  assertOneLineFailure(t, await cli(['appointments', 'cancel', booked.id]), /cancelled/)
  const asJson = await cli(['appointments', 'convert', booked.id, '--json'])
  t.equal(asJson.code, 1)
  t.match(JSON.parse(asJson.stdout), { error: { code: 'conflict' } })
  t.equal((await get(key, booked.id)).body.version, versionAfterCancel, 'the refusals changed nothing')
  const { rows } = await api.pool.query('select 1 from repair_orders where origin_appointment_id = $1::uuid', [
    (await api.pool.query<{ id: string }>('select id from appointments where public_id = $1', [booked.id])).rows[0]?.id,
  ])
  t.equal(rows.length, 0, 'no order')

  assertOneLineFailure(t, await cli(bookArgs('25:00')), /--time must be HH:MM/)
  assertOneLineFailure(t, await cli(bookArgs('09:00', '--duration', '5')), /--duration/)
  assertOneLineFailure(
    t,
    await cli(['appointments', 'book', '--customer', 'veh_1', '--date', 'today', '--time', '09:00']),
    /not a customer id/,
  )
  const noVehicle = jsonOutput<AppointmentJson>(
    t,
    await cli(['appointments', 'book', '--customer', customerId, '--date', '2027-11-10', '--time', '08:00', '--json']),
  )
  assertOneLineFailure(
    t,
    await cli(['appointments', 'convert', noVehicle.id]),
    /has no vehicle: a repair order needs one/,
  )
  const reply = await sendJson<{ error: { code: string } }>(api, 'GET', `/v1/appointments/${noVehicle.id}`, key)
  t.equal(reply.status, 200)
})
