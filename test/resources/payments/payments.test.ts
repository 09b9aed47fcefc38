// GET /payments and /payments/{id} over real HTTP and Postgres; payments are recorded and reversed by
// the shop with the ledger's services (as `shopapi payments ...` does).
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { Payment } from '../../../src/resources/payments/schema.js'
import { recordPayment, reversePayment } from '../../../src/resources/payments/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, sendJson } from '../../helpers/http.js'
import { brakeJob, post, readyOrder, setTax, staff } from '../invoices/fixtures.js'

const api = await startTestApp(t)

interface PaymentList {
  data: Payment[]
  has_more: boolean
  next_cursor: string | null
}

const get = <T>(path: string, key: string) => sendJson<T>(api, 'GET', `/v1${path}`, key)

const shop = await createTestShop(api.pool, { timezone: 'America/New_York' })
await setTax(api.pool, shop, 'Sales tax', '8.875')
const { key } = await createTestKey(api.pool, shop, ['payments.read'])

const firstOrder = await readyOrder(api.pool, shop, brakeJob)
const firstInvoice = await post(api.pool, shop, firstOrder)
const secondOrder = await readyOrder(api.pool, shop, brakeJob)
const secondInvoice = await post(api.pool, shop, secondOrder)

const pay = (invoice: string, amount: string, at: string, method = 'card') =>
  withTransaction(api.pool, (tx) => recordPayment(tx, staff(shop), { invoice, amount, method }, { at: new Date(at) }))
// New York: 23:30 on Jan 20 is 04:30Z on Jan 21; the reversal at 00:30 on Jan 21.
const deposit = await pay(firstInvoice.public_id, '100.00', '2026-01-21T04:30:00Z', 'cash')
const reversal = await withTransaction(api.pool, (tx) =>
  reversePayment(tx, staff(shop), deposit.public_id, { reason: 'Counted twice', at: new Date('2026-01-21T05:30:00Z') }),
)
const settle = await pay(firstInvoice.public_id, firstInvoice.total, '2026-01-22T15:00:00Z')
const partial = await pay(secondInvoice.public_id, '50.00', '2026-01-23T15:00:00Z', 'check')

const other = await createTestShop(api.pool)
const otherInvoice = await post(api.pool, other, await readyOrder(api.pool, other, brakeJob))
const foreign = await withTransaction(api.pool, (tx) =>
  recordPayment(tx, staff(other), { invoice: otherInvoice.public_id, amount: '1.00', method: 'cash' }),
)

async function ids(query: string): Promise<string[]> {
  const reply = await get<PaymentList>(`/payments${query}`, key)
  t.equal(reply.status, 200, `GET /payments${query}`, { body: reply.body })
  return reply.body.data.map((payment) => payment.id)
}

t.test('get: the payment record; a reversal names what it reverses', async (t) => {
  const reply = await get<Payment>(`/payments/${deposit.public_id}`, key)
  t.equal(reply.status, 200)
  t.same(reply.body, {
    id: deposit.public_id,
    object: 'payment',
    kind: 'payment',
    amount: '100.00',
    currency: 'USD',
    method: 'cash',
    business_date: '2026-01-20',
    recorded_at: '2026-01-21T04:30:00.000Z',
    settlement_target: 'invoice',
    invoice_id: firstInvoice.public_id,
    repair_order_id: firstOrder.public_id,
    customer_id: firstInvoice.customer_public_id,
    reversal_of: null,
    reason: null,
    created_at: '2026-01-21T04:30:00.000Z',
  })
  const reversed = await get<Payment>(`/payments/${reversal.public_id}`, key)
  t.match(reversed.body, {
    kind: 'reversal',
    amount: '-100.00',
    method: 'cash',
    business_date: '2026-01-21',
    reversal_of: deposit.public_id,
    reason: 'Counted twice',
  })
  assertError(t, await get(`/payments/${foreign.public_id}`, key), 404, 'not_found', 'public_id')
  assertError(t, await get('/payments/pay_0000000000000000000000', key), 404, 'not_found', 'public_id')
  assertError(t, await get('/payments/inv_0000000000000000000000', key), 400, 'invalid_id', 'public_id')
})

t.test('list: newest first, paged, filtered', async (t) => {
  const all = [partial.public_id, settle.public_id, reversal.public_id, deposit.public_id]
  t.same(await ids(''), all)
  const seen: string[] = []
  let path = '/payments?limit=3'
  for (let pages = 0; pages < 4; pages++) {
    const reply = await get<PaymentList>(path, key)
    seen.push(...reply.body.data.map((payment) => payment.id))
    if (!reply.body.has_more) break
    path = `/payments?limit=3&cursor=${encodeURIComponent(reply.body.next_cursor as string)}`
  }
  t.same(seen, all, 'two pages, nothing lost or repeated')
  t.same(await ids('?settlement_target=invoice'), all)
  t.same(await ids(`?invoice=${secondInvoice.public_id}`), [partial.public_id])
  t.same(await ids(`?repair_order=${firstOrder.public_id}`), [settle.public_id, reversal.public_id, deposit.public_id])
  t.same(await ids('?business_date_from=2026-01-20&business_date_to=2026-01-20'), [deposit.public_id], '23:30 local')
  t.same(await ids('?business_date_from=2026-01-21&business_date_to=2026-01-21'), [reversal.public_id], '00:30 local')
  t.same(await ids(`?business_date_from=2026-01-22&invoice=${firstInvoice.public_id}`), [settle.public_id])
  t.same(await ids('?invoice=inv_0000000000000000000000'), [])
})

t.test('list refusals and scopes', async (t) => {
  assertError(
    t,
    await get('/payments?settlement_target=repair_order', key),
    400,
    'invalid_request',
    'settlement_target',
  )
  assertError(t, await get('/payments?invoice=pay_1', key), 400, 'invalid_id', 'invoice')
  assertError(t, await get('/payments?repair_order=inv_1', key), 400, 'invalid_id', 'repair_order')
  assertError(t, await get('/payments?business_date_to=2026-13-01', key), 400, 'invalid_request', 'business_date_to')
  assertError(t, await get('/payments?method=card', key), 400, 'invalid_request', 'method')
  const { key: invoices } = await createTestKey(api.pool, shop, ['invoices.read'])
  assertError(t, await get('/payments', invoices), 403, 'insufficient_scope')
  assertError(t, await get(`/payments/${deposit.public_id}`, invoices), 403, 'insufficient_scope')
  const events = await get<{ data: { type: string; data: { object_id: string; summary: Record<string, unknown> } }[] }>(
    '/events?type=payment.reversed',
    key,
  )
  t.match(events.body.data, [
    { data: { object_id: reversal.public_id, summary: { reversal_of: deposit.public_id, amount: '-100.00' } } },
  ])
})
