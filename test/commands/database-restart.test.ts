// What clients see when PostgreSQL restarts or fails over: every backend connection is terminated
// (57P01). `shopapi serve` (the real process over dist/, API and worker) must keep running, answer
// 503 with Retry-After while a request cannot reach the database, recover by itself, and a create
// retried with its Idempotency-Key must never make a duplicate. Run `npm run build` first.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import pg from 'pg'
import t from 'tap'
import { runCli, type ServeProcess, startServe } from '../helpers/cli.js'
import { createEmptyDatabase, withDatabaseName } from '../helpers/database.js'

const clients = 8
const terminations = 5
const terminationSpacingMs = 1000
// No request may take longer than this, whatever the database is doing.
const requestBoundMs = 15_000
// A logical create gives up (and the test fails) after this long of retrying.
const createDeadlineMs = 60_000

interface Attempt {
  status: number | 'network-error' | 'timeout'
  code?: string
  retryAfter?: string | null
  detail?: string
}

interface LogicalCreate {
  idempotencyKey: string
  attempts: Attempt[]
  customerId?: string
}

/** Terminates every backend of `database` but its own; returns how many it cut. */
async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    )
    return rowCount ?? 0
  } finally {
    await admin.end()
  }
}

/** One create, retried under the same Idempotency-Key on 503, 409 and network errors until it succeeds. */
async function createCustomer(server: ServeProcess, apiKey: string, name: string): Promise<LogicalCreate> {
  const create: LogicalCreate = { idempotencyKey: randomUUID(), attempts: [] }
  const deadline = Date.now() + createDeadlineMs
  // A dead server is reported by the assertions below, not waited for.
  while (Date.now() < deadline && server.child.exitCode === null) {
    let attempt: Attempt
    try {
      const response = await fetch(`${server.url}/customers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': create.idempotencyKey,
        },
        body: JSON.stringify({ first_name: name, last_name: 'Restart' }),
        signal: AbortSignal.timeout(requestBoundMs),
      })
      const body = (await response.json()) as { id?: string; error?: { code: string; message: string } }
      if (response.status === 201) {
        create.customerId = body.id
        create.attempts.push({ status: 201 })
        return create
      }
      attempt = {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        ...(body.error ? { code: body.error.code, detail: body.error.message } : { detail: JSON.stringify(body) }),
      }
    } catch (error) {
      const name = (error as Error).name
      attempt = {
        status: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network-error',
        detail: String((error as { cause?: unknown }).cause ?? error),
      }
    }
    create.attempts.push(attempt)
    const retryable = attempt.status === 503 || attempt.status === 409 || attempt.status === 'network-error'
    if (!retryable) return create
    await delay(100)
  }
  return create
}

t.test('serve survives every database connection being terminated 5 times under load', async (t) => {
  const url = await createEmptyDatabase(t)
  const database = new URL(url).pathname.slice(1)
  const adminUrl = withDatabaseName(url, 'postgres')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-db-restart-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const env = {
    DATABASE_URL: url,
    SHOPAPI_DATA_DIR: dataDir,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_LOG_LEVEL: 'warn',
    SHOPAPI_RATE_LIMIT_MAX: '1000000',
  }
  const server: ServeProcess = await startServe([], env)
  t.teardown(() => server.stop())
  const created = await runCli(
    ['integrations', 'create', '--name', 'restart', '--scopes', 'customers.read,customers.write', '--json'],
    env,
  )
  t.equal(created.code, 0, 'integrations create exits 0', { stderr: created.stderr })
  const { api_key: apiKey } = JSON.parse(created.stdout) as { api_key: string }

  let storming = true
  const creates: LogicalCreate[] = []
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let n = 0; storming; n++) creates.push(await createCustomer(server, apiKey, `C${client}-${n}`))
  })
  const cut: number[] = []
  for (let i = 0; i < terminations; i++) {
    await delay(terminationSpacingMs)
    cut.push(await terminateBackends(adminUrl, database))
  }
  // Let the clients run a moment on the recovered database, then let each finish its last create.
  await delay(terminationSpacingMs)
  storming = false
  await Promise.all(loops)

  t.ok(
    cut.every((count) => count > 0),
    `each termination cut connections (${cut.join(', ')})`,
  )
  t.equal(server.child.exitCode, null, 'serve is still running', { output: server.output().stdout.slice(-4000) })
  t.equal(server.child.signalCode, null, 'serve was not killed')

  const attempts = creates.flatMap((create) => create.attempts)
  const failures = attempts.filter((attempt) => attempt.status !== 201)
  const timeouts = failures.filter((attempt) => attempt.status === 'timeout')
  t.same(timeouts, [], `no request took longer than ${requestBoundMs / 1000} s`)
  const unexpected = failures.filter((attempt) => {
    if (attempt.status === 503) return attempt.code !== 'service_unavailable' || !attempt.retryAfter
    if (attempt.status === 409) return !attempt.code
    return attempt.status !== 'network-error'
  })
  t.same(unexpected, [], 'every failed attempt was a 503 with Retry-After, a 409 in the envelope, or a cut socket')
  const unfinished = creates.filter((create) => !create.customerId)
  t.same(unfinished, [], 'every logical create eventually succeeded')

  const check = new pg.Client({ connectionString: url })
  await check.connect()
  const { rows } = await check.query<{ count: number }>('select count(*)::int as count from customers')
  await check.end()
  const distinctIds = new Set(creates.map((create) => create.customerId))
  t.equal(rows[0]?.count, creates.length, `${creates.length} logical creates made exactly as many customers`)
  t.equal(distinctIds.size, creates.length, 'every logical create answered with its own customer')

  const ready = await fetch(new URL('/readyz', server.url), { signal: AbortSignal.timeout(requestBoundMs) })
  t.equal(ready.status, 200, '/readyz is 200 once the database is back')
  const log = server.output().stdout
  t.match(log, /lost a database connection/, 'the lost connections were logged')
  t.notMatch(log, /postgres:\/\/|password/i, 'the log shows no connection string')
  t.equal(await server.stop(), 0, 'and serve still shuts down cleanly')
  const count = (status: Attempt['status']) => failures.filter((attempt) => attempt.status === status).length
  t.comment(
    `${creates.length} creates in ${attempts.length} requests; 503: ${count(503)}, 409: ${count(409)}, ` +
      `500: ${count(500)}, network errors: ${count('network-error')}, retried creates: ${creates.filter((c) => c.attempts.length > 1).length}`,
  )
})
