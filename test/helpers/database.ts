import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { t as rootTest, type Test } from 'tap'
import { type EmbeddedDatabase, openEmbeddedDatabase } from '../../src/db/embedded.js'
import { createPool } from '../../src/db/pool.js'
import { runtimeGroupRole } from '../../src/db/roles.js'
import { randomBase62 } from '../../src/lib/ids.js'
import { createMigratedDatabase } from './template-database.js'

/**
 * The Postgres server tests run on: DATABASE_URL when set (npm test sets it to an embedded server
 * it starts when the machine has none), otherwise an embedded server of this test process, started
 * by the first database it needs and stopped when the file's tests are done.
 */
function serverUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return Promise.resolve(process.env.DATABASE_URL)
  ownServer ??= startOwnServer()
  return ownServer
}

let ownServer: Promise<string> | undefined

async function startOwnServer(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-test-pg-'))
  // Set as the server starts: a signal that comes while it opens (the postmaster already up, its
  // database and roles not yet made) must wait for the open to end and then stop it, or the server
  // outlives this process and keeps its directory.
  let opening: Promise<EmbeddedDatabase> | undefined
  const removeServer = async () => {
    const embedded = await opening?.catch(() => undefined)
    await embedded?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  // Ctrl-C (or tap's SIGTERM on a timeout) ends the file before its teardown: stop the server and
  // remove its directory first, then let the signal end the process as it would have (tap reports it).
  // The server runs in a session of its own (src/db/embedded.ts), so the terminal's Ctrl-C does not stop
  // it: this process must, and tap's SIGTERM that follows the SIGINT must not end it half way.
  const signals = ['SIGINT', 'SIGTERM'] as const
  const holdOn = () => {}
  const onSignal = async (signal: NodeJS.Signals) => {
    for (const each of signals) {
      process.off(each, onSignal)
      process.on(each, holdOn)
    }
    await removeServer().catch(() => {})
    for (const each of signals) process.off(each, holdOn)
    process.kill(process.pid, signal)
  }
  for (const signal of signals) process.on(signal, onSignal)
  rootTest.teardown(async () => {
    for (const signal of signals) process.off(signal, onSignal)
    await removeServer()
  })
  opening = openEmbeddedDatabase(dataDir, { durable: false })
  return (await opening).url
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

/**
 * A copy of the database of `sourceUrl` (one of createEmptyDatabase's, nobody connected to it), for a
 * test that builds a state once and starts several databases from it; dropped at the end like it.
 */
export async function createDatabaseCopy(t: Test, sourceUrl: string): Promise<string> {
  return (await createDatabase(t, { copyOf: new URL(sourceUrl).pathname.slice(1) })).url
}

/**
 * A database and the clean-ups to run after it is dropped (roles cannot go while it holds their objects):
 * empty, a clone of the migrated template (test/helpers/template-database.js), or a copy of another.
 */
async function createDatabase(
  t: Test,
  contents: 'empty' | 'migrated' | { copyOf: string } = 'empty',
): Promise<{ url: string; afterDrop: ((admin: pg.Client) => Promise<void>)[] }> {
  const server = await serverUrl()
  const name = `shopapi_test_${randomBase62(8).toLowerCase()}`
  if (contents === 'migrated') {
    await createMigratedDatabase(server, name)
  } else {
    const admin = new pg.Client({ connectionString: server })
    await admin.connect()
    try {
      if (contents === 'empty') await admin.query(`create database ${name}`)
      else if (/^[a-z0-9_]+$/.test(contents.copyOf))
        await admin.query(`create database ${name} template ${contents.copyOf}`)
      else throw new Error(`createDatabaseCopy: not a database of createEmptyDatabase: ${contents.copyOf}`)
    } finally {
      await admin.end()
    }
  }
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
 * A fresh database with the schema (a clone of the migrated template, owned like a migrated one by the
 * server's admin), and a pool on it as a runtime login of its own (created for this test file, dropped
 * after the database), so every test exercises the rights the service has. Tests of migrating itself
 * start from createEmptyDatabase instead.
 */
export async function createTestDatabase(t: Test): Promise<TestDatabase> {
  const { url: ownerUrl } = await createDatabase(t, 'migrated')
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
