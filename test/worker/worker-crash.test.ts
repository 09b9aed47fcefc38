import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { systemResolver } from '../../src/io/webhook-targets.js'
import { deriveSecrets, parseSecretKey } from '../../src/lib/secrets.js'
import { type NewEvent, recordEvents } from '../../src/platform/events.js'
import { createEndpoint, vetWebhookUrl } from '../../src/resources/webhook-endpoints/service.js'
import { createTestKey, createTestShop } from '../helpers/app.js'
import { cliEnv, cliPath } from '../helpers/cli.js'
import { createTestDatabase } from '../helpers/database.js'
import { eventually, startReceiver } from '../helpers/receiver.js'

const eventCount = 2000

function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [cliPath, 'worker'], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

t.test('SIGKILL in the middle of 2,000 deliveries: after a restart every event reaches the receiver', async (t) => {
  const { url, pool } = await createTestDatabase(t)
  const secretKey = randomBytes(32).toString('hex')
  const receiver = await startReceiver(t, (_, response) => {
    setTimeout(() => response.end('ok'), 2)
  })
  const shop = await createTestShop(pool)
  const { integrationId } = await createTestKey(pool, shop, ['customers.read', 'webhooks.manage'])
  const integration = await pool.query<{ id: string }>('select id from integrations where public_id = $1', [
    integrationId,
  ])
  const actor = { shopId: shop.id, integrationId: integration.rows[0]?.id as string }
  const context = {
    sealKey: deriveSecrets(parseSecretKey(secretKey)).sealKey,
    webhooks: { allowPrivateTargets: true, secretOverlapMs: 86_400_000 },
    resolver: systemResolver,
  }
  await createEndpoint(
    pool,
    actor,
    { url: await vetWebhookUrl(receiver.url, context), event_types: ['customer.created'] },
    context,
  )
  const events: NewEvent[] = Array.from({ length: eventCount }, (_, i) => ({
    type: 'customer.created',
    objectType: 'customer',
    objectId: `cus_crash${String(i).padStart(6, '0')}`,
    summary: { first_name: `Customer ${i}`, last_name: null, company_name: null },
  }))
  await recordEvents(pool, actor, events)

  const env = {
    DATABASE_URL: url,
    SHOPAPI_SECRET_KEY: secretKey,
    SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
    // A short timeout keeps the lease (timeout + 20 s) of the killed worker's in-flight attempts short.
    SHOPAPI_WEBHOOK_TIMEOUT: '2s',
    SHOPAPI_LOG_LEVEL: 'warn',
  }
  const first = startWorker(env)
  t.teardown(() => {
    first.child.kill('SIGKILL')
  })
  await receiver.waitFor(300, 60_000).catch((error: Error) => {
    throw new Error(`${error.message}; worker output: ${first.output()}`)
  })
  first.child.kill('SIGKILL')
  await new Promise((resolve) => first.child.once('exit', resolve))
  const delivered = new Set(receiver.requests.map((request) => request.headers['service-event-id']))
  t.ok(delivered.size < eventCount, `killed part-way: ${delivered.size} of ${eventCount} events delivered`)

  const second = startWorker(env)
  t.teardown(() => {
    second.child.kill('SIGKILL')
  })
  await eventually(
    async () => {
      const ids = new Set(receiver.requests.map((request) => request.headers['service-event-id']))
      return ids.size >= eventCount ? ids : undefined
    },
    90_000,
    `all ${eventCount} events at the receiver (worker output: ${second.output()})`,
  )
  const ids = new Set(receiver.requests.map((request) => request.headers['service-event-id']))
  t.equal(ids.size, eventCount, 'every event reached the receiver at least once')
  t.ok(receiver.requests.length >= eventCount, `${receiver.requests.length - eventCount} repeats (at least once)`)
  const states = await eventually(async () => {
    const { rows } = await pool.query<{ status: string; count: number }>(
      'select status, count(*)::int as count from webhook_deliveries group by status',
    )
    return rows.length === 1 && rows[0]?.status === 'succeeded' ? rows : undefined
  }, 30_000)
  t.same(states, [{ status: 'succeeded', count: eventCount }], 'every delivery is recorded as succeeded')
  second.child.kill('SIGTERM')
  t.equal(await new Promise((resolve) => second.child.once('exit', resolve)), 0, 'SIGTERM stops the worker cleanly')
})
