// `shopapi technicians ...` and `shopapi shops update --confirm-bookings`: the built CLI run
// in-process (runCommand over dist/, so `npm run build` first) on the database a real API server uses; results checked through the API.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import type { Technician } from '../../../src/resources/technicians/schema.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'
import { createRepairOrder } from '../../resources/jobs/fixtures.js'

const api = await startTestApp(t)
const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-technicians-test-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const env = { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: dataDir }
const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, ['technicians.read'])
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], env)

t.test('create, update, deactivate and list, as JSON the API also serves', async (t) => {
  const created = jsonOutput<Technician>(
    t,
    await cli(['technicians', 'create', '--name', 'Sam Ortiz', '--email', 'sam@example.com', '--json']),
  )
  t.match(created, { object: 'technician', name: 'Sam Ortiz', email: 'sam@example.com', active: true, version: 1 })
  t.match(created.id, /^tech_/)
  const fromApi = await sendJson<Technician>(api, 'GET', `/v1/technicians/${created.id}`, key)
  t.same(fromApi.body, created, 'the JSON is the object the API shows')

  const renamed = jsonOutput<Technician>(
    t,
    await cli(['technicians', 'update', created.id, '--name', 'Sam O.', '--json']),
  )
  t.match(renamed, { name: 'Sam O.', email: 'sam@example.com', version: 2 })
  const cleared = jsonOutput<Technician>(t, await cli(['technicians', 'update', created.id, '--email', '', '--json']))
  t.match(cleared, { email: null, version: 3 }, "--email '' clears the email")
  assertOneLineFailure(t, await cli(['technicians', 'update', created.id, '--name', 'Sam O.']), /changes nothing/)
  assertOneLineFailure(t, await cli(['technicians', 'update', created.id]), /Nothing to change/)

  const other = jsonOutput<Technician>(t, await cli(['technicians', 'create', '--name', 'Kim Lee', '--json']))
  const deactivated = jsonOutput<Technician>(t, await cli(['technicians', 'deactivate', other.id, '--json']))
  t.match(deactivated, { id: other.id, active: false, version: 2 })
  const again = jsonOutput<Technician>(t, await cli(['technicians', 'deactivate', other.id, '--json']))
  t.match(again, { active: false, version: 2 }, 'deactivating again changes nothing')

  const active = jsonOutput<Technician[]>(t, await cli(['technicians', 'list', '--json']))
  t.same(
    active.map((technician) => technician.id),
    [created.id],
    'list shows active technicians only',
  )
  const all = jsonOutput<Technician[]>(t, await cli(['technicians', 'list', '--all', '--json']))
  t.same(all.map((technician) => technician.id).sort(), [created.id, other.id].sort(), '--all shows both')

  const table = await cli(['technicians', 'list', '--all'])
  t.equal(table.code, 0, 'the table exits 0', { output: describeResult(table) })
  t.match(table.stdout, /ID\s+NAME\s+EMAIL\s+DAILY CAPACITY\s+ACTIVE/, 'a header row')
  t.match(table.stdout, new RegExp(`${other.id}\\s+Kim Lee\\s+.*false`), 'a row per technician')
  const human = await cli(['technicians', 'create', '--name', 'Ray Diaz'])
  t.equal(human.code, 0, 'human create exits 0', { output: describeResult(human) })
  t.match(human.stdout, /name\s+Ray Diaz/, 'human output shows the fields')
  t.match(human.stdout, /id\s+tech_/, 'and the id')
})

t.test('refusals: one clear line, exit code 1', async (t) => {
  assertOneLineFailure(t, await cli(['technicians', 'create', '--name', '   ']), /--name/)
  assertOneLineFailure(t, await cli(['technicians', 'create', '--name', 'x'.repeat(101)]), /--name.*100/)
  assertOneLineFailure(t, await cli(['technicians', 'create', '--name', 'A', '--email', 'nope']), /--email/)
  assertOneLineFailure(
    t,
    await runCommand(['technicians', 'update', 'tech_0000000000000000000000', '--name', 'X'], env),
    /No technician tech_0000000000000000000000/,
  )
  assertOneLineFailure(t, await cli(['technicians', 'deactivate', 'cus_123']), /not a technician id/)
  const asJson = await cli(['technicians', 'deactivate', 'cus_123', '--json'])
  t.equal(asJson.code, 1)
  t.match(JSON.parse(asJson.stdout), { error: { code: 'invalid_id' } })
})

