import pg from 'pg'
import { connectTimeoutMs } from './pool.js'

/**
 * Several hosts in one connection string, as libpq takes them (PostgreSQL docs, "Multiple Hosts"):
 * `postgres://u@10.0.0.1:5432,10.0.0.2:5432/shop?target_session_attrs=read-write`, or the keyword
 * form `host=10.0.0.1,10.0.0.2 port=5432,5432 dbname=shop target_session_attrs=read-write`. A
 * connection tries the hosts in order and keeps the first whose session fits target_session_attrs.
 * node-postgres takes one host only (its multi-host pull request is not merged, nor is any maintained
 * package that adds it), so this module does what libpq does, for every connection the process makes:
 * the pools, the LISTEN connections, pg-boss's pool, migrations, backups.
 *
 * With one host and no target_session_attrs a string is handed to pg untouched.
 */

export type SessionAttrs = 'any' | 'read-write' | 'primary'

export interface DatabaseHost {
  host: string
  port: number
  /** The connection string naming this host only, in the URL form pg reads. */
  url: string
  /** host:port, for messages (never credentials). */
  label: string
}

export interface ConnectionTargets {
  hosts: DatabaseHost[]
  sessionAttrs: SessionAttrs
  /** false: one host, any session: pg gets the string as it was written. */
  resolving: boolean
}

const supportedAttrs = new Set<string>(['any', 'read-write', 'primary'])
const defaultPort = 5432

function refuse(message: string): never {
  throw new Error(`DATABASE_URL: ${message}`)
}

function sessionAttrs(value: string | undefined): SessionAttrs {
  if (value === undefined || value === '') return 'any'
  if (!supportedAttrs.has(value)) {
    refuse(`target_session_attrs=${value} is not supported: use read-write (or primary, any)`)
  }
  return value as SessionAttrs
}

/** `[::1]:5433` or `db1:5433` or `db1` -> host and port (the port list's entry, else 5432). */
function splitHostPort(entry: string): { host: string; port: string | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(entry)
  if (bracketed) return { host: bracketed[1] as string, port: bracketed[2] || undefined }
  const colon = entry.lastIndexOf(':')
  if (colon === -1) return { host: entry, port: undefined }
  return { host: entry.slice(0, colon), port: entry.slice(colon + 1) || undefined }
}

function portNumber(value: string | undefined): number {
  if (value === undefined || value === '') return defaultPort
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535) refuse(`invalid port "${value}"`)
  return port
}

function hostInUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/** The URL form: the authority may list hosts, the query may name target_session_attrs. */
function parseUrl(connectionString: string): ConnectionTargets {
  const match = /^(postgres(?:ql)?:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(connectionString)
  if (!match) return { hosts: [], sessionAttrs: 'any', resolving: false }
  const [, scheme, authority = '', path = '', query = ''] = match
  const at = authority.lastIndexOf('@')
  const userinfo = at === -1 ? '' : authority.slice(0, at + 1)
  const hostList = at === -1 ? authority : authority.slice(at + 1)
  const params = new URLSearchParams(query.slice(1))
  const attrs = sessionAttrs(params.get('target_session_attrs') ?? undefined)
  params.delete('target_session_attrs')
  const entries = hostList.split(',')
  if (entries.length === 1 && attrs === 'any') return { hosts: [], sessionAttrs: attrs, resolving: false }
  // libpq: a `port` parameter may list one port per host (or one for all).
  const portParam = params.get('port')?.split(',')
  params.delete('port')
  if (portParam && portParam.length !== 1 && portParam.length !== entries.length) {
    refuse(`${entries.length} hosts but ${portParam.length} ports`)
  }
  const rest = params.toString()
  const hosts = entries.map((entry, index) => {
    if (entry === '') refuse('an empty host in the host list')
    const { host, port } = splitHostPort(entry)
    const portValue = port ?? portParam?.[portParam.length === 1 ? 0 : index]
    const number = portNumber(portValue)
    const label = `${hostInUrl(host)}:${number}`
    return { host, port: number, label, url: `${scheme}//${userinfo}${label}${path}${rest ? `?${rest}` : ''}` }
  })
  return { hosts, sessionAttrs: attrs, resolving: true }
}

/** libpq's keyword/value form: `key=value` pairs, values quoted with '…' and \-escapes. */
function keywordPairs(text: string): Map<string, string> {
  const pairs = new Map<string, string>()
  const pattern = /\s*([A-Za-z_]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|((?:[^\s'\\]|\\.)*))/y
  let index = 0
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break
    pattern.lastIndex = index
    const match = pattern.exec(text)
    if (!match) refuse('not a connection URL (postgres://…) nor key=value pairs')
    pairs.set((match[1] as string).toLowerCase(), (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1'))
    index = pattern.lastIndex
  }
  return pairs
}

/** The keyword form as one URL per host, its other keywords as query parameters pg reads. */
function parseKeywords(connectionString: string): ConnectionTargets {
  const pairs = keywordPairs(connectionString)
  const attrs = sessionAttrs(pairs.get('target_session_attrs'))
  const hostNames = (pairs.get('host') ?? pairs.get('hostaddr') ?? 'localhost').split(',')
  const ports = (pairs.get('port') ?? '').split(',')
  if (ports.length !== 1 && ports.length !== hostNames.length)
    refuse(`${hostNames.length} hosts but ${ports.length} ports`)
  const user = pairs.get('user')
  const password = pairs.get('password')
  const database = pairs.get('dbname')
  for (const key of ['host', 'hostaddr', 'port', 'user', 'password', 'dbname', 'target_session_attrs'])
    pairs.delete(key)
  const query = new URLSearchParams([...pairs.entries()]).toString()
  const userinfo = user
    ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@`
    : password
      ? `:${encodeURIComponent(password)}@`
      : ''
  const path = database ? `/${encodeURIComponent(database)}` : ''
  const hosts = hostNames.map((host, index) => {
    if (host === '') refuse('an empty host in the host list')
    const number = portNumber(ports[ports.length === 1 ? 0 : index])
    if (host.startsWith('/')) {
      // A Unix socket directory: pg reads it from the host parameter.
      const socketQuery = new URLSearchParams([...pairs.entries(), ['host', host], ['port', String(number)]]).toString()
      return { host, port: number, label: `${host}:${number}`, url: `postgres://${userinfo}${path}?${socketQuery}` }
    }
    const label = `${hostInUrl(host)}:${number}`
    return { host, port: number, label, url: `postgres://${userinfo}${label}${path}${query ? `?${query}` : ''}` }
  })
  return { hosts, sessionAttrs: attrs, resolving: true }
}

/** The hosts of a connection string and the session it asks for. */
export function parseConnectionTargets(connectionString: string): ConnectionTargets {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(connectionString)) return parseUrl(connectionString)
  if (/^\s*[A-Za-z_]+\s*=/.test(connectionString)) return parseKeywords(connectionString)
  return { hosts: [], sessionAttrs: 'any', resolving: false }
}

/** What the server said of itself at start-up (ParameterStatus), when it says it (PostgreSQL 14+). */
type Reported = Map<string, string>

/**
 * Whether a connected session fits: libpq's own test. PostgreSQL 14+ reports in_hot_standby and
 * default_transaction_read_only at start-up, which answers without a round trip; an older server is
 * asked (`SHOW transaction_read_only`, `select pg_is_in_recovery()`).
 */
async function sessionFits(client: pg.Client, reported: Reported, attrs: SessionAttrs): Promise<string | undefined> {
  if (attrs === 'any') return undefined
  const standby = reported.get('in_hot_standby')
  if (attrs === 'read-write') {
    const readOnly = reported.get('default_transaction_read_only')
    if (standby !== undefined && readOnly !== undefined) {
      return standby === 'on' ? 'a standby' : readOnly === 'on' ? 'read-only' : undefined
    }
    const shown = await client.query<{ transaction_read_only: string }>('show transaction_read_only')
    return shown.rows[0]?.transaction_read_only === 'on' ? 'read-only' : undefined
  }
  if (standby !== undefined) return standby === 'on' ? 'a standby' : undefined
  const recovery = await client.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery')
  return recovery.rows[0]?.recovery ? 'a standby' : undefined
}

/** SQLSTATE 08001: libpq's "could not make a writable connection"; the API answers it 503. */
export class NoSuitableHostError extends Error {
  readonly code = '08001'
}

/** How long a failed search is the answer: requests during a failover do not each probe every host. */
const failedSearchHoldMs = 250

/**
 * Which host of a connection string to use now, shared by every connection of the process made from
 * that string: the last one that fitted, until a connection to it fails or does not fit; then every
 * host is probed (at once, each within the connect timeout) and the first in the list's order that fits
 * is the answer.
 */
export class HostResolver {
  readonly targets: ConnectionTargets
  private current: DatabaseHost | undefined
  private searching: Promise<DatabaseHost> | undefined
  private failed: { error: Error; at: number } | undefined

  constructor(targets: ConnectionTargets) {
    this.targets = targets
  }

  /** The host to connect to: the one that fitted last, else the first that fits now. */
  find(): Promise<DatabaseHost> {
    if (this.current) return Promise.resolve(this.current)
    if (this.failed && Date.now() - this.failed.at < failedSearchHoldMs) return Promise.reject(this.failed.error)
    this.searching ??= this.search().finally(() => {
      this.searching = undefined
    })
    return this.searching
  }

  /**
   * A connection to `host` failed or did not fit: the search for the host that fits now starts at once,
   * so the caller's retry finds its answer ready.
   */
  forget(host: DatabaseHost): void {
    if (this.current !== host) return
    this.current = undefined
    this.find().catch(() => {})
  }

  private async search(): Promise<DatabaseHost> {
    const outcomes = await Promise.all(this.targets.hosts.map((host) => this.probe(host)))
    const index = outcomes.indexOf(undefined)
    const found = this.targets.hosts[index]
    if (found) {
      this.current = found
      this.failed = undefined
      return found
    }
    const reasons = this.targets.hosts.map((host, i) => `${host.label} ${outcomes[i]}`).join(', ')
    const error = new NoSuitableHostError(
      `no database host accepts this session (target_session_attrs=${this.targets.sessionAttrs}): ${reasons}`,
    )
    this.failed = { error, at: Date.now() }
    throw error
  }

  /** undefined when `host` fits now, else why not (no credentials in it). */
  private async probe(host: DatabaseHost): Promise<string | undefined> {
    const client = new pg.Client({
      connectionString: host.url,
      application_name: 'shopapi (host check)',
      connectionTimeoutMillis: connectTimeoutMs,
    })
    client.on('error', () => {})
    const reported = recordParameters(client)
    try {
      await client.connect()
      const unfit = await sessionFits(client, reported, this.targets.sessionAttrs)
      return unfit ? `is ${unfit}` : undefined
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string }
      return `failed (${code ?? message ?? 'error'})`
    } finally {
      await client.end().catch(() => {})
    }
  }

  /** Records that `host` fitted (a connection to it was checked). */
  confirm(host: DatabaseHost): void {
    this.current ??= host
  }
}

function recordParameters(client: pg.Client): Reported {
  const reported: Reported = new Map()
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection
  connection.on('parameterStatus', (message: { parameterName: string; parameterValue: string }) => {
    reported.set(message.parameterName, message.parameterValue)
  })
  return reported
}

const resolvers = new Map<string, HostResolver>()

/** The process's one resolver for `connectionString` (undefined: one host, any session). */
export function hostResolver(connectionString: string): HostResolver | undefined {
  let resolver = resolvers.get(connectionString)
  if (!resolver) {
    const targets = parseConnectionTargets(connectionString)
    if (!targets.resolving) return undefined
    resolver = new HostResolver(targets)
    resolvers.set(connectionString, resolver)
  }
  return resolver
}

type ClientClass = new (config?: pg.ClientConfig) => pg.Client
type ConnectCallback = ((error: Error) => void) | ((error: null, client: pg.Client) => void)

/** Internals of pg.Client that it reads when connecting (lib/client.js `_connect`). */
interface ClientTarget {
  host: string
  port: number
  connectionParameters: { host: string; port: number }
}

/**
 * A pg.Client that connects to the host `resolver` names and checks the session it gets, as libpq does
 * for target_session_attrs; a pg.Pool makes its clients of this class (its `Client` option). A
 * connection that fails or does not fit makes the resolver search again, and fails with an error the
 * API answers 503 (Retry-After): the caller's retry gets a connection to the new primary.
 */
function resolvingClientClass(resolver: HostResolver): ClientClass {
  return class ResolvingClient extends pg.Client {
    override connect(): Promise<pg.Client>
    override connect(callback: ConnectCallback): void
    override connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
      const connecting = this.connectToTarget().then(() => this as pg.Client)
      if (callback) {
        connecting.then(
          (client) => (callback as (error: null, client: pg.Client) => void)(null, client),
          (error: Error) => (callback as (error: Error) => void)(error),
        )
        return undefined
      }
      return connecting
    }

    private async connectToTarget(): Promise<void> {
      const host = await resolver.find()
      const target = this as unknown as ClientTarget
      target.host = host.host
      target.port = host.port
      target.connectionParameters.host = host.host
      target.connectionParameters.port = host.port
      const reported = recordParameters(this)
      try {
        await super.connect()
      } catch (error) {
        resolver.forget(host)
        throw error
      }
      let unfit: string | undefined
      try {
        unfit = await sessionFits(this, reported, resolver.targets.sessionAttrs)
      } catch (error) {
        resolver.forget(host)
        await this.end().catch(() => {})
        throw error
      }
      if (unfit) {
        resolver.forget(host)
        await this.end().catch(() => {})
        throw new NoSuitableHostError(
          `${host.label} is ${unfit} (target_session_attrs=${resolver.targets.sessionAttrs}); looking for another host`,
        )
      }
      resolver.confirm(host)
    }
  }
}

