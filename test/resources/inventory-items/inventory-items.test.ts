// Inventory items over a real socket and database: every filter with its range edges, tire sizes in
// their usual spellings, cost redaction by scope, pagination and ids.
import t from 'tap'
import type { Scope } from '../../../src/lib/scopes.js'
import { InventoryImportRowSchema, importInventoryItems } from '../../../src/resources/inventory-items/import.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)

interface ItemJson {
  id: string
  object: string
  part_number: string | null
  product_family: string
  quantity_on_hand: string
  quantity_available: string
  quantity_reserved: string
  active: boolean
  pricing: { currency: string; unit_price: string | null }
  cost: { currency: string; unit_cost: { amount: string; currency: string } | null; average_cost: unknown } | null
  tire: { size: string; width: number; aspect_ratio: number; rim_diameter: number; load_index: number | null } | null
  redacted_fields: string[]
}

interface ListJson {
  data: ItemJson[]
  has_more: boolean
  next_cursor: string | null
}

const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, ['inventory.read'])
const { key: costKey } = await createTestKey(api.pool, shop, ['inventory.read', 'inventory.cost.read'])

// The items, written by the staff import itself.
const fileRows = [
  {
    part_number: 'TIRE-1',
    name: 'Sport 225/45',
    tire_size: '225/45ZR17 94W',
    quantity_on_hand: '4',
    unit_price: '189.99',
    unit_cost: '120',
  },
  { part_number: 'TIRE-2', name: 'Touring', tire_size: 'P215/65R15', quantity_on_hand: '0', unit_price: '99.5' },
  { part_number: 'TIRE-3', name: 'Truck', tire_size: 'LT245/75R16', quantity_on_hand: '8' },
  { part_number: 'TIRE-4', name: 'Half rim', tire_size: '235/85R16.5', quantity_on_hand: '2' },
  {
    part_number: 'OIL-5W30',
    name: 'Oil 5W-30',
    product_family: 'fluid_supply',
    quantity_on_hand: '12.5',
    category: '50%_off',
  },
  { part_number: 'BAT-1', name: 'Battery', product_family: 'battery', quantity_on_hand: '3', active: false },
]
const rows = fileRows.map((row, index) => ({ line: index + 1, value: InventoryImportRowSchema.parse(row) }))
const client = await api.pool.connect()
// A refused row would throw: the counts say what was written.
let imported: { created: number; updated: number; unchanged: number }
try {
  await client.query('begin')
  imported = await importInventoryItems(client, { shopId: shop.id, integrationId: null }, rows)
  await client.query('commit')
} finally {
  client.release()
}
await api.pool.query(
  `update inventory_items set quantity_reserved = 3 where shop_id = $1::uuid and part_number = 'BAT-1'`,
  [shop.id],
)
// Asserted only once the set-up is done: tap ends a root test that has asserted and then sits idle
// with nothing queued, so an assertion followed by a slow await would end the file early.
t.same([imported.created, imported.updated, imported.unchanged], [6, 0, 0], 'six items imported')

const list = (query: string, withKey = key) => sendJson<ListJson>(api, 'GET', `/v1/inventory-items${query}`, withKey)
const partNumbers = (body: ListJson) => body.data.map((item) => item.part_number).sort()

t.test('an item as the spec shapes it; cost redacted without inventory.cost.read', async (t) => {
  const reply = await list('?part_number=tire-1')
  t.equal(reply.status, 200)
  const [item] = reply.body.data
  t.ok(item)
  if (!item) return
  t.equal(item.object, 'inventory_item')
  t.match(item.id, /^item_/)
  t.same(item.pricing, { currency: 'USD', unit_price: '189.99' }, 'pricing is visible to every reader')
  t.equal(item.cost, null)
  t.same(item.redacted_fields, ['/data/*/cost'])
  t.same(item.tire, {
    size: '225/45ZR17',
    width: 225,
    aspect_ratio: 45,
    rim_diameter: 17,
    construction: 'ZR',
    service_type: null,
    load_index: 94,
    speed_rating: 'W',
  })
  t.equal(item.quantity_on_hand, '4')

  const get = await sendJson<ItemJson>(api, 'GET', `/v1/inventory-items/${item.id}`, key)
  t.equal(get.body.cost, null)
  t.same(get.body.redacted_fields, ['/cost'])

  const withCost = await sendJson<ItemJson>(api, 'GET', `/v1/inventory-items/${item.id}`, costKey)
  t.same(withCost.body.cost, { currency: 'USD', unit_cost: { amount: '120.00', currency: 'USD' }, average_cost: null })
  t.same(withCost.body.redacted_fields, [])
  const listed = await list('?part_number=TIRE-1', costKey)
  t.same(listed.body.data[0]?.redacted_fields, [])
  t.equal(listed.body.data[0]?.cost?.unit_cost?.amount, '120.00')
})

t.test('tire sizes in their usual spellings find the same tires', async (t) => {
  for (const [size, expected] of [
    ['225/45R17', ['TIRE-1']],
    ['225/45ZR17 94W', ['TIRE-1']],
    ['P215/65R15', ['TIRE-2']],
    ['215/65R15', ['TIRE-2']],
    ['LT245/75R16', ['TIRE-3']],
    ['245/75R16 120/116S', ['TIRE-3']],
    ['235/85R16.5', ['TIRE-4']],
    ['205/55R16', []],
    // Flotation sizes (issue 25 item 8) are read, not refused; none is stocked here.
    ['31x10.50R15LT', []],
    ['33X12.50R20 114Q', []],
  ] as const) {
    const reply = await list(`?tire_size=${encodeURIComponent(size)}`)
    t.equal(reply.status, 200, size)
    t.same(partNumbers(reply.body), expected, size)
  }
  const bad = await list('?tire_size=225-R17')
  assertError(t, bad, 400, 'invalid_request', 'tire_size')
  t.match((bad.body as unknown as { error: { message: string } }).error.message, /225\/45R17/, 'names an example')
  assertError(t, await list(`?tire_size=${'2'.repeat(21)}`), 400, 'invalid_request', 'tire_size')
})

