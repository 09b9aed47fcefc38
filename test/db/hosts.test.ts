// DATABASE_URL with several hosts and target_session_attrs, as libpq takes it (issue 29, item 3):
// parsing, and on a real server which host a connection lands on. A standby is modelled by a relay
// on loopback whose sessions start with default_transaction_read_only=on (a startup parameter any
// client may send): `SHOW transaction_read_only` says `on` there, which is libpq's own test for
// read-write, and every write fails with 25006 as it does on a standby. The relay can also refuse
// connections and cut the ones it carries (the primary gone) or turn writable (a promotion).
import { randomUUID } from 'node:crypto'
import net from 'node:net'
import pg from 'pg'
import t from 'tap'
import {
  createClient,
  hostResolver,
  NoSuitableHostError,
  parseConnectionTargets,
  resolvedUrl,
} from '../../src/db/hosts.js'
import { NotificationListener } from '../../src/db/listener.js'
import { runMigrations } from '../../src/db/migrate.js'
import { createPool, isDatabaseUnavailable, withTransaction } from '../../src/db/pool.js'
import type { Customer } from '../../src/resources/customers/schema.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import { createTestDatabase } from '../helpers/database.js'
import { type ErrorBody, type Reply, sendJson } from '../helpers/http.js'

t.test('parsing: the URL form lists hosts, each with its port or the default', async (t) => {
  const targets = parseConnectionTargets(
    'postgres://shop:p%40ss@127.0.0.1:6001,db2,[::1]:6003/shop?target_session_attrs=read-write&sslmode=disable',
  )
  t.equal(targets.resolving, true)
  t.equal(targets.sessionAttrs, 'read-write')
  t.same(
    targets.hosts.map((host) => [host.host, host.port, host.label]),
    [
      ['127.0.0.1', 6001, '127.0.0.1:6001'],
      ['db2', 5432, 'db2:5432'],
      ['::1', 6003, '[::1]:6003'],
    ],
  )
  t.equal(
    targets.hosts[0]?.url,
    'postgres://shop:p%40ss@127.0.0.1:6001/shop?sslmode=disable',
    'each host has a one-host URL for pg, the other parameters kept, target_session_attrs not',
  )
  t.equal(targets.hosts[2]?.url, 'postgres://shop:p%40ss@[::1]:6003/shop?sslmode=disable')
})

t.test('parsing: a port list, the keyword form, and what stays untouched', async (t) => {
  const listed = parseConnectionTargets('postgresql://u@a,b/db?port=7001,7002&target_session_attrs=primary')
  t.same(
    listed.hosts.map((host) => host.label),
    ['a:7001', 'b:7002'],
  )
  t.equal(listed.sessionAttrs, 'primary')

  const keywords = parseConnectionTargets(
    "host=10.0.0.1,10.0.0.2 port=6001,6002 user=shop password='a b\\'c' dbname=shop target_session_attrs=read-write application_name=x",
  )
  t.same(
    keywords.hosts.map((host) => host.label),
    ['10.0.0.1:6001', '10.0.0.2:6002'],
  )
  t.equal(keywords.hosts[1]?.url, "postgres://shop:a%20b'c@10.0.0.2:6002/shop?application_name=x")
  const socket = parseConnectionTargets('host=/var/run/postgresql,10.0.0.2 dbname=shop target_session_attrs=read-write')
  t.equal(socket.hosts[0]?.url, 'postgres:///shop?host=%2Fvar%2Frun%2Fpostgresql&port=5432')

  for (const single of ['postgres://u:p@db:5432/shop', 'postgres://u@db/shop?sslmode=require', '/var/run/postgresql']) {
    t.equal(parseConnectionTargets(single).resolving, false, `${single}: handed to pg as written`)
    t.equal(hostResolver(single), undefined)
    t.equal(await resolvedUrl(single), single)
  }
  t.equal(parseConnectionTargets('postgres://u@db/shop?target_session_attrs=read-write').resolving, true)
  t.equal(parseConnectionTargets('postgres://u@db/shop?target_session_attrs=any').resolving, false)

  t.throws(() => parseConnectionTargets('postgres://u@a,b/db?target_session_attrs=standby'), {
    message: 'DATABASE_URL: target_session_attrs=standby is not supported: use read-write (or primary, any)',
  })
  t.throws(() => parseConnectionTargets('postgres://u@a,b,c/db?port=1,2'), {
    message: 'DATABASE_URL: 3 hosts but 2 ports',
  })
  t.throws(() => parseConnectionTargets('postgres://u@a,,b/db'), { message: /an empty host/ })
  t.throws(() => parseConnectionTargets('postgres://u@a:99999,b/db'), { message: /invalid port "99999"/ })
  t.throws(() => parseConnectionTargets('host=a,b port=1,2,3'), { message: 'DATABASE_URL: 2 hosts but 3 ports' })
})

