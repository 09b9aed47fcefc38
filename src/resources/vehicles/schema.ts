import { z } from 'zod'
import { normalizePlate } from '../../lib/plates.js'
import { checkVin } from '../../lib/vin.js'
import {
  cursorParam,
  expectedVersion,
  instant,
  lifecycleParam,
  limitParam,
  listEnvelope,
  publicIdSchema,
  requestInstant,
  searchParam,
  sortParam,
  textInput,
  visible,
} from '../../platform/schemas.js'

// The spec names vehicles but shows no shape ("Operations named but without a shape"); docs/decisions.md
// records the fields and limits chosen here.
const text = (max: number) => textInput(max, { trim: true })
const nullableText = (max: number) => text(max).nullable()

export const firstModelYear = 1886
/** Model years run ahead of the calendar: next year's models are sold this year. */
export const latestModelYear = () => new Date().getUTCFullYear() + 2

// The hard cap is looser than 17 so a near miss still gets checkVin's "exactly 17, got 18".
const vin = text(64)
  .toUpperCase()
  .superRefine((value, ctx) => {
    const check = checkVin(value)
    if (!check.valid) ctx.addIssue({ code: 'custom', message: `VIN ${check.reason}` })
  })
  .meta({
    description:
      '17 characters, stored upper-case; I, O and Q are refused. The check digit (position 9) is verified for North American VINs (first character 1-5).',
    example: '1HGCM82633A004352',
  })

const year = z
  .number()
  .int()
  .min(firstModelYear)
  .superRefine((value, ctx) => {
    const latest = latestModelYear()
    if (value > latest) ctx.addIssue({ code: 'custom', message: `must be at most ${latest} (this year + 2)` })
  })
  .meta({ description: `Model year, ${firstModelYear} to the current year + 2` })

const plate = text(15)
  .toUpperCase()
  .refine((value) => normalizePlate(value) !== '', 'must contain at least one letter or digit')
  .meta({ description: 'Licence plate, stored upper-case as written; filters ignore spaces, hyphens and dots' })

const writableFields = {
  vin: vin.nullable(),
  year: year.nullable(),
  make: nullableText(100),
  model: nullableText(100),
  trim: nullableText(100),
  engine: nullableText(100),
  color: nullableText(50),
  plate: plate.nullable(),
  plate_region: text(10)
    .toUpperCase()
    .nullable()
    .meta({ description: 'Where the plate is issued, stored upper-case, e.g. TX or ON' }),
  unit_number: nullableText(50).meta({ description: "A fleet customer's own unit number for the vehicle" }),
  odometer: z.number().int().min(0).max(10_000_000).nullable().meta({ description: 'Last known reading' }),
  notes: nullableText(5000),
}

type OptionalFields = { [K in keyof typeof writableFields]: z.ZodOptional<(typeof writableFields)[K]> }
const optionalFields = Object.fromEntries(
  Object.entries(writableFields).map(([name, schema]) => [name, schema.optional()]),
) as OptionalFields

const customerId = publicIdSchema('customer', 'The cus_ id of the customer who owns the vehicle')

export const VehicleCreateSchema = z
  .strictObject({ customer_id: customerId, ...optionalFields })
  .meta({ id: 'VehicleCreate' })

export const VehicleUpdateSchema = z
  .strictObject({ customer_id: customerId.optional(), ...optionalFields, expected_version: expectedVersion })
  .meta({
    id: 'VehicleUpdate',
    description:
      'Presence-aware: an omitted field is unchanged, null clears a nullable field (customer_id cannot be null), and a body that changes nothing is 400 no_changes',
  })

export type VehicleCreate = z.output<typeof VehicleCreateSchema>
export type VehicleUpdate = z.output<typeof VehicleUpdateSchema>

const nullableString = () => visible(z.string().nullable())

export const VehicleSchema = z
  .object({
    id: visible(z.string().meta({ description: 'veh_ id', example: 'veh_4bW2yXk0fT9QmZr7LcVd1p' })),
    object: visible(z.literal('vehicle')),
    customer_id: visible(z.string().meta({ description: 'The cus_ id of the owner' })),
    vin: visible(z.string().nullable().meta({ description: '17 characters, upper-case' })),
    year: visible(z.number().int().nullable()),
    make: nullableString(),
    model: nullableString(),
    trim: nullableString(),
    engine: nullableString(),
    color: nullableString(),
    plate: nullableString(),
    plate_region: nullableString(),
    unit_number: nullableString(),
    odometer: visible(z.number().int().nullable()),
    notes: nullableString(),
    external_id: visible(
      z.string().nullable().meta({ description: "This integration's own id for the record; null when it set none" }),
    ),
    archived: visible(z.boolean()),
    merged_into: visible(
      z.string().nullable().meta({ description: 'The surviving veh_ id when this vehicle was merged into another' }),
    ),
    version: visible(z.number().int().meta({ description: 'Starts at 1; +1 on every change' })),
    created_at: visible(instant),
    updated_at: visible(instant),
  })
  .meta({ id: 'Vehicle' })

export type Vehicle = z.infer<typeof VehicleSchema>

export const VehicleListSchema = listEnvelope(VehicleSchema, 'VehicleList')

export const VehicleListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  customer: publicIdSchema('customer', "Only this customer's vehicles (a cus_ id)").optional(),
  vin: text(17).toUpperCase().min(1).optional().meta({ description: 'Exact VIN, case-insensitive' }),
  plate: textInput(25)
    .min(1)
    .optional()
    .meta({ description: 'Licence plate, compared ignoring case, spaces, hyphens and dots' }),
  unit_number: text(50).min(1).optional().meta({ description: 'Exact fleet unit number, case-insensitive' }),
  q: searchParam.meta({
    description: 'Substring of VIN, year, make, model, trim, color, plate or unit number (2-100 characters)',
  }),
  external_id: textInput(255).min(1).optional().meta({ description: "This integration's external id" }),
  updated_after: requestInstant.optional().meta({
    description: 'Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)',
  }),
  lifecycle: lifecycleParam,
  sort: sortParam,
})

export type VehicleListQuery = z.output<typeof VehicleListQuerySchema>