t.test('tire number filters and their range edges', async (t) => {
  t.same(partNumbers((await list('?tire_width=225')).body), ['TIRE-1'])
  t.same(partNumbers((await list('?tire_aspect_ratio=75')).body), ['TIRE-3'])
  t.same(partNumbers((await list('?tire_rim_diameter=16.5')).body), ['TIRE-4'])
  t.same(partNumbers((await list('?tire_rim_diameter=16')).body), ['TIRE-3'])
  t.same(partNumbers((await list('?tire_width=245&tire_aspect_ratio=75&tire_rim_diameter=16')).body), ['TIRE-3'])
  const edges: [string, string, number][] = [
    ['tire_width', '49', 400],
    ['tire_width', '50', 200],
    ['tire_width', '999', 200],
    ['tire_width', '1000', 400],
    ['tire_aspect_ratio', '9', 400],
    ['tire_aspect_ratio', '10', 200],
    ['tire_aspect_ratio', '99', 200],
    ['tire_aspect_ratio', '100', 400],
    ['tire_rim_diameter', '7.9', 400],
    ['tire_rim_diameter', '8', 200],
    ['tire_rim_diameter', '30', 200],
    ['tire_rim_diameter', '30.1', 400],
    ['tire_width', '+225', 400],
    ['tire_width', '0225', 400],
    ['tire_width', '2e2', 400],
    ['tire_width', '225.0', 400],
    ['tire_rim_diameter', '16.55', 400],
    ['tire_rim_diameter', '1e1', 400],
  ]
  for (const [name, value, status] of edges) {
    const reply = await list(`?${name}=${encodeURIComponent(value)}`)
    if (status === 200) t.equal(reply.status, 200, `${name}=${value} is accepted`)
    else assertError(t, reply, 400, 'invalid_request', name)
  }
})

t.test('part_number, product_family, in_stock, active, q', async (t) => {
  t.same(partNumbers((await list('?part_number=oil-5w30')).body), ['OIL-5W30'], 'case-insensitive')
  t.same(partNumbers((await list('?part_number=OIL')).body), [], 'exact, not a prefix')
  t.same(partNumbers((await list('?part_number=')).body), [], 'empty: items without a part number (none)')
  assertError(t, await list(`?part_number=${'x'.repeat(101)}`), 400, 'invalid_request', 'part_number')
  t.same(partNumbers((await list('?product_family=tire')).body), ['TIRE-1', 'TIRE-2', 'TIRE-3', 'TIRE-4'])
  t.same(partNumbers((await list('?product_family=battery')).body), ['BAT-1'])
  assertError(t, await list('?product_family=tyre'), 400, 'invalid_request', 'product_family')
  t.same(partNumbers((await list('?in_stock=false')).body), ['BAT-1', 'TIRE-2'], 'reserved stock is not in stock')
  t.same(partNumbers((await list('?in_stock=true&product_family=tire')).body), ['TIRE-1', 'TIRE-3', 'TIRE-4'])
  assertError(t, await list('?in_stock=1'), 400, 'invalid_request', 'in_stock')
  t.same(partNumbers((await list('?active=false')).body), ['BAT-1'])
  const battery = (await list('?part_number=BAT-1')).body.data[0]
  t.same([battery?.quantity_on_hand, battery?.quantity_reserved, battery?.quantity_available], ['3', '3', '0'])
  t.same(partNumbers((await list('?q=touring')).body), ['TIRE-2'])
  t.same(partNumbers((await list('?q=50%25_')).body), ['OIL-5W30'], '% and _ match literally')
  t.same(partNumbers((await list('?q=5%25')).body), [], '% is not a wildcard')
  assertError(t, await list('?q=a'), 400, 'invalid_request', 'q')
  assertError(t, await list(`?q=${'a'.repeat(101)}`), 400, 'invalid_request', 'q')
})

t.test('pages of 2 cover every item once', async (t) => {
  const seen: string[] = []
  let cursor: string | null = null
  do {
    const reply: { status: number; body: ListJson } = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
    t.equal(reply.status, 200)
    seen.push(...reply.body.data.map((item) => item.id))
    cursor = reply.body.next_cursor
  } while (cursor)
  t.equal(seen.length, 6)
  t.equal(new Set(seen).size, 6)
  assertError(t, await list('?cursor=nope.nope'), 400, 'invalid_cursor')
})

t.test('ids, other shops and scopes', async (t) => {
  assertError(t, await sendJson(api, 'GET', '/v1/inventory-items/cj_abc', key), 400, 'invalid_id')
  assertError(t, await sendJson(api, 'GET', '/v1/inventory-items/item_doesnotexist', key), 404, 'not_found')
  const other = await createTestShop(api.pool)
  const { key: otherKey } = await createTestKey(api.pool, other, ['inventory.read'])
  const item = (await list('?part_number=TIRE-1')).body.data[0]
  assertError(t, await sendJson(api, 'GET', `/v1/inventory-items/${item?.id}`, otherKey), 404, 'not_found')
  t.same((await list('', otherKey)).body.data, [], "another shop's list is its own")
  const scopes: Scope[] = ['canned_jobs.read']
  const { key: wrongKey } = await createTestKey(api.pool, shop, scopes)
  assertError(t, await list('', wrongKey), 403, 'insufficient_scope')
})
