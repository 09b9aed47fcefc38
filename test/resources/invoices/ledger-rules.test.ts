// Rules of the ledger found missing by the second outside review (issue 22, item 10): a voided invoice
// is closed to money (its payments are not reversed), and a payment's business date lies within a year
// before today in the shop's zone.
import t, { type Test } from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { ApiError } from '../../../src/lib/errors.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import { invoiceAccount, issueCreditNote, voidInvoice } from '../../../src/resources/invoices/service.js'
import { recordPayment, reversePayment } from '../../../src/resources/payments/service.js'
import { createTestShop } from '../../helpers/app.js'
import { createTestDatabase } from '../../helpers/database.js'
import { post, readyOrder, setTax, staff } from './fixtures.js'

const { pool } = await createTestDatabase(t)

async function newShop(): Promise<ShopRow> {
  const shop = await createTestShop(pool, { timezone: 'America/Chicago' })
  await setTax(pool, shop, 'Sales tax', '8.875')
  return shop
}

async function refusal(t: Test, work: Promise<unknown>, code: string, reason?: string) {
  const error = (await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as ApiError | undefined
  t.equal(error?.code, code, `refused: ${code}${reason ? ` / ${reason}` : ''}`, { error })
  if (reason) t.equal(error?.blockers[0]?.reason, reason)
  return error
}

const pay = (shop: ShopRow, invoice: string, amount: string, options: { businessDate?: string; at?: Date } = {}) =>
  withTransaction(pool, (tx) =>
    recordPayment(
      tx,
      staff(shop),
      { invoice, amount, method: 'card', businessDate: options.businessDate },
      options.at ? { at: options.at } : {},
    ),
  )

/** One untaxed fee of 108.38, the total of the review's example. */
const feeJob = [{ name: 'Diagnosis', kind: 'fee' as const, amount: '108.38', taxable: false }]

t.test('the payments of a voided invoice are final: a reversal is refused, naming the rule', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, feeJob)
  const invoice = await post(pool, shop, order)
  t.equal(invoice.total, '108.38')
  const payment = await pay(shop, invoice.public_id, '108.38')
  const note = await withTransaction(pool, (tx) =>
    issueCreditNote(tx, staff(shop), invoice.public_id, { amount: '108.38' }),
  )
  await pay(shop, invoice.public_id, '-108.38')
  await withTransaction(pool, (tx) => voidInvoice(tx, staff(shop), note.public_id, { reason: 'Issued in error' }))
  await withTransaction(pool, (tx) => voidInvoice(tx, staff(shop), invoice.public_id, { reason: 'Wrong customer' }))
  const before = await invoiceAccount(pool, shop.id, invoice.id)
  const error = await refusal(
    t,
    withTransaction(pool, (tx) => reversePayment(tx, staff(shop), payment.public_id)),
    'conflict',
    'state_voided',
  )
  t.match(error?.message, new RegExp(`${invoice.public_id}.*voided`), 'the message names the voided invoice')
  t.match(error?.blockers[0]?.resolution.join(' '), /post/i, 'and says what to do instead')
  t.same(await invoiceAccount(pool, shop.id, invoice.id), before, 'the account is unchanged')
  t.same(before, { credited: '0.00', paid: '0.00', due: '108.38' }, 'the payment and its refund net to zero')
})

t.test('a payment on a posted invoice is still reversed as before', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, feeJob)
  const invoice = await post(pool, shop, order)
  const payment = await pay(shop, invoice.public_id, '50.00')
  const reversal = await withTransaction(pool, (tx) => reversePayment(tx, staff(shop), payment.public_id))
  t.equal(reversal.amount, '-50.00')
})

t.test('business dates: not after today and not more than a year before it, in the shop’s zone', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, feeJob)
  // 2026-03-01 00:30 in Chicago (06:30 UTC): today is March 1st there, and a year before is 2025-03-01.
  const at = new Date('2026-03-01T06:30:00Z')
  const invoice = await post(pool, shop, order, at)
  const cases: [businessDate: string, accepted: boolean][] = [
    ['0001-01-01', false],
    ['1900-01-01', false],
    ['2025-02-28', false],
    ['2025-03-01', true],
    ['2026-02-28', true],
    ['2026-03-01', true],
    ['2026-03-02', false],
    ['9999-12-31', false],
  ]
  for (const [businessDate, accepted] of cases) {
    if (accepted) {
      const payment = await pay(shop, invoice.public_id, '1.00', { businessDate, at })
      t.equal(payment.business_date, businessDate, `${businessDate} is accepted`)
    } else {
      const error = await refusal(t, pay(shop, invoice.public_id, '1.00', { businessDate, at }), 'invalid_request')
      t.equal(error?.param, 'business-date', `${businessDate} is refused naming the flag`)
      t.match(error?.message, /2025-03-01.*2026-03-01/, 'the message gives the range')
    }
  }
})

t.test('on a leap day, the year before starts on February 28th', async (t) => {
  const shop = await newShop()
  const order = await readyOrder(pool, shop, feeJob)
  const at = new Date('2028-02-29T18:00:00Z')
  const invoice = await post(pool, shop, order, at)
  t.equal((await pay(shop, invoice.public_id, '1.00', { businessDate: '2027-02-28', at })).business_date, '2027-02-28')
  await refusal(t, pay(shop, invoice.public_id, '1.00', { businessDate: '2027-02-27', at }), 'invalid_request')
})
