// The maxima of docs/decisions/money-and-ledger.md "Money" on the staff's paths (add a part or labor, set a tax): a line
// beyond its column is 400 naming the flag, a total beyond 9,999,999,999.99 is 409 naming the job and
// the order, and a tax change that would reprice an order past it names the order and what to do.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Decimal } from 'decimal.js'
import t, { type Test } from 'tap'
import { migrationsDir } from '../../../src/db/migrate.js'
import { withTransaction } from '../../../src/db/pool.js'
import type { ApiError } from '../../../src/lib/errors.js'
import { ExactDecimal, moneyLimits } from '../../../src/lib/money.js'
import { CannedJobImportLineSchema } from '../../../src/resources/canned-jobs/import.js'
import { InventoryImportRowSchema } from '../../../src/resources/inventory-items/import.js'
import { addLabor, addPart, createJob, decideJob } from '../../../src/resources/jobs/service.js'
import { listTaxes, removeTax, setTax } from '../../../src/resources/taxes/service.js'
import { createTestShop } from '../../helpers/app.js'
import { createTestDatabase } from '../../helpers/database.js'
import {
  addJob,
  createCannedJob,
  createInventoryItem,
  createRepairOrder,
  repairOrderTotals,
  setTaxRate,
  staff,
} from './fixtures.js'

const { pool } = await createTestDatabase(t)

