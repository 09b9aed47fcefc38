import type { Queryable } from '../db/pool.js'
import { SqlParams } from '../db/sql.js'

/** Column -> new value, with the API field it comes from (null for derived columns such as normalized phones). */
export type ColumnChanges = Record<string, { field: string | null; value: unknown }>

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b)
  return a === b
}

/**
 * The columns whose value would change, and the API fields behind them; null when nothing would
 * (presence-aware PATCH: such a request is 400 no_changes).
 */
export function diffColumns(
  current: Record<string, unknown>,
  changes: ColumnChanges,
): { columns: Record<string, unknown>; fields: string[] } | null {
  const columns: Record<string, unknown> = {}
  const fields = new Set<string>()
  for (const [column, change] of Object.entries(changes)) {
    if (change.field === null || same(current[column] ?? null, change.value)) continue
    columns[column] = change.value
    fields.add(change.field)
  }
  if (fields.size === 0) return null
  for (const [column, change] of Object.entries(changes)) {
    if (change.field === null) columns[column] = change.value
  }
  return { columns, fields: [...fields] }
}

/** Writes changed columns and bumps `version` and `updated_at`, as every change does. */
export async function applyChanges(
  tx: Queryable,
  table: string,
  row: { shop_id: string; id: string },
  columns: Record<string, unknown>,
  columnType: (column: string) => string,
): Promise<void> {
  const params = new SqlParams()
  const sets = Object.entries(columns).map(([column, value]) => `${column} = ${params.add(value, columnType(column))}`)
  await tx.query(
    `update ${table} set ${sets.join(', ')}, version = version + 1, updated_at = date_trunc('milliseconds', now())
     where shop_id = ${params.add(row.shop_id, 'uuid')} and id = ${params.add(row.id, 'uuid')}`,
    params.values,
  )
}
