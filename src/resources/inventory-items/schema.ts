import { z } from 'zod'
import type { ZodOpenApiOverrideMetaContext } from 'zod-openapi'
import { parseTireSize, type TireSize } from '../../lib/tire-sizes.js'
import { responseObject, textInput } from '../../platform/schemas.js'
// Types only: the definition builds its schemas from the pieces here.
import type { inventoryItemDefinition } from './definition.js'

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

export type InventoryItem = z.infer<typeof inventoryItemDefinition.schema>
export type TireAttributes = z.infer<typeof TireAttributesSchema>

/**
 * A whole number in plain digits (no sign, spaces, exponent, fraction or leading zero), as `limit`
 * reads it, then checked against the range the spec gives.
 */
export function integerParam(min: number, max: number, description: string) {
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
export const rimDiameterParam = z
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

const tireSizeExample = 'e.g. 225/45R17, 225/45ZR17 94W, P215/65R15, LT235/85R16.5 or the flotation 31x10.50R15LT'

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
    description: `A tire size (up to 20 characters), ${tireSizeExample}; matches width, aspect ratio and rim diameter, whatever the construction, service type or service description (a flotation size by its metric equivalent: 31x10.50R15LT is 267/76R15)`,
    override: ({ jsonSchema }: ZodOpenApiOverrideMetaContext) => {
      Object.assign(jsonSchema, { type: 'string', maxLength: 20, example: '225/45R17' })
    },
  })

export type InventoryItemListQuery = z.output<typeof inventoryItemDefinition.listQuery>
export type { TireSize }
