import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { loadSecrets } from '../io/secret-key.js'
import { newPublicId } from '../lib/ids.js'
import { redactSecrets } from '../lib/log-redaction.js'
import type { AppDeps } from '../platform/deps.js'
import { Metrics } from '../platform/metrics.js'
import type { Operation } from '../platform/operation.js'
import { deliveryBacklog } from '../resources/deliveries/service.js'
import { bufferedLogDestination } from './log-destination.js'
import { mcpRoute } from './mcp/route.js'
import { registerOperations } from './operations.js'
import { authPlugin } from './plugins/auth.js'
import { answerClientError, answerFrameworkError, errorsPlugin, notFoundHandler } from './plugins/errors.js'
import { jsonBodyPlugin } from './plugins/json-body.js'
import { EdgeThrottle, rateLimitPlugin } from './plugins/rate-limit.js'
import { requestContextPlugin } from './plugins/request-context.js'
import { docsRoutes } from './routes/docs.js'
import { healthRoutes } from './routes/health.js'
import { apiOperations } from './routes/index.js'
import { metricsRoute, requestMetricsPlugin } from './routes/metrics.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics this app counts into (deps.metrics, or its own when a metrics token is set). */
    metrics: Metrics | undefined
  }
}

export const maxBodyBytes = 1024 * 1024

export interface BuildAppOptions {
  /** Where log lines go; standard output unless given. */
  logStream?: { write(line: string): void }
  /** The operations to serve; every operation of API v1 unless given. */
  operations?: Operation[]
}

/** The whole HTTP application, ready for `listen` or `inject`; it never reads process.env. */
export async function buildApp(
  given: Omit<AppDeps, 'secrets'> & { secrets?: AppDeps['secrets'] },
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const deps: AppDeps = { ...given, secrets: given.secrets ?? loadSecrets(given.config) }
  const metricsToken = deps.config.metrics.token
  deps.metrics ??= metricsToken ? new Metrics() : undefined
  // Standard output in buffered asynchronous writes of at least 32 KB (log-destination.ts: a write per
  // line cost a tenth of the throughput), bounded in memory; the rest is flushed when the app closes.
  const stdout = options.logStream ? undefined : bufferedLogDestination(1)
  const app = Fastify({
    logger: {
      level: deps.config.logLevel,
      // Secrets never reach a log line, whatever a log call passes in (lib/log-redaction.ts).
      formatters: { log: redactSecrets },
      stream: options.logStream ?? stdout?.stream,
    },
    // Our own one line per request (request-context plugin) replaces Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    genReqId: () => newPublicId('request'),
    requestIdHeader: false,
    bodyLimit: maxBodyBytes,
    return503OnClosing: false,
    // Node's parser limits the request line to 16 KB first, so no id is refused by length here:
    // an over-long id reaches its route and is answered like any wrong id (400 invalid_id).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    trustProxy: deps.config.trustProxy,
    // Failures before any route runs are answered in the envelope too (spec "Errors" 1).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  })

  if (stdout) {
    // Dropped lines are said in a line of their own once there is room again.
    const reportDropped = setInterval(() => {
      const dropped = stdout.takeDropped()
      if (dropped > 0) app.log.warn({ dropped_lines: dropped }, 'log lines dropped: standard output did not keep up')
    }, 5_000)
    reportDropped.unref()
    app.addHook('onClose', async () => {
      clearInterval(reportDropped)
      try {
        stdout.stream.flushSync()
      } catch {
        // Standard output already gone (closed pipe): nothing left to flush to.
      }
    })
  }
  app.decorate('metrics', deps.metrics)
  // One edge throttle for every credential the app checks: the API keys and the metrics token.
  const edge = new EdgeThrottle(deps.config.edgeRateLimit.max, deps.config.rateLimit.windowSeconds, deps.metrics)
  await app.register(requestContextPlugin)
  await app.register(errorsPlugin)
  await app.register(jsonBodyPlugin)
  if (deps.metrics) {
    const metrics = deps.metrics
    metrics.watchPool('api', deps.pool)
    metrics.readBacklogWith(
      () => deliveryBacklog(deps.pool),
      (error) => app.log.warn({ err: error }, 'reading the delivery backlog for the metrics failed'),
    )
    await app.register(requestMetricsPlugin, { metrics })
    if (metricsToken) await app.register(metricsRoute, { metrics, token: metricsToken, edge })
  }
  await app.register(healthRoutes, { deps })
  await app.register(docsRoutes)
  const operations = options.operations ?? apiOperations
  // The routes that take an API key: /v1 and the MCP endpoint, under one auth hook and one key budget.
  await app.register(async (keyed) => {
    await keyed.register(rateLimitPlugin, { deps })
    await keyed.register(authPlugin, { deps, edge })
    await keyed.register(
      async (v1) => {
        // Unknown /v1 routes get the /v1 hooks: the edge throttle, and a key's RateLimit-* headers.
        v1.setNotFoundHandler(notFoundHandler)
        registerOperations(v1, operations, deps)
      },
      { prefix: '/v1' },
    )
    // POST /mcp (docs/decisions/assistants.md): tools derived from the same operations, each call
    // sent back through the app to its /v1 route as the caller's key.
    mcpRoute(keyed, app, operations)
  })
  return app
}
