import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { type Database, openDatabase } from '../db/connect.js'
import { loadSecrets } from '../io/secret-key.js'
import type { Resolver } from '../io/webhook-targets.js'
import { Metrics } from '../platform/metrics.js'
import { type RunningAuthCache, startAuthCache } from '../platform/tenancy/auth-cache.js'
import { ensureFirstShop, type NewShop, type ShopRow } from '../platform/tenancy/shops.js'
import { deliveryBacklog } from '../resources/deliveries/service.js'
import { WebhookWorker } from '../worker/webhook-worker.js'
import { buildApp } from './app.js'
import { type MetricsListener, startMetricsListener } from './metrics-listener.js'

/** `--metrics-port` / `--metrics-host`: the token-free metrics listener; absent: none. */
export interface MetricsListenOptions {
  host: string
  port: number
}

export interface RunningServer {
  app: FastifyInstance
  database: Database
  shop: ShopRow
  shopCreated: boolean
  url: string
  /** The webhook worker, unless started with `worker: false`. */
  worker: WebhookWorker | undefined
  /** http://host:port/metrics of the metrics listener, when one was asked for. */
  metricsUrl: string | undefined
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
  metricsListener?: MetricsListenOptions
  /** The embedded database died and could not be started again: the process must end (exit 1). */
  onDatabaseLost?: (message: string) => void
}): Promise<RunningServer> {
  // Before anything starts: a key file others can read is refused here, not after the database is up.
  const secrets = loadSecrets(options.config, options.onProgress)
  // The app's logger exists once the app is built; a connection lost before that fails start-up anyway.
  let log: FastifyInstance['log'] | undefined
  const database = await openDatabase(options.config, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    applicationName: 'shopapi serve',
    // Every statement of a request is bounded (issue 22); the demo data of `serve --demo` and the
    // first shop are written through this pool too, in statements far below it.
    statementTimeoutMs: options.config.statementTimeoutMs,
    log: { warn: (details, message) => log?.warn(details, message) },
    warnAboutRole: true,
  })
  superviseEmbedded(database, options)
  let worker: WebhookWorker | undefined
  let authCache: RunningAuthCache | undefined
  let metricsListener: MetricsListener | undefined
  // One registry for the process: the API and the worker in it count into the same metrics.
  const metrics = options.config.metrics.token || options.metricsListener ? new Metrics() : undefined
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
      ...(metrics ? { metrics } : {}),
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
        ...(metrics ? { metrics } : {}),
      })
      await worker.start()
    }
    await app.listen({ host: options.host, port: options.port })
    if (metrics && options.metricsListener) {
      metricsListener = await startMetricsListener(metrics, options.metricsListener.host, options.metricsListener.port)
      app.log.info({ metrics_url: metricsListener.url }, 'metrics listener started')
    }
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : options.port
    const host = options.host.includes(':') ? `[${options.host}]` : options.host
    let stopping: Promise<void> | undefined
    const running = worker
    const listening = authCache
    const metricsServer = metricsListener
    return {
      app,
      database,
      shop,
      shopCreated: created,
      url: `http://${host}:${port}/v1`,
      worker,
      metricsUrl: metricsServer?.url,
      stop() {
        stopping ??= (async () => {
          await Promise.all([app.close(), running?.stop(), metricsServer?.close()])
          await listening.stop()
          await database.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    await metricsListener?.close()
    await worker?.stop().catch(() => {})
    await authCache?.stop()
    await database.close()
    throw error
  }
}

export interface RunningWorker {
  database: Database
  worker: WebhookWorker
  metricsUrl: string | undefined
  stop(): Promise<void>
}

/** `shopapi worker`: deliveries and maintenance only, no HTTP API. */
export async function startWorkerProcess(options: {
  config: Config
  log: ConstructorParameters<typeof WebhookWorker>[0]['log']
  resolver?: Resolver
  onProgress?: (message: string) => void
  metricsListener?: MetricsListenOptions
  onDatabaseLost?: (message: string) => void
}): Promise<RunningWorker> {
  const { sealKey } = loadSecrets(options.config, options.onProgress)
  const database = await openDatabase(options.config, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    applicationName: 'shopapi worker',
    log: options.log,
    warnAboutRole: true,
    // The deliveries have the worker's own pool (P); this one only checks the role at start and reads
    // the backlog for --metrics-port: two connections, not P (docs/deploy/scaling.md, Connections).
    poolSize: 2,
  })
  superviseEmbedded(database, options)
  let metricsListener: MetricsListener | undefined
  let started: WebhookWorker | undefined
  try {
    const metrics = options.metricsListener ? new Metrics() : undefined
    if (metrics) {
      metrics.readBacklogWith(
        () => deliveryBacklog(database.pool),
        (error) => options.log.warn({ err: error }, 'reading the delivery backlog for the metrics failed'),
      )
    }
    const worker = new WebhookWorker({
      databaseUrl: database.url,
      poolSize: options.config.dbPoolSize,
      webhooks: options.config.webhooks,
      sealKey,
      log: options.log,
      ...(options.resolver ? { resolver: options.resolver } : {}),
      ...(metrics ? { metrics } : {}),
    })
    await worker.start()
    started = worker
    if (metrics && options.metricsListener) {
      metricsListener = await startMetricsListener(metrics, options.metricsListener.host, options.metricsListener.port)
      options.log.info({ metrics_url: metricsListener.url }, 'metrics listener started')
    }
    const metricsServer = metricsListener
    let stopping: Promise<void> | undefined
    return {
      database,
      worker,
      metricsUrl: metricsServer?.url,
      stop() {
        stopping ??= (async () => {
          await Promise.all([worker.stop(), metricsServer?.close()])
          await database.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    await metricsListener?.close()
    await started?.stop().catch(() => {})
    await database.close()
    throw error
  }
}

/**
 * A long-running process on the embedded database starts it again when it dies, and says so on stderr
 * (docs/decisions/operations.md); when it cannot, `onDatabaseLost` ends the process with one line, so a
 * service manager restarts the whole appliance.
 */
function superviseEmbedded(
  database: Database,
  options: { onProgress?: (message: string) => void; onDatabaseLost?: (message: string) => void },
): void {
  database.embedded?.supervise({
    report: (message) => options.onProgress?.(message),
    giveUp: (message) => {
      if (options.onDatabaseLost) return options.onDatabaseLost(message)
      process.stderr.write(`Error: ${message}\n`)
      process.exit(1)
    },
  })
}