const database = await createTestDatabase(t)
const server = new URL(database.url)

type RelayMode = 'writable' | 'read-only' | 'down'

/**
 * A TCP relay to the test server. 'read-only': each session's startup message gains
 * default_transaction_read_only=on; 'down': connections are refused (the listener is closed).
 */
class Relay {
  mode: RelayMode
  port = 0
  private listener: net.Server | undefined
  private readonly sockets = new Set<net.Socket>()

  constructor(mode: RelayMode) {
    this.mode = mode
  }

  async start(): Promise<void> {
    const listener = net.createServer((socket) => this.carry(socket))
    await new Promise<void>((resolve) => listener.listen(this.port, '127.0.0.1', resolve))
    this.port = (listener.address() as net.AddressInfo).port
    this.listener = listener
  }

  /** Cuts every connection it carries, as a crashed or demoted server does. */
  cut(): void {
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
  }

  async set(mode: RelayMode): Promise<void> {
    this.cut()
    if (mode === 'down' && this.listener) {
      await new Promise((resolve) => this.listener?.close(resolve))
      this.listener = undefined
    }
    this.mode = mode
    if (mode !== 'down' && !this.listener) await this.start()
  }

  async stop(): Promise<void> {
    await this.set('down')
  }

  private carry(client: net.Socket): void {
    const upstream = net.connect(Number(server.port), server.hostname)
    this.sockets.add(client)
    this.sockets.add(upstream)
    const readOnly = this.mode === 'read-only'
    let pending: Buffer | undefined = Buffer.alloc(0)
    const close = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', close).on('close', close)
    upstream.on('error', close).on('close', close)
    upstream.on('data', (chunk) => client.write(chunk))
    client.on('data', (chunk) => {
      if (!pending) {
        upstream.write(chunk)
        return
      }
      pending = Buffer.concat([pending, chunk])
      if (pending.length < 8) return
      const length = pending.readInt32BE(0)
      if (pending.length < length) return
      const first = pending.subarray(0, length)
      const rest = pending.subarray(length)
      pending = undefined
      // Protocol 3.0's startup message: length, version, name\0value\0 pairs, a closing \0.
      if (readOnly && first.readInt32BE(4) === 196608) {
        const extra = Buffer.from('default_transaction_read_only\0on\0')
        const rewritten = Buffer.concat([first.subarray(0, length - 1), extra, Buffer.from([0])])
        rewritten.writeInt32BE(rewritten.length, 0)
        upstream.write(rewritten)
      } else {
        upstream.write(first)
      }
      if (rest.length > 0) upstream.write(rest)
    })
  }
}

async function relay(mode: RelayMode): Promise<Relay> {
  const started = new Relay(mode)
  await started.start()
  t.teardown(() => started.stop())
  return started
}

/** A free port on loopback with nothing listening on it (a host that is down). */
async function closedPort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** DATABASE_URL naming `hosts` (host:port), with the test database's role and name. */
function multiHostUrl(hosts: string[], attrs = 'read-write'): string {
  const credentials = `${server.username}${server.password ? `:${server.password}` : ''}@`
  return `postgres://${credentials}${hosts.join(',')}${server.pathname}?target_session_attrs=${attrs}`
}

const readOnlyServer = await relay('read-only')

t.test('the relay models a standby for libpq: its sessions are read-only and refuse writes (25006)', async (t) => {
  const client = new pg.Client({ connectionString: multiHostUrl([`127.0.0.1:${readOnlyServer.port}`], 'any') })
  await client.connect()
  t.teardown(() => client.end())
  t.equal((await client.query('show transaction_read_only')).rows[0].transaction_read_only, 'on')
  const error = await client.query('create temporary table t (x int)').catch((caught: unknown) => caught)
  t.match(error, { code: '25006' }, 'a write fails as on a standby')
  t.ok(isDatabaseUnavailable(error), 'which the API answers 503 (the primary moved), not 500')
})

