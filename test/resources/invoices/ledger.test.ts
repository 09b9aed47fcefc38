// The ledger's services on real Postgres: posting, numbering, voiding, credit notes, payments and
// reversals, business dates in the shop's zone, and the repair order's state following the money.
import t, { type Test } from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { ApiError } from '../../../src/lib/errors.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import { toInvoiceResource } from '../../../src/resources/invoices/present.js'
import {
  type CreditNoteInput,
  invoiceAccount,
  issueCreditNote,
  postInvoice,
  voidInvoice,
} from '../../../src/resources/invoices/service.js'
import { recordPayment, reversePayment } from '../../../src/resources/payments/service.js'
import { setTax as setTaxService } from '../../../src/resources/taxes/service.js'
import { createTestShop } from '../../helpers/app.js'
import { createTestDatabase } from '../../helpers/database.js'
import { repairOrderTotals } from '../jobs/fixtures.js'
import { brakeJob, post, readyOrder, setTax, staff } from './fixtures.js'

const { pool } = await createTestDatabase(t)

async function newShop(timezone = 'America/Chicago'): Promise<ShopRow> {
  const shop = await createTestShop(pool, { timezone })
  await setTax(pool, shop, 'Sales tax', '8.875')
  return shop
}

/** The refusal of `work`: its code and the reason of its first blocker. */
async function refusal(t: Test, work: Promise<unknown>, code: string, reason?: string) {
  const error = (await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as ApiError | undefined
  t.equal(error?.code, code, `refused: ${code}${reason ? ` / ${reason}` : ''}`, { error })
  if (reason) t.equal(error?.blockers[0]?.reason, reason)
  return error
}

async function orderState(id: string) {
  const { rows } = await pool.query<{ state: string; invoiced_at: Date | null }>(
    'select state, invoiced_at from repair_orders where id = $1::uuid',
    [id],
  )
  return rows[0]
}

async function eventsOf(objectId: string) {
  const { rows } = await pool.query<{ type: string; summary: Record<string, unknown> }>(
    'select type, summary from events where object_id = $1::text order by created_at, id',
    [objectId],
  )
  return rows
}

const credit = (shop: ShopRow, invoiceId: string, input: CreditNoteInput, at?: Date) =>
  withTransaction(pool, (tx) => issueCreditNote(tx, staff(shop), invoiceId, input, at ? { at } : {}))
const pay = (shop: ShopRow, invoiceId: string, amount: string, extra: { businessDate?: string; at?: Date } = {}) =>
  withTransaction(pool, (tx) =>
    recordPayment(
      tx,
      staff(shop),
      { invoice: invoiceId, amount, method: 'card', businessDate: extra.businessDate },
      extra.at ? { at: extra.at } : {},
    ),
  )
const reverse = (shop: ShopRow, paymentId: string) =>
  withTransaction(pool, (tx) => reversePayment(tx, staff(shop), paymentId))
const voidIt = (shop: ShopRow, invoiceId: string) =>
  withTransaction(pool, (tx) => voidInvoice(tx, staff(shop), invoiceId, { reason: 'Wrong labor rate' }))

t.test('posting: the lines, the totals of the order, invoiced, and the events', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, [
    ...brakeJob,
    { name: 'Loyalty', kind: 'discount', amount: '25.00' },
    { name: 'Declined tires', decision: 'declined', parts: [{ quantity: '4', price: '150.00', description: 'Tire' }] },
  ])
  const invoice = toInvoiceResource(await post(pool, shop, order))
  t.match(invoice, {
    object: 'invoice',
    number: 1,
    doc_type: 'invoice',
    status: 'posted',
    currency: 'USD',
    repair_order_id: order.public_id,
    credit_note_of: null,
    voided_at: null,
  })
  t.same(
    invoice.lines?.map((line) => [
      line.number,
      line.type,
      line.description,
      line.quantity,
      line.unit_price,
      line.gross_amount,
      line.discount_alloc,
      line.tax_alloc,
      line.line_total,
    ]),
    [
      [1, 'service', 'Replace front pads', '1.5', '120.00', '180.00', '17.82', '15.98', '178.16'],
      [2, 'part', 'Brake pads', '1', '59.99', '59.99', '5.94', '5.32', '59.37'],
      [3, 'fee', 'Shop supplies', '1', '12.50', '12.50', '1.24', '1.11', '12.37'],
      [4, 'discount', 'Loyalty', '1', '-25.00', '-25.00', '-25.00', '0.00', '0.00'],
    ],
    'the declined job is not invoiced; the discount is a line of its own, spread over the charged lines',
  )
  t.equal(invoice.lines?.[3]?.job_id, order.jobIds[2], 'the discount line names its job')
  t.equal(invoice.lines?.[0]?.job_id, order.jobIds[0])
  t.same(invoice.discounts, [{ job_id: order.jobIds[2], description: 'Loyalty', amount: '25.00' }])
  t.same(invoice.taxes, [
    {
      name: 'Sales tax',
      rate: '8.875',
      applies_to: ['labor', 'parts', 'fees'],
      taxable_amount: '252.49',
      amount: '22.41',
    },
  ])
  const totals = await repairOrderTotals(pool, order)
  t.same(
    invoice.totals,
    {
      currency: 'USD',
      labor: totals.labor_total,
      parts: totals.parts_total,
      fees: totals.fees_total,
      discounts: totals.discounts_total,
      subtotal: totals.subtotal,
      tax: totals.tax_total,
      total: totals.total,
    },
    "the invoice's totals are the order's",
  )
  t.equal(invoice.totals.total, '249.90')
  const state = await orderState(order.id)
  t.equal(state?.state, 'invoiced')
  t.ok(state?.invoiced_at, 'invoiced_at stamped')
  t.same(await eventsOf(invoice.id), [
    {
      type: 'invoice.posted',
      summary: {
        number: 1,
        doc_type: 'invoice',
        repair_order_id: order.public_id,
        customer_id: invoice.customer_id,
        business_date: invoice.business_date,
        currency: 'USD',
        total: '249.90',
      },
    },
  ])
  const orderEvents = (await eventsOf(order.public_id)).filter((event) => event.type === 'repair_order.status_changed')
  t.match(orderEvents.at(-1)?.summary, { state: 'invoiced', previous_state: 'ready_for_pickup' })
})

