// The worker's delivery tests, first half: signing, subscriptions, retries, timeouts, redirects, rotation,
// DNS rebinding, a slow endpoint, cut connections. The second half is webhook-delivery-failures.test.ts.
import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { Resolver } from '../../src/io/webhook-targets.js'
import { verifyWebhookSignature } from '../../src/lib/webhook-signature.js'
import { purgeExpired } from '../../src/worker/maintenance.js'
import { createTestKey } from '../helpers/app.js'
import { sendJson } from '../helpers/http.js'
import { eventually, type ReceivedRequest, startReceiver } from '../helpers/receiver.js'

import { type Endpoint, envelopeOf, eventIdFor, harness } from './delivery-harness.js'

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
