// The failover test's driver (issue 29, item 3), run by scripts/failover-test.sh once pg_auto_failover
// has a primary and a synchronous standby up; not part of `npm test` (no `.test.ts`): it needs the
// clusters that script makes. DATABASE_URL names both nodes with target_session_attrs=read-write.
//
// Writers create customers through a real `shopapi serve` (each with an Idempotency-Key, retried with
// the same key after a 503 or a cut connection, as the API asks), a receiver on loopback takes the
// webhooks, and the primary crashes (SIGKILL to its keeper and postmaster). Then: every write answered
// 2xx is on the new primary, once; every acknowledged customer's customer.created event reached the
// receiver; every 503 carried Retry-After; the appliance recovered without a restart; a write retried
// with its key after the failover is replayed, not made twice. The time without successful writes is
// measured and printed.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import t from 'tap'
import { jsonOutput, runCli, startServe } from '../helpers/cli.js'
import { checkedFetch } from '../helpers/contract.js'
import { startReceiver } from '../helpers/receiver.js'

const { DATABASE_URL, SHOPAPI_MIGRATION_DATABASE_URL, FAILOVER_NODES } = process.env
if (!DATABASE_URL || !SHOPAPI_MIGRATION_DATABASE_URL || !FAILOVER_NODES) {
  throw new Error('run by scripts/failover-test.sh, which sets DATABASE_URL and FAILOVER_NODES')
}

interface Node {
  name: string
  host: string
  port: number
  /** The process group of its keeper and postmaster. */
  group: number
}
const nodes: Node[] = FAILOVER_NODES.split(',').map((entry) => {
  const [name = '', rest = ''] = entry.split('=')
  const [host = '', port = '', group = ''] = rest.split(':')
  return { name, host, port: Number(port), group: Number(group) }
})

/** One SQL statement on one node as the postgres superuser (trust on loopback), or undefined when it is down. */
async function onNode<T extends pg.QueryResultRow>(node: Node, sql: string, database = 'shopapi') {
  const client = new pg.Client({
    host: node.host,
    port: node.port,
    user: 'postgres',
    database,
    connectionTimeoutMillis: 2_000,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    return (await client.query<T>(sql)).rows
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => {})
  }
}

async function primaryNode(): Promise<Node | undefined> {
  for (const node of nodes) {
    const rows = await onNode<{ recovery: boolean; read_only: string }>(
      node,
      "select pg_is_in_recovery() as recovery, current_setting('default_transaction_read_only') as read_only",
    )
    if (rows?.[0] && !rows[0].recovery && rows[0].read_only === 'off') return node
  }
  return undefined
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms: number) => (ms / 1000).toFixed(2)

t.setTimeout(170_000)

