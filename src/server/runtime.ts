import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { type Database, openDatabase } from '../db/connect.js'
import { WebhookWorker } from '../jobs/webhook-worker.js'
import { loadSecrets } from '../lib/secrets.js'
import type { Resolver } from '../lib/webhook-targets.js'
import { type RunningAuthCache, startAuthCache } from '../platform/tenancy/auth-cache.js'
import { ensureFirstShop, type NewShop, type ShopRow } from '../platform/tenancy/shops.js'
import { buildApp } from './app.js'

export interface RunningServer {
  app: FastifyInstance
  database: Database
  shop: ShopRow
  shopCreated: boolean
  url: string
  /** The webhook worker, unless started with `worker: false`. */
  worker: WebhookWorker | undefined
  /** Stops accepting, lets in-flight requests and attempts finish, closes the pool, stops the embedded database last. */
  stop(): Promise<void>
}

export async function startServer(options: {
  config: Config
  host: string
  port: number
  firstShop: NewShop
  /** Run the webhook worker in this process too (default true). */
  worker?: boolean
  resolver?: Resolver
  onProgress?: (message: string) => void
  /**
   * Work on the database once it is migrated and has its first shop, before anything listens (the
   * demo data of `serve --demo`): a request never sees it half done. Its failure stops the start.
   */
  beforeListening?: (database: Database, first: { shop: ShopRow; created: boolean }) => Promise<void>
}): Promise<RunningServer> {
  // Before anything starts: a key file others can read is refused here, not after the database is up.
  const secrets = loadSecrets(options.config, options.onProgress)
  // The app's logger exists once the app is built; a connection lost before that fails start-up anyway.
  let log: FastifyInstance['log'] | undefined
  const database = await openDatabase(options.config, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    applicationName: 'shopapi serve',
    log: { warn: (details, message) => log?.warn(details, message) },
  })
  let worker: WebhookWorker | undefined
  let authCache: RunningAuthCache | undefined
  try {
    const { shop, created } = await ensureFirstShop(database.pool, options.firstShop)
    await options.beforeListening?.(database, { shop, created })
    // Listening before the first request, so keys can be kept from the start.
    authCache = await startAuthCache({
      connectionString: database.url,
      applicationName: 'shopapi serve (auth changes)',
      log: { warn: (details, message) => log?.warn(details, message) },
    })
    const app = await buildApp({
      pool: database.pool,
      config: options.config,
      secrets,
      authCache: authCache.cache,
      ...(options.resolver ? { resolver: options.resolver } : {}),
    })
    log = app.log
    if (options.worker ?? true) {
      worker = new WebhookWorker({
        databaseUrl: database.url,
        poolSize: options.config.dbPoolSize,
        webhooks: options.config.webhooks,
        sealKey: secrets.sealKey,
        log: app.log,
        applicationName: 'shopapi serve (worker)',
        ...(options.resolver ? { resolver: options.resolver } : {}),
      })
      await worker.start()
    }
    await app.listen({ host: options.host, port: options.port })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : options.port
    const host = options.host.includes(':') ? `[${options.host}]` : options.host
    let stopping: Promise<void> | undefined
    const running = worker
    const listening = authCache
    return {
      app,
      database,
      shop,
      shopCreated: created,
      url: `http://${host}:${port}/v1`,
      worker,
      stop() {
        stopping ??= (async () => {
          await Promise.all([app.close(), running?.stop()])
          await listening.stop()
          await database.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    await worker?.stop().catch(() => {})
    await authCache?.stop()
    await database.close()
    throw error
  }
}

export interface RunningWorker {
  database: Database
  worker: WebhookWorker
  stop(): Promise<void>
}

/** `shopapi worker`: deliveries and maintenance only, no HTTP API. */
export async function startWorkerProcess(options: {
  config: Config
  log: ConstructorParameters<typeof WebhookWorker>[0]['log']
  resolver?: Resolver
  onProgress?: (message: string) => void
}): Promise<RunningWorker> {
  const { sealKey } = loadSecrets(options.config, options.onProgress)
  const database = await openDatabase(options.config, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    applicationName: 'shopapi worker',
    log: options.log,
  })
  try {
    const worker = new WebhookWorker({
      databaseUrl: database.url,
      poolSize: options.config.dbPoolSize,
      webhooks: options.config.webhooks,
      sealKey,
      log: options.log,
      ...(options.resolver ? { resolver: options.resolver } : {}),
    })
    await worker.start()
    let stopping: Promise<void> | undefined
    return {
      database,
      worker,
      stop() {
        stopping ??= (async () => {
          await worker.stop()
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
