import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { createPool } from '../../src/db/pool.js'
import { buildApp } from '../../src/server/app.js'
import { startTestApp } from '../helpers/app.js'
import { createEmptyDatabase } from '../helpers/database.js'

t.test('healthz and readyz on a migrated database, without a key', async (t) => {
  const api = await startTestApp(t)
  const health = await api.request('/healthz')
  t.equal(health.status, 200)
  t.same(await health.json(), { status: 'ok' })
  const ready = await api.request('/readyz')
  t.equal(ready.status, 200)
  t.match(await ready.json(), { status: 'ok', migrations: 'current' })
})

t.test('readyz is 503 while migrations are pending, and when the database is gone', async (t) => {
  const url = await createEmptyDatabase(t)
  const pool = createPool(url, { max: 2 })
  t.teardown(() => pool.end())
  const app = await buildApp({ pool, config: loadConfig({}, { databaseUrl: url, logLevel: 'silent' }) })
  t.teardown(() => app.close())
  const pending = await app.inject({ method: 'GET', url: '/readyz' })
  t.equal(pending.statusCode, 503)
  t.match(pending.json(), { error: { code: 'service_unavailable', message: /migrations/i } })
  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process itself is up')

  const unreachable = createPool('postgres://nobody@127.0.0.1:1/none', { max: 1 })
  t.teardown(() => unreachable.end())
  const orphan = await buildApp({ pool: unreachable, config: loadConfig({}, { logLevel: 'silent' }) })
  t.teardown(() => orphan.close())
  const down = await orphan.inject({ method: 'GET', url: '/readyz' })
  t.equal(down.statusCode, 503)
  t.match(down.json(), { error: { code: 'service_unavailable' } })
})