t.test('a crash of the primary: 503 with Retry-After meanwhile, then writes go on with nothing lost', async (t) => {
  const env = {
    DATABASE_URL,
    SHOPAPI_MIGRATION_DATABASE_URL,
    SHOPAPI_SECRET_KEY: randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', ''),
    SHOPAPI_DATA_DIR: `${process.env.FAILOVER_DIR}/shopapi-data`,
    SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
    // The load is bounded below (paced, at most maxWrites); the per-key budget (600 a minute) would
    // otherwise answer 429 on a fast machine, which is not what this test is about.
    SHOPAPI_RATE_LIMIT_MAX: '100000',
  }
  /** Writes each writer makes at most per second, and in all: a bounded load on loopback. */
  const writesPerSecond = 20
  const maxWrites = 2_000

  const migrated = await runCli(['migrate'], env)
  t.equal(migrated.code, 0, `shopapi migrate on the multi-host URL: ${migrated.stderr.trim()}`)
  const serve = await startServe(['--shop-name', 'Failover Auto'], env)
  t.teardown(() => serve.stop().then(() => undefined))
  const api = serve.url.replace(/\/v1\/?$/, '')
  const key = jsonOutput<{ api_key: string; integration_id: string }>(
    t,
    await runCli(
      ['integrations', 'create', '--name', 'failover', '--scopes', 'customers.read,customers.write', '--json'],
      env,
    ),
  )
  const receiver = await startReceiver(t)
  const endpoint = await runCli(
    [
      'webhooks',
      'create',
      '--integration',
      key.integration_id,
      '--url',
      receiver.url,
      '--events',
      'customer.created',
      '--json',
    ],
    env,
  )
  t.equal(endpoint.code, 0, `webhook endpoint on loopback: ${endpoint.stderr.trim()}`)

  interface Write {
    n: number
    idempotencyKey: string
    body: string
    email: string
    /** 2xx: the customer's id; undefined while unresolved. */
    id?: string
    attempts: number
    replayed: boolean
    ackedAt?: number
  }

  const counts = { unavailable: 0, withoutRetryAfter: 0, cut: 0, other: 0 }
  const otherStatuses: string[] = []
  const cutErrors: string[] = []
  const writes: Write[] = []
  const successTimes: number[] = []
  let stopWriting = false
  let written = 0

  async function post(write: Write): Promise<Response | undefined> {
    try {
      return await checkedFetch(`${api}/v1/customers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key.api_key}`,
          'content-type': 'application/json',
          'idempotency-key': write.idempotencyKey,
        },
        body: write.body,
        signal: AbortSignal.timeout(15_000),
      })
    } catch (error) {
      if (cutErrors.length < 5) cutErrors.push(String((error as Error).cause ?? error))
      return undefined
    }
  }

  /** Sends `write` until it is answered 2xx, honouring Retry-After; gives up at `deadline`. */
  async function settle(write: Write, deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      write.attempts += 1
      const response = await post(write)
      if (response?.ok) {
        const customer = (await response.json()) as { id: string }
        write.id = customer.id
        write.replayed = response.headers.get('idempotent-replayed') === 'true'
        write.ackedAt = Date.now()
        successTimes.push(write.ackedAt)
        return
      }
      let wait = 1_000
      if (!response) {
        counts.cut += 1
      } else if (response.status === 503) {
        counts.unavailable += 1
        const retryAfter = response.headers.get('retry-after')
        if (retryAfter && /^\d+$/.test(retryAfter)) wait = Number(retryAfter) * 1_000
        else counts.withoutRetryAfter += 1
        await response.body?.cancel()
      } else {
        counts.other += 1
        otherStatuses.push(`${response.status} ${await response.text()}`)
      }
      await sleep(wait)
    }
  }

  async function writer(deadline: number): Promise<void> {
    while (!stopWriting && Date.now() < deadline && written < maxWrites) {
      const started = Date.now()
      written += 1
      const n = written
      const email = `failover-${n}@example.test`
      const write: Write = {
        n,
        idempotencyKey: randomUUID(),
        body: JSON.stringify({ first_name: 'Fail', last_name: `Over ${n}`, email }),
        email,
        attempts: 0,
        replayed: false,
      }
      writes.push(write)
      // A write under way keeps being retried past the writers' stop, until it is answered.
      await settle(write, deadline + 20_000)
      await sleep(Math.max(0, 1_000 / writesPerSecond - (Date.now() - started)))
    }
  }

  const writersDeadline = Date.now() + 100_000
  const writers = Promise.all([1, 2, 3, 4].map(() => writer(writersDeadline)))
  await sleep(3_000)

  const before = await primaryNode()
  t.ok(before, `the primary before the crash: ${before?.name}`)
  const ackedBeforeKill = writes.filter((write) => write.id).length
  t.ok(ackedBeforeKill > 0, `writes succeed before the crash (${ackedBeforeKill})`)
  const killedAt = Date.now()
  // A crash: the node's keeper and its postmaster, at once, with no chance to hand anything over.
  if (before) process.kill(-before.group, 'SIGKILL')
  // When a node other than the crashed one first accepts writes (checked by a new session every 100 ms):
  // the appliance's own share of the time without writes is what follows it.
  let promotedAt: number | undefined
  const watchPromotion = (async () => {
    while (promotedAt === undefined && Date.now() < killedAt + 90_000) {
      const found = await primaryNode()
      if (found && found !== before) promotedAt = Date.now()
      else await sleep(100)
    }
  })()
  t.comment(`${new Date(killedAt).toISOString()} killed ${before?.name} (keeper and postmaster, SIGKILL)`)

  // Writes go on until 30 have succeeded after the crash and 3 s have passed since the first of them.
  let firstAfter: number | undefined
  while (Date.now() < writersDeadline) {
    const after = successTimes.filter((at) => at > killedAt)
    firstAfter ??= after.length > 0 ? Math.min(...after) : undefined
    if (firstAfter !== undefined && after.length >= 30 && Date.now() - firstAfter > 3_000) break
    await sleep(100)
  }
  stopWriting = true
  await writers
  await watchPromotion
  const after = await primaryNode()
  t.ok(after && after !== before, `a new primary: ${after?.name}`)
  t.ok(firstAfter !== undefined, 'writes succeed again after the crash, with no restart of the appliance', {
    // When it fails, whether the appliance itself is still there, and what it said last.
    serveExitCode: serve.child.exitCode,
    serveSignal: serve.child.signalCode,
    serveStderrTail: serve.output().stderr.slice(-3000),
    serveStdoutTail: serve.output().stdout.slice(-3000),
  })

  // The time without successful writes: the longest gap between two successful writes around the crash.
  const sorted = [...successTimes].sort((a, b) => a - b)
  let gap = 0
  for (let i = 1; i < sorted.length; i++) gap = Math.max(gap, (sorted[i] as number) - (sorted[i - 1] as number))
  const lastBefore = Math.max(...sorted.filter((at) => at <= killedAt))

  const acked = writes.filter((write) => write.id)
  const unresolved = writes.filter((write) => !write.id)
  t.same(
    unresolved.map((write) => write.n),
    [],
    'every write was answered 2xx in the end (retried with its key)',
  )
  t.ok(counts.unavailable > 0, 'the appliance answered 503 while no host accepted writes')
  t.equal(counts.withoutRetryAfter, 0, `every 503 carried Retry-After (${counts.unavailable} answered 503)`)
  t.same(otherStatuses, [], 'no answer but 2xx and 503')

  // Every acknowledged write, on the new primary, once.
  const rows =
    (after &&
      (await onNode<{ email: string; copies: number }>(
        after,
        "select email, count(*)::int as copies from customers where email like 'failover-%@example.test' group by email",
      ))) ??
    []
  const present = new Map(rows.map((row) => [row.email, row.copies]))
  const missing = acked.filter((write) => !present.has(write.email))
  const duplicated = rows.filter((row) => row.copies > 1)
  t.same(
    missing.map((write) => write.email),
    [],
    `every acknowledged write is on the new primary (${acked.length} acknowledged, ${present.size} present)`,
  )
  t.same(duplicated, [], 'no write was made twice (retries with the same Idempotency-Key replayed)')

  // A client that never saw the answer to a write made before the crash retries it now: replayed.
  const retried = acked.filter((write) => (write.ackedAt as number) < killedAt).slice(0, 5)
  for (const write of retried) {
    const response = await post(write)
    t.equal(response?.status, 201, `write ${write.n} retried after the failover answers as it did`)
    t.equal(response?.headers.get('idempotent-replayed'), 'true', 'as a replay')
    t.equal(((await response?.json()) as { id?: string } | undefined)?.id, write.id, 'of the same customer')
  }
  const recount = after
    ? await onNode<{ n: number }>(
        after,
        "select count(*)::int as n from customers where email like 'failover-%@example.test'",
      )
    : undefined
  t.equal(recount?.[0]?.n, present.size, 'and no customer was added by those retries')

  // Every acknowledged customer's customer.created event reaches the receiver (bounded: 60 s).
  const ackedIds = new Set(acked.map((write) => write.id as string))
  const delivered = new Map<string, number>()
  const eventsDeadline = Date.now() + 60_000
  for (;;) {
    delivered.clear()
    for (const request of receiver.requests) {
      const event = JSON.parse(request.rawBody.toString()) as { type?: string; data?: { object_id?: string } }
      const id = event.data?.object_id
      if (event.type === 'customer.created' && id) delivered.set(id, (delivered.get(id) ?? 0) + 1)
    }
    if ([...ackedIds].every((id) => delivered.has(id)) || Date.now() > eventsDeadline) break
    await sleep(250)
  }
  const undelivered = [...ackedIds].filter((id) => !delivered.has(id))
  const duplicateDeliveries = [...delivered.values()].reduce((sum, copies) => sum + copies - 1, 0)
  t.same(undelivered, [], `every acknowledged write's event was delivered (${delivered.size} of ${ackedIds.size})`)

  const summary = [
    `primary ${before?.name} killed; ${after?.name} promoted`,
    `time without successful writes: ${seconds(gap)} s (last write before the crash ${seconds(killedAt - lastBefore)} s before it; first after it ${firstAfter ? seconds(firstAfter - killedAt) : '-'} s after it)`,
    `the new primary accepted writes ${promotedAt ? seconds(promotedAt - killedAt) : '-'} s after the crash; the appliance's first write after that: ${promotedAt && firstAfter ? seconds(Math.min(...successTimes.filter((at) => at >= (promotedAt as number))) - promotedAt) : '-'} s later`,
    `writes acknowledged: ${acked.length}, present on the new primary: ${acked.length - missing.length}, lost: ${missing.length}, duplicated: ${duplicated.length}`,
    `answers 503 with Retry-After during the failover: ${counts.unavailable}; connections cut: ${counts.cut}; writes retried: ${writes.filter((write) => write.attempts > 1).length} (replayed: ${writes.filter((write) => write.replayed).length})`,
    `connection errors seen by clients (first 5): ${cutErrors.join('; ') || 'none'}`,
    `events delivered: ${ackedIds.size - undelivered.length} of ${ackedIds.size} (duplicate deliveries, at least once: ${duplicateDeliveries})`,
  ]
  for (const line of summary) t.comment(`failover: ${line}`)
})
