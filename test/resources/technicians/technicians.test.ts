// GET /technicians and /technicians/{id} over real HTTP and Postgres. Technicians are made the way the
// shop makes them (the staff service, as `shopapi technicians create` does): the API only reads them.
import t from 'tap'
import { withTransaction } from '../../../src/db/pool.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import type { Technician } from '../../../src/resources/technicians/schema.js'
import { createTechnician, deactivateTechnician, updateTechnician } from '../../../src/resources/technicians/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)

interface TechnicianList {
  data: Technician[]
  has_more: boolean
  next_cursor: string | null
}

const staff = (shop: ShopRow) => ({ shopId: shop.id, integrationId: null })

async function addTechnicians(shop: ShopRow, names: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const name of names) {
    // created_at is kept to the millisecond and ties are ordered by id: two creates within one
    // millisecond (a quick machine) would make "newest first" differ from the order written here.
    await new Promise((resolve) => setTimeout(resolve, 2))
    const row = await withTransaction(api.pool, (tx) => createTechnician(tx, staff(shop), { name }))
    ids.push(row.public_id)
  }
  return ids
}

const get = <T>(path: string, key: string) => sendJson<T>(api, 'GET', `/v1${path}`, key)

t.test('the list pages newest first with limit, without loss or repeat, and filters by active', async (t) => {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['technicians.read'])
  const ids = await addTechnicians(shop, ['Ana', 'Ben', 'Cy', 'Dee', 'Eli'])
  await withTransaction(api.pool, (tx) => deactivateTechnician(tx, staff(shop), ids[1] as string))
  const other = await createTestShop(api.pool)
  await addTechnicians(other, ['Elsewhere'])

  const seen: string[] = []
  let path = '/technicians?limit=2'
  for (let pages = 0; pages < 5; pages++) {
    const reply = await get<TechnicianList>(path, key)
    t.equal(reply.status, 200)
    t.ok(reply.body.data.length <= 2, 'at most limit items')
    seen.push(...reply.body.data.map((technician) => technician.id))
    if (!reply.body.has_more) break
    path = `/technicians?limit=2&cursor=${encodeURIComponent(reply.body.next_cursor as string)}`
  }
  t.same(seen, [...ids].reverse(), "every technician of the shop once, newest first, none of another shop's")

  const first = (await get<TechnicianList>('/technicians?limit=1', key)).body.data[0]
  t.match(first, {
    id: ids[4],
    object: 'technician',
    name: 'Eli',
    email: null,
    active: true,
    daily_capacity: null,
    version: 1,
  })

  const active = await get<TechnicianList>('/technicians?active=true', key)
  t.same(
    active.body.data.map((technician) => technician.name),
    ['Eli', 'Dee', 'Cy', 'Ana'],
    'active=true leaves out the deactivated one',
  )
  const inactive = await get<TechnicianList>('/technicians?active=false', key)
  t.same(
    inactive.body.data.map((technician) => [technician.name, technician.active, technician.version]),
    [['Ben', false, 2]],
    'active=false lists only it; deactivating moved its version',
  )
  assertError(t, await get('/technicians?active=yes', key), 400, 'invalid_request', 'active')
})

t.test('get: the technician, 404 for an unknown or foreign id, invalid_id for another kind', async (t) => {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['technicians.read'])
  const [id] = await addTechnicians(shop, ['Gil'])
  await withTransaction(api.pool, (tx) => updateTechnician(tx, staff(shop), id as string, { daily_capacity: 7 }))
  const reply = await get<Technician>(`/technicians/${id}`, key)
  t.equal(reply.status, 200)
  t.match(reply.body, { id, object: 'technician', name: 'Gil', active: true, daily_capacity: 7, version: 2 })

  const other = await createTestShop(api.pool)
  const [foreign] = await addTechnicians(other, ['Hal'])
  assertError(t, await get(`/technicians/${foreign}`, key), 404, 'not_found', 'public_id')
  assertError(t, await get('/technicians/tech_0000000000000000000000', key), 404, 'not_found', 'public_id')
  assertError(t, await get('/technicians/cus_0000000000000000000000', key), 400, 'invalid_id', 'public_id')
})

t.test('a key without technicians.read is 403 on the list and the get', async (t) => {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['customers.read'])
  const [id] = await addTechnicians(shop, ['Ivy'])
  assertError(t, await get('/technicians', key), 403, 'insufficient_scope')
  assertError(t, await get(`/technicians/${id}`, key), 403, 'insufficient_scope')
})
