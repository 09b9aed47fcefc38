import type { Queryable } from './pool.js'

const tableName = /^[a-z_][a-z0-9_]*$/

/**
 * ANALYZE of tables a bulk write has just filled, so the planner knows their size and values at once
 * instead of when autovacuum gets to them (after 10 % of a table changed, up to a minute later).
 * Run it after the write has committed, outside any transaction: the write's transaction and its
 * locks stay short, and a failed ANALYZE cannot take the write back. ANALYZE is for a table's owner,
 * which the service's role is not: it asks shopapi_analyze (migration 00018), which runs as the owner
 * and analyzes shopapi's own tables only.
 */
export async function analyzeTables(db: Queryable, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return
  for (const table of tables) {
    if (!tableName.test(table)) throw new Error(`Not a table name: ${table}`)
  }
  await db.query('select shopapi_analyze($1::text[])', [tables])
}
