import { phoneRegionForTimezone } from '../../lib/phones.js'
import { archiveOperation } from '../../platform/archive-operation.js'
import { externalIdOperations } from '../../platform/external-id-operations.js'
import { getOperation, listOperation } from '../../platform/fields.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { customerDefinition } from './definition.js'
import { ArchiveBodySchema, CustomerCreateSchema, CustomerSchema, CustomerUpdateSchema } from './schema.js'
import { archiveCustomer, createCustomer, getCustomer, listCustomers, updateCustomer } from './service.js'

export const toCustomerResource = customerDefinition.present

const tag = 'Customers'
const params = publicIdParams('customer')

export const customerOperations = [
  listOperation(
    customerDefinition,
    {
      description:
        'Newest first by `sort` (default `created_at`). Filters combine with AND. Archived and merged customers appear with `lifecycle=archived` or `all`, and in a sync crawl: with `updated_after` and no `lifecycle`, every record changed since is listed, archives and merges included.',
      scopes: ['customers.read'],
    },
    ({ db, actor, auth }, filters, page) =>
      listCustomers(db, actor, filters, phoneRegionForTimezone(auth.shop.timezone), page),
  ),
  defineOperation({
    method: 'POST',
    path: '/customers',
    operationId: 'createCustomer',
    summary: 'Create a customer',
    description:
      "Names are required; every other field is optional and `fleet_account`, `tax_exempt` default to false. Phones are normalised for the shop's region; an email must be an address.",
    tag,
    scopes: ['customers.read', 'customers.write'],
    body: CustomerCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: { status: 201, description: 'The new customer', schema: CustomerSchema },
    handler: async ({ body, auth, db, actor }) =>
      toCustomerResource(await createCustomer(db, actor, body, phoneRegionForTimezone(auth.shop.timezone))),
  }),
  getOperation(customerDefinition, {
    description: 'Archived and merged customers are still returned (`archived: true`, `merged_into`).',
    scopes: ['customers.read'],
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
  archiveOperation({
    path: '/customers',
    noun: 'customer',
    operationId: 'archiveCustomer',
    tag,
    idKind: 'customer',
    scopes: ['customers.read', 'customers.write'],
    body: ArchiveBodySchema,
    schema: CustomerSchema,
    archive: archiveCustomer,
    present: toCustomerResource,
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
