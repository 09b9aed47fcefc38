// GET /events?order=asc, the feed a sync keeps its place in (spec "Sync guidance" 4): oldest first from
// the start of the retained window, a cursor on every page (the last included) that later returns
// exactly the events committed since, each once, and commit order: an event whose transaction commits
// after a later one was read is still returned by the kept cursor. Real HTTP, real Postgres, and a
// second connection that holds a transaction open across a read.
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { canonicalJson, encodeCursor } from '../../../src/lib/cursors.js'
import type { Scope } from '../../../src/lib/scopes.js'
import { deriveSecrets, parseSecretKey } from '../../../src/lib/secrets.js'
import { recordEvents } from '../../../src/platform/events.js'
import { createTestKey, createTestShop, startTestApp, type TestApp } from '../../helpers/app.js'
import { assertError, jsonClient } from '../../helpers/http.js'
import { type EventJson, fakeResolver, type ListJson } from '../../helpers/webhooks.js'

const api: TestApp = await startTestApp(t, { resolver: fakeResolver() })
const call = jsonClient(api, { freshKeys: 'posts' })
const scopes: Scope[] = ['customers.read', 'customers.write']

const feedPage = (key: string, query: string) => call<ListJson<EventJson>>('GET', `/events?order=asc${query}`, key)

