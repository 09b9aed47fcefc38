// Repair orders ready to invoice, built with the jobs services (as `shopapi jobs ...` builds them) on
// an order made by the jobs fixtures; the ledger is then driven by its own services.
import type pg from 'pg'
import { withTransaction } from '../../../src/db/pool.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import { postInvoice } from '../../../src/resources/invoices/service.js'
import { addLabor, addPart, createJob, decideJob } from '../../../src/resources/jobs/service.js'
import { createRepairOrder, type RepairOrderFixture, staff } from '../jobs/fixtures.js'

export { staff }

export interface JobSpec {
  name?: string
  kind?: 'service' | 'fee' | 'discount' | 'no_charge'
  amount?: string
  taxable?: boolean
  labor?: { hours: string; rate: string; description?: string }[]
  parts?: { quantity: string; price: string; description: string }[]
  /** Default authorized. */
  decision?: 'authorized' | 'pending' | 'declined'
}

export async function setTax(pool: pg.Pool, shop: ShopRow, name: string, rate: string, appliesTo = 'labor,parts,fees') {
  await pool.query(
    `insert into taxes (shop_id, name, rate, applies_to) values ($1::uuid, $2::text, $3::numeric, string_to_array($4::text, ','))
     on conflict (shop_id, lower(name)) do update set rate = excluded.rate, applies_to = excluded.applies_to`,
    [shop.id, name, rate, appliesTo],
  )
}

/** An order of `shop` with these jobs, decided, and moved to ready_for_pickup. Returns it and its job ids. */
export async function readyOrder(
  pool: pg.Pool,
  shop: ShopRow,
  jobs: JobSpec[],
  options: { taxExempt?: boolean; state?: string } = {},
): Promise<RepairOrderFixture & { jobIds: string[] }> {
  const order = await createRepairOrder(pool, shop, { taxExempt: options.taxExempt ?? false })
  const actor = staff(shop)
  const jobIds: string[] = []
  for (const [index, spec] of jobs.entries()) {
    await withTransaction(pool, async (tx) => {
      const job = await createJob(tx, actor, order, {
        name: spec.name ?? `Job ${index + 1}`,
        kind: spec.kind ?? 'service',
        ...(spec.amount === undefined ? {} : { amount: spec.amount }),
        ...(spec.taxable === undefined ? {} : { taxable: spec.taxable }),
      })
      for (const labor of spec.labor ?? []) {
        await addLabor(tx, actor, job.public_id, {
          hours: labor.hours,
          rate: labor.rate,
          description: labor.description,
        })
      }
      for (const part of spec.parts ?? []) {
        await addPart(tx, actor, job.public_id, {
          quantity: part.quantity,
          price: part.price,
          description: part.description,
        })
      }
      const decision = spec.decision ?? 'authorized'
      if (decision !== 'pending') await decideJob(tx, actor, job.public_id, decision)
      jobIds.push(job.public_id)
    })
  }
  await pool.query('update repair_orders set state = $2::text where id = $1::uuid', [
    order.id,
    options.state ?? 'ready_for_pickup',
  ])
  return { ...order, jobIds }
}

export function post(pool: pg.Pool, shop: ShopRow, order: { public_id: string }, at?: Date) {
  return withTransaction(pool, (tx) => postInvoice(tx, staff(shop), order.public_id, at ? { at } : {}))
}

/** A brake job (1.5 h at 120.00, pads at 59.99) and shop supplies (12.50): 252.49 before tax. */
export const brakeJob: JobSpec[] = [
  {
    name: 'Front brakes',
    labor: [{ hours: '1.5', rate: '120.00', description: 'Replace front pads' }],
    parts: [{ quantity: '1', price: '59.99', description: 'Brake pads' }],
  },
  { name: 'Shop supplies', kind: 'fee', amount: '12.50' },
]
