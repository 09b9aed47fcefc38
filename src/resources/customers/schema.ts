import { z } from 'zod'
import {
  cursorParam,
  expectedVersion,
  instant,
  lifecycleParam,
  limitParam,
  listEnvelope,
  requestInstant,
  searchParam,
  sortParam,
  textInput,
  visible,
} from '../../platform/schemas.js'

// Spec "Customer" and "Customers". Create takes the flat address fields of the spec's create body.
const text = (max: number) => textInput(max, { trim: true })
const nullableText = (max: number) => text(max).nullable()

/**
 * Something@domain.tld: no whitespace, one `@`, and a dot inside the domain. Index checks rather than
 * the former `/^[^\s@]+@[^\s@]+\.[^\s@]+$/`, whose two overlapping runs around `\.` backtracked
 * quadratically on `a@....@`.
 */
function looksLikeEmail(value: string): boolean {
  const at = value.indexOf('@')
  if (at < 1 || value.indexOf('@', at + 1) !== -1 || /\s/.test(value)) return false
  const dot = value.indexOf('.', at + 2)
  return dot !== -1 && dot < value.length - 1
}
const phone = text(20)
  .regex(/\d/, 'must contain at least one digit')
  .meta({ description: 'As written; filters match it after normalization (E.164 where the number can be read)' })

export const preferredContacts = ['sms', 'email', 'phone'] as const
export const consentFields = [
  'sms_transactional',
  'sms_marketing',
  'email_transactional',
  'email_marketing',
  'voice',
  'do_not_call',
] as const

const tagList = z
  .array(text(50).min(1))
  .max(50)
  .transform((tags) => [...new Set(tags)])
  .meta({ description: 'Up to 50 tags of 1-50 characters; duplicates are dropped' })

const consentInput = z
  .strictObject(
    Object.fromEntries(consentFields.map((field) => [field, z.boolean().optional()])) as Record<
      (typeof consentFields)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .meta({ description: 'Consent flags to set; omitted flags keep their value (false on create)' })

const writableFields = {
  company_name: nullableText(255),
  email: text(255)
    .refine(looksLikeEmail, 'must be an email address')
    .nullable()
    .meta({ description: 'Up to 255 characters; filters match it case-insensitively' }),
  phone: phone.nullable(),
  phone_alt: phone.nullable(),
  address: nullableText(255).meta({ description: 'Street address: address.line1' }),
  city: nullableText(100),
  region: nullableText(50).meta({ description: 'State or province' }),
  postal_code: nullableText(20),
  country: textInput(2)
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as US')
    .nullable()
    .meta({ description: 'ISO 3166-1 alpha-2 code: address.country' }),
  preferred_contact: z.enum(preferredContacts).nullable(),
  notes: nullableText(5000),
  consent: consentInput,
}

export const CustomerCreateSchema = z
  .strictObject({
    first_name: text(100).min(1),
    last_name: text(100).min(1),
    ...Object.fromEntries(Object.entries(writableFields).map(([name, schema]) => [name, schema.optional()])),
    tags: tagList.nullable().optional(),
    fleet_account: z.boolean().default(false),
    tax_exempt: z.boolean().default(false),
  } as {
    first_name: z.ZodString
    last_name: z.ZodString
    tags: z.ZodOptional<z.ZodNullable<typeof tagList>>
    fleet_account: z.ZodDefault<z.ZodBoolean>
    tax_exempt: z.ZodDefault<z.ZodBoolean>
  } & { [K in keyof typeof writableFields]: z.ZodOptional<(typeof writableFields)[K]> })
  .meta({ id: 'CustomerCreate' })

export const CustomerUpdateSchema = z
  .strictObject({
    first_name: text(100).min(1).optional(),
    last_name: text(100).min(1).optional(),
    ...Object.fromEntries(Object.entries(writableFields).map(([name, schema]) => [name, schema.optional()])),
    tags: tagList.optional(),
    fleet_account: z.boolean().optional(),
    tax_exempt: z.boolean().optional(),
    expected_version: expectedVersion,
  } as {
    first_name: z.ZodOptional<z.ZodString>
    last_name: z.ZodOptional<z.ZodString>
    tags: z.ZodOptional<typeof tagList>
    fleet_account: z.ZodOptional<z.ZodBoolean>
    tax_exempt: z.ZodOptional<z.ZodBoolean>
    expected_version: typeof expectedVersion
  } & { [K in keyof typeof writableFields]: z.ZodOptional<(typeof writableFields)[K]> })
  .meta({
    id: 'CustomerUpdate',
    description:
      'Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes',
  })

export type CustomerCreate = z.output<typeof CustomerCreateSchema>
export type CustomerUpdate = z.output<typeof CustomerUpdateSchema>

export const ArchiveBodySchema = z
  .strictObject({ reason: text(500).nullable().optional() })
  .meta({ id: 'ArchiveRequest' })

export const AddressSchema = z
  .object({
    line1: visible(z.string().nullable()),
    city: visible(z.string().nullable()),
    region: visible(z.string().nullable()),
    postal_code: visible(z.string().nullable()),
    country: visible(z.string().nullable().default(null)),
  })
  .meta({ id: 'Address' })

export const ConsentSchema = z
  .object(
    Object.fromEntries(consentFields.map((field) => [field, visible(z.boolean())])) as Record<
      (typeof consentFields)[number],
      z.ZodBoolean
    >,
  )
  .meta({ id: 'Consent' })

export const CustomerSchema = z
  .object({
    id: visible(z.string().meta({ description: 'cus_ id', example: 'cus_4bW2yXk0fT9QmZr7LcVd1p' })),
    object: visible(z.literal('customer')),
    first_name: visible(z.string()),
    last_name: visible(z.string()),
    company_name: visible(z.string().nullable()),
    email: visible(z.string().nullable()),
    phone: visible(z.string().nullable()),
    phone_alt: visible(z.string().nullable()),
    address: visible(AddressSchema),
    preferred_contact: visible(
      z.string().nullable().meta({ description: '`sms`, `email`, `phone` or null; other strings may appear' }),
    ),
    consent: visible(ConsentSchema),
    notes: visible(z.string().nullable()),
    tags: visible(z.array(z.string())),
    fleet_account: visible(z.boolean()),
    tax_exempt: visible(z.boolean()),
    archived: visible(z.boolean()),
    external_id: visible(
      z.string().nullable().meta({ description: "This integration's own id for the record; null when it set none" }),
    ),
    merged_into: visible(
      z.string().nullable().meta({ description: 'The surviving cus_ id when this customer was merged into another' }),
    ),
    version: visible(z.number().int().meta({ description: 'Starts at 1; +1 on every change' })),
    created_at: visible(instant),
    updated_at: visible(instant),
  })
  .meta({ id: 'Customer' })

export type Customer = z.infer<typeof CustomerSchema>

export const CustomerListSchema = listEnvelope(CustomerSchema, 'CustomerList')

export const CustomerListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  q: searchParam.meta({ description: 'Substring of name, company, email or phone (2-100 characters)' }),
  email: textInput(255).optional().meta({ description: 'Exact email, case-insensitive' }),
  phone: textInput(25).optional().meta({ description: 'Phone or alternate phone, compared after normalization' }),
  external_id: textInput(255).min(1).optional().meta({ description: "This integration's external id" }),
  updated_after: requestInstant.optional().meta({
    description: 'Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)',
  }),
  lifecycle: lifecycleParam,
  sort: sortParam,
})

export type CustomerListQuery = z.output<typeof CustomerListQuerySchema>
