import type pg from 'pg'
import type { Config } from '../config.js'
import { type EmbeddedDatabase, openEmbeddedDatabase } from './embedded.js'
import { runMigrations } from './migrate.js'
import { type ConnectionLog, createPool } from './pool.js'

export interface Database {
  pool: pg.Pool
  url: string
  /** Set when the database is the embedded one. */
  embedded: EmbeddedDatabase | undefined
  /** The migrations this open applied (empty when the database was current). */
  appliedMigrations: string[]
  /** Closes the pool, then stops the embedded server if this process started it. */
  close(): Promise<void>
}

/**
 * DATABASE_URL when configured, otherwise the embedded PostgreSQL in the data directory; migrated,
 * unless `migrate: false` (`shopapi status` reports pending migrations rather than applying them).
 */
export async function openDatabase(
  config: Config,
  options: {
    onProgress?: (message: string) => void
    applicationName?: string
    log?: ConnectionLog
    migrate?: boolean
    /** serve's API pool: the statement timeout of its connections (PoolOptions.statementTimeoutMs). */
    statementTimeoutMs?: number
  } = {},
): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await openEmbeddedDatabase(config.dataDir, options.onProgress ? { onProgress: options.onProgress } : {})
  const url = config.databaseUrl ?? (embedded as EmbeddedDatabase).url
  let appliedMigrations: string[]
  try {
    appliedMigrations = options.migrate === false ? [] : await runMigrations(url)
  } catch (error) {
    await embedded?.stop()
    throw error
  }
  const pool = createPool(url, {
    max: config.dbPoolSize,
    ...(options.applicationName ? { applicationName: options.applicationName } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.statementTimeoutMs !== undefined ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
  })
  return {
    pool,
    url,
    embedded,
    appliedMigrations,
    async close() {
      await pool.end().catch(() => {})
      await embedded?.stop()
    },
  }
}
