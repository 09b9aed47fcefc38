// `shopapi import customers`: the customer side of the import engine (platform/imports). A row is the
// API's create body (flat, as a spreadsheet has it: consent flags as consent_<flag> columns, tags
// separated by `;`), matched on a key, then created or updated through this resource's own services,
// validated by its own schemas: a row the API would refuse is refused with the API's reason.
import type { CountryCode } from 'libphonenumber-js'
import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { normalizePhone } from '../../lib/phones.js'
import type { Actor } from '../../platform/events.js'
import { addCreatedExternalIds, addExternalId } from '../../platform/external-refs.js'
import type { ImportFieldKind, ImportFields } from '../../platform/imports/mapping.js'
import type { ImportTarget, KeyedRow, RowPlan } from '../../platform/imports/runner.js'
import { parseInput } from '../../platform/operation.js'
import { checkUpdatable, findRecordsWhere } from '../../platform/resource.js'
import { type CustomerRow, customerDefinition } from './definition.js'
import { type CustomerCreate, CustomerCreateSchema, CustomerUpdateSchema, consentFields } from './schema.js'
import { createCustomer, createCustomers, customerUpdateChanges, updateCustomer } from './service.js'

/**
 * How an import row finds its customer: `external_id` under one integration (spec "External
 * references"), `email` (case-insensitive), `phone` (the customer's phone, not phone_alt, compared
 * after normalization as the `phone` filter does), or `id` (a cus_ id; vehicles' owner column only).
 */
export type CustomerKeyKind = 'external_id' | 'email' | 'phone' | 'id'

export interface CustomerKeying {
  kind: CustomerKeyKind
  shopId: string
  /** The phone region of the shop (numbers without a country code). */
  region: CountryCode
  /** The internal id of the integration whose external ids are the keys (kind external_id). */
  integrationId: string | null
}

/** The key a value stands for under `kind`, or why it cannot be one (`field` names the column). */
export function customerKeyOf(
  keying: CustomerKeying,
  field: string,
  value: unknown,
): { key: string } | { reason: string } | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' && !(keying.kind === 'external_id' && typeof value === 'number')) {
    return { reason: `${field}: must be a string` }
  }
  const text = String(value).trim()
  switch (keying.kind) {
    case 'external_id':
      if (text.length < 1 || text.length > 255) return { reason: `${field}: must be 1-255 characters` }
      return { key: text }
    case 'email':
      return { key: text.toLowerCase() }
    case 'phone': {
      const normalized = normalizePhone(text, keying.region)
      return normalized ? { key: normalized } : { reason: `${field}: "${text}" holds no digits, so it cannot match` }
    }
    case 'id':
      return { key: text }
  }
}

/**
 * The customers each key names, in the keying's shop. Email and phone skip merged customers (the
 * survivor holds the contact); external ids and cus_ ids find a merged one, so the reason can name
 * the survivor. `lock` takes them for update, in id order.
 */
export async function findCustomersByKeys(
  db: Queryable,
  keying: CustomerKeying,
  keys: string[],
  lock: boolean | 'share',
): Promise<Map<string, CustomerRow[]>> {
  const found = new Map<string, CustomerRow[]>()
  if (keys.length === 0) return found
  const reader: Actor = { shopId: keying.shopId, integrationId: keying.integrationId }
  const where = {
    external_id: 'r.external_id = any($K)',
    email: 'lower(c.email) = any($K) and c.merged_into_id is null',
    phone: 'c.phone_normalized = any($K) and c.merged_into_id is null',
    id: 'c.public_id = any($K)',
  }[keying.kind]
  const rows = await findRecordsWhere(
    customerDefinition,
    db,
    reader,
    (params) => where.replace('$K', () => params.add(keys, 'text[]')),
    lock === 'share' ? { forShare: true } : { forUpdate: lock },
  )
  for (const row of rows) {
    const key = {
      external_id: row.external_id,
      email: row.email?.toLowerCase(),
      phone: normalizePhone(row.phone, keying.region),
      id: row.public_id,
    }[keying.kind]
    if (!key) continue
    const list = found.get(key)
    if (list) list.push(row)
    else found.set(key, [row])
  }
  return found
}

/** The one customer a key names, or the refusal: none, several, or merged. */
export function oneCustomer(
  matches: CustomerRow[] | undefined,
  describe: string,
  param: string,
  missing: () => ApiError | null,
): CustomerRow | null {
  if (!matches || matches.length === 0) {
    const error = missing()
    if (error) throw error
    return null
  }
  if (matches.length > 1) {
    const ids = matches.map((row) => row.public_id).join(', ')
    throw new ApiError(
      'conflict',
      `${matches.length} customers have ${describe} (${ids}): merge them (shopapi customers merge) or import with another key`,
      { param },
    )
  }
  return matches[0] as CustomerRow
}

