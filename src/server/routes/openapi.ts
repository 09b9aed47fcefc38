import { defineOperation, type Operation } from '../../platform/operation.js'
import { buildOpenApiDocument, OpenApiDocumentSchema } from '../openapi.js'

/** The contract is public: served without a key, built once from the same operations as the routes. */
export function openApiOperations(all: () => Operation[]): Operation[] {
  let cached: Record<string, unknown> | undefined
  return [
    defineOperation({
      method: 'GET',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'Get this OpenAPI document',
      tag: 'Meta',
      scopes: null,
      success: { status: 200, description: 'The OpenAPI 3.1 document of API v1', schema: OpenApiDocumentSchema },
      handler: async () => {
        cached ??= buildOpenApiDocument(all())
        return cached
      },
    }),
  ]
}
