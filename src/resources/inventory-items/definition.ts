import type { ResourceDefinition } from '../../platform/resource.js'
import type { InventoryItemListQuery } from './schema.js'

export interface InventoryItemRow {
  shop_id: string
  id: string
  public_id: string
  name: string | null
  brand: string | null
  category: string | null
  part_number: string | null
  location: string | null
  product_family: string
  uom: string
  /** numeric(14,3) as Postgres prints it, e.g. '4.000'. */
  quantity_on_hand: string
  quantity_reserved: string
  active: boolean
  /** numeric(12,2) as text, or null. */
  unit_price: string | null
  unit_cost: string | null
  average_cost: string | null
  tire_size: string | null
  tire_width: number | null
  tire_aspect_ratio: number | null
  /** numeric(4,1) as text, e.g. '17.0'. */
  tire_rim_diameter: string | null
  tire_construction: string | null
  tire_service_type: string | null
  tire_load_index: number | null
  tire_speed_rating: string | null
  version: number
  created_at: Date
  updated_at: Date
}

export type InventoryItemFilters = Omit<InventoryItemListQuery, 'limit' | 'cursor'>

const column = (name: string, type: 'text' | 'integer' | 'numeric' | 'boolean' = 'text') => ({
  sql: `i.${name}`,
  type,
})

export const inventoryItemDefinition: ResourceDefinition<InventoryItemRow, InventoryItemFilters> = {
  objectType: 'inventory_item',
  table: 'inventory_items',
  alias: 'i',
  idKind: 'inventoryItem',
  columns: {
    shop_id: { sql: 'i.shop_id', type: 'uuid' },
    id: { sql: 'i.id', type: 'uuid' },
    public_id: column('public_id'),
    name: column('name'),
    brand: column('brand'),
    category: column('category'),
    part_number: column('part_number'),
    location: column('location'),
    product_family: column('product_family'),
    uom: column('uom'),
    quantity_on_hand: column('quantity_on_hand', 'numeric'),
    quantity_reserved: column('quantity_reserved', 'numeric'),
    active: column('active', 'boolean'),
    unit_price: column('unit_price', 'numeric'),
    unit_cost: column('unit_cost', 'numeric'),
    average_cost: column('average_cost', 'numeric'),
    tire_size: column('tire_size'),
    tire_width: column('tire_width', 'integer'),
    tire_aspect_ratio: column('tire_aspect_ratio', 'integer'),
    tire_rim_diameter: column('tire_rim_diameter', 'numeric'),
    tire_construction: column('tire_construction'),
    tire_service_type: column('tire_service_type'),
    tire_load_index: column('tire_load_index', 'integer'),
    tire_speed_rating: column('tire_speed_rating'),
    version: column('version', 'integer'),
    created_at: { sql: 'i.created_at', type: 'timestamptz' },
    updated_at: { sql: 'i.updated_at', type: 'timestamptz' },
  },
  // Items are written by the shop (`shopapi inventory import`, `inventory adjust`), never by the API.
  writable: {},
  filters: {
    // Empty means "items without a part number" (the spec allows 0 characters); lower() on both sides
    // is what inventory_items_part_number_idx (00006) indexes.
    part_number: (value, { params }) =>
      value === '' ? 'lower(i.part_number) is null' : `lower(i.part_number) = lower(${params.add(value, 'text')})`,
    product_family: (value, { params }) => `i.product_family = ${params.add(value, 'text')}`,
    in_stock: (value) =>
      value ? 'i.quantity_on_hand - i.quantity_reserved > 0' : 'i.quantity_on_hand - i.quantity_reserved <= 0',
    active: (value, { params }) => `i.active = ${params.add(value, 'boolean')}`,
    // The three numbers alone (tireSizeSearchKey): 225/45ZR17 and 225/45R17 94W are the same tires.
    tire_size: (value, { params }) =>
      `i.tire_width = ${params.add(value.width, 'integer')} and i.tire_aspect_ratio = ${params.add(value.aspectRatio, 'integer')}
       and i.tire_rim_diameter = ${params.add(value.rimDiameter, 'numeric')}`,
    tire_width: (value, { params }) => `i.tire_width = ${params.add(value, 'integer')}`,
    tire_aspect_ratio: (value, { params }) => `i.tire_aspect_ratio = ${params.add(value, 'integer')}`,
    tire_rim_diameter: (value, { params }) => `i.tire_rim_diameter = ${params.add(value, 'numeric')}`,
  },
  sorts: ['created_at'],
  // `q`: trigram and bigram indexes (00002, 00005, 00018); the kit builds the condition.
  search: 'search_text',
}
