import path from 'node:path'
import { z } from 'zod'

// The one reader of process.env: everything else receives a parsed Config.
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

const envSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  SHOPAPI_DATA_DIR: z.string().min(1).default('.shopapi'),
  SHOPAPI_RATE_LIMIT_MAX: positiveInt(600),
  SHOPAPI_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  REDIS_URL: z.string().min(1).optional(),
  SHOPAPI_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOPAPI_DB_POOL_SIZE: positiveInt(20),
  SHOPAPI_SECRET_KEY: z.string().min(1).optional(),
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
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(config, { [key]: value })
  }
  return config
}
