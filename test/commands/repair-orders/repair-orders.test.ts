// `shopapi repair-orders create|set-state|list` end to end: the built CLI run in-process
// (runCommand over dist/, so `npm run build` first) on the database of a running test app, checked through the API.
import t, { type Test } from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { jsonClient } from '../../helpers/http.js'

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], { DATABASE_URL: api.url })
const { key } = await createTestKey(api.pool, shop, [
  'customers.read',
  'customers.write',
  'vehicles.read',
  'vehicles.write',
  'repair_orders.read',
])

interface OrderJson {
  id: string
  number: string
  state: string
  customer_id: string
  vehicle_id: string
  customer_concern: string | null
  odometer_in: number | null
  pricing: { total: string } | null
  redacted_fields: string[]
  version: number
}

const send = jsonClient(api)

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

function assertOneLineFailure(t: Test, result: CliResult, message: RegExp) {
  t.equal(result.code, 1, 'exits 1', { output: describe(result) })
  t.equal(result.stderr.trim().split('\n').length, 1, 'one line on stderr', { stderr: result.stderr })
  t.match(result.stderr, message)
  t.notMatch(result.stderr, /^\s+at\s/m, 'no stack trace')
}

const customer = await send<{ id: string }>('POST', '/customers', key, {
  body: { first_name: 'Dana', last_name: 'Fleet' },
})
const vehicle = await send<{ id: string }>('POST', '/vehicles', key, { body: { customer_id: customer.body.id } })

async function createOrder(t: Test): Promise<OrderJson> {
  const result = await cli([
    'repair-orders',
    'create',
    '--customer',
    customer.body.id,
    '--vehicle',
    vehicle.body.id,
    '--concern',
    'Brakes squeal',
    '--odometer',
    '84210',
    '--json',
  ])
  t.equal(result.code, 0, 'create exits 0', { output: describe(result) })
  return JSON.parse(result.stdout) as OrderJson
}

t.test('create --json: the API object with staff visibility, repair_order.created recorded', async (t) => {
  const order = await createOrder(t)
  t.match(order, {
    state: 'checked_in',
    customer_id: customer.body.id,
    vehicle_id: vehicle.body.id,
    customer_concern: 'Brakes squeal',
    odometer_in: 84210,
    redacted_fields: [],
    version: 1,
  })
  t.equal(order.pricing?.total, '0.00', 'staff see pricing')
  const fetched = await send<OrderJson>('GET', `/repair-orders/${order.id}`, key)
  t.equal(fetched.body.number, order.number)
  t.equal(fetched.body.pricing, null, 'the key without pricing.read does not')
  const { rows } = await api.pool.query('select type from events where object_id = $1', [order.id])
  t.same(rows, [{ type: 'repair_order.created' }])
})

t.test('set-state: allowed moves, on_hold shows unknown, refusals name the allowed moves', async (t) => {
  const order = await createOrder(t)
  const moved = await cli(['repair-orders', 'set-state', order.id, 'estimating', '--json'])
  t.equal(moved.code, 0, { output: describe(moved) })
  t.match(JSON.parse(moved.stdout), { id: order.id, state: 'estimating', version: 2 })
  const held = await cli(['repair-orders', 'set-state', order.id, 'on_hold'])
  t.equal(held.code, 0, { output: describe(held) })
  t.match(held.stdout, /estimating -> on_hold/)
  const fetched = await send<OrderJson>('GET', `/repair-orders/${order.id}`, key)
  t.equal(fetched.body.state, 'unknown', 'on_hold is unknown in the API')
  const { rows } = await api.pool.query<{ summary: Record<string, unknown> }>(
    `select summary from events where object_id = $1 and type = 'repair_order.status_changed' order by sequence`,
    [order.id],
  )
  t.same(
    rows.map((row) => row.summary),
    [
      { number: order.number, state: 'estimating', previous_state: 'checked_in' },
      { number: order.number, state: 'unknown', previous_state: 'estimating' },
    ],
  )

  const refused = await cli(['repair-orders', 'set-state', order.id, 'invoiced'])
  assertOneLineFailure(
    t,
    refused,
    /cannot move from on_hold to invoiced; allowed: estimating, authorized, in_progress, cancelled/,
  )
  const unknownState = await cli(['repair-orders', 'set-state', order.id, 'teleported'])
  assertOneLineFailure(t, unknownState, /Unknown repair order state "teleported"/)
  const missing = await cli(['repair-orders', 'set-state', 'ro_0000000000000000000000', 'estimating'])
  assertOneLineFailure(t, missing, /ro_0000000000000000000000/)
  const after = await send<OrderJson>('GET', `/repair-orders/${order.id}`, key)
  t.equal(after.body.version, 3, 'refused moves changed nothing')
})

t.test('create refusals are one line', async (t) => {
  const other = await send<{ id: string }>('POST', '/customers', key, {
    body: { first_name: 'Other', last_name: 'Person' },
  })
  const result = await cli(['repair-orders', 'create', '--customer', other.body.id, '--vehicle', vehicle.body.id])
  assertOneLineFailure(t, result, new RegExp(`belongs to ${customer.body.id}`))
  const badId = await cli(['repair-orders', 'create', '--customer', vehicle.body.id, '--vehicle', vehicle.body.id])
  assertOneLineFailure(t, badId, /cus_/)
})

t.test('list: table and --json, --state filter', async (t) => {
  const table = await cli(['repair-orders', 'list'])
  t.equal(table.code, 0, { output: describe(table) })
  t.match(table.stdout, /NUMBER\s+STATE\s+CUSTOMER ID\s+CUSTOMER\s+VEHICLE ID\s+VEHICLE\s+TOTAL\s+CREATED/)
  t.match(
    table.stdout,
    new RegExp(`${customer.body.id}\\s+Dana Fleet\\s+${vehicle.body.id}\\s+Vehicle\\s+0\\.00 USD`),
    'names beside ids',
  )
  t.match(table.stdout, /0\.00 USD/)
  const json = await cli(['repair-orders', 'list', '--state', 'unknown', '--json'])
  t.equal(json.code, 0, { output: describe(json) })
  const orders = JSON.parse(json.stdout) as OrderJson[]
  t.equal(orders.length, 1)
  t.equal(orders[0]?.state, 'unknown')
  const limited = JSON.parse((await cli(['repair-orders', 'list', '--limit', '1', '--json'])).stdout) as OrderJson[]
  t.equal(limited.length, 1)
  assertOneLineFailure(t, await cli(['repair-orders', 'list', '--state', 'on_hold']), /state/)
})
