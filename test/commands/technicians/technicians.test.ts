// `shopapi technicians ...` and `shopapi shops update --confirm-bookings`: the built CLI run
// in-process (runCommand over dist/, so `npm run build` first) on the database a real API server uses; results checked through the API.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import type { Technician } from '../../../src/resources/technicians/schema.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)
const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-technicians-test-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const env = { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: dataDir }
const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, ['technicians.read'])
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], env)

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

function json<T>(t: Test, result: CliResult): T {
  t.equal(result.code, 0, 'exit 0', { output: describe(result) })
  return JSON.parse(result.stdout) as T
}

function assertOneLineFailure(t: Test, result: CliResult, message: RegExp) {
  t.equal(result.code, 1, 'exit 1', { output: describe(result) })
  t.equal(result.stderr.trim().split('\n').length, 1, 'one line on stderr', { stderr: result.stderr })
  t.match(result.stderr, message)
  t.notMatch(result.stderr, /^\s+at\s/m, 'no stack trace')
}

t.test('create, update, deactivate and list, as JSON the API also serves', async (t) => {
  const created = json<Technician>(
    t,
    await cli(['technicians', 'create', '--name', 'Sam Ortiz', '--email', 'sam@example.com', '--json']),
  )
  t.match(created, { object: 'technician', name: 'Sam Ortiz', email: 'sam@example.com', active: true, version: 1 })
  t.match(created.id, /^tech_/)
  const fromApi = await sendJson<Technician>(api, 'GET', `/v1/technicians/${created.id}`, key)
  t.same(fromApi.body, created, 'the JSON is the object the API shows')

  const renamed = json<Technician>(t, await cli(['technicians', 'update', created.id, '--name', 'Sam O.', '--json']))
  t.match(renamed, { name: 'Sam O.', email: 'sam@example.com', version: 2 })
  const cleared = json<Technician>(t, await cli(['technicians', 'update', created.id, '--email', '', '--json']))
  t.match(cleared, { email: null, version: 3 }, "--email '' clears the email")
  assertOneLineFailure(t, await cli(['technicians', 'update', created.id, '--name', 'Sam O.']), /changes nothing/)
  assertOneLineFailure(t, await cli(['technicians', 'update', created.id]), /Nothing to change/)

  const other = json<Technician>(t, await cli(['technicians', 'create', '--name', 'Kim Lee', '--json']))
  const deactivated = json<Technician>(t, await cli(['technicians', 'deactivate', other.id, '--json']))
  t.match(deactivated, { id: other.id, active: false, version: 2 })
  const again = json<Technician>(t, await cli(['technicians', 'deactivate', other.id, '--json']))
  t.match(again, { active: false, version: 2 }, 'deactivating again changes nothing')

  const active = json<Technician[]>(t, await cli(['technicians', 'list', '--json']))
  t.same(
    active.map((technician) => technician.id),
    [created.id],
    'list shows active technicians only',
  )
  const all = json<Technician[]>(t, await cli(['technicians', 'list', '--all', '--json']))
  t.same(all.map((technician) => technician.id).sort(), [created.id, other.id].sort(), '--all shows both')

  const table = await cli(['technicians', 'list', '--all'])
  t.equal(table.code, 0, 'the table exits 0', { output: describe(table) })
  t.match(table.stdout, /ID\s+NAME\s+EMAIL\s+DAILY CAPACITY\s+ACTIVE/, 'a header row')
  t.match(table.stdout, new RegExp(`${other.id}\\s+Kim Lee\\s+.*false`), 'a row per technician')
  const human = await cli(['technicians', 'create', '--name', 'Ray Diaz'])
  t.equal(human.code, 0, 'human create exits 0', { output: describe(human) })
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

t.test('shops update --tax-rate (kept from before named taxes) sets the "Sales tax"', async (t) => {
  const updated = json<{ id: string; tax_rate: string }>(
    t,
    await runCommand(['shops', 'update', shop.public_id, '--tax-rate', '0.0825', '--json'], env),
  )
  t.match(updated, { id: shop.public_id, tax_rate: '0.08250' })
  const taxes = json<{ name: string; rate: string; applies_to: string[] }[]>(
    t,
    await runCommand(['taxes', 'list', '--shop', shop.public_id, '--json'], env),
  )
  t.match(
    taxes.find((tax) => tax.name === 'Sales tax'),
    { rate: '8.25', applies_to: ['labor', 'parts', 'fees'] },
  )
  for (const rate of ['1', '1.0', '-0.01', '0.123456', 'abc']) {
    assertOneLineFailure(t, await runCommand(['shops', 'update', shop.public_id, '--tax-rate', rate], env), /tax rate/)
  }
})

t.test('daily capacity: set on create, changed and cleared on update, listed, shown by the API', async (t) => {
  const created = json<Technician>(
    t,
    await cli(['technicians', 'create', '--name', 'Lee Park', '--daily-capacity', '6', '--json']),
  )
  t.match(created, { name: 'Lee Park', daily_capacity: 6, version: 1 })
  const fromApi = await sendJson<Technician>(api, 'GET', `/v1/technicians/${created.id}`, key)
  t.equal(fromApi.body.daily_capacity, 6, 'the API shows it')
  const plain = json<Technician>(t, await cli(['technicians', 'create', '--name', 'No Limit', '--json']))
  t.equal(plain.daily_capacity, null, 'no limit of their own unless given')

  const changed = json<Technician>(
    t,
    await cli(['technicians', 'update', created.id, '--daily-capacity', '0', '--json']),
  )
  t.match(changed, { daily_capacity: 0, version: 2 }, '0 is a capacity (takes no appointments)')
  const table = await cli(['technicians', 'list'])
  t.match(table.stdout, /ID\s+NAME\s+EMAIL\s+DAILY CAPACITY\s+ACTIVE/)
  t.match(table.stdout, new RegExp(`${created.id}\\s+Lee Park\\s+-\\s+0\\s+true`))
  t.match(table.stdout, new RegExp(`${plain.id}\\s+No Limit\\s+-\\s+-\\s+true`))

  const cleared = json<Technician>(
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
  const on = json<{ id: string; confirm_bookings: boolean }>(
    t,
    await runCommand(['shops', 'update', shop.public_id, '--confirm-bookings', '--json'], env),
  )
  t.match(on, { id: shop.public_id, confirm_bookings: true })
  const stored = await api.pool.query('select confirm_bookings from shops where id = $1::uuid', [shop.id])
  t.equal(stored.rows[0]?.confirm_bookings, true, 'stored')
  const listed = json<{ id: string; confirm_bookings: boolean }[]>(
    t,
    await runCommand(['shops', 'list', '--json'], env),
  )
  t.equal(listed.find((row) => row.id === shop.public_id)?.confirm_bookings, true)
  const table = await runCommand(['shops', 'list'], env)
  t.match(table.stdout, /CURRENCY\s+CONFIRM BOOKINGS/)

  const off = await runCommand(['shops', 'update', shop.public_id, '--no-confirm-bookings'], env)
  t.equal(off.code, 0, 'exit 0', { output: describe(off) })
  t.match(off.stdout, /API bookings are booked at once/)
  const after = await api.pool.query('select confirm_bookings from shops where id = $1::uuid', [shop.id])
  t.same(after.rows[0], { confirm_bookings: false })
  assertOneLineFailure(t, await runCommand(['shops', 'update', shop.public_id], env), /Nothing to change/)
})
