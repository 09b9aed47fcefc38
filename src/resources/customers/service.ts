import type { CountryCode } from 'libphonenumber-js'
import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { withTransaction } from '../../db/pool.js'
import { containsPattern, SqlParams, statementName } from '../../db/sql.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { isPublicId, newPublicId } from '../../lib/ids.js'
import { normalizePhone } from '../../lib/phones.js'
import { type Actor, insertEventsSql, type NewEvent, recordEvents } from '../../platform/events.js'
import { moveExternalIdsOnMerge } from '../../platform/external-refs.js'
import { fetchPage, type Page, type PageRequest } from '../../platform/pagination.js'
import {
  applyChanges,
  type ColumnChanges,
  checkUpdatable,
  markArchived,
  requireChanges,
} from '../../platform/records.js'
import type { CustomerCreate, CustomerListQuery, CustomerUpdate } from './schema.js'
import { consentFields } from './schema.js'

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
  archived_at: Date | null
  merged_into_id: string | null
  version: number
  created_at: Date
  updated_at: Date
  /** The reading integration's own external id, if it set one. */
  external_id: string | null
  merged_into_public_id: string | null
}

/** The reader: a shop, and the integration whose external ids it sees (none for the shop's own tools). */
export type Reader = Actor

const columns = `c.shop_id, c.id, c.public_id, c.first_name, c.last_name, c.company_name, c.email, c.phone, c.phone_alt,
  c.address_line1, c.address_city, c.address_region, c.address_postal_code, c.address_country, c.preferred_contact,
  c.consent_sms_transactional, c.consent_sms_marketing, c.consent_email_transactional, c.consent_email_marketing,
  c.consent_voice, c.consent_do_not_call, c.notes, c.tags, c.fleet_account, c.tax_exempt, c.archived_at,
  c.merged_into_id, c.version, c.created_at, c.updated_at, r.external_id, m.public_id as merged_into_public_id`

const insertedColumns = `${columns.replace(/\bc\./g, '').replace(/, r\.external_id, m\.public_id as merged_into_public_id$/, '')},
  null::text as external_id, null::text as merged_into_public_id`

function fromClause(params: SqlParams, reader: Reader): string {
  return `customers c
    left join external_refs r on r.shop_id = c.shop_id and r.integration_id = ${params.add(reader.integrationId, 'uuid')}
      and r.object_type = 'customer' and r.object_id = c.id
    left join customers m on m.shop_id = c.shop_id and m.id = c.merged_into_id`
}

// API field -> column(s). Phones also keep the normalized form that filters compare.
const directColumns = {
  first_name: 'first_name',
  last_name: 'last_name',
  company_name: 'company_name',
  email: 'email',
  address: 'address_line1',
  city: 'address_city',
  region: 'address_region',
  postal_code: 'address_postal_code',
  country: 'address_country',
  preferred_contact: 'preferred_contact',
  notes: 'notes',
  tags: 'tags',
  fleet_account: 'fleet_account',
  tax_exempt: 'tax_exempt',
} as const

function toColumnChanges(input: CustomerCreate | CustomerUpdate, region: CountryCode): ColumnChanges {
  const changes: ColumnChanges = {}
  const fields = input as Record<string, unknown>
  for (const [field, column] of Object.entries(directColumns)) {
    const value = fields[field]
    if (value === undefined) continue
    // changed_fields name the field as a GET shows it: `address.city`, not the flat input `city`.
    const shown = column.startsWith('address_')
      ? `address.${column === 'address_line1' ? 'line1' : column.slice(8)}`
      : field
    changes[column] = { field: shown, value: field === 'tags' && value === null ? [] : value }
  }
  for (const field of ['phone', 'phone_alt'] as const) {
    const value = input[field]
    if (value === undefined) continue
    changes[field] = { field, value }
    changes[`${field}_normalized`] = { field: null, value: normalizePhone(value, region) }
  }
  for (const flag of consentFields) {
    const value = input.consent?.[flag]
    if (value !== undefined) changes[`consent_${flag}`] = { field: `consent.${flag}`, value }
  }
  return changes
}