t.test('tax rates are in percent everywhere: shops update --tax-rate and taxes set', async (t) => {
  const updated = jsonOutput<{ id: string; tax_rate: string }>(
    t,
    await runCommand(['shops', 'update', shop.public_id, '--tax-rate', '8.25', '--json'], env),
  )
  t.match(updated, { id: shop.public_id, tax_rate: '8.25' })
  const taxes = async () =>
    jsonOutput<{ name: string; rate: string; applies_to: string[] }[]>(
      t,
      await runCommand(['taxes', 'list', '--shop', shop.public_id, '--json'], env),
    )
  t.match(
    (await taxes()).find((tax) => tax.name === 'Sales tax'),
    { rate: '8.25', applies_to: ['labor', 'parts', 'fees'] },
  )
  const withSign = await runCommand(['shops', 'update', shop.public_id, '--tax-rate', '8.5 %'], env)
  t.equal(withSign.code, 0, '8.5 % with its sign', { output: describeResult(withSign) })
  t.match(withSign.stdout, /Sales tax 8\.5 %/)
  const small = await runCommand(
    ['taxes', 'set', '--shop', shop.public_id, '--name', 'Tire fee', '--rate', '0.5%'],
    env,
  )
  t.equal(small.code, 0, 'a rate under 1 % written with its sign', { output: describeResult(small) })
  t.match(
    (await taxes()).find((tax) => tax.name === 'Tire fee'),
    { rate: '0.5' },
  )
  // A fraction, as --tax-rate once took: refused with how it was read and both ways to say it.
  for (const command of [
    ['shops', 'update', shop.public_id, '--tax-rate', '0.0825'],
    ['taxes', 'set', '--shop', shop.public_id, '--name', 'Sales tax', '--rate', '0.0825'],
  ]) {
    assertOneLineFailure(
      t,
      await runCommand(command, env),
      /0\.0825 is ambiguous: .*write 8\.25 for 8\.25 %, or 0\.0825% /,
    )
  }
  for (const rate of ['-1', 'abc', '8.25%%', '100']) {
    assertOneLineFailure(t, await runCommand(['shops', 'update', shop.public_id, '--tax-rate', rate], env), /rate/)
  }
  t.match(
    (await taxes()).find((tax) => tax.name === 'Sales tax'),
    { rate: '8.5' },
    'refusals changed nothing',
  )
})

t.test('shops update --name, --timezone and --currency, with their rules', async (t) => {
  const fresh = await createTestShop(api.pool)
  const renamed = jsonOutput<{ id: string; name: string; timezone: string; currency: string }>(
    t,
    await runCommand(
      [
        'shops',
        'update',
        fresh.public_id,
        '--name',
        'Main Street Auto',
        '--timezone',
        'America/Chicago',
        '--currency',
        'cad',
        '--json',
      ],
      env,
    ),
  )
  t.match(renamed, { id: fresh.public_id, name: 'Main Street Auto', timezone: 'America/Chicago', currency: 'CAD' })
  const stored = await api.pool.query('select name, timezone, currency from shops where id = $1::uuid', [fresh.id])
  t.same(stored.rows[0], { name: 'Main Street Auto', timezone: 'America/Chicago', currency: 'CAD' }, 'stored')

  assertOneLineFailure(
    t,
    await runCommand(['shops', 'update', fresh.public_id, '--timezone', 'Mars/Olympus'], env),
    /"Mars\/Olympus" is not an IANA time zone/,
  )
  assertOneLineFailure(
    t,
    await runCommand(['shops', 'update', fresh.public_id, '--name', ' '], env),
    /1-200 characters/,
  )
  assertOneLineFailure(
    t,
    await runCommand(['shops', 'update', fresh.public_id, '--currency', 'DOLLARS'], env),
    /ISO 4217/,
  )

  // Once an amount exists, the currency stays: the amounts would change meaning.
  await createRepairOrder(api.pool, fresh)
  assertOneLineFailure(
    t,
    await runCommand(['shops', 'update', fresh.public_id, '--currency', 'USD'], env),
    /cannot change from CAD to USD: the shop already has repair orders whose amounts are in CAD/,
  )
  const asJson = await runCommand(['shops', 'update', fresh.public_id, '--currency', 'USD', '--json'], env)
  t.match(JSON.parse(asJson.stdout), { error: { code: 'conflict', message: /currency/ } }, '--json: one object')
  const same = await runCommand(['shops', 'update', fresh.public_id, '--currency', 'CAD', '--name', 'Main St'], env)
  t.equal(same.code, 0, 'naming the currency it already has is no change', { output: describeResult(same) })

  // A time-zone change leaves booked appointments as they were booked, and says how many.
  const booker = await createTestKey(
    api.pool,
    fresh,
    ['customers.read', 'customers.write', 'appointments.read', 'appointments.write'],
    'Booking site',
  )
  const customer = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', booker.key, {
    body: { first_name: 'Ada', last_name: 'Lovelace' },
    idempotencyKey: 'ada-1',
  })
  t.equal(customer.status, 201, 'a customer', { body: customer.body })
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
  const appointment = await sendJson<{ id: string; starts_at: string }>(api, 'POST', '/v1/appointments', booker.key, {
    body: { customer_id: customer.body.id, date, time: '10:00' },
    idempotencyKey: 'ada-booking-1',
  })
  t.equal(appointment.status, 201, 'booked', { body: appointment.body })
  const booked = (
    await api.pool.query<{ id: string; starts_at: Date }>(
      'select id, starts_at from appointments where public_id = $1::text',
      [appointment.body.id],
    )
  ).rows[0] as { id: string; starts_at: Date }
  const moved = await runCommand(['shops', 'update', fresh.public_id, '--timezone', 'America/Denver'], env)
  t.equal(moved.code, 0, 'moved', { output: describeResult(moved) })
  t.match(
    moved.stdout,
    /Time zone changed from America\/Chicago: 1 upcoming appointment keeps the zone, date and time it was booked with/,
  )
  const kept = await api.pool.query('select timezone, starts_at from appointments where id = $1::uuid', [booked.id])
  t.same(kept.rows[0], { timezone: 'America/Chicago', starts_at: booked.starts_at }, 'the appointment is unchanged')
})

