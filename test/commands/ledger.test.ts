// `shopapi taxes ...`, `invoices post|show|void`, `credit-notes issue`, `payments record|reverse` end to
// end: the built CLI run in-process (runCommand over dist/, so `npm run build` first) on the database of
// a running test app; what they write is checked through the API and the event log.
import t, { type Test } from 'tap'
import type { Invoice } from '../../src/resources/invoices/schema.js'
import type { Payment } from '../../src/resources/payments/schema.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import type { CliResult } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { sendJson } from '../helpers/http.js'
import { brakeJob, readyOrder } from '../resources/invoices/fixtures.js'
import { repairOrderTotals } from '../resources/jobs/fixtures.js'

const api = await startTestApp(t)
const cli = (args: string[]) => runCommand(args, { DATABASE_URL: api.url })
const shop = await createTestShop(api.pool)
// A second shop: taxes need --shop; the other commands find the shop from the record they name.
await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, ['invoices.read', 'payments.read', 'repair_orders.read'])

function okJson<T>(t: Test, result: CliResult, what: string): T {
  t.equal(result.code, 0, `${what} exits 0`, { stderr: result.stderr })
  return JSON.parse(result.stdout) as T
}

function oneLineError(t: Test, result: CliResult, pattern: RegExp, what: string) {
  t.not(result.code, 0, `${what} fails`)
  const lines = result.stderr.trim().split('\n')
  t.equal(lines.length, 1, `${what}: one line`, { stderr: result.stderr })
  t.match(lines[0], pattern, what)
}

async function eventTypes(objectId: string): Promise<string[]> {
  const { rows } = await api.pool.query<{ type: string }>(
    'select type from events where object_id = $1::text order by created_at, id',
    [objectId],
  )
  return rows.map((row) => row.type)
}

t.test('taxes set, list, remove: named rates on categories, open orders repriced', async (t) => {
  const open = await readyOrder(api.pool, shop, brakeJob, { state: 'in_progress' })
  t.equal((await repairOrderTotals(api.pool, open)).tax_total, '0.00', 'no tax yet')
  const created = okJson<{
    name: string
    rate: string
    applies_to: string[]
    created: boolean
    repriced_repair_orders: number
  }>(
    t,
    await cli(['taxes', 'set', '--shop', shop.public_id, '--name', 'Sales tax', '--rate', '8.875', '--json']),
    'set',
  )
  t.match(created, { name: 'Sales tax', rate: '8.875', applies_to: ['labor', 'parts', 'fees'], created: true })
  t.ok(created.repriced_repair_orders >= 1)
  t.equal((await repairOrderTotals(api.pool, open)).tax_total, '22.41', 'the open order is taxed at once')
  const levy = await cli([
    'taxes',
    'set',
    '--shop',
    shop.public_id,
    '--name',
    'Tire levy',
    '--rate',
    '2',
    '--applies-to',
    'parts',
  ])
  t.equal(levy.code, 0, 'set a second tax', { stderr: levy.stderr })
  t.match(levy.stdout, /Created "Tire levy": 2 % of parts; repriced \d+ repair orders? not yet invoiced/)
  const listed = okJson<{ name: string; rate: string; applies_to: string[] }[]>(
    t,
    await cli(['taxes', 'list', '--shop', shop.public_id, '--json']),
    'list',
  )
  t.same(
    listed.map((tax) => [tax.name, tax.rate, tax.applies_to]),
    [
      ['Sales tax', '8.875', ['labor', 'parts', 'fees']],
      ['Tire levy', '2', ['parts']],
    ],
  )
  t.equal((await repairOrderTotals(api.pool, open)).tax_total, '23.61', '8.875 % of everything and 2 % of 59.99')
  const removed = await cli(['taxes', 'remove', '--shop', shop.public_id, 'tire LEVY'])
  t.equal(removed.code, 0, 'remove, case-insensitively', { stderr: removed.stderr })
  t.equal((await repairOrderTotals(api.pool, open)).tax_total, '22.41')
  oneLineError(t, await cli(['taxes', 'set', '--shop', shop.public_id, '--name', 'New']), /rate is required/, 'no rate')
  oneLineError(
    t,
    await cli(['taxes', 'set', '--shop', shop.public_id, '--name', 'X', '--rate', '100']),
    /rate must be at most 99\.9999/,
    'rate of 100 %',
  )
  oneLineError(
    t,
    await cli(['taxes', 'set', '--shop', shop.public_id, '--name', 'X', '--rate', '5', '--applies-to', 'labor,tires']),
    /applies-to must list some of labor, parts, fees, not tires/,
    'unknown category',
  )
  oneLineError(t, await cli(['taxes', 'list']), /serves 2 shops: name one with --shop/, 'two shops, no --shop')
  const shops = okJson<Record<string, unknown>[]>(t, await cli(['shops', 'list', '--json']), 'shops list')
  t.notOk('tax_rate' in (shops[0] ?? {}), 'shops no longer carry a single rate')
})

