import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrate } from 'postgres-migrations'

export const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url))

// postgres-migrations takes a session advisory lock, so two processes starting at once apply each
// migration exactly once; the second waits and then finds nothing to do.
export async function runMigrations(connectionString: string): Promise<string[]> {
  const client = new pg.Client({ connectionString, application_name: 'shopapi-migrate' })
  // A connection cut mid-migration fails the statement in flight, which start-up reports; unhandled,
  // the client's own 'error' event would end the process before that.
  client.on('error', () => {})
  await client.connect()
  try {
    const applied = await migrate({ client }, migrationsDir, { logger: () => {} })
    return applied.map((m) => m.name)
  } finally {
    await client.end()
  }
}

/** The migration files this build ships, by number (00016_worker-heartbeat.sql: 16), in order. */
export async function listMigrationFiles(): Promise<{ id: number; file: string }[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d+[-_].*\.sql$/.test(f)).sort()
  return files.map((file) => ({ id: Number.parseInt(file, 10), file }))
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
