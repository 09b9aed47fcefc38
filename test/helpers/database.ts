import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Test } from 'tap'
import { openEmbeddedDatabase } from '../../src/db/embedded.js'
import { runMigrations } from '../../src/db/migrate.js'
import { createPool } from '../../src/db/pool.js'
import { randomBase62 } from '../../src/lib/ids.js'

/**
 * The Postgres server tests run on: DATABASE_URL when set (npm test sets it to an embedded server
 * it starts when the machine has none), otherwise an embedded server of this test process.
 */
async function serverUrl(t: Test): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-test-pg-'))
  const embedded = await openEmbeddedDatabase(dataDir, { durable: false })
  t.teardown(async () => {
    await embedded.stop()
    await rm(dataDir, { recursive: true, force: true })
  })
  return embedded.url
}

export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** A fresh, empty database of its own for one test file, dropped at the end. */
export async function createEmptyDatabase(t: Test): Promise<string> {
  const server = await serverUrl(t)
  const name = `shopapi_test_${randomBase62(8).toLowerCase()}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  t.teardown(async () => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
  })
  return withDatabaseName(server, name)
}

/** A fresh migrated database and a pool on it. */
export async function createTestDatabase(t: Test): Promise<{ url: string; pool: pg.Pool }> {
  const url = await createEmptyDatabase(t)
  await runMigrations(url)
  const pool = createPool(url, { max: 10 })
  t.teardown(() => pool.end())
  return { url, pool }
}
