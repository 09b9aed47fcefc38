// The jobs of a repair order over HTTP: adding one (job.created, repricing, refusals on settled
// orders) and paging 5,000 of them with limit=7 while more are added.
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { Scope } from '../../../src/lib/scopes.js'
import { moveRepairOrder } from '../../../src/resources/repair-orders/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, jsonClient, type Reply } from '../../helpers/http.js'
import { setTaxRate } from '../jobs/fixtures.js'

t.setTimeout(600_000)

// Paging 5,000 jobs 7 at a time is about 715 requests of one key, past the default budget.
const api = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })

interface JobJson {
  id: string
  repair_order_id: string
  name: string
  pricing: { total: string } | null
  redacted_fields: string[]
}

interface JobListJson {
  data: JobJson[]
  has_more: boolean
  next_cursor: string | null
}

interface OrderJson {
  id: string
  number: string
  pricing: { subtotal: string; tax: string; total: string } | null
}

const scopes: Scope[] = [
  'customers.read',
  'customers.write',
  'vehicles.read',
  'vehicles.write',
  'repair_orders.read',
  'repair_orders.write',
  'pricing.read',
]

const call = jsonClient(api)

async function setUp() {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, scopes)
  const customer = await call<{ id: string }>('POST', '/customers', key, {
    body: { first_name: 'Ana', last_name: 'Rivera' },
  })
  const vehicle = await call<{ id: string }>('POST', '/vehicles', key, { body: { customer_id: customer.body.id } })
  const order = await call<OrderJson>('POST', '/repair-orders', key, {
    body: {
      customer_id: customer.body.id,
      vehicle_id: vehicle.body.id,
    },
  })
  if (order.status !== 201) throw new Error(`no order: ${order.text}`)
  return { shop, key, order: order.body }
}

t.test('add a job: 201, job.created, listed, and the order repriced (tax follows tax_exempt)', async (t) => {
  const { shop, key, order } = await setUp()
  await setTaxRate(api.pool, shop, '0.1')
  const added = await call<JobJson>('POST', `/repair-orders/${order.id}/jobs`, key, {
    body: {
      name: 'Shop supplies',
      kind: 'fee',
      amount: '20.00',
    },
  })
  t.equal(added.status, 201, 'created', { body: added.body })
  t.match(added.body, { repair_order_id: order.id, name: 'Shop supplies' })
  const { rows } = await api.pool.query<{ type: string; summary: Record<string, unknown> }>(
    'select type, summary from events where object_id = $1',
    [added.body.id],
  )
  t.match(rows, [{ type: 'job.created' }])
  const listed = await call<JobListJson>('GET', `/repair-orders/${order.id}/jobs`, key)
  t.same(
    listed.body.data.map((job) => job.id),
    [added.body.id],
  )
  const repriced = await call<OrderJson>('GET', `/repair-orders/${order.id}`, key)
  t.match(repriced.body.pricing, { subtotal: '20.00', tax: '2.00', total: '22.00' })
  const exempt = await call<OrderJson>('PATCH', `/repair-orders/${order.id}`, key, { body: { tax_exempt: true } })
  t.match(exempt.body.pricing, { subtotal: '20.00', tax: '0.00', total: '20.00' }, 'tax_exempt reprices')

  const { key: plain } = await createTestKey(api.pool, shop, ['repair_orders.read'], 'No pricing')
  const hidden = await call<JobListJson>('GET', `/repair-orders/${order.id}/jobs`, plain)
  t.equal(hidden.body.data[0]?.pricing, null)
  t.same(hidden.body.data[0]?.redacted_fields, ['/data/*/pricing'])
  assertError(
    t,
    await call('POST', `/repair-orders/${order.id}/jobs`, plain, { body: { name: 'X' } }),
    403,
    'insufficient_scope',
  )
})

t.test('refusals: unknown order, invalid body, settled order', async (t) => {
  const { shop, key, order } = await setUp()
  assertError(
    t,
    await call('POST', '/repair-orders/ro_0000000000000000000000/jobs', key, { body: { name: 'X' } }),
    404,
    'not_found',
  )
  assertError(t, await call('GET', '/repair-orders/ro_0000000000000000000000/jobs', key), 404, 'not_found')
  assertError(
    t,
    await call('POST', `/repair-orders/${order.id}/jobs`, key, { body: {} }),
    400,
    'invalid_request',
    'name',
  )
  assertError(t, await call('GET', `/repair-orders/${order.id}/jobs?limit=0`, key), 400, 'invalid_request', 'limit')
  const actor = { shopId: shop.id, integrationId: null }
  await withTransaction(api.pool, (tx) => moveRepairOrder(tx, actor, order.id, 'cancelled'))
  const refused = await call<{ error: { blockers: { reason: string }[] } }>(
    'POST',
    `/repair-orders/${order.id}/jobs`,
    key,
    { body: { name: 'Late job' } },
  )
  assertError(t, refused, 409, 'conflict')
  t.match(refused.body.error.blockers, [{ reason: 'state_cancelled' }])
})

t.test('5,000 jobs paged with limit=7 while jobs are added: none lost, none repeated', async (t) => {
  const { shop, key, order } = await setUp()
  // One statement; creation instants shared by ten jobs at a time, so the cursor's id tie-break counts.
  await api.pool.query(
    `insert into jobs (shop_id, public_id, repair_order_id, name, created_at, updated_at)
     select $1::uuid, 'job_bulk' || lpad(g::text, 5, '0'), ro.id, 'Bulk job ' || g,
       timestamptz '2026-01-01T00:00:00Z' + (g / 10) * interval '1 millisecond',
       timestamptz '2026-01-01T00:00:00Z' + (g / 10) * interval '1 millisecond'
     from generate_series(1, 5000) g, repair_orders ro where ro.public_id = $2::text`,
    [shop.id, order.id],
  )
  const expected = new Set<string>()
  for (let g = 1; g <= 5000; g++) expected.add(`job_bulk${String(g).padStart(5, '0')}`)

  let paging = true
  let added = 0
  const adder = (async () => {
    while (paging) {
      const reply = await call<JobJson>('POST', `/repair-orders/${order.id}/jobs`, key, {
        body: { name: `Added ${added}` },
      })
      if (reply.status !== 201) throw new Error(`add failed: ${reply.text}`)
      added += 1
    }
  })()

  const seen: string[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    const reply: Reply<JobListJson> = await call<JobListJson>(
      'GET',
      `/repair-orders/${order.id}/jobs?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      key,
    )
    if (reply.status !== 200) throw new Error(`page failed: ${reply.text}`)
    t.ok(reply.body.data.length <= 7)
    seen.push(...reply.body.data.map((job) => job.id))
    cursor = reply.body.next_cursor
    pages += 1
  } while (cursor)
  paging = false
  await adder

  t.ok(added > 0, `jobs were added while paging (${added})`)
  t.equal(new Set(seen).size, seen.length, 'no job repeated')
  const bulkSeen = seen.filter((id) => expected.has(id))
  t.equal(bulkSeen.length, 5000, 'every one of the 5,000 seen')
  t.ok(pages >= 715, `${pages} pages`)
  const order2 = [...bulkSeen]
  t.same(order2, [...expected].reverse(), 'newest first, ties by id descending')
})
