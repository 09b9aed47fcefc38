import type { CountryCode } from 'libphonenumber-js'
import type { Queryable } from '../../db/pool.js'
import { normalizePhone } from '../../lib/phones.js'
import type { Actor, NewEvent } from '../../platform/events.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import {
  archiveRecordByPublicId,
  type ColumnChanges,
  createRecord,
  createRecords,
  diffColumns,
  listRecords,
  type MergeResult,
  mergeRecords,
  recordReaders,
  updateMergeableRecord,
  type WriteOptions,
  writableChanges,
} from '../../platform/resource.js'
import { type CustomerFilters, type CustomerRow, customerDefinition, customerSummary } from './definition.js'
import type { CustomerCreate, CustomerUpdate } from './schema.js'
import { consentFields } from './schema.js'

export { type CustomerRow, customerSummary }

/** The reader: a shop, and the integration whose external ids it sees (none for the shop's own tools). */
export type Reader = Actor

function toColumnChanges(input: CustomerCreate | CustomerUpdate, region: CountryCode): ColumnChanges {
  const changes = writableChanges(customerDefinition, input)
  for (const [column, change] of Object.entries(changes)) {
    // changed_fields name the field as a GET shows it: `address.city`, not the flat input `city`.
    if (column.startsWith('address_')) {
      change.field = `address.${column === 'address_line1' ? 'line1' : column.slice('address_'.length)}`
    }
  }
  if (changes.tags && changes.tags.value === null) changes.tags.value = []
  for (const field of ['phone', 'phone_alt'] as const) {
    const value = input[field]
    if (value === undefined) continue
    changes[field] = { field, value, type: 'text' }
    // Filters compare the normalized form (E.164 in the shop's region where the number can be read).
    changes[`${field}_normalized`] = { field: null, value: normalizePhone(value, region), type: 'text' }
  }
  for (const flag of consentFields) {
    const value = input.consent?.[flag]
    if (value !== undefined) changes[`consent_${flag}`] = { field: `consent.${flag}`, value, type: 'boolean' }
  }
  return changes
}

export const { get: getCustomer } = recordReaders(customerDefinition)

export function listCustomers(
  db: Queryable,
  reader: Reader,
  filters: CustomerFilters,
  region: CountryCode,
  page: PageRequest,
): Promise<Page<CustomerRow>> {
  const { email, phone, ...rest } = filters
  return listRecords(
    customerDefinition,
    db,
    reader,
    {
      ...rest,
      // An empty email or phone filters nothing; an unreadable phone matches no customer.
      email: email || undefined,
      phone: phone ? (normalizePhone(phone, region) ?? '') : undefined,
    },
    page,
  )
}

export function createCustomer(
  tx: Queryable,
  actor: Actor,
  input: CustomerCreate,
  region: CountryCode,
  options: WriteOptions = {},
): Promise<CustomerRow> {
  // The summary comes from the input, so the insert, its event and the read are one statement.
  return createRecord(customerDefinition, tx, actor, toColumnChanges(input, region), {
    createdSummary: customerSummary(input),
    extraSummary: options.eventSummary,
  })
}

/**
 * Many customers at once (an import's batch): the same columns and `customer.created` events as
 * `createCustomer` gives each, in one statement. Returns their ids in input order.
 */
export function createCustomers(
  tx: Queryable,
  actor: Actor,
  inputs: CustomerCreate[],
  region: CountryCode,
  options: WriteOptions = {},
): Promise<{ id: string; public_id: string }[]> {
  return createRecords(
    customerDefinition,
    tx,
    actor,
    inputs.map((input) => ({
      changes: toColumnChanges(input, region),
      summary: { ...customerSummary(input), ...options.eventSummary },
    })),
  )
}

export function updateCustomer(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: CustomerUpdate,
  region: CountryCode,
  options: WriteOptions = {},
): Promise<CustomerRow> {
  return updateMergeableRecord(
    customerDefinition,
    tx,
    actor,
    publicId,
    input.expected_version,
    () => toColumnChanges(input, region),
    options,
  )
}

/**
 * The fields an update would change on `row` (as a PATCH computes them), or null when it would change
 * nothing: an import counts such a row as unchanged and does not write it.
 */
export function customerUpdateChanges(row: CustomerRow, input: CustomerUpdate, region: CountryCode): string[] | null {
  return diffColumns(row, toColumnChanges(input, region))?.fields ?? null
}

/** Archiving an archived customer changes nothing and records nothing. */
export function archiveCustomer(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  reason: string | null,
): Promise<CustomerRow> {
  return archiveRecordByPublicId(customerDefinition, tx, actor, publicId, reason)
}

export interface CustomerMergeResult extends MergeResult<CustomerRow> {
  repointedVehicles: string[]
}

/**
 * A shop-side merge (`shopapi customers merge`), in the caller's transaction: the merged customer stays
 * readable, archived, with `merged_into`; its vehicles and external ids move to the survivor; events
 * record all of it.
 */
export async function mergeCustomers(
  tx: Queryable,
  actor: Actor,
  fromPublicId: string,
  intoPublicId: string,
): Promise<CustomerMergeResult> {
  let repointedVehicles: string[] = []
  const result = await mergeRecords(customerDefinition, tx, actor, fromPublicId, intoPublicId, {
    moveDependents: async (source, target) => {
      const vehicles = await tx.query<{ public_id: string }>(
        `update vehicles set customer_id = $3::uuid, version = version + 1,
           updated_at = date_trunc('milliseconds', now())
         where shop_id = $1::uuid and customer_id = $2::uuid returning public_id`,
        [actor.shopId, source.id, target.id],
      )
      repointedVehicles = vehicles.rows.map((vehicle) => vehicle.public_id).sort()
      return repointedVehicles.map(
        (vehicleId): NewEvent => ({
          type: 'vehicle.updated',
          objectType: 'vehicle',
          objectId: vehicleId,
          summary: { customer_id: intoPublicId, changed_fields: ['customer_id'] },
        }),
      )
    },
  })
  return { ...result, repointedVehicles }
}
