// Jobs over a real socket and a real database: get, redaction, labor and parts lists, the actions and
// their workflow, concurrency and idempotency. Repair orders are written with SQL (fixtures).
import { randomUUID } from 'node:crypto'
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { Scope } from '../../../src/lib/scopes.js'
import { JobCreateSchema } from '../../../src/resources/jobs/schema.js'
import { addLabor, addPart, decideJob, pauseJob } from '../../../src/resources/jobs/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, type Reply, sendJson } from '../../helpers/http.js'
import {
  addJob,
  createCannedJob,
  createInventoryItem,
  createRepairOrder,
  createTechnician,
  quantityReserved,
  repairOrderTotals,
  setTaxRate,
  staff,
} from './fixtures.js'

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
await setTaxRate(api.pool, shop, '0.0825')

interface JobJson {
  id: string
  object: string
  repair_order_id: string
  name: string
  kind: string
  decision_state: string
  execution_state: string
  available_actions: string[]
  canned_job_id: string | null
  technician_id: string | null
  labor_hours: string | null
  taxable: boolean
  started_at: string | null
  completed_at: string | null
  pricing: Record<string, string> | null
  redacted_fields: string[]
  version: number
}

interface EntryJson {
  id: string
  object: string
  job_id: string
  pricing: Record<string, string> | null
  cost?: { currency: string; unit_cost: { amount: string } | null } | null
  redacted_fields: string[]
  quantity?: string
  hours?: string
  inventory_item_id?: string | null
}

interface ListJson {
  data: EntryJson[]
  has_more: boolean
  next_cursor: string | null
}

interface ErrorJson {
  error: { code: string; message: string; blockers: { type: string; reason: string }[] }
}

const keyWith = async (scopes: Scope[]) => (await createTestKey(api.pool, shop, scopes)).key
const reader = await keyWith(['repair_orders.read'])
const pricingReader = await keyWith(['repair_orders.read', 'pricing.read'])
const fullReader = await keyWith(['repair_orders.read', 'pricing.read', 'inventory.cost.read', 'jobs.actions'])
const actor = await keyWith(['repair_orders.read', 'jobs.actions'])
const otherActor = await keyWith(['repair_orders.read', 'jobs.actions'])
const eventReader = await keyWith(['repair_orders.read'])

const get = <T>(path: string, key: string) => sendJson<T>(api, 'GET', `/v1${path}`, key)
const act = <T = JobJson>(id: string, action: string, key: string, idempotencyKey: string | null = randomUUID()) =>
  sendJson<T>(api, 'POST', `/v1/jobs/${id}/${action}`, key, { idempotencyKey })
const decide = (id: string, decision: string) =>
  withTransaction(api.pool, (tx) => decideJob(tx, staff(shop), id, decision))

const jobFields = [
  'available_actions',
  'canned_job_id',
  'completed_at',
  'created_at',
  'decision_state',
  'description',
  'execution_state',
  'id',
  'kind',
  'labor_hours',
  'name',
  'object',
  'pricing',
  'redacted_fields',
  'repair_order_id',
  'started_at',
  'taxable',
  'technician_id',
  'updated_at',
  'version',
]

