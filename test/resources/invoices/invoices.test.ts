// GET /invoices and /invoices/{id} over real HTTP and Postgres. The shop posts, credits and voids with
// the ledger's services (as `shopapi invoices ...` does); the API only reads.
import { Decimal } from 'decimal.js'
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { Invoice } from '../../../src/resources/invoices/schema.js'
import { issueCreditNote, voidInvoice } from '../../../src/resources/invoices/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, sendJson } from '../../helpers/http.js'
import { brakeJob, post, readyOrder, setTax, staff } from './fixtures.js'

const api = await startTestApp(t)

interface InvoiceList {
  data: Invoice[]
  has_more: boolean
  next_cursor: string | null
}

const get = <T>(path: string, key: string) => sendJson<T>(api, 'GET', `/v1${path}`, key)

const shop = await createTestShop(api.pool, { timezone: 'America/Chicago' })
await setTax(api.pool, shop, 'Sales tax', '8.875')
const { key } = await createTestKey(api.pool, shop, ['invoices.read'])

// Four documents over three business dates: invoices 1 (Jan 10), 2 (Jan 11, voided), 3 (Jan 12) and a
// credit note on invoice 1 (Jan 12, an hour later: documents posted in one instant list by id).
const day = (date: string, hour = 18) => new Date(`${date}T${hour}:00:00Z`)
const first = await readyOrder(api.pool, shop, brakeJob)
const one = await post(api.pool, shop, first, day('2026-01-10'))
const second = await readyOrder(api.pool, shop, [{ name: 'Oil change', labor: [{ hours: '0.5', rate: '90.00' }] }])
const two = await post(api.pool, shop, second, day('2026-01-11'))
await withTransaction(api.pool, (tx) => voidInvoice(tx, staff(shop), two.public_id, { at: day('2026-01-11') }))
const third = await readyOrder(api.pool, shop, brakeJob)
const three = await post(api.pool, shop, third, day('2026-01-12'))
const note = await withTransaction(api.pool, (tx) =>
  issueCreditNote(tx, staff(shop), one.public_id, { lines: [3] }, { at: day('2026-01-12', 19) }),
)

const other = await createTestShop(api.pool)
const foreign = await post(api.pool, other, await readyOrder(api.pool, other, brakeJob))

async function ids(query: string): Promise<string[]> {
  const reply = await get<InvoiceList>(`/invoices${query}`, key)
  t.equal(reply.status, 200, `GET /invoices${query}`, { body: reply.body })
  return reply.body.data.map((invoice) => invoice.id)
}

t.test('get: the whole document, its lines adding up to the total', async (t) => {
  const reply = await get<Invoice>(`/invoices/${one.public_id}`, key)
  t.equal(reply.status, 200)
  const invoice = reply.body
  t.match(invoice, {
    id: one.public_id,
    object: 'invoice',
    number: 1,
    doc_type: 'invoice',
    status: 'posted',
    currency: 'USD',
    customer_id: one.customer_public_id,
    repair_order_id: first.public_id,
    vehicle_id: one.vehicle_public_id,
    credit_note_of: null,
    business_date: '2026-01-10',
    posted_at: '2026-01-10T18:00:00.000Z',
    voided_at: null,
    totals: { currency: 'USD', labor: '180.00', parts: '59.99', fees: '12.50', tax: '22.41', total: '274.90' },
    taxes: [{ name: 'Sales tax', rate: '8.875', applies_to: ['labor', 'parts', 'fees'], amount: '22.41' }],
    discounts: [],
  })
  const lines = invoice.lines ?? []
  t.equal(lines.length, 3)
  const sum = (pick: (line: (typeof lines)[number]) => string) =>
    lines.reduce((total, line) => total.plus(pick(line)), new Decimal(0)).toFixed(2)
  t.equal(
    sum((line) => line.line_total),
    invoice.totals.total,
    'line totals add up to the total',
  )
  t.equal(
    sum((line) => line.tax_alloc),
    invoice.totals.tax,
    'tax allocations add up to the tax',
  )
  t.match(lines[0], { number: 1, type: 'service', job_id: first.jobIds[0], quantity: '1.5', unit_price: '120.00' })

  const credit = await get<Invoice>(`/invoices/${note.public_id}`, key)
  t.match(credit.body, {
    doc_type: 'credit_note',
    credit_note_of: one.public_id,
    number: 1,
    business_date: '2026-01-12',
    totals: { total: '13.61' },
    lines: [{ number: 1, credited_line: 3, type: 'fee', quantity: null, unit_price: null, line_total: '13.61' }],
    taxes: [{ name: 'Sales tax', taxable_amount: null, amount: '1.11' }],
  })
  const voided = await get<Invoice>(`/invoices/${two.public_id}`, key)
  t.match(voided.body, { status: 'voided', voided_at: '2026-01-11T18:00:00.000Z' })
})

