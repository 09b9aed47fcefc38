import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'
import { authenticateApiKey } from '../../services/api-keys.js'
import type { AppDeps } from '../deps.js'

const bearer = /^Bearer[ \t]+([^\s]+)[ \t]*$/i

// Bearer keys on every /v1 operation (spec "Authentication" 1). The route's config names the scopes
// it needs; write never implies read, so the check is a plain subset test.
export const authPlugin = fp(async (app: FastifyInstance, { deps }: { deps: AppDeps }) => {
  app.addHook('onRequest', async (request) => {
    const required = request.routeOptions.config?.scopes
    if (!required) return
    const header = request.headers.authorization
    const challenge = { 'www-authenticate': 'Bearer realm="shopapi"' }
    if (!header) {
      throw new ApiError('invalid_api_key', 'No API key: send the header Authorization: Bearer <API_KEY>', {
        headers: challenge,
      })
    }
    const token = bearer.exec(header)?.[1]
    if (!token) {
      throw new ApiError('invalid_api_key', 'The Authorization header must have the form "Bearer <API_KEY>"', {
        headers: challenge,
      })
    }
    const auth = await authenticateApiKey(deps.pool, token)
    if (!auth) {
      throw new ApiError(
        'invalid_api_key',
        'The API key is not valid: it is unknown, revoked, or its integration is disabled',
        {
          headers: { 'www-authenticate': 'Bearer realm="shopapi", error="invalid_token"' },
        },
      )
    }
    request.auth = auth
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
