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

  // Callback hooks, not async ones: no promise per hook on every request (issue 26, per-request CPU).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    reply.header('cache-control', 'no-store')
    // Replaces Fastify's return503OnClosing, whose body is not our envelope.
    if (closing) {
      done(
        new ApiError('service_unavailable', 'The server is shutting down: retry in a moment', {
          headers: { 'retry-after': '1' },
        }),
      )
      return
    }
    done()
  })

  // A keep-alive connection busy when shutdown began would otherwise hold `close` open until its
  // idle timeout; answering its last response with `Connection: close` ends it with that response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  app.addHook('onResponse', (request, reply, done) => {
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
    done()
  })
})
