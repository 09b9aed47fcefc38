// The API while its database connections fail: a checked-out client cut by the server must not end
// the process, requests get 503 + Retry-After (never 500) while the database cannot be reached and
// succeed again once it can, and a write whose COMMIT reply was lost is safe to retry with its
// Idempotency-Key. Failures are made by a real TCP proxy on loopback between the pool and Postgres.
import { randomUUID } from 'node:crypto'
import net from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import type pg from 'pg'
import t, { type Test } from 'tap'
import { createPool } from '../../src/db/pool.js'
import type { Customer } from '../../src/resources/customers/schema.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import { createTestDatabase } from '../helpers/database.js'
import { type ErrorBody, type Reply, sendJson } from '../helpers/http.js'

// The end of the simple-protocol message withTransaction sends to commit: "commit" alone, or after the
// statement that stores an idempotent write's result ("update …; commit"), then the message's NUL.
const commitMessage = Buffer.from('commit\0')

type CommitFault = 'none' | 'lose-reply' | 'drop-commit'

/** A loopback TCP proxy to Postgres that can refuse connections, cut them all, or break one COMMIT. */
class DatabaseProxy {
  private readonly server = net.createServer((client) => this.accept(client))
  private readonly sockets = new Set<net.Socket>()
  private port = 0
  /** What happens to the next COMMIT that passes through. */
  commitFault: CommitFault = 'none'

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve))
    const address = this.server.address() as net.AddressInfo
    this.port = address.port
    return `127.0.0.1:${this.port}`
  }

  /** The database goes away: every connection is cut and new ones are refused until `start`. */
  async stop(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve))
    this.cutAll()
    await closed
  }

  cutAll(): void {
    for (const socket of this.sockets) socket.destroy()
  }

  private accept(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host)
    this.sockets.add(client).add(upstream)
    let cutOnReply = false
    const cut = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('data', (chunk: Buffer) => {
      if (this.commitFault !== 'none' && chunk.includes(commitMessage)) {
        const fault = this.commitFault
        this.commitFault = 'none'
        // Never reaches the server: its transaction rolls back when the connection ends.
        if (fault === 'drop-commit') return cut()
        // Reaches the server, which commits; its answer is lost on the way back.
        cutOnReply = true
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => (cutOnReply ? cut() : client.write(chunk)))
    for (const socket of [client, upstream]) {
      socket.on('error', cut)
      socket.on('close', () => {
        this.sockets.delete(socket)
        cut()
      })
    }
  }
}

interface Setup {
  api: TestApp
  proxy: DatabaseProxy
  /** A pool straight to the database, for setup and checks. */
  direct: pg.Pool
  key: string
  shopId: string
}

async function setup(t: Test, options: { logLines?: string[] } = {}): Promise<Setup> {
  const { url, pool: direct } = await createTestDatabase(t)
  const target = new URL(url)
  const proxy = new DatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) })
  const proxied = new URL(url)
  proxied.host = await proxy.start()
  t.teardown(() => proxy.stop())
  const pool = createPool(proxied.toString(), { max: 4 })
  t.teardown(() => pool.end())
  const logLines = options.logLines
  const api = await startTestApp(t, {
    database: { url: proxied.toString(), pool },
    ...(logLines
      ? {
          config: { logLevel: 'warn' as const },
          logStream: { write: (chunk: string) => logLines.push(...chunk.split('\n').filter(Boolean)) },
        }
      : {}),
  })
  const shop = await createTestShop(direct)
  const { key } = await createTestKey(direct, shop, ['customers.read', 'customers.write'])
  return { api, proxy, direct, key, shopId: shop.id }
}

function createCustomer(s: Setup, idempotencyKey: string): Promise<Reply<Customer & ErrorBody>> {
  return sendJson<Customer & ErrorBody>(s.api, 'POST', '/v1/customers', s.key, {
    body: { first_name: 'Ada', last_name: 'Outage' },
    idempotencyKey,
  })
}

async function customerCount(s: Setup): Promise<number> {
  const { rows } = await s.direct.query<{ count: number }>(
    'select count(*)::int as count from customers where shop_id = $1',
    [s.shopId],
  )
  return rows[0]?.count ?? -1
}

function assertUnavailable(t: Test, reply: Reply<ErrorBody>) {
  t.equal(reply.status, 503, 'HTTP 503, not 500', { body: reply.body })
  t.equal(reply.body.error?.code, 'service_unavailable')
  t.equal(reply.headers.get('retry-after'), '1', 'Retry-After says when to try again')
}