/** Every event after `cursor` (from the start without one), page by page; the cursor the last page gave. */
async function readFeed(t: Test, key: string, cursor: string | null, limit = 2) {
  const events: EventJson[] = []
  for (let pages = 0; pages < 50; pages++) {
    const reply = await feedPage(key, `&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    t.equal(reply.status, 200, 'feed page', { body: reply.body })
    events.push(...reply.body.data)
    t.type(reply.body.next_cursor, 'string', 'every feed page answers a cursor')
    cursor = reply.body.next_cursor
    if (!reply.body.has_more) return { events, cursor: cursor as string }
  }
  throw new Error('the feed did not end within 50 pages')
}

async function newShop() {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, scopes)
  const createCustomer = async (last_name: string) => {
    const reply = await call<{ id: string }>('POST', '/customers', key, { body: { first_name: 'Feed', last_name } })
    if (reply.status !== 201) throw new Error(`customer not created: ${reply.text}`)
    return reply.body.id
  }
  return { shop, key, createCustomer }
}

/**
 * Reads on from `cursor` until `count` events have come, as a polling client does. The feed's horizon
 * is the server's: a writing transaction of another test database on this server holds it back for
 * as long as it stays open, so an event may take a few polls to appear. Bounded in polls and time.
 */
async function feedUntil(t: Test, key: string, cursor: string, count: number) {
  const events: EventJson[] = []
  const deadline = Date.now() + 10_000
  for (let polls = 0; polls < 500 && Date.now() < deadline; polls++) {
    const read = await readFeed(t, key, cursor)
    events.push(...read.events)
    cursor = read.cursor
    if (events.length >= count) return { events, cursor }
    await sleep(20)
  }
  return { events, cursor }
}

const objectIds = (events: EventJson[]) => events.map((event) => event.data.object_id)

t.test('oldest first from the start; the last page keeps a cursor that returns exactly what came since', async (t) => {
  const { key, createCustomer } = await newShop()
  const empty = await readFeed(t, key, null)
  t.same(empty.events, [], 'an empty log: no events, and still a cursor to keep')
  const first = [await createCustomer('One'), await createCustomer('Two'), await createCustomer('Three')]
  const fromEmpty = await feedUntil(t, key, empty.cursor, 3)
  t.same(objectIds(fromEmpty.events), first, 'the cursor kept from an empty log returns the events since')

  const crawl = await feedUntil(t, key, '', 3)
  t.same(objectIds(crawl.events), first, 'a crawl from the start: every event once, oldest first, over pages')
  const caughtUp = await readFeed(t, key, crawl.cursor)
  t.same(caughtUp.events, [], 'nothing new: an empty page and a cursor')

  const later = [await createCustomer('Four'), await createCustomer('Five'), await createCustomer('Six')]
  const since = await feedUntil(t, key, caughtUp.cursor, 3)
  t.same(objectIds(since.events), later, 'the kept cursor returns exactly the events committed since, once each')
  t.same((await readFeed(t, key, since.cursor)).events, [], 'and then nothing again')

  const newestFirst = await call<ListJson<EventJson>>('GET', '/events?limit=50', key)
  t.same(objectIds(newestFirst.body.data), [...first, ...later].reverse(), 'the default stays newest first')
  t.equal(newestFirst.body.next_cursor, null, "the default list's last page has no cursor, as every list")

  const crossed = await call<ListJson<EventJson>>('GET', `/events?cursor=${encodeURIComponent(since.cursor)}`, key)
  assertError(t, crossed, 400, 'invalid_cursor')
  const typed = await feedPage(key, `&type=customer.created&cursor=${encodeURIComponent(since.cursor)}`)
  assertError(t, typed, 400, 'invalid_cursor')
})

t.test('an event committed late, behind one already read, is returned by the kept cursor, once', async (t) => {
  const { shop, key, createCustomer } = await newShop()
  const before = await readFeed(t, key, null)
  t.same(before.events, [])

  // A slow writer: its transaction records an event and stays open while a later write commits and a
  // reader reads. A cursor on (created_at, id) would have moved past it by the time it commits.
  const slow = await api.pool.connect()
  t.teardown(() => slow.release())
  await slow.query('begin')
  await recordEvents(slow, { shopId: shop.id, integrationId: null }, [
    {
      type: 'customer.updated',
      objectType: 'customer',
      objectId: 'cus_slowwriter0000000000000',
      summary: { changed_fields: ['notes'] },
    },
  ])
  const quick = await createCustomer('Quick')
  const whileOpen = await readFeed(t, key, before.cursor)
  t.same(whileOpen.events, [], 'the later event waits while an earlier transaction is still open')
  const browsing = await call<ListJson<EventJson>>('GET', '/events', key)
  t.same(objectIds(browsing.body.data), [quick], 'newest first shows what has committed, for browsing')

  await slow.query('commit')
  const after = await feedUntil(t, key, whileOpen.cursor, 2)
  t.same(
    objectIds(after.events),
    ['cus_slowwriter0000000000000', quick],
    'both, in commit-horizon order: the slow transaction began first',
  )
  t.same((await readFeed(t, key, after.cursor)).events, [], 'each once')
})

t.test('a cursor not issued by the feed, or altered, is invalid_cursor', async (t) => {
  const { key } = await newShop()
  const { cursor } = await readFeed(t, key, null)
  const [payload, signature] = cursor.split('.') as [string, string]
  const altered = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${signature}`
  assertError(t, await feedPage(key, `&cursor=${encodeURIComponent(altered)}`), 400, 'invalid_cursor')
  assertError(t, await call('GET', '/events?order=sideways', key), 400, 'invalid_request')
})

t.test('a cursor ahead of the log (the service restored from an older backup) is invalid_cursor', async (t) => {
  const { shop, key } = await newShop()
  // What a client kept before a restore rewound the database: a position past every transaction id this
  // database has assigned, signed as the service signs cursors, bound as the feed binds them.
  const { rows } = await api.pool.query<{ id: string; next: string }>(
    `select i.id, (pg_snapshot_xmax(pg_current_snapshot())::text::numeric + 1000)::text as next
       from integrations i where i.shop_id = $1::uuid`,
    [shop.id],
  )
  const row = rows[0] as { id: string; next: string }
  const cursorKey = deriveSecrets(parseSecretKey(api.config.secretKey as string)).cursorKey
  const binding = canonicalJson(['listEvents', shop.id, row.id, { order: 'asc' }])
  const ahead = encodeCursor(cursorKey, binding, { sortValue: row.next, publicId: '1' })
  assertError(t, await feedPage(key, `&cursor=${encodeURIComponent(ahead)}`), 400, 'invalid_cursor')
  const fresh = await readFeed(t, key, null)
  t.same(fresh.events, [], 'the feed read again from its start answers')
})
