import type { FastifyInstance } from 'fastify'
import { redocScriptBytes, redocVersion, rendererPath, servedDocsPage } from '../docs-page.js'

// Outside /v1, without a key, and not an operation of the OpenAPI document (it is a page about the
// API, not part of it): GET /docs, the API reference rendered from GET /v1/openapi.json by the
// renderer this appliance serves itself at a versioned path.
export async function docsRoutes(app: FastifyInstance) {
  let served: { html: string; csp: string } | undefined
  app.get('/docs', { config: { operationId: 'docsPage' } }, async (_request, reply) => {
    served ??= servedDocsPage('/v1/openapi.json', 'shopapi API reference')
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', served.csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .send(served.html)
  })

  app.get(rendererPath(redocVersion()), { config: { operationId: 'docsRenderer' } }, async (_request, reply) => {
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(redocScriptBytes())
  })
}