t.test('get: 404 for an unknown or foreign id, invalid_id for another kind', async (t) => {
  assertError(t, await get(`/invoices/${foreign.public_id}`, key), 404, 'not_found', 'public_id')
  assertError(t, await get('/invoices/inv_0000000000000000000000', key), 404, 'not_found', 'public_id')
  assertError(t, await get('/invoices/pay_0000000000000000000000', key), 400, 'invalid_id', 'public_id')
})

t.test('list: newest first, paged without loss or repeat, never another shop', async (t) => {
  const seen: string[] = []
  let path = '/invoices?limit=3'
  for (let pages = 0; pages < 5; pages++) {
    const reply = await get<InvoiceList>(path, key)
    t.equal(reply.status, 200)
    t.ok(reply.body.data.length <= 3)
    seen.push(...reply.body.data.map((invoice) => invoice.id))
    if (!reply.body.has_more) break
    path = `/invoices?limit=3&cursor=${encodeURIComponent(reply.body.next_cursor as string)}`
  }
  t.same(seen, [note.public_id, three.public_id, two.public_id, one.public_id])
  const page = await get<InvoiceList>('/invoices?limit=1', key)
  t.equal(page.body.data[0]?.lines?.length, 1, 'list items embed their lines')
})

t.test('list filters, alone and combined', async (t) => {
  t.same(await ids('?status=voided'), [two.public_id])
  t.same(await ids('?status=posted&doc_type=invoice'), [three.public_id, one.public_id])
  t.same(await ids('?doc_type=credit_note'), [note.public_id])
  t.same(
    await ids(`?repair_order=${first.public_id}`),
    [note.public_id, one.public_id],
    'an order: its invoice and credit',
  )
  t.same(await ids(`?customer=${three.customer_public_id}`), [three.public_id])
  t.same(await ids('?number=1'), [note.public_id, one.public_id], 'number 1 of each type')
  t.same(await ids('?number=1&doc_type=invoice'), [one.public_id])
  t.same(await ids('?number=0'), [])
  t.same(await ids('?business_date_from=2026-01-11&business_date_to=2026-01-11'), [two.public_id], 'inclusive')
  t.same(await ids('?business_date_from=2026-01-12'), [note.public_id, three.public_id])
  t.same(await ids('?business_date_to=2026-01-10'), [one.public_id])
  t.same(await ids('?business_date_from=2026-01-13'), [])
  t.same(await ids('?customer=cus_0000000000000000000000'), [], 'an unknown customer: an empty list, not 404')
})

