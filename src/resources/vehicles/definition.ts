import { z } from 'zod'
import type { ZodOpenApiOverrideMetaContext } from 'zod-openapi'
import { normalizePlate } from '../../lib/plates.js'
import { checkVin } from '../../lib/vin.js'
import {
  archivedField,
  defineResource,
  externalIdField,
  externalIdFilter,
  filter,
  lifecycleFilter,
  mergedIntoField,
  type ResourceFilters,
  type ResourceRow,
  searchFilter,
  updatedAfterFilter,
} from '../../platform/fields.js'
import { publicIdSchema, textInput } from '../../platform/schemas.js'

// The spec names vehicles but shows no shape ("Operations named but without a shape"); docs/decisions/customers-and-vehicles.md
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
  .meta({
    description: `Model year, ${firstModelYear} to the current year + 2`,
    // The cap moves every New Year: the document states the one in force when it is built (the served
    // document is rebuilt when the year turns, routes/openapi.ts).
    override: ({ jsonSchema }: ZodOpenApiOverrideMetaContext) => {
      jsonSchema.maximum = latestModelYear()
    },
  })

const plate = text(15)
  .toUpperCase()
  .refine((value) => normalizePlate(value) !== '', 'must contain at least one letter or digit')
  .meta({ description: 'Licence plate, stored upper-case as written; filters ignore spaces, hyphens and dots' })

/** A nullable text column the API shows as is and writes through `input`. */
const textField = <I extends z.ZodType>(input: I) =>
  ({ type: 'text', nullable: true, response: z.string().nullable(), input }) as const

export const vehicleDefinition = defineResource({
  objectType: 'vehicle',
  table: 'vehicles',
  alias: 'v',
  idKind: 'vehicle',
  schemaId: 'Vehicle',
  fields: {
    // The owner: written by its cus_ id, which the service resolves (schema.ts, service.ts).
    customer_id: { type: 'uuid' },
    customer_public_id: {
      type: 'text',
      sql: 'o.public_id',
      api: 'customer_id',
      response: z.string().meta({ description: 'The cus_ id of the owner' }),
    },
    vin: {
      type: 'text',
      nullable: true,
      response: z.string().nullable().meta({ description: '17 characters, upper-case' }),
      input: vin.nullable(),
    },
    year: { type: 'integer', nullable: true, response: z.number().int().nullable(), input: year.nullable() },
    make: textField(nullableText(100)),
    model: textField(nullableText(100)),
    trim: textField(nullableText(100)),
    engine: textField(nullableText(100)),
    color: textField(nullableText(50)),
    // The plate also keeps the normalized form the `plate` filter compares (service.ts adds it).
    plate: textField(plate.nullable()),
    plate_region: textField(
      text(10)
        .toUpperCase()
        .nullable()
        .meta({ description: 'Where the plate is issued, stored upper-case, e.g. TX or ON' }),
    ),
    unit_number: textField(
      nullableText(50).meta({ description: "A fleet customer's own unit number for the vehicle" }),
    ),
    odometer: {
      type: 'integer',
      nullable: true,
      response: z.number().int().nullable(),
      input: z.number().int().min(0).max(10_000_000).nullable().meta({ description: 'Last known reading' }),
    },
    notes: textField(nullableText(5000)),
    external_id: externalIdField,
    archived: archivedField('v'),
    merged_into_public_id: mergedIntoField('The surviving veh_ id when this vehicle was merged into another'),
  },
  joins: () => `join customers o on o.shop_id = v.shop_id and o.id = v.customer_id
    left join vehicles m on m.shop_id = v.shop_id and m.id = v.merged_into_id`,
  filters: {
    // An unknown customer narrows the list to nothing: filters never 404.
    customer: filter(
      publicIdSchema('customer', "Only this customer's vehicles (a cus_ id)").optional(),
      (value, { params, shopId }) =>
        `v.customer_id = (select id from customers where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    ),
    vin: filter(
      text(17).toUpperCase().min(1).optional().meta({ description: 'Exact VIN, case-insensitive' }),
      (value, { params }) => `v.vin = ${params.add(value, 'text')}`,
    ),
    plate: filter(
      textInput(25)
        .min(1)
        .optional()
        .meta({ description: 'Licence plate, compared ignoring case, spaces, hyphens and dots' }),
      (value, { params }) => `v.plate_normalized = ${params.add(normalizePlate(value), 'text')}`,
    ),
    unit_number: filter(
      text(50).min(1).optional().meta({ description: 'Exact fleet unit number, case-insensitive' }),
      (value, { params }) => `lower(v.unit_number) = lower(${params.add(value, 'text')})`,
    ),
    q: searchFilter('Substring of VIN, year, make, model, trim, color, plate or unit number (2-100 characters)'),
    external_id: externalIdFilter,
    updated_after: updatedAfterFilter('v'),
    lifecycle: lifecycleFilter('v'),
  },
  // `q`: trigram and bigram indexes (00002, 00005, 00018); the kit builds the condition.
  search: 'search_text',
  externalIds: true,
  archivable: true,
  events: {
    created: 'vehicle.created',
    updated: 'vehicle.updated',
    archived: 'vehicle.archived',
    merged: 'vehicle.merged',
  },
  summary: (row) => vehicleSummary(row),
})

export type VehicleRow = ResourceRow<typeof vehicleDefinition>
export type VehicleFilters = ResourceFilters<typeof vehicleDefinition>

/** Small and free of anything sensitive (spec "Envelope"): enough to tell which vehicle changed. */
export function vehicleSummary(row: {
  customer_public_id: string
  vin: string | null
  year: number | null
  make: string | null
  model: string | null
  plate: string | null
}) {
  return {
    customer_id: row.customer_public_id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    plate: row.plate,
  }
}