t.test('several taxes on their categories; an exempt order is posted with zero taxes', async (t) => {
  const shop = await newShop()
  await setTax(pool, shop, 'Parts levy', '1.5', 'parts')
  const order = await readyOrder(pool, shop, brakeJob)
  const invoice = toInvoiceResource(await post(pool, shop, order))
  t.same(
    invoice.taxes?.map((tax) => [tax.name, tax.taxable_amount, tax.amount]),
    [
      ['Sales tax', '252.49', '22.41'],
      ['Parts levy', '59.99', '0.90'],
    ],
  )
  t.same(
    invoice.lines?.map((line) => line.tax_alloc),
    ['15.98', '6.22', '1.11'],
  )
  t.equal(invoice.totals.tax, '23.31')
  t.equal(invoice.totals.total, (await repairOrderTotals(pool, order)).total)
  const exempt = await readyOrder(pool, shop, brakeJob, { taxExempt: true })
  const exemptInvoice = toInvoiceResource(await post(pool, shop, exempt))
  t.same(
    exemptInvoice.taxes?.map((tax) => [tax.name, tax.taxable_amount, tax.amount]),
    [
      ['Sales tax', '0.00', '0.00'],
      ['Parts levy', '0.00', '0.00'],
    ],
  )
  t.equal(exemptInvoice.totals.total, '252.49')
})