t.test('list refusals: bad values, wrong id kinds, unknown parameters, a cursor of other filters', async (t) => {
  assertError(t, await get('/invoices?status=paid', key), 400, 'invalid_request', 'status')
  assertError(t, await get('/invoices?doc_type=quote', key), 400, 'invalid_request', 'doc_type')
  assertError(t, await get('/invoices?number=-1', key), 400, 'invalid_request', 'number')
  assertError(t, await get('/invoices?number=1.5', key), 400, 'invalid_request', 'number')
  assertError(
    t,
    await get('/invoices?business_date_from=2026-02-30', key),
    400,
    'invalid_request',
    'business_date_from',
  )
  assertError(t, await get('/invoices?business_date_to=01/12/2026', key), 400, 'invalid_request', 'business_date_to')
  assertError(t, await get('/invoices?customer=ro_0000000000000000000000', key), 400, 'invalid_id', 'customer')
  assertError(t, await get('/invoices?repair_order=cus_1', key), 400, 'invalid_id', 'repair_order')
  assertError(
    t,
    await get('/invoices?updated_after=2026-01-01T00:00:00Z', key),
    400,
    'invalid_request',
    'updated_after',
  )
  assertError(t, await get('/invoices?sort=created_at', key), 400, 'invalid_request', 'sort')
  const page = await get<InvoiceList>('/invoices?limit=1', key)
  const cursor = encodeURIComponent(page.body.next_cursor as string)
  assertError(t, await get(`/invoices?limit=1&status=posted&cursor=${cursor}`, key), 400, 'invalid_cursor', 'cursor')
})

t.test('scopes: invoices.read reads invoices and sees their events; other keys get 403', async (t) => {
  const { key: payments } = await createTestKey(api.pool, shop, ['payments.read', 'pricing.read'])
  assertError(t, await get('/invoices', payments), 403, 'insufficient_scope')
  assertError(t, await get(`/invoices/${one.public_id}`, payments), 403, 'insufficient_scope')
  const { key: reader } = await createTestKey(api.pool, shop, ['invoices.read'])
  const events = await get<{ data: { type: string; data: { object_id: string; summary: Record<string, unknown> } }[] }>(
    '/events?type=credit_note.issued',
    reader,
  )
  t.equal(events.status, 200)
  t.match(events.body.data, [
    { type: 'credit_note.issued', data: { object_id: note.public_id, summary: { credit_note_of: one.public_id } } },
  ])
  const hidden = await get<{ data: unknown[] }>('/events?type=invoice.posted', payments)
  t.same(hidden.body.data, [], 'a key without invoices.read sees no invoice events')
})

t.test('a discount job is served as a discount line; the lines still add up to the totals', async (t) => {
  const discounted = await createTestShop(api.pool)
  await setTax(api.pool, discounted, 'Sales tax', '8.875')
  const reader = await createTestKey(api.pool, discounted, ['invoices.read'])
  const order = await readyOrder(api.pool, discounted, [
    ...brakeJob,
    { name: 'Loyalty', kind: 'discount', amount: '25.00' },
  ])
  const posted = await post(api.pool, discounted, order)
  const reply = await get<Invoice>(`/invoices/${posted.public_id}`, reader.key)
  t.equal(reply.status, 200)
  const lines = reply.body.lines ?? []
  t.same(
    lines.map((line) => [line.type, line.gross_amount, line.discount_alloc, line.tax_alloc, line.line_total]),
    [
      ['service', '180.00', '17.82', '15.98', '178.16'],
      ['part', '59.99', '5.94', '5.32', '59.37'],
      ['fee', '12.50', '1.24', '1.11', '12.37'],
      ['discount', '-25.00', '-25.00', '0.00', '0.00'],
    ],
  )
  t.match(reply.body.lines?.[3], {
    job_id: order.jobIds[2],
    description: 'Loyalty',
    quantity: '1',
    unit_price: '-25.00',
  })
  const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2)
  t.equal(sum(lines.map((line) => line.line_total)), reply.body.totals.total, 'line totals add up to the total')
  t.equal(
    new Decimal(sum(lines.filter((line) => line.type !== 'discount').map((line) => line.discount_alloc)))
      .negated()
      .toFixed(2),
    reply.body.totals.discounts,
    "the charged lines' discount_alloc carry the whole discount",
  )
  t.same(reply.body.discounts, [{ job_id: order.jobIds[2], description: 'Loyalty', amount: '25.00' }])
})
