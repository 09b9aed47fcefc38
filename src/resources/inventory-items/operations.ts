import { ExactDecimal, formatMoney, formatQuantity } from '../../lib/money.js'
import { pageRequest } from '../../platform/list-request.js'
import type { Money } from '../../platform/money-schemas.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import {
  type InventoryItem,
  InventoryItemListQuerySchema,
  InventoryItemListSchema,
  InventoryItemSchema,
  type TireAttributes,
} from './schema.js'
import { getInventoryItem, type InventoryItemRow, listInventoryItems } from './service.js'

const money = (amount: string | null, currency: string): Money | null =>
  amount === null ? null : { amount: formatMoney(new ExactDecimal(amount)), currency }

function tireOf(row: InventoryItemRow): TireAttributes | null {
  if (row.tire_size === null || row.tire_width === null || row.tire_aspect_ratio === null) return null
  return {
    size: row.tire_size,
    width: row.tire_width,
    aspect_ratio: row.tire_aspect_ratio,
    rim_diameter: Number(row.tire_rim_diameter),
    construction: row.tire_construction ?? 'R',
    service_type: row.tire_service_type,
    load_index: row.tire_load_index,
    speed_rating: row.tire_speed_rating,
  }
}

/** The public item, cost included: the runner redacts it for keys without inventory.cost.read. */
export function toInventoryItemResource(row: InventoryItemRow, currency: string): InventoryItem {
  const onHand = new ExactDecimal(row.quantity_on_hand)
  const reserved = new ExactDecimal(row.quantity_reserved)
  return {
    id: row.public_id,
    object: 'inventory_item',
    name: row.name,
    brand: row.brand,
    category: row.category,
    part_number: row.part_number,
    location: row.location,
    product_family: row.product_family,
    uom: row.uom,
    quantity_on_hand: formatQuantity(onHand),
    quantity_available: formatQuantity(onHand.minus(reserved)),
    quantity_reserved: formatQuantity(reserved),
    active: row.active,
    pricing: {
      currency,
      unit_price: row.unit_price === null ? null : formatMoney(new ExactDecimal(row.unit_price)),
    },
    cost: {
      currency,
      unit_cost: money(row.unit_cost, currency),
      average_cost: money(row.average_cost, currency),
    },
    tire: tireOf(row),
    redacted_fields: [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

const tag = 'Inventory items'

export const inventoryItemOperations = [
  defineOperation({
    method: 'GET',
    path: '/inventory-items',
    operationId: 'listInventoryItems',
    summary: 'List inventory items',
    description:
      'Newest first. Filters combine with AND. `tire_size` matches width, aspect ratio and rim diameter (225/45ZR17 finds 225/45R17 94W). `cost` needs `inventory.cost.read` (else null, listed in `redacted_fields`).',
    tag,
    scopes: ['inventory.read'],
    query: InventoryItemListQuerySchema,
    success: { status: 200, description: 'A page of inventory items', schema: InventoryItemListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listInventoryItems', auth, query)
      const { limit: _limit, cursor: _cursor, ...filters } = query
      const page = await listInventoryItems(db, actor, filters, list.page)
      return list.envelope(page, (row) => toInventoryItemResource(row, auth.shop.currency))
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/inventory-items/{public_id}',
    operationId: 'getInventoryItem',
    summary: 'Get an inventory item',
    description: '`cost` needs `inventory.cost.read` (else null, listed in `redacted_fields`).',
    tag,
    scopes: ['inventory.read'],
    params: publicIdParams('inventoryItem'),
    success: { status: 200, description: 'The inventory item', schema: InventoryItemSchema },
    handler: async ({ params, auth, db, actor }) =>
      toInventoryItemResource(await getInventoryItem(db, actor, params.public_id), auth.shop.currency),
  }),
]
