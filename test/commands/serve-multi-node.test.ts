// Many nodes on one database (issue 29, item 1): three `shopapi serve --no-worker` processes and two
// `shopapi worker` processes (over dist/: run `npm run build` first) on one PostgreSQL database and one
// Redis, with a client spreading its requests round robin over the three API nodes. They must behave as
// one appliance:
//   a. the per-key rate limit is exact across nodes (limit 50: 80 requests at once give 50 and 30 429s);
//   b. a key revoked by `shopapi keys revoke` is refused by every node right after the commit;
//   c. every event reaches a real receiver (signatures checked), once: no duplicate without a kill;
//   d. SIGKILL of an API node and a worker in the middle of a write load loses nothing: every write
//      answered 2xx is in the database once (retries on another node reuse the idempotency key), and
//      every event of it is delivered (the surviving worker takes the killed one's leases over).
// It also counts the PostgreSQL connections of the N+M processes by application_name against the
// formula of docs/deploy/scaling.md. The figures it measures are printed as tap comments.
import { randomBytes, randomUUID } from 'node:crypto'
import t from 'tap'
import { checkServiceSignature } from '../../src/lib/webhook-signature-check.js'
import { createTestKey, createTestShop } from '../helpers/app.js'
import {
  describeResult,
  runCli,
  type ServeProcess,
  startServe,
  startWorker,
  type WorkerProcess,
} from '../helpers/cli.js'
import { checkedFetch } from '../helpers/contract.js'
import { createTestDatabase } from '../helpers/database.js'
import { eventually, startReceiver } from '../helpers/receiver.js'

const apiNodes = 3
const workers = 2
/** SHOPAPI_DB_POOL_SIZE of every process: small, so the connection ceiling is easy to read. */
const poolSize = 4
const rateLimit = 50
const rateLimitRequests = 80
/** How long every node may take to refuse a revoked key after `keys revoke` exits. */
const revocationBoundMs = 2_000
const customersAcross = 30
const loadWrites = 90
const loadConcurrency = 6
/** The write load's kill point: after this many writes are acknowledged. */
const killAfter = 30
/**
 * SHOPAPI_WEBHOOK_TIMEOUT of the test: a worker's lease on a delivery is this plus 20 s
 * (src/worker/claim.ts), the longest the survivor waits before it takes over a killed worker's attempts.
 */
const webhookTimeout = '3s'
const leaseMs = 3_000 + 20_000
// Redis database 3 and a key namespace that names this file's keys (key ids are random anyway): other
// test files use database 0.
const redisUrl = process.env.SHOPAPI_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3'

const redisReachable = await (async () => {
  const { Redis } = await import('ioredis')
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 })
  const reachable = await probe.connect().then(
    () => true,
    () => false,
  )
  probe.disconnect()
  return reachable
})()

interface Node {
  name: string
  server: ServeProcess
  dead: boolean
}

