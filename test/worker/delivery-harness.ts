// The webhook worker's delivery tests share this harness: the API and a worker on one test database
// with short clocks, receivers on loopback (test/worker/webhook-delivery*.test.ts: two files, so tap
// runs them side by side).
import { randomUUID } from 'node:crypto'
import type { Test } from 'tap'
import type { WebhookConfig } from '../../src/config.js'
import type { Resolver } from '../../src/io/webhook-targets.js'
import type { Scope } from '../../src/lib/scopes.js'
import { deriveSecrets, parseSecretKey } from '../../src/lib/secrets.js'
import type { ShopRow } from '../../src/platform/tenancy/shops.js'
import { WebhookWorker, type WorkerLog } from '../../src/worker/webhook-worker.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import { sendJson } from '../helpers/http.js'
import type { ReceivedRequest } from '../helpers/receiver.js'
import type { EventJson } from '../helpers/webhooks.js'

export const silentLog = { info() {}, warn() {}, error() {} }

export interface Endpoint {
  id: string
  secret: string
  status: string
  disabled_reason: string | null
}

export interface Harness {
  api: TestApp
  key: string
  /** The integration of `key` (int_...). */
  integrationId: string
  shop: ShopRow
  worker: WebhookWorker
  createEndpoint(url: string, eventTypes?: string[], key?: string): Promise<Endpoint>
  createCustomer(name?: string, key?: string): Promise<{ id: string }>
  delivery(eventId: string, endpointId: string): Promise<DeliveryState | undefined>
  stop(): Promise<void>
}

export interface DeliveryState {
  status: string
  attempt_count: number
  attempts: { response_status: number | null; error: string | null; signatures: number }[]
}

export const allScopes: Scope[] = ['customers.read', 'customers.write', 'webhooks.manage']

/** The API and a worker on one test database, with short clocks; receivers on loopback. */
export async function harness(
  t: Test,
  options: { webhooks?: Partial<WebhookConfig>; resolver?: Resolver; scopes?: Scope[]; log?: WorkerLog } = {},
): Promise<Harness> {
  const webhooks: WebhookConfig = {
    allowPrivateTargets: true,
    retryScheduleMs: [200, 200, 200],
    timeoutMs: 2000,
    secretOverlapMs: 24 * 3600 * 1000,
    disableAfterMs: 3 * 24 * 3600 * 1000,
    concurrency: 20,
    endpointConcurrency: 4,
    ...options.webhooks,
  }
  const api = await startTestApp(t, {
    config: { webhooks },
    ...(options.resolver ? { resolver: options.resolver } : {}),
  })
  const shop = await createTestShop(api.pool)
  const { key, integrationId } = await createTestKey(api.pool, shop, options.scopes ?? allScopes)
  const worker = new WebhookWorker({
    databaseUrl: api.url,
    webhooks,
    sealKey: deriveSecrets(parseSecretKey(api.config.secretKey as string)).sealKey,
    log: options.log ?? silentLog,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  })
  await worker.start()
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await worker.stop()
  }
  t.teardown(stop)
  return {
    api,
    key,
    integrationId,
    shop,
    worker,
    stop,
    async createEndpoint(url, eventTypes = ['*'], useKey = key) {
      const reply = await sendJson<Endpoint>(api, 'POST', '/v1/webhook-endpoints', useKey, {
        body: { url, event_types: eventTypes },
        idempotencyKey: randomUUID(),
      })
      if (reply.status !== 201) throw new Error(`create endpoint: ${reply.status} ${reply.text}`)
      return reply.body
    },
    async createCustomer(name = 'Ada', useKey = key) {
      const reply = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', useKey, {
        body: { first_name: name, last_name: 'Lovelace' },
        idempotencyKey: randomUUID(),
      })
      if (reply.status !== 201) throw new Error(`create customer: ${reply.status} ${reply.text}`)
      return reply.body
    },
    async delivery(eventId, endpointId) {
      const { rows } = await api.pool.query<DeliveryState & { id: string; shop_id: string }>(
        `select d.shop_id, d.id, d.status, d.attempt_count from webhook_deliveries d
         join events e on e.shop_id = d.shop_id and e.id = d.event_id
         join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
         where e.public_id = $1 and w.public_id = $2`,
        [eventId, endpointId],
      )
      const row = rows[0]
      if (!row) return undefined
      const attempts = await api.pool.query(
        'select response_status, error, signatures from webhook_attempts where shop_id = $1 and delivery_id = $2 order by number',
        [row.shop_id, row.id],
      )
      return { status: row.status, attempt_count: row.attempt_count, attempts: attempts.rows }
    },
  }
}

export function envelopeOf(request: ReceivedRequest): EventJson {
  return JSON.parse(request.rawBody.toString('utf8')) as EventJson
}

export async function eventIdFor(api: TestApp, objectId: string, type: string): Promise<string> {
  const { rows } = await api.pool.query<{ public_id: string }>(
    'select public_id from events where object_id = $1 and type = $2',
    [objectId, type],
  )
  return rows[0]?.public_id as string
}

/** A delivery's state as support staff see it, found by the receiver's url. */
export async function deliveryByUrl(api: TestApp, url: string) {
  const { rows } = await api.pool.query<{
    status: string
    attempt_count: number
    last_error: string | null
    record_failures: number
    bodies: (string | null)[]
  }>(
    `select d.status, d.attempt_count, d.last_error, d.record_failures,
       array(select a.response_body from webhook_attempts a where a.shop_id = d.shop_id and a.delivery_id = d.id
             order by a.number) as bodies
     from webhook_deliveries d join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     where w.url = $1`,
    [url],
  )
  return rows
}
