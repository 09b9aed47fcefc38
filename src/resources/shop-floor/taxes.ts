import type { Queryable } from '../../db/pool.js'
import { ExactDecimal, type TaxCategory, type TaxRule } from '../../lib/money.js'

/** One of the shop's named taxes as stored: `rate` in percent (numeric, so a decimal string). */
export interface TaxRow {
  id: string
  name: string
  rate: string
  applies_to: TaxCategory[]
  created_at: Date
  updated_at: Date
}

/**
 * The shop's taxes in their fixed order (the order they were created in): the order of a job's taxes, of
 * an invoice's taxes and of the allocation of each to the lines.
 */
export async function shopTaxes(db: Queryable, shopId: string): Promise<TaxRow[]> {
  const { rows } = await db.query<TaxRow>(
    `select id, name, rate::text as rate, applies_to, created_at, updated_at from taxes
     where shop_id = $1::uuid order by position`,
    [shopId],
  )
  return rows
}

export function taxRule(row: TaxRow): TaxRule {
  return { rate: new ExactDecimal(row.rate), appliesTo: row.applies_to }
}
