// Inventory reservations follow the part line's life (docs/decisions/shop-floor.md "Technicians, canned jobs,
// inventory"): a line of a job that counts (pending or authorized) on an order not yet invoiced holds
// its quantity; declining, deferring or cancelling the job, or cancelling the order, releases it;
// posting the invoice consumes it (on hand and reserved both fall); voiding the invoice puts it back.
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { migrate } from 'postgres-migrations'
import t, { type Test } from 'tap'
import { migrationsDir, runMigrations } from '../../../src/db/migrate.js'
import { withTransaction } from '../../../src/db/pool.js'
import { newPublicId } from '../../../src/lib/ids.js'
import { voidInvoice } from '../../../src/resources/invoices/service.js'
import { addPart, createJob, decideJob } from '../../../src/resources/jobs/service.js'
import { moveRepairOrder } from '../../../src/resources/repair-orders/service.js'
import { createTestShop } from '../../helpers/app.js'
import { createEmptyDatabase, createTestDatabase } from '../../helpers/database.js'
import { post } from '../invoices/fixtures.js'
import {
  addJob,
  createCannedJob,
  createInventoryItem,
  createRepairOrder,
  type RepairOrderFixture,
  staff,
} from '../jobs/fixtures.js'

const { pool } = await createTestDatabase(t)
const shop = await createTestShop(pool)
let itemCounter = 0

async function newItem(onHand = '10'): Promise<string> {
  itemCounter += 1
  return createInventoryItem(pool, shop, {
    partNumber: `BP-${itemCounter}`,
    name: 'Brake pads',
    unitPrice: '59.99',
    unitCost: '30.00',
    onHand,
  })
}

async function stock(item: string): Promise<{ onHand: string; reserved: string }> {
  const { rows } = await pool.query<{ quantity_on_hand: string; quantity_reserved: string }>(
    'select quantity_on_hand, quantity_reserved from inventory_items where public_id = $1::text',
    [item],
  )
  return { onHand: rows[0]?.quantity_on_hand ?? 'missing', reserved: rows[0]?.quantity_reserved ?? 'missing' }
}

async function expectStock(t: Test, item: string, onHand: string, reserved: string, when: string) {
  t.same(await stock(item), { onHand, reserved }, when)
}

/** A job with one part line of `quantity` taken from `item`. */
async function jobWithPart(order: RepairOrderFixture, item: string, quantity: string) {
  return withTransaction(pool, async (tx) => {
    const job = await createJob(tx, staff(shop), order, { name: 'Front brakes' })
    await addPart(tx, staff(shop), job.public_id, { item, quantity })
    return job.public_id
  })
}

const decide = (job: string, decision: string) =>
  withTransaction(pool, (tx) => decideJob(tx, staff(shop), job, decision))
const move = (order: RepairOrderFixture, to: string) =>
  withTransaction(pool, (tx) => moveRepairOrder(tx, staff(shop), order.public_id, to))

async function setState(db: pg.Pool, order: RepairOrderFixture, state: string) {
  // Both states are open: a move between them changes nothing of the stock, only where the order stands.
  await db.query('update repair_orders set state = $2::text where id = $1::uuid', [order.id, state])
}

t.test('declining, deferring and cancelling a job release its parts; taking it back reserves them again', async (t) => {
  const item = await newItem()
  const order = await createRepairOrder(pool, shop)
  const job = await jobWithPart(order, item, '2')
  await expectStock(t, item, '10.000', '2.000', 'a pending job holds its parts')
  await decide(job, 'declined')
  await expectStock(t, item, '10.000', '0.000', 'declined: released')
  await decide(job, 'pending')
  await expectStock(t, item, '10.000', '2.000', 'back to pending: reserved again')
  await decide(job, 'deferred')
  await expectStock(t, item, '10.000', '0.000', 'deferred: released')
  await decide(job, 'authorized')
  await expectStock(t, item, '10.000', '2.000', 'authorized: reserved')
  await decide(job, 'cancelled')
  await expectStock(t, item, '10.000', '0.000', 'cancelled: released')
})

t.test('a part added to a declined job reserves nothing until the job counts again', async (t) => {
  const item = await newItem()
  const order = await createRepairOrder(pool, shop)
  const job = await addJob(pool, shop, order, { name: 'Tires' })
  await decide(job.public_id, 'declined')
  await withTransaction(pool, (tx) => addPart(tx, staff(shop), job.public_id, { item, quantity: '4' }))
  await expectStock(t, item, '10.000', '0.000', 'a declined job holds nothing')
  await decide(job.public_id, 'pending')
  await expectStock(t, item, '10.000', '4.000', 'pending again: its parts are held')
})

t.test('cancelling the order releases every part of it, from canned jobs too', async (t) => {
  const item = await newItem()
  const order = await createRepairOrder(pool, shop)
  await jobWithPart(order, item, '1.5')
  const canned = await createCannedJob(pool, shop, {
    name: 'Brake service',
    hours: '1',
    rate: '100.00',
    itemPublicId: item,
    parts: [{ description: null, quantity: '2', unitPrice: null, unitCost: null }],
  })
  await addJob(pool, shop, order, { canned_job_id: canned })
  await expectStock(t, item, '10.000', '3.500', 'both jobs hold their parts')
  await move(order, 'cancelled')
  await expectStock(t, item, '10.000', '0.000', 'the cancelled order holds nothing')
})

