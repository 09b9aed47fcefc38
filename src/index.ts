// The package's library surface, for integrators and tests.
export { type Config, loadConfig } from './config.js'
export { verifyWebhookSignature } from './lib/webhook-signature.js'
export { buildApp } from './server/app.js'
export { buildOpenApiDocument } from './server/openapi.js'
export { apiOperations } from './server/routes/index.js'
