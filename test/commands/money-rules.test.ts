// The staff commands' side of issue 22 items 8 and 10, end to end (the built CLI run
// in-process: runCommand over dist/, so `npm run build` first): a tax change that would reprice an order past the maximum total fails in one
// line naming the order and what to do; reversing a payment of a voided invoice fails in one line; a
// business date of 0001-01-01 is refused in one line.
import t, { type Test } from 'tap'
import { withTransaction } from '../../src/db/pool.js'
import { issueCreditNote, voidInvoice } from '../../src/resources/invoices/service.js'
import { recordPayment } from '../../src/resources/payments/service.js'
import { createTestShop, startTestApp } from '../helpers/app.js'
import type { CliResult } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { post, readyOrder, staff } from '../resources/invoices/fixtures.js'
import { addJob, createRepairOrder, repairOrderTotals } from '../resources/jobs/fixtures.js'

const api = await startTestApp(t)
const cli = (args: string[]) => runCommand(args, { DATABASE_URL: api.url })

function oneLineError(t: Test, result: CliResult, patterns: RegExp[], what: string) {
  t.not(result.code, 0, `${what} fails`)
  const lines = result.stderr.trim().split('\n')
  t.equal(lines.length, 1, `${what}: one line`, { stderr: result.stderr })
  for (const pattern of patterns) t.match(lines[0], pattern, what)
}

t.test('taxes set and shops update --tax-rate: a repricing past the maximum names the order', async (t) => {
  const shop = await createTestShop(api.pool)
  const order = await createRepairOrder(api.pool, shop)
  await addJob(api.pool, shop, order, { name: 'Fee', kind: 'fee', amount: '9600000000.00' })
  const before = await repairOrderTotals(api.pool, order)
  const expected = [
    new RegExp(order.public_id),
    /10080000000\.00/,
    /9999999999\.99/,
    /decline or cancel jobs/,
    /set the tax again/,
  ]
  oneLineError(
    t,
    await cli(['taxes', 'set', '--shop', shop.public_id, '--name', 'Sales tax', '--rate', '5']),
    [new RegExp(order.public_id), /10080000000\.00/, /9999999999\.99/, /set the tax again/],
    'taxes set',
  )
  oneLineError(
    t,
    await cli(['shops', 'update', shop.public_id, '--tax-rate', '5%']),
    expected.filter((pattern) => pattern.source !== 'decline or cancel jobs'),
    'shops update --tax-rate',
  )
  const json = await cli(['taxes', 'set', '--shop', shop.public_id, '--name', 'Sales tax', '--rate', '5', '--json'])
  t.equal(json.code, 1)
  t.match(
    JSON.parse(json.stdout),
    { error: { code: 'conflict', message: new RegExp(order.public_id) } },
    '--json: one object',
  )
  t.same(await repairOrderTotals(api.pool, order), before, 'nothing was repriced')
  const fine = await cli(['taxes', 'set', '--shop', shop.public_id, '--name', 'Sales tax', '--rate', '4'])
  t.equal(fine.code, 0, 'a rate that keeps the order within the maximum', { stderr: fine.stderr })
})

t.test('payments reverse on a voided invoice, and a business date of 0001-01-01: one line each', async (t) => {
  const shop = await createTestShop(api.pool)
  const order = await readyOrder(api.pool, shop, [{ name: 'Diagnosis', kind: 'fee', amount: '108.38', taxable: false }])
  const invoice = await post(api.pool, shop, order)
  const payment = await withTransaction(api.pool, (tx) =>
    recordPayment(tx, staff(shop), { invoice: invoice.public_id, amount: '108.38', method: 'card' }),
  )
  const note = await withTransaction(api.pool, (tx) =>
    issueCreditNote(tx, staff(shop), invoice.public_id, { amount: '108.38' }),
  )
  await withTransaction(api.pool, (tx) =>
    recordPayment(tx, staff(shop), { invoice: invoice.public_id, amount: '-108.38', method: 'card' }),
  )
  await withTransaction(api.pool, (tx) => voidInvoice(tx, staff(shop), note.public_id))
  const dated = await cli([
    'payments',
    'record',
    '--invoice',
    invoice.public_id,
    '--amount',
    '1.00',
    '--method',
    'cash',
    '--business-date',
    '0001-01-01',
  ])
  oneLineError(t, dated, [/business-date/, /from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/], 'business date 0001-01-01')
  await withTransaction(api.pool, (tx) => voidInvoice(tx, staff(shop), invoice.public_id))
  oneLineError(
    t,
    await cli(['payments', 'reverse', payment.public_id]),
    [new RegExp(invoice.public_id), /voided/, /final/],
    'payments reverse',
  )
  const shown = await cli(['invoices', 'show', invoice.public_id])
  t.match(
    shown.stdout,
    /Credited 0\.00 {2}Paid 0\.00 {2}Due 108\.38 USD/,
    'the voided invoice still reads as it was voided',
  )
})