t.test('posting consumes the invoiced parts, voiding puts them back, posting again consumes them', async (t) => {
  const item = await newItem()
  const order = await createRepairOrder(pool, shop)
  const kept = await jobWithPart(order, item, '2')
  const declined = await jobWithPart(order, item, '3')
  await decide(kept, 'authorized')
  await decide(declined, 'declined')
  await expectStock(t, item, '10.000', '2.000', 'only the authorized job holds parts')
  await setState(pool, order, 'ready_for_pickup')
  const invoice = await post(pool, shop, order)
  await expectStock(t, item, '8.000', '0.000', 'posted: taken off hand and out of the reservation')
  await withTransaction(pool, (tx) => voidInvoice(tx, staff(shop), invoice.public_id, { reason: 'Wrong rate' }))
  await expectStock(t, item, '10.000', '2.000', 'voided: back on hand, and reserved for the order again')
  await post(pool, shop, order)
  await expectStock(t, item, '8.000', '0.000', 'posted again: consumed once more, never twice')
})

t.test('stock moves bump the item (version and updated_at) only when a quantity moves', async (t) => {
  const item = await newItem()
  const version = async () =>
    (await pool.query<{ version: number }>('select version from inventory_items where public_id = $1', [item])).rows[0]
      ?.version
  const order = await createRepairOrder(pool, shop)
  const job = await jobWithPart(order, item, '1')
  const reserved = await version()
  const other = await addJob(pool, shop, order, { name: 'Inspection' })
  await decide(other.public_id, 'declined')
  t.equal(await version(), reserved, 'a decision on a job without the item leaves the item alone')
  await decide(job, 'declined')
  t.equal(await version(), (reserved ?? 0) + 1, 'a release is a change of the item')
})

t.test(
  'the migration releases what earlier versions leaked and leaves posted stock as the shop counted it',
  async (t) => {
    // A database as the version before the migration left it: every line from an item reserved its
    // quantity when added, and nothing ever released or consumed it.
    const url = await createEmptyDatabase(t)
    const before = await mkdtemp(path.join(tmpdir(), 'shopapi-migrations-'))
    t.teardown(() => rm(before, { recursive: true, force: true }))
    const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort()
    const stockMigration = files.findIndex((file) => file.endsWith('_part-line-stock.sql'))
    t.ok(stockMigration > 0, 'the migration ships')
    for (const file of files.slice(0, stockMigration))
      await copyFile(path.join(migrationsDir, file), path.join(before, file))
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    t.teardown(() => client.end())
    await migrate({ client }, before, { logger: () => {} })
    const old = new pg.Pool({ connectionString: url, max: 2 })
    t.teardown(() => old.end())
    const oldShop = await createTestShop(old)
    const item = await createInventoryItem(old, oldShop, {
      partNumber: 'OLD-1',
      name: 'Pads',
      unitPrice: '50.00',
      unitCost: null,
    })
    const lines: [orderState: string, decision: string, quantity: string][] = [
      ['estimating', 'pending', '1'],
      ['in_progress', 'authorized', '2'],
      ['estimating', 'declined', '4'],
      ['cancelled', 'pending', '8'],
      ['paid', 'authorized', '16'],
    ]
    for (const [orderState, decision, quantity] of lines) {
      const order = await createRepairOrder(old, oldShop, { state: orderState })
      await old.query(
        `with job as (
         insert into jobs (shop_id, public_id, repair_order_id, name, decision_state)
         values ($1::uuid, $2::text, $3::uuid, 'Brakes', $4::text) returning id)
       insert into job_parts (shop_id, public_id, job_id, inventory_item_id, description, quantity, unit_price, amount)
       select $1::uuid, $5::text, job.id, (select id from inventory_items where public_id = $6::text), 'Pads',
         $7::numeric, 50, 50 * $7::numeric
       from job`,
        [oldShop.id, newPublicId('job'), order.id, decision, newPublicId('part'), item, quantity],
      )
    }
    await old.query(`update inventory_items set quantity_reserved = 31 where public_id = $1::text`, [item])
    await runMigrations(url)
    const { rows } = await old.query<{ quantity_on_hand: string; quantity_reserved: string }>(
      'select quantity_on_hand, quantity_reserved from inventory_items where public_id = $1::text',
      [item],
    )
    t.same(
      rows[0],
      { quantity_on_hand: '10.000', quantity_reserved: '3.000' },
      'only the open orders’ counting jobs hold',
    )
    const states = await old.query<{ stock: string }>('select stock from job_parts order by quantity')
    t.same(
      states.rows.map((row) => row.stock),
      ['reserved', 'reserved', 'none', 'none', 'none'],
      'the paid order’s parts hold nothing: they were never taken off hand, so a void puts nothing back',
    )
  },
)