const clientClasses = new WeakMap<HostResolver, ClientClass>()

/** The pg.Client class for `connectionString`: pg's own for one host, else one that resolves hosts. */
export function clientClassFor(connectionString: string): ClientClass {
  const resolver = hostResolver(connectionString)
  if (!resolver) return pg.Client
  let found = clientClasses.get(resolver)
  if (!found) {
    found = resolvingClientClass(resolver)
    clientClasses.set(resolver, found)
  }
  return found
}

/**
 * The client config for `connectionString`: pg reads the string itself when it names one host; with
 * several, it names the first (for pg's defaults) and the client class picks the host at connect time.
 */
export function clientConfigFor(connectionString: string): { connectionString: string } {
  const resolver = hostResolver(connectionString)
  return { connectionString: resolver ? (resolver.targets.hosts[0] as DatabaseHost).url : connectionString }
}

/** A pg.Client for `connectionString`, whichever form it has; connect() picks the host. */
export function createClient(connectionString: string, config: Omit<pg.ClientConfig, 'connectionString'> = {}) {
  const Client = clientClassFor(connectionString)
  return new Client({ ...config, ...clientConfigFor(connectionString) })
}

/**
 * A URL naming the one host to use now, for the programs that take one (pg_dump, pg_restore): the
 * string itself when it names one host.
 */
export async function resolvedUrl(connectionString: string): Promise<string> {
  const resolver = hostResolver(connectionString)
  return resolver ? (await resolver.find()).url : connectionString
}