t.test('taxes set reprices orders not yet invoiced, never an invoiced one', async (t) => {
  const shop = await newShop()
  const open = await readyOrder(pool, shop, brakeJob)
  const invoiced = await readyOrder(pool, shop, brakeJob)
  const invoice = await post(pool, shop, invoiced)
  const result = await withTransaction(pool, (tx) => setTaxService(tx, staff(shop), { name: 'sales TAX', rate: '10' }))
  t.equal(result.created, false, 'names match case-insensitively')
  t.equal(result.repriced, 1, 'one order repriced')
  t.equal((await repairOrderTotals(pool, open)).tax_total, '25.25', '10 % of 252.49')
  t.equal((await repairOrderTotals(pool, invoiced)).tax_total, invoice.tax_total, 'the invoiced order keeps its totals')
})

t.test('refusals: not ready, undecided jobs, discounts beyond charges, nothing to invoice', async (t) => {
  const shop = await newShop()
  const early = await readyOrder(pool, shop, brakeJob, { state: 'in_progress' })
  await refusal(t, post(pool, shop, early), 'conflict', 'state_in_progress')
  const undecided = await readyOrder(pool, shop, [...brakeJob, { name: 'Wipers', decision: 'pending' }])
  const error = await refusal(t, post(pool, shop, undecided), 'conflict', 'jobs_pending')
  t.match(error?.message, undecided.jobIds[2] as string, 'the pending job is named')
  const generous = await readyOrder(pool, shop, [
    { name: 'Check', labor: [{ hours: '0.5', rate: '100.00' }] },
    { name: 'Voucher', kind: 'discount', amount: '60.00' },
  ])
  await refusal(t, post(pool, shop, generous), 'conflict', 'discount_exceeds_charges')
  const empty = await readyOrder(pool, shop, [{ name: 'Look only' }])
  await refusal(t, post(pool, shop, empty), 'conflict', 'nothing_to_invoice')
  t.equal((await orderState(early.id))?.state, 'in_progress', 'nothing moved')
})

t.test('concurrent posts of one order give one invoice, and numbers have no gaps', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, brakeJob)
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => post(pool, shop, order)))
  const posted = results.filter((result) => result.status === 'fulfilled')
  t.equal(posted.length, 1, 'one post wins')
  for (const result of results) {
    if (result.status === 'rejected') {
      t.match(result.reason, { code: 'conflict', blockers: [{ reason: 'already_invoiced' }] }, 'the others are told')
    }
  }
  const { rows } = await pool.query<{ count: string }>(
    'select count(*)::text as count from invoices where repair_order_id = $1::uuid',
    [order.id],
  )
  t.equal(rows[0]?.count, '1', 'one invoice in the database')

  // A post rolled back after it took its number gives the number back.
  const second = await readyOrder(pool, shop, brakeJob)
  await t.rejects(
    withTransaction(pool, async (tx) => {
      await postInvoice(tx, staff(shop), second.public_id)
      throw new Error('rolled back')
    }),
    /rolled back/,
  )
  const numbered = await post(pool, shop, second)
  t.equal(numbered.number, 2, 'the next number follows 1 without a gap')
  const otherShop = await newShop()
  t.equal((await post(pool, otherShop, await readyOrder(pool, otherShop, brakeJob))).number, 1, 'per shop')
  const note = await credit(shop, numbered.public_id, { amount: '10.00' })
  t.equal(note.number, 1, 'credit notes have their own sequence')
})

