import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { ApiError } from '../../lib/errors.js'
import type { AppDeps } from '../../platform/deps.js'
import type { Metrics } from '../../platform/metrics.js'
import { sendError } from './errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts an authenticated request against its key's budget: sets the RateLimit-* headers, and
     * throws 429 `rate_limited` (with them and Retry-After) once the budget is spent.
     */
    chargeKeyBudget(request: FastifyRequest, reply: FastifyReply): Promise<void>
  }
}

// A budget per API key. With REDIS_URL every `serve` process shares one budget; without it each
// process counts alone. The auth hook charges it right after authenticating, in onRequest, so every
// later answer to the request (403, body errors, 413, 404, the handler's) carries the headers.
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
    // No hook of its own: the auth hook decides when a request is charged (after authentication).
    global: false,
    max,
    timeWindow: windowSeconds * 1000,
    ...(redis ? { redis, nameSpace: 'shopapi:ratelimit:' } : {}),
    // A Redis outage must not take the API down with it: requests pass uncounted meanwhile.
    skipOnError: true,
    keyGenerator: (request) => `key:${request.auth?.keyPublicId}`,
  })
  const charge = app.createRateLimit()

  app.decorate('chargeKeyBudget', async (request: FastifyRequest, reply: FastifyReply) => {
    const budget = await charge(request)
    if (budget.isAllowed) return
    reply.header('ratelimit-limit', budget.max)
    reply.header('ratelimit-remaining', budget.remaining)
    reply.header('ratelimit-reset', budget.ttlInSeconds)
    if (budget.isExceeded) {
      deps.metrics?.countRateLimited('key')
      const retryAfter = Math.max(1, budget.ttlInSeconds)
      throw new ApiError(
        'rate_limited',
        `Too many requests: the budget is ${budget.max} requests per ${windowSeconds} s for each API key. Retry after ${retryAfter} s`,
        { headers: { 'retry-after': String(retryAfter) } },
      )
    }
  })
})

/**
 * Fixed-window counters per client address in this process's memory, for the edge throttle. The
 * rate-limit library's stores only count up; the edge must also ask "is this address over its
 * failed-authentication budget?" without counting, before it spends a database lookup on a key.
 * Past `capacity` addresses the least recently counted is forgotten, so a flood of addresses
 * cannot grow memory without bound.
 */
export class AddressWindows {
  readonly #windows = new Map<string, { count: number; resetAt: number }>()

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly capacity = 100_000,
  ) {}

  /** Counts one request of `address`; returns the seconds it must wait when that exceeds the budget, else 0. */
  take(address: string, now = Date.now()): number {
    let window = this.#windows.get(address)
    this.#windows.delete(address)
    if (!window || window.resetAt <= now) window = { count: 0, resetAt: now + this.windowMs }
    window.count += 1
    this.#windows.set(address, window)
    if (this.#windows.size > this.capacity) {
      const oldest = this.#windows.keys().next().value
      if (oldest !== undefined) this.#windows.delete(oldest)
    }
    return window.count > this.max ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0
  }

  /** The seconds `address` must wait because its budget is spent, else 0; counts nothing. */
  blockedFor(address: string, now = Date.now()): number {
    const window = this.#windows.get(address)
    if (!window || window.resetAt <= now || window.count < this.max) return 0
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000))
  }
}

/**
 * The edge throttle of one app, per client address and before any database work, shared by every
 * route that takes a credential (the /v1 API keys, the /metrics token): one budget for requests that
 * bring none, one for credentials that failed. Only failures are counted against an address and only
 * what could be a failure is refused: a credential known good without database work always passes.
 */
export class EdgeThrottle {
  readonly #withoutCredential: AddressWindows
  readonly #failedCredentials: AddressWindows

  constructor(
    readonly max: number,
    readonly windowSeconds: number,
    private readonly metrics?: Metrics,
  ) {
    this.#withoutCredential = new AddressWindows(max, windowSeconds * 1000)
    this.#failedCredentials = new AddressWindows(max, windowSeconds * 1000)
  }

  /** Counts a request that brings no credential; the seconds to wait when over budget, else 0. */
  takeWithoutCredential(address: string): number {
    return this.#withoutCredential.take(address)
  }

  /** The seconds `address` is refused unverifiable credentials for, else 0; counts nothing. */
  failuresBlockFor(address: string): number {
    return this.#failedCredentials.blockedFor(address)
  }

  /** Counts a credential that failed its check. */
  countFailure(address: string): void {
    this.#failedCredentials.take(address)
  }

  /** The 429 of an address over its failed-authentication budget; `then` says what still passes. */
  refuseFailedAuthentications(request: FastifyRequest, reply: FastifyReply, blockedFor: number, then: string) {
    return this.refuse(request, reply, blockedFor, 'failed authentications', then)
  }

  /**
   * The edge's 429: Retry-After and none of the RateLimit-* headers (spec "Errors" 6), request_id null
   * like every edge refusal. `what` names what was counted; `then` says what still passes, if anything.
   */
  refuse(request: FastifyRequest, reply: FastifyReply, retryAfter: number, what: string, then = '') {
    this.metrics?.countRateLimited('edge')
    return sendError(
      request,
      reply,
      new ApiError(
        'rate_limited',
        `Too many ${what} from this address: at most ${this.max} per ${this.windowSeconds} s.${then ? ` ${then}` : ''} Retry after ${retryAfter} s`,
        { headers: { 'retry-after': String(retryAfter) } },
      ),
      null,
    )
  }
}
