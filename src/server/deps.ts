import type pg from 'pg'
import type { Config } from '../config.js'

/** What the app needs from outside; tests and `serve` build it, the app never reads process.env. */
export interface AppDeps {
  pool: pg.Pool
  config: Config
}
