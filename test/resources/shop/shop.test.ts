import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'

t.test("GET /v1/shop returns the key's own shop", async (t) => {
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool, { name: 'Main Street Auto', timezone: 'America/Denver', currency: 'CAD' })
  const other = await createTestShop(api.pool, { name: 'Other Shop' })
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])
  const { key: otherKey } = await createTestKey(api.pool, other, ['shop.read'])

  const response = await api.request('/v1/shop', { key })
  t.equal(response.status, 200)
  t.same(await response.json(), {
    id: shop.public_id,
    object: 'shop',
    name: 'Main Street Auto',
    timezone: 'America/Denver',
    currency: 'CAD',
    capabilities: { online_booking: true, tire_storage: false },
  })
  const otherShop = (await (await api.request('/v1/shop', { key: otherKey })).json()) as { id: string }
  t.equal(otherShop.id, other.public_id, 'a key only ever reaches its own shop')
  t.match(shop.public_id, /^shop_[0-9A-Za-z]+$/)
})
