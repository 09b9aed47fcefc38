import type pg from 'pg'
import { readableTables, serverVersion } from '../db/catalog.js'
import { appliedMigrationIds, listMigrationFiles, newerMigration } from '../db/migrate.js'
import { NewerSchemaError } from '../lib/errors.js'
import { keysUnusedFor } from '../platform/tenancy/api-keys.js'
import { heartbeatStaleMs, readHeartbeats } from '../platform/worker-heartbeat.js'
import { deliveryHealth } from '../resources/deliveries/service.js'
import { endpointsFailingFor } from '../resources/webhook-endpoints/operator.js'

// `shopapi status`: the appliance's health at a glance, read from the database only (it works while
// `serve` is down, and needs nothing but DATABASE_URL or the data directory). What fails and what
// only warns is said once here; the command prints it and exits 1 when anything fails.

/** `unknown`: not checked because another check failed first (the database, pending migrations). */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'unknown'

/** A delivery due this long ago and still not attempted: the worker is not keeping up (or not running). */
export const overdueAfterSeconds = 5 * 60
/** An endpoint failing this long is shown as near its automatic disabling (which comes at disableAfter). */
export const nearDisableAfterHours = 24
export const unusedKeyDays = 90

export interface Check {
  status: CheckStatus
  message: string
}

export interface ApplianceStatus {
  ok: boolean
  status: 'ok' | 'warn' | 'fail'
  checked_at: string
  checks: {
    database: Check & { version: string | null }
    migrations: Check & { applied: number; available: number; pending: string[]; unknown: number[] }
    worker: Check & {
      workers: {
        application_name: string
        hostname: string
        pid: number
        started_at: string
        last_beat_at: string
        seconds_since_beat: number
      }[]
    }
    deliveries: Check & {
      pending: number
      retrying: number
      overdue: number
      failed_last_24h: number
      oldest_pending_age_seconds: number | null
    }
    endpoints: Check & {
      near_auto_disable: {
        id: string
        integration_id: string
        url: string
        failing_since: string
        disables_at: string
      }[]
    }
    api_keys: Check & {
      unused: {
        prefix: string
        integration_id: string
        integration_name: string
        created_at: string
        last_used_at: string | null
      }[]
    }
  }
}

const iso = (value: Date) => value.toISOString()

/** The appliance's status: any fail fails it (an unknown check only follows a failed one). */
function worst(statuses: CheckStatus[]): 'ok' | 'warn' | 'fail' {
  if (statuses.includes('fail') || statuses.includes('unknown')) return 'fail'
  return statuses.includes('warn') ? 'warn' : 'ok'
}

function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`
}

function describeAge(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`
  return `${Math.round(seconds / 86_400)} d`
}

const notChecked = (why: string): Check => ({ status: 'unknown', message: `not checked: ${why}` })

/** Every check; a database that cannot be reached fails the first and leaves the others unchecked. */
export async function applianceStatus(pool: pg.Pool, options: { disableAfterMs: number }): Promise<ApplianceStatus> {
  const checkedAt = new Date()
  let version: string | null = null
  let reachError: string | undefined
  try {
    version = await serverVersion(pool)
  } catch (error) {
    reachError = (error as Error).message || String(error)
  }
  if (reachError !== undefined) return unreachableStatus(reachError, checkedAt)
  const tables = await existingTables(pool)
  return finish(checkedAt, {
    database: { status: 'ok', message: `reachable, PostgreSQL ${version}`, version },
    migrations: await checkMigrations(pool, tables),
    worker: await checkWorkers(pool, tables),
    deliveries: await checkDeliveries(pool, tables),
    endpoints: await checkEndpoints(pool, tables, options.disableAfterMs),
    api_keys: await checkKeys(pool, tables),
  })
}

/** Every check failed or unchecked: the database could not be opened or queried. */
export async function unreachableStatus(reason: string, checkedAt = new Date()): Promise<ApplianceStatus> {
  const why = 'the database is not reachable'
  return finish(checkedAt, {
    database: { status: 'fail', message: `not reachable: ${reason}`, version: null },
    migrations: {
      ...notChecked(why),
      applied: 0,
      available: (await listMigrationFiles()).length,
      pending: [],
      unknown: [],
    },
    worker: { ...notChecked(why), workers: [] },
    deliveries: {
      ...notChecked(why),
      pending: 0,
      retrying: 0,
      overdue: 0,
      failed_last_24h: 0,
      oldest_pending_age_seconds: null,
    },
    endpoints: { ...notChecked(why), near_auto_disable: [] },
    api_keys: { ...notChecked(why), unused: [] },
  })
}

