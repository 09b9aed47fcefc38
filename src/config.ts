import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import envPaths from 'env-paths'
import ms from 'ms'
import { z } from 'zod'

// The one reader of process.env: everything else receives a parsed Config.
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** "1s", "5m", "2h", "3d", "250ms" (the `ms` package's forms) as milliseconds. */
const duration = z.string().transform((text, context) => {
  const value = ms(text.trim() as ms.StringValue)
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    context.addIssue({ code: 'custom', message: `"${text}" is not a duration such as 30s, 5m, 2h or 3d` })
    return z.NEVER
  }
  return value
})

/**
 * Fastify's `trustProxy`: off, on (trust every hop: only behind a proxy that overwrites
 * X-Forwarded-For), or the proxies' addresses and CIDR ranges, comma-separated. No hop count:
 * Fastify 5 ignores X-Forwarded-For under one, since it cannot tell a proxy from a direct client.
 */
const trustProxy = z.string().transform((text, context): TrustProxy => {
  const value = text.trim().toLowerCase()
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) {
    context.addIssue({ code: 'custom', message: "hop counts are not supported: list the proxies' addresses" })
    return z.NEVER
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const proxyAddrNames = new Set(['loopback', 'linklocal', 'uniquelocal'])
  const valid = (entry: string) => {
    if (proxyAddrNames.has(entry)) return true
    const [address = '', prefix, ...rest] = entry.split('/')
    const family = isIP(address)
    if (family === 0 || rest.length > 0) return false
    if (prefix === undefined) return true
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
  }
  const invalid = entries.find((entry) => !valid(entry))
  if (invalid !== undefined) {
    context.addIssue({
      code: 'custom',
      message: `"${invalid}" is not true, false, an IP address, a CIDR range or loopback/linklocal/uniquelocal`,
    })
    return z.NEVER
  }
  return entries
})

const durationList = z.string().transform((text, context) => {
  const parts = text.split(',').map((part) => part.trim())
  const values = parts.map((part) => ms(part as ms.StringValue))
  if (parts.length === 0 || values.some((value) => typeof value !== 'number' || !(value > 0))) {
    context.addIssue({
      code: 'custom',
      message: `"${text}" is not a comma-separated list of durations such as 1s,2s,5s`,
    })
    return z.NEVER
  }
  return values
})

// Spec "Delivery" 3: about 1 m, 5 m, 30 m, 2 h, 8 h, 24 h, 24 h after the first attempt; then failed.
const defaultRetrySchedule = '1m,5m,30m,2h,8h,24h,24h'

const envSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  SHOPAPI_MIGRATION_DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value)),
  SHOPAPI_DATA_DIR: z.string().min(1).optional(),
  SHOPAPI_RATE_LIMIT_MAX: positiveInt(600),
  SHOPAPI_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  SHOPAPI_EDGE_RATE_LIMIT_MAX: positiveInt(60),
  SHOPAPI_TRUST_PROXY: trustProxy.prefault('false'),
  REDIS_URL: z.string().min(1).optional(),
  SHOPAPI_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOPAPI_DB_POOL_SIZE: positiveInt(20),
  SHOPAPI_STATEMENT_TIMEOUT: duration.prefault('5s'),
  SHOPAPI_MAX_IN_FLIGHT_PER_KEY: positiveInt(8),
  SHOPAPI_HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(50),
  SHOPAPI_SECRET_KEY: z.string().min(1).optional(),
  SHOPAPI_BACKUP_PASSPHRASE: z.string().optional(),
  SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.enum(['0', '1', 'true', 'false', '']).default('0'),
  SHOPAPI_WEBHOOK_RETRY_SCHEDULE: durationList.prefault(defaultRetrySchedule),
  // Clocks of the contract, shortened only by tests and local development.
  SHOPAPI_WEBHOOK_TIMEOUT: duration.prefault('10s'),
  SHOPAPI_WEBHOOK_SECRET_OVERLAP: duration.prefault('24h'),
  SHOPAPI_WEBHOOK_DISABLE_AFTER: duration.prefault('3d'),
  SHOPAPI_WEBHOOK_CONCURRENCY: positiveInt(100),
  SHOPAPI_WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt(4),
  // Empty means unset, as a compose file's `SHOPAPI_METRICS_TOKEN=` would give.
  SHOPAPI_METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value)),
})

