import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { type Database, openDatabase } from '../db/connect.js'
import { schedulePurge } from '../jobs/purge-expired.js'
import { ensureFirstShop, type NewShop, type ShopRow } from '../services/shops.js'
import { buildApp } from './app.js'

export interface RunningServer {
  app: FastifyInstance
  database: Database
  shop: ShopRow
  shopCreated: boolean
  url: string
  /** Stops accepting, lets in-flight requests finish, closes the pool, stops the embedded database last. */
  stop(): Promise<void>
}

export async function startServer(options: {
  config: Config
  host: string
  port: number
  firstShop: NewShop
  onProgress?: (message: string) => void
}): Promise<RunningServer> {
  const database = await openDatabase(options.config, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    applicationName: 'shopapi serve',
  })
  try {
    const { shop, created } = await ensureFirstShop(database.pool, options.firstShop)
    const app = await buildApp({ pool: database.pool, config: options.config })
    await app.listen({ host: options.host, port: options.port })
    const stopPurge = schedulePurge(database.pool, app.log)
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : options.port
    const host = options.host.includes(':') ? `[${options.host}]` : options.host
    let stopping: Promise<void> | undefined
    return {
      app,
      database,
      shop,
      shopCreated: created,
      url: `http://${host}:${port}/v1`,
      stop() {
        stopping ??= (async () => {
          await app.close()
          await stopPurge()
          await database.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    await database.close()
    throw error
  }
}