function finish(checkedAt: Date, checks: ApplianceStatus['checks']): ApplianceStatus {
  const status = worst(Object.values(checks).map((check) => check.status))
  return { ok: status !== 'fail', status, checked_at: iso(checkedAt), checks }
}

/**
 * The tables the checks read that exist and this role may read. Before migration 00018 has run, the
 * runtime role may read none of them (00018 grants its rights): `migrations` is then set apart as
 * unreadable, and the migrations check says why.
 */
async function existingTables(pool: pg.Pool): Promise<Set<string>> {
  return readableTables(pool, [
    'migrations',
    'worker_heartbeats',
    'webhook_deliveries',
    'webhook_endpoints',
    'api_keys',
    'integrations',
  ])
}

/**
 * Fails while any migration of this build is not applied (the API answers /readyz 503 meanwhile), or
 * when the database holds one this build does not know.
 */
async function checkMigrations(pool: pg.Pool, tables: Set<string>): Promise<ApplianceStatus['checks']['migrations']> {
  const files = await listMigrationFiles()
  if (tables.has('unreadable:migrations')) {
    return {
      status: 'fail',
      message:
        'this role may not read the migrations table: the migration that grants it its rights (runtime-role) is pending; run `shopapi migrate` as the owner',
      applied: 0,
      available: files.length,
      pending: [],
      unknown: [],
    }
  }
  const applied = tables.has('migrations') ? await appliedMigrationIds(pool) : []
  const appliedIds = new Set(applied)
  const pending = files.filter((file) => !appliedIds.has(file.id)).map((file) => file.file)
  const known = new Set(files.map((file) => file.id))
  const unknown = applied.filter((id) => !known.has(id)).sort((a, b) => a - b)
  const counts = { applied: applied.length, available: files.length, pending, unknown }
  if (pending.length > 0) {
    return {
      status: 'fail',
      message: `${plural(pending.length, 'migration')} of ${files.length} pending: ${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ` and ${pending.length - 3} more` : ''}; run \`shopapi migrate\``,
      ...counts,
    }
  }
  // Every other command refuses such a database (src/db/migrate.ts); status says why.
  const newer = await newerMigration(pool)
  if (newer) return { status: 'fail', message: new NewerSchemaError(newer).message, ...counts }
  return { status: 'ok', message: `all ${files.length} applied`, ...counts }
}

/**
 * Fails when no worker has beaten within 30 s (none running, or stuck): deliveries are not being
 * made. Warns when some worker went silent without a graceful stop while another still beats.
 */
async function checkWorkers(pool: pg.Pool, tables: Set<string>): Promise<ApplianceStatus['checks']['worker']> {
  if (!tables.has('worker_heartbeats')) {
    return { status: 'unknown', message: 'not checked: migrations are pending (no heartbeat table)', workers: [] }
  }
  const rows = await readHeartbeats(pool)
  const workers = rows.map((row) => ({
    application_name: row.application_name,
    hostname: row.hostname,
    pid: row.pid,
    started_at: iso(row.started_at),
    last_beat_at: iso(row.beat_at),
    seconds_since_beat: Math.round(row.age_seconds),
  }))
  const staleSeconds = heartbeatStaleMs / 1000
  const live = rows.filter((row) => row.age_seconds <= staleSeconds)
  const newest = rows[0]
  if (!newest) {
    return {
      status: 'fail',
      message: 'no worker is running: start `shopapi serve` (its worker is on unless --no-worker) or `shopapi worker`',
      workers,
    }
  }
  if (live.length === 0) {
    return {
      status: 'fail',
      message: `no worker heartbeat for ${describeAge(newest.age_seconds)} (stale after ${staleSeconds} s): the worker stopped or is stuck`,
      workers,
    }
  }
  const silent = rows.length - live.length
  if (silent > 0) {
    return {
      status: 'warn',
      message: `${plural(live.length, 'worker')} beating; ${silent} silent without a clean stop (crashed or killed), forgotten after a day`,
      workers,
    }
  }
  return {
    status: 'ok',
    message: `${plural(live.length, 'worker')} beating, last ${Math.round(newest.age_seconds)} s ago`,
    workers,
  }
}

