import type { Queryable } from './pool.js'

/** The server's version string (`show server_version`): the first statement `shopapi status` tries. */
export async function serverVersion(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ server_version: string }>('show server_version')
  return rows[0]?.server_version ?? null
}

/**
 * Which of `names` exist as tables in the current schema, and whether this role may read each: a
 * table it may not read is named `unreadable:<name>`.
 */
export async function readableTables(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string; readable: boolean }>(
    `select c.relname as name, has_table_privilege(c.oid, 'select') as readable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
       and c.relname = any($1::text[])`,
    [names],
  )
  return new Set(rows.map((row) => (row.readable ? row.name : `unreadable:${row.name}`)))
}
