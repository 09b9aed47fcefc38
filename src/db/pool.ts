import pg from 'pg'
import { clientClassFor, clientConfigFor } from './hosts.js'

// Timestamps are read as Date and `numeric` stays a string (money must never pass through a float).
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>

export interface ConnectionLog {
  warn(details: object, message: string): void
}

/**
 * How long a request waits for a connection before it is answered 503: while the database is away
 * requests fail fast instead of queueing until the client gives up.
 */
export const connectTimeoutMs = 5_000

/**
 * The planner's cost of a random page read, for every connection of the application: that of a
 * sequential one (1), as Postgres advises when the data is read from memory, which a shop's tables
 * are. It also makes list pages plan the same with or without statistics: an ordered index scan then
 * never costs more than reading the same rows by bitmap and sorting them, so a page (`order by ...
 * limit`) is read in index order under its limit even when the planner knows nothing of the table.
 * Right after a bulk load, before autovacuum analyzes it, every equality is guessed at 0.5 % of the
 * rows and a deep page at a handful: at the default (4) that guess sorted every earlier row of the
 * shop instead (test/platform/list-plans.test.ts).
 */
export const plannerOptions = '-c random_page_cost=1'

export interface PoolOptions {
  max?: number
  applicationName?: string
  /** false: commits do not wait for the disk (bookkeeping whose loss in a crash only repeats work). */
  synchronousCommit?: boolean
  /**
   * true: every execution of a named statement is planned for its parameters (plan_cache_mode =
   * force_custom_plan), never with the generic plan Postgres otherwise settles on after five runs.
   * For statements whose best plan depends on the size of their array or JSON parameters and on
   * tables that grow while the connection lives: a generic plan made when the table was small keeps
   * its guesses until the next ANALYZE.
   */
  customPlans?: boolean
  /**
   * The API's bound on one statement (statement_timeout, ms): Postgres cancels a statement that runs
   * longer (SQLSTATE 57014), which the API answers 503 with Retry-After. Set with it: an
   * idle-in-transaction bound (`idleInTransactionTimeout`), so a request stuck between the statements
   * of its transaction cannot hold its row locks and connection for ever. Absent: no bound (the CLI's
   * bulk work, migrations, the worker).
   */
  statementTimeoutMs?: number
  log?: ConnectionLog
}

/**
 * How long an API connection may sit idle inside a transaction before Postgres ends its session. A
 * request's transaction is idle only between its own statements, for milliseconds; a minute leaves
 * room for an event loop stalled by load and still frees the locks of a request that hangs.
 */
export const idleInTransactionTimeout = '1min'

/** The startup options of a connection: session settings in force from its first statement. */
function sessionOptions(options: PoolOptions): string {
  const settings = [plannerOptions]
  if (options.synchronousCommit === false) settings.push('-c synchronous_commit=off')
  if (options.customPlans) settings.push('-c plan_cache_mode=force_custom_plan')
  if (options.statementTimeoutMs !== undefined) {
    settings.push(`-c statement_timeout=${Math.max(1, Math.round(options.statementTimeoutMs))}`)
    settings.push(`-c idle_in_transaction_session_timeout=${idleInTransactionTimeout}`)
  }
  return settings.join(' ')
}

export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    // Several hosts (target_session_attrs=read-write): each new client connects to the writable one.
    ...clientConfigFor(connectionString),
    Client: clientClassFor(connectionString),
    options: sessionOptions(options),
    max: options.max ?? 20,
    application_name: options.applicationName ?? 'shopapi',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    // A peer that vanished without closing (failover, network cut) is noticed by the kernel.
    keepAlive: true,
  })
  // pg's pool only listens for errors on idle clients: a checked-out client whose connection is cut
  // (a database restart, 57P01) emits 'error' on itself, which unhandled would end the process. The
  // query in flight fails on its own (503 for requests), and the pool discards the broken client on
  // release, so logging is all that is left to do. This listener lives as long as the client.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.log?.warn(connectionErrorDetails(error), 'lost a database connection'))
  })
  // The idle-client errors pool re-emits were already logged by the listener above.
  pool.on('error', () => {})
  return pool
}

/** What a log line may say about a connection error: never the connection string. */
export function connectionErrorDetails(error: unknown): { code: string | undefined; message: string } {
  const { code, message } = error as { code?: string; message?: string }
  return { code, message: message ?? String(error) }
}

// SQLSTATE 08 (connection exception; 08001 also when no host of DATABASE_URL accepts writes),
// 57P01-57P03 (the server is shutting down or starting up), 53300 (no connection slot left), 25006 (a
// write on a read-only session: the primary was demoted to a standby under the connection), and what
// Node and pg say when the socket is gone.
const unavailableCodes = new Set([
  '25006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]

/**
 * True when `error` means the database cannot be reached right now (restart, failover, network),
 * as opposed to a failure of the statement itself: the request is worth retrying as is.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (code.startsWith('08') || unavailableCodes.has(code))) return true
    if (typeof message === 'string' && unavailableMessages.some((known) => message.startsWith(known))) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** True when Postgres cancelled the statement: its statement_timeout ran out (or someone cancelled it). */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '57014'
}

// A write waits at most this long for a row another write holds, then fails with 55P03 (a 409).
export const lockTimeout = '5s'

/**
 * Statements that travel with BEGIN and COMMIT instead of in round trips of their own (the simple
 * query protocol sends several statements in one message). They take no parameters: build them with
 * `sqlLiteral`, never by pasting input.
 */
export interface TransactionSteps<T> {
  /** Runs right after BEGIN, in the same round trip; its result reaches `work`. */
  opening?: string
  /** Runs right before COMMIT, in the same round trip; an error in it rolls everything back. */
  closing?: (result: T) => string | undefined
}

/** A value as an SQL literal, quoted and escaped (pg's escapeLiteral), for TransactionSteps. */
export function sqlLiteral(value: string): string {
  return pg.escapeLiteral(value)
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (tx: pg.PoolClient, opened: pg.QueryResult | undefined) => Promise<T>,
  steps: TransactionSteps<T> = {},
): Promise<T> {
  const client = await pool.connect()
  // A client whose connection failed goes out of the pool now, not when its socket's end is noticed,
  // so the next request does not pick it up.
  let broken = false
  try {
    const begin = `begin; set local lock_timeout = '${lockTimeout}'`
    let opened: pg.QueryResult | undefined
    if (steps.opening) {
      // Several statements answer with one result each; the opening statement's is the last.
      const results = (await client.query(`${begin}; ${steps.opening}`)) as unknown as pg.QueryResult[]
      opened = results.at(-1)
    } else {
      await client.query(begin)
    }
    const result = await work(client, opened)
    // When the connection is lost during COMMIT the outcome is unknown; the request fails (503) and
    // its retry is safe: the idempotency record commits with the change, so it replays or runs once.
    // A failing closing statement stops the message before COMMIT: the catch below rolls back.
    const closing = steps.closing?.(result)
    await client.query(closing ? `${closing}; commit` : 'commit')
    return result
  } catch (error) {
    // On a lost connection the server has already rolled the transaction back.
    broken = isDatabaseUnavailable(error)
    if (!broken) {
      await client.query('rollback').catch(() => {
        broken = true
      })
    }
    throw error
  } finally {
    client.release(broken)
  }
}
