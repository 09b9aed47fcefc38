import { defineOperation, type Operation } from '../../platform/operation.js'
import { buildOpenApiDocument, OpenApiDocumentSchema } from '../openapi.js'

/** The contract is public: served without a key, built once from the same operations as the routes. */
export function openApiOperations(all: () => Operation[]): Operation[] {
  // Rebuilt when the year turns: the latest model year a vehicle may have moves with it.
  let cached: { year: number; document: Record<string, unknown> } | undefined
  return [
    defineOperation({
      method: 'GET',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'Get this OpenAPI document',
      description: 'Served without a key; identical to `shopapi openapi export`.',
      tag: 'Meta',
      scopes: null,
      success: { status: 200, description: 'The OpenAPI 3.1 document of API v1', schema: OpenApiDocumentSchema },
      handler: async () => {
        const year = new Date().getUTCFullYear()
        if (cached?.year !== year) cached = { year, document: buildOpenApiDocument(all()) }
        return cached.document
      },
    }),
  ]
}
