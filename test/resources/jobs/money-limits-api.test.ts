// Every amount and every total has a documented maximum, checked before anything is written
// (docs/decisions/money-and-ledger.md "Money"): an input beyond its maximum is 400 naming the field, a change that
// would take a total past 9,999,999,999.99 is 409 with a blocker naming the order. Never a 500
// (`numeric field overflow`), which the test app turns into a failure.
import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { Scope } from '../../../src/lib/scopes.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, type ErrorBody, sendJson } from '../../helpers/http.js'
import { createCannedJob, createInventoryItem, createRepairOrder, repairOrderTotals, setTaxRate } from './fixtures.js'

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const scopes: Scope[] = ['repair_orders.read', 'repair_orders.write', 'pricing.read']
const { key } = await createTestKey(api.pool, shop, scopes)

const addJob = (orderId: string, body: Record<string, unknown>) =>
  sendJson<{ id: string; pricing: Record<string, string> } & ErrorBody>(
    api,
    'POST',
    `/v1/repair-orders/${orderId}/jobs`,
    key,
    { body, idempotencyKey: randomUUID() },
  )

const maximum = '9999999999.99'

t.test(
  'a job that would take the order past the maximum total is 409 naming the order; nothing is written',
  async (t) => {
    const order = await createRepairOrder(api.pool, shop)
    const first = await addJob(order.public_id, { name: 'Fee', kind: 'fee', amount: maximum, taxable: false })
    t.equal(first.status, 201, 'a fee of the maximum fits: the order totals exactly the maximum', { body: first.body })
    t.equal((await repairOrderTotals(api.pool, order)).total, maximum)
    const before = await api.pool.query('select count(*)::integer as jobs from jobs where repair_order_id = $1', [
      order.id,
    ])
    const second = await addJob(order.public_id, { name: 'One cent more', kind: 'fee', amount: '0.01' })
    assertError(t, second, 409, 'conflict')
    const blocker = second.body.error.blockers[0] as {
      type: string
      reason: string
      message: string
      resolution: string[]
    }
    t.match(blocker, { type: 'repair_order', reason: 'total_exceeds_maximum' })
    t.match(second.body.error.message, new RegExp(order.public_id), 'the message names the order')
    t.match(second.body.error.message, /10000000000\.00.*9999999999\.99/, 'what the total would be, and the maximum')
    t.ok(blocker.resolution.length > 0, 'and what to do')
    const after = await api.pool.query('select count(*)::integer as jobs from jobs where repair_order_id = $1', [
      order.id,
    ])
    t.same(after.rows, before.rows, 'the refused job was not written')
    t.equal((await repairOrderTotals(api.pool, order)).total, maximum, 'the totals are as they were')
  },
)

t.test('a job whose own tax takes it past the maximum is refused the same way', async (t) => {
  const taxed = await createTestShop(api.pool)
  await setTaxRate(api.pool, taxed, '0.1')
  const { key: taxedKey } = await createTestKey(api.pool, taxed, scopes)
  const order = await createRepairOrder(api.pool, taxed)
  const reply = await sendJson<ErrorBody>(api, 'POST', `/v1/repair-orders/${order.public_id}/jobs`, taxedKey, {
    body: { name: 'Fee', kind: 'fee', amount: maximum },
    idempotencyKey: randomUUID(),
  })
  assertError(t, reply, 409, 'conflict')
  t.match(reply.body.error.blockers, [{ reason: 'total_exceeds_maximum' }])
  t.match(reply.body.error.message, /10999999999\.99/)
})

t.test('amount beyond its maximum is 400 naming it', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  for (const amount of ['10000000000.00', '99999999999999999999.99']) {
    assertError(
      t,
      await addJob(order.public_id, { name: 'Fee', kind: 'fee', amount }),
      400,
      'invalid_request',
      'amount',
    )
  }
})

t.test('a canned job whose lines would overflow is refused naming canned_job_id, never a 500', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  // Values a canned-job import of an earlier version accepted: one labor line of 10^16.
  const hugeLabor = await createCannedJob(api.pool, shop, {
    name: 'Huge labor',
    hours: '999999.99',
    rate: '9999999999.99',
    parts: [],
  })
  const labor = await addJob(order.public_id, { canned_job_id: hugeLabor })
  assertError(t, labor, 400, 'invalid_request', 'canned_job_id')
  t.match(labor.body.error.message, /hours × rate/)
  const item = await createInventoryItem(api.pool, shop, {
    partNumber: `BIG-${randomUUID().slice(0, 8)}`,
    name: 'Gold-plated part',
    unitPrice: '9999999999.99',
    unitCost: null,
  })
  const hugeParts = await createCannedJob(api.pool, shop, {
    name: 'Huge parts',
    hours: null,
    rate: null,
    itemPublicId: item,
    parts: [{ description: null, quantity: '9999.999', unitPrice: null, unitCost: null }],
  })
  const parts = await addJob(order.public_id, { canned_job_id: hugeParts })
  assertError(t, parts, 400, 'invalid_request', 'canned_job_id')
  t.match(parts.body.error.message, /quantity × unit price/)
  t.equal((await repairOrderTotals(api.pool, order)).total, '0.00', 'nothing was written')
})

t.test('the OpenAPI document states the maxima', async (t) => {
  const response = await api.request('/v1/openapi.json')
  const document = (await response.json()) as {
    components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> }
  }
  const { schemas } = document.components
  t.match(schemas.JobCreate?.properties.amount?.description, /at most 9999999999\.99/, 'JobCreate.amount')
  t.match(schemas.ROPricing?.properties.total?.description, /9999999999\.99/, 'ROPricing.total')
  t.match(schemas.JobPricing?.properties.total?.description, /9999999999\.99/, 'JobPricing.total')
})
