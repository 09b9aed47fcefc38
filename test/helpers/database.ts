import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Test } from 'tap'
import { openEmbeddedDatabase } from '../../src/db/embedded.js'
import { runMigrations } from '../../src/db/migrate.js'
import { createPool } from '../../src/db/pool.js'
import { runtimeGroupRole } from '../../src/db/roles.js'
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

/** A fresh, empty database of its own for one test file, dropped at the end; the server's admin owns it. */
export async function createEmptyDatabase(t: Test): Promise<string> {
  return (await createDatabase(t)).url
}

/** A database and the clean-ups to run after it is dropped (roles cannot go while it holds their objects). */
async function createDatabase(t: Test): Promise<{ url: string; afterDrop: ((admin: pg.Client) => Promise<void>)[] }> {
  const server = await serverUrl(t)
  const name = `shopapi_test_${randomBase62(8).toLowerCase()}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const afterDrop: ((admin: pg.Client) => Promise<void>)[] = []
  t.teardown(async () => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    try {
      await client.query(`drop database if exists ${name} with (force)`)
      for (const cleanup of afterDrop) await cleanup(client)
    } finally {
      await client.end()
    }
  })
  const url = withDatabaseName(server, name)
  cleanupsAfterDrop.set(url, afterDrop)
  return { url, afterDrop }
}

/** The clean-ups of each database this process created, by its owner's url. */
const cleanupsAfterDrop = new Map<string, ((admin: pg.Client) => Promise<void>)[]>()

export interface TestDatabase {
  /** The service's connection: a login role that owns nothing, a member of shopapi_app (as in production). */
  url: string
  /** A pool on `url`: what the app, the worker and the staff operations use. */
  pool: pg.Pool
  /**
   * The owner's connection (the server's admin, which ran the migrations), for what only a test does:
   * DDL, session_replication_role, the triggers' own checks.
   */
  owner: { url: string; pool: pg.Pool }
}

/**
 * A fresh database, migrated by its owner, and a pool on it as a runtime login of its own (created
 * for this test file, dropped after the database), so every test exercises the rights the service has.
 */
export async function createTestDatabase(t: Test): Promise<TestDatabase> {
  const { url: ownerUrl } = await createDatabase(t)
  await runMigrations(ownerUrl)
  const url = await createRuntimeLogin(ownerUrl)
  const pool = createPool(url, { max: 10 })
  const ownerPool = createPool(ownerUrl, { max: 3 })
  t.teardown(async () => {
    await pool.end()
    await ownerPool.end()
  })
  return { url, pool, owner: { url: ownerUrl, pool: ownerPool } }
}

/**
 * A login role member of shopapi_app (created first when missing, as the README's SQL for an external
 * database does), with a password (the embedded test server asks for one), and its connection to the
 * database of `ownerUrl` (one of createEmptyDatabase's). Roles belong to the server, so each has its
 * own, dropped after its database.
 */
export async function createRuntimeLogin(ownerUrl: string): Promise<string> {
  const afterDrop = cleanupsAfterDrop.get(ownerUrl)
  if (!afterDrop) throw new Error('createRuntimeLogin: not a database of createEmptyDatabase')
  const user = `shopapi_test_rt_${randomBase62(10).toLowerCase()}`
  const password = randomBase62(24)
  const admin = new pg.Client({ connectionString: ownerUrl })
  await admin.connect()
  try {
    await admin.query(`do $$ begin
      create role ${runtimeGroupRole} nologin;
    exception when duplicate_object or unique_violation then null;
    end $$`)
    await admin.query(`create role ${user} login password '${password}' in role ${runtimeGroupRole}`)
  } finally {
    await admin.end()
  }
  afterDrop.push(async (server) => {
    await server.query(`drop role if exists ${user}`)
  })
  const parsed = new URL(ownerUrl)
  parsed.username = user
  parsed.password = password
  return parsed.toString()
}