async function refused(t: Test, work: Promise<unknown>, code: string, param?: string): Promise<ApiError | undefined> {
  const error = (await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as ApiError | undefined
  t.equal(error?.code, code, `refused: ${code}`, { error })
  if (param !== undefined) t.equal(error?.param, param, `naming ${param}`)
  return error
}

t.test('a part whose quantity × unit price is beyond a line is 400 naming quantity', async (t) => {
  const shop = await createTestShop(pool)
  const order = await createRepairOrder(pool, shop)
  const job = await addJob(pool, shop, order, { name: 'Parts' })
  // An item priced at the most its column holds, as an import of an earlier version allowed.
  const item = await createInventoryItem(pool, shop, {
    partNumber: 'GOLD',
    name: 'Gold',
    unitPrice: '9999999999.99',
    unitCost: null,
  })
  const error = await refused(
    t,
    withTransaction(pool, (tx) => addPart(tx, staff(shop), job.public_id, { item, quantity: '9999' })),
    'invalid_request',
    'quantity',
  )
  t.match(error?.message, /quantity × unit price.*9999999999\.99/)
  const reserved = await pool.query('select quantity_reserved from inventory_items where public_id = $1', [item])
  t.same(reserved.rows, [{ quantity_reserved: '0.000' }], 'nothing reserved')
})

t.test('a job whose hours would pass what labor_hours holds is 409 naming the job and the order', async (t) => {
  const shop = await createTestShop(pool)
  const order = await createRepairOrder(pool, shop)
  const canned = await createCannedJob(pool, shop, { name: 'Long job', hours: '999999.99', rate: '0.00', parts: [] })
  const job = await addJob(pool, shop, order, { canned_job_id: canned })
  t.equal(job.labor_hours, '999999.99')
  const error = await refused(
    t,
    withTransaction(pool, (tx) => addLabor(tx, staff(shop), job.public_id, { hours: '0.01', rate: '0.00' })),
    'conflict',
  )
  t.match(error?.blockers, [{ type: 'repair_order', reason: 'total_exceeds_maximum' }])
  t.match(error?.message, new RegExp(`${job.public_id}.*${order.public_id}`))
})

t.test('a tax that would reprice an order past the maximum is refused naming the order; nothing changes', async (t) => {
  const shop = await createTestShop(pool)
  await setTaxRate(pool, shop, '0.05')
  const small = await createRepairOrder(pool, shop)
  await addJob(pool, shop, small, { name: 'Fee', kind: 'fee', amount: '100.00' })
  const big = await createRepairOrder(pool, shop)
  await addJob(pool, shop, big, { name: 'Fee', kind: 'fee', amount: '9000000000.00' })
  t.equal((await repairOrderTotals(pool, big)).total, '9450000000.00')
  const before = await Promise.all([repairOrderTotals(pool, small), repairOrderTotals(pool, big)])
  const error = await refused(
    t,
    withTransaction(pool, (tx) => setTax(tx, staff(shop), { name: 'Sales tax', rate: '12' })),
    'conflict',
  )
  t.match(error?.message, new RegExp(big.public_id), 'the message names the order')
  t.match(error?.message, /10080000000\.00/, 'and the total it would have')
  t.match(error?.blockers, [{ type: 'repair_order', reason: 'total_exceeds_maximum' }])
  t.match(error?.blockers[0]?.resolution.join(' '), /taxes set/, 'and how to set the tax afterwards')
  t.same(await Promise.all([repairOrderTotals(pool, small), repairOrderTotals(pool, big)]), before, 'no order repriced')
  t.match(await listTaxes(pool, staff(shop)), [{ name: 'Sales tax', rate: /^5\.0*$/ }], 'the tax is unchanged')
  const lowered = await withTransaction(pool, (tx) => setTax(tx, staff(shop), { name: 'Sales tax', rate: '10' }))
  t.equal(lowered.repriced, 2, 'a rate that keeps every order within the maximum reprices them')
  t.equal((await repairOrderTotals(pool, big)).total, '9900000000.00')
  await withTransaction(pool, (tx) => removeTax(tx, staff(shop), 'Sales tax'))
  t.equal((await repairOrderTotals(pool, big)).total, '9000000000.00', 'removing a tax only lowers totals')
})

t.test('imports read money with the same maxima as the API and the CLI', async (t) => {
  const item = (fields: Record<string, string>) => InventoryImportRowSchema.safeParse({ part_number: 'P-1', ...fields })
  t.ok(item({ unit_price: '9999999.99', unit_cost: '9999999.99' }).success, 'a unit price of 9999999.99')
  for (const field of ['unit_price', 'unit_cost']) {
    const parsed = item({ [field]: '10000000.00' })
    t.notOk(parsed.success, `inventory ${field} beyond 9999999.99 is a rejected row`)
    t.match(parsed.error?.issues[0], { path: [field], message: /at most 9999999\.99/ })
  }
  const job = (fields: Record<string, string>, part: Record<string, string> = {}) =>
    CannedJobImportLineSchema.safeParse({
      code: 'OIL',
      name: 'Oil change',
      ...fields,
      parts: [{ description: 'Oil', ...part }],
    })
  t.ok(
    job({ default_hours: '999.99', labor_rate: '99999.99' }, { quantity: '9999.999', unit_price: '9999999.99' })
      .success,
  )
  const refused: [string, Record<string, string>, Record<string, string>][] = [
    ['default_hours', { default_hours: '1000.00' }, {}],
    ['labor_rate', { labor_rate: '100000.00' }, {}],
    ['quantity', {}, { quantity: '10000' }],
    ['unit_price', {}, { unit_price: '10000000.00' }],
    ['unit_cost', {}, { unit_cost: '10000000.00' }],
  ]
  for (const [field, fields, part] of refused) {
    const parsed = job(fields, part)
    t.notOk(parsed.success, `canned ${field} beyond its maximum is a rejected row`)
    t.match(parsed.error?.issues[0]?.message, /at most/)
  }
})

t.test(
  'an order an earlier version let grow past the maximum can be brought back under it, never further',
  async (t) => {
    const shop = await createTestShop(pool)
    const order = await createRepairOrder(pool, shop)
    // The review's order: fee jobs of 9,999,999,999.99 added before the maximum existed (three here).
    const jobs: string[] = []
    for (let index = 0; index < 3; index++) {
      const job = await addJob(pool, shop, order, { name: `Fee ${index + 1}`, kind: 'fee', amount: '1.00' })
      jobs.push(job.public_id)
    }
    await pool.query(
      `update jobs set flat_amount = 9999999999.99, fees_total = 9999999999.99, subtotal = 9999999999.99,
       total = 9999999999.99 where repair_order_id = $1::uuid`,
      [order.id],
    )
    await pool.query(
      `update repair_orders set fees_total = 29999999999.97, subtotal = 29999999999.97, total = 29999999999.97
     where id = $1::uuid`,
      [order.id],
    )
    await refused(
      t,
      withTransaction(pool, (tx) => createJob(tx, staff(shop), order, { name: 'More', kind: 'fee', amount: '1.00' })),
      'conflict',
    )
    const error = await refused(
      t,
      withTransaction(pool, (tx) => setTax(tx, staff(shop), { name: 'Sales tax', rate: '1' })),
      'conflict',
    )
    t.match(error?.message, new RegExp(order.public_id), 'a tax that would raise it names it')
    await withTransaction(pool, (tx) => decideJob(tx, staff(shop), jobs[0] as string, 'declined'))
    t.equal(
      (await repairOrderTotals(pool, order)).total,
      '19999999999.98',
      'declining a job lowers it, though still beyond',
    )
    await withTransaction(pool, (tx) => decideJob(tx, staff(shop), jobs[1] as string, 'declined'))
    t.equal((await repairOrderTotals(pool, order)).total, '9999999999.99', 'within the maximum again')
    await refused(
      t,
      withTransaction(pool, (tx) => decideJob(tx, staff(shop), jobs[0] as string, 'pending')),
      'conflict',
    )
  },
)

t.test('every maximum fits the numeric(p, s) of the columns that hold it (read from the migrations)', async (t) => {
  const sql = (
    await Promise.all(
      (await readdir(migrationsDir)).sort().map((file) => readFile(path.join(migrationsDir, file), 'utf8')),
    )
  ).join('\n')
  /** The largest value of `table.column`'s numeric(p, s), from its create table. */
  const columnMaximum = (table: string, column: string): Decimal => {
    const body = new RegExp(`create table ${table} \\(([\\s\\S]*?)\\n\\);`).exec(sql)?.[1] ?? ''
    const type = new RegExp(`\\n\\s*${column} numeric\\((\\d+), (\\d+)\\)`).exec(body)
    if (!type) throw new Error(`no numeric column ${table}.${column}`)
    const [precision, scale] = [Number(type[1]), Number(type[2])]
    return new ExactDecimal(10).pow(precision - scale).minus(new ExactDecimal(10).pow(-scale))
  }
  const holds: [keyof typeof moneyLimits, string, string][] = [
    ['amount', 'jobs', 'flat_amount'],
    ['amount', 'jobs', 'total'],
    ['amount', 'repair_orders', 'total'],
    ['amount', 'job_labor', 'amount'],
    ['amount', 'job_parts', 'amount'],
    ['amount', 'invoices', 'total'],
    ['amount', 'invoice_lines', 'line_total'],
    ['amount', 'payments', 'amount'],
    ['unitPrice', 'job_parts', 'unit_price'],
    ['unitPrice', 'inventory_items', 'unit_price'],
    ['unitPrice', 'canned_job_parts', 'unit_price'],
    ['laborRate', 'job_labor', 'rate'],
    ['laborRate', 'canned_jobs', 'labor_rate'],
    ['hours', 'job_labor', 'hours'],
    ['hours', 'canned_jobs', 'default_hours'],
    ['jobHours', 'jobs', 'labor_hours'],
    ['quantity', 'job_parts', 'quantity'],
    ['quantity', 'canned_job_parts', 'quantity'],
    ['taxRate', 'taxes', 'rate'],
  ]
  for (const [limit, table, column] of holds) {
    const maximum = columnMaximum(table, column)
    t.ok(
      !new ExactDecimal(moneyLimits[limit]).greaterThan(maximum),
      `${limit} ${moneyLimits[limit]} fits ${table}.${column} (${maximum.toFixed()})`,
    )
  }
})