t.test('invoices post, show, void; the order follows; set-state cannot fake it', async (t) => {
  const order = await readyOrder(api.pool, shop, brakeJob)
  oneLineError(
    t,
    await cli(['repair-orders', 'set-state', order.public_id, 'invoiced']),
    /moves from ready_for_pickup to invoiced only with its invoice and payments/,
    'set-state invoiced',
  )
  const posted = await cli(['invoices', 'post', order.public_id])
  t.equal(posted.code, 0, 'post', { stderr: posted.stderr })
  t.match(posted.stdout, /^Invoice \d+ \(inv_\w+\): posted, business date \d{4}-\d{2}-\d{2}/)
  t.match(posted.stdout, /Replace front pads\s+1\.5\s+120\.00\s+180\.00\s+0\.00\s+15\.98\s+195\.98/)
  t.match(posted.stdout, /Sales tax 8\.875 % of labor, parts, fees: 22\.41 on 252\.49/)
  t.match(posted.stdout, /Total 274\.90 USD/)
  // The customer and vehicle are named beside their ids, as the front desk reads them.
  const { rows: people } = await api.pool.query<{ customer: string; name: string; vehicle: string | null }>(
    `select c.public_id as customer, c.first_name || ' ' || c.last_name as name, v.public_id as vehicle
       from repair_orders r join customers c on c.id = r.customer_id left join vehicles v on v.id = r.vehicle_id
      where r.id = $1::uuid`,
    [order.id],
  )
  const person = people[0] as { customer: string; name: string; vehicle: string | null }
  t.ok(posted.stdout.includes(`customer ${person.name} (${person.customer})`), 'the customer named beside the id', {
    stdout: posted.stdout,
  })
  if (person.vehicle) t.match(posted.stdout, new RegExp(`vehicle \\S.* \\(${person.vehicle}\\)`), 'the vehicle too')
  const invoiceId = /\((inv_\w+)\)/.exec(posted.stdout)?.[1] as string
  const read = await sendJson<Invoice>(api, 'GET', `/v1/invoices/${invoiceId}`, key)
  t.match(read.body, { repair_order_id: order.public_id, totals: { total: '274.90' } })
  const ro = await sendJson<{ state: string }>(api, 'GET', `/v1/repair-orders/${order.public_id}`, key)
  t.equal(ro.body.state, 'invoiced')
  t.same(await eventTypes(invoiceId), ['invoice.posted'])

  oneLineError(t, await cli(['invoices', 'post', order.public_id]), /already has invoice/, 'a second post')
  oneLineError(t, await cli(['invoices', 'post', 'cus_123']), /not a repair order id/, 'wrong id kind')

  const shown = okJson<Invoice & { balance: Record<string, string> }>(
    t,
    await cli(['invoices', 'show', invoiceId, '--json']),
    'show --json',
  )
  t.same(shown.balance, { credited: '0.00', paid: '0.00', due: '274.90' })
  t.same(shown.lines, read.body.lines, 'the same lines as the API')
  const human = await cli(['invoices', 'show', invoiceId])
  t.match(human.stdout, /Credited 0\.00 {2}Paid 0\.00 {2}Due 274\.90 USD/)
  t.ok(human.stdout.includes(`customer ${person.name} (${person.customer})`), 'show names the customer too')

  const voided = okJson<Invoice>(
    t,
    await cli(['invoices', 'void', invoiceId, '--reason', 'Wrong rate', '--json']),
    'void',
  )
  t.match(voided, { id: invoiceId, status: 'voided', void_reason: 'Wrong rate' })
  t.same(await eventTypes(invoiceId), ['invoice.posted', 'invoice.voided'])
  const reopened = await sendJson<{ state: string }>(api, 'GET', `/v1/repair-orders/${order.public_id}`, key)
  t.equal(reopened.body.state, 'ready_for_pickup')
  oneLineError(t, await cli(['invoices', 'void', invoiceId]), /is already voided/, 'void twice')
  const again = okJson<Invoice>(t, await cli(['invoices', 'post', order.public_id, '--json']), 'post again')
  t.equal(again.number, voided.number + 1, 'a new number')
})

t.test('a discount job: a discount line in show, allocated to the charged lines, not credited alone', async (t) => {
  const order = await readyOrder(api.pool, shop, [...brakeJob, { name: 'Loyalty', kind: 'discount', amount: '25.00' }])
  const invoice = okJson<Invoice>(t, await cli(['invoices', 'post', order.public_id, '--json']), 'post')
  const shown = await cli(['invoices', 'show', invoice.id])
  t.equal(shown.code, 0, 'show', { stderr: shown.stderr })
  t.match(shown.stdout, /1\s+service\s+Replace front pads\s+1\.5\s+120\.00\s+180\.00\s+17\.82\s+15\.98\s+178\.16/)
  t.match(shown.stdout, /4\s+discount\s+Loyalty\s+1\s+-25\.00\s+-25\.00\s+-25\.00\s+0\.00\s+0\.00/)
  t.match(shown.stdout, /Discount lines are allocated to the charged lines/)
  t.match(shown.stdout, /Discounts -25\.00 {2}Subtotal 227\.49 {2}Tax 22\.41/)
  t.match(shown.stdout, /Total 249\.90 USD/)
  oneLineError(
    t,
    await cli(['credit-notes', 'issue', invoice.id, '--line', '4']),
    /Line 4 of invoice \d+ is a discount: it is credited with the lines it was allocated to/,
    'crediting the discount line',
  )
})

