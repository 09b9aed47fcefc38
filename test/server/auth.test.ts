import t from 'tap'
import { issueApiKey } from '../../src/lib/api-keys.js'
import { createApiKey, revokeApiKey } from '../../src/platform/tenancy/api-keys.js'
import { setIntegrationStatus } from '../../src/platform/tenancy/integrations.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'

interface ErrorBody {
  error: { code: string; message: string; param: string | null; request_id: string; blockers: unknown[] }
}

t.test('the authentication matrix of GET /v1/shop', async (t) => {
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool)
  const reader = await createTestKey(api.pool, shop, ['shop.read'])
  const writerOnly = await createTestKey(api.pool, shop, ['customers.write', 'customers.read'])

  const cases: { name: string; headers: Record<string, string>; status: number; code?: string }[] = [
    { name: 'no Authorization header', headers: {}, status: 401, code: 'invalid_api_key' },
    {
      name: 'not a Bearer scheme',
      headers: { authorization: `Basic ${reader.key}` },
      status: 401,
      code: 'invalid_api_key',
    },
    { name: 'Bearer without a token', headers: { authorization: 'Bearer ' }, status: 401, code: 'invalid_api_key' },
    { name: 'a malformed key', headers: { authorization: 'Bearer not-a-key' }, status: 401, code: 'invalid_api_key' },
    {
      name: 'a well-formed key that was never issued',
      headers: { authorization: `Bearer ${issueApiKey().plaintext}` },
      status: 401,
      code: 'invalid_api_key',
    },
    {
      name: 'a real key with one character changed',
      headers: { authorization: `Bearer ${reader.key.slice(0, -1)}${reader.key.endsWith('0') ? '1' : '0'}` },
      status: 401,
      code: 'invalid_api_key',
    },
    {
      name: 'a key without shop.read',
      headers: { authorization: `Bearer ${writerOnly.key}` },
      status: 403,
      code: 'insufficient_scope',
    },
    { name: 'a valid key with the scope', headers: { authorization: `Bearer ${reader.key}` }, status: 200 },
    { name: 'the scheme name in lower case', headers: { authorization: `bearer ${reader.key}` }, status: 200 },
  ]
  for (const c of cases) {
    const response = await api.request('/v1/shop', { headers: c.headers })
    t.equal(response.status, c.status, c.name)
    if (c.code) {
      const body = (await response.json()) as ErrorBody
      t.equal(body.error.code, c.code, `${c.name}: code`)
      t.equal(body.error.request_id, response.headers.get('x-request-id'), `${c.name}: request id`)
      t.same(body.error.blockers, [])
      t.equal(body.error.param, null)
      if (c.status === 401) t.match(response.headers.get('www-authenticate'), /^Bearer/)
    }
  }

  const forbidden = (await (await api.request('/v1/shop', { key: writerOnly.key })).json()) as ErrorBody
  t.match(forbidden.error.message, /shop\.read/, 'a 403 names the scope needed')
})

t.test('revoking a key, disabling an integration and rotating keys take effect on the next request', async (t) => {
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool)
  const first = await createTestKey(api.pool, shop, ['shop.read'])
  const second = await createApiKey(api.pool, first.integrationId)

  t.equal((await api.request('/v1/shop', { key: first.key })).status, 200)
  t.equal((await api.request('/v1/shop', { key: second.plaintext })).status, 200, 'both live keys work during rotation')
  await t.rejects(createApiKey(api.pool, first.integrationId), { code: 'conflict' }, 'a third live key is refused')

  await revokeApiKey(api.pool, first.keyId)
  t.equal((await api.request('/v1/shop', { key: first.key })).status, 401, 'revoked key: 401 at once')
  t.equal((await api.request('/v1/shop', { key: second.plaintext })).status, 200, 'the other key still works')

  await setIntegrationStatus(api.pool, first.integrationId, 'disabled')
  t.equal((await api.request('/v1/shop', { key: second.plaintext })).status, 401, 'disabled integration: 401')
  await setIntegrationStatus(api.pool, first.integrationId, 'active')
  t.equal((await api.request('/v1/shop', { key: second.plaintext })).status, 200, 'enabled again')
})

t.test('last use is recorded without exposing the key', async (t) => {
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool)
  const { key, keyId } = await createTestKey(api.pool, shop, ['shop.read'])
  await api.request('/v1/shop', { key })
  let lastUsed: Date | null = null
  for (let i = 0; i < 20 && !lastUsed; i++) {
    const { rows } = await api.pool.query<{ last_used_at: Date | null }>(
      'select last_used_at from api_keys where public_id = $1',
      [keyId],
    )
    lastUsed = rows[0]?.last_used_at ?? null
    if (!lastUsed) await new Promise((r) => setTimeout(r, 50))
  }
  t.ok(lastUsed, 'last_used_at is set after a request')
  const { rows } = await api.pool.query('select * from api_keys where public_id = $1', [keyId])
  t.notMatch(JSON.stringify(rows), key.split('_')[2] as string, 'the secret part is stored nowhere in the row')
})
