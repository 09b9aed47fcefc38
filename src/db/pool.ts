import pg from 'pg'

// Timestamps are read as Date and `numeric` stays a string (money must never pass through a float).
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>

export function createPool(
  connectionString: string,
  options: { max?: number; applicationName?: string; synchronousCommit?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    ...(options.synchronousCommit === false ? { options: '-c synchronous_commit=off' } : {}),
    max: options.max ?? 20,
    application_name: options.applicationName ?? 'shopapi',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return pool
}

// A write waits at most this long for a row another write holds, then fails with 55P03 (a 409).
export const lockTimeout = '5s'

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(pool: pg.Pool, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query(`begin; set local lock_timeout = '${lockTimeout}'`)
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}