t.test('business dates are shop-local: 23:30 and 00:30 on either side of midnight', async (t) => {
  const shop = await newShop('America/Chicago')
  // 2026-01-15 23:30 CST and 2026-01-16 00:30 CST: the same UTC date, two business dates.
  const lateEvening = new Date('2026-01-16T05:30:00Z')
  const pastMidnight = new Date('2026-01-16T06:30:00Z')
  const order = await readyOrder(pool, shop, brakeJob)
  const invoice = await post(pool, shop, order, lateEvening)
  t.equal(invoice.business_date, '2026-01-15')
  t.equal(invoice.posted_at.toISOString(), '2026-01-16T05:30:00.000Z')
  const late = await pay(shop, invoice.public_id, '10.00', { at: lateEvening })
  const early = await pay(shop, invoice.public_id, '10.00', { at: pastMidnight })
  t.equal(late.business_date, '2026-01-15', 'a payment at 23:30 counts on that day')
  t.equal(early.business_date, '2026-01-16', 'a payment at 00:30 counts on the next')
  t.same(
    [late.recorded_at.toISOString(), early.recorded_at.toISOString()],
    ['2026-01-16T05:30:00.000Z', '2026-01-16T06:30:00.000Z'],
  )
  const note = await credit(shop, invoice.public_id, { amount: '5.00' }, pastMidnight)
  t.equal(note.business_date, '2026-01-16')
  const dated = await pay(shop, invoice.public_id, '1.00', { at: pastMidnight, businessDate: '2026-01-02' })
  t.equal(dated.business_date, '2026-01-02', 'the shop may date a payment it records late')
  await refusal(
    t,
    pay(shop, invoice.public_id, '1.00', { at: lateEvening, businessDate: '2026-01-16' }),
    'invalid_request',
  )
  await refusal(t, pay(shop, invoice.public_id, '1.00', { businessDate: '2026-02-30' }), 'invalid_request')
  const tokyo = await newShop('Asia/Tokyo')
  const tokyoInvoice = await post(pool, tokyo, await readyOrder(pool, tokyo, brakeJob), lateEvening)
  t.equal(tokyoInvoice.business_date, '2026-01-16', "the same instant is 14:30 on the 16th in Tokyo's zone")
})

t.test('payments: no overpayment, settling moves the order to paid, reversals reopen it', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, brakeJob)
  const invoice = await post(pool, shop, order)
  t.equal(invoice.total, '274.90')
  const overpaid = await refusal(t, pay(shop, invoice.public_id, '274.91'), 'conflict', 'exceeds_balance')
  t.match(overpaid?.message, /balance of 274\.90 USD/)
  await refusal(t, pay(shop, invoice.public_id, '0.00'), 'invalid_request')
  await refusal(t, pay(shop, invoice.public_id, '-1.00'), 'conflict', 'exceeds_credit')
  const first = await pay(shop, invoice.public_id, '200.00')
  t.match(first, { amount: '200.00', method: 'card', reversal_of_public_id: null })
  t.equal((await orderState(order.id))?.state, 'invoiced', 'partly paid')
  const rest = await pay(shop, invoice.public_id, '74.90')
  t.equal((await orderState(order.id))?.state, 'paid', 'settled: paid')
  t.same(
    (await eventsOf(rest.public_id)).map((event) => event.type),
    ['payment.recorded'],
  )
  t.same((await eventsOf(rest.public_id))[0]?.summary, {
    kind: 'payment',
    invoice_id: invoice.public_id,
    repair_order_id: order.public_id,
    business_date: rest.business_date,
    method: 'card',
    currency: 'USD',
    amount: '74.90',
  })
  const reversal = await reverse(shop, first.public_id)
  t.match(reversal, { amount: '-200.00', method: 'card', reversal_of_public_id: first.public_id })
  t.same(await eventsOf(reversal.public_id), [
    {
      type: 'payment.reversed',
      summary: {
        kind: 'reversal',
        reversal_of: first.public_id,
        invoice_id: invoice.public_id,
        repair_order_id: order.public_id,
        business_date: reversal.business_date,
        method: 'card',
        currency: 'USD',
        amount: '-200.00',
      },
    },
  ])
  t.equal((await orderState(order.id))?.state, 'invoiced', 'owed again: back to invoiced')
  const changes = (await eventsOf(order.public_id)).filter((event) => event.type === 'repair_order.status_changed')
  t.same(
    changes.slice(-2).map((event) => [event.summary.previous_state, event.summary.state]),
    [
      ['invoiced', 'paid'],
      ['paid', 'invoiced'],
    ],
  )
  await refusal(t, reverse(shop, first.public_id), 'conflict', 'already_reversed')
  await refusal(t, reverse(shop, reversal.public_id), 'conflict', 'is_reversal')
  t.same(await invoiceAccount(pool, shop.id, invoice.id), { credited: '0.00', paid: '74.90', due: '200.00' })
})

