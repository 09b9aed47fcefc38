// The worker's delivery tests, second half: what receivers and operators do wrong (bad bytes, a database
// that will not record, scopes and endpoints changing under deliveries, 410, 429/503 and Retry-After).
// The first half is webhook-delivery.test.ts; two files so tap runs them side by side.
import t from 'tap'
import { type NewEvent, recordEvents } from '../../src/platform/events.js'
import { updateIntegrationScopes } from '../../src/platform/tenancy/integrations.js'
import { setEndpointStatus } from '../../src/resources/webhook-endpoints/operator.js'
import { createTestKey, type TestApp } from '../helpers/app.js'
import { sendJson } from '../helpers/http.js'
import { eventually, type ReceivedRequest, startReceiver } from '../helpers/receiver.js'
import {
  allScopes,
  deliveryByUrl,
  type Endpoint,
  envelopeOf,
  eventIdFor,
  type Harness,
  harness,
} from './delivery-harness.js'

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
