import type { Queryable } from './pool.js'

// Two roles (docs/decisions/operations.md "Database and operations"): the owner of shopapi's tables runs the
// migrations; serve, worker and the staff commands log in as a role that owns nothing and holds the
// rights of the group role below, granted by migration 00018. A table's owner may disable its triggers
// or drop it, so only a service that is not the owner is held by the ledger's immutability triggers.

/** The NOLOGIN group role that migrations grant the service's rights to (rows, never DDL). */
export const runtimeGroupRole = 'shopapi_app'

/** What the embedded database's runtime login is called (an external database's DBA picks theirs). */
export const embeddedRuntimeUser = 'shopapi_runtime'

/** The line that says a change needs the owner, and how to make it as the owner. */
export function ownerNeeded(what: string): string {
  return `${what}, which only the owner of shopapi's tables may do, and this connection's role is not their owner: run \`shopapi migrate\` with SHOPAPI_MIGRATION_DATABASE_URL (or --migration-database-url) set to the owner's connection (README: External database)`
}

/** Whether this connection may create objects in `schema` (false when the schema does not exist). */
export async function mayCreateIn(db: Queryable, schema: string): Promise<boolean> {
  const { rows } = await db.query<{ allowed: boolean }>(
    `select exists (select 1 from pg_namespace where nspname = $1)
            and has_schema_privilege($1, 'create') as allowed`,
    [schema],
  )
  return rows[0]?.allowed ?? false
}

export interface ConnectionRole {
  name: string
  /** What makes this role more than a runtime role, or null when it is one. */
  excess: string | null
}

/**
 * Who this connection is, and whether it could change what it should only read and write: a
 * superuser, a role with CREATEROLE (which can make itself a member of the owner), or the owner (or a
 * member of the owner) of a table of shopapi's.
 */
export async function describeConnectionRole(db: Queryable): Promise<ConnectionRole> {
  const { rows } = await db.query<{ name: string; superuser: boolean; createrole: boolean; owns: string | null }>(
    `select r.rolname as name, r.rolsuper as superuser, r.rolcreaterole as createrole,
            (select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p')
                and pg_has_role(c.relowner, 'member')
              order by c.relname limit 1) as owns
       from pg_roles r where r.rolname = current_user`,
  )
  const row = rows[0]
  if (!row) return { name: 'unknown', excess: null }
  const excess = row.superuser
    ? 'is a superuser'
    : row.createrole
      ? 'has CREATEROLE'
      : row.owns !== null
        ? `owns shopapi's tables (${row.owns}, …)`
        : null
  return { name: row.name, excess }
}

/** The warning `serve` and `worker` give when they run as more than a runtime role. */
export function runtimeRoleWarning(role: ConnectionRole): string | null {
  if (role.excess === null) return null
  return `warning: connected to PostgreSQL as ${role.name}, which ${role.excess}: it could disable the triggers that keep posted invoices and payments immutable. Set DATABASE_URL to a role that owns nothing and is a member of ${runtimeGroupRole}, and SHOPAPI_MIGRATION_DATABASE_URL to the owner (README: External database)`
}
