// `shopapi vehicles list|show|create|update`: the built CLI run in-process (runCommand over dist/, so
// `npm run build` first) on the database a real API server uses; results checked through the API and
// the event log.
import t from 'tap'
import type { Vehicle } from '../../../src/resources/vehicles/schema.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { jsonClient } from '../../helpers/http.js'

const api = await startTestApp(t)
const env = { DATABASE_URL: api.url }
const shop = await createTestShop(api.pool)
await createTestShop(api.pool)
const cli = (args: string[]) => runCommand(args, env)
const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write', 'vehicles.read'])
const send = jsonClient(api)

async function customer(first: string, last: string): Promise<string> {
  const reply = await send<{ id: string }>('POST', '/customers', key, { body: { first_name: first, last_name: last } })
  return reply.body.id
}

const owner = await customer('Ann', 'Lee')
const other = await customer('Bo', 'Diaz')

t.test('create and update: the API object and its events; the shop comes from the customer', async (t) => {
  const created = jsonOutput<Vehicle>(
    t,
    await cli([
      'vehicles',
      'create',
      '--customer',
      owner,
      '--vin',
      '1hgcm82633a004352',
      '--year',
      '2003',
      '--make',
      'Honda',
      '--model',
      'Accord',
      '--plate',
      'abc 123',
      '--json',
    ]),
  )
  t.match(created, { customer_id: owner, vin: '1HGCM82633A004352', year: 2003, plate: 'ABC 123', version: 1 })
  t.same((await send<Vehicle>('GET', `/vehicles/${created.id}`, key)).body, created, 'the API object')

  const moved = jsonOutput<Vehicle>(
    t,
    await cli(['vehicles', 'update', created.id, '--customer', other, '--odometer', '84210', '--plate', '', '--json']),
  )
  t.match(moved, { customer_id: other, odometer: 84210, plate: null, version: 2 })
  const { rows } = await api.pool.query<{ type: string; integration_id: string | null }>(
    'select type, integration_id from events where object_id = $1::text order by sequence',
    [created.id],
  )
  t.same(rows, [
    { type: 'vehicle.created', integration_id: null },
    { type: 'vehicle.updated', integration_id: null },
  ])

  const shown = await cli(['vehicles', 'show', created.id])
  t.equal(shown.code, 0, { output: describeResult(shown) })
  t.match(shown.stdout, /vehicle\s+2003 Honda Accord/)
  t.match(shown.stdout, new RegExp(`customer_id\\s+${other}`))
  t.match(shown.stdout, /customer\s+Bo Diaz/, "the owner's name beside the id")
})

t.test("list: a customer's vehicles with the owner named", async (t) => {
  const first = jsonOutput<Vehicle>(
    t,
    await cli(['vehicles', 'create', '--customer', owner, '--make', 'Ford', '--model', 'Transit', '--json']),
  )
  const listed = jsonOutput<Vehicle[]>(t, await cli(['vehicles', 'list', '--customer', owner, '--json']))
  t.same(
    listed.map((vehicle) => vehicle.id),
    [first.id],
    "only that customer's (the first moved away)",
  )
  const table = await cli(['vehicles', 'list', '--customer', owner])
  t.equal(table.code, 0, { output: describeResult(table) })
  t.match(table.stdout, /ID\s+VEHICLE\s+VIN\s+CUSTOMER ID\s+CUSTOMER/)
  t.match(table.stdout, new RegExp(`${first.id}\\s+Ford Transit\\s+-\\s+${owner}\\s+Ann Lee`))
  const searched = jsonOutput<Vehicle[]>(
    t,
    await cli(['vehicles', 'list', '--search', 'transit', '--shop', shop.public_id, '--json']),
  )
  t.same(
    searched.map((vehicle) => vehicle.id),
    [first.id],
  )
})

t.test('refusals: one line, exit 1', async (t) => {
  assertOneLineFailure(
    t,
    await cli(['vehicles', 'create', '--customer', owner, '--vin', '1HGCM82633A004353']),
    /--vin VIN check digit/,
  )
  assertOneLineFailure(t, await cli(['vehicles', 'create', '--customer', owner, '--year', '1800']), /--year/)
  assertOneLineFailure(t, await cli(['vehicles', 'create', '--customer', 'veh_1']), /--customer Expected a cus_ id/)
  assertOneLineFailure(
    t,
    await cli(['vehicles', 'create', '--customer', 'cus_0000000000000000000000']),
    /No customer cus_0000000000000000000000/,
  )
  assertOneLineFailure(t, await cli(['vehicles', 'list', '--shop', shop.public_id, '--search', 'a']), /--search/)
  const { rows } = await api.pool.query('select 1 from vehicles where shop_id = $1::uuid and year = 1800', [shop.id])
  t.equal(rows.length, 0, 'nothing written')
})
