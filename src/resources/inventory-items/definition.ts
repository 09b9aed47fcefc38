import { z } from 'zod'
import { ExactDecimal, formatMoney, formatQuantity } from '../../lib/money.js'
import { defineResource, filter, type ResourceFilters, type ResourceRow, searchFilter } from '../../platform/fields.js'
import { CostSchema, type Money } from '../../platform/money-schemas.js'
import { redactable } from '../../platform/redaction.js'
import { queryBoolean, textInput } from '../../platform/schemas.js'
import {
  InventoryItemPricingSchema,
  integerParam,
  productFamilies,
  rimDiameterParam,
  TireAttributesSchema,
  tireSizeParam,
} from './schema.js'

const quantity = (description: string) =>
  z.string().meta({ description: `${description}: a decimal string, up to 3 decimal places`, example: '4' })
const nullableString = (description?: string) =>
  z
    .string()
    .nullable()
    .meta(description ? { description } : {})
const text = <D extends string | undefined>(description?: D) =>
  ({ type: 'text', nullable: true, response: nullableString(description) }) as const
const money = (amount: string | null, currency: string): Money | null =>
  amount === null ? null : { amount: formatMoney(new ExactDecimal(amount)), currency }
const onHand = (row: { quantity_on_hand: string; quantity_reserved: string }) =>
  new ExactDecimal(row.quantity_on_hand).minus(new ExactDecimal(row.quantity_reserved))

// Items are written by the shop (`shopapi import inventory`, `inventory adjust`), never by the API;
// the cost is redacted by the runner for keys without inventory.cost.read.
export const inventoryItemDefinition = defineResource({
  objectType: 'inventory_item',
  table: 'inventory_items',
  alias: 'i',
  idKind: 'inventoryItem',
  schemaId: 'InventoryItem',
  showsVersion: false,
  sortable: false,
  fields: {
    name: text(),
    brand: text(),
    category: text(),
    part_number: text('The shop’s part number; the key of `shopapi inventory import`'),
    location: text('Where the item is kept (bin, shelf)'),
    product_family: {
      type: 'text',
      response: z
        .string()
        .meta({ description: 'part, tire, battery or fluid_supply; other strings may appear', example: 'tire' }),
    },
    uom: { type: 'text', response: z.string().meta({ description: 'Unit of measure', example: 'each' }) },
    /** numeric(14,3) as Postgres prints it, e.g. '4.000'. */
    quantity_on_hand: { type: 'numeric', response: quantity('Units on hand') },
    quantity_available: {
      response: quantity('On hand minus reserved (negative when more is reserved than on hand)'),
    },
    quantity_reserved: { type: 'numeric', response: quantity('Units reserved for repair orders') },
    active: { type: 'boolean', response: z.boolean() },
    unit_price: { type: 'numeric', nullable: true },
    unit_cost: { type: 'numeric', nullable: true },
    average_cost: { type: 'numeric', nullable: true },
    pricing: { response: InventoryItemPricingSchema },
    cost: { response: redactable(CostSchema, 'inventory.cost.read') },
    tire_size: { type: 'text', nullable: true },
    tire_width: { type: 'integer', nullable: true },
    tire_aspect_ratio: { type: 'integer', nullable: true },
    /** numeric(4,1) as text, e.g. '17.0'. */
    tire_rim_diameter: { type: 'numeric', nullable: true },
    tire_construction: { type: 'text', nullable: true },
    tire_service_type: { type: 'text', nullable: true },
    tire_load_index: { type: 'integer', nullable: true },
    tire_speed_rating: { type: 'text', nullable: true },
    tire: {
      response: TireAttributesSchema.nullable().meta({ description: 'The tire size; null for items without one' }),
    },
    redacted_fields: {
      response: z
        .array(z.string())
        .meta({ description: 'JSON pointers of the fields this key may not see (their value is null)' }),
    },
  },
  // Prices and costs are shown in the shop's currency.
  present: {
    quantity_on_hand: (row) => formatQuantity(new ExactDecimal(row.quantity_on_hand)),
    quantity_available: (row) => formatQuantity(onHand(row)),
    quantity_reserved: (row) => formatQuantity(new ExactDecimal(row.quantity_reserved)),
    pricing: (row, currency: string) => ({
      currency,
      unit_price: row.unit_price === null ? null : formatMoney(new ExactDecimal(row.unit_price)),
    }),
    cost: (row, currency: string) => ({
      currency,
      unit_cost: money(row.unit_cost, currency),
      average_cost: money(row.average_cost, currency),
    }),
    tire: (row) =>
      row.tire_size === null || row.tire_width === null || row.tire_aspect_ratio === null
        ? null
        : {
            size: row.tire_size,
            width: row.tire_width,
            aspect_ratio: row.tire_aspect_ratio,
            rim_diameter: Number(row.tire_rim_diameter),
            construction: row.tire_construction ?? 'R',
            service_type: row.tire_service_type,
            load_index: row.tire_load_index,
            speed_rating: row.tire_speed_rating,
          },
    redacted_fields: () => [],
  },
  filters: {
    q: searchFilter(
      'Substring of name, brand, part number, category or tire size (2-100 characters, case-insensitive)',
    ),
    // Empty means "items without a part number" (the spec allows 0 characters); lower() on both sides
    // is what inventory_items_part_number_idx (00006) indexes.
    part_number: filter(
      textInput(100, { trim: true })
        .optional()
        .meta({ description: 'Exact part number, case-insensitive (0-100 characters; empty: items without one)' }),
      (value, { params }) =>
        value === '' ? 'lower(i.part_number) is null' : `lower(i.part_number) = lower(${params.add(value, 'text')})`,
    ),
    product_family: filter(
      z.enum(productFamilies).optional(),
      (value, { params }) => `i.product_family = ${params.add(value, 'text')}`,
    ),
    in_stock: filter(
      queryBoolean
        .optional()
        .meta({ description: 'true: on hand minus reserved is above zero; false: it is zero or less' }),
      (value) =>
        value ? 'i.quantity_on_hand - i.quantity_reserved > 0' : 'i.quantity_on_hand - i.quantity_reserved <= 0',
    ),
    active: filter(queryBoolean.optional(), (value, { params }) => `i.active = ${params.add(value, 'boolean')}`),
    // The three numbers alone (tireSizeSearchKey): 225/45ZR17 and 225/45R17 94W are the same tires.
    tire_size: filter(
      tireSizeParam,
      (value, { params }) =>
        `i.tire_width = ${params.add(value.width, 'integer')} and i.tire_aspect_ratio = ${params.add(value.aspectRatio, 'integer')}
       and i.tire_rim_diameter = ${params.add(value.rimDiameter, 'numeric')}`,
    ),
    tire_width: filter(
      integerParam(50, 999, 'Tire section width in millimetres'),
      (value, { params }) => `i.tire_width = ${params.add(value, 'integer')}`,
    ),
    tire_aspect_ratio: filter(
      integerParam(10, 99, 'Tire aspect ratio'),
      (value, { params }) => `i.tire_aspect_ratio = ${params.add(value, 'integer')}`,
    ),
    tire_rim_diameter: filter(
      rimDiameterParam,
      (value, { params }) => `i.tire_rim_diameter = ${params.add(value, 'numeric')}`,
    ),
  },
  sorts: ['created_at'],
  // `q`: trigram and bigram indexes (00002, 00005, 00018); the kit builds the condition.
  search: 'search_text',
})

export type InventoryItemRow = ResourceRow<typeof inventoryItemDefinition>
export type InventoryItemFilters = ResourceFilters<typeof inventoryItemDefinition>
