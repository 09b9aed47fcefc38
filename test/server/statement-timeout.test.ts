// Every request's statements run under the API pool's statement timeout (issue 22 item 4): a
// statement that runs past it is cancelled by Postgres (SQLSTATE 57014) and the request is 503
// `service_unavailable` with Retry-After in the envelope, never a 500 or a connection held open. The
// timeout is a startup option of the API pool's connections (no extra round trip per request); the
// pools of the CLI and of migrations have none, so bulk work is never cut by the API's limit.
import t from 'tap'
import { z } from 'zod'
import { loadConfig } from '../../src/config.js'
import { openDatabase } from '../../src/db/connect.js'
import { createPool } from '../../src/db/pool.js'
import { defineOperation } from '../../src/platform/operation.js'
import { apiOperations } from '../../src/server/routes/index.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import { createTestDatabase } from '../helpers/database.js'
import { type ErrorBody, sendJson } from '../helpers/http.js'

// Operations that exist only in this test: a read and a write whose statement outlasts the timeout.
const slowOperations = [
  defineOperation({
    method: 'GET',
    path: '/slow-read',
    operationId: 'slowRead',
    summary: 'slow read',
    tag: 'Test',
    scopes: ['shop.read'],
    success: { status: 200, description: 'never', schema: z.unknown() },
    handler: async ({ db }) => {
      await db.query('select pg_sleep(2)')
      return {}
    },
  }),
  defineOperation({
    method: 'POST',
    path: '/slow-write',
    operationId: 'slowWrite',
    summary: 'slow write',
    tag: 'Test',
    scopes: ['customers.write'],
    success: { status: 201, description: 'never', schema: z.unknown() },
    handler: async ({ db, actor }) => {
      await db.query(`update shops set name = 'Half written' where id = $1::uuid`, [actor.shopId])
      await db.query('select pg_sleep(2)')
      return {}
    },
  }),
]

t.test('a statement past the timeout is 503 with Retry-After, and the write is rolled back', async (t) => {
  const database = await createTestDatabase(t)
  // The API pool as `serve` opens it, with a timeout a test can outlast.
  const pool = createPool(database.url, { max: 4, statementTimeoutMs: 200 })
  t.teardown(() => pool.end())
  const api = await startTestApp(t, {
    database: { url: database.url, pool },
    operations: [...apiOperations, ...slowOperations],
  })
  const shop = await createTestShop(database.pool, { name: 'Before' })
  const { key } = await createTestKey(database.pool, shop, ['shop.read', 'customers.write'])

  const started = performance.now()
  const read = await sendJson<ErrorBody>(api, 'GET', '/v1/slow-read', key)
  t.equal(read.status, 503, 'the read is 503')
  t.equal(read.body.error.code, 'service_unavailable')
  t.match(read.body.error.message, /longer than/, 'the message says the request ran too long')
  t.ok(Number(read.headers.get('retry-after')) >= 1, 'Retry-After in seconds')
  t.match(read.body.error.request_id, /^req_/)
  t.ok(performance.now() - started < 1500, 'answered when the timeout fired, not after the statement')

  const write = await sendJson<ErrorBody>(api, 'POST', '/v1/slow-write', key, { body: {} })
  t.equal(write.status, 503, 'the write is 503')
  t.ok(write.headers.get('retry-after'), 'with Retry-After')
  const { rows } = await database.pool.query('select name from shops where id = $1::uuid', [shop.id])
  t.equal(rows[0].name, 'Before', 'nothing of the write remains')

  // The pool is whole afterwards: every connection answers.
  const after = await Promise.all(Array.from({ length: 6 }, () => api.request('/v1/shop', { key })))
  t.same(
    after.map((response) => response.status),
    [200, 200, 200, 200, 200, 200],
  )
})

t.test('serve opens its pool with the configured timeout; the CLI and migrations run without one', async (t) => {
  const database = await createTestDatabase(t)
  const config = loadConfig({ DATABASE_URL: database.url, SHOPAPI_STATEMENT_TIMEOUT: '1500ms' })
  t.equal(config.statementTimeoutMs, 1500)
  t.equal(loadConfig({}).statementTimeoutMs, 5000, 'the default is 5 s')
  t.throws(() => loadConfig({ SHOPAPI_STATEMENT_TIMEOUT: 'soon' }), /SHOPAPI_STATEMENT_TIMEOUT/)

  const api = await openDatabase(config, { statementTimeoutMs: config.statementTimeoutMs })
  t.teardown(() => api.close())
  const cli = await openDatabase(config)
  t.teardown(() => cli.close())
  const setting = async (pool: typeof api.pool, name: string) =>
    (await pool.query(`select current_setting('${name}') as value`)).rows[0].value
  t.equal(await setting(api.pool, 'statement_timeout'), '1500ms', "the API pool's statement timeout")
  t.equal(await setting(api.pool, 'idle_in_transaction_session_timeout'), '1min', 'and its idle-in-transaction one')
  t.equal(await setting(cli.pool, 'statement_timeout'), '0', 'a CLI pool has none')
})
