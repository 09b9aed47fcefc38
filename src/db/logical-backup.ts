import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type pg from 'pg'
import { UsageError } from '../lib/errors.js'
import { createClient, parseConnectionTargets, resolvedUrl } from './hosts.js'

// An external database (DATABASE_URL) is backed up with the server's own tools, found on PATH:
// `pg_dump --format=custom`, restored with `pg_restore` into an empty database.
// docs/decisions/operations.md "Backups".

/** A program run to its end, its output collected (node's execFile). */
const runProgram = promisify(execFile)

export type PostgresTool = 'pg_dump' | 'pg_restore'

export interface FoundTool {
  name: PostgresTool
  major: number
  version: string
}

const clientPackage =
  'install the PostgreSQL client tools of the same or a newer major version (Debian: apt-get install postgresql-client)'

/** `name` on PATH and its major version; refused in one line naming the package when absent or unreadable. */
export async function findPostgresTool(name: PostgresTool): Promise<FoundTool> {
  let output: string
  try {
    output = (await runTool(name, ['--version'], {})).stdout
  } catch {
    throw new UsageError(`${name} was not found on PATH: ${clientPackage}`)
  }
  // "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"
  const version = /\(PostgreSQL\) (\d+)(\.\d+)?/.exec(output)
  if (!version?.[1]) throw new UsageError(`${name} --version said "${output.trim()}", not a PostgreSQL version`)
  return { name, major: Number(version[1]), version: `${version[1]}${version[2] ?? ''}` }
}

/** Refuses a tool older than `major` (pg_dump refuses a newer server, pg_restore a newer dump). */
export function requireToolMajor(tool: FoundTool, major: number, what: string): void {
  if (tool.major < major) {
    throw new UsageError(`${tool.name} ${tool.version} is older than ${what} (PostgreSQL ${major}): ${clientPackage}`)
  }
}

/** The server's major version (15 for 15.20). */
export async function serverMajor(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ version: number }>(
      "select current_setting('server_version_num')::int as version",
    )
    return Math.floor((rows[0]?.version ?? 0) / 10_000)
  })
}

/**
 * Refuses a database that holds anything of shopapi's or anything else in `public`: a restore goes into an
 * empty database only, so it can never mix two shops' data.
 */
export async function requireEmptyDatabase(url: string): Promise<void> {
  const tables = await withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm') and (n.nspname in ('public', 'pgboss') or c.relname = 'migrations')
        order by 1 limit 3`,
    )
    return rows.map((row) => row.name)
  })
  if (tables.length > 0) {
    throw new UsageError(
      `The database ${databaseLabel(url)} is not empty (it holds ${tables.join(', ')}): restore into a new, empty database (createdb) or drop this one first`,
    )
  }
}

/** `pg_dump --format=custom` of the database at `url` into `file`. */
export async function dumpDatabase(url: string, file: string, signal: AbortSignal): Promise<void> {
  await runTool('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, '--dbname'], { url, signal })
}

/**
 * `pg_restore` of `file` into the database at `url`, in one transaction (a failure leaves it empty).
 * The objects belong to the role restoring (the owner that migrates); the grants to shopapi_app are kept.
 */
export async function restoreDatabase(url: string, file: string, signal: AbortSignal): Promise<void> {
  await runTool(
    'pg_restore',
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-password', '--dbname'],
    { url, signal },
    file,
  )
  await withClient(url, (client) => client.query(forgetRestoredTransactionIds))
}

// Transaction ids belong to the cluster that issued them. Restored events whose ids this cluster has not
// reached yet (a new cluster numbers its own from the start) would sort after every event written here
// until its ids caught up: then they all become 0 and keep their order by sequence, before every event
// written here (docs/decisions/events-and-webhooks.md, "The feed"). Ids this cluster has passed (a
// restore into the same server, or an older one) already sort before its new events and stay. A dump
// older than migration 00021 has no such column; the migration gives its events 0.
const forgetRestoredTransactionIds = `do $$
begin
  -- Nested: an IF's condition is planned whole, so the column must be known to exist first.
  if exists (select 1 from information_schema.columns
             where table_schema = 'public' and table_name = 'events' and column_name = 'xact_id') then
    if exists (select 1 from events where xact_id >= pg_snapshot_xmax(pg_current_snapshot())) then
      update events set xact_id = '0' where xact_id <> '0';
    end if;
  end if;
end $$`

/**
 * Runs a PostgreSQL tool; `url`, given, follows the last argument (`--dbname`) without its password,
 * which goes in PGPASSWORD so no process listing shows it. Fails with the tool's last line of error.
 */
async function runTool(
  name: string,
  args: string[],
  options: { url?: string; signal?: AbortSignal },
  ...trailing: string[]
): Promise<{ stdout: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env }
  const fullArgs = [...args]
  if (options.url !== undefined) {
    // Several hosts: the one the process resolved (the writable one), named alone.
    const url = new URL(await resolvedUrl(options.url))
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
    url.password = ''
    fullArgs.push(url.toString())
  }
  fullArgs.push(...trailing)
  try {
    const { stdout } = await runProgram(name, fullArgs, { env, ...(options.signal ? { signal: options.signal } : {}) })
    return { stdout }
  } catch (error) {
    const { stderr = '', code, signal } = error as Error & { code?: number | string; signal?: string; stderr?: string }
    if (code === 'ENOENT' || (error as Error).name === 'AbortError') throw error
    const lastLine = stderr.trim().split('\n').filter(Boolean).at(-1) ?? `exited with ${code ?? signal}`
    throw new Error(`${name} failed: ${lastLine}`)
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = createClient(url, { application_name: 'shopapi restore' })
  client.on('error', () => {})
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** host/database of a URL, without its credentials. */
export function databaseLabel(url: string): string {
  const targets = parseConnectionTargets(url)
  if (targets.resolving) {
    const path = new URL(targets.hosts[0]?.url ?? url).pathname
    return `${targets.hosts.map((host) => host.label).join(',')}${path}`
  }
  const parsed = new URL(url)
  return `${parsed.host}${parsed.pathname}`
}
