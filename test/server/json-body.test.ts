import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'

t.test('JSON bodies are read whatever parameters the Content-Type carries', async (t) => {
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read', 'customers.write'])
  const create = (contentType: string, idempotencyKey: string) =>
    api.request('/v1/customers', {
      method: 'POST',
      key,
      headers: { 'content-type': contentType, 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ first_name: 'Ann', last_name: 'Lee' }),
    })

  for (const [index, contentType] of [
    'application/json',
    'application/json; charset=utf-8',
    'application/json;charset=UTF-8',
    'Application/JSON',
    'application/merge-patch+json',
  ].entries()) {
    const response = await create(contentType, `ct-${index}`)
    t.equal(response.status, 201, contentType)
    t.equal(((await response.json()) as { first_name: string }).first_name, 'Ann', contentType)
  }

  for (const [index, contentType] of [
    'text/plain',
    'application/jsonp',
    'application/x-www-form-urlencoded',
  ].entries()) {
    const response = await create(contentType, `bad-${index}`)
    t.equal(response.status, 400, contentType)
    t.equal(((await response.json()) as { error: { code: string } }).error.code, 'invalid_json', contentType)
  }
})