/**
 * Fails when deliveries to active endpoints are overdue by more than 5 minutes (the worker is not
 * keeping up); warns when deliveries failed for good in the last 24 h. Retries in progress are normal.
 */
async function checkDeliveries(pool: pg.Pool, tables: Set<string>): Promise<ApplianceStatus['checks']['deliveries']> {
  if (!tables.has('webhook_deliveries')) {
    return {
      ...notChecked('migrations are pending'),
      pending: 0,
      retrying: 0,
      overdue: 0,
      failed_last_24h: 0,
      oldest_pending_age_seconds: null,
    }
  }
  const row = await deliveryHealth(pool, overdueAfterSeconds)
  const counts = {
    pending: row.pending,
    retrying: row.retrying,
    overdue: row.overdue,
    failed_last_24h: row.failed,
    oldest_pending_age_seconds: row.oldest === null ? null : Math.max(0, Math.round(row.oldest)),
  }
  const pendingText = `${row.pending} pending (${row.retrying} retrying${row.oldest === null ? '' : `, oldest ${describeAge(row.oldest)}`})`
  if (row.overdue > 0) {
    return {
      status: 'fail',
      message: `${plural(row.overdue, 'delivery', 'deliveries')} due more than ${overdueAfterSeconds / 60} min ago and not attempted: the worker is not keeping up; ${pendingText}`,
      ...counts,
    }
  }
  if (row.failed > 0) {
    return {
      status: 'warn',
      message: `${plural(row.failed, 'delivery', 'deliveries')} failed for good in the last 24 h (\`shopapi deliveries list --status failed\`); ${pendingText}`,
      ...counts,
    }
  }
  return { status: 'ok', message: pendingText, ...counts }
}

/** Warns for every active endpoint whose attempts have all failed for more than 24 h. */
async function checkEndpoints(
  pool: pg.Pool,
  tables: Set<string>,
  disableAfterMs: number,
): Promise<ApplianceStatus['checks']['endpoints']> {
  if (!tables.has('webhook_endpoints')) return { ...notChecked('migrations are pending'), near_auto_disable: [] }
  const rows = await endpointsFailingFor(pool, nearDisableAfterHours)
  const near = rows.map((row) => ({
    id: row.id,
    integration_id: row.integration_id,
    url: row.url,
    failing_since: iso(row.failing_since),
    disables_at: iso(new Date(row.failing_since.getTime() + disableAfterMs)),
  }))
  if (near.length > 0) {
    return {
      status: 'warn',
      message: `${plural(near.length, 'endpoint')} failing for more than ${nearDisableAfterHours} h, to be disabled automatically`,
      near_auto_disable: near,
    }
  }
  return {
    status: 'ok',
    message: `no endpoint failing for more than ${nearDisableAfterHours} h`,
    near_auto_disable: [],
  }
}

/** Warns for live keys of active integrations not used for 90 days (never used: created 90 days ago). */
async function checkKeys(pool: pg.Pool, tables: Set<string>): Promise<ApplianceStatus['checks']['api_keys']> {
  if (!tables.has('api_keys')) return { ...notChecked('migrations are pending'), unused: [] }
  const rows = await keysUnusedFor(pool, unusedKeyDays)
  const unused = rows.map((row) => ({
    prefix: row.prefix,
    integration_id: row.integration_id,
    integration_name: row.integration_name,
    created_at: iso(row.created_at),
    last_used_at: row.last_used_at ? iso(row.last_used_at) : null,
  }))
  if (unused.length > 0) {
    return {
      status: 'warn',
      message: `${plural(unused.length, 'key')} unused for ${unusedKeyDays} days: revoke what is no longer needed (\`shopapi keys revoke\`)`,
      unused,
    }
  }
  return { status: 'ok', message: `no live key unused for ${unusedKeyDays} days`, unused: [] }
}
