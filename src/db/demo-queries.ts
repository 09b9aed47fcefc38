import type { Queryable } from './pool.js'

// The reads the demo seed (src/cli/demo/seed.ts) makes around the resource services it writes through:
// finding what an import created, a record's current state, and the counts it reports at the end.

/**
 * Whether any shop already has customers, repair orders or integrations: `serve --demo` fills only an
 * empty database, and never mixes demo records into a shop in use.
 */
export async function databaseHasData(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ filled: boolean }>(
    `select exists (select 1 from customers) or exists (select 1 from repair_orders)
       or exists (select 1 from integrations) as filled`,
  )
  return rows[0]?.filled ?? false
}

/** The public ids of a shop's inventory items with these part numbers. */
export async function inventoryItemIds(
  db: Queryable,
  shopId: string,
  partNumbers: readonly string[],
): Promise<{ public_id: string; part_number: string }[]> {
  const { rows } = await db.query<{ public_id: string; part_number: string }>(
    'select public_id, part_number from inventory_items where shop_id = $1::uuid and part_number = any($2::text[])',
    [shopId, partNumbers],
  )
  return rows
}

/** A shop's canned jobs with these codes, in code order. */
export async function cannedJobsByCode(
  db: Queryable,
  shopId: string,
  codes: readonly string[],
): Promise<{ public_id: string; kind: string }[]> {
  const { rows } = await db.query<{ public_id: string; kind: string }>(
    'select public_id, kind from canned_jobs where shop_id = $1::uuid and code = any($2::text[]) order by code',
    [shopId, codes],
  )
  return rows
}

/** A customer's name and phone, to seed a duplicate of them. */
export async function customerNameAndPhone(
  db: Queryable,
  shopId: string,
  publicId: string,
): Promise<{ first_name: string; last_name: string; phone: string | null } | undefined> {
  const { rows } = await db.query<{ first_name: string; last_name: string; phone: string | null }>(
    'select first_name, last_name, phone from customers where shop_id = $1::uuid and public_id = $2::text',
    [shopId, publicId],
  )
  return rows[0]
}

export async function appointmentStatus(db: Queryable, shopId: string, publicId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(
    'select status from appointments where shop_id = $1::uuid and public_id = $2::text',
    [shopId, publicId],
  )
  return rows[0]?.status
}

/** Up to `limit` of a shop's repair orders still open, oldest number first. */
export async function openRepairOrderIds(
  db: Queryable,
  shopId: string,
  limit: number,
): Promise<{ public_id: string }[]> {
  const { rows } = await db.query<{ public_id: string }>(
    `select public_id from repair_orders where shop_id = $1::uuid and state not in ('closed', 'cancelled')
     order by number_value limit $2::int`,
    [shopId, limit],
  )
  return rows
}

/** How many records of each kind a shop holds. */
export interface ShopRecordCounts {
  customers: number
  fleet_accounts: number
  vehicles: number
  technicians: number
  appointments: number
  repair_orders: number
  jobs: number
  labor_entries: number
  parts: number
  canned_jobs: number
  inventory_items: number
  invoices: number
  credit_notes: number
  payments: number
  tasks: number
  events: number
}

export async function shopRecordCounts(db: Queryable, shopId: string): Promise<ShopRecordCounts> {
  const { rows } = await db.query<ShopRecordCounts>(
    `select
       (select count(*) from customers where shop_id = $1::uuid)::integer as customers,
       (select count(*) from customers where shop_id = $1::uuid and fleet_account)::integer as fleet_accounts,
       (select count(*) from vehicles where shop_id = $1::uuid)::integer as vehicles,
       (select count(*) from technicians where shop_id = $1::uuid)::integer as technicians,
       (select count(*) from appointments where shop_id = $1::uuid)::integer as appointments,
       (select count(*) from repair_orders where shop_id = $1::uuid)::integer as repair_orders,
       (select count(*) from jobs where shop_id = $1::uuid)::integer as jobs,
       (select count(*) from job_labor where shop_id = $1::uuid)::integer as labor_entries,
       (select count(*) from job_parts where shop_id = $1::uuid)::integer as parts,
       (select count(*) from canned_jobs where shop_id = $1::uuid)::integer as canned_jobs,
       (select count(*) from inventory_items where shop_id = $1::uuid)::integer as inventory_items,
       (select count(*) from invoices where shop_id = $1::uuid and doc_type = 'invoice')::integer as invoices,
       (select count(*) from invoices where shop_id = $1::uuid and doc_type = 'credit_note')::integer as credit_notes,
       (select count(*) from payments where shop_id = $1::uuid)::integer as payments,
       (select count(*) from tasks where shop_id = $1::uuid)::integer as tasks,
       (select count(*) from events where shop_id = $1::uuid)::integer as events`,
    [shopId],
  )
  return rows[0] as ShopRecordCounts
}