t.test('daily capacity: set on create, changed and cleared on update, listed, shown by the API', async (t) => {
  const created = jsonOutput<Technician>(
    t,
    await cli(['technicians', 'create', '--name', 'Lee Park', '--daily-capacity', '6', '--json']),
  )
  t.match(created, { name: 'Lee Park', daily_capacity: 6, version: 1 })
  const fromApi = await sendJson<Technician>(api, 'GET', `/v1/technicians/${created.id}`, key)
  t.equal(fromApi.body.daily_capacity, 6, 'the API shows it')
  const plain = jsonOutput<Technician>(t, await cli(['technicians', 'create', '--name', 'No Limit', '--json']))
  t.equal(plain.daily_capacity, null, 'no limit of their own unless given')

  const changed = jsonOutput<Technician>(
    t,
    await cli(['technicians', 'update', created.id, '--daily-capacity', '0', '--json']),
  )
  t.match(changed, { daily_capacity: 0, version: 2 }, '0 is a capacity (takes no appointments)')
  const table = await cli(['technicians', 'list'])
  t.match(table.stdout, /ID\s+NAME\s+EMAIL\s+DAILY CAPACITY\s+ACTIVE/)
  t.match(table.stdout, new RegExp(`${created.id}\\s+Lee Park\\s+-\\s+0\\s+true`))
  t.match(table.stdout, new RegExp(`${plain.id}\\s+No Limit\\s+-\\s+-\\s+true`))

  const cleared = jsonOutput<Technician>(
    t,
    await cli(['technicians', 'update', created.id, '--daily-capacity', 'none', '--json']),
  )
  t.match(cleared, { daily_capacity: null, version: 3 })
  t.equal(
    (await sendJson<Technician>(api, 'GET', `/v1/technicians/${created.id}`, key)).body.daily_capacity,
    null,
    'cleared for the API too',
  )
  assertOneLineFailure(
    t,
    await cli(['technicians', 'update', created.id, '--daily-capacity', 'none']),
    /changes nothing/,
  )
  assertOneLineFailure(
    t,
    await cli(['technicians', 'update', created.id, '--daily-capacity', '1001']),
    /--daily-capacity must be a whole number from 0 to 1000, or none \(got "1001"\)/,
  )
  assertOneLineFailure(
    t,
    await cli(['technicians', 'create', '--name', 'X', '--daily-capacity', 'none']),
    /--daily-capacity must be a whole number from 0 to 1000 \(got "none"\)/,
  )
})

t.test('shops update --confirm-bookings / --no-confirm-bookings, shown by shops list', async (t) => {
  const on = jsonOutput<{ id: string; confirm_bookings: boolean }>(
    t,
    await runCommand(['shops', 'update', shop.public_id, '--confirm-bookings', '--json'], env),
  )
  t.match(on, { id: shop.public_id, confirm_bookings: true })
  const stored = await api.pool.query('select confirm_bookings from shops where id = $1::uuid', [shop.id])
  t.equal(stored.rows[0]?.confirm_bookings, true, 'stored')
  const listed = jsonOutput<{ id: string; confirm_bookings: boolean }[]>(
    t,
    await runCommand(['shops', 'list', '--json'], env),
  )
  t.equal(listed.find((row) => row.id === shop.public_id)?.confirm_bookings, true)
  const table = await runCommand(['shops', 'list'], env)
  t.match(table.stdout, /CURRENCY\s+CONFIRM BOOKINGS/)

  const off = await runCommand(['shops', 'update', shop.public_id, '--no-confirm-bookings'], env)
  t.equal(off.code, 0, 'exit 0', { output: describeResult(off) })
  t.match(off.stdout, /API bookings are booked at once/)
  const after = await api.pool.query('select confirm_bookings from shops where id = $1::uuid', [shop.id])
  t.same(after.rows[0], { confirm_bookings: false })
  assertOneLineFailure(t, await runCommand(['shops', 'update', shop.public_id], env), /Nothing to change/)
})