t.test(
  'a pool skips a host that is down and one that is read-only, and writes on the first writable one',
  async (t) => {
    const url = multiHostUrl([`127.0.0.1:${await closedPort()}`, `127.0.0.1:${readOnlyServer.port}`, server.host])
    const pool = createPool(url, { max: 3, applicationName: 'hosts test' })
    t.teardown(() => pool.end())
    const rows = await withTransaction(pool, async (tx) => {
      await tx.query('create temporary table written (x int) on commit drop')
      await tx.query('insert into written values (1)')
      return (await tx.query('show transaction_read_only')).rows
    })
    t.same(rows, [{ transaction_read_only: 'off' }])
    t.equal((await hostResolver(url)?.find())?.label, server.host, 'the resolver keeps the writable host')
    // The pool's other connections go straight there.
    const sessions = await Promise.all([1, 2, 3].map(() => pool.query('show transaction_read_only')))
    t.same(
      sessions.map((result) => result.rows[0].transaction_read_only),
      ['off', 'off', 'off'],
    )
  },
)

t.test('target_session_attrs=any keeps the first host that answers, read-only or not', async (t) => {
  const url = multiHostUrl([`127.0.0.1:${await closedPort()}`, `127.0.0.1:${readOnlyServer.port}`, server.host], 'any')
  t.equal(parseConnectionTargets(url).resolving, true)
  const client = createClient(url)
  await client.connect()
  t.teardown(() => client.end())
  t.equal((await client.query('show transaction_read_only')).rows[0].transaction_read_only, 'on')
})

t.test('a failover: the primary goes away, the standby is promoted, the pool follows without a restart', async (t) => {
  const first = await relay('writable')
  const second = await relay('read-only')
  const url = multiHostUrl([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`])
  const pool = createPool(url, { max: 4, applicationName: 'hosts test' })
  t.teardown(() => pool.end())
  const resolver = hostResolver(url)
  await pool.query('select 1')
  t.equal((await resolver?.find())?.port, first.port, 'the first host is the primary')

  // The primary crashes: its connections are cut and it refuses new ones; nothing is writable yet.
  await first.set('down')
  // The first statements meet the cut connection or the refusing host; then the search has run.
  let none: unknown
  for (let attempt = 0; attempt < 10 && !(none instanceof NoSuitableHostError); attempt++) {
    none = await pool.query('select 1').catch((error: unknown) => error)
    t.ok(isDatabaseUnavailable(none), 'a statement meanwhile fails as "unavailable" (the API: 503, Retry-After)')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.type(none, NoSuitableHostError, 'with no writable host the connection is refused before any statement')
  t.match(none, {
    code: '08001',
    message: new RegExp(
      `127\\.0\\.0\\.1:${first.port} failed \\(ECONNREFUSED\\), 127\\.0\\.0\\.1:${second.port} is read-only`,
    ),
  })
  t.notMatch((none as Error).message, server.password || 'no password', 'the message carries no credentials')
  t.ok(isDatabaseUnavailable(none))

  // The standby is promoted; the next connections find it (bounded: 5 s).
  await second.set('writable')
  const deadline = Date.now() + 5_000
  let result: pg.QueryResult | undefined
  while (!result && Date.now() < deadline) {
    result = await pool.query('show transaction_read_only').catch(async (error: unknown) => {
      t.ok(isDatabaseUnavailable(error), 'every failure meanwhile is "unavailable"')
      await new Promise((resolve) => setTimeout(resolve, 100))
      return undefined
    })
  }
  t.equal(result?.rows[0].transaction_read_only, 'off', 'writes go on, on the new primary')
  t.equal((await resolver?.find())?.port, second.port)

  // The old primary comes back as a standby: connections stay on the new primary.
  await first.set('read-only')
  second.cut()
  let after: pg.QueryResult | undefined
  for (let attempt = 0; attempt < 20 && !after; attempt++) {
    after = await pool.query('show transaction_read_only').catch(() => undefined)
  }
  t.equal(after?.rows[0].transaction_read_only, 'off')
  t.equal((await resolver?.find())?.port, second.port, 'the rejoined old primary (read-only) is skipped')
})

t.test('a primary demoted under a live connection: the next connection checks and moves on', async (t) => {
  const first = await relay('writable')
  const second = await relay('writable')
  const url = multiHostUrl([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`])
  const client = createClient(url)
  await client.connect()
  await client.end()
  t.equal((await hostResolver(url)?.find())?.port, first.port)
  await first.set('read-only')
  const refused = createClient(url)
  refused.on('error', () => {})
  await t.rejects(refused.connect(), {
    code: '08001',
    message: new RegExp(`127\\.0\\.0\\.1:${first.port} is read-only`),
  })
  const moved = createClient(url)
  await moved.connect()
  t.teardown(() => moved.end())
  t.equal((await moved.query('show transaction_read_only')).rows[0].transaction_read_only, 'off')
  t.equal((await hostResolver(url)?.find())?.port, second.port)
})