t.test('credit-notes issue and payments record, reverse', async (t) => {
  const order = await readyOrder(api.pool, shop, brakeJob)
  const invoice = okJson<Invoice>(t, await cli(['invoices', 'post', order.public_id, '--json']), 'post')
  const paid = okJson<Payment>(
    t,
    await cli(['payments', 'record', '--invoice', invoice.id, '--amount', '274.90', '--method', 'cash', '--json']),
    'record',
  )
  t.match(paid, { kind: 'payment', amount: '274.90', method: 'cash', invoice_id: invoice.id })
  t.same(await eventTypes(paid.id), ['payment.recorded'])
  const ro = await sendJson<{ state: string }>(api, 'GET', `/v1/repair-orders/${order.public_id}`, key)
  t.equal(ro.body.state, 'paid', 'settled')
  oneLineError(
    t,
    await cli(['payments', 'record', '--invoice', invoice.id, '--amount', '0.01', '--method', 'card']),
    /exceeds the balance of 0\.00 USD/,
    'overpayment',
  )
  const overLimit = await cli(['payments', 'record', '--invoice', invoice.id, '--amount', '1', '--method', 'bitcoin'])
  t.not(overLimit.code, 0, 'unknown method refused')
  t.match(overLimit.stderr, /bitcoin/)

  const note = await cli(['credit-notes', 'issue', invoice.id, '--line', '3', '--reason', 'Supplies waived'])
  t.equal(note.code, 0, 'credit by line', { stderr: note.stderr })
  t.match(note.stdout, new RegExp(`^Credit note \\d+ \\(inv_\\w+\\) of invoice ${invoice.id}`))
  t.match(note.stdout, /Reason: Supplies waived/)
  t.match(note.stdout, /Total 13\.61 USD/)
  const byAmount = okJson<Invoice>(
    t,
    await cli(['credit-notes', 'issue', invoice.id, '--amount', '10.00', '--json']),
    'by amount',
  )
  t.match(byAmount, { doc_type: 'credit_note', credit_note_of: invoice.id, totals: { total: '10.00' } })
  t.same(await eventTypes(byAmount.id), ['credit_note.issued'])
  oneLineError(
    t,
    await cli(['credit-notes', 'issue', invoice.id, '--amount', '251.30']),
    /exceeds the 251\.29 USD left to credit/,
    'beyond the invoice',
  )
  const both = await cli(['credit-notes', 'issue', invoice.id, '--amount', '1.00', '--line', '1'])
  t.not(both.code, 0, '--amount and --line together are refused')
  oneLineError(t, await cli(['credit-notes', 'issue', invoice.id]), /either an amount or the lines/, 'neither')

  const refund = okJson<Payment>(
    t,
    await cli([
      'payments',
      'record',
      '--invoice',
      invoice.id,
      '--amount',
      '-23.61',
      '--method',
      'cash',
      '--reason',
      'Credit paid back',
      '--json',
    ]),
    'refund',
  )
  t.match(refund, { kind: 'refund', amount: '-23.61', reason: 'Credit paid back' })
  const reversal = await cli(['payments', 'reverse', paid.id, '--reason', 'Bounced'])
  t.equal(reversal.code, 0, 'reverse', { stderr: reversal.stderr })
  t.match(reversal.stdout, new RegExp(`^Reversal pay_\\w+ of ${paid.id}: -274\\.90 USD`))
  const reversalId = /^Reversal (pay_\w+)/.exec(reversal.stdout)?.[1] as string
  t.same(await eventTypes(reversalId), ['payment.reversed'])
  const back = await sendJson<{ state: string }>(api, 'GET', `/v1/repair-orders/${order.public_id}`, key)
  t.equal(back.body.state, 'invoiced', 'owed again')
  oneLineError(t, await cli(['payments', 'reverse', paid.id]), /already reversed by pay_/, 'reverse twice')
  oneLineError(t, await cli(['payments', 'reverse', reversalId]), /a reversal is never reversed/, 'reverse a reversal')
  oneLineError(t, await cli(['payments', 'reverse', 'pay_0000000000000000000000']), /No payment pay_0+/, 'unknown')
  const shown = okJson<{ balance: Record<string, string> }>(
    t,
    await cli(['invoices', 'show', invoice.id, '--json']),
    'show',
  )
  t.same(shown.balance, { credited: '23.61', paid: '-23.61', due: '274.90' }, 'refund and reversal counted')
})
