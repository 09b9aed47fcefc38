// Shop-floor records for job tests, written with SQL: the repair-order, technician, canned-job and
// inventory resources are other helpers' work, and the jobs tests must not depend on their API.
import type pg from 'pg'
import { withTransaction } from '../../../src/db/pool.js'
import { newPublicId } from '../../../src/lib/ids.js'
import type { Actor } from '../../../src/platform/events.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import type { JobCreate } from '../../../src/resources/jobs/schema.js'
import { createJob, type JobRow } from '../../../src/resources/jobs/service.js'

export interface RepairOrderFixture {
  id: string
  public_id: string
}

export const staff = (shop: ShopRow): Actor => ({ shopId: shop.id, integrationId: null })

/**
 * The shop's one tax, "Sales tax" on labor, parts and fees, at `rate` as a fraction ("0.0825" for
 * 8.25 %), as the single shop rate of earlier versions was set.
 */
export async function setTaxRate(pool: pg.Pool, shop: ShopRow, rate: string): Promise<void> {
  await pool.query(
    `insert into taxes (shop_id, name, rate, applies_to) values ($1::uuid, 'Sales tax', $2::numeric * 100, array['labor', 'parts', 'fees'])
     on conflict (shop_id, lower(name)) do update set rate = excluded.rate`,
    [shop.id, rate],
  )
}

/** A customer, a vehicle and a repair order of `shop` (the number is the shop's next). */
export async function createRepairOrder(
  pool: pg.Pool,
  shop: ShopRow,
  options: { taxExempt?: boolean; state?: string } = {},
): Promise<RepairOrderFixture> {
  const { rows } = await pool.query<RepairOrderFixture>(
    `with customer as (
       insert into customers (shop_id, public_id, first_name, last_name) values ($1::uuid, $2::text, 'Ada', 'Lovelace')
       returning id),
     vehicle as (
       insert into vehicles (shop_id, public_id, customer_id) select $1::uuid, $3::text, id from customer returning id, customer_id)
     insert into repair_orders (shop_id, public_id, number_value, customer_id, vehicle_id, tax_exempt, state)
     select $1::uuid, $4::text,
       (select coalesce(max(number_value), 1000) + 1 from repair_orders where shop_id = $1::uuid),
       vehicle.customer_id, vehicle.id, $5::boolean, $6::text
     from vehicle
     returning id, public_id`,
    [
      shop.id,
      newPublicId('customer'),
      newPublicId('vehicle'),
      newPublicId('repairOrder'),
      options.taxExempt ?? false,
      options.state ?? 'estimating',
    ],
  )
  return rows[0] as RepairOrderFixture
}

export function addJob(
  pool: pg.Pool,
  shop: ShopRow,
  repairOrder: RepairOrderFixture,
  input: JobCreate,
): Promise<JobRow> {
  return withTransaction(pool, (tx) => createJob(tx, staff(shop), repairOrder, input))
}

export async function createTechnician(pool: pg.Pool, shop: ShopRow, name = 'Grace', active = true) {
  const publicId = newPublicId('technician')
  await pool.query(
    'insert into technicians (shop_id, public_id, name, active) values ($1::uuid, $2::text, $3::text, $4::boolean)',
    [shop.id, publicId, name, active],
  )
  return publicId
}

export async function createInventoryItem(
  pool: pg.Pool,
  shop: ShopRow,
  item: { partNumber: string; name: string; unitPrice: string | null; unitCost: string | null; onHand?: string },
) {
  const publicId = newPublicId('inventoryItem')
  await pool.query(
    `insert into inventory_items (shop_id, public_id, part_number, name, unit_price, unit_cost, quantity_on_hand)
     values ($1::uuid, $2::text, $3::text, $4::text, $5::numeric, $6::numeric, $7::numeric)`,
    [shop.id, publicId, item.partNumber, item.name, item.unitPrice, item.unitCost, item.onHand ?? '10'],
  )
  return publicId
}

export async function quantityReserved(pool: pg.Pool, itemPublicId: string): Promise<string> {
  const { rows } = await pool.query<{ quantity_reserved: string }>(
    'select quantity_reserved from inventory_items where public_id = $1::text',
    [itemPublicId],
  )
  return rows[0]?.quantity_reserved ?? 'missing'
}

/** A canned job with labor (hours × rate) and parts, the first taken from `itemPublicId`. */
export async function createCannedJob(
  pool: pg.Pool,
  shop: ShopRow,
  canned: {
    name: string
    hours: string | null
    rate: string | null
    taxable?: boolean
    itemPublicId?: string
    parts: { description: string | null; quantity: string; unitPrice: string | null; unitCost: string | null }[]
  },
) {
  const publicId = newPublicId('cannedJob')
  const { rows } = await pool.query<{ id: string }>(
    `insert into canned_jobs (shop_id, public_id, code, name, default_hours, labor_rate, taxable)
     values ($1::uuid, $2::text, $2::text, $3::text, $4::numeric, $5::numeric, $6::boolean) returning id`,
    [shop.id, publicId, canned.name, canned.hours, canned.rate, canned.taxable ?? true],
  )
  const cannedId = rows[0]?.id
  for (const [position, part] of canned.parts.entries()) {
    await pool.query(
      `insert into canned_job_parts (shop_id, canned_job_id, position, inventory_item_id, description, quantity,
         unit_price, unit_cost)
       values ($1::uuid, $2::uuid, $3::integer,
         (select id from inventory_items where shop_id = $1::uuid and public_id = $4::text),
         $5::text, $6::numeric, $7::numeric, $8::numeric)`,
      [
        shop.id,
        cannedId,
        position,
        position === 0 ? (canned.itemPublicId ?? null) : null,
        part.description,
        part.quantity,
        part.unitPrice,
        part.unitCost,
      ],
    )
  }
  return publicId
}

export async function repairOrderTotals(pool: pg.Pool, repairOrder: RepairOrderFixture) {
  const { rows } = await pool.query<Record<string, string>>(
    `select labor_total, parts_total, fees_total, discounts_total, subtotal, tax_total, total
     from repair_orders where id = $1::uuid`,
    [repairOrder.id],
  )
  return rows[0] as Record<string, string>
}