t.test('migrations and the LISTEN connection go to the writable host too', async (t) => {
  const ownerServer = new URL(database.owner.url)
  const credentials = `${ownerServer.username}${ownerServer.password ? `:${ownerServer.password}` : ''}@`
  const ownerUrl = `postgres://${credentials}127.0.0.1:${readOnlyServer.port},${ownerServer.host}${ownerServer.pathname}?target_session_attrs=read-write`
  t.same(await runMigrations(ownerUrl), [], 'the migrated database is current, checked on the writable host')

  const url = multiHostUrl([`127.0.0.1:${readOnlyServer.port}`, server.host])
  const heard: string[] = []
  let listening!: () => void
  const ready = new Promise<void>((resolve) => {
    listening = resolve
  })
  const listener = new NotificationListener({
    connectionString: url,
    channel: 'hosts_test',
    applicationName: 'hosts test (listen)',
    log: { warn: () => {} },
    onListening: () => listening(),
    onLost: () => {},
    onNotification: (payload) => heard.push(payload),
  })
  await listener.start()
  t.teardown(() => listener.stop())
  await ready
  await database.pool.query("select pg_notify('hosts_test', 'hello')")
  const deadline = Date.now() + 5_000
  while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  t.same(heard, ['hello'], 'a LISTEN on a standby would hear nothing: it listens on the primary')
})

t.test('the API during a failover: 503 with Retry-After, then writes go on; a retried key replays', async (t) => {
  const first = await relay('writable')
  const second = await relay('read-only')
  const url = multiHostUrl([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`])
  const pool = createPool(url, { max: 4 })
  t.teardown(() => pool.end())
  const api = await startTestApp(t, { database: { url, pool } })
  const shop = await createTestShop(database.pool)
  const { key } = await createTestKey(database.pool, shop, ['customers.read', 'customers.write'])
  const create = (idempotencyKey: string) =>
    sendJson<Customer & ErrorBody>(api, 'POST', '/v1/customers', key, {
      body: { first_name: 'Fay', last_name: 'Lover' },
      idempotencyKey,
    })
  const written = await create(randomUUID())
  t.equal(written.status, 201)

  await first.set('down')
  const pending = randomUUID()
  for (let attempt = 0; attempt < 3; attempt++) {
    const reply = await create(pending)
    t.equal(reply.status, 503, 'no writable host: 503, not 500', { body: reply.body })
    t.equal(reply.body.error?.code, 'service_unavailable')
    t.equal(reply.headers.get('retry-after'), '1', 'Retry-After says when to try again')
    await new Promise((resolve) => setTimeout(resolve, 300))
  }

  await second.set('writable')
  let created: Reply<Customer & ErrorBody> | undefined
  for (let attempt = 0; attempt < 20 && created?.status !== 201; attempt++) {
    created = await create(pending)
    if (created.status !== 201) {
      t.equal(created.status, 503, 'until the pool has found the new primary')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  t.equal(created?.status, 201, 'the write retried with its key succeeds on the new primary, with no restart')
  const replayed = await create(pending)
  t.equal(replayed.status, 201)
  t.equal(replayed.headers.get('idempotent-replayed'), 'true', 'and once more is a replay')
  t.equal(replayed.body.id, created?.body.id)
  const { rows } = await database.pool.query<{ n: number }>(
    'select count(*)::int as n from customers where shop_id = $1',
    [shop.id],
  )
  t.equal(rows[0]?.n, 2, 'one customer per key')
})
