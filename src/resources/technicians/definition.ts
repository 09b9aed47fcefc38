import { z } from 'zod'
import { defineResource, filter, type ResourceRow, updatedAfterFilter } from '../../platform/fields.js'
import { queryBoolean, textInput } from '../../platform/schemas.js'

/** The most appointments a day a technician may take (the `technicians.daily_capacity` check). */
export const maxTechnicianDailyCapacity = 1000

// Spec "Operations named but without a shape": technicians are read through the API and maintained
// by the shop (`shopapi technicians ...`), so only the response and the list query are public; the
// inputs are what the shop's staff may set (the CLI validates its flags with them).
// The spec names no technician events: changes record none.
export const technicianDefinition = defineResource({
  objectType: 'technician',
  table: 'technicians',
  alias: 't',
  idKind: 'technician',
  schemaId: 'Technician',
  fields: {
    name: {
      type: 'text',
      required: true,
      response: z.string().meta({ description: '1-100 characters' }),
      input: textInput(100, { trim: true }).min(1, 'must not be empty'),
    },
    email: {
      type: 'text',
      nullable: true,
      response: z.string().nullable(),
      input: textInput(255, { trim: true })
        .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
        .nullable(),
    },
    active: {
      type: 'boolean',
      response: z.boolean().meta({ description: 'False once the shop deactivated the technician' }),
    },
    daily_capacity: {
      type: 'integer',
      nullable: true,
      response: z.number().int().nullable().meta({
        description:
          "Appointments a day this technician takes (0-1000); null: no limit of their own (the shop's daily capacity still applies)",
        example: 8,
      }),
      input: z
        .number()
        .int('must be a whole number from 0 to 1000')
        .min(0, 'must be a whole number from 0 to 1000')
        .max(maxTechnicianDailyCapacity, 'must be a whole number from 0 to 1000')
        .nullable(),
    },
  },
  filters: {
    active: filter(
      queryBoolean.optional().meta({ description: 'Only active (`true`) or inactive (`false`) technicians' }),
      (value, { params }) => `t.active = ${params.add(value, 'boolean')}`,
    ),
    updated_after: updatedAfterFilter('t'),
  },
})

export type TechnicianRow = ResourceRow<typeof technicianDefinition>