/** Stops every process still running: SIGTERM, then SIGKILL for any that has not ended 10 s later. */
async function stopAll(processes: (ServeProcess | WorkerProcess)[]): Promise<void> {
  await Promise.all(
    processes.map(async (each) => {
      const killer = setTimeout(() => each.child.kill('SIGKILL'), 10_000)
      try {
        await each.stop('SIGTERM')
      } finally {
        clearTimeout(killer)
      }
    }),
  )
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test(
  `${apiNodes} API nodes and ${workers} workers on one database behave as one appliance`,
  { skip: redisReachable ? false : `no Redis at ${redisUrl}`, timeout: 180_000 },
  async (t) => {
    const startedAt = Date.now()
    const database = await createTestDatabase(t)
    const { pool } = database
    const shop = await createTestShop(pool)
    const env = {
      DATABASE_URL: database.url,
      SHOPAPI_MIGRATION_DATABASE_URL: database.owner.url,
      // Every node seals and unseals with this key: webhook secrets and idempotency replays.
      SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
      REDIS_URL: redisUrl,
      SHOPAPI_RATE_LIMIT_MAX: String(rateLimit),
      SHOPAPI_RATE_LIMIT_WINDOW_SECONDS: '60',
      // The in-process bound on one key's concurrent requests is not what (a) measures.
      SHOPAPI_MAX_IN_FLIGHT_PER_KEY: '1000',
      SHOPAPI_DB_POOL_SIZE: String(poolSize),
      SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
      SHOPAPI_WEBHOOK_TIMEOUT: webhookTimeout,
      // An attempt that times out on a busy machine (the receiver is this test's process) is tried again
      // within a second, not after the production schedule's minutes: the checks wait for every delivery
      // to be recorded as succeeded.
      SHOPAPI_WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s',
      // error: a 500 is logged, and ServeProcess.stop fails the run on it.
      SHOPAPI_LOG_LEVEL: 'error',
    }

    const processes: (ServeProcess | WorkerProcess)[] = []
    t.teardown(() => stopAll(processes))
    const started = await Promise.allSettled([
      ...Array.from({ length: apiNodes }, () => startServe(['--no-worker'], env)),
      ...Array.from({ length: workers }, () => startWorker([], env)),
    ])
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value)
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const nodes: Node[] = processes
      .slice(0, apiNodes)
      .map((server, index) => ({ name: 'ABC'[index] as string, server: server as ServeProcess, dead: false }))
    const workerProcesses = processes.slice(apiNodes) as WorkerProcess[]
    t.comment(`${apiNodes} API nodes and ${workers} workers started in ${Date.now() - startedAt} ms`)
    for (const node of nodes) {
      const ready = await checkedFetch(node.server.url.replace(/\/v1$/, '/readyz'))
      t.equal(ready.status, 200, `node ${node.name} is ready (GET /readyz)`)
    }

    // Keys for the load: the budget is per key, so the writes of (c) and (d) are spread over enough keys
    // that none comes near the limit (each takes about a tenth of them).
    const loadKeys = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createTestKey(pool, shop, ['customers.read', 'customers.write'], `Load ${i}`),
      ),
    )
    let nextKey = 0
    const loadKey = () => (loadKeys[nextKey++ % loadKeys.length] as { key: string }).key
    let nextNode = 0
    /** The next live node, round robin. */
    const pickNode = (): Node => {
      for (let i = 0; i < nodes.length; i++) {
        const node = nodes[nextNode++ % nodes.length] as Node
        if (!node.dead) return node
      }
      throw new Error('no API node left')
    }
    const request = (node: Node, path: string, key: string, init: RequestInit = {}) =>
      checkedFetch(`${node.server.url}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
      })

    await t.test('a. the per-key rate limit is exact across the nodes', async (t) => {
      const { key } = await createTestKey(pool, shop, ['shop.read'], 'Rate limited')
      const answers = await Promise.all(
        Array.from({ length: rateLimitRequests }, async (_, i) => {
          const node = nodes[i % nodes.length] as Node
          const response = await request(node, '/shop', key)
          return { node: node.name, response, body: await response.json() }
        }),
      )
      const ok = answers.filter((a) => a.response.status === 200)
      const limited = answers.filter((a) => a.response.status === 429)
      t.equal(ok.length, rateLimit, `exactly ${rateLimit} requests succeed`)
      t.equal(limited.length, rateLimitRequests - rateLimit, `exactly ${rateLimitRequests - rateLimit} are 429`)
      const byNode = Object.fromEntries(nodes.map((node) => [node.name, ok.filter((a) => a.node === node.name).length]))
      t.comment(`rate limit: ${ok.length} x 200 (by node ${JSON.stringify(byNode)}), ${limited.length} x 429`)
      const retryAfters = limited.map((a) => Number(a.response.headers.get('retry-after')))
      t.ok(
        retryAfters.every((s) => Number.isInteger(s) && s >= 1 && s <= 60),
        'every 429 says Retry-After in whole seconds within the window',
        { retryAfters },
      )
      t.ok(
        limited.every((a) => (a.body as { error?: { code?: string } }).error?.code === 'rate_limited'),
        "every 429 is the API's error envelope, code rate_limited",
      )
      t.ok(
        limited.every((a) => a.response.headers.get('ratelimit-remaining') === '0'),
        'every 429 says RateLimit-Remaining: 0',
      )
    })

    await t.test('connections: what N API nodes and M workers hold, by application_name', async (t) => {
      const { rows } = await database.owner.pool.query<{ application_name: string; count: number }>(
        `select application_name, count(*)::int as count from pg_stat_activity
          where datname = current_database() and application_name like 'shopapi %'
          group by application_name order by application_name`,
      )
      const count = (name: string) => rows.find((row) => row.application_name === name)?.count ?? 0
      t.comment(`connections by application_name: ${JSON.stringify(rows)}`)
      // docs/deploy/scaling.md: an API node holds at most P + 1, a worker at most P + 5.
      t.equal(count('shopapi serve (auth changes)'), apiNodes, 'one LISTEN connection per API node')
      t.equal(count('shopapi worker (listen)'), workers, 'one LISTEN connection per worker')
      // How many of its P an API pool holds depends on how many requests overlapped (idle ones close after 30 s).
      t.ok(
        count('shopapi serve') >= apiNodes && count('shopapi serve') <= apiNodes * poolSize,
        'API pools: at most N x P',
      )
      t.ok(
        count('shopapi worker') >= workers && count('shopapi worker') <= workers * (poolSize + 4),
        'worker pools and pg-boss: at most M x (P + 4)',
      )
      const total = rows.reduce((sum, row) => sum + row.count, 0)
      const ceiling = apiNodes * (poolSize + 1) + workers * (poolSize + 5)
      t.ok(total <= ceiling, `${total} connections in all, within N(P+1) + M(P+5) = ${ceiling}`)
    })

    await t.test('b. a key revoked through one process is refused by every node at once', async (t) => {
      const { key, keyId } = await createTestKey(pool, shop, ['shop.read'], 'Revoked')
      // Each node answers the key once: it is in every node's cache before the revocation.
      for (const node of nodes) t.equal((await request(node, '/shop', key)).status, 200, `node ${node.name}: 200`)
      const revoked = await runCli(['keys', 'revoke', keyId, '--json'], {
        DATABASE_URL: database.url,
        SHOPAPI_MIGRATION_DATABASE_URL: database.owner.url,
      })
      const exitedAt = Date.now()
      t.equal(revoked.code, 0, 'keys revoke exits 0', { output: describeResult(revoked) })
      const revokedAt = Date.parse((JSON.parse(revoked.stdout) as { revoked_at: string }).revoked_at)
      const outcomes = await Promise.all(
        nodes.map(async (node) => {
          let stale = 0
          for (let polls = 0; polls < 200 && Date.now() - exitedAt < revocationBoundMs; polls++) {
            const response = await request(node, '/shop', key)
            await response.arrayBuffer()
            if (response.status === 401) return { node: node.name, stale, afterCommitMs: Date.now() - revokedAt }
            stale++
            await sleep(10)
          }
          return { node: node.name, stale, afterCommitMs: undefined }
        }),
      )
      for (const outcome of outcomes) {
        t.ok(
          outcome.afterCommitMs !== undefined,
          `node ${outcome.node} refuses the key within ${revocationBoundMs} ms of the command's exit`,
          outcome,
        )
      }
      t.comment(
        `revocation: ${outcomes.map((o) => `node ${o.node} refused ${o.afterCommitMs} ms after revoked_at (${o.stale} stale answers after the command exited)`).join('; ')}; the command ran ${exitedAt - revokedAt} ms past revoked_at`,
      )
    })

    // One receiver for (c) and (d): it checks every request's signature once the endpoint's secret is known.
    const receiver = await startReceiver(t)
    const webhookKey = await createTestKey(pool, shop, ['customers.read', 'webhooks.manage'], 'Webhooks')
    const firstNode = nodes[0] as Node
    const endpointResponse = await request(firstNode, '/webhook-endpoints', webhookKey.key, {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: JSON.stringify({ url: receiver.url, event_types: ['customer.created'] }),
    })
    t.equal(endpointResponse.status, 201, 'the endpoint is created through node A')
    const secret = ((await endpointResponse.json()) as { secret: string }).secret

    /** The receiver's requests by event id, and the signatures that failed. */
    const received = () => {
      const byEvent = new Map<string, number>()
      let badSignatures = 0
      for (const each of receiver.requests) {
        const id = String(each.headers['service-event-id'])
        byEvent.set(id, (byEvent.get(id) ?? 0) + 1)
        const header = String(each.headers['service-signature'] ?? '')
        if (!checkServiceSignature(each.rawBody, header, [secret]).valid) badSignatures++
      }
      return { byEvent, badSignatures }
    }
    /** The customer.created events of these customers, by customer id. */
    const eventsOf = async (customerIds: string[]) => {
      const { rows } = await pool.query<{ public_id: string; object_id: string }>(
        `select public_id, object_id from events where type = 'customer.created' and object_id = any($1)`,
        [customerIds],
      )
      return rows
    }

    await t.test('c. every event reaches the receiver once', async (t) => {
      const creating = Date.now()
      const customerIds = await Promise.all(
        Array.from({ length: customersAcross }, async (_, i) => {
          const node = nodes[i % nodes.length] as Node
          const response = await request(node, '/customers', loadKey(), {
            method: 'POST',
            headers: { 'idempotency-key': randomUUID() },
            body: JSON.stringify({ first_name: `Across ${i}`, last_name: `Node ${node.name}` }),
          })
          t.equal(response.status, 201, `customer ${i} created through node ${node.name}`)
          return ((await response.json()) as { id: string }).id
        }),
      )
      const createdAt = Date.now()
      // A list cursor is signed with a key derived from SHOPAPI_SECRET_KEY: one node's cursor reads on.
      const pageKey = loadKey()
      const pages: string[] = []
      let cursor: string | null = null
      for (const node of nodes) {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
        const page = await request(node, `/customers?limit=10${query}`, pageKey)
        t.equal(page.status, 200, `node ${node.name} reads ${cursor ? "the previous node's cursor" : 'the first page'}`)
        const body = (await page.json()) as { data: { id: string }[]; next_cursor: string | null }
        pages.push(...body.data.map((customer) => customer.id))
        cursor = body.next_cursor
      }
      t.same([...pages].sort(), [...customerIds].sort(), 'three pages, one per node, list every customer once')
      const events = await eventsOf(customerIds)
      t.equal(events.length, customersAcross, 'one customer.created event per customer')
      const eventIds = events.map((e) => e.public_id)
      const arrivedAt = await eventually(
        async () => (eventIds.every((id) => received().byEvent.has(id)) ? Date.now() : undefined),
        30_000,
        `all ${customersAcross} events at the receiver`,
      )
      // Time for a duplicate, if any were coming, to arrive.
      await sleep(1_000)
      const { byEvent, badSignatures } = received()
      const duplicates = eventIds.reduce((sum, id) => sum + (byEvent.get(id) ?? 0) - 1, 0)
      t.equal(badSignatures, 0, 'every request carries a valid signature')
      t.equal(duplicates, 0, 'no event arrived twice (no process was killed)')
      t.comment(
        `delivery: ${customersAcross} customers created over the nodes in ${createdAt - creating} ms, all their events at the receiver ${arrivedAt - createdAt} ms later, ${duplicates} duplicates`,
      )
      // The worker records an attempt after the receiver has answered it: wait up to 15 s for the
      // records, then compare what is there.
      const statuses = async () =>
        (
          await pool.query<{ status: string; count: number }>(
            'select status, count(*)::int as count from webhook_deliveries group by status order by status',
          )
        ).rows
      const rows = await eventually(async () => {
        const rows = await statuses()
        return rows.length === 1 && rows[0]?.status === 'succeeded' ? rows : undefined
      }, 15_000).catch(statuses)
      t.same(rows, [{ status: 'succeeded', count: customersAcross }], 'every delivery is recorded as succeeded')
    })

    await t.test('d. SIGKILL of an API node and a worker mid-load loses nothing', async (t) => {
      const deliveredBefore = receiver.requests.length
      const victimNode = nodes[2] as Node
      const victimWorker = workerProcesses[1] as WorkerProcess
      let acknowledged = 0
      let killedAt = 0
      let socketFailures = 0
      let replays = 0
      let inUse = 0
      const kill = () => {
        // The client is not told: its next request to the node fails at the socket.
        killedAt = Date.now()
        victimNode.server.child.kill('SIGKILL')
        victimWorker.child.kill('SIGKILL')
      }
      /** One write, retried on another node (same idempotency key and body) while the socket fails. */
      const write = async (i: number) => {
        const idempotencyKey = randomUUID()
        const key = loadKey()
        const body = JSON.stringify({ first_name: `Load ${i}`, last_name: 'Multinode' })
        const deadline = Date.now() + 30_000
        for (let attempt = 0; attempt < 10 && Date.now() < deadline; attempt++) {
          const node = pickNode()
          let response: Response
          try {
            response = await request(node, '/customers', key, {
              method: 'POST',
              headers: { 'idempotency-key': idempotencyKey },
              body,
            })
          } catch {
            // The connection was refused or cut: the node is gone. The next attempt goes elsewhere.
            socketFailures++
            node.dead = true
            continue
          }
          if (response.status === 409 || response.status === 503) {
            // The killed node's transaction still held the key (it ends when PostgreSQL sees the socket close).
            inUse++
            await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000)
            continue
          }
          t.equal(response.status, 201, `write ${i} answered 201`)
          if (response.headers.get('idempotent-replayed') === 'true') replays++
          const id = ((await response.json()) as { id: string }).id
          if (++acknowledged === killAfter) kill()
          return id
        }
        throw new Error(`write ${i} was never acknowledged`)
      }
      const ids: string[] = []
      let next = 0
      await Promise.all(
        Array.from({ length: loadConcurrency }, async () => {
          while (next < loadWrites) ids.push(await write(next++))
        }),
      )
      t.ok(killedAt > 0, 'an API node and a worker were killed mid-load')
      t.equal(ids.length, loadWrites, `all ${loadWrites} writes acknowledged`)
      t.equal(new Set(ids).size, loadWrites, 'each acknowledged write is a customer of its own')
      const { rows } = await pool.query<{ public_id: string }>(
        `select public_id from customers where last_name = 'Multinode'`,
      )
      t.same(
        rows.map((row) => row.public_id).sort(),
        [...ids].sort(),
        'the database holds exactly the acknowledged writes: none missing, none twice',
      )
      const eventIds = (await eventsOf(ids)).map((e) => e.public_id)
      t.equal(eventIds.length, loadWrites, 'one event per write')
      const deliveredAt = await eventually(
        async () => (eventIds.every((id) => received().byEvent.has(id)) ? Date.now() : undefined),
        leaseMs + 30_000,
        `all ${loadWrites} events of the load at the receiver`,
      )
      const settledAt = await eventually(
        async () => {
          const { rows } = await pool.query<{ count: number }>(
            `select count(*)::int as count from webhook_deliveries where status <> 'succeeded'`,
          )
          return rows[0]?.count === 0 ? Date.now() : undefined
        },
        leaseMs + 10_000,
        'every delivery recorded as succeeded',
      )
      t.pass('every delivery is recorded as succeeded')
      const { byEvent, badSignatures } = received()
      const duplicates = eventIds.reduce((sum, id) => sum + (byEvent.get(id) ?? 0) - 1, 0)
      t.equal(badSignatures, 0, 'every request carries a valid signature')
      t.comment(
        `kill: ${socketFailures} requests failed at the socket and were retried elsewhere (${replays} replayed, ${inUse} waited for the key), every event at the receiver ${deliveredAt - killedAt} ms after the kill and every delivery recorded as succeeded ${settledAt - killedAt} ms after it, ${duplicates} duplicates (at least once), ${receiver.requests.length - deliveredBefore} requests at the receiver`,
      )
    })

    const survivors = processes.filter((each) => each.child.exitCode === null && each.child.signalCode === null)
    t.equal(survivors.length, apiNodes + workers - 2, 'the processes not killed are still running')
    const codes = await Promise.all(survivors.map((each) => each.stop('SIGTERM')))
    t.same(
      codes,
      survivors.map(() => 0),
      'SIGTERM stops the survivors cleanly',
    )
    // The killed worker's leases lapse and are taken over without an error logged by anyone.
    for (const [index, worker] of workerProcesses.entries()) {
      const errors = worker
        .output()
        .stdout.split('\n')
        .filter((line) => /^\{"level":(50|60)\b/.test(line))
      t.same(errors, [], `worker ${index + 1} logged no error`)
    }
    t.comment(`the whole run took ${Date.now() - startedAt} ms`)
  },
)