t.test('a job is read with its pricing, or with pricing redacted', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Front brakes', description: null })
  await withTransaction(api.pool, async (tx) => {
    await addLabor(tx, staff(shop), row.public_id, { hours: '1.5', rate: '120.00' })
    await addPart(tx, staff(shop), row.public_id, {
      partNumber: 'BP-1',
      description: 'Brake pads',
      quantity: '2',
      price: '45.50',
    })
  })

  const plain = await get<JobJson>(`/jobs/${row.public_id}`, reader)
  t.equal(plain.status, 200)
  t.same(Object.keys(plain.body).sort(), jobFields, 'exactly the fields of a job; no parts or labor embedded')
  t.match(plain.body, {
    id: row.public_id,
    object: 'job',
    repair_order_id: order.public_id,
    name: 'Front brakes',
    kind: 'service',
    decision_state: 'pending',
    execution_state: 'not_started',
    available_actions: [],
    labor_hours: '1.50',
    taxable: true,
    pricing: null,
    redacted_fields: ['/pricing'],
  })

  const priced = await get<JobJson>(`/jobs/${row.public_id}`, pricingReader)
  t.same(priced.body.redacted_fields, [])
  t.same(priced.body.pricing, {
    currency: 'USD',
    labor: '180.00',
    parts: '91.00',
    fees: '0.00',
    discounts: '0.00',
    subtotal: '271.00',
    // 271.00 × 0.0825 = 22.3575, half-up to the cent.
    tax: '22.36',
    total: '293.36',
  })
  t.same(
    await repairOrderTotals(api.pool, order),
    {
      labor_total: '180.00',
      parts_total: '91.00',
      fees_total: '0.00',
      discounts_total: '0.00',
      subtotal: '271.00',
      tax_total: '22.36',
      total: '293.36',
    },
    "the repair order's totals are its pending job's",
  )

  await decide(row.public_id, 'declined')
  t.equal((await repairOrderTotals(api.pool, order)).total, '0.00', 'a declined job no longer counts')
  await decide(row.public_id, 'pending')
  t.equal((await repairOrderTotals(api.pool, order)).total, '293.36', 'back to pending, it counts again')
})

t.test('fee, discount and tax-exempt orders price to the cent', async (t) => {
  const order = await createRepairOrder(api.pool, shop, { taxExempt: true })
  const fee = await addJob(api.pool, shop, order, { name: 'Shop supplies', kind: 'fee', amount: '12.34' })
  const discount = await addJob(api.pool, shop, order, { name: 'Loyalty', kind: 'discount', amount: '10.00' })
  const fetched = await get<JobJson>(`/jobs/${fee.public_id}`, pricingReader)
  t.match(fetched.body.pricing, { fees: '12.34', subtotal: '12.34', tax: '0.00', total: '12.34' })
  const off = await get<JobJson>(`/jobs/${discount.public_id}`, pricingReader)
  t.match(off.body.pricing, { discounts: '-10.00', total: '-10.00' })
  t.match(await repairOrderTotals(api.pool, order), { fees_total: '12.34', discounts_total: '-10.00', total: '2.34' })
})

t.test('a job from a canned job copies its labor and parts and reserves the inventory', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const technician = await createTechnician(api.pool, shop)
  const item = await createInventoryItem(api.pool, shop, {
    partNumber: `OF-${randomUUID().slice(0, 8)}`,
    name: 'Oil filter',
    unitPrice: '9.99',
    unitCost: '4.10',
  })
  const canned = await createCannedJob(api.pool, shop, {
    name: 'Oil change',
    hours: '0.5',
    rate: '100.00',
    itemPublicId: item,
    parts: [
      { description: null, quantity: '1', unitPrice: null, unitCost: null },
      { description: 'Oil 5W-30', quantity: '4.5', unitPrice: '6.00', unitCost: '3.00' },
    ],
  })
  const row = await addJob(api.pool, shop, order, { canned_job_id: canned, technician_id: technician })
  const job = await get<JobJson>(`/jobs/${row.public_id}`, pricingReader)
  t.match(job.body, {
    name: 'Oil change',
    canned_job_id: canned,
    technician_id: technician,
    labor_hours: '0.50',
    version: 1,
    pricing: { labor: '50.00', parts: '36.99', subtotal: '86.99', tax: '7.18', total: '94.17' },
  })
  const parts = await get<ListJson>(`/jobs/${row.public_id}/parts`, fullReader)
  t.equal(parts.body.data.length, 2)
  const filter = parts.body.data.find((part) => part.inventory_item_id === item)
  t.match(filter, {
    quantity: '1',
    pricing: { unit_price: '9.99', amount: '9.99' },
    cost: { unit_cost: { amount: '4.10' } },
  })
  t.equal(await quantityReserved(api.pool, item), '1.000', "the item's reserved quantity grew by the part's")
  const labor = await get<ListJson>(`/jobs/${row.public_id}/labor`, fullReader)
  t.match(labor.body.data, [{ hours: '0.50', pricing: { rate: '100.00', amount: '50.00' } }])
})

