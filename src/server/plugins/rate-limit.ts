import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { ApiError } from '../../lib/errors.js'
import type { AppDeps } from '../deps.js'

// A budget per API key (per client address for the few routes served without a key). With
// REDIS_URL every `serve` process shares one budget; without it each process counts alone.
export const rateLimitPlugin = fp(async (app: FastifyInstance, { deps }: { deps: AppDeps }) => {
  const { max, windowSeconds } = deps.config.rateLimit
  const redis = deps.config.redisUrl
    ? new Redis(deps.config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: { message: error.message } }, 'rate-limit redis error'))
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect())
    })
  }
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: windowSeconds * 1000,
    hook: 'preHandler',
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'shopapi:ratelimit:' } : {}),
    // A Redis outage must not take the API down with it: requests pass uncounted meanwhile.
    skipOnError: true,
    keyGenerator: (request) => (request.auth ? `key:${request.auth.keyPublicId}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        'rate_limited',
        `Too many requests: the budget is ${context.max} requests per ${windowSeconds} s for each API key. Retry after ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      ),
  })
})