const textFields = [
  'first_name',
  'last_name',
  'company_name',
  'email',
  'phone',
  'phone_alt',
  'address',
  'city',
  'region',
  'postal_code',
  'country',
  'preferred_contact',
  'notes',
] as const

/** The fields of a customer row; `external_id` only when the key is an integration's external id. */
export function customerImportFields(withExternalId: boolean): ImportFields {
  const fields: Record<string, ImportFieldKind> = Object.fromEntries(textFields.map((name) => [name, 'text']))
  fields.tags = 'list'
  fields.fleet_account = 'boolean'
  fields.tax_exempt = 'boolean'
  fields.consent = 'json'
  for (const flag of consentFields) fields[`consent_${flag}`] = 'boolean'
  if (withExternalId) fields.external_id = 'text'
  return fields
}

/** The API body of a row: consent_<flag> columns fold into `consent`; the key's external_id goes. */
function customerBody(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  let consent: Record<string, unknown> | undefined
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'external_id') continue
    if (name.startsWith('consent_')) {
      consent ??= {}
      consent[name.slice('consent_'.length)] = value
    } else {
      body[name] = value
    }
  }
  if (consent) {
    const given = body.consent
    body.consent = given && typeof given === 'object' && !Array.isArray(given) ? { ...given, ...consent } : consent
  }
  return body
}

export interface CustomerImportOptions {
  keying: CustomerKeying
  /** The shop's staff: the author of the writes and their events. */
  actor: Actor
  /** Added to the summary of every event the import records. */
  eventSummary: Record<string, unknown>
}

type CustomerLookup = Map<string, CustomerRow[]>

export function customerImportTarget(options: CustomerImportOptions): ImportTarget<CustomerLookup> {
  const { keying, actor, eventSummary } = options
  const keyField = keying.kind === 'id' ? 'id' : keying.kind
  const refOwner = { shopId: keying.shopId, integrationId: keying.integrationId as string }
  return {
    noun: 'customer',
    // Every key kind: an import by email and one by phone of the same rows would duplicate them too.
    lockName: `${keying.shopId}:customers`,
    fields: customerImportFields(keying.kind === 'external_id'),
    keyOf(fields) {
      const key = customerKeyOf(keying, keyField, fields[keyField])
      return key ?? { reason: `${keyField}: is required (the import key)` }
    },
    describeKey: (key) => `${keyField} "${key}"`,
    lookup: (tx, rows: KeyedRow[], lock) =>
      findCustomersByKeys(
        tx,
        keying,
        rows.map((row) => row.key),
        lock,
      ),
    plan(row, lookup): RowPlan {
      const existing = oneCustomer(lookup.get(row.key), `${keyField} "${row.key}"`, keyField, () => null)
      const body = customerBody(row.fields)
      if (!existing) {
        const input = parseInput(CustomerCreateSchema, body, 'body')
        return {
          outcome: 'created',
          write: async (tx) => {
            const created = await createCustomer(tx, actor, input, keying.region, { eventSummary })
            if (keying.kind === 'external_id') await addExternalId(tx, refOwner, 'customer', created.id, row.key)
          },
          bulk: { input, key: row.key } satisfies BulkCreate,
        }
      }
      checkUpdatable(customerDefinition, existing, undefined)
      const input = parseInput(CustomerUpdateSchema, body, 'body')
      if (customerUpdateChanges(existing, input, keying.region) === null) return { outcome: 'unchanged' }
      return {
        outcome: 'updated',
        write: async (tx) => {
          await updateCustomer(tx, actor, existing.public_id, input, keying.region, { eventSummary })
        },
      }
    },
    // A batch's creates as one statement (rows and events) and one for their external ids: a create
    // of one costs ~2 ms on this machine (its indexes, the trigram one above all, and a round trip),
    // which would make 100,000 customers take minutes.
    async writeBulk(tx, items) {
      const creates = items as BulkCreate[]
      const created = await createCustomers(
        tx,
        actor,
        creates.map((item) => item.input),
        keying.region,
        { eventSummary },
      )
      if (keying.kind === 'external_id') {
        await addCreatedExternalIds(tx, refOwner, 'customer', created, creates)
      }
    },
  }
}

interface BulkCreate {
  input: CustomerCreate
  key: string
}
