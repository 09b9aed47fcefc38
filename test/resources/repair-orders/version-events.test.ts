// Every change of a repair order's version is told to integrations in the same transaction
// (docs/decisions/shop-floor.md "Repair orders"): a move of state records repair_order.status_changed, every other
// change repair_order.updated. Repricing (a job, a line, a decision, a tax, the exemption) moves the
// totals, the version and updated_at, so it records repair_order.updated with changed_fields
// ["pricing"]. Each path below counts the version's steps against the order's events.
import t, { type Test } from 'tap'
import { type Queryable, withTransaction } from '../../../src/db/pool.js'
import type { Actor } from '../../../src/platform/events.js'
import { postInvoice, voidInvoice } from '../../../src/resources/invoices/service.js'
import { addLabor, addPart, createJob, decideJob } from '../../../src/resources/jobs/service.js'
import { updateRepairOrder } from '../../../src/resources/repair-orders/service.js'
import { removeTax, setTax } from '../../../src/resources/taxes/service.js'
import { createTestShop } from '../../helpers/app.js'
import { createTestDatabase } from '../../helpers/database.js'
import { createInventoryItem, createRepairOrder, type RepairOrderFixture, staff } from '../jobs/fixtures.js'

const { pool } = await createTestDatabase(t)
const shop = await createTestShop(pool)
const actor: Actor = staff(shop)

interface OrderEvent {
  type: string
  summary: Record<string, unknown>
}

async function snapshot(order: RepairOrderFixture) {
  const { rows } = await pool.query<{ version: number; updated_at: Date; total: string }>(
    'select version, updated_at, total from repair_orders where id = $1::uuid',
    [order.id],
  )
  const events = await pool.query<OrderEvent>(
    `select type, summary from events where object_id = $1::text and type like 'repair_order.%' order by created_at, id`,
    [order.public_id],
  )
  return { ...(rows[0] as { version: number; updated_at: Date; total: string }), events: events.rows }
}

/**
 * Runs `change` in one transaction and checks that every step of the order's version came with one
 * event of the order, committed with it. Returns the events it recorded.
 */
async function step(
  t: Test,
  order: RepairOrderFixture,
  what: string,
  change: (tx: Queryable) => Promise<unknown>,
): Promise<OrderEvent[]> {
  const before = await snapshot(order)
  await withTransaction(pool, change)
  const after = await snapshot(order)
  const recorded = after.events.slice(before.events.length)
  t.equal(
    recorded.length,
    after.version - before.version,
    `${what}: ${after.version - before.version} version step(s), as many events (${recorded.map((e) => e.type).join(', ') || 'none'})`,
  )
  if (after.total !== before.total) t.ok(after.version > before.version, `${what}: the total moved, so did the version`)
  return recorded
}

t.test('jobs, lines and decisions reprice the order and record repair_order.updated', async (t) => {
  const order = await createRepairOrder(pool, shop)
  const item = await createInventoryItem(pool, shop, {
    partNumber: 'P-1',
    name: 'Pads',
    unitPrice: '40.00',
    unitCost: null,
  })
  let jobId = ''
  const added = await step(t, order, 'a fee job', async (tx) => {
    jobId = (await createJob(tx, actor, order, { name: 'Supplies', kind: 'fee', amount: '12.50' })).public_id
  })
  t.match(added, [
    { type: 'repair_order.updated', summary: { changed_fields: ['pricing'], number: String, state: 'estimating' } },
  ])
  t.notOk('total' in (added[0]?.summary ?? {}), 'no pricing in the summary')
  let serviceJob = ''
  await step(t, order, 'an empty service job changes no total', async (tx) => {
    serviceJob = (await createJob(tx, actor, order, { name: 'Brakes' })).public_id
  })
  await step(t, order, 'labor', (tx) => addLabor(tx, actor, serviceJob, { hours: '1.5', rate: '100.00' }))
  await step(t, order, 'a part', (tx) => addPart(tx, actor, serviceJob, { item, quantity: '2' }))
  await step(t, order, 'declined', (tx) => decideJob(tx, actor, jobId, 'declined'))
  await step(t, order, 'pending again', (tx) => decideJob(tx, actor, jobId, 'pending'))
  const events = (await snapshot(order)).events
  t.ok(events.filter((event) => event.type === 'repair_order.updated').length >= 5, 'every repricing was told')
})

t.test('a tax change and the exemption reprice every open order with its event', async (t) => {
  const order = await createRepairOrder(pool, shop)
  await withTransaction(pool, (tx) => createJob(tx, actor, order, { name: 'Supplies', kind: 'fee', amount: '100.00' }))
  const taxed = await step(t, order, 'taxes set', (tx) => setTax(tx, actor, { name: 'Sales tax', rate: '8.25' }))
  t.match(taxed, [{ type: 'repair_order.updated', summary: { changed_fields: ['pricing'] } }])
  await step(t, order, 'tax-exempt', async (tx) => {
    const { rows } = await tx.query<{ public_id: string }>('select public_id from repair_orders where id = $1', [
      order.id,
    ])
    await updateRepairOrder(tx, actor, rows[0]?.public_id as string, { tax_exempt: true })
  })
  await step(t, order, 'not exempt again', (tx) => updateRepairOrder(tx, actor, order.public_id, { tax_exempt: false }))
  await step(t, order, 'taxes remove', (tx) => removeTax(tx, actor, 'Sales tax'))
})

t.test('posting and voiding: state moves record status_changed, repricing updated', async (t) => {
  const order = await createRepairOrder(pool, shop)
  const job = await withTransaction(pool, (tx) =>
    createJob(tx, actor, order, { name: 'Supplies', kind: 'fee', amount: '30.00' }),
  )
  await withTransaction(pool, (tx) => decideJob(tx, actor, job.public_id, 'authorized'))
  await pool.query(`update repair_orders set state = 'ready_for_pickup' where id = $1::uuid`, [order.id])
  // A tax set behind the service's back: posting reprices the order, so the total moves as it posts.
  await pool.query(`insert into taxes (shop_id, name, rate, applies_to) values ($1::uuid, 'Levy', 10, array['fees'])`, [
    shop.id,
  ])
  let invoice = ''
  const posted = await step(t, order, 'post', async (tx) => {
    invoice = (await postInvoice(tx, actor, order.public_id)).public_id
  })
  t.same(
    posted.map((event) => event.type).sort(),
    ['repair_order.status_changed', 'repair_order.updated'],
    'repriced, and invoiced',
  )
  await step(t, order, 'void', (tx) => voidInvoice(tx, actor, invoice, { reason: 'Wrong customer' }))
})
