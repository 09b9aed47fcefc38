// Two `shopapi serve` processes (over dist/: run `npm run build` first) on one database, each with the
// key in its cache: a revocation committed by a third process is refused by both within 1 s. The
// latency measured is reported (t.comment) and is the bound stated in docs/decisions.md.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import t from 'tap'
import { revokeApiKey } from '../../src/platform/tenancy/api-keys.js'
import { createIntegration } from '../../src/platform/tenancy/integrations.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'
import { createEmptyDatabase } from '../helpers/database.js'

t.setTimeout(300_000)

const rounds = 5
const boundMs = 1000

async function status(apiUrl: string, key: string): Promise<number> {
  const response = await fetch(`${apiUrl}/shop`, { headers: { authorization: `Bearer ${key}` } })
  await response.arrayBuffer()
  return response.status
}

t.test('two serve processes refuse a revoked key within 1 s', async (t) => {
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

  const latencies: number[] = []
  let staleAnswers = 0
  for (let round = 0; round < rounds; round++) {
    const created = await createIntegration(pool, { shop, name: `Round ${round}`, scopes: ['shop.read'] })
    const key = created.plaintextKey
    const keyId = created.apiKey.public_id
    for (const server of servers) t.equal(await status(server.url, key), 200, `round ${round}: the key works`)
    await silent.query('update api_keys set revoked_at = now() where public_id = $1', [keyId])
    for (const server of servers) {
      t.equal(await status(server.url, key), 200, `round ${round}: the key is answered from memory`)
    }
    await silent.query('update api_keys set revoked_at = null where public_id = $1', [keyId])

    // As `shopapi keys revoke` does it; the clock starts when the commit is acknowledged. A request
    // answered 200 after that is a stale answer (the notification had not arrived yet).
    await revokeApiKey(pool, keyId)
    const committed = performance.now()
    const refusedAfter = await Promise.all(
      servers.map(async (server) => {
        let stale = 0
        while (performance.now() - committed < 5 * boundMs) {
          if ((await status(server.url, key)) === 401) return { ms: performance.now() - committed, stale }
          stale += 1
        }
        return { ms: Number.POSITIVE_INFINITY, stale }
      }),
    )
    for (const [index, { ms, stale }] of refusedAfter.entries()) {
      t.ok(
        ms < boundMs,
        `round ${round}: server ${index + 1} refused the revoked key ${ms.toFixed(1)} ms after the commit (${stale} stale answers before)`,
      )
    }
    staleAnswers += refusedAfter.reduce((sum, { stale }) => sum + stale, 0)
    latencies.push(...refusedAfter.map(({ ms }) => ms))
  }
  const sorted = [...latencies].sort((a, b) => a - b)
  t.comment(
    `revocation to refusal over ${latencies.length} (process, round) pairs: ` +
      `median ${(sorted[Math.floor(sorted.length / 2)] as number).toFixed(1)} ms, max ${(sorted.at(-1) as number).toFixed(1)} ms ` +
      `(the time of one request included); ${staleAnswers} stale answers in all`,
  )
})
