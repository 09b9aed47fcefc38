import path from 'node:path'
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
  SHOPAPI_DATA_DIR: z.string().min(1).default('.shopapi'),
  SHOPAPI_RATE_LIMIT_MAX: positiveInt(600),
  SHOPAPI_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  REDIS_URL: z.string().min(1).optional(),
  SHOPAPI_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOPAPI_DB_POOL_SIZE: positiveInt(20),
  SHOPAPI_SECRET_KEY: z.string().min(1).optional(),
  SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.enum(['0', '1', 'true', 'false', '']).default('0'),
  SHOPAPI_WEBHOOK_RETRY_SCHEDULE: durationList.prefault(defaultRetrySchedule),
  // Clocks of the contract, shortened only by tests and local development.
  SHOPAPI_WEBHOOK_TIMEOUT: duration.prefault('10s'),
  SHOPAPI_WEBHOOK_SECRET_OVERLAP: duration.prefault('24h'),
  SHOPAPI_WEBHOOK_DISABLE_AFTER: duration.prefault('3d'),
  SHOPAPI_WEBHOOK_CONCURRENCY: positiveInt(100),
  SHOPAPI_WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt(4),
})

export interface Config {
  databaseUrl: string | undefined
  dataDir: string
  rateLimit: { max: number; windowSeconds: number }
  redisUrl: string | undefined
  logLevel: z.infer<typeof envSchema>['SHOPAPI_LOG_LEVEL']
  dbPoolSize: number
  /** Master key for cursors and encryption at rest; kept in the data directory when not given. */
  secretKey: string | undefined
  webhooks: WebhookConfig
}

export interface WebhookConfig {
  /** Development and tests only: also http:// and loopback/private targets on any port. */
  allowPrivateTargets: boolean
  /** Delay before each retry, in ms; its length is the number of retries. */
  retryScheduleMs: number[]
  timeoutMs: number
  secretOverlapMs: number
  disableAfterMs: number
  /** Endpoints served at once by one worker process. */
  concurrency: number
  /** Attempts in flight to one endpoint from one worker process. */
  endpointConcurrency: number
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid environment variable ${String(issue?.path[0])}: ${issue?.message}`)
  }
  const e = parsed.data
  const config: Config = {
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.SHOPAPI_DATA_DIR),
    rateLimit: { max: e.SHOPAPI_RATE_LIMIT_MAX, windowSeconds: e.SHOPAPI_RATE_LIMIT_WINDOW_SECONDS },
    redisUrl: e.REDIS_URL,
    logLevel: e.SHOPAPI_LOG_LEVEL,
    dbPoolSize: e.SHOPAPI_DB_POOL_SIZE,
    secretKey: e.SHOPAPI_SECRET_KEY,
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
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(config, { [key]: value })
  }
  return config
}
