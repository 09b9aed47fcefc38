import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'
import type { Metrics } from '../../platform/metrics.js'
import type { EdgeThrottle } from '../plugins/rate-limit.js'

const bearer = /^Bearer[ \t]+([^\s]+)[ \t]*$/i

/**
 * Counts every answered request under its route's operation id (`unmatched` when no route matched),
 * never its URL, so the series stay as many as the operations. A root hook: it sees /v1 and the rest.
 */
export const requestMetricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.countRequest(
      request.routeOptions.config?.operationId ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    )
    done()
  })
})

/**
 * `GET /metrics` on the API port, outside /v1 and outside the OpenAPI document: for the shop's IT
 * staff, not integrators. Only with `Authorization: Bearer <SHOPAPI_METRICS_TOKEN>`; registered only
 * when a token is configured, so without one it is an unknown route (404) like any other. Guesses are
 * throttled by the edge like API keys: a request without a token spends the address's keyless budget,
 * a wrong token counts as a failed authentication, and once the address is over that budget every
 * token is refused until the window ends, the right one too (docs/decisions/identity-and-access.md "Rate limits").
 */
export async function metricsRoute(
  app: FastifyInstance,
  { metrics, token, edge }: { metrics: Metrics; token: string; edge: EdgeThrottle },
) {
  // Both sides hashed first: timingSafeEqual needs equal lengths, and a length check would tell it.
  const expected = createHash('sha256').update(token).digest()
  app.get('/metrics', { config: { operationId: 'metrics' } }, async (request, reply) => {
    const header = request.headers.authorization
    const given = header === undefined ? undefined : bearer.exec(header)?.[1]
    if (given === undefined) {
      const retryAfter = edge.takeWithoutCredential(request.ip)
      if (retryAfter > 0) return edge.refuse(request, reply, retryAfter, 'requests without a metrics token')
      throw new ApiError(
        'invalid_api_key',
        'GET /metrics needs the header Authorization: Bearer <SHOPAPI_METRICS_TOKEN>',
        {
          headers: { 'www-authenticate': 'Bearer realm="shopapi metrics"' },
        },
      )
    }
    // Unlike a cached API key (256 random bits), this token is chosen by the operator and may be
    // guessable: a right one answered mid-block would let a guessing loop run at full speed.
    const blockedFor = edge.failuresBlockFor(request.ip)
    if (blockedFor > 0) {
      return edge.refuseFailedAuthentications(
        request,
        reply,
        blockedFor,
        'Until the window ends GET /metrics is refused from it, whatever the metrics token.',
      )
    }
    if (!timingSafeEqual(createHash('sha256').update(given).digest(), expected)) {
      edge.countFailure(request.ip)
      throw new ApiError(
        'invalid_api_key',
        'The metrics token is not the one this server was started with (SHOPAPI_METRICS_TOKEN)',
        { headers: { 'www-authenticate': 'Bearer realm="shopapi metrics"' } },
      )
    }
    const { contentType, body } = await metrics.scrape()
    return reply.type(contentType).send(body)
  })
}