t.test('a discount line is credited with the lines it was allocated to, not on its own', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, [...brakeJob, { name: 'Loyalty', kind: 'discount', amount: '25.00' }])
  const invoice = await post(pool, shop, order)
  t.equal(invoice.lines[3]?.type, 'discount')
  await refusal(t, credit(shop, invoice.public_id, { lines: [4] }), 'conflict', 'discount_line')
  await refusal(t, credit(shop, invoice.public_id, { lines: [1, 4] }), 'conflict', 'discount_line')
  const byAmount = await credit(shop, invoice.public_id, { amount: '10.00' })
  t.same(
    byAmount.lines.map((line) => [line.credited_line, line.type]),
    [
      [1, 'service'],
      [2, 'part'],
      [3, 'fee'],
    ],
    'an amount is spread over the charged lines only',
  )
  await credit(shop, invoice.public_id, { lines: [1, 2, 3] })
  t.same(
    await invoiceAccount(pool, shop.id, invoice.id),
    { credited: invoice.total, paid: '0.00', due: '0.00' },
    'the charged lines credited whole credit the whole invoice, its discount included',
  )
  await refusal(t, credit(shop, invoice.public_id, { amount: '0.01' }), 'conflict', 'fully_credited')
})

t.test('credit notes: bounded by what the invoice charged less earlier credits; refunds', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, brakeJob)
  const invoice = await post(pool, shop, order)
  await pay(shop, invoice.public_id, '274.90')
  t.equal((await orderState(order.id))?.state, 'paid')
  const byAmount = toInvoiceResource(await credit(shop, invoice.public_id, { amount: '25.00', reason: 'Goodwill' }))
  t.match(byAmount, {
    doc_type: 'credit_note',
    credit_note_of: invoice.public_id,
    number: 1,
    status: 'posted',
    reason: 'Goodwill',
    repair_order_id: order.public_id,
  })
  t.equal(byAmount.totals.total, '25.00')
  t.same(
    byAmount.lines?.map((line) => [line.credited_line, line.gross_amount, line.tax_alloc, line.line_total]),
    [
      [1, '16.37', '1.45', '17.82'],
      [2, '5.46', '0.48', '5.94'],
      [3, '1.14', '0.10', '1.24'],
    ],
  )
  t.same(
    byAmount.taxes?.map((tax) => [tax.name, tax.taxable_amount, tax.amount]),
    [['Sales tax', null, '2.03']],
  )
  t.same(await eventsOf(byAmount.id), [
    {
      type: 'credit_note.issued',
      summary: {
        number: 1,
        doc_type: 'credit_note',
        credit_note_of: invoice.public_id,
        repair_order_id: order.public_id,
        customer_id: byAmount.customer_id,
        business_date: byAmount.business_date,
        currency: 'USD',
        total: '25.00',
      },
    },
  ])
  const byLine = await credit(shop, invoice.public_id, { lines: [3] })
  t.same(
    byLine.lines.map((line) => [line.credited_line, line.gross_amount, line.tax_alloc]),
    [[3, '11.36', '1.01']],
    'line 3 whole: what the first credit left of it',
  )
  await refusal(t, credit(shop, invoice.public_id, { lines: [3] }), 'conflict', 'line_fully_credited')
  await refusal(t, credit(shop, invoice.public_id, { lines: [9] }), 'invalid_request')
  const tooMuch = await refusal(
    t,
    credit(shop, invoice.public_id, { amount: '237.54' }),
    'conflict',
    'exceeds_creditable',
  )
  t.match(tooMuch?.message, /237\.53 USD left to credit/)
  await refusal(t, credit(shop, byAmount.id, { amount: '1.00' }), 'conflict', 'not_an_invoice')
  await refusal(t, credit(shop, invoice.public_id, {}), 'invalid_request')

  // The customer paid in full: the shop owes 37.37 and refunds it, no more.
  t.same(await invoiceAccount(pool, shop.id, invoice.id), { credited: '37.37', paid: '274.90', due: '-37.37' })
  await refusal(t, pay(shop, invoice.public_id, '-37.38'), 'conflict', 'exceeds_credit')
  const refund = await pay(shop, invoice.public_id, '-37.37')
  t.equal(refund.amount, '-37.37')
  await refusal(t, reverse(shop, refund.public_id), 'conflict', 'is_refund')
  t.equal((await orderState(order.id))?.state, 'paid')

  // Voiding a credit note gives its credit back to the balance.
  const voided = await voidIt(shop, byLine.public_id)
  t.match(voided, { status: 'voided', void_reason: 'Wrong labor rate' })
  t.same(await invoiceAccount(pool, shop.id, invoice.id), { credited: '25.00', paid: '237.53', due: '12.37' })
  t.equal((await orderState(order.id))?.state, 'invoiced', 'owed again')
  const again = await credit(shop, invoice.public_id, { lines: [3] })
  t.equal(again.total, '12.37', 'the voided credit no longer counts against the line')
  t.equal((await orderState(order.id))?.state, 'paid', 'a credit that settles the balance: paid')
})