/** The bearer token of GET /metrics on the API port: long and plain enough to compare and to type. */
export const metricsTokenPattern = /^[\x21-\x7e]{16,200}$/
export const metricsTokenRule = '16-200 visible ASCII characters, e.g. `openssl rand -hex 24`'

export interface Config {
  /** The service's connection (a role that owns nothing); unset: the embedded database. */
  databaseUrl: string | undefined
  /**
   * The owner of the tables, for migrations (at start-up of every command and `shopapi migrate`);
   * unset: migrations use databaseUrl (one role for both, as before roles were split).
   */
  migrationDatabaseUrl: string | undefined
  /** Where the embedded database, its passwords and secret.key live (resolveDataDir). */
  dataDir: string
  /** How dataDir was chosen; `legacy` comes with a sentence asking to move it. */
  dataDirSource: DataDirSource
  rateLimit: { max: number; windowSeconds: number }
  /**
   * Requests per client address and rate-limit window that the edge serves without a valid key, and
   * failed authentications it allows, before answering 429 without touching the database.
   */
  edgeRateLimit: { max: number }
  /** Which X-Forwarded-For hops name the client (Fastify's `trustProxy`); false: the socket's address. */
  trustProxy: TrustProxy
  redisUrl: string | undefined
  logLevel: z.infer<typeof envSchema>['SHOPAPI_LOG_LEVEL']
  dbPoolSize: number
  /**
   * serve: how long one statement of a request may run before Postgres cancels it (a 503 with
   * Retry-After). The CLI, migrations and the webhook worker run without it.
   */
  statementTimeoutMs: number
  /** serve: requests of one API key in flight at once in this process; beyond it, 429 `rate_limited`. */
  maxInFlightPerKey: number
  /**
   * serve and worker: how far V8 grows the old generation past what the last full collection kept,
   * in percent (src/server/heap-growth.ts); 0 leaves it to V8.
   */
  heapGrowthPercent: number
  /** Master key for cursors and encryption at rest; kept in the data directory when not given. */
  secretKey: string | undefined
  /** backup and restore: the passphrase that seals the secret key in a backup (or --passphrase-file). */
  backupPassphrase: string | undefined
  webhooks: WebhookConfig
  metrics: MetricsConfig
}

export interface MetricsConfig {
  /**
   * `GET /metrics` on the API port answers with this bearer token; unset: that route does not exist
   * there (404). `serve --metrics-port` serves the metrics without a token on a listener of its own.
   */
  token: string | undefined
}

export type TrustProxy = boolean | string[]

export interface WebhookConfig {
  /** Development and tests only: also http:// and loopback/private targets on any port. */
  allowPrivateTargets: boolean
  /** Delay before each retry, in ms; its length is the number of retries. */
  retryScheduleMs: number[]
  timeoutMs: number
  secretOverlapMs: number
  disableAfterMs: number
  /**
   * Endpoints served at once by one worker process: their attempts share concurrency x endpointConcurrency
   * slots, and an attempt gives its shared slot back after 1 s in flight (keeping its endpoint's lane),
   * so slow or dead receivers are bounded by their own lanes, not by the others' slots.
   */
  concurrency: number
  /** Attempts in flight to one endpoint from one worker process. */
  endpointConcurrency: number
}

export type DataDirSource = 'SHOPAPI_DATA_DIR' | 'default' | 'legacy'

/** ./.shopapi: where versions before 1.1 kept the data of whatever directory a command ran in. */
const legacyDataDir = '.shopapi'

