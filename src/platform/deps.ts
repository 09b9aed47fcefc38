import type pg from 'pg'
import type { Config } from '../config.js'
import type { Resolver } from '../io/webhook-targets.js'
import type { Secrets } from '../lib/secrets.js'
import type { Metrics } from './metrics.js'
import type { AuthCache } from './tenancy/auth-cache.js'

/** What the app needs from outside; tests and `serve` build it, the app never reads process.env. */
export interface AppDeps {
  pool: pg.Pool
  config: Config
  /** Derived from the configured master key; loaded from the data directory when not given. */
  secrets: Secrets
  /** DNS for webhook url checks; the system resolver unless a test injects answers. */
  resolver?: Resolver
  /** Authenticated keys kept in memory (`serve` runs one with its LISTEN connection); none: every request reads the database. */
  authCache?: AuthCache
  /**
   * Where requests and refusals are counted; `GET /metrics` on the API port serves it when
   * `config.metrics.token` is set. None: nothing is counted (buildApp makes one when a token is set).
   */
  metrics?: Metrics
}