t.test('voiding an invoice: only without payments and credits; the order can be posted again', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, brakeJob)
  const invoice = await post(pool, shop, order)
  const payment = await pay(shop, invoice.public_id, '50.00')
  await refusal(t, voidIt(shop, invoice.public_id), 'conflict', 'has_payments')
  await reverse(shop, payment.public_id)
  const note = await credit(shop, invoice.public_id, { amount: '5.00' })
  await refusal(t, voidIt(shop, invoice.public_id), 'conflict', 'has_credit_notes')
  await voidIt(shop, note.public_id)
  const voided = await voidIt(shop, invoice.public_id)
  t.match(voided, { status: 'voided', void_reason: 'Wrong labor rate', total: invoice.total, number: invoice.number })
  t.ok(voided.voided_at)
  t.same(
    (await eventsOf(invoice.public_id)).map((event) => event.type),
    ['invoice.posted', 'invoice.voided'],
  )
  t.equal((await orderState(order.id))?.state, 'ready_for_pickup', 'the order is open again')
  await refusal(t, voidIt(shop, invoice.public_id), 'conflict', 'state_voided')
  await refusal(t, pay(shop, invoice.public_id, '1.00'), 'conflict', 'state_voided')
  await refusal(t, credit(shop, invoice.public_id, { amount: '1.00' }), 'conflict', 'state_voided')
  const reposted = await post(pool, shop, order)
  t.equal(reposted.number, invoice.number + 1, 'a new number; the voided one keeps its own')
  // Everything but the identity and the instants: the lines, taxes and totals come out the same.
  const amounts = (document: typeof invoice) => {
    const { id, public_id, number, business_date, posted_at, created_at, updated_at, ...rest } = document
    return rest
  }
  t.same(amounts(reposted), amounts(invoice), 'posted again: the same numbers to the cent')
  await pay(shop, reposted.public_id, reposted.total)
  await withTransaction(pool, (tx) =>
    tx.query("update repair_orders set state = 'picked_up' where id = $1::uuid", [order.id]),
  )
  await refusal(t, voidIt(shop, reposted.public_id), 'conflict', 'has_payments')
})
