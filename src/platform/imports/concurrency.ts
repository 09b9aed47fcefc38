// What every import shares about running beside others.
import type { Queryable } from '../../db/pool.js'

/**
 * Takes the transaction-level advisory lock of an import (`<shop id>:customers`), held until the
 * transaction ends: two imports of one resource in one shop take turns, so both cannot find a key
 * missing and create it. Taken before the lookup of existing records and before any lock_timeout, as
 * the other import's transaction is bounded (a batch).
 */
export async function lockImport(tx: Queryable, name: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtextextended('shopapi.import:' || $1::text, 0))", [name])
}
