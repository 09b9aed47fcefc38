import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'
import { migrate } from 'postgres-migrations'
import { NewerSchemaError } from '../lib/errors.js'
import { createClient } from './hosts.js'
import { installJobQueue } from './job-queue.js'
import type { Queryable } from './pool.js'
import { mayCreateIn, ownerNeeded } from './roles.js'

export const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url))

// postgres-migrations takes a session advisory lock, so two processes starting at once apply each
// migration exactly once; the second waits and then finds nothing to do. Then pg-boss's schema and
// queues (src/db/job-queue.ts). Run as the owner of the tables; any other role may run it only when
// there is nothing to do, and is told to migrate as the owner when there is.
export async function runMigrations(connectionString: string): Promise<string[]> {
  const client = createClient(connectionString, { application_name: 'shopapi-migrate' })
  // A connection cut mid-migration fails the statement in flight, which start-up reports; unhandled,
  // the client's own 'error' event would end the process before that.
  client.on('error', () => {})
  await client.connect()
  try {
    await refuseNewerSchema(client)
    await refusePendingWithoutOwner(client)
    const applied = await migrate({ client }, migrationsDir, { logger: () => {} })
    await installJobQueue(client)
    return applied.map((m) => m.name)
  } finally {
    await client.end()
  }
}

/** The name of a migration as its file is named (id 21, "x": 00021_x). */
function migrationLabel(id: number, name: string): string {
  return `${String(id).padStart(5, '0')}_${name}`
}

/**
 * The first migration applied to this database that this build does not ship (see NewerSchemaError),
 * or undefined. Nothing to compare before the migrations table exists; a role that may not read it is
 * told what to do by refusePendingWithoutOwner, or by the statement that fails.
 */
export async function newerMigration(db: Queryable): Promise<string | undefined> {
  const exists = await db.query<{ present: boolean }>("select to_regclass('public.migrations') is not null as present")
  if (!exists.rows[0]?.present) return undefined
  let applied: { id: number; name: string }[]
  try {
    applied = (await db.query<{ id: number; name: string }>('select id, name from migrations where id > 0 order by id'))
      .rows
  } catch (error) {
    if ((error as { code?: string }).code === '42501') return undefined
    throw error
  }
  const files = new Map((await listMigrationFiles()).map((file) => [file.id, file.name]))
  const unknown = applied.find((row) => files.get(row.id) !== row.name)
  return unknown ? migrationLabel(unknown.id, unknown.name) : undefined
}

/** Throws NewerSchemaError when a newer shopapi migrated this database. */
export async function refuseNewerSchema(db: Queryable): Promise<void> {
  const migration = await newerMigration(db)
  if (migration) throw new NewerSchemaError(migration)
}

/**
 * Pending migrations and a role that may not apply them (the service's runtime role) fail with one
 * line naming them and how to apply them, before postgres-migrations fails on the first statement.
 * The role that may is the owner of the migrations table, or on a new database one that may create
 * tables in it.
 */
async function refusePendingWithoutOwner(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ owner: boolean | null }>(
    `select case when to_regclass('public.migrations') is null then null
                 else pg_has_role((select relowner from pg_class where oid = to_regclass('public.migrations')), 'usage')
            end as owner`,
  )
  const owner = rows[0]?.owner ?? null
  if (owner === true || (owner === null && (await mayCreateIn(client, 'public')))) return
  const files = await listMigrationFiles()
  let appliedIds: number[] = []
  if (owner === false) {
    try {
      appliedIds = (await client.query<{ id: number }>('select id from migrations where id > 0')).rows.map(
        (row) => row.id,
      )
    } catch (error) {
      // 42501: not even readable, so the grants of 00018 are missing too.
      if ((error as { code?: string }).code === '42501') throw new Error(ownerNeeded('the database must be migrated'))
      throw error
    }
  }
  const applied = new Set(appliedIds)
  const pending = files.filter((file) => !applied.has(file.id)).map((file) => file.file)
  if (pending.length === 0) return
  const names = `${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ` and ${pending.length - 3} more` : ''}`
  throw new Error(ownerNeeded(`${pending.length} migration(s) must be applied (${names})`))
}

/**
 * The migration files this build ships, by number (00016_worker-heartbeat.sql: 16), in order, with
 * the name postgres-migrations records for each (worker-heartbeat).
 */
export async function listMigrationFiles(): Promise<{ id: number; file: string; name: string }[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d+[-_].*\.sql$/.test(f)).sort()
  return files.map((file) => ({
    id: Number.parseInt(file, 10),
    file,
    name: file.replace(/^\d+[-_]?/, '').replace(/\.sql$/, ''),
  }))
}

let migrationFiles: Promise<number> | undefined

/** The number of migration files this build ships; read once, since they cannot change while running. */
export function migrationFileCount(): Promise<number> {
  migrationFiles ??= readdir(migrationsDir).then((files) => files.filter((f) => /^\d+[-_].*\.sql$/.test(f)).length)
  return migrationFiles
}

/** True when every migration file has been applied (the `migrations` table counts id 0, its own). */
export async function migrationsCurrent(db: pg.Pool): Promise<boolean> {
  const expected = await migrationFileCount()
  const exists = await db.query<{ present: boolean }>("select to_regclass('public.migrations') is not null as present")
  if (!exists.rows[0]?.present) return false
  const result = await db.query<{ applied: number }>('select count(*)::int as applied from migrations where id > 0')
  return (result.rows[0]?.applied ?? 0) >= expected
}

/** The numbers of the migrations applied to this database (the table's own row, id 0, left out). */
export async function appliedMigrationIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('select id from migrations where id > 0')
  return rows.map((row) => row.id)
}