export async function getCustomer(
  db: Queryable,
  reader: Reader,
  publicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CustomerRow> {
  const params = new SqlParams()
  const { rows } = await db.query<CustomerRow>({
    // Prepared once per connection: the hottest read of the API.
    name: options.forUpdate ? 'customer-get-for-update' : 'customer-get',
    text: `select ${columns} from ${fromClause(params, reader)}
     where c.shop_id = ${params.add(reader.shopId, 'uuid')} and c.public_id = ${params.add(publicId, 'text')}
     ${options.forUpdate ? 'for update of c' : ''}`,
    values: params.values,
  })
  const row = rows[0]
  if (!row) throw new ApiError('not_found', `No customer ${publicId} in this shop`, { param: 'public_id' })
  return row
}

export async function listCustomers(
  db: Queryable,
  reader: Reader,
  filters: Omit<CustomerListQuery, 'limit' | 'cursor' | 'sort'>,
  region: CountryCode,
  page: PageRequest,
): Promise<Page<CustomerRow>> {
  const params = new SqlParams()
  const from = fromClause(params, reader)
  const where = [`c.shop_id = ${params.add(reader.shopId, 'uuid')}`]
  if (filters.lifecycle === 'active') where.push('c.archived_at is null')
  if (filters.lifecycle === 'archived') where.push('c.archived_at is not null')
  if (filters.q !== undefined) {
    where.push(`c.search_text like ${params.add(containsPattern(filters.q.toLowerCase()), 'text')}`)
  }
  if (filters.email) where.push(`lower(c.email) = lower(${params.add(filters.email.trim(), 'text')})`)
  if (filters.phone) {
    const phone = params.add(normalizePhone(filters.phone, region) ?? '', 'text')
    where.push(`(c.phone_normalized = ${phone} or c.phone_alt_normalized = ${phone})`)
  }
  if (filters.external_id !== undefined) {
    where.push(`r.external_id = ${params.add(filters.external_id, 'text')}`)
  }
  if (filters.updated_after) where.push(`c.updated_at > ${params.add(filters.updated_after, 'timestamptz')}`)
  return fetchPage<CustomerRow>(db, { select: columns, from, where, params, alias: 'c' }, page)
}

export function customerSummary(row: {
  first_name: string
  last_name: string
  company_name?: string | null | undefined
}) {
  return { first_name: row.first_name, last_name: row.last_name, company_name: row.company_name ?? null }
}

export async function createCustomer(
  tx: Queryable,
  actor: Actor,
  input: CustomerCreate,
  region: CountryCode,
): Promise<CustomerRow> {
  const changes = toColumnChanges(input, region)
  const names = Object.keys(changes)
  const params = new SqlParams()
  const publicId = newPublicId('customer')
  const values = [params.add(actor.shopId, 'uuid'), params.add(publicId, 'text')]
  for (const name of names) values.push(params.add(changes[name]?.value, columnType(name)))
  // A new customer has no external id and no merge yet: the insert returns the whole row, and its
  // event is written by the same statement.
  const created: NewEvent = {
    type: 'customer.created',
    objectType: 'customer',
    objectId: publicId,
    summary: customerSummary(input),
  }
  const text = `with recorded as (${insertEventsSql(params, actor, [created])})
     insert into customers (shop_id, public_id, ${names.join(', ')}) values (${values.join(', ')})
     returning ${insertedColumns}`
  const { rows } = await tx.query<CustomerRow>({
    name: statementName('customer-create', text),
    text,
    values: params.values,
  })
  const row = rows[0] as CustomerRow
  return row
}

function columnType(column: string): string {
  if (column === 'tags') return 'text[]'
  if (column.startsWith('consent_') || column === 'fleet_account' || column === 'tax_exempt') return 'boolean'
  return 'text'
}

export async function updateCustomer(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: CustomerUpdate,
  region: CountryCode,
): Promise<CustomerRow> {
  const row = await getCustomer(tx, actor, publicId, { forUpdate: true })
  checkUpdatable('customer', row, input.expected_version)
  const changed = requireChanges(row, toColumnChanges(input, region))
  await applyChanges(tx, 'customers', row, changed.columns, columnType)
  const updated = await getCustomer(tx, actor, publicId)
  await recordEvents(tx, actor, [
    {
      type: 'customer.updated',
      objectType: 'customer',
      objectId: publicId,
      summary: { ...customerSummary(updated), changed_fields: changed.fields },
    },
  ])
  return updated
}

/** Archiving an archived customer changes nothing and records nothing. */
export async function archiveCustomer(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  reason: string | null,
): Promise<CustomerRow> {
  const row = await getCustomer(tx, actor, publicId, { forUpdate: true })
  if (row.archived_at) return row
  await markArchived(tx, 'customers', row, reason)
  const archived = await getCustomer(tx, actor, publicId)
  await recordEvents(tx, actor, [
    {
      type: 'customer.archived',
      objectType: 'customer',
      objectId: publicId,
      summary: { ...customerSummary(archived), reason },
    },
  ])
  return archived
}

export interface MergeResult {
  merged: CustomerRow
  survivor: CustomerRow
  repointedVehicles: string[]
}

/**
 * A shop-side merge (`shopapi customers merge`): the merged customer stays readable, archived, with
 * `merged_into`; its vehicles and external ids move to the survivor; events record all of it.
 */
export async function mergeCustomers(pool: pg.Pool, fromPublicId: string, intoPublicId: string): Promise<MergeResult> {
  for (const id of [fromPublicId, intoPublicId]) {
    if (!isPublicId('customer', id)) throw new ApiError('invalid_id', `"${id}" is not a customer id (cus_...)`)
  }
  if (fromPublicId === intoPublicId) throw new UsageError('A customer cannot be merged into itself')
  return withTransaction(pool, async (tx) => {
    const shops = await tx.query<{ shop_id: string; public_id: string }>(
      'select shop_id, public_id from customers where public_id = any($1::text[]) order by id for update',
      [[fromPublicId, intoPublicId]],
    )
    const from = shops.rows.find((r) => r.public_id === fromPublicId)
    const into = shops.rows.find((r) => r.public_id === intoPublicId)
    if (!from) throw new UsageError(`No customer ${fromPublicId}`)
    if (!into) throw new UsageError(`No customer ${intoPublicId}`)
    if (from.shop_id !== into.shop_id) throw new UsageError('Both customers must belong to the same shop')
    const actor: Actor = { shopId: from.shop_id, integrationId: null }
    const source = await getCustomer(tx, actor, fromPublicId)
    const target = await getCustomer(tx, actor, intoPublicId)
    if (source.merged_into_public_id) {
      throw new UsageError(`${fromPublicId} was already merged into ${source.merged_into_public_id}`)
    }
    if (target.merged_into_public_id) {
      throw new UsageError(`${intoPublicId} was merged into ${target.merged_into_public_id}: merge into that one`)
    }
    await tx.query(
      `update customers set merged_into_id = $3::uuid, archived_at = coalesce(archived_at, now()),
         version = version + 1, updated_at = date_trunc('milliseconds', now())
       where shop_id = $1::uuid and id = $2::uuid`,
      [actor.shopId, source.id, target.id],
    )
    const vehicles = await tx.query<{ public_id: string }>(
      `update vehicles set customer_id = $3::uuid, version = version + 1, updated_at = date_trunc('milliseconds', now())
       where shop_id = $1::uuid and customer_id = $2::uuid returning public_id`,
      [actor.shopId, source.id, target.id],
    )
    await moveExternalIdsOnMerge(tx, actor.shopId, 'customer', source.id, target.id)
    await tx.query(
      `update customers set version = version + 1, updated_at = date_trunc('milliseconds', now())
       where shop_id = $1::uuid and id = $2::uuid`,
      [actor.shopId, target.id],
    )
    const repointed = vehicles.rows.map((v) => v.public_id).sort()
    const events: NewEvent[] = [
      {
        type: 'customer.merged',
        objectType: 'customer',
        objectId: intoPublicId,
        summary: { merged_from_id: fromPublicId, merged_into_id: intoPublicId },
      },
      {
        type: 'customer.updated',
        objectType: 'customer',
        objectId: intoPublicId,
        summary: { ...customerSummary(target), changed_fields: [], merged_from_id: fromPublicId },
      },
      ...repointed.map(
        (vehicleId): NewEvent => ({
          type: 'vehicle.updated',
          objectType: 'vehicle',
          objectId: vehicleId,
          summary: { customer_id: intoPublicId, changed_fields: ['customer_id'] },
        }),
      ),
    ]
    await recordEvents(tx, actor, events)
    return {
      merged: await getCustomer(tx, actor, fromPublicId),
      survivor: await getCustomer(tx, actor, intoPublicId),
      repointedVehicles: repointed,
    }
  })
}
