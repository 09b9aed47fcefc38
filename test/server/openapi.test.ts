import { Validator } from '@seriousme/openapi-schema-validator'
import t from 'tap'
import { scopeCatalogue } from '../../src/lib/scopes.js'
import { buildOpenApiDocument } from '../../src/server/openapi.js'
import { apiOperations } from '../../src/server/routes/index.js'
import { startTestApp } from '../helpers/app.js'

type Operations = Record<string, Record<string, Record<string, unknown>>>

t.test('the document is valid OpenAPI 3.1', async (t) => {
  const document = buildOpenApiDocument(apiOperations)
  const result = await new Validator().validate(document)
  t.ok(result.valid, `valid: ${JSON.stringify(result.errors)}`)
  t.equal(document.openapi, '3.1.0')
})

t.test('the contract is frozen: any change must be a deliberate snapshot update (npm run snap)', async (t) => {
  t.matchSnapshot(JSON.stringify(buildOpenApiDocument(apiOperations), null, 2), 'openapi.json')
})

t.test('every operation declares its scopes and its errors', async (t) => {
  const document = buildOpenApiDocument(apiOperations)
  const paths = document.paths as Operations
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`
      t.ok(Array.isArray(operation['x-required-scopes']), `${name}: x-required-scopes`)
      t.ok(Array.isArray(operation['x-conditional-scopes']), `${name}: x-conditional-scopes`)
      for (const scope of operation['x-required-scopes'] as string[])
        t.ok(scope in scopeCatalogue, `${name}: ${scope} is catalogued`)
      const responses = operation.responses as Record<string, unknown>
      for (const status of ['400', '404', '429', '500']) t.ok(responses[status], `${name}: documents ${status}`)
    }
  }
  t.same((paths['/shop']?.get?.['x-required-scopes'] as string[]) ?? [], ['shop.read'])
  t.same(document['x-scopes'], scopeCatalogue, 'the whole scope catalogue is published')
  const shop = (
    document.components as { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> }
  ).schemas.Shop
  for (const [field, schema] of Object.entries(shop?.properties ?? {})) {
    t.ok(schema['x-field-visibility'] !== undefined || '$ref' in schema, `Shop.${field}: x-field-visibility`)
  }
})

t.test('served without a key at /v1/openapi.json, identical to the export', async (t) => {
  const api = await startTestApp(t)
  const response = await api.request('/v1/openapi.json')
  t.equal(response.status, 200)
  t.same(await response.json(), JSON.parse(JSON.stringify(buildOpenApiDocument(apiOperations))))
})
