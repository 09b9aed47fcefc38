import { z } from 'zod'
import type { ZodOpenApiOverrideMetaContext } from 'zod-openapi'
import { parseTireSize, type TireSize } from '../../lib/tire-sizes.js'
import { CostSchema } from '../../platform/money-schemas.js'
import { redactable } from '../../platform/redaction.js'
import {
  cursorParam,
  instant,
  limitParam,
  listEnvelope,
  queryBoolean,
  responseObject,
  searchParam,
  textInput,
} from '../../platform/schemas.js'

/** Spec "Inventory item": the families a filter accepts; stored items may carry other strings. */
export const productFamilies = ['part', 'tire', 'battery', 'fluid_supply'] as const

export const TireAttributesSchema = responseObject({
  size: z.string().meta({
    description: 'Canonical size without the service description, e.g. P215/65R15, 225/45ZR17, LT245/75R16',
  }),
  width: z.number().int().meta({ description: 'Section width in millimetres' }),
  aspect_ratio: z.number().int().meta({ description: 'Sidewall height as a percentage of the width' }),
  rim_diameter: z.number().meta({ description: 'Rim diameter in inches (16.5 for half sizes)' }),
  construction: z.string().meta({ description: 'R radial, ZR radial above 240 km/h, D diagonal, B belted bias' }),
  service_type: z.string().nullable().meta({ description: 'P, LT, ST or T; null for European metric sizes' }),
  load_index: z.number().int().nullable(),
  speed_rating: z.string().nullable(),
}).meta({ id: 'TireAttributes', description: 'The tire size of an item of the tire family' })

export const InventoryItemPricingSchema = responseObject({
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
  unit_price: z
    .string()
    .nullable()
    .meta({ description: 'Sale price of one unit (2 decimal places); null when the shop set none', example: '89.99' }),
}).meta({
  id: 'InventoryItemPricing',
  description:
    'Sale pricing of an inventory item; not redacted (pricing.read covers repair orders, jobs and canned jobs)',
})

const quantity = (description: string) =>
  z.string().meta({ description: `${description}: a decimal string, up to 3 decimal places`, example: '4' })

const nullableString = (description?: string) =>
  z
    .string()
    .nullable()
    .meta(description ? { description } : {})

export const InventoryItemSchema = responseObject({
  id: z.string().meta({ description: 'item_ id', example: 'item_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('inventory_item'),
  name: nullableString(),
  brand: nullableString(),
  category: nullableString(),
  part_number: nullableString('The shop’s part number; the key of `shopapi inventory import`'),
  location: nullableString('Where the item is kept (bin, shelf)'),
  product_family: z
    .string()
    .meta({ description: 'part, tire, battery or fluid_supply; other strings may appear', example: 'tire' }),
  uom: z.string().meta({ description: 'Unit of measure', example: 'each' }),
  quantity_on_hand: quantity('Units on hand'),
  quantity_available: quantity('On hand minus reserved (negative when more is reserved than on hand)'),
  quantity_reserved: quantity('Units reserved for repair orders'),
  active: z.boolean(),
  pricing: InventoryItemPricingSchema,
  cost: redactable(CostSchema, 'inventory.cost.read'),
  tire: TireAttributesSchema.nullable().meta({ description: 'The tire size; null for items without one' }),
  redacted_fields: z
    .array(z.string())
    .meta({ description: 'JSON pointers of the fields this key may not see (their value is null)' }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'InventoryItem' })

export type InventoryItem = z.infer<typeof InventoryItemSchema>
export type TireAttributes = z.infer<typeof TireAttributesSchema>

export const InventoryItemListSchema = listEnvelope(InventoryItemSchema, 'InventoryItemList')

/**
 * A whole number in plain digits (no sign, spaces, exponent, fraction or leading zero), as `limit`
 * reads it, then checked against the range the spec gives.
 */
function integerParam(min: number, max: number, description: string) {
  const range = `from ${min} to ${max}`
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,5})$/, {
      abort: true,
      error: `must be a whole number ${range} in plain digits (no sign, spaces, exponent or leading zero)`,
    })
    .transform(Number)
    .pipe(z.number().min(min, `must be ${range}`).max(max, `must be ${range}`))
    .optional()
    .meta({
      description: `${description}, ${min}-${max}, in plain decimal digits`,
      override: ({ jsonSchema }: ZodOpenApiOverrideMetaContext) => {
        Object.assign(jsonSchema, { type: 'integer', minimum: min, maximum: max })
        delete jsonSchema.pattern
      },
    })
}

const rimRange = 'from 8 to 30'
// One decimal place at most: rims come in whole and half inches (16.5), and the column keeps one.
const rimDiameterParam = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,2})(\.[0-9])?$/, {
    abort: true,
    error: `must be a number ${rimRange} in plain digits with at most one decimal place, e.g. 17 or 16.5`,
  })
  .transform(Number)
  .pipe(z.number().min(8, `must be ${rimRange}`).max(30, `must be ${rimRange}`))
  .optional()
  .meta({
    description: 'Rim diameter in inches, 8-30, at most one decimal place (17, 16.5)',
    override: ({ jsonSchema }: ZodOpenApiOverrideMetaContext) => {
      Object.assign(jsonSchema, { type: 'number', minimum: 8, maximum: 30 })
      delete jsonSchema.pattern
    },
  })

const tireSizeExample = 'e.g. 225/45R17, 225/45ZR17 94W, P215/65R15 or LT245/75R16'

export const tireSizeParam = textInput(20)
  .transform((value, ctx) => {
    const size = parseTireSize(value)
    if (size === null) {
      ctx.addIssue({ code: 'custom', message: `is not a tire size: write it as on the sidewall, ${tireSizeExample}` })
      return z.NEVER
    }
    return size
  })
  .optional()
  .meta({
    description: `A tire size (up to 20 characters), ${tireSizeExample}; matches width, aspect ratio and rim diameter, whatever the construction, service type or service description`,
    override: ({ jsonSchema }: ZodOpenApiOverrideMetaContext) => {
      Object.assign(jsonSchema, { type: 'string', maxLength: 20, example: '225/45R17' })
    },
  })

export const InventoryItemListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  q: searchParam.meta({
    description: 'Substring of name, brand, part number, category or tire size (2-100 characters, case-insensitive)',
  }),
  part_number: textInput(100, { trim: true })
    .optional()
    .meta({ description: 'Exact part number, case-insensitive (0-100 characters; empty: items without one)' }),
  product_family: z.enum(productFamilies).optional(),
  in_stock: queryBoolean
    .optional()
    .meta({ description: 'true: on hand minus reserved is above zero; false: it is zero or less' }),
  active: queryBoolean.optional(),
  tire_size: tireSizeParam,
  tire_width: integerParam(50, 999, 'Tire section width in millimetres'),
  tire_aspect_ratio: integerParam(10, 99, 'Tire aspect ratio'),
  tire_rim_diameter: rimDiameterParam,
})

export type InventoryItemListQuery = z.output<typeof InventoryItemListQuerySchema>
export type { TireSize }
