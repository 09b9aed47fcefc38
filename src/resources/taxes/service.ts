import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { decimalInputs, ExactDecimal, formatQuantity, type TaxCategory, taxCategories } from '../../lib/money.js'
import type { Actor } from '../../platform/events.js'
import { decimalInput } from '../../platform/money-schemas.js'
import { repriceOpenRepairOrders } from '../shop-floor/pricing.js'
import { shopTaxes, type TaxRow } from '../shop-floor/taxes.js'

export type { TaxRow }

export interface TaxInput {
  name: string
  /** Percent, at most 4 decimal places: "8.875". Required for a new tax. */
  rate?: string | undefined
  /** Comma-separated categories: "labor,parts,fees" (the default for a new tax). */
  appliesTo?: string | undefined
}

/** How a tax prints: the rate in percent without trailing zeros ("8.875"), categories in their order. */
export function presentTax(row: TaxRow) {
  return {
    name: row.name,
    rate: formatQuantity(new ExactDecimal(row.rate), 4),
    applies_to: row.applies_to,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

function taxName(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length < 1 || trimmed.length > 100) {
    throw new ApiError('invalid_request', 'name must be 1-100 characters', { param: 'name' })
  }
  return trimmed
}

function categories(list: string): TaxCategory[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const unknown = names.filter((name) => !(taxCategories as readonly string[]).includes(name))
  if (names.length === 0 || unknown.length > 0) {
    throw new ApiError(
      'invalid_request',
      `applies-to must list some of ${taxCategories.join(', ')}${unknown.length > 0 ? `, not ${unknown.join(', ')}` : ''}`,
      { param: 'applies-to' },
    )
  }
  return taxCategories.filter((category) => names.includes(category))
}

/**
 * Creates the tax `name` (case-insensitive) or changes its rate and categories, then reprices every
 * repair order of the shop that is not invoiced yet, in this transaction: an order's totals always
 * follow the shop's taxes until its invoice is posted.
 */
export async function setTax(
  tx: Queryable,
  actor: Actor,
  input: TaxInput,
): Promise<{ tax: TaxRow; created: boolean; repriced: number }> {
  const name = taxName(input.name)
  const rate = input.rate === undefined ? null : decimalInput(input.rate, 'rate', decimalInputs.taxRate)
  const appliesTo = input.appliesTo === undefined ? null : categories(input.appliesTo)
  const existing = await tx.query(
    'select 1 from taxes where shop_id = $1::uuid and lower(name) = lower($2::text) for update',
    [actor.shopId, name],
  )
  if (existing.rows.length === 0 && rate === null) {
    throw new ApiError('invalid_request', `rate is required for the new tax "${name}"`, { param: 'rate' })
  }
  if (existing.rows.length > 0 && rate === null && appliesTo === null) {
    throw new ApiError('invalid_request', 'Nothing to change: give --rate or --applies-to', { param: 'rate' })
  }
  const { rows } = await tx.query<TaxRow & { created: boolean }>(
    `insert into taxes (shop_id, name, rate, applies_to)
     values ($1::uuid, $2::text, $3::numeric, coalesce($4::text[], array['labor', 'parts', 'fees']))
     on conflict (shop_id, lower(name)) do update set name = excluded.name,
       rate = coalesce($3::numeric, taxes.rate), applies_to = coalesce($4::text[], taxes.applies_to),
       updated_at = date_trunc('milliseconds', now())
     returning id, name, rate::text as rate, applies_to, created_at, updated_at, xmax = 0 as created`,
    [actor.shopId, name, rate?.toFixed() ?? null, appliesTo],
  )
  const { created, ...tax } = rows[0] as TaxRow & { created: boolean }
  return { tax, created, repriced: await repriceOpenRepairOrders(tx, actor) }
}

/** Removes the tax `name` and reprices the orders not invoiced yet. Posted invoices keep their copy. */
export async function removeTax(tx: Queryable, actor: Actor, name: string): Promise<{ tax: TaxRow; repriced: number }> {
  const { rows } = await tx.query<TaxRow>(
    `delete from taxes where shop_id = $1::uuid and lower(name) = lower($2::text)
     returning id, name, rate::text as rate, applies_to, created_at, updated_at`,
    [actor.shopId, name.trim()],
  )
  const tax = rows[0]
  if (!tax) throw new ApiError('not_found', `No tax named "${name.trim()}" in this shop`, { param: 'name' })
  return { tax, repriced: await repriceOpenRepairOrders(tx, actor) }
}

export function listTaxes(db: Queryable, actor: Actor): Promise<TaxRow[]> {
  return shopTaxes(db, actor.shopId)
}
