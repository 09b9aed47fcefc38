import { randomUUID } from 'node:crypto'
import type { Test } from 'tap'
import t from 'tap'
import type { WebhookConfig } from '../../src/config.js'
import type { Resolver } from '../../src/io/webhook-targets.js'
import type { Scope } from '../../src/lib/scopes.js'
import { deriveSecrets, parseSecretKey } from '../../src/lib/secrets.js'
import { verifyWebhookSignature } from '../../src/lib/webhook-signature.js'
import { type NewEvent, recordEvents } from '../../src/platform/events.js'
import { updateIntegrationScopes } from '../../src/platform/tenancy/integrations.js'
import type { ShopRow } from '../../src/platform/tenancy/shops.js'
import { setEndpointStatus } from '../../src/resources/webhook-endpoints/operator.js'
import { purgeExpired } from '../../src/worker/maintenance.js'
import { WebhookWorker, type WorkerLog } from '../../src/worker/webhook-worker.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../helpers/app.js'
import { sendJson } from '../helpers/http.js'
import { eventually, type ReceivedRequest, startReceiver } from '../helpers/receiver.js'

const silentLog = { info() {}, warn() {}, error() {} }

interface Endpoint {
  id: string
  secret: string
  status: string
  disabled_reason: string | null
}

interface Harness {
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

interface DeliveryState {
  status: string
  attempt_count: number
  attempts: { response_status: number | null; error: string | null; signatures: number }[]
}

const allScopes: Scope[] = ['customers.read', 'customers.write', 'webhooks.manage']

/** The API and a worker on one test database, with short clocks; receivers on loopback. */
async function harness(
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

function envelopeOf(request: ReceivedRequest) {
  return JSON.parse(request.rawBody.toString('utf8')) as {
    id: string
    object: string
    type: string
    api_version: string
    test: boolean
    created_at: string
    data: { object_type: string; object_id: string; summary: Record<string, unknown> }
  }
}

async function eventIdFor(api: TestApp, objectId: string, type: string): Promise<string> {
  const { rows } = await api.pool.query<{ public_id: string }>(
    'select public_id from events where object_id = $1 and type = $2',
    [objectId, type],
  )
  return rows[0]?.public_id as string
}

t.test('a committed event reaches the receiver, signed over the raw body, with the documented headers', async (t) => {
  const h = await harness(t)
  const receiver = await startReceiver(t)
  const endpoint = await h.createEndpoint(receiver.url, ['customer.created'])
  const customer = await h.createCustomer()
  const [request] = await receiver.waitFor(1)
  if (!request) throw new Error('no request')
  t.equal(request.method, 'POST')
  t.equal(request.url, '/hook')
  t.match(request.headers['content-type'], /^application\/json/)
  t.match(request.headers['user-agent'], /^shopapi-webhooks\/\d+\.\d+\.\d+/)
  const header = request.headers['service-signature'] as string
  t.match(header, /^t=\d+,v1=[0-9a-f]{64}$/, 'one v1 signature outside a rotation')
  t.ok(verifyWebhookSignature(request.rawBody, header, endpoint.secret), 'the exported helper verifies it')
  t.notOk(verifyWebhookSignature(Buffer.concat([request.rawBody, Buffer.from(' ')]), header, endpoint.secret))
  const event = envelopeOf(request)
  t.equal(request.headers['service-event-id'], event.id)
  t.match(event, {
    object: 'event',
    type: 'customer.created',
    api_version: 'v1',
    test: false,
    data: { object_type: 'customer', object_id: customer.id },
  })
  t.match(event.id, /^evt_/)
  t.match(event.created_at, /Z$/)
  const fromApi = await sendJson(h.api, 'GET', `/v1/events/${event.id}`, h.key)
  t.same(fromApi.body, event, 'the delivered body is the envelope GET /events shows')
  const state = await eventually(async () => {
    const delivery = await h.delivery(event.id, endpoint.id)
    return delivery?.status === 'succeeded' ? delivery : undefined
  })
  t.equal(state.attempt_count, 1)
  t.equal(state.attempts[0]?.response_status, 200)
  await h.stop()
})

t.test('only subscribed, visible types are delivered; test events reach only their endpoint', async (t) => {
  const h = await harness(t)
  const subscribed = await startReceiver(t)
  const other = await startReceiver(t)
  const blind = await startReceiver(t)
  await h.createEndpoint(subscribed.url, ['customer.updated'])
  const otherEndpoint = await h.createEndpoint(other.url, [])
  // An integration that may manage webhooks but not read customers sees no customer events.
  const shopRow = await h.api.pool.query('select s.* from shops s join integrations i on i.shop_id = s.id limit 1')
  const blindKey = await createTestKey(h.api.pool, shopRow.rows[0], ['webhooks.manage'], 'No customer scope')
  await h.createEndpoint(blind.url, ['*'], blindKey.key)

  const customer = await h.createCustomer()
  const patched = await sendJson(h.api, 'PATCH', `/v1/customers/${customer.id}`, h.key, {
    body: { first_name: 'Ada B' },
  })
  t.equal(patched.status, 200)
  const [update] = await subscribed.waitFor(1)
  t.equal(envelopeOf(update as ReceivedRequest).type, 'customer.updated', 'customer.created was not sent to it')

  const queued = await sendJson<{ id: string; status: string; test: boolean }>(
    h.api,
    'POST',
    `/v1/webhook-endpoints/${otherEndpoint.id}/test`,
    h.key,
    { body: { event_type: 'vehicle.updated' }, idempotencyKey: randomUUID() },
  )
  t.equal(queued.status, 202)
  const [testRequest] = await other.waitFor(1)
  const testEvent = envelopeOf(testRequest as ReceivedRequest)
  t.match(testEvent, { id: queued.body.id, type: 'vehicle.updated', test: true, data: { object_type: 'vehicle' } })
  t.match(testEvent.data.object_id, /^veh_/)
  t.ok(
    verifyWebhookSignature(
      (testRequest as ReceivedRequest).rawBody,
      testRequest?.headers['service-signature'] as string,
      otherEndpoint.secret,
    ),
  )

  await new Promise((resolve) => setTimeout(resolve, 500))
  t.equal(subscribed.requests.length, 1, 'the test event went to its endpoint only')
  t.equal(blind.requests.length, 0, 'an integration without customers.read receives no customer events')
  await h.stop()
})

t.test('a receiver that fails twice then succeeds gets the event on the third attempt', async (t) => {
  const h = await harness(t)
  const receiver = await startReceiver(t, (_, response, index) => {
    response.statusCode = index < 2 ? 500 : 204
    response.end(index < 2 ? 'try later' : '')
  })
  const endpoint = await h.createEndpoint(receiver.url)
  const customer = await h.createCustomer()
  const requests = await receiver.waitFor(3)
  const ids = requests.map((request) => request.headers['service-event-id'])
  t.equal(new Set(ids).size, 1, 'the same event id every time')
  const eventId = await eventIdFor(h.api, customer.id, 'customer.created')
  const state = await eventually(async () => {
    const delivery = await h.delivery(eventId, endpoint.id)
    return delivery?.status === 'succeeded' ? delivery : undefined
  })
  t.same(
    state.attempts.map((attempt) => attempt.response_status),
    [500, 500, 204],
  )
  t.equal(state.attempts[0]?.error, 'receiver answered 500')
  const endpointRow = await h.api.pool.query('select failing_since from webhook_endpoints where public_id = $1', [
    endpoint.id,
  ])
  t.equal(endpointRow.rows[0]?.failing_since, null, 'the success stopped the failure clock')
  await h.stop()
})

t.test('a receiver that never answers times out; the schedule ends in failed', async (t) => {
  const h = await harness(t, { webhooks: { timeoutMs: 500, retryScheduleMs: [100] } })
  const receiver = await startReceiver(t, () => {
    // never answers
  })
  const endpoint = await h.createEndpoint(receiver.url)
  const customer = await h.createCustomer()
  const eventId = await eventIdFor(h.api, customer.id, 'customer.created')
  const state = await eventually(async () => {
    const delivery = await h.delivery(eventId, endpoint.id)
    return delivery?.status === 'failed' ? delivery : undefined
  })
  t.equal(state.attempt_count, 2, 'the first attempt and the one retry of the schedule')
  for (const attempt of state.attempts) {
    t.equal(attempt.response_status, null)
    t.match(attempt.error, /timeout/)
  }
  t.equal(receiver.requests.length, 2)
  await h.stop()
})

t.test('a redirect is a failed attempt and is never followed', async (t) => {
  const h = await harness(t, { webhooks: { retryScheduleMs: [] } })
  const target = await startReceiver(t)
  const receiver = await startReceiver(t, (_, response) => {
    response.statusCode = 307
    response.setHeader('location', target.url)
    response.end()
  })
  const endpoint = await h.createEndpoint(receiver.url)
  const customer = await h.createCustomer()
  const eventId = await eventIdFor(h.api, customer.id, 'customer.created')
  const state = await eventually(async () => {
    const delivery = await h.delivery(eventId, endpoint.id)
    return delivery?.status === 'failed' ? delivery : undefined
  })
  t.equal(state.attempts[0]?.response_status, 307)
  t.match(state.attempts[0]?.error, /redirect .* not followed/)
  t.equal(target.requests.length, 0, 'the redirect target never heard from us')
  await h.stop()
})

t.test('rotation: both secrets sign for the overlap, then only the new one, and the old one is erased', async (t) => {
  const h = await harness(t, { webhooks: { secretOverlapMs: 2500 } })
  const receiver = await startReceiver(t)
  const endpoint = await h.createEndpoint(receiver.url)
  const rotated = await sendJson<Endpoint>(h.api, 'POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, h.key, {
    idempotencyKey: randomUUID(),
  })
  t.equal(rotated.status, 200)
  t.not(rotated.body.secret, endpoint.secret)

  await h.createCustomer('During')
  const [during] = await receiver.waitFor(1)
  const duringHeader = during?.headers['service-signature'] as string
  t.match(duringHeader, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/, 'two v1 during the overlap')
  t.ok(verifyWebhookSignature(during?.rawBody as Buffer, duringHeader, rotated.body.secret), 'new secret verifies')
  t.ok(verifyWebhookSignature(during?.rawBody as Buffer, duringHeader, endpoint.secret), 'old secret still verifies')

  await new Promise((resolve) => setTimeout(resolve, 2600))
  await h.createCustomer('After')
  const [, after] = await receiver.waitFor(2)
  const afterHeader = after?.headers['service-signature'] as string
  t.match(afterHeader, /^t=\d+,v1=[0-9a-f]{64}$/, 'one v1 after the overlap')
  t.ok(verifyWebhookSignature(after?.rawBody as Buffer, afterHeader, rotated.body.secret))
  t.notOk(verifyWebhookSignature(after?.rawBody as Buffer, afterHeader, endpoint.secret), 'old secret no longer signs')

  const purged = await purgeExpired(h.api.pool)
  t.equal(purged.previousSecrets, 1)
  const stored = await h.api.pool.query(
    'select previous_secret_sealed, previous_secret_expires_at from webhook_endpoints where public_id = $1',
    [endpoint.id],
  )
  t.same(stored.rows[0], { previous_secret_sealed: null, previous_secret_expires_at: null }, 'erased')
  await h.stop()
})

t.test(
  'an endpoint failing without a break is disabled; its sibling hears about it; re-enabling resumes',
  async (t) => {
    const h = await harness(t, {
      webhooks: { disableAfterMs: 1500, retryScheduleMs: [300, 300, 300, 300, 300, 300, 300, 300] },
    })
    let healthy = false
    const failing = await startReceiver(t, (_, response) => {
      response.statusCode = healthy ? 200 : 503
      response.end()
    })
    const sibling = await startReceiver(t)
    const broken = await h.createEndpoint(failing.url, ['customer.created'])
    const watcher = await h.createEndpoint(sibling.url, ['webhook_endpoint.disabled'])
    const customer = await h.createCustomer()

    const disabled = await eventually(
      async () => {
        const reply = await sendJson<Endpoint>(h.api, 'GET', `/v1/webhook-endpoints/${broken.id}`, h.key)
        return reply.body.status === 'disabled' ? reply.body : undefined
      },
      15_000,
      'the endpoint to be disabled',
    )
    t.match(disabled.disabled_reason, /failed for 1500 ms|failed for/, 'disabled_reason says why')
    const [notice] = await sibling.waitFor(1)
    const event = envelopeOf(notice as ReceivedRequest)
    t.match(event, {
      type: 'webhook_endpoint.disabled',
      data: { object_type: 'webhook_endpoint', object_id: broken.id, summary: { status: 'disabled' } },
    })
    t.ok(
      verifyWebhookSignature(
        (notice as ReceivedRequest).rawBody,
        notice?.headers['service-signature'] as string,
        watcher.secret,
      ),
    )

    const eventId = await eventIdFor(h.api, customer.id, 'customer.created')
    const held = await h.delivery(eventId, broken.id)
    t.equal(held?.status, 'pending', 'the delivery is held, not failed, while the endpoint is disabled')
    const attemptsWhileDisabled = failing.requests.length
    await new Promise((resolve) => setTimeout(resolve, 800))
    t.equal(failing.requests.length, attemptsWhileDisabled, 'no attempts while disabled')

    healthy = true
    const enabled = await sendJson<Endpoint>(h.api, 'PATCH', `/v1/webhook-endpoints/${broken.id}`, h.key, {
      body: { status: 'active' },
    })
    t.match(enabled.body, { status: 'active', disabled_reason: null })
    const state = await eventually(async () => {
      const delivery = await h.delivery(eventId, broken.id)
      return delivery?.status === 'succeeded' ? delivery : undefined
    })
    t.equal(state.attempts.at(-1)?.response_status, 200, 're-enabling resumed the held delivery')
    await h.stop()
  },
)

t.test('a name that resolved to a public address at registration but to loopback at delivery is refused', async (t) => {
  let answer = ['93.184.216.34']
  const resolver: Resolver = async (hostname) => (hostname === 'hooks.example.test' ? answer : [])
  const h = await harness(t, { resolver, webhooks: { allowPrivateTargets: false, retryScheduleMs: [] } })
  const endpoint = await h.createEndpoint('https://hooks.example.test/hook')
  answer = ['127.0.0.1']
  const customer = await h.createCustomer()
  const eventId = await eventIdFor(h.api, customer.id, 'customer.created')
  const state = await eventually(async () => {
    const delivery = await h.delivery(eventId, endpoint.id)
    return delivery?.status === 'failed' ? delivery : undefined
  })
  t.equal(state.attempts[0]?.response_status, null)
  t.match(state.attempts[0]?.error, /127\.0\.0\.1.*loopback/, 'the attempt says why it was refused')
  await h.stop()
})

t.test('a slow endpoint does not hold up another endpoint', async (t) => {
  const h = await harness(t, { webhooks: { timeoutMs: 3000, endpointConcurrency: 2 } })
  let slowFirstAnswer = Number.POSITIVE_INFINITY
  const slow = await startReceiver(t, (_, response) => {
    setTimeout(() => {
      slowFirstAnswer = Math.min(slowFirstAnswer, Date.now())
      response.end()
    }, 2500)
  })
  const fast = await startReceiver(t)
  await h.createEndpoint(slow.url)
  await h.createEndpoint(fast.url)
  for (let i = 0; i < 10; i++) await h.createCustomer(`Customer ${i}`)
  const fastRequests = await fast.waitFor(10, 10_000)
  t.ok(
    (fastRequests.at(-1)?.receivedAt ?? 0) < slowFirstAnswer,
    'the fast endpoint had all 10 events before the slow one answered its first',
  )
  t.ok(slow.requests.length <= 2, 'the slow endpoint is held to its two lanes')
  await h.stop()
})

t.test('the worker survives its connections being cut and still delivers every event', async (t) => {
  const h = await harness(t, { webhooks: { timeoutMs: 500 } })
  const receiver = await startReceiver(t, (_, response) => {
    setTimeout(() => response.end('ok'), 20)
  })
  await h.createEndpoint(receiver.url, ['customer.created'])
  const customers: { id: string }[] = []
  for (let i = 0; i < 30; i++) customers.push(await h.createCustomer(`Blip ${i}`))
  await receiver.waitFor(3)
  const cut = await h.api.pool.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where application_name like 'shopapi worker%' and datname = current_database()`,
  )
  t.ok(cut.rowCount && cut.rowCount > 0, `cut ${cut.rowCount} worker connections (pool, LISTEN, pg-boss)`)
  // Events committed after the cut wake the worker through its re-established LISTEN connection.
  for (let i = 30; i < 35; i++) customers.push(await h.createCustomer(`After ${i}`))
  const ids = await eventually(
    async () => {
      const seen = new Set(receiver.requests.map((request) => envelopeOf(request).data.object_id))
      return customers.every((customer) => seen.has(customer.id)) ? seen : undefined
    },
    60_000,
    'every event after the cut',
  )
  t.equal(ids.size, customers.length, 'every event reached the receiver')
  const states = await eventually(async () => {
    const { rows } = await h.api.pool.query<{ status: string; count: number }>(
      'select status, count(*)::int as count from webhook_deliveries group by status',
    )
    return rows.length === 1 && rows[0]?.status === 'succeeded' ? rows : undefined
  }, 60_000)
  t.same(states, [{ status: 'succeeded', count: customers.length }])
  await h.stop()
})

/** A delivery's state as support staff see it, found by the receiver's url. */
async function deliveryByUrl(api: TestApp, url: string) {
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

t.test('a receiver answering NUL bytes or invalid UTF-8 is recorded once, readable, and not sent again', async (t) => {
  const h = await harness(t)
  const nul = await startReceiver(t, (_, response) => response.end(Buffer.from('ok\x00bin', 'latin1')))
  const invalid = await startReceiver(t, (_, response) =>
    response.end(Buffer.from([0x6f, 0x6b, 0xff, 0xfe, 0x20, 0xc3, 0x28, 0x21])),
  )
  await h.createEndpoint(nul.url, ['customer.created'])
  await h.createEndpoint(invalid.url, ['customer.created'])
  await h.createCustomer()
  for (const [receiver, body] of [
    [nul, 'ok\ufffdbin'],
    [invalid, 'ok\ufffd\ufffd \ufffd(!'],
  ] as const) {
    const [row] = await eventually(async () => {
      const rows = await deliveryByUrl(h.api, receiver.url)
      return rows[0]?.status === 'succeeded' ? rows : undefined
    })
    t.match(row, { status: 'succeeded', attempt_count: 1, last_error: null }, 'the delivery succeeded once')
    t.same(row?.bodies, [body], 'the answer is stored with the bad bytes replaced')
  }
  // Long enough for a lapsed lease (timeout + 20 s here is 22 s) would be too slow; the old failure
  // mode re-sent at once on the next scan (every second), so three scans prove it is not re-sent.
  await new Promise((resolve) => setTimeout(resolve, 3000))
  t.equal(nul.requests.length, 1, 'the NUL receiver got exactly one request')
  t.equal(invalid.requests.length, 1, 'the invalid UTF-8 receiver got exactly one request')
  await h.stop()
})

t.test('an attempt the database refuses to record fails the delivery visibly after 3 tries', async (t) => {
  const errors: { details: object; message: string }[] = []
  const log = { info() {}, warn() {}, error: (details: object, message: string) => errors.push({ details, message }) }
  const h = await harness(t, { log, webhooks: { retryScheduleMs: [200, 200, 200, 200, 200] } })
  // Test-only: the record of any attempt answered "poison" is refused, as a storage fault would be.
  await h.api.owner.pool.query(`
    create function refuse_poison() returns trigger language plpgsql as $$
    begin
      if new.response_body = 'poison' then raise exception 'refused for the test'; end if;
      return new;
    end $$;
    create trigger refuse_poison before insert on webhook_attempts for each row execute function refuse_poison();`)
  const poisoned = await startReceiver(t, (_, response) => response.end('poison'))
  const healthy = await startReceiver(t)
  await h.createEndpoint(poisoned.url, ['customer.created'])
  await h.createEndpoint(healthy.url, ['customer.created'])
  await h.createCustomer()
  const [row] = await eventually(async () => {
    const rows = await deliveryByUrl(h.api, poisoned.url)
    return rows[0]?.status === 'failed' ? rows : undefined
  })
  t.match(row, { status: 'failed', record_failures: 3 })
  t.match(row?.last_error, /could not be recorded \(3 of 3 tries\): P0001: refused for the test/)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  t.equal(poisoned.requests.length, 3, 'the receiver was hit a bounded number of times')
  t.equal(healthy.requests.length, 1, 'the other endpoint got its event once')
  t.match((await deliveryByUrl(h.api, healthy.url))[0], { status: 'succeeded' })
  const logged = errors.filter((entry) => 'deliveryId' in entry.details)
  t.equal(logged.length, 3, 'each unrecorded attempt is logged with the delivery id')
  t.match(logged.at(-1)?.details, { recordFailures: 3, deliveryFailed: true })
  await h.stop()
})

t.test('a scope removed while deliveries wait stops them: not sent, failed with the reason', async (t) => {
  const h = await harness(t, { webhooks: { retryScheduleMs: [300, 300, 300, 300, 300, 300, 300, 300] } })
  let up = false
  const answeredWhileUp: ReceivedRequest[] = []
  const receiver = await startReceiver(t, (request, response) => {
    if (!up) {
      response.statusCode = 503
      response.end('down')
      return
    }
    answeredWhileUp.push(request)
    response.end('ok')
  })
  await h.createEndpoint(receiver.url, ['customer.created', 'customer.updated'])
  await h.createCustomer('Grace')
  await h.createCustomer('Alan')
  await receiver.waitFor(2)
  await updateIntegrationScopes(h.api.pool, h.integrationId, ['customers.write', 'webhooks.manage'])
  // An attempt claimed just before the change may still be in flight; it meets a receiver still down.
  await new Promise((resolve) => setTimeout(resolve, 500))
  up = true
  const rows = await eventually(async () => {
    const found = await deliveryByUrl(h.api, receiver.url)
    return found.length === 2 && found.every((row) => row.status === 'failed') ? found : undefined
  })
  for (const row of rows) t.equal(row.last_error, 'not sent: the integration no longer has customers.read')
  await new Promise((resolve) => setTimeout(resolve, 1000))
  t.equal(answeredWhileUp.length, 0, 'nothing reached the receiver once it was up')
  await h.stop()
})

t.test('endpoints deleted while 1,000 events dispatch to 20: the survivors receive every event', async (t) => {
  const errors: { details: object; message: string }[] = []
  const log = { info() {}, warn() {}, error: (details: object, message: string) => errors.push({ details, message }) }
  const h = await harness(t, { log, webhooks: { endpointConcurrency: 8 } })
  const second = await createTestKey(h.api.pool, h.shop, allScopes, 'Second')
  const receiver = await startReceiver(t)
  const endpoints: { id: string; key: string; path: string }[] = []
  for (let i = 0; i < 20; i++) {
    const key = i < 10 ? h.key : second.key
    const endpoint = await h.createEndpoint(`${receiver.url}/${i}`, ['customer.created'], key)
    endpoints.push({ id: endpoint.id, key, path: `/hook/${i}` })
  }
  const { rows } = await h.api.pool.query<{ id: string }>('select id from integrations where public_id = $1', [
    h.integrationId,
  ])
  const actor = { shopId: h.shop.id, integrationId: rows[0]?.id as string }
  const doomed = endpoints.filter((_, i) => i % 4 === 1)
  const eventIds: string[] = []
  const inserting = (async () => {
    for (let batch = 0; batch < 4; batch++) {
      const events: NewEvent[] = Array.from({ length: 250 }, (_, i) => ({
        type: 'customer.created',
        objectType: 'customer',
        objectId: `cus_fan${String(batch * 250 + i).padStart(6, '0')}`,
        summary: { first_name: 'Fan', last_name: null, company_name: null },
      }))
      await recordEvents(h.api.pool, actor, events)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const deleting = (async () => {
    for (const endpoint of doomed) {
      await new Promise((resolve) => setTimeout(resolve, 60))
      const reply = await sendJson(h.api, 'DELETE', `/v1/webhook-endpoints/${endpoint.id}`, endpoint.key)
      t.equal(reply.status, 200, `deleted ${endpoint.id}`, { body: reply.body })
    }
  })()
  await Promise.all([inserting, deleting])
  const { rows: events } = await h.api.pool.query<{ public_id: string }>(
    "select public_id from events where type = 'customer.created'",
  )
  for (const event of events) eventIds.push(event.public_id)
  t.equal(eventIds.length, 1000)
  const survivors = endpoints.filter((endpoint) => !doomed.includes(endpoint))
  await eventually(
    async () => {
      const seen = new Map<string, Set<string>>()
      for (const request of receiver.requests) {
        const ids = seen.get(request.url) ?? new Set()
        ids.add(request.headers['service-event-id'] as string)
        seen.set(request.url, ids)
      }
      return survivors.every((endpoint) => eventIds.every((id) => seen.get(endpoint.path)?.has(id))) ? true : undefined
    },
    180_000,
    'every event at every surviving endpoint',
  )
  t.pass(`each of ${survivors.length} survivors received all ${eventIds.length} events`)
  t.same(errors, [], 'no dispatch or delivery error was logged')
  await h.stop()
})

/** The endpoint's deliveries by status (origin `event` only). */
async function deliveryStatuses(api: TestApp, endpointId: string): Promise<Record<string, number>> {
  const { rows } = await api.pool.query<{ status: string; n: number }>(
    `select d.status, count(*)::int as n from webhook_deliveries d
     join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     where w.public_id = $1 and d.origin = 'event' group by d.status`,
    [endpointId],
  )
  return Object.fromEntries(rows.map((row) => [row.status, row.n]))
}

/** The shop's events of these types after `afterEventId`, in the order of the log. */
async function logOrder(api: TestApp, shopId: string, types: string[], afterEventId: string): Promise<string[]> {
  const { rows } = await api.pool.query<{ public_id: string }>(
    `select public_id from events
     where shop_id = $1 and type = any($2) and not test
       and sequence > (select sequence from events where public_id = $3)
     order by sequence`,
    [shopId, types, afterEventId],
  )
  return rows.map((row) => row.public_id)
}

const eventIdsOf = (requests: ReceivedRequest[]) => requests.map((request) => envelopeOf(request).id)

t.test('events while an endpoint is disabled are held, then sent in log order when it is enabled', async (t) => {
  // One lane: the order the deliveries start is the order they arrive.
  const h = await harness(t, { webhooks: { endpointConcurrency: 1 } })
  const receiver = await startReceiver(t)
  const types = ['customer.created', 'customer.updated']
  const endpoint = await h.createEndpoint(receiver.url, types)
  const first = await h.createCustomer('Before')
  await receiver.waitFor(1)
  const firstEventId = await eventIdFor(h.api, first.id, 'customer.created')

  const disabled = await sendJson<Endpoint>(h.api, 'PATCH', `/v1/webhook-endpoints/${endpoint.id}`, h.key, {
    body: { status: 'disabled' },
  })
  t.equal(disabled.body.status, 'disabled')
  const created: { id: string }[] = []
  for (let i = 0; i < 5; i++) created.push(await h.createCustomer(`Held${i}`))
  const renamed = await sendJson(h.api, 'PATCH', `/v1/customers/${created[0]?.id}`, h.key, {
    body: { first_name: 'Renamed' },
  })
  t.equal(renamed.status, 200)
  // Twenty more in one transaction: one dispatch statement holds them all, created at the same instant.
  const { rows: integration } = await h.api.pool.query<{ id: string }>(
    'select id from integrations where public_id = $1',
    [h.integrationId],
  )
  await recordEvents(
    h.api.pool,
    { shopId: h.shop.id, integrationId: integration[0]?.id as string },
    Array.from({ length: 20 }, (_, i) => ({
      type: 'customer.created' as const,
      objectType: 'customer' as const,
      objectId: `cus_held${String(i).padStart(6, '0')}`,
      summary: { first_name: 'Batch', last_name: null, company_name: null },
    })),
  )
  await eventually(
    async () => ((await deliveryStatuses(h.api, endpoint.id)).pending === 26 ? true : undefined),
    15_000,
    '26 held deliveries',
  )
  await new Promise((resolve) => setTimeout(resolve, 500))
  t.equal(receiver.requests.length, 1, 'nothing is sent while the endpoint is disabled')

  const enabled = await setEndpointStatus(h.api.pool, endpoint.id, 'active')
  t.match(enabled, { changed: true, resumed: 26, dropped: 0 }, 'enable says how many resume')
  const requests = await receiver.waitFor(27)
  const expected = await logOrder(h.api, h.shop.id, types, firstEventId)
  t.equal(expected.length, 26)
  t.same(eventIdsOf(requests.slice(1)), expected, 'the held events arrive in the order of the log')
  await eventually(async () => ((await deliveryStatuses(h.api, endpoint.id)).succeeded === 27 ? true : undefined))

  await t.test('the drop flag fails them instead: none arrive', async (t) => {
    await setEndpointStatus(h.api.pool, endpoint.id, 'disabled')
    await h.createCustomer('Dropped1')
    await h.createCustomer('Dropped2')
    await eventually(async () => ((await deliveryStatuses(h.api, endpoint.id)).pending === 2 ? true : undefined))
    const dropped = await setEndpointStatus(h.api.pool, endpoint.id, 'active', { dropHeld: true })
    t.match(dropped, { changed: true, resumed: 0, dropped: 2 })
    t.equal(dropped.row.status, 'active')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    t.equal(receiver.requests.length, 27, 'no dropped delivery reaches the receiver')
    const { rows } = await h.api.pool.query<{ status: string; last_error: string; attempt_count: number }>(
      `select d.status, d.last_error, d.attempt_count from webhook_deliveries d
       join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
       where w.public_id = $1 and d.status <> 'succeeded'`,
      [endpoint.id],
    )
    t.equal(rows.length, 2)
    for (const row of rows) {
      t.match(row, { status: 'failed', attempt_count: 0, last_error: /dropped when the endpoint was enabled/ })
    }
    // The endpoint delivers again from here on.
    await h.createCustomer('After')
    await receiver.waitFor(28)
  })
  await h.stop()
})

t.test(
  'an endpoint disabled by its failure clock holds new events too; re-enabling sends all in log order',
  async (t) => {
    const h = await harness(t, {
      webhooks: {
        endpointConcurrency: 1,
        disableAfterMs: 1000,
        retryScheduleMs: [300, 300, 300, 300, 300, 300, 300, 300],
      },
    })
    let healthy = false
    const receiver = await startReceiver(t, (_, response) => {
      response.statusCode = healthy ? 200 : 503
      response.end()
    })
    const types = ['customer.created']
    const endpoint = await h.createEndpoint(receiver.url, types)
    const first = await h.createCustomer('Failing')
    await eventually(
      async () => {
        const reply = await sendJson<Endpoint>(h.api, 'GET', `/v1/webhook-endpoints/${endpoint.id}`, h.key)
        return reply.body.status === 'disabled' ? true : undefined
      },
      15_000,
      'the endpoint to be disabled by its failure clock',
    )
    for (let i = 0; i < 3; i++) await h.createCustomer(`WhileDisabled${i}`)
    await eventually(async () => ((await deliveryStatuses(h.api, endpoint.id)).pending === 4 ? true : undefined))
    const attemptsBefore = receiver.requests.length
    await new Promise((resolve) => setTimeout(resolve, 800))
    t.equal(receiver.requests.length, attemptsBefore, 'nothing is attempted while disabled')

    healthy = true
    const enabled = await sendJson<Endpoint>(h.api, 'PATCH', `/v1/webhook-endpoints/${endpoint.id}`, h.key, {
      body: { status: 'active' },
    })
    t.equal(enabled.body.status, 'active')
    const requests = await receiver.waitFor(attemptsBefore + 4)
    const firstEventId = await eventIdFor(h.api, first.id, 'customer.created')
    const expected = [firstEventId, ...(await logOrder(h.api, h.shop.id, types, firstEventId))]
    t.same(
      eventIdsOf(requests.slice(attemptsBefore)),
      expected,
      'the retried event first, then the held ones, in order',
    )
    await eventually(async () => ((await deliveryStatuses(h.api, endpoint.id)).succeeded === 4 ? true : undefined))
    await h.stop()
  },
)

// Receivers steer deliveries (issue 28 item 6): 410 Gone disables the endpoint at once; a 429 or 503
// with Retry-After is retried no earlier than asked, within the schedule's horizon.
async function attemptsOf(h: Harness, eventId: string, endpointId: string) {
  const { rows } = await h.api.pool.query<{
    response_status: number | null
    error: string | null
    retry_after_seconds: number | null
    disabled_endpoint: boolean
  }>(
    `select a.response_status, a.error, a.retry_after_seconds, a.disabled_endpoint from webhook_attempts a
     join webhook_deliveries d on d.shop_id = a.shop_id and d.id = a.delivery_id
     join events e on e.shop_id = d.shop_id and e.id = d.event_id
     join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     where e.public_id = $1 and w.public_id = $2 order by a.number`,
    [eventId, endpointId],
  )
  return rows
}

async function deliveryRow(h: Harness, eventId: string, endpointId: string) {
  const { rows } = await h.api.pool.query<{ status: string; last_error: string | null; next_attempt_at: Date | null }>(
    `select d.status, d.last_error, d.next_attempt_at from webhook_deliveries d
     join events e on e.shop_id = d.shop_id and e.id = d.event_id
     join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
     where e.public_id = $1 and w.public_id = $2`,
    [eventId, endpointId],
  )
  return rows[0]
}

t.test('a receiver answering 410 Gone disables its endpoint at once; its sibling hears why', async (t) => {
  // A long schedule: without the 410 rule the endpoint would stay active for days.
  const h = await harness(t, { webhooks: { retryScheduleMs: [200, 200, 200] } })
  const gone = await startReceiver(t, (_, response) => {
    response.statusCode = 410
    response.end('this hook was removed')
  })
  const sibling = await startReceiver(t)
  const endpoint = await h.createEndpoint(gone.url, ['customer.created'])
  await h.createEndpoint(sibling.url, ['webhook_endpoint.disabled'])
  const customer = await h.createCustomer()
  const eventId = await eventIdFor(h.api, customer.id, 'customer.created')

  const [notice] = await sibling.waitFor(1)
  const envelope = envelopeOf(notice as ReceivedRequest)
  t.match(envelope, {
    type: 'webhook_endpoint.disabled',
    data: {
      object_id: endpoint.id,
      summary: { status: 'disabled', disabled_reason: /^The receiver answered 410 Gone to delivery dlv_\w+ at \d{4}-/ },
    },
  })
  const shown = await sendJson<Endpoint>(h.api, 'GET', `/v1/webhook-endpoints/${endpoint.id}`, h.key)
  t.equal(shown.body.status, 'disabled', 'disabled after one answer, not after three days')
  t.match(shown.body.disabled_reason, /410 Gone/)
  const attempts = await attemptsOf(h, eventId, endpoint.id)
  t.match(attempts, [{ response_status: 410, disabled_endpoint: true, error: /410 Gone: the endpoint is disabled/ }])
  t.equal(
    (await deliveryRow(h, eventId, endpoint.id))?.status,
    'pending',
    'the delivery is held, as for any disabled endpoint',
  )

  // Later events are held too: the receiver hears nothing more.
  await h.createCustomer('Grace')
  await sibling.waitFor(1)
  await new Promise((resolve) => setTimeout(resolve, 800))
  t.equal(gone.requests.length, 1, 'one request: the 410 is not retried')
  await h.stop()
})

t.test('429 and 503 with Retry-After are retried no earlier than asked, and recorded', async (t) => {
  const h = await harness(t, { webhooks: { retryScheduleMs: [200, 200, 200, 60_000] } })
  const busy = await startReceiver(t, (_, response, index) => {
    if (index === 0) {
      response.statusCode = 429
      response.setHeader('retry-after', '2')
    } else if (index === 1) {
      response.statusCode = 503
      // An HTTP date two seconds on (the header's other form), rounded up to a whole second.
      response.setHeader('retry-after', new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toUTCString())
    }
    response.end(index < 2 ? 'later' : 'ok')
  })
  const endpoint = await h.createEndpoint(busy.url, ['customer.created'])
  const customer = await h.createCustomer()
  const eventId = await eventIdFor(h.api, customer.id, 'customer.created')
  const [first, second, third] = await busy.waitFor(3, 30_000)
  const firstGap = (second as ReceivedRequest).receivedAt - (first as ReceivedRequest).receivedAt
  const secondGap = (third as ReceivedRequest).receivedAt - (second as ReceivedRequest).receivedAt
  t.ok(firstGap >= 2000, `the retry after "Retry-After: 2" came ${firstGap} ms later, not on the 200 ms schedule`)
  t.ok(secondGap >= 1000, `the retry after an HTTP-date Retry-After came ${secondGap} ms later`)
  const state = await eventually(async () => {
    const row = await deliveryRow(h, eventId, endpoint.id)
    return row?.status === 'succeeded' ? row : undefined
  })
  t.equal(state.status, 'succeeded')
  const attempts = await attemptsOf(h, eventId, endpoint.id)
  t.match(attempts, [
    { response_status: 429, retry_after_seconds: 2, error: /Retry-After: 2 s, so no retry comes earlier/ },
    { response_status: 503, retry_after_seconds: Number, disabled_endpoint: false },
    { response_status: 200, retry_after_seconds: null },
  ])
  t.ok((attempts[1]?.retry_after_seconds ?? 0) >= 1, 'the date is kept as seconds from the attempt')
  await h.stop()
})

t.test('a Retry-After past the schedule ends the delivery now; one on a 500 is not read', async (t) => {
  const h = await harness(t, { webhooks: { retryScheduleMs: [200, 200, 200] } })
  const tooLate = await startReceiver(t, (_, response) => {
    response.statusCode = 503
    response.setHeader('retry-after', '86400')
    response.end('maintenance')
  })
  const plain = await startReceiver(t, (_, response, index) => {
    response.statusCode = index === 0 ? 500 : 200
    response.setHeader('retry-after', '3600')
    response.end()
  })
  const late = await h.createEndpoint(tooLate.url, ['customer.created'])
  const other = await h.createEndpoint(plain.url, ['customer.created'])
  const customer = await h.createCustomer()
  const eventId = await eventIdFor(h.api, customer.id, 'customer.created')
  const failed = await eventually(async () => {
    const row = await deliveryRow(h, eventId, late.id)
    return row?.status === 'failed' ? row : undefined
  })
  t.match(failed.last_error, /asked to be retried after 86400 s \(Retry-After\), past the retry schedule's end at /)
  t.equal(tooLate.requests.length, 1, 'not retried before the receiver wants it, nor days past the contract')
  const retried = await eventually(async () => {
    const row = await deliveryRow(h, eventId, other.id)
    return row?.status === 'succeeded' ? row : undefined
  })
  t.equal(retried.status, 'succeeded', 'a 500 is retried on the schedule whatever its Retry-After says')
  t.match(await attemptsOf(h, eventId, other.id), [
    { response_status: 500, retry_after_seconds: null },
    { response_status: 200 },
  ])
  await h.stop()
})
