// The key cache as `serve` runs it (a LISTEN connection, triggers on shops, integrations and api_keys):
// staff changes made by other processes (the CLI, over dist/: run `npm run build` first) apply on the
// next request, a last_used_at write does not empty the cache, and while the LISTEN connection is down
// every request reads the database.
//
// "Answered from memory" is observed from outside: a change written with triggers off
// (session_replication_role = replica) announces nothing, so only a server that reads the database
// sees it. The probe revokes the key that way, asks, and restores the key the same way.
//
// A change reaches the cache as a notification, a moment after its commit. Before asserting what
// follows a change, a test waits until the app has heard it (api.authChangesHeard), never a number of
// milliseconds: the time that takes is measured by the bench (`BENCH_ONLY=bounds npm run bench`).
import { setTimeout as delay } from 'node:timers/promises'
import pg from 'pg'
import t, { type Test } from 'tap'
import { authCacheApplicationName, createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import { runCli } from '../helpers/cli.js'
import { withDatabaseName } from '../helpers/database.js'
import { assertError, sendJson } from '../helpers/http.js'

interface ShopJson {
  id: string
  name: string
}

/** A session whose writes fire no trigger, so no notification: a change the cache cannot hear of. */
async function silentSession(t: Test, url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  t.teardown(() => client.end())
  await client.query('set session_replication_role = replica')
  const setRevoked = (keyId: string, revoked: boolean) =>
    client.query(`update api_keys set revoked_at = case when $2::boolean then now() end where public_id = $1::text`, [
      keyId,
      revoked,
    ])
  return {
    client,
    setRevoked,
    /** True when `key` is answered from memory: a revocation no process was told of goes unseen. */
    async servedFromMemory(api: TestApp, key: string, keyId: string): Promise<boolean> {
      await setRevoked(keyId, true)
      try {
        return (await getShop(api, key)).status === 200
      } finally {
        await setRevoked(keyId, false)
      }
    },
  }
}

const getShop = (api: TestApp, key: string) => sendJson<ShopJson>(api, 'GET', '/v1/shop', key)

/**
 * Polls `check` until it holds or `withinMs` passes; the milliseconds it took, or null. For what
 * follows a process of its own (a write off the request path, a reconnection), not for a deadline.
 */
async function eventually(check: () => Promise<boolean>, withinMs: number, everyMs = 5): Promise<number | null> {
  const started = performance.now()
  while (performance.now() - started < withinMs) {
    if (await check()) return Math.round(performance.now() - started)
    await delay(everyMs)
  }
  return null
}

t.test('a cached key: staff changes made by other processes apply on the next request', async (t) => {
  const api = await startTestApp(t, { authCache: true })
  const shop = await createTestShop(api.pool)
  const first = await createTestKey(api.pool, shop, ['shop.read', 'customers.read'])
  // The key's creation notifies too: heard later, it would empty the cache after the key is in it.
  await api.authChangesHeard()
  const silent = await silentSession(t, api.owner.url)
  const cli = async (args: string[]) => {
    const result = await runCli(args, { DATABASE_URL: api.url })
    t.equal(result.code, 0, `shopapi ${args.join(' ')}`, { stderr: result.stderr })
    await api.authChangesHeard()
    return result
  }

  t.equal((await getShop(api, first.key)).status, 200)
  t.ok(await silent.servedFromMemory(api, first.key, first.keyId), 'the key is now answered from memory')
  const wrongSecret = `${first.key.slice(0, -1)}${first.key.endsWith('0') ? '1' : '0'}`
  assertError(t, await getShop(api, wrongSecret), 401, 'invalid_api_key')
  t.equal((await getShop(api, first.key)).status, 200, 'the right secret still works')

  const second = JSON.parse((await cli(['keys', 'create', '--integration', first.integrationId, '--json'])).stdout) as {
    id: string
    api_key: string
  }
  t.equal((await getShop(api, second.api_key)).status, 200, 'a key created by the CLI works on its first request')

  await cli(['keys', 'revoke', first.keyId])
  assertError(t, await getShop(api, first.key), 401, 'invalid_api_key')
  t.equal((await getShop(api, second.api_key)).status, 200, 'the other key of the integration still works')

  await cli(['integrations', 'update', first.integrationId, '--scopes', 'customers.read'])
  assertError(t, await getShop(api, second.api_key), 403, 'insufficient_scope')
  await cli(['integrations', 'update', first.integrationId, '--scopes', 'shop.read,customers.read'])
  t.equal((await getShop(api, second.api_key)).status, 200, 'the scope given back: 200 on the next request')

  await cli(['integrations', 'disable', first.integrationId])
  assertError(t, await getShop(api, second.api_key), 401, 'invalid_api_key')
  await cli(['integrations', 'enable', first.integrationId])
  t.equal((await getShop(api, second.api_key)).status, 200, 'enabled again: 200 on the next request')

  t.ok(await silent.servedFromMemory(api, second.api_key, second.id), 'answered from memory again')
  await cli(['shops', 'update', shop.public_id, '--confirm-bookings'])
  t.notOk(
    await silent.servedFromMemory(api, second.api_key, second.id),
    "shops update: the shop's keys are read from the database again",
  )

  // Any writer, here plain SQL: GET /shop is served from the cached shop row.
  t.equal((await getShop(api, second.api_key)).body.name, shop.name)
  await api.pool.query(`update shops set name = 'Renamed Garage', updated_at = now() where id = $1::uuid`, [shop.id])
  await api.authChangesHeard()
  t.equal(
    (await getShop(api, second.api_key)).body.name,
    'Renamed Garage',
    'GET /v1/shop shows the new name once the change is heard',
  )
})

t.test('last_used_at is still written, and writing it announces nothing', async (t) => {
  const api = await startTestApp(t, { authCache: true })
  const shop = await createTestShop(api.pool)
  const { key, keyId } = await createTestKey(api.pool, shop, ['shop.read'])
  // Before this test's own listener starts: it must hear nothing but what follows.
  await api.authChangesHeard()
  const silent = await silentSession(t, api.owner.url)
  const listener = new pg.Client({ connectionString: api.url })
  await listener.connect()
  t.teardown(() => listener.end())
  const heard: string[] = []
  listener.on('notification', (message) => heard.push(message.payload ?? ''))
  await listener.query('listen shopapi_auth')

  t.equal((await getShop(api, key)).status, 200)
  const lastUsed = async () =>
    (await api.pool.query<{ at: Date | null }>('select last_used_at as at from api_keys where public_id = $1', [keyId]))
      .rows[0]?.at ?? null
  // Written off the request path: waited for, however long a loaded machine takes.
  t.not(await eventually(async () => (await lastUsed()) !== null, 30_000), null, 'the first request sets last_used_at')

  await api.pool.query(`update api_keys set last_used_at = now() - interval '2 minutes' where public_id = $1`, [keyId])
  // A statement on the listening session: notifications committed before it arrive before its answer.
  await listener.query('select 1')
  t.same(heard, [], 'a write of last_used_at alone notifies no process')
  t.ok(await silent.servedFromMemory(api, key, keyId), 'and the key stays cached')

  await api.pool.query(`update shops set name = 'Other name' where id = $1::uuid`, [shop.id])
  await listener.query('select 1')
  t.same(heard, [shop.id], "a change of the shop notifies the shop's id")
})

t.test('while the LISTEN connection is down every request reads the database; caching resumes after', async (t) => {
  const api = await startTestApp(t, { authCache: true })
  const database = new URL(api.url).pathname.slice(1)
  const shop = await createTestShop(api.pool)
  const { key, keyId } = await createTestKey(api.pool, shop, ['shop.read'])
  await api.authChangesHeard()
  const silent = await silentSession(t, api.owner.url)
  const listeners = async () =>
    (
      await silent.client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
        [authCacheApplicationName],
      )
    ).rows[0]?.n

  t.equal((await getShop(api, key)).status, 200)
  t.ok(await silent.servedFromMemory(api, key, keyId), 'answered from memory while listening')

  // The database refuses new connections, so the LISTEN connection cannot come back; requests use the
  // pool's open connections (a few are opened here first).
  await Promise.all(Array.from({ length: 4 }, () => api.pool.query('select pg_sleep(0.05)')))
  const admin = new pg.Client({ connectionString: withDatabaseName(api.owner.url, 'postgres') })
  await admin.connect()
  t.teardown(() => admin.end())
  await admin.query(`alter database ${database} with allow_connections false`)
  t.teardown(() => admin.query(`alter database ${database} with allow_connections true`))
  const cut = await silent.client.query<{ gone: boolean }>(
    // Waits until the backend is gone, so its end is already on the way to the server's socket.
    'select pg_terminate_backend(pid, 5000) as gone from pg_stat_activity where application_name = $1 and datname = current_database()',
    [authCacheApplicationName],
  )
  t.same(cut.rows, [{ gone: true }], 'the LISTEN connection was cut')

  // Changes that announce nothing: only a server that reads the database sees them.
  for (let round = 0; round < 5; round++) {
    await silent.setRevoked(keyId, true)
    assertError(t, await getShop(api, key), 401, 'invalid_api_key')
    await silent.setRevoked(keyId, false)
    t.equal((await getShop(api, key)).status, 200, `round ${round}: restored, 200`)
    await delay(200)
  }
  t.equal(await listeners(), 0, 'still not listening after a second of retries')

  await admin.query(`alter database ${database} with allow_connections true`)
  const resumedAfter = await eventually(
    async () => (await getShop(api, key)).status === 200 && (await silent.servedFromMemory(api, key, keyId)),
    30_000,
    50,
  )
  t.not(resumedAfter, null, `answered from memory again ${resumedAfter} ms after connections were allowed`)
  t.equal(await listeners(), 1, 'listening again, on one connection')
})
