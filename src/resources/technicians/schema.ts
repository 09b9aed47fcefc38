import { z } from 'zod'
import {
  cursorParam,
  instant,
  limitParam,
  listEnvelope,
  queryBoolean,
  requestInstant,
  responseObject,
  sortParam,
  textInput,
} from '../../platform/schemas.js'

// Spec "Operations named but without a shape": technicians are read through the API and maintained
// by the shop (`shopapi technicians ...`), so only the response and the list query are public.

export const TechnicianSchema = responseObject({
  id: z.string().meta({ description: 'tech_ id', example: 'tech_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('technician'),
  name: z.string().meta({ description: '1-100 characters' }),
  email: z.string().nullable(),
  active: z.boolean().meta({ description: 'False once the shop deactivated the technician' }),
  daily_capacity: z.number().int().nullable().meta({
    description:
      "Appointments a day this technician takes (0-1000); null: no limit of their own (the shop's daily capacity still applies)",
    example: 8,
  }),
  version: z.number().int().meta({ description: 'Starts at 1; +1 on every change' }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'Technician' })

export type Technician = z.infer<typeof TechnicianSchema>

export const TechnicianListSchema = listEnvelope(TechnicianSchema, 'TechnicianList')

export const TechnicianListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  active: queryBoolean.optional().meta({ description: 'Only active (`true`) or inactive (`false`) technicians' }),
  updated_after: requestInstant.optional().meta({
    description: 'Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)',
  }),
  sort: sortParam,
})

export type TechnicianListQuery = z.output<typeof TechnicianListQuerySchema>

/** The most appointments a day a technician may take (the `technicians.daily_capacity` check). */
export const maxTechnicianDailyCapacity = 1000

/** What the shop's staff may set (the CLI validates its flags with it). */
export const TechnicianInputSchema = z.strictObject({
  name: textInput(100, { trim: true }).min(1, 'must not be empty').optional(),
  email: textInput(255, { trim: true })
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
    .nullable()
    .optional(),
  daily_capacity: z
    .number()
    .int('must be a whole number from 0 to 1000')
    .min(0, 'must be a whole number from 0 to 1000')
    .max(maxTechnicianDailyCapacity, 'must be a whole number from 0 to 1000')
    .nullable()
    .optional(),
})

export type TechnicianInput = z.output<typeof TechnicianInputSchema>
