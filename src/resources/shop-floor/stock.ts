import type { Decimal } from 'decimal.js'
import type { Queryable } from '../../db/pool.js'
import { ExactDecimal } from '../../lib/money.js'
import { countingDecisionStates, isSettled } from './states.js'

// What the part lines of a repair order hold of the inventory (migration 00018, docs/decisions/shop-floor.md
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

type LineStock = 'none' | 'reserved' | 'consumed'

interface Line {
  id: string
  item_id: string
  quantity: string
  stock: LineStock
  decision_state: string
}

function nextStock(move: StockMove, line: Line, orderOpen: boolean): LineStock {
  if (move === 'consume') return line.decision_state === 'authorized' ? 'consumed' : line.stock
  if (move === 'restore') return line.stock === 'consumed' ? 'none' : line.stock
  if (line.stock === 'consumed') return line.stock
  return orderOpen && (countingDecisionStates as readonly string[]).includes(line.decision_state) ? 'reserved' : 'none'
}

/**
 * Moves the stock of the repair order's part lines (`move`) and the quantities of their items. The
 * caller holds the order's lock (the first lock of every change to it); items are locked after it, in
 * id order, as every change of stock takes them, so two changes cannot deadlock. Each statement reads
 * by an index with its keys given (the order's jobs, then their lines by job id): plans that do not
 * depend on fresh statistics (joined in one statement, an unanalyzed order of 300 jobs was planned as
 * a loop over every line of the shop for each job).
 */
export async function moveStock(tx: Queryable, shopId: string, repairOrderId: string, move: StockMove): Promise<void> {
  const jobs = await tx.query<{ id: string; decision_state: string; order_state: string }>(
    `select j.id, j.decision_state,
       (select ro.state from repair_orders ro where ro.shop_id = $1::uuid and ro.id = $2::uuid) as order_state
     from jobs j where j.shop_id = $1::uuid and j.repair_order_id = $2::uuid`,
    [shopId, repairOrderId],
  )
  if (jobs.rows.length === 0) return
  const decisions = new Map(jobs.rows.map((job) => [job.id, job.decision_state]))
  const orderOpen = !isSettled(jobs.rows[0]?.order_state ?? '')
  const parts = await tx.query<Omit<Line, 'decision_state'> & { job_id: string }>(
    `select id, job_id, inventory_item_id as item_id, quantity::text as quantity, stock from job_parts
     where shop_id = $1::uuid and job_id = any($2::uuid[]) and inventory_item_id is not null`,
    [shopId, [...decisions.keys()]],
  )
  const moved: { id: string; stock: LineStock }[] = []
  const deltas = new Map<string, { reserved: Decimal; onHand: Decimal }>()
  for (const part of parts.rows) {
    const line = { ...part, decision_state: decisions.get(part.job_id) ?? '' }
    const next = nextStock(move, line, orderOpen)
    if (next === line.stock) continue
    moved.push({ id: line.id, stock: next })
    const quantity = new ExactDecimal(line.quantity)
    const delta = deltas.get(line.item_id) ?? { reserved: new ExactDecimal(0), onHand: new ExactDecimal(0) }
    if (next === 'reserved') delta.reserved = delta.reserved.plus(quantity)
    if (line.stock === 'reserved') delta.reserved = delta.reserved.minus(quantity)
    if (line.stock === 'consumed') delta.onHand = delta.onHand.plus(quantity)
    if (next === 'consumed') delta.onHand = delta.onHand.minus(quantity)
    deltas.set(line.item_id, delta)
  }
  if (moved.length === 0) return
  await tx.query(
    `update job_parts p set stock = u.stock from unnest($2::uuid[], $3::text[]) as u(id, stock)
     where p.shop_id = $1::uuid and p.id = u.id`,
    [shopId, moved.map((line) => line.id), moved.map((line) => line.stock)],
  )
  const changed = [...deltas].filter(([, delta]) => !delta.reserved.isZero() || !delta.onHand.isZero())
  if (changed.length === 0) return
  const ids = changed.map(([id]) => id).sort()
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
    [
      shopId,
      changed.map(([id]) => id),
      changed.map(([, delta]) => delta.reserved.toFixed()),
      changed.map(([, delta]) => delta.onHand.toFixed()),
    ],
  )
}
