// Posted documents and payments are immutable in the database itself: direct SQL, not the services,
// tries to change them here, and Postgres refuses. The attempts run as the owner of the tables: the
// triggers hold for every role while they are enabled (the service's role may not even try most of
// these, nor disable the triggers: test/db/roles.test.ts).
import type pg from 'pg'
import t, { type Test } from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import { recordPayment, reversePayment } from '../../../src/resources/payments/service.js'
import { createTestShop } from '../../helpers/app.js'
import { createTestDatabase } from '../../helpers/database.js'
import { brakeJob, post, readyOrder, setTax, staff } from './fixtures.js'

const { pool, owner } = await createTestDatabase(t)
const shop = await createTestShop(pool)
await setTax(pool, shop, 'Sales tax', '8.875')
const order = await readyOrder(pool, shop, brakeJob)
const invoice = await post(pool, shop, order)
const payment = await withTransaction(pool, (tx) =>
  recordPayment(tx, staff(shop), { invoice: invoice.public_id, amount: '100.00', method: 'card' }),
)

async function refused(t: Test, sql: string, values: unknown[], pattern: RegExp, what: string) {
  await t.rejects(owner.pool.query(sql, values), { message: pattern }, what)
}

t.test('a posted invoice: no update of any column, no delete, no truncate', async (t) => {
  const id = invoice.id
  for (const [column, value] of [
    ['total', "'0.00'::numeric"],
    ['number', '99'],
    ['business_date', "'2000-01-01'::date"],
    ['customer_id', 'customer_id'],
    ['status', "'posted'"],
  ] as const) {
    await refused(
      t,
      `update invoices set ${column} = ${value} where id = $1::uuid`,
      [id],
      /invoices are immutable once posted/,
      `update of ${column}`,
    )
  }
  await refused(
    t,
    "update invoices set status = 'voided', voided_at = now(), total = 0 where id = $1::uuid",
    [id],
    /immutable/,
    'a void that changes anything else',
  )
  await refused(t, 'delete from invoices where id = $1::uuid', [id], /immutable/, 'delete')
  await refused(t, 'truncate invoices cascade', [], /immutable/, 'truncate')
  const { rows } = await pool.query('select total, status from invoices where id = $1::uuid', [id])
  t.same(rows, [{ total: invoice.total, status: 'posted' }], 'unchanged')
})

t.test('lines, taxes and discounts: no update, no delete, nothing added later', async (t) => {
  const id = invoice.id
  await refused(
    t,
    'update invoice_lines set line_total = line_total + 1 where invoice_id = $1::uuid',
    [id],
    /invoice_lines rows are immutable: update refused/,
    'line update',
  )
  await refused(
    t,
    'delete from invoice_lines where invoice_id = $1::uuid',
    [id],
    /invoice_lines rows are immutable: delete refused/,
    'line delete',
  )
  await refused(t, 'update invoice_taxes set amount = 0 where invoice_id = $1::uuid', [id], /immutable/, 'tax update')
  await refused(t, 'delete from invoice_taxes where invoice_id = $1::uuid', [id], /immutable/, 'tax delete')
  await refused(
    t,
    `insert into invoice_lines (shop_id, invoice_id, number, type, description, gross_amount, discount_alloc, tax_alloc,
       tax_allocs, line_total)
     values ($1::uuid, $2::uuid, 99, 'fee', 'Late fee', 0, 0, 0, '{0}', 0)`,
    [shop.id, id],
    /cannot be added after it was posted/,
    'a line added later, even of zero',
  )
  const { rows } = await pool.query<{ count: string }>(
    'select count(*)::text as count from invoice_lines where invoice_id = $1::uuid',
    [id],
  )
  t.equal(rows[0]?.count, String(invoice.lines.length), 'the lines are as posted')
})

t.test('payments: no update, no delete; reversal rules hold in SQL too', async (t) => {
  await refused(
    t,
    'update payments set amount = 1 where id = $1::uuid',
    [payment.id],
    /payments rows are immutable: update refused/,
    'update',
  )
  await refused(
    t,
    'delete from payments where id = $1::uuid',
    [payment.id],
    /payments rows are immutable: delete refused/,
    'delete',
  )
  const insertReversal = (reversalOf: string, amount: string) =>
    pool.query(
      `insert into payments (shop_id, public_id, invoice_id, repair_order_id, customer_id, amount, currency, method,
         business_date, recorded_at, reversal_of, created_at)
       select shop_id, 'pay_sql' || md5(random()::text), invoice_id, repair_order_id, customer_id, $2::numeric, currency,
         method, business_date, now(), id, now()
       from payments where id = $1::uuid`,
      [reversalOf, amount],
    )
  await t.rejects(insertReversal(payment.id, '-50.00'), /negative of its payment/, 'a reversal of another amount')
  await t.rejects(insertReversal(payment.id, '100.00'), /negative of its payment|payments_check/, 'a positive reversal')
  const reversal = await withTransaction(pool, (tx) => reversePayment(tx, staff(shop), payment.public_id))
  await t.rejects(insertReversal(payment.id, '-100.00'), /payments_reversed_once_idx/, 'a second reversal')
  await t.rejects(
    insertReversal(reversal.id, '100.00'),
    /payments_check|cannot be reversed/,
    'a reversal of a reversal',
  )
})