t.test('job.created is recorded with a summary free of pricing', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Alignment' })
  const events = await get<{ data: { type: string; data: { object_id: string; summary: Record<string, unknown> } }[] }>(
    '/events?type=job.created',
    eventReader,
  )
  const created = events.body.data.find((event) => event.data.object_id === row.public_id)
  t.same(created?.data.summary, {
    repair_order_id: order.public_id,
    name: 'Alignment',
    kind: 'service',
    decision_state: 'pending',
    execution_state: 'not_started',
  })
})

t.test('labor and parts lists redact with the pointers of the spec', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Tires' })
  await withTransaction(api.pool, async (tx) => {
    await addLabor(tx, staff(shop), row.public_id, { hours: '1', rate: '80.00' })
    await addPart(tx, staff(shop), row.public_id, {
      description: 'Tire',
      quantity: '4',
      price: '120.00',
      cost: '80.00',
    })
  })
  const labor = await get<ListJson>(`/jobs/${row.public_id}/labor`, reader)
  t.equal(labor.body.data[0]?.pricing, null)
  t.same(labor.body.data[0]?.redacted_fields, ['/data/*/pricing'])
  const parts = await get<ListJson>(`/jobs/${row.public_id}/parts`, reader)
  t.equal(parts.body.data[0]?.pricing, null)
  t.equal(parts.body.data[0]?.cost, null)
  t.same(parts.body.data[0]?.redacted_fields.sort(), ['/data/*/cost', '/data/*/pricing'])
  const priceOnly = await get<ListJson>(`/jobs/${row.public_id}/parts`, pricingReader)
  t.same(priceOnly.body.data[0]?.redacted_fields, ['/data/*/cost'])
  t.same(priceOnly.body.data[0]?.pricing, { currency: 'USD', unit_price: '120.00', amount: '480.00' })
  const all = await get<ListJson>(`/jobs/${row.public_id}/parts`, fullReader)
  t.same(all.body.data[0]?.redacted_fields, [])
  t.same(all.body.data[0]?.cost, {
    currency: 'USD',
    unit_cost: { amount: '80.00', currency: 'USD' },
    average_cost: null,
  })
})

