// What task tests need around them: an app, a shop with a key, technicians made the way the shop makes
// them (the staff service), and the records a task can be about, written with SQL so these tests do not
// depend on the other resources' APIs.
import type pg from 'pg'
import { withTransaction } from '../../../src/db/pool.js'
import { newPublicId } from '../../../src/lib/ids.js'
import type { Scope } from '../../../src/lib/scopes.js'
import type { Actor } from '../../../src/platform/events.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import type { Task } from '../../../src/resources/tasks/schema.js'
import { createTechnician, deactivateTechnician } from '../../../src/resources/technicians/service.js'
import { createTestKey, createTestShop, type TestApp } from '../../helpers/app.js'
import { jsonClient, type Reply } from '../../helpers/http.js'

export interface TaskList {
  object: 'list'
  data: Task[]
  has_more: boolean
  next_cursor: string | null
}

export interface EventJson {
  id: string
  type: string
  data: { object_type: string; object_id: string; summary: Record<string, unknown> }
}

export const taskScopes: Scope[] = ['tasks.read', 'tasks.write', 'external_refs.write']

export const staff = (shop: ShopRow): Actor => ({ shopId: shop.id, integrationId: null })

export async function setUp(api: TestApp, scopes: Scope[] = taskScopes) {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, scopes)
  return { shop, key }
}

/** One request; writes carry a fresh Idempotency-Key unless one (or null, for none) is given. */
export function call<T = Task>(
  api: TestApp,
  method: string,
  path: string,
  key: string,
  body?: unknown,
  idempotencyKey?: string | null,
): Promise<Reply<T>> {
  return jsonClient(api)<T>(method, path, key, { body, idempotencyKey })
}

export async function createTask(api: TestApp, key: string, body: Record<string, unknown>): Promise<Task> {
  const reply = await call(api, 'POST', '/tasks', key, body)
  if (reply.status !== 201) throw new Error(`task not created: ${reply.status} ${reply.text}`)
  return reply.body
}

export async function addTechnician(pool: pg.Pool, shop: ShopRow, name: string, active = true): Promise<string> {
  return withTransaction(pool, async (tx) => {
    const row = await createTechnician(tx, staff(shop), { name })
    if (!active) await deactivateTechnician(tx, staff(shop), row.public_id)
    return row.public_id
  })
}

/** A customer, their vehicle and a repair order for it, as public ids. */
export async function addCustomerVehicleOrder(pool: pg.Pool, shop: ShopRow) {
  const ids = {
    customerId: newPublicId('customer'),
    vehicleId: newPublicId('vehicle'),
    repairOrderId: newPublicId('repairOrder'),
  }
  await pool.query(
    `with customer as (
       insert into customers (shop_id, public_id, first_name, last_name) values ($1::uuid, $2::text, 'Ada', 'Lovelace')
       returning id),
     vehicle as (
       insert into vehicles (shop_id, public_id, customer_id) select $1::uuid, $3::text, id from customer
       returning id, customer_id)
     insert into repair_orders (shop_id, public_id, number_value, customer_id, vehicle_id, state)
     select $1::uuid, $4::text,
       (select coalesce(max(number_value), 1000) + 1 from repair_orders where shop_id = $1::uuid),
       vehicle.customer_id, vehicle.id, 'in_progress'
     from vehicle`,
    [shop.id, ids.customerId, ids.vehicleId, ids.repairOrderId],
  )
  return ids
}

/** Marks `from` merged into `into` (same table), as `shopapi customers merge` leaves it. */
export async function markMerged(pool: pg.Pool, table: 'customers' | 'vehicles', from: string, into: string) {
  await pool.query(
    `update ${table} set archived_at = now(), merged_into_id = (select id from ${table} where public_id = $2::text)
     where public_id = $1::text`,
    [from, into],
  )
}

/** The task events GET /events shows this key, oldest first. */
export async function taskEvents(api: TestApp, key: string, taskId: string): Promise<EventJson[]> {
  const reply = await call<{ data: EventJson[] }>(api, 'GET', '/events?limit=200', key)
  if (reply.status !== 200) throw new Error(`events not listed: ${reply.status} ${reply.text}`)
  return reply.body.data.filter((event) => event.data.object_id === taskId).reverse()
}
