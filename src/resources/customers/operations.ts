import { phoneRegionForTimezone } from '../../lib/phones.js'
import { externalIdOperations } from '../../platform/external-id-operations.js'
import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import {
  ArchiveBodySchema,
  type Customer,
  CustomerCreateSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerSchema,
  CustomerUpdateSchema,
} from './schema.js'
import {
  archiveCustomer,
  type CustomerRow,
  createCustomer,
  getCustomer,
  listCustomers,
  updateCustomer,
} from './service.js'

export function toCustomerResource(row: CustomerRow): Customer {
  return {
    id: row.public_id,
    object: 'customer',
    first_name: row.first_name,
    last_name: row.last_name,
    company_name: row.company_name,
    email: row.email,
    phone: row.phone,
    phone_alt: row.phone_alt,
    address: {
      line1: row.address_line1,
      city: row.address_city,
      region: row.address_region,
      postal_code: row.address_postal_code,
      country: row.address_country,
    },
    preferred_contact: row.preferred_contact,
    consent: {
      sms_transactional: row.consent_sms_transactional,
      sms_marketing: row.consent_sms_marketing,
      email_transactional: row.consent_email_transactional,
      email_marketing: row.consent_email_marketing,
      voice: row.consent_voice,
      do_not_call: row.consent_do_not_call,
    },
    notes: row.notes,
    tags: row.tags,
    fleet_account: row.fleet_account,
    tax_exempt: row.tax_exempt,
    archived: row.archived,
    external_id: row.external_id,
    merged_into: row.merged_into_public_id,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

const tag = 'Customers'
const params = publicIdParams('customer')

export const customerOperations = [
  defineOperation({
    method: 'GET',
    path: '/customers',
    operationId: 'listCustomers',
    summary: 'List customers',
    description:
      'Newest first by `sort` (default `created_at`). Filters combine with AND. Archived and merged customers appear only with `lifecycle=archived` or `all`.',
    tag,
    scopes: ['customers.read'],
    query: CustomerListQuerySchema,
    success: { status: 200, description: 'A page of customers', schema: CustomerListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listCustomers', auth, query)
      const { limit: _limit, cursor: _cursor, sort: _sort, ...filters } = query
      const page = await listCustomers(db, actor, filters, phoneRegionForTimezone(auth.shop.timezone), list.page)
      return list.envelope(page, toCustomerResource)
    },
  }),
  defineOperation({
    method: 'POST',
    path: '/customers',
    operationId: 'createCustomer',
    summary: 'Create a customer',
    tag,
    scopes: ['customers.read', 'customers.write'],
    body: CustomerCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: { status: 201, description: 'The new customer', schema: CustomerSchema },
    handler: async ({ body, auth, db, actor }) =>
      toCustomerResource(await createCustomer(db, actor, body, phoneRegionForTimezone(auth.shop.timezone))),
  }),
  defineOperation({
    method: 'GET',
    path: '/customers/{public_id}',
    operationId: 'getCustomer',
    summary: 'Get a customer',
    description: 'Archived and merged customers are still returned (`archived: true`, `merged_into`).',
    tag,
    scopes: ['customers.read'],
    params,
    success: { status: 200, description: 'The customer', schema: CustomerSchema },
    handler: async ({ params, db, actor }) => toCustomerResource(await getCustomer(db, actor, params.public_id)),
  }),
  defineOperation({
    method: 'PATCH',
    path: '/customers/{public_id}',
    operationId: 'updateCustomer',
    summary: 'Update a customer',
    description:
      'Presence-aware: omitted fields are unchanged, null clears a nullable field. A body that changes nothing is 400 `no_changes`; a stale `expected_version` is 409 `version_conflict`. A merged customer cannot be changed (409).',
    tag,
    scopes: ['customers.read', 'customers.write'],
    params,
    body: CustomerUpdateSchema,
    bodyRequired: true,
    idempotency: 'optional',
    success: { status: 200, description: 'The updated customer', schema: CustomerSchema },
    handler: async ({ params, body, auth, db, actor }) =>
      toCustomerResource(
        await updateCustomer(db, actor, params.public_id, body, phoneRegionForTimezone(auth.shop.timezone)),
      ),
  }),
  defineOperation({
    method: 'POST',
    path: '/customers/{public_id}/archive',
    operationId: 'archiveCustomer',
    summary: 'Archive a customer',
    description:
      'The customer stays readable with `archived: true` and leaves the default (`lifecycle=active`) list. Archiving an archived customer returns it unchanged.',
    tag,
    scopes: ['customers.read', 'customers.write'],
    params,
    body: ArchiveBodySchema,
    idempotency: 'required',
    success: { status: 200, description: 'The archived customer', schema: CustomerSchema },
    handler: async ({ params, body, db, actor }) =>
      toCustomerResource(await archiveCustomer(db, actor, params.public_id, body?.reason ?? null)),
  }),
  ...externalIdOperations({
    path: '/customers',
    tag,
    objectType: 'customer',
    idKind: 'customer',
    readScope: 'customers.read',
    find: (db, reader, publicId) => getCustomer(db, reader, publicId),
  }),
]