t.test('labor and parts page with limit 7 without loss or repeat, while entries are added', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Big job' })
  const expected = { labor: new Set<string>(), parts: new Set<string>() }
  const addEntries = (count: number) =>
    withTransaction(api.pool, async (tx) => {
      for (let index = 0; index < count; index++) {
        const labor = await addLabor(tx, staff(shop), row.public_id, { hours: '0.25', rate: '100.00' })
        expected.labor.add(labor.entry.public_id)
        const part = await addPart(tx, staff(shop), row.public_id, {
          description: `Bolt ${index}`,
          quantity: '1',
          price: '0.10',
        })
        expected.parts.add(part.entry.public_id)
      }
    })
  await addEntries(32)
  const before = { labor: new Set(expected.labor), parts: new Set(expected.parts) }
  for (const kind of ['labor', 'parts'] as const) {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const reply: Reply<ListJson> = await get<ListJson>(
        `/jobs/${row.public_id}/${kind}?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        reader,
      )
      t.equal(reply.status, 200)
      t.ok(reply.body.data.length <= 7)
      seen.push(...reply.body.data.map((entry) => entry.id))
      cursor = reply.body.next_cursor
      pages += 1
      // New entries arrive while the client pages: newest first, they sort before its cursor.
      if (pages === 2) await addEntries(3)
    } while (cursor)
    t.equal(new Set(seen).size, seen.length, `${kind}: no entry repeats`)
    t.ok(
      [...before[kind]].every((id) => seen.includes(id)),
      `${kind}: every entry that existed when paging began is seen`,
    )
  }
  const job = await get<JobJson>(`/jobs/${row.public_id}`, pricingReader)
  t.match(job.body.pricing, { labor: '950.00', parts: '3.80' }, '38 × 0.25 h × 100.00 and 38 × 0.10')
  const other = await addJob(api.pool, shop, order, { name: 'Other' })
  const firstPage = await get<ListJson>(`/jobs/${row.public_id}/labor?limit=7`, reader)
  const foreign = await get<ErrorJson>(`/jobs/${other.public_id}/labor?cursor=${firstPage.body.next_cursor}`, reader)
  assertError(t, foreign, 400, 'invalid_cursor')
})

t.test('actions: absent for a pending job and for a key without jobs.actions; 409 when forced', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Diagnosis' })
  const pending = await get<JobJson>(`/jobs/${row.public_id}`, actor)
  t.same(pending.body.available_actions, [])
  const forced = await act<ErrorJson>(row.public_id, 'start', actor)
  assertError(t, forced, 409, 'conflict')
  t.match(forced.body.error.blockers, [{ type: 'job', reason: 'not_authorized' }])
  const forcedComplete = await act<ErrorJson>(row.public_id, 'complete', actor)
  t.match(forcedComplete.body.error.blockers, [{ reason: 'not_authorized' }])

  await decide(row.public_id, 'authorized')
  const authorized = await get<JobJson>(`/jobs/${row.public_id}`, actor)
  t.same(authorized.body.available_actions, ['start', 'unable_to_complete'])
  const readOnly = await get<JobJson>(`/jobs/${row.public_id}`, reader)
  t.same(readOnly.body.available_actions, [], 'a key without jobs.actions sees none')
  assertError(t, await act(row.public_id, 'start', reader), 403, 'insufficient_scope')
  assertError(t, await act(row.public_id, 'start', actor, null), 400, 'idempotency_key_required')
  const notYet = await act<ErrorJson>(row.public_id, 'complete', actor)
  assertError(t, notYet, 409, 'conflict')
  t.match(notYet.body.error.blockers, [{ type: 'job', reason: 'state_not_started' }])
})

t.test('start, pause, start, complete: states, instants and events', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Timing belt' })
  await decide(row.public_id, 'authorized')
  const started = await act(row.public_id, 'start', actor)
  t.equal(started.status, 200)
  t.match(started.body, { execution_state: 'in_progress', available_actions: ['complete', 'unable_to_complete'] })
  t.type(started.body.started_at, 'string')
  t.equal(started.body.completed_at, null)

  const paused = await withTransaction(api.pool, (tx) => pauseJob(tx, staff(shop), row.public_id))
  t.equal(paused.execution_state, 'paused')
  const resumed = await act(row.public_id, 'start', actor)
  t.equal(resumed.body.execution_state, 'in_progress')
  t.equal(resumed.body.started_at, started.body.started_at, 'started_at is the first start')

  const completed = await act(row.public_id, 'complete', actor)
  t.match(completed.body, { execution_state: 'completed', available_actions: [] })
  t.type(completed.body.completed_at, 'string')
  const again = await act<ErrorJson>(row.public_id, 'complete', actor)
  t.match(again.body.error.blockers, [{ reason: 'state_completed' }])
  await t.rejects(decide(row.public_id, 'cancelled'), { code: 'conflict' }, 'work done is not cancelled')

  const { rows } = await api.pool.query<{ summary: Record<string, string> }>(
    `select summary from events where object_id = $1::text and type = 'job.status_changed' order by created_at, id`,
    [row.public_id],
  )
  const summaries = rows.map((event) => event.summary)
  t.same(summaries.at(0), {
    repair_order_id: order.public_id,
    decision_state: 'authorized',
    previous_decision_state: 'pending',
    execution_state: 'not_started',
  })
  t.same(
    summaries.slice(1).map((summary) => [summary.previous_execution_state, summary.execution_state]),
    [
      ['not_started', 'in_progress'],
      ['in_progress', 'paused'],
      ['paused', 'in_progress'],
      ['in_progress', 'completed'],
    ],
  )
  t.same(summaries.at(-1), {
    repair_order_id: order.public_id,
    decision_state: 'authorized',
    execution_state: 'completed',
    previous_execution_state: 'in_progress',
  })
})

t.test('two keys start one job at once: one 200, one 409', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Race' })
  await decide(row.public_id, 'authorized')
  const replies = await Promise.all([act(row.public_id, 'start', actor), act(row.public_id, 'start', otherActor)])
  t.same(replies.map((reply) => reply.status).sort(), [200, 409])
  const { rows } = await api.pool.query(
    `select 1 from events where object_id = $1::text and summary->>'execution_state' = 'in_progress'`,
    [row.public_id],
  )
  t.equal(rows.length, 1, 'one job.status_changed for one start')
})

t.test('an Idempotency-Key replays the start', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Replay' })
  await decide(row.public_id, 'authorized')
  const key = randomUUID()
  const first = await act(row.public_id, 'start', actor, key)
  const second = await act(row.public_id, 'start', actor, key)
  t.equal(first.status, 200)
  t.equal(second.status, 200)
  t.equal(second.text, first.text, 'the same body')
})

t.test('decisions: impossible moves are refused naming the allowed ones', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Wipers' })
  await decide(row.public_id, 'declined')
  await t.rejects(decide(row.public_id, 'authorized'), { code: 'conflict', message: /allowed: pending/ })
  await decide(row.public_id, 'pending')
  await decide(row.public_id, 'deferred')
  const authorized = await decide(row.public_id, 'authorized')
  t.equal(authorized.decision_state, 'authorized')
  const unable = await act(row.public_id, 'unable-to-complete', actor)
  t.equal(unable.body.execution_state, 'unable_to_complete')
})

t.test('an internal state outside the contract shows as unknown, with no actions', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Odd' })
  await api.pool.query(`update jobs set decision_state = 'on_hold' where id = $1::uuid`, [row.id])
  const job = await get<JobJson>(`/jobs/${row.public_id}`, actor)
  t.match(job.body, { decision_state: 'unknown', available_actions: [] })
})

t.test('ids: wrong kind, unknown, other shop', async (t) => {
  assertError(t, await get(`/jobs/cus_abc`, reader), 400, 'invalid_id')
  assertError(t, await get(`/jobs/job_doesnotexist/labor`, reader), 404, 'not_found')
  const otherShop = await createTestShop(api.pool)
  const order = await createRepairOrder(api.pool, otherShop)
  const row = await addJob(api.pool, otherShop, order, { name: 'Theirs' })
  assertError(t, await get(`/jobs/${row.public_id}`, reader), 404, 'not_found')
  assertError(t, await act(row.public_id, 'start', actor), 404, 'not_found')
})

t.test('a job of a cancelled repair order cannot be worked', async (t) => {
  const order = await createRepairOrder(api.pool, shop)
  const row = await addJob(api.pool, shop, order, { name: 'Too late' })
  await decide(row.public_id, 'authorized')
  await api.pool.query(`update repair_orders set state = 'cancelled' where id = $1::uuid`, [order.id])
  const job = await get<JobJson>(`/jobs/${row.public_id}`, actor)
  t.same(job.body.available_actions, [])
  const refused = await act<ErrorJson>(row.public_id, 'start', actor)
  assertError(t, refused, 409, 'conflict')
  t.match(refused.body.error.blockers, [{ type: 'repair_order', reason: 'state_cancelled' }])
  await t.rejects(
    withTransaction(api.pool, (tx) => addLabor(tx, staff(shop), row.public_id, { hours: '1', rate: '1' })),
    { code: 'conflict', message: /is cancelled: adding labor is refused/ },
    'nor repriced by a new line',
  )
})

t.test('the create body: name unless a canned job, amount exactly for fees and discounts', async (t) => {
  const issues = (body: unknown) =>
    (JobCreateSchema.safeParse(body).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  t.same(issues({ name: 'Brakes' }), [])
  t.same(issues({ canned_job_id: 'cj_abc' }), [], 'a canned job names the job')
  t.match(issues({}), ['name: is required unless canned_job_id is given'])
  t.match(issues({ name: 'Fee', kind: 'fee' }), ['amount: is required for a fee job'])
  t.match(issues({ name: 'Brakes', amount: '10.00', kind: 'service' }), ['amount: is only for fee and discount jobs'])
  t.match(issues({ name: 'Off', kind: 'discount', amount: '0.00' }), ['amount: must be more than 0.00'])
  t.match(issues({ name: 'Off', kind: 'discount', amount: '1.005' }), [/amount: must be a decimal string/])
  t.match(issues({ name: 'Brakes', price: '1' }), [/Unrecognized key/])
  t.match(issues({ name: 'x'.repeat(201) }), ['name: must be at most 200 characters'])
})
