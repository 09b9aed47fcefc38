import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { DecimalInputError, parseDecimalInput } from '../../lib/money.js'
import type { Actor } from '../../platform/events.js'
import { applyChanges, recordReaders } from '../../platform/resource.js'
import { type InventoryItemRow, inventoryItemDefinition } from './definition.js'

export type { InventoryItemRow }

export const { get: getInventoryItem, list: listInventoryItems } = recordReaders(inventoryItemDefinition)

/** Reads `--on-hand`: a decimal of at least 0 with at most 3 places, as the column keeps it. */
export function parseOnHand(value: string): string {
  try {
    return parseDecimalInput(value.trim(), { maxScale: 3, maxIntegerDigits: 11 }).toFixed(3)
  } catch (error) {
    if (!(error instanceof DecimalInputError)) throw error
    throw new ApiError('invalid_request', `--on-hand ${error.message}`, { param: 'on-hand' })
  }
}

/**
 * Sets the quantity on hand of an item (a count after a stocktake). A change moves version and
 * updated_at; setting the quantity it already has changes nothing, as an unchanged import row.
 */
export async function adjustQuantityOnHand(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  onHand: string,
): Promise<{ item: InventoryItemRow; changed: boolean }> {
  const item = await getInventoryItem(tx, actor, publicId, { forUpdate: true, param: 'id' })
  if (item.quantity_on_hand === onHand) return { item, changed: false }
  await applyChanges(tx, 'inventory_items', item, {
    quantity_on_hand: { field: 'quantity_on_hand', value: onHand, type: 'numeric' },
  })
  return { item: await getInventoryItem(tx, actor, publicId), changed: true }
}
