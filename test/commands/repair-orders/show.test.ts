// `shopapi repair-orders show`: the built CLI run in-process (runCommand over dist/, so `npm run build`
// first) on the database of a running test app: names beside ids, the pricing as a table with what is
// paid and due, and --json as the API's GET.
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'
import { createRepairOrder, createTechnician, setTaxRate } from '../../resources/jobs/fixtures.js'

const api = await startTestApp(t)
const cli = (args: string[]) => runCommand(args, { DATABASE_URL: api.url })
const shop = await createTestShop(api.pool)
await createTestShop(api.pool)
await setTaxRate(api.pool, shop, '0.10')
const { key } = await createTestKey(api.pool, shop, ['repair_orders.read', 'pricing.read'])
const technician = await createTechnician(api.pool, shop, 'Sam Ortiz')
// Ready for pickup, so the test can post its invoice; its customer is Ada Lovelace.
const order = await createRepairOrder(api.pool, shop, { state: 'ready_for_pickup' })
const { rows } = await api.pool.query<{ vehicle: string; customer: string }>(
  `select v.public_id as vehicle, c.public_id as customer from repair_orders ro
   join vehicles v on v.id = ro.vehicle_id join customers c on c.id = ro.customer_id where ro.public_id = $1`,
  [order.public_id],
)
const { vehicle, customer } = rows[0] as { vehicle: string; customer: string }

t.test('show: names beside ids, each line, the totals, then paid and balance', async (t) => {
  jsonOutput(
    t,
    await cli(['vehicles', 'update', vehicle, '--year', '2019', '--make', 'Honda', '--model', 'Civic', '--json']),
  )
  const job = jsonOutput<{ id: string }>(
    t,
    await cli([
      'jobs',
      'add',
      order.public_id,
      '--name',
      'Front brakes',
      '--hours',
      '1.5',
      '--rate',
      '120.00',
      '--technician',
      technician,
      '--json',
    ]),
  )
  jsonOutput(
    t,
    await cli([
      'jobs',
      'add-part',
      job.id,
      '--part-number',
      'BP-1',
      '--description',
      'Brake pads',
      '--quantity',
      '2',
      '--price',
      '45.00',
      '--json',
    ]),
  )
  jsonOutput(t, await cli(['jobs', 'decide', job.id, 'authorized', '--json']))
  const declined = jsonOutput<{ id: string }>(
    t,
    await cli(['jobs', 'add', order.public_id, '--name', 'Wipers', '--hours', '0.2', '--rate', '100.00', '--json']),
  )
  jsonOutput(t, await cli(['jobs', 'decide', declined.id, 'declined', '--json']))

  const shown = await cli(['repair-orders', 'show', order.public_id])
  t.equal(shown.code, 0, { output: describeResult(shown) })
  const out = shown.stdout
  t.match(out, new RegExp(`customer_id\\s+${customer}\\s*\\ncustomer\\s+Ada Lovelace`), 'the customer named')
  t.match(out, new RegExp(`vehicle_id\\s+${vehicle}\\s*\\nvehicle\\s+2019 Honda Civic`), 'the vehicle named')
  t.match(
    out,
    new RegExp(`${job.id}\\s+Front brakes\\s+authorized\\s+not_started\\s+${technician}\\s+Sam Ortiz\\s+yes\\s+297.00`),
  )
  t.match(out, new RegExp(`${declined.id}\\s+Wipers\\s+declined\\s+.*\\s+no\\s+`), 'a declined job is not priced')
  t.match(
    out,
    new RegExp(`Front brakes\\s+labor\\s+Front brakes\\s+1.50 h\\s+120.00\\s+180.00\\s+${technician}\\s+Sam Ortiz`),
  )
  t.match(out, /Front brakes\s+part\s+Brake pads \(BP-1\)\s+2\s+45.00\s+90.00/)
  for (const [line, amount] of [
    ['Labor', '180.00'],
    ['Parts', '90.00'],
    ['Subtotal', '270.00'],
    ['Tax', '27.00'],
    ['Total', '297.00'],
    ['Paid', '0.00'],
    ['Balance', '297.00'],
  ]) {
    t.match(out, new RegExp(`\\n${line}\\s+${amount}\\s*\\n`), `${line} ${amount}`)
  }
  t.match(out, /Not invoiced yet/)
  t.notMatch(out, /\{"/, 'no raw JSON')

  const asJson = jsonOutput<Record<string, unknown>>(t, await cli(['repair-orders', 'show', order.public_id, '--json']))
  const fromApi = await sendJson<Record<string, unknown>>(api, 'GET', `/v1/repair-orders/${order.public_id}`, key)
  t.same(asJson, fromApi.body, "--json is the API's object")

  const invoice = jsonOutput<{ id: string }>(t, await cli(['invoices', 'post', order.public_id, '--json']))
  jsonOutput(
    t,
    await cli(['payments', 'record', '--invoice', invoice.id, '--amount', '100.00', '--method', 'card', '--json']),
  )
  const after = await cli(['repair-orders', 'show', order.public_id])
  t.equal(after.code, 0, { output: describeResult(after) })
  t.match(after.stdout, /\nPaid\s+100.00\s*\n/)
  t.match(after.stdout, /\nBalance\s+197.00\s*\n/)
  t.match(after.stdout, new RegExp(`Invoice \\d+ \\(${invoice.id}\\): posted`))
})

t.test('refusals: one line, exit 1', async (t) => {
  assertOneLineFailure(t, await cli(['repair-orders', 'show', 'cus_1']), /not a repair order id/)
  assertOneLineFailure(
    t,
    await cli(['repair-orders', 'show', 'ro_0000000000000000000000']),
    /No repair order ro_0000000000000000000000/,
  )
  const asJson = await cli(['repair-orders', 'show', 'ro_0000000000000000000000', '--json'])
  t.equal(asJson.code, 1)
  t.match(JSON.parse(asJson.stdout), { error: { code: 'not_found' } })
})
