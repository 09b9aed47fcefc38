import type { Queryable } from '../../db/pool.js'
import { countingDecisionStates } from '../jobs/workflow.js'
import { settledStates } from '../repair-orders/workflow.js'

// What the part lines of a repair order hold of the inventory (migration 00018, docs/decisions.md
// "Technicians, canned jobs, inventory"). Each line taken from an item is `none`, `reserved` (its
// quantity is in the item's quantity_reserved) or `consumed` (taken off quantity_on_hand by the posted
// invoice). A move sets the lines' new state and applies the exact difference to their items, so
// running one twice changes nothing the second time.

/**
 * - `follow`: every line not consumed holds a reservation when its job counts (pending or authorized)
 *   and its order is open (not invoiced, paid, picked up, closed or cancelled), else nothing. Run after
 *   every change of a line, a job's decision or the order's state.
 * - `consume`: posting the invoice takes the lines of its authorized jobs off hand (out of the
 *   reservation too).
 * - `restore`: voiding the invoice puts consumed lines back on hand; the order's move back to
 *   ready_for_pickup then reserves them again (`follow`).
 */
export type StockMove = 'follow' | 'consume' | 'restore'

const nextState: Record<StockMove, string> = {
  follow: `case when p.stock = 'consumed' then p.stock
    when ro.state <> all($3::text[]) and j.decision_state = any($4::text[]) then 'reserved' else 'none' end`,
  consume: `case when j.decision_state = 'authorized' then 'consumed' else p.stock end`,
  restore: `case when p.stock = 'consumed' then 'none' else p.stock end`,
}

/**
 * Moves the stock of the repair order's part lines (`move`) and the quantities of their items. The
 * caller holds the order's lock (the first lock of every change to it); items are locked after it, in
 * id order, as every change of stock takes them, so two changes cannot deadlock.
 */
export async function moveStock(tx: Queryable, shopId: string, repairOrderId: string, move: StockMove): Promise<void> {
  const { rows } = await tx.query<{ item_id: string; reserved: string; on_hand: string }>(
    `with lines as (
       select p.id, p.stock, ${nextState[move]} as next
       from job_parts p
         join jobs j on j.shop_id = p.shop_id and j.id = p.job_id
         join repair_orders ro on ro.shop_id = j.shop_id and ro.id = j.repair_order_id
       where j.shop_id = $1::uuid and j.repair_order_id = $2::uuid and p.inventory_item_id is not null),
     moved as (
       update job_parts p set stock = lines.next from lines
       where p.shop_id = $1::uuid and p.id = lines.id and lines.next <> lines.stock
       returning p.inventory_item_id, p.quantity, lines.stock as previous, lines.next)
     select inventory_item_id as item_id,
       sum(case when next = 'reserved' then quantity when previous = 'reserved' then -quantity else 0 end)::text
         as reserved,
       sum(case when previous = 'consumed' then quantity when next = 'consumed' then -quantity else 0 end)::text
         as on_hand
     from moved group by inventory_item_id order by inventory_item_id`,
    move === 'follow' ? [shopId, repairOrderId, settledStates, countingDecisionStates] : [shopId, repairOrderId],
  )
  const changed = rows.filter((row) => Number(row.reserved) !== 0 || Number(row.on_hand) !== 0)
  if (changed.length === 0) return
  const ids = changed.map((row) => row.item_id)
  await tx.query(
    'select 1 from inventory_items where shop_id = $1::uuid and id = any($2::uuid[]) order by id for update',
    [shopId, ids],
  )
  await tx.query(
    `update inventory_items i set quantity_reserved = i.quantity_reserved + d.reserved,
       quantity_on_hand = i.quantity_on_hand + d.on_hand, version = i.version + 1,
       updated_at = date_trunc('milliseconds', now())
     from unnest($2::uuid[], $3::numeric[], $4::numeric[]) as d(id, reserved, on_hand)
     where i.shop_id = $1::uuid and i.id = d.id`,
    [shopId, ids, changed.map((row) => row.reserved), changed.map((row) => row.on_hand)],
  )
}
