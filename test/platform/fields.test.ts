// The list kit's lifecycle filter (src/platform/fields.ts) as a syncing client meets it (spec "Sync
// guidance" 3: archives and merges appear as updates): for every list the document gives a
// `lifecycle` parameter, a crawl with `updated_after` and no `lifecycle` lists the records archived
// and merged since, as a browsing list (no `updated_after`) does not. One app, one shop per resource.
import t from 'tap'
import { withTransaction } from '../../src/db/pool.js'
import type { Actor } from '../../src/platform/events.js'
import { mergeCustomers } from '../../src/resources/customers/service.js'
import { mergeVehicles } from '../../src/resources/vehicles/service.js'
import { createTestShopWithKey, startTestApp } from '../helpers/app.js'
import { jsonClient } from '../helpers/http.js'

const api = await startTestApp(t)
const send = jsonClient(api)

interface Item {
  id: string
  updated_at: string
  archived: boolean
  merged_into: string | null
}
interface List {
  data: Item[]
  has_more: boolean
}

/** How each archivable resource makes three records (kept, to archive, to merge) and merges one. */
const archivable: Record<string, { create: (key: string) => Promise<Item>; merge: typeof mergeCustomers }> = {
  '/customers': {
    create: async (key) =>
      (await send<Item>('POST', '/customers', key, { body: { first_name: 'A', last_name: 'B' } })).body,
    merge: mergeCustomers,
  },
  '/vehicles': {
    create: async (key) => {
      const owner = await send<Item>('POST', '/customers', key, { body: { first_name: 'C', last_name: 'D' } })
      return (await send<Item>('POST', '/vehicles', key, { body: { customer_id: owner.body.id, make: 'Ford' } })).body
    },
    merge: mergeVehicles as unknown as typeof mergeCustomers,
  },
}

const document = (await (await api.request('/v1/openapi.json')).json()) as {
  paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }>
}
const withLifecycle = Object.entries(document.paths)
  .filter(([, item]) => item.get?.parameters?.some((parameter) => parameter.name === 'lifecycle'))
  .map(([path]) => path)

t.test('every list with lifecycle is covered here, and its document says the sync default', async (t) => {
  t.same(withLifecycle.sort(), Object.keys(archivable).sort(), 'a new archivable list needs a case here')
  for (const path of withLifecycle) {
    const parameter = document.paths[path]?.get?.parameters?.find((p) => p.name === 'lifecycle')
    t.match(parameter?.description, /`all` when `updated_after` is given/, path)
  }
})

for (const path of withLifecycle) {
  t.test(`${path}: a crawl with updated_after sees archives and merges; browsing does not`, async (t) => {
    const resource = archivable[path]
    if (!resource) return
    const { shop, key } = await createTestShopWithKey(api.pool, [
      'customers.read',
      'customers.write',
      'vehicles.read',
      'vehicles.write',
    ])
    const kept = await resource.create(key)
    const archived = await resource.create(key)
    const merged = await resource.create(key)
    const since = kept.updated_at > merged.updated_at ? kept.updated_at : merged.updated_at
    const archive = await send('POST', `${path}/${archived.id}/archive`, key, { body: {} })
    t.equal(archive.status, 200, 'archived')
    const staff: Actor = { shopId: shop.id, integrationId: null }
    await withTransaction(api.pool, (tx) => resource.merge(tx, staff, merged.id, kept.id))

    const list = async (query: string) => {
      const reply = await send<List>('GET', `${path}?${query}`, key)
      t.equal(reply.status, 200, query)
      return reply.body.data
    }
    const crawl = await list(`sort=updated_at&updated_after=${encodeURIComponent(since)}`)
    const byId = new Map(crawl.map((item) => [item.id, item]))
    t.equal(byId.get(archived.id)?.archived, true, 'the archive appears as an update')
    t.equal(byId.get(merged.id)?.merged_into, kept.id, 'the merge appears, pointing at the survivor')
    t.ok(byId.has(kept.id), 'the survivor, changed by the merge, too')
    t.same(
      (await list(`sort=updated_at&updated_after=${encodeURIComponent(since)}&lifecycle=active`)).map((i) => i.id),
      [kept.id],
      'an explicit lifecycle still wins',
    )
    t.same(
      (await list('sort=updated_at')).map((item) => item.id),
      [kept.id],
      'browsing (no updated_after) lists active records only',
    )
  })
}
