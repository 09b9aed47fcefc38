import { type Column, externalIdColumn, type ResourceDefinition, type SqlType } from '../../platform/resource.js'
import type { CustomerListQuery } from './schema.js'

export interface CustomerRow {
  shop_id: string
  id: string
  public_id: string
  first_name: string
  last_name: string
  company_name: string | null
  email: string | null
  phone: string | null
  phone_alt: string | null
  address_line1: string | null
  address_city: string | null
  address_region: string | null
  address_postal_code: string | null
  address_country: string | null
  preferred_contact: string | null
  consent_sms_transactional: boolean
  consent_sms_marketing: boolean
  consent_email_transactional: boolean
  consent_email_marketing: boolean
  consent_voice: boolean
  consent_do_not_call: boolean
  notes: string | null
  tags: string[]
  fleet_account: boolean
  tax_exempt: boolean
  archived: boolean
  version: number
  created_at: Date
  updated_at: Date
  /** The reading integration's own external id, if it set one. */
  external_id: string | null
  merged_into_public_id: string | null
}

/** `phone` is compared as normalized with the shop's region: the service normalizes it first. */
export type CustomerFilters = Omit<CustomerListQuery, 'limit' | 'cursor' | 'sort'>

const column = (name: string, type: SqlType): Column => ({ sql: `c.${name}`, type })
const text = (name: string) => column(name, 'text')
const flag = (name: string) => column(name, 'boolean')

export const customerDefinition: ResourceDefinition<CustomerRow, CustomerFilters> = {
  objectType: 'customer',
  table: 'customers',
  alias: 'c',
  idKind: 'customer',
  columns: {
    shop_id: column('shop_id', 'uuid'),
    id: column('id', 'uuid'),
    public_id: text('public_id'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    company_name: text('company_name'),
    email: text('email'),
    phone: text('phone'),
    phone_alt: text('phone_alt'),
    address_line1: text('address_line1'),
    address_city: text('address_city'),
    address_region: text('address_region'),
    address_postal_code: text('address_postal_code'),
    address_country: text('address_country'),
    preferred_contact: text('preferred_contact'),
    consent_sms_transactional: flag('consent_sms_transactional'),
    consent_sms_marketing: flag('consent_sms_marketing'),
    consent_email_transactional: flag('consent_email_transactional'),
    consent_email_marketing: flag('consent_email_marketing'),
    consent_voice: flag('consent_voice'),
    consent_do_not_call: flag('consent_do_not_call'),
    notes: text('notes'),
    tags: column('tags', 'text[]'),
    fleet_account: flag('fleet_account'),
    tax_exempt: flag('tax_exempt'),
    archived: { sql: 'c.archived_at is not null', type: 'boolean' },
    version: column('version', 'integer'),
    created_at: column('created_at', 'timestamptz'),
    updated_at: column('updated_at', 'timestamptz'),
    external_id: externalIdColumn,
    merged_into_public_id: { sql: 'm.public_id', type: 'text' },
  },
  joins: () => 'left join customers m on m.shop_id = c.shop_id and m.id = c.merged_into_id',
  // Flat input fields; the service names address fields `address.*` in changed_fields, turns null tags
  // into [], and adds phones (with their normalized form) and the nested consent flags.
  writable: {
    first_name: { column: 'first_name', type: 'text' },
    last_name: { column: 'last_name', type: 'text' },
    company_name: { column: 'company_name', type: 'text' },
    email: { column: 'email', type: 'text' },
    address: { column: 'address_line1', type: 'text' },
    city: { column: 'address_city', type: 'text' },
    region: { column: 'address_region', type: 'text' },
    postal_code: { column: 'address_postal_code', type: 'text' },
    country: { column: 'address_country', type: 'text' },
    preferred_contact: { column: 'preferred_contact', type: 'text' },
    notes: { column: 'notes', type: 'text' },
    tags: { column: 'tags', type: 'text[]' },
    fleet_account: { column: 'fleet_account', type: 'boolean' },
    tax_exempt: { column: 'tax_exempt', type: 'boolean' },
  },
  filters: {
    lifecycle: (value) =>
      value === 'active' ? 'c.archived_at is null' : value === 'archived' ? 'c.archived_at is not null' : 'true',
    email: (value, { params }) => `lower(c.email) = lower(${params.add(value.trim(), 'text')})`,
    phone: (value, { params }) => {
      const phone = params.add(value, 'text')
      return `(c.phone_normalized = ${phone} or c.phone_alt_normalized = ${phone})`
    },
    updated_after: (value, { params }) => `c.updated_at > ${params.add(value, 'timestamptz')}`,
  },
  sorts: ['created_at', 'updated_at'],
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
}

/** Small and free of anything sensitive (spec "Envelope"): enough to tell which customer changed. */
export function customerSummary(row: {
  first_name: string
  last_name: string
  company_name?: string | null | undefined
}) {
  return { first_name: row.first_name, last_name: row.last_name, company_name: row.company_name ?? null }
}
