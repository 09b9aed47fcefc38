// Two `shopapi serve` processes (over dist/: run `npm run build` first) on one database, each with the
// key in its cache: a revocation committed by a third process is refused by both, without a restart.
// Each step waits for the event it needs (the key answered from memory, then the 401), never for a
// number of milliseconds; how long the refusal takes (the 1 s bound of docs/decisions/performance.md) is measured
// by the bench: `BENCH_ONLY=bounds BENCH_BOUNDS=revocation npm run bench`.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import t from 'tap'
import { revokeApiKey } from '../../src/platform/tenancy/api-keys.js'
import { createIntegration } from '../../src/platform/tenancy/integrations.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'
import { createEmptyDatabase } from '../helpers/database.js'

const rounds = 5
// Only a liveness limit: a server that never hears of a change fails here instead of hanging the run.
const patienceMs = 30_000

async function status(apiUrl: string, key: string): Promise<number> {
  const response = await fetch(`${apiUrl}/shop`, { headers: { authorization: `Bearer ${key}` } })
  await response.arrayBuffer()
  return response.status
}

t.test('two serve processes refuse a revoked key once they hear of it', async (t) => {
  const url = await createEmptyDatabase(t)
  const env = {
    DATABASE_URL: url,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_LOG_LEVEL: 'silent',
    SHOPAPI_RATE_LIMIT_MAX: '1000000',
  }
  const servers: ServeProcess[] = []
  t.teardown(() => Promise.all(servers.map((server) => server.stop())))
  servers.push(await startServe(['--no-worker'], env))
  servers.push(await startServe(['--no-worker'], env))

  const pool = new pg.Pool({ connectionString: url, max: 2 })
  t.teardown(() => pool.end())
  // Triggers off for this session: a revocation no process hears of, to see who answers from memory.
  const silent = new pg.Client({ connectionString: url })
  await silent.connect()
  t.teardown(() => silent.end())
  await silent.query('set session_replication_role = replica')
  const { rows } = await pool.query<{ public_id: string }>('select public_id from shops')
  const shop = rows[0]?.public_id as string

  const setRevoked = (keyId: string, revoked: boolean) =>
    silent.query('update api_keys set revoked_at = case when $2::boolean then now() end where public_id = $1', [
      keyId,
      revoked,
    ])
  /**
   * Whether `server` answers `key` from memory: revoked where no process hears of it, still 200. The
   * key's creation notifies its shop's keys out of every cache; heard after the key was read, it empties
   * the cache again, so the key is read until it stays (the creation heard), or patience runs out.
   */
  const answeredFromMemory = async (server: ServeProcess, key: string, keyId: string) => {
    for (const deadline = Date.now() + patienceMs; Date.now() < deadline; ) {
      if ((await status(server.url, key)) !== 200) return false
      await setRevoked(keyId, true)
      const fromMemory = (await status(server.url, key)) === 200
      await setRevoked(keyId, false)
      if (fromMemory) return true
    }
    return false
  }

  let staleAnswers = 0
  for (let round = 0; round < rounds; round++) {
    const created = await createIntegration(pool, { shop, name: `Round ${round}`, scopes: ['shop.read'] })
    const key = created.plaintextKey
    const keyId = created.apiKey.public_id
    for (const server of servers) t.equal(await status(server.url, key), 200, `round ${round}: the key works`)
    for (const server of servers) {
      t.ok(await answeredFromMemory(server, key, keyId), `round ${round}: the key is answered from memory`)
    }

    // As `shopapi keys revoke` does it. A request answered 200 after the commit is a stale answer (the
    // notification had not arrived yet); each server is asked until it refuses the key.
    await revokeApiKey(pool, keyId)
    const refused = await Promise.all(
      servers.map(async (server) => {
        let stale = 0
        for (const deadline = Date.now() + patienceMs; Date.now() < deadline; stale++) {
          if ((await status(server.url, key)) === 401) return { refused: true, stale }
        }
        return { refused: false, stale }
      }),
    )
    for (const [index, { refused: refusedIt, stale }] of refused.entries()) {
      t.ok(refusedIt, `round ${round}: server ${index + 1} refuses the revoked key (${stale} stale answers before)`)
    }
    staleAnswers += refused.reduce((sum, { stale }) => sum + stale, 0)
  }
  t.comment(`${staleAnswers} stale answers in all (the time they took: the bench's revocation scenario)`)
})
