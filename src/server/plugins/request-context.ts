import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'

// Every response, error or not, carries its request id and is never cached (spec "Common rules" 8).
// One JSON log line per request, written when the response is finished.
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
    reply.header('cache-control', 'no-store')
    // Replaces Fastify's return503OnClosing, whose body is not our envelope.
    if (closing) {
      throw new ApiError('service_unavailable', 'The server is shutting down: retry in a moment', {
        headers: { 'retry-after': '1' },
      })
    }
  })

  // A keep-alive connection busy when shutdown began would otherwise hold `close` open until its
  // idle timeout; answering its last response with `Connection: close` ends it with that response.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        key_prefix: request.auth?.keyPrefix ?? null,
        integration_id: request.auth?.integrationPublicId ?? null,
      },
      'request completed',
    )
  })
})