t.test('a pool survives its checked-out client being terminated by the server, and says so in the log', async (t) => {
  const { url, pool: admin } = await createTestDatabase(t)
  const warnings: { details: { code?: string }; message: string }[] = []
  const log = { warn: (details: object, message: string) => warnings.push({ details, message }) }
  const pool = createPool(url, { max: 2, log })
  t.teardown(() => pool.end())
  const client = await pool.connect()
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
  // Checked out and between two statements, as in a transaction: pg emits the error on the client
  // itself, where nothing of pg's pool listens; unhandled, it would end this process.
  await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid])
  for (let i = 0; warnings.length === 0 && i < 50; i++) await delay(100)
  t.match(warnings, [{ details: { code: '57P01' }, message: 'lost a database connection' }], 'logged as a warning')
  await t.rejects(client.query('select 1'), 'the broken client cannot be used')
  client.release(true)
  const again = await pool.query<{ one: number }>('select 1 as one')
  t.equal(again.rows[0]?.one, 1, 'the pool connects anew and carries on')
})

t.test('while the database is away requests get 503 + Retry-After, and they succeed once it is back', async (t) => {
  const logLines: string[] = []
  const s = await setup(t, { logLines })
  t.equal((await createCustomer(s, randomUUID())).status, 201, 'works through the proxy')

  await s.proxy.stop()
  const started = Date.now()
  const down = await createCustomer(s, randomUUID())
  assertUnavailable(t, down)
  // The warning names the request once: a key written twice in one JSON line is read differently by
  // different log tools (the last wins, or the line is refused).
  const warned = logLines.filter((line) => line.includes('"database unavailable"'))
  t.equal(warned.length, 1, 'one warning line for the request', { logLines })
  t.equal(warned[0]?.match(/"request_id":/g)?.length, 1, 'request_id appears once in it', { line: warned[0] })
  t.equal(
    (JSON.parse(warned[0] ?? '{}') as { request_id?: string }).request_id,
    down.headers.get('x-request-id'),
    'and it is the id the response carries',
  )
  const ready = await s.api.request('/readyz')
  t.equal(ready.status, 503, '/readyz is 503 while the database is away')
  t.equal(ready.headers.get('retry-after'), '1')
  t.ok(Date.now() - started < 10_000, `answered in ${Date.now() - started} ms, not left hanging`)

  await s.proxy.start()
  t.equal((await createCustomer(s, randomUUID())).status, 201, 'writes succeed again without a restart')
  t.equal((await s.api.request('/readyz')).status, 200, '/readyz is 200 again')
})

t.test('a COMMIT whose reply is lost: 503, and the retry replays the committed result', async (t) => {
  const s = await setup(t)
  const idempotencyKey = randomUUID()
  s.proxy.commitFault = 'lose-reply'
  const lost = await createCustomer(s, idempotencyKey)
  assertUnavailable(t, lost)
  t.equal(await customerCount(s), 1, 'the server committed the customer')

  const retried = await createCustomer(s, idempotencyKey)
  t.equal(retried.status, 201, 'the retry is answered as the original would have been', { body: retried.body })
  t.equal(retried.headers.get('idempotent-replayed'), 'true', 'from the stored result')
  t.match(retried.body, { object: 'customer', first_name: 'Ada' })
  t.equal(await customerCount(s), 1, 'no duplicate')
})

t.test('a COMMIT that never reached the server: 503, and the retry creates it once', async (t) => {
  const s = await setup(t)
  const idempotencyKey = randomUUID()
  s.proxy.commitFault = 'drop-commit'
  const lost = await createCustomer(s, idempotencyKey)
  assertUnavailable(t, lost)

  // The server rolls the transaction back when it notices the connection is gone; until then the
  // retry waits on the claimed key (409 idempotency_key_in_use at worst).
  let retried = await createCustomer(s, idempotencyKey)
  for (let i = 0; retried.status === 409 && i < 10; i++) {
    await delay(200)
    retried = await createCustomer(s, idempotencyKey)
  }
  t.equal(retried.status, 201, 'the retry runs the create', { body: retried.body })
  t.equal(retried.headers.get('idempotent-replayed'), null, 'it was not replayed: nothing had committed')
  t.equal(await customerCount(s), 1, 'exactly one customer')
})
