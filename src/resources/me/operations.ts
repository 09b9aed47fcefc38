import { defineOperation, type Operation } from '../../platform/operation.js'
import { operationRules, toApiKeyIntrospection } from './present.js'
import { ApiKeyIntrospectionSchema } from './schema.js'
import { readIntrospectedKey } from './service.js'

/**
 * `GET /me` for any valid key: no scope gates it (an empty list still authenticates, unlike null).
 * `all` is the server's own operation list, read on first use, so the answer is derived from the
 * same scopes and response schemas the router, the auth hook and the redaction enforce.
 */
export function meOperations(all: () => Operation[]): Operation[] {
  let rules: ReturnType<typeof operationRules> | undefined
  return [
    defineOperation({
      method: 'GET',
      path: '/me',
      operationId: 'introspectApiKey',
      summary: 'Introspect the calling API key',
      description:
        'Any valid key, whatever its scopes: its integration and shop, its scopes, every operation with whether the key may call it (and which scopes it lacks), and which fields it will see redacted (null) with the scope that would reveal them. Never the key itself or its hash.',
      tag: 'Meta',
      scopes: [],
      success: { status: 200, description: 'The calling key, introspected', schema: ApiKeyIntrospectionSchema },
      handler: async ({ auth, db }) => {
        rules ??= operationRules(all())
        return toApiKeyIntrospection(await readIntrospectedKey(db, auth), auth, rules)
      },
    }),
  ]
}
