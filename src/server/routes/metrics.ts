import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'
import type { Metrics } from '../../platform/metrics.js'

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
 * when a token is configured, so without one it is an unknown route (404) like any other.
 */
export async function metricsRoute(app: FastifyInstance, { metrics, token }: { metrics: Metrics; token: string }) {
  // Both sides hashed first: timingSafeEqual needs equal lengths, and a length check would tell it.
  const expected = createHash('sha256').update(token).digest()
  app.get('/metrics', { config: { operationId: 'metrics' } }, async (request, reply) => {
    const header = request.headers.authorization
    const given = header === undefined ? undefined : bearer.exec(header)?.[1]
    const matches = given !== undefined && timingSafeEqual(createHash('sha256').update(given).digest(), expected)
    if (!matches) {
      throw new ApiError(
        'invalid_api_key',
        given === undefined
          ? 'GET /metrics needs the header Authorization: Bearer <SHOPAPI_METRICS_TOKEN>'
          : 'The metrics token is not the one this server was started with (SHOPAPI_METRICS_TOKEN)',
        { headers: { 'www-authenticate': 'Bearer realm="shopapi metrics"' } },
      )
    }
    const { contentType, body } = await metrics.scrape()
    return reply.type(contentType).send(body)
  })
}