t.test('the one change allowed: posted -> voided with voided_at, then nothing', async (t) => {
  const other = await readyOrder(pool, shop, brakeJob)
  const posted = await post(pool, shop, other)
  await refused(
    t,
    "update invoices set status = 'voided' where id = $1::uuid",
    [posted.id],
    /invoices_check|immutable/,
    'voided without voided_at',
  )
  await pool.query(
    "update invoices set status = 'voided', voided_at = now(), void_reason = 'typo' where id = $1::uuid",
    [posted.id],
  )
  await refused(
    t,
    "update invoices set void_reason = 'other' where id = $1::uuid",
    [posted.id],
    /immutable/,
    'after voiding',
  )
  await refused(
    t,
    "update invoices set status = 'posted', voided_at = null where id = $1::uuid",
    [posted.id],
    /immutable/,
    'un-voiding',
  )
})

t.test('line types and their amounts are checked in SQL', async (t) => {
  const fresh = await readyOrder(pool, shop, brakeJob)
  const client: pg.PoolClient = await pool.connect()
  t.teardown(async () => {
    await client.query('rollback')
    client.release()
  })
  await client.query('begin')
  await client.query(
    `insert into invoices (shop_id, public_id, doc_type, number, status, currency, repair_order_id, customer_id,
       business_date, posted_at, labor_total, parts_total, fees_total, discounts_total, subtotal, tax_total, total,
       created_at)
     select shop_id, 'inv_sqltypes', 'invoice', 9998, 'posted', 'USD', id, customer_id, current_date, now(),
       10, 0, 0, -5, 5, 0, 5, now()
     from repair_orders where id = $1::uuid`,
    [fresh.id],
  )
  const line = async (values: string, what: string, refusal?: RegExp) => {
    const insert = () =>
      client.query(
        `insert into invoice_lines (shop_id, invoice_id, number, type, description, gross_amount, discount_alloc,
           tax_alloc, tax_allocs, line_total)
         select shop_id, id, ${values} from invoices where public_id = 'inv_sqltypes'`,
      )
    if (!refusal) return t.resolves(insert(), what)
    await client.query('savepoint line')
    await t.rejects(insert(), { message: refusal }, what)
    await client.query('rollback to savepoint line')
  }
  await line("1, 'tip', 'Tip', 1, 0, 0, '{}', 1", 'an unknown type', /invoice_lines_type_check/)
  await line("1, 'service', 'Work', -1, 0, 0, '{}', -1", 'a negative charge', /invoice_lines_amounts_check/)
  await line("1, 'discount', 'Promo', 5, 0, 0, '{}', 5", 'a positive discount', /invoice_lines_amounts_check/)
  await line(
    "1, 'discount', 'Promo', -5, 0, 0, '{}', -5",
    'a discount not allocated to the charged lines',
    /invoice_lines_amounts_check/,
  )
  await line("1, 'service', 'Work', 10, 5, 0, '{}', 5", 'a service line with its share of the discount')
  await line("2, 'discount', 'Promo', -5, -5, 0, '{}', 0", 'the discount line that states it')
  await line(
    "3, 'fee', 'Fee', 1, 0, 0, '{}', 2",
    'a line total that is not gross − discount + tax',
    /invoice_lines_check1/,
  )
  await t.resolves(client.query('set constraints all immediate'), 'the lines add up to the header')
})

t.test('at commit, lines must add up to the header', async (t) => {
  const fresh = await readyOrder(pool, shop, brakeJob)
  const client: pg.PoolClient = await pool.connect()
  t.teardown(() => client.release())
  await client.query('begin')
  await client.query(
    `insert into invoices (shop_id, public_id, doc_type, number, status, currency, repair_order_id, customer_id,
       business_date, posted_at, labor_total, parts_total, fees_total, discounts_total, subtotal, tax_total, total,
       created_at)
     select shop_id, 'inv_sqlmismatch', 'invoice', 9999, 'posted', 'USD', id, customer_id, current_date, now(),
       10, 0, 0, 0, 10, 0, 10, now()
     from repair_orders where id = $1::uuid`,
    [fresh.id],
  )
  await client.query(
    `insert into invoice_lines (shop_id, invoice_id, number, type, description, gross_amount, discount_alloc, tax_alloc,
       tax_allocs, line_total)
     select shop_id, id, 1, 'labor', 'Work', 9.99, 0, 0, '{}', 9.99 from invoices where public_id = 'inv_sqlmismatch'`,
  )
  await t.rejects(client.query('commit'), /do not add up to its header/, 'refused at commit')
  const { rows } = await pool.query("select 1 from invoices where public_id = 'inv_sqlmismatch'")
  t.equal(rows.length, 0, 'nothing was written')
})
