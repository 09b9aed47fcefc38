// GET /appointments as an integrator syncs it: shop-local date range (both ends inclusive), status,
// customer, vehicle and technician filters, updated_after (strict), sort, and keyset pages with cursors
// bound to their query. Real HTTP, real Postgres.
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { startTestApp } from '../../helpers/app.js'
import { type AppointmentJson, appointmentFixtures, type ListJson } from '../../helpers/appointments.js'
import { assertError, type Reply, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t, { config: { rateLimit: { max: 100_000, windowSeconds: 60 } } })
const { setUpShop, addCustomer, book, patch, act, addTechnician } = appointmentFixtures(api)

const { shop, key, setupKey, customerId, vehicleId } = await setUpShop('America/Los_Angeles')
const other = await addCustomer(setupKey, 'Alan', 'Turing')
const technicianId = await addTechnician(shop.id, 'Sam Ortiz', null)

/** Books one appointment, then waits so the next write lands in a later millisecond. */
async function booked(body: Record<string, unknown>): Promise<AppointmentJson> {
  const reply = await book(key, body)
  if (reply.status !== 201) throw new Error(`booking failed: ${reply.text}`)
  await sleep(3)
  return reply.body
}

// Oldest first; each on a shop-local date of early June 2027.
const june1 = await booked({ customer_id: customerId, vehicle_id: vehicleId, date: '2027-06-01', time: '23:30' })
const june2 = await booked({ customer_id: customerId, date: '2027-06-02', time: '00:00', technician_id: technicianId })
const june3 = await booked({
  customer_id: other.customerId,
  vehicle_id: other.vehicleId,
  date: '2027-06-03',
  time: '12:00',
})
const june4 = await booked({
  customer_id: other.customerId,
  date: '2027-06-04',
  time: '08:00',
  technician_id: technicianId,
})
const june5 = await booked({ customer_id: customerId, vehicle_id: vehicleId, date: '2027-06-05', time: '17:00' })
const all = [june1, june2, june3, june4, june5]

// Another shop's appointment on the same dates never shows.
const elsewhere = await setUpShop('America/Los_Angeles')
await book(elsewhere.key, { customer_id: elsewhere.customerId, date: '2027-06-03', time: '12:00' })

async function listIds(query: string): Promise<string[]> {
  const reply = await sendJson<ListJson<AppointmentJson>>(api, 'GET', `/v1/appointments${query}`, key)
  if (reply.status !== 200) throw new Error(`GET /appointments${query}: ${reply.text}`)
  return reply.body.data.map((appointment) => appointment.id)
}

const idsOf = (...appointments: AppointmentJson[]) => appointments.map((appointment) => appointment.id)
const newestFirst = (...appointments: AppointmentJson[]) => idsOf(...appointments).reverse()

t.test('the list: newest first, every field, only this shop', async (t) => {
  const reply = await sendJson<ListJson<AppointmentJson>>(api, 'GET', '/v1/appointments', key)
  t.equal(reply.status, 200)
  t.same(Object.keys(reply.body).sort(), ['data', 'has_more', 'next_cursor', 'object'])
  t.match(reply.body, { object: 'list', has_more: false, next_cursor: null })
  t.same(
    reply.body.data.map((appointment) => appointment.id),
    newestFirst(...all),
  )
  t.same(reply.body.data.at(-1), june1, 'each item is the object a GET shows')
})

t.test('scheduled_date_from and scheduled_date_to: shop-local dates, both inclusive', async (t) => {
  t.same(
    await listIds('?scheduled_date_from=2027-06-02&scheduled_date_to=2027-06-04'),
    newestFirst(june2, june3, june4),
  )
  t.same(await listIds('?scheduled_date_from=2027-06-04'), newestFirst(june4, june5))
  t.same(await listIds('?scheduled_date_to=2027-06-01'), idsOf(june1), '23:30 on June 1 is June 1 in the shop')
  t.same(await listIds('?scheduled_date_from=2027-06-02&scheduled_date_to=2027-06-02'), idsOf(june2), 'one day')
  t.same(await listIds('?scheduled_date_from=2027-06-06'), [])
  const reversed = await sendJson(
    api,
    'GET',
    '/v1/appointments?scheduled_date_from=2027-06-04&scheduled_date_to=2027-06-03',
    key,
  )
  assertError(t, reversed, 400, 'invalid_request', 'scheduled_date_to')
  for (const bad of ['2027-06-31', '2027-6-1', '2027-06-01T00:00:00Z']) {
    assertError(
      t,
      await sendJson(api, 'GET', `/v1/appointments?scheduled_date_from=${encodeURIComponent(bad)}`, key),
      400,
      'invalid_request',
      'scheduled_date_from',
    )
  }
})

