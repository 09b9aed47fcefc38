import { z } from 'zod'
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
import { textInput, visible } from '../../platform/schemas.js'

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

export const tagList = z
  .array(text(50).min(1))
  .max(50)
  .transform((tags) => [...new Set(tags)])
  .meta({
    description: 'Up to 50 tags of 1-50 characters; duplicates are dropped',
    'x-shopapi-narrowing':
      'Narrower than the contract ("array of string or null", no limit): a tag is a short label a list filters and a screen shows as a chip, so 50 tags of up to 50 characters bound every customer record, its search index entries and the events that carry it, whatever a client sends. Ask the shop if a real label does not fit.',
  })

const consentInput = z
  .strictObject(
    Object.fromEntries(consentFields.map((field) => [field, z.boolean().optional()])) as Record<
      (typeof consentFields)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .meta({ description: 'Consent flags to set; omitted flags keep their value (false on create)' })

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

/** A nullable text column shown as is and written through `input` (under `inputAs` if given). */
const textField = <I extends z.ZodType>(input: I) =>
  ({ type: 'text', nullable: true, response: z.string().nullable(), input }) as const
/** A flat address input (`city`) of one column of the nested `address` the API shows. */
const addressField = <I extends z.ZodType, A extends string>(inputAs: A, input: I) =>
  ({ type: 'text', nullable: true, inputAs, input }) as const
const consentColumn = { type: 'boolean' } as const

// Phones keep a normalized form and consent flags come nested: the service writes both itself.
export const customerDefinition = defineResource({
  objectType: 'customer',
  table: 'customers',
  alias: 'c',
  idKind: 'customer',
  schemaId: 'Customer',
  fields: {
    first_name: { type: 'text', response: z.string(), input: text(100).min(1) },
    last_name: { type: 'text', response: z.string(), input: text(100).min(1) },
    company_name: textField(nullableText(255)),
    email: textField(
      text(255)
        .refine(looksLikeEmail, 'must be an email address')
        .nullable()
        // `format: email` says what looksLikeEmail requires (an address), so clients validate before sending.
        .meta({
          format: 'email',
          description: 'An email address, up to 255 characters; filters match it case-insensitively',
        }),
    ),
    phone: textField(phone.nullable()),
    phone_alt: textField(phone.nullable()),
    address_line1: addressField('address', nullableText(255).meta({ description: 'Street address: address.line1' })),
    address_city: addressField('city', nullableText(100)),
    address_region: addressField('region', nullableText(50).meta({ description: 'State or province' })),
    address_postal_code: addressField('postal_code', nullableText(20)),
    address_country: addressField(
      'country',
      textInput(2)
        .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as US')
        .nullable()
        .meta({ description: 'ISO 3166-1 alpha-2 code: address.country' }),
    ),
    address: { response: AddressSchema },
    preferred_contact: {
      type: 'text',
      nullable: true,
      response: z
        .string()
        .nullable()
        .meta({ description: '`sms`, `email`, `phone` or null; other strings may appear' }),
      input: z.enum(preferredContacts).nullable(),
    },
    consent_sms_transactional: consentColumn,
    consent_sms_marketing: consentColumn,
    consent_email_transactional: consentColumn,
    consent_email_marketing: consentColumn,
    consent_voice: consentColumn,
    consent_do_not_call: consentColumn,
    consent: { response: ConsentSchema },
    notes: textField(nullableText(5000)),
    consent_input: { inputAs: 'consent', input: consentInput },
    // A null on create means none (the service writes []).
    tags: { type: 'text[]', response: z.array(z.string()), input: tagList },
    fleet_account: { type: 'boolean', response: z.boolean(), input: z.boolean() },
    tax_exempt: { type: 'boolean', response: z.boolean(), input: z.boolean() },
    archived: archivedField('c'),
    external_id: externalIdField,
    merged_into_public_id: mergedIntoField('The surviving cus_ id when this customer was merged into another'),
  },
  present: {
    address: (row) => ({
      line1: row.address_line1,
      city: row.address_city,
      region: row.address_region,
      postal_code: row.address_postal_code,
      country: row.address_country,
    }),
    consent: (row) => ({
      sms_transactional: row.consent_sms_transactional,
      sms_marketing: row.consent_sms_marketing,
      email_transactional: row.consent_email_transactional,
      email_marketing: row.consent_email_marketing,
      voice: row.consent_voice,
      do_not_call: row.consent_do_not_call,
    }),
  },
  joins: () => 'left join customers m on m.shop_id = c.shop_id and m.id = c.merged_into_id',
  /** `phone` is compared as normalized with the shop's region: the service normalizes it first. */
  filters: {
    q: searchFilter('Substring of name, company, email or phone (2-100 characters)'),
    email: filter(
      textInput(255).optional().meta({ description: 'Exact email, case-insensitive' }),
      (value, { params }) => `lower(c.email) = lower(${params.add(value.trim(), 'text')})`,
    ),
    phone: filter(
      textInput(25).optional().meta({ description: 'Phone or alternate phone, compared after normalization' }),
      (value, { params }) => {
        const phone = params.add(value, 'text')
        return `(c.phone_normalized = ${phone} or c.phone_alt_normalized = ${phone})`
      },
    ),
    external_id: externalIdFilter,
    updated_after: updatedAfterFilter('c'),
    lifecycle: lifecycleFilter('c'),
  },
  // `q`: trigram and bigram indexes (00002, 00005, 00018); the kit builds the condition.
  search: 'search_text',
  externalIds: true,
  archivable: true,
  events: {
    created: 'customer.created',
    updated: 'customer.updated',
    archived: 'customer.archived',
    merged: 'customer.merged',
  },
  summary: (row) => customerSummary(row),
})

export type CustomerRow = ResourceRow<typeof customerDefinition>
export type CustomerFilters = ResourceFilters<typeof customerDefinition>

/** Small and free of anything sensitive (spec "Envelope"): enough to tell which customer changed. */
export function customerSummary(row: {
  first_name: string
  last_name: string
  company_name?: string | null | undefined
}) {
  return { first_name: row.first_name, last_name: row.last_name, company_name: row.company_name ?? null }
}