/**
 * SHOPAPI_DATA_DIR, else one well-known place per user whatever the current directory (the platform's
 * data directory, by env-paths: $XDG_DATA_HOME/shopapi, ~/.local/share/shopapi, ~/Library/Application
 * Support/shopapi, %LOCALAPPDATA%\shopapi). A ./.shopapi holding a database from an older version is
 * still used while the well-known place holds none, so an upgrade never opens an empty database in its
 * stead; the commands then say how to move it (docs/decisions/operations.md).
 */
export function resolveDataDir(configured: string | undefined): { dataDir: string; dataDirSource: DataDirSource } {
  if (configured !== undefined) return { dataDir: path.resolve(configured), dataDirSource: 'SHOPAPI_DATA_DIR' }
  const standard = envPaths('shopapi', { suffix: '' }).data
  const legacy = path.resolve(legacyDataDir)
  const holdsDatabase = (dir: string) => existsSync(path.join(dir, 'postgres', 'PG_VERSION'))
  if (!holdsDatabase(standard) && holdsDatabase(legacy)) return { dataDir: legacy, dataDirSource: 'legacy' }
  return { dataDir: standard, dataDirSource: 'default' }
}

/** What a command says on stderr when it runs on a ./.shopapi from an older version. */
export function legacyDataDirNotice(dataDir: string): string {
  const standard = envPaths('shopapi', { suffix: '' }).data
  return `notice: using ${dataDir}, the data directory of an older shopapi in the current directory; stop serve and move it (mv ${dataDir} ${standard}), or set SHOPAPI_DATA_DIR=${dataDir}`
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`)
  }
  const e = parsed.data
  if (e.SHOPAPI_METRICS_TOKEN !== undefined && !metricsTokenPattern.test(e.SHOPAPI_METRICS_TOKEN)) {
    throw new Error(`Invalid environment variable SHOPAPI_METRICS_TOKEN: it must be ${metricsTokenRule}`)
  }
  const config: Config = {
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.SHOPAPI_MIGRATION_DATABASE_URL,
    ...resolveDataDir(e.SHOPAPI_DATA_DIR),
    rateLimit: { max: e.SHOPAPI_RATE_LIMIT_MAX, windowSeconds: e.SHOPAPI_RATE_LIMIT_WINDOW_SECONDS },
    edgeRateLimit: { max: e.SHOPAPI_EDGE_RATE_LIMIT_MAX },
    trustProxy: e.SHOPAPI_TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    logLevel: e.SHOPAPI_LOG_LEVEL,
    dbPoolSize: e.SHOPAPI_DB_POOL_SIZE,
    statementTimeoutMs: e.SHOPAPI_STATEMENT_TIMEOUT,
    maxInFlightPerKey: e.SHOPAPI_MAX_IN_FLIGHT_PER_KEY,
    heapGrowthPercent: e.SHOPAPI_HEAP_GROWTH_PERCENT,
    secretKey: e.SHOPAPI_SECRET_KEY,
    backupPassphrase: e.SHOPAPI_BACKUP_PASSPHRASE,
    webhooks: {
      allowPrivateTargets:
        e.SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS === '1' || e.SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
      retryScheduleMs: e.SHOPAPI_WEBHOOK_RETRY_SCHEDULE,
      timeoutMs: e.SHOPAPI_WEBHOOK_TIMEOUT,
      secretOverlapMs: e.SHOPAPI_WEBHOOK_SECRET_OVERLAP,
      disableAfterMs: e.SHOPAPI_WEBHOOK_DISABLE_AFTER,
      concurrency: e.SHOPAPI_WEBHOOK_CONCURRENCY,
      endpointConcurrency: e.SHOPAPI_WEBHOOK_ENDPOINT_CONCURRENCY,
    },
    metrics: { token: e.SHOPAPI_METRICS_TOKEN },
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(config, { [key]: value })
  }
  return config
}