t.test('customer, vehicle, technician and status filters combine with AND', async (t) => {
  t.same(await listIds(`?customer=${customerId}`), newestFirst(june1, june2, june5))
  t.same(await listIds(`?customer=${other.customerId}`), newestFirst(june3, june4))
  t.same(await listIds(`?vehicle=${vehicleId}`), newestFirst(june1, june5))
  t.same(await listIds(`?technician=${technicianId}`), newestFirst(june2, june4))
  t.same(await listIds(`?technician=${technicianId}&customer=${other.customerId}`), idsOf(june4))
  t.same(await listIds(`?customer=${customerId}&scheduled_date_from=2027-06-02`), newestFirst(june2, june5))
  t.same(await listIds('?customer=cus_nobodyhere'), [], 'an unknown customer finds nothing')
  t.same(await listIds(`?customer=${elsewhere.customerId}`), [], "another shop's customer finds nothing")

  t.same(await listIds('?status=booked'), newestFirst(...all))
  t.same(await listIds('?status=cancelled'), [])
  assertError(t, await sendJson(api, 'GET', '/v1/appointments?status=gone', key), 400, 'invalid_request', 'status')
  assertError(t, await sendJson(api, 'GET', '/v1/appointments?colour=red', key), 400, 'invalid_request', 'colour')
})

t.test('updated_after is strict; sort=updated_at lists the latest change first', async (t) => {
  const changed = await patch(key, june2.id, { notes: 'Call first' })
  t.equal(changed.status, 200)
  await sleep(3)
  const cancelled = await act(key, june4.id, 'cancel', { reason: 'Sick' })
  t.equal(cancelled.status, 200)

  const since = encodeURIComponent(changed.body.updated_at)
  t.same(await listIds(`?updated_after=${since}`), idsOf(june4), 'strictly after: the change at that instant is out')
  const justBefore = encodeURIComponent(new Date(Date.parse(changed.body.updated_at) - 1).toISOString())
  t.same(await listIds(`?updated_after=${justBefore}&sort=updated_at`), [june4.id, june2.id])
  const offsetForm = encodeURIComponent(
    `${new Date(Date.parse(changed.body.updated_at) - 7 * 3_600_000).toISOString().slice(0, 23)}-07:00`,
  )
  t.same(await listIds(`?updated_after=${offsetForm}`), idsOf(june4), 'an explicit offset means the same instant')
  assertError(
    t,
    await sendJson(api, 'GET', '/v1/appointments?updated_after=2027-06-01T00:00:00', key),
    400,
    'invalid_request',
    'updated_after',
  )

  t.same(await listIds('?sort=updated_at'), [june4.id, june2.id, june5.id, june3.id, june1.id])
  t.same(await listIds('?sort=created_at'), newestFirst(...all), 'created_at ignores later changes')
  assertError(t, await sendJson(api, 'GET', '/v1/appointments?sort=date', key), 400, 'invalid_request', 'sort')
  t.same(await listIds('?status=cancelled'), idsOf(june4))
  t.same(await listIds('?status=booked'), newestFirst(june1, june2, june3, june5))
})

/** Follows next_cursor to the end, pages of `limit`. */
async function crawl(t: Test, query: string, limit: number): Promise<{ ids: string[]; sizes: number[] }> {
  const ids: string[] = []
  const sizes: number[] = []
  let cursor: string | null = null
  for (let page = 0; page < 50; page += 1) {
    const path: string = `/v1/appointments?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
    const reply: Reply<ListJson<AppointmentJson>> = await sendJson<ListJson<AppointmentJson>>(api, 'GET', path, key)
    t.equal(reply.status, 200, `page ${page + 1}`, { body: reply.body })
    ids.push(...reply.body.data.map((appointment) => appointment.id))
    sizes.push(reply.body.data.length)
    if (!reply.body.has_more) {
      t.equal(reply.body.next_cursor, null, 'the last page has no cursor')
      break
    }
    cursor = reply.body.next_cursor
  }
  return { ids, sizes }
}

t.test('pages: limit and cursor walk the list once, with its filters and sort', async (t) => {
  const plain = await crawl(t, '', 2)
  t.same(plain.sizes, [2, 2, 1])
  t.same(plain.ids, await listIds(''), 'the pages are the list, in order, without repeats')
  const filtered = await crawl(t, `&customer=${customerId}&sort=updated_at`, 1)
  t.same(filtered.ids, await listIds(`?customer=${customerId}&sort=updated_at`))
  t.same(filtered.sizes, [1, 1, 1])

  const first = await sendJson<ListJson<AppointmentJson>>(api, 'GET', '/v1/appointments?limit=2&status=booked', key)
  const cursor = encodeURIComponent(first.body.next_cursor ?? '')
  const otherQuery = await sendJson(api, 'GET', `/v1/appointments?limit=2&status=cancelled&cursor=${cursor}`, key)
  assertError(t, otherQuery, 400, 'invalid_cursor', 'cursor')
  for (const limit of ['0', '201', 'x']) {
    assertError(t, await sendJson(api, 'GET', `/v1/appointments?limit=${limit}`, key), 400, 'invalid_request', 'limit')
  }
})
