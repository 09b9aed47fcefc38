// Issue 25 item 6: the document serves the contract's version and marks what the product adds; the
// README's Changelog names every addition, so neither can drift from the other.
import { readFile } from 'node:fs/promises'
import t from 'tap'
import { additionMark, contractFields, contractOperations, markAdditions } from '../../src/server/contract-additions.js'
import { buildOpenApiDocument, contractVersion } from '../../src/server/openapi.js'
import { apiOperations } from '../../src/server/routes/index.js'

type Document = Parameters<typeof markAdditions>[0] & { info: { version: string } }

const document = buildOpenApiDocument(apiOperations) as unknown as Document
const additions = markAdditions(structuredClone(document))

t.test('the served version is the contract version, not one of our own', async (t) => {
  const spec = await readFile(new URL('../../../shared/spec/shop-api-v1.md', import.meta.url), 'utf8').catch(() => '')
  t.equal(document.info.version, '1.0.0-rc.6')
  t.equal(contractVersion, document.info.version)
  if (spec) t.match(spec, `The published contract version at the time of writing is ${contractVersion}.`)
})

t.test('what the contract names is in the document, unmarked; what it does not is marked', async (t) => {
  const paths = document.paths ?? {}
  for (const name of contractOperations) {
    const [method, path] = name.split(' ') as [string, string]
    const operation = paths[path]?.[method.toLowerCase()]
    t.ok(operation, `${name} is served`)
    t.notOk(operation?.[additionMark], `${name} is the contract's`)
  }
  t.equal(paths['/me']?.get?.[additionMark], true, 'GET /me is an addition')
  const schemas = document.components?.schemas ?? {}
  for (const [schema, fields] of Object.entries(contractFields)) {
    for (const field of fields.filter((field) => field !== 'jobs')) {
      const property = schemas[schema]?.properties?.[field]
      t.ok(property, `${schema}.${field} is in the document`)
      t.notOk(property?.[additionMark], `${schema}.${field} is the contract's`)
    }
  }
  t.equal(schemas.CannedJob?.properties?.code?.[additionMark], true, 'an extra field is marked')
  t.ok(additions.includes('Invoice.void_reason'))
})

t.test("the README's Changelog names every addition", async (t) => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8')
  const changelog = readme.split(/^## Changelog$/m)[1]?.split(/^## /m)[0] ?? ''
  t.match(changelog, contractVersion, 'it says which contract version it extends')
  for (const addition of additions) t.ok(changelog.includes(`\`${addition}\``), `${addition} is listed`)
})
