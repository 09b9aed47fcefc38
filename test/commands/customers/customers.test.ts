// `shopapi customers list|show|create|update`: the built CLI run in-process (runCommand over dist/, so
// `npm run build` first) on the database a real API server uses; results checked through the API and
// the event log.
import t from 'tap'
import type { Customer } from '../../../src/resources/customers/schema.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { jsonClient } from '../../helpers/http.js'

const api = await startTestApp(t)
const env = { DATABASE_URL: api.url }
const shop = await createTestShop(api.pool)
// A second shop: --shop names this one (the record's id names it for show and update).
await createTestShop(api.pool)
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], env)
const { key } = await createTestKey(api.pool, shop, ['customers.read', 'vehicles.read', 'vehicles.write'])
const send = jsonClient(api)

async function eventsOf(objectId: string): Promise<{ type: string; integration_id: string | null }[]> {
  const { rows } = await api.pool.query<{ type: string; integration_id: string | null }>(
    'select type, integration_id from events where object_id = $1::text order by sequence',
    [objectId],
  )
  return rows
}

t.test('create and update: the API object, customer.created and customer.updated recorded as staff', async (t) => {
  const created = jsonOutput<Customer>(
    t,
    await cli([
      'customers',
      'create',
      '--first-name',
      'Ann',
      '--last-name',
      'Lee',
      '--phone',
      '(312) 555-0142',
      '--email',
      'ann@example.com',
      '--city',
      'Chicago',
      '--tags',
      'vip, fleet',
      '--json',
    ]),
  )
  t.match(created, { object: 'customer', first_name: 'Ann', last_name: 'Lee', tags: ['vip', 'fleet'], version: 1 })
  t.match(created.address, { city: 'Chicago' })
  const fromApi = await send<Customer>('GET', `/customers/${created.id}`, key)
  t.same(fromApi.body, created, 'the JSON is the object the API shows')

  const updated = jsonOutput<Customer>(
    t,
    await runCommand(['customers', 'update', created.id, '--email', '', '--company-name', 'Lee Cabs', '--json'], env),
  )
  t.match(updated, { email: null, company_name: 'Lee Cabs', version: 2 }, "'' clears, the shop comes from the id")
  t.same(
    await eventsOf(created.id),
    [
      { type: 'customer.created', integration_id: null },
      { type: 'customer.updated', integration_id: null },
    ],
    'one event per change, as the shop',
  )

  const table = await cli(['customers', 'update', created.id, '--phone', '312 555 0199'])
  t.equal(table.code, 0, 'human update', { output: describeResult(table) })
  t.match(table.stdout, /name\s+Ann Lee \(Lee Cabs\)/)
  t.match(table.stdout, /id\s+cus_/)
})

t.test('list finds by search, phone and email; show names the vehicles', async (t) => {
  const customer = jsonOutput<Customer>(
    t,
    await cli([
      'customers',
      'create',
      '--first-name',
      'Rosa',
      '--last-name',
      'Okafor',
      '--phone',
      '3125550177',
      '--json',
    ]),
  )
  const vehicle = await send<{ id: string }>('POST', '/vehicles', key, {
    body: { customer_id: customer.id, year: 2019, make: 'Honda', model: 'Civic', plate: 'RX 1' },
  })
  t.equal(vehicle.status, 201)

  const bySearch = jsonOutput<Customer[]>(t, await cli(['customers', 'list', '--search', 'okaf', '--json']))
  t.same(
    bySearch.map((found) => found.id),
    [customer.id],
  )
  const byPhone = jsonOutput<Customer[]>(t, await cli(['customers', 'list', '--phone', '(312) 555-0177', '--json']))
  t.same(
    byPhone.map((found) => found.id),
    [customer.id],
    'any way the number is written',
  )
  const none = jsonOutput<Customer[]>(t, await cli(['customers', 'list', '--email', 'nobody@example.com', '--json']))
  t.same(none, [])

  const table = await cli(['customers', 'list', '--search', 'okaf'])
  t.equal(table.code, 0, { output: describeResult(table) })
  t.match(table.stdout, /ID\s+NAME\s+PHONE/)
  t.match(table.stdout, new RegExp(`${customer.id}\\s+Rosa Okafor\\s+`), 'the id beside the name')

  const shown = await runCommand(['customers', 'show', customer.id], env)
  t.equal(shown.code, 0, { output: describeResult(shown) })
  t.match(shown.stdout, /name\s+Rosa Okafor/)
  t.match(shown.stdout, new RegExp(`${vehicle.body.id}\\s+2019 Honda Civic \\[RX 1\\]`), 'its vehicles, named')
  const json = jsonOutput<Customer>(t, await runCommand(['customers', 'show', customer.id, '--json'], env))
  t.same(json, (await send<Customer>('GET', `/customers/${customer.id}`, key)).body, 'the API object')
})

t.test('a name an integration wrote reaches the terminal escaped; --json gives it exactly', async (t) => {
  const { key: writer } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write'], 'CRM')
  const reply = await send<Customer>('POST', '/customers', writer, {
    body: { first_name: 'Eve\u001b[31m', last_name: 'Mallory' },
  })
  t.equal(reply.status, 201)
  const table = await cli(['customers', 'list', '--search', 'mallory'])
  t.equal(table.code, 0, { output: describeResult(table) })
  t.notOk(table.stdout.includes('\u001b'), 'no escape byte in the table')
  t.match(table.stdout, new RegExp(`${reply.body.id}\\s+Eve\\\\u001b\\[31m Mallory`))
  const json = jsonOutput<Customer[]>(t, await cli(['customers', 'list', '--search', 'mallory', '--json']))
  t.equal(json[0]?.first_name, 'Eve\u001b[31m')
})

t.test('refusals: one line, exit 1, nothing written', async (t) => {
  const before = (await api.pool.query('select count(*)::int as n from events')).rows[0]
  assertOneLineFailure(t, await cli(['customers', 'create', '--first-name', ' ', '--last-name', 'X']), /--first-name/)
  assertOneLineFailure(
    t,
    await cli(['customers', 'create', '--first-name', 'A', '--last-name', 'B', '--email', 'nope']),
    /--email must be an email address/,
  )
  assertOneLineFailure(t, await cli(['customers', 'list', '--search', 'x']), /--search must be at least 2 characters/)
  assertOneLineFailure(t, await cli(['customers', 'show', 'veh_123']), /not a customer id/)
  assertOneLineFailure(
    t,
    await runCommand(['customers', 'show', 'cus_0000000000000000000000'], env),
    /No customer cus_0000000000000000000000/,
  )
  const customer = jsonOutput<Customer>(
    t,
    await cli(['customers', 'create', '--first-name', 'Same', '--last-name', 'Name', '--json']),
  )
  assertOneLineFailure(t, await cli(['customers', 'update', customer.id, '--first-name', 'Same']), /changes nothing/)
  assertOneLineFailure(t, await cli(['customers', 'update', customer.id]), /Nothing to change/)
  assertOneLineFailure(
    t,
    await cli(['customers', 'update', customer.id, '--last-name', 'New', '--expected-version', '7']),
    /version/,
  )
  const asJson = await cli(['customers', 'update', customer.id, '--first-name', 'Same', '--json'])
  t.equal(asJson.code, 1)
  t.match(JSON.parse(asJson.stdout), { error: { code: 'no_changes' } })
  const after = (await api.pool.query('select count(*)::int as n from events')).rows[0]
  t.equal(after.n, before.n + 1, 'only the one customer created')
})
