import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'
import type { AppDeps } from '../../platform/deps.js'
import { authenticateApiKey, authenticateCachedApiKey } from '../../platform/tenancy/api-keys.js'
import { InFlightLimiter } from './in-flight.js'
import type { EdgeThrottle } from './rate-limit.js'

const bearer = /^Bearer[ \t]+([^\s]+)[ \t]*$/i

const challenge = { 'www-authenticate': 'Bearer realm="shopapi"' }

// Every /v1 request, in one onRequest hook so the order is explicit and holds before the body is read:
//   1. edge throttle per client address, without any database work, for requests without a key
//      (or with a malformed Authorization header), and for keys the auth cache does not know from
//      addresses over their failed-auth budget (EdgeThrottle, shared with GET /metrics);
//   2. authentication (401), counting failures against the address;
//   3. the key's budget (RateLimit-* headers from here on, 429);
//   4. scopes (403): the route's config names them; write never implies read (spec "Authentication");
//   5. the key's requests in flight (429 beyond SHOPAPI_MAX_IN_FLIGHT_PER_KEY), checked after 3.
// Body parsing (400 invalid_json, 413), validation and the handler come after, so every answer to an
// authenticated request carries the key's RateLimit-* headers. An unknown /v1 route sent with an
// Authorization header is authenticated too: its 404 (or 401) then tells the truth about the key.
export const authPlugin = fp(async (app: FastifyInstance, { deps, edge }: { deps: AppDeps; edge: EdgeThrottle }) => {
  const refuseWithoutKey = (request: FastifyRequest, reply: FastifyReply, retryAfter: number) =>
    edge.refuse(request, reply, retryAfter, 'requests without an API key')
  const inFlight = new InFlightLimiter(deps.config.maxInFlightPerKey)

  app.addHook('onRequest', async (request, reply) => {
    const required = request.routeOptions.config?.scopes
    const header = request.headers.authorization
    if (!required && !(request.is404 && header !== undefined)) {
      // Served without a key (the OpenAPI document, an unknown route): no database work to guard,
      // but an address still gets only so many.
      const retryAfter = edge.takeWithoutCredential(request.ip)
      if (retryAfter > 0) return refuseWithoutKey(request, reply, retryAfter)
      return
    }

    const token = header === undefined ? undefined : bearer.exec(header)?.[1]
    if (!token) {
      const retryAfter = edge.takeWithoutCredential(request.ip)
      if (retryAfter > 0) return refuseWithoutKey(request, reply, retryAfter)
      throw new ApiError(
        'invalid_api_key',
        header === undefined
          ? 'No API key: send the header Authorization: Bearer <API_KEY>'
          : 'The Authorization header must have the form "Bearer <API_KEY>"',
        { headers: challenge },
      )
    }

    // An address over its failed-authentication budget gets no database lookup: a key the auth cache
    // knows (in use on this process within its TTL) passes as ever; any other is refused until the
    // window ends, a valid key not yet cached included, the price of reading nothing for guesses.
    const blockedFor = edge.failuresBlockFor(request.ip)
    const auth =
      blockedFor > 0
        ? deps.authCache && authenticateCachedApiKey(deps.pool, token, deps.authCache)
        : await authenticateApiKey(deps.pool, token, deps.authCache)
    if (!auth) {
      if (blockedFor > 0) {
        return edge.refuseFailedAuthentications(
          request,
          reply,
          blockedFor,
          'Until the window ends, only keys this server recently authenticated are accepted from it.',
        )
      }
      edge.countFailure(request.ip)
      throw new ApiError(
        'invalid_api_key',
        'The API key is not valid: it is unknown, revoked, or its integration is disabled',
        { headers: { 'www-authenticate': 'Bearer realm="shopapi", error="invalid_token"' } },
      )
    }
    request.auth = auth
    await app.chargeKeyBudget(request, reply)
    // The key's requests in flight (5.): one integration's burst of heavy requests must not hold
    // every pooled connection while other shops wait. Held until the answer is over and the handler
    // is done (holdingSlot in the runner), whatever path the request takes.
    const slot = inFlight.take(auth.keyPublicId)
    if (!slot) {
      deps.metrics?.countRateLimited('in_flight')
      throw new ApiError(
        'rate_limited',
        `Too many requests at once: at most ${inFlight.max} requests in flight for each API key. Wait for one to finish; retry after 1 s`,
        { headers: { 'retry-after': '1' } },
      )
    }
    request.inFlightSlot = slot
    reply.raw.once('close', () => slot.answered())

    // An unknown route: the not-found handler answers, with the key's headers.
    if (!required) return
    const missing = required.filter((scope) => !auth.scopes.has(scope))
    if (missing.length > 0) {
      throw new ApiError(
        'insufficient_scope',
        `This operation needs the scope${required.length > 1 ? 's' : ''} ${required.join(', ')}; the key's integration lacks ${missing.join(', ')}`,
        {
          headers: {
            'www-authenticate': `Bearer realm="shopapi", error="insufficient_scope", scope="${required.join(' ')}"`,
          },
        },
      )
    }
  })
})
