// Canned jobs over a real socket and database: filters, embedded parts, pricing and cost redaction
// by scope with the spec's exact pointers, pagination and ids.
import t from 'tap'
import {
  CannedJobImportLineSchema,
  cannedJobsFromRecords,
  importCannedJobs,
} from '../../../src/resources/canned-jobs/import.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)

interface PartJson {
  part_number: string | null
  quantity: string | null
  pricing: { unit_price: string | null; amount: string | null } | null
  cost: { unit_cost: { amount: string } | null } | null
  redacted_fields: string[]
}

interface JobJson {
  id: string
  object: string
  code: string
  category: string | null
  default_hours: string | null
  active: boolean
  pricing: { currency: string; labor_rate: string | null; labor: string; parts: string; total: string } | null
  parts: PartJson[]
  redacted_fields: string[]
}

interface ListJson {
  data: JobJson[]
  next_cursor: string | null
}

const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, ['canned_jobs.read'])
const { key: fullKey } = await createTestKey(api.pool, shop, [
  'canned_jobs.read',
  'pricing.read',
  'inventory.cost.read',
])

const lines = [
  {
    code: 'OIL',
    name: 'Oil change',
    category: 'Maintenance',
    default_hours: '0.5',
    labor_rate: '120',
    parts: [
      { part_number: 'OIL-5W30', description: 'Oil', quantity: '4.5', unit_price: '8.99', unit_cost: '4.10' },
      { part_number: 'FLT-1', description: 'Filter', unit_price: '12.00' },
    ],
  },
  { code: 'ROT', name: 'Tire rotation', category: 'maintenance', default_hours: '0.75', labor_rate: '99.99' },
  { code: 'DIAG', name: 'Diagnosis', default_hours: '1', active: false },
]
const records = lines.map((line, index) => ({ line: index + 1, value: CannedJobImportLineSchema.parse(line) }))
const grouped = cannedJobsFromRecords('ndjson', records)
const client = await api.pool.connect()
try {
  await client.query('begin')
  const report = await importCannedJobs(client, { shopId: shop.id, integrationId: null }, grouped.jobs)
  await client.query('commit')
  t.equal(report.created, 3)
} finally {
  client.release()
}

const list = (query: string, withKey = key) => sendJson<ListJson>(api, 'GET', `/v1/canned-jobs${query}`, withKey)
const codes = (body: ListJson) => body.data.map((job) => job.code).sort()

t.test('pricing and costs with pricing.read and inventory.cost.read', async (t) => {
  const oil = (await list('?q=oil%20change', fullKey)).body.data[0]
  t.ok(oil)
  if (!oil) return
  t.same(oil.pricing, { currency: 'USD', labor_rate: '120.00', labor: '60.00', parts: '52.46', total: '112.46' })
  t.equal(oil.default_hours, '0.50')
  t.same(oil.redacted_fields, [])
  t.same(
    oil.parts.map((part) => [
      part.part_number,
      part.quantity,
      part.pricing?.amount,
      part.cost?.unit_cost?.amount ?? null,
    ]),
    [
      ['OIL-5W30', '4.5', '40.46', '4.10'],
      ['FLT-1', null, '12.00', null],
    ],
    '4.5 × 8.99 = 40.455 rounds half-up; a missing quantity counts as one',
  )
})

t.test('without the scopes: null pricing and costs, the spec pointers listed', async (t) => {
  const oil = (await list('?q=oil%20change')).body.data[0]
  if (!oil) return t.fail('no oil change')
  t.equal(oil.pricing, null)
  t.same(oil.redacted_fields.sort(), ['/data/*/parts/*/cost', '/data/*/parts/*/pricing', '/data/*/pricing'])
  for (const part of oil.parts) {
    t.equal(part.pricing, null)
    t.equal(part.cost, null)
    t.same(part.redacted_fields.sort(), ['/data/*/parts/*/cost', '/data/*/parts/*/pricing'])
  }
  const get = await sendJson<JobJson>(api, 'GET', `/v1/canned-jobs/${oil.id}`, key)
  t.equal(get.status, 200)
  t.same(get.body.redacted_fields.sort(), ['/parts/*/cost', '/parts/*/pricing', '/pricing'])
  t.same(get.body.parts[0]?.redacted_fields.sort(), ['/parts/*/cost', '/parts/*/pricing'])
  const { key: pricingOnly } = await createTestKey(api.pool, shop, ['canned_jobs.read', 'pricing.read'])
  const priced = await sendJson<JobJson>(api, 'GET', `/v1/canned-jobs/${oil.id}`, pricingOnly)
  t.equal(priced.body.pricing?.total, '112.46')
  t.same(priced.body.redacted_fields, ['/parts/*/cost'])
  t.equal(priced.body.parts[0]?.cost, null)
  t.equal(priced.body.parts[0]?.pricing?.unit_price, '8.99')
})

t.test('filters', async (t) => {
  t.same(codes((await list('?category=MAINTENANCE')).body), ['OIL', 'ROT'], 'category is case-insensitive')
  t.same(codes((await list('?category=')).body), ['DIAG'], 'empty category: jobs without one')
  t.same(codes((await list('?category=Maint')).body), [], 'exact, not a prefix')
  assertError(t, await list(`?category=${'c'.repeat(101)}`), 400, 'invalid_request', 'category')
  t.same(codes((await list(`?category=${'c'.repeat(100)}`)).body), [], '100 characters are accepted')
  t.same(codes((await list('?active=false')).body), ['DIAG'])
  t.same(codes((await list('?active=true')).body), ['OIL', 'ROT'])
  assertError(t, await list('?active=yes'), 400, 'invalid_request', 'active')
  t.same(codes((await list('?q=ROTATION')).body), ['ROT'])
  t.same(codes((await list('?q=ro')).body), ['ROT'], 'two characters are enough')
  assertError(t, await list('?q=r'), 400, 'invalid_request', 'q')
  assertError(t, await list(`?q=${'r'.repeat(101)}`), 400, 'invalid_request', 'q')
  t.same(codes((await list(`?q=${'r'.repeat(100)}`)).body), [])
})

t.test('pagination, ids and scopes', async (t) => {
  const seen: string[] = []
  let cursor: string | null = null
  do {
    const reply: { status: number; body: ListJson } = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
    seen.push(...reply.body.data.map((job) => job.code))
    cursor = reply.body.next_cursor
  } while (cursor)
  t.same(seen.sort(), ['DIAG', 'OIL', 'ROT'])
  assertError(t, await sendJson(api, 'GET', '/v1/canned-jobs/item_abc', key), 400, 'invalid_id')
  assertError(t, await sendJson(api, 'GET', '/v1/canned-jobs/cj_missing', key), 404, 'not_found')
  const { key: inventoryKey } = await createTestKey(api.pool, shop, ['inventory.read'])
  assertError(t, await list('', inventoryKey), 403, 'insufficient_scope')
})
