// GET /v1/customers as an integrator crawls it: limits, keyset cursors (tamper-evident and bound to
// their query), sorting, updated_after, q, email, phone and lifecycle filters, and a crawl that runs
// while 1,000 creates land. Real HTTP, real Postgres, no mocks.
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { newPublicId } from '../../../src/lib/ids.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import type { Customer } from '../../../src/resources/customers/schema.js'
import {
  createTestKey,
  type createTestShop,
  createTestShopWithKey,
  startTestApp,
  type TestApp,
} from '../../helpers/app.js'
import { assertError, jsonClient, type Reply } from '../../helpers/http.js'

interface List {
  object: 'list'
  data: Customer[]
  has_more: boolean
  next_cursor: string | null
}
const api: TestApp = await startTestApp(t, { config: { rateLimit: { max: 1_000_000, windowSeconds: 60 } } })
const scopes = ['customers.read', 'customers.write', 'external_refs.write'] as const

const send = jsonClient<Customer>(api, { prefix: '' })
const get = <T = List>(path: string, key: string) => send<T>('GET', path, key)

async function create(t: Test, key: string, body: Record<string, unknown>): Promise<Customer> {
  const reply = await send('POST', '/v1/customers', key, { body })
  t.equal(reply.status, 201, 'created', { body: reply.body })
  return reply.body
}

const newShopKey = (shop: Parameters<typeof createTestShop>[1] = {}) =>
  createTestShopWithKey(api.pool, [...scopes], { name: 'Lister', shop })

/** Follows next_cursor to the end; returns every item and the pages' sizes. */
async function crawl(t: Test, path: string, key: string) {
  const items: Customer[] = []
  const sizes: number[] = []
  let cursor: string | null = null
  const separator = path.includes('?') ? '&' : '?'
  for (let pages = 0; pages < 10_000; pages++) {
    const reply: Reply<List> = await get(cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path, key)
    if (reply.status !== 200) {
      t.fail(`page ${pages + 1} failed`, { body: reply.body })
      break
    }
    items.push(...reply.body.data)
    sizes.push(reply.body.data.length)
    if (!reply.body.has_more) {
      t.equal(reply.body.next_cursor, null, 'the last page has no next_cursor')
      break
    }
    t.type(reply.body.next_cursor, 'string')
    cursor = reply.body.next_cursor
  }
  return { items, sizes }
}

/** Rows written straight to the database, with chosen instants (to force ties). */
async function seed(shop: ShopRow, rows: { first_name: string; created_at: string; updated_at?: string }[]) {
  const ids = rows.map(() => newPublicId('customer'))
  await api.pool.query(
    `insert into customers (shop_id, public_id, first_name, last_name, created_at, updated_at)
     select $1::uuid, r.public_id, r.first_name, 'Seeded', r.created_at, r.updated_at
     from unnest($2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[]) as r(public_id, first_name, created_at, updated_at)`,
    [
      shop.id,
      ids,
      rows.map((r) => r.first_name),
      rows.map((r) => r.created_at),
      rows.map((r) => r.updated_at ?? r.created_at),
    ],
  )
  return ids
}

t.test('limit: 1-200, default 50', async (t) => {
  const { shop, key } = await newShopKey()
  const base = Date.parse('2026-01-01T00:00:00.000Z')
  await seed(
    shop,
    Array.from({ length: 60 }, (_, i) => ({
      first_name: `N${i}`,
      created_at: new Date(base + i * 1000).toISOString(),
    })),
  )
  for (const bad of ['0', '201', 'abc', '-1', '1.5', '']) {
    t.test(`limit=${bad}`, async (t) =>
      assertError(t, await get(`/v1/customers?limit=${bad}`, key), 400, 'invalid_request', 'limit'),
    )
  }
  const first = await get('/v1/customers', key)
  t.equal(first.status, 200)
  t.same(Object.keys(first.body).sort(), ['data', 'has_more', 'next_cursor', 'object'], 'the list envelope')
  t.equal(first.body.object, 'list')
  t.equal(first.body.data.length, 50, 'default page size 50')
  t.equal(first.body.has_more, true)
  t.type(first.body.next_cursor, 'string')
  const second = await get(`/v1/customers?cursor=${encodeURIComponent(first.body.next_cursor ?? '')}`, key)
  t.equal(second.body.data.length, 10)
  t.equal(second.body.has_more, false)
  t.equal(second.body.next_cursor, null)
  t.equal(new Set([...first.body.data, ...second.body.data].map((c) => c.id)).size, 60, 'all 60, none twice')
  t.equal(first.body.data[0]?.first_name, 'N59', 'newest first')
  t.equal(second.body.data.at(-1)?.first_name, 'N0', 'oldest last')

  t.equal((await get('/v1/customers?limit=200', key)).body.data.length, 60, 'limit=200 is allowed')
  const one = await get('/v1/customers?limit=1', key)
  t.equal(one.body.data.length, 1, 'limit=1 is allowed')
  t.equal(one.body.has_more, true)
  const exact = await get('/v1/customers?limit=60', key)
  t.equal(exact.body.has_more, false, 'a page that ends exactly at the last row has no more')
  t.equal(exact.body.next_cursor, null)
})

t.test('cursors page through ties in (created_at desc, id desc) order, each row once', async (t) => {
  const { shop, key } = await newShopKey()
  // 45 rows over 4 instants: pages of 7 must cut through runs of equal created_at.
  const instants = [
    '2026-03-01T10:00:00.000Z',
    '2026-03-01T10:00:00.001Z',
    '2026-03-02T00:00:00.000Z',
    '2026-02-01T00:00:00.000Z',
  ]
  const ids = await seed(
    shop,
    Array.from({ length: 45 }, (_, i) => ({
      first_name: `T${i}`,
      created_at: instants[i % instants.length] as string,
    })),
  )
  const { items, sizes } = await crawl(t, '/v1/customers?limit=7', key)
  t.same(sizes, [7, 7, 7, 7, 7, 7, 3])
  t.equal(items.length, 45)
  t.equal(new Set(items.map((c) => c.id)).size, 45, 'no row twice')
  t.same(new Set(items.map((c) => c.id)), new Set(ids), 'every row')
  const expected = [...items].sort((x, y) =>
    x.created_at === y.created_at ? (x.id < y.id ? 1 : -1) : x.created_at < y.created_at ? 1 : -1,
  )
  t.same(
    items.map((c) => c.id),
    expected.map((c) => c.id),
    'newest first, ties broken by id, descending',
  )
})

t.test('cursors are tamper-evident and bound to their query and key', async (t) => {
  const { shop, key } = await newShopKey()
  const { key: otherKey } = await createTestKey(api.pool, shop, [...scopes], 'Other integration')
  const other = await newShopKey()
  const base = Date.parse('2026-01-01T00:00:00.000Z')
  await seed(
    shop,
    Array.from({ length: 12 }, (_, i) => ({ first_name: `Cursor${i}`, created_at: new Date(base + i).toISOString() })),
  )
  const page = await get('/v1/customers?limit=5', key)
  const cursor = page.body.next_cursor ?? ''
  t.ok(cursor.length > 0)
  const withCursor = (query: string, c = cursor) =>
    `/v1/customers?${query}${query ? '&' : ''}cursor=${encodeURIComponent(c)}`

  const next = await get(withCursor('limit=5'), key)
  t.equal(next.status, 200, 'the cursor works for its own query')
  t.equal(next.body.data.length, 5)
  t.equal((await get(withCursor('limit=3'), key)).status, 200, 'the page size may change between pages')

  for (const index of [2, Math.floor(cursor.length / 2), cursor.length - 3]) {
    const c = cursor[index] === 'A' ? 'B' : 'A'
    const tampered = `${cursor.slice(0, index)}${c}${cursor.slice(index + 1)}`
    t.test(`a changed character at ${index}`, async (t) =>
      assertError(t, await get(withCursor('limit=5', tampered), key), 400, 'invalid_cursor', 'cursor'),
    )
  }
  assertError(t, await get(withCursor('limit=5', 'garbage'), key), 400, 'invalid_cursor')
  assertError(t, await get(withCursor('limit=5', `${cursor}x`), key), 400, 'invalid_cursor')
  assertError(t, await get(withCursor('limit=5', 'x'.repeat(1001)), key), 400, 'invalid_cursor', 'cursor')
  assertError(t, await get(withCursor('limit=5&q=Cursor'), key), 400, 'invalid_cursor', 'cursor')
  assertError(t, await get(withCursor('limit=5&sort=updated_at'), key), 400, 'invalid_cursor', 'cursor')
  assertError(t, await get(withCursor('limit=5&lifecycle=all'), key), 400, 'invalid_cursor', 'cursor')
  assertError(t, await get(withCursor('limit=5&email=a@b.co'), key), 400, 'invalid_cursor', 'cursor')
  assertError(t, await get(withCursor('limit=5'), otherKey), 400, 'invalid_cursor', 'cursor')
  assertError(t, await get(withCursor('limit=5'), other.key), 400, 'invalid_cursor', 'cursor')

  const filtered = await get('/v1/customers?limit=2&q=cursor1', key)
  t.equal(filtered.body.has_more, true)
  const filteredCursor = filtered.body.next_cursor ?? ''
  assertError(
    t,
    await get(`/v1/customers?limit=2&q=cursor&cursor=${encodeURIComponent(filteredCursor)}`, key),
    400,
    'invalid_cursor',
  )
  assertError(
    t,
    await get(`/v1/customers?limit=2&cursor=${encodeURIComponent(filteredCursor)}`, key),
    400,
    'invalid_cursor',
  )
  const rest = await get(`/v1/customers?limit=2&q=cursor1&cursor=${encodeURIComponent(filteredCursor)}`, key)
  t.equal(rest.status, 200, 'a filtered cursor works with the same filter')
  t.same(
    rest.body.data.map((c) => c.first_name),
    ['Cursor1'],
    'and continues that filtered list (Cursor11, Cursor10 were on the first page)',
  )
})

t.test('sort=updated_at orders by the last change; created_at stays the default', async (t) => {
  const { key } = await newShopKey()
  const a = await create(t, key, { first_name: 'Sort', last_name: 'A' })
  await sleep(3)
  const b = await create(t, key, { first_name: 'Sort', last_name: 'B' })
  await sleep(3)
  const c = await create(t, key, { first_name: 'Sort', last_name: 'C' })
  await sleep(3)
  const patched = await send('PATCH', `/v1/customers/${a.id}`, key, { body: { notes: 'touched' } })
  t.equal(patched.status, 200)
  await sleep(3)
  t.equal((await send('PATCH', `/v1/customers/${b.id}`, key, { body: { notes: 'touched' } })).status, 200)

  const byCreated = await get('/v1/customers', key)
  t.same(
    byCreated.body.data.map((x) => x.id),
    [c.id, b.id, a.id],
    'default: newest created first',
  )
  t.same(
    (await get('/v1/customers?sort=created_at', key)).body.data.map((x) => x.id),
    [c.id, b.id, a.id],
  )
  const byUpdated = await get('/v1/customers?sort=updated_at', key)
  t.same(
    byUpdated.body.data.map((x) => x.id),
    [b.id, a.id, c.id],
    'newest updated first',
  )
  const { items } = await crawl(t, '/v1/customers?sort=updated_at&limit=1', key)
  t.same(
    items.map((x) => x.id),
    [b.id, a.id, c.id],
    'the same order page by page',
  )
  assertError(t, await get('/v1/customers?sort=name', key), 400, 'invalid_request', 'sort')
})

t.test('updated_after is strictly greater than, and takes offset instants only', async (t) => {
  const { shop, key } = await newShopKey()
  const ids = await seed(shop, [
    { first_name: 'Early', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-10T12:00:00.000Z' },
    { first_name: 'Exact', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-10T12:00:00.500Z' },
    { first_name: 'Late', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-10T12:00:00.501Z' },
  ])
  const names = async (query: string) => {
    const reply = await get(`/v1/customers?${query}`, key)
    t.equal(reply.status, 200, query, { body: reply.body })
    return reply.body.data.map((c) => c.first_name).sort()
  }
  const exact = (await get(`/v1/customers/${ids[1]}`, key)).body as unknown as Customer
  t.equal(exact.updated_at, '2026-01-10T12:00:00.500Z')
  t.same(await names(`updated_after=${exact.updated_at}`), ['Late'], 'an instant equal to updated_at excludes it')
  t.same(await names('updated_after=2026-01-10T12:00:00.499Z'), ['Exact', 'Late'])
  t.same(await names('updated_after=2026-01-10T12:00:00.499999Z'), ['Exact', 'Late'], 'sub-millisecond instants')
  t.same(await names('updated_after=2026-01-10T12:00:00.5000001Z'), ['Late'])
  t.same(
    await names(`updated_after=${encodeURIComponent('2026-01-10T06:00:00.500-06:00')}`),
    ['Late'],
    'an offset instant names the same moment',
  )
  t.same(await names(`updated_after=${encodeURIComponent('2026-01-10T17:30:00.500+05:30')}`), ['Late'], '+05:30')
  t.same(await names('updated_after=2026-01-10T12:00:00Z&sort=updated_at'), ['Exact', 'Late'])
  t.same(await names('updated_after=2030-01-01T00:00:00Z'), [], 'nothing after the future')

  for (const bad of [
    '2026-01-01T00:00:00',
    '2026-01-01',
    'yesterday',
    '1767225600',
    '2026-13-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:00+25:00',
  ]) {
    t.test(`updated_after=${bad}`, async (t) =>
      assertError(
        t,
        await get(`/v1/customers?updated_after=${encodeURIComponent(bad)}`, key),
        400,
        'invalid_request',
        'updated_after',
      ),
    )
  }
})

t.test('q: case-insensitive substring, % and _ literal, 2-100 characters', async (t) => {
  const { key } = await newShopKey()
  const literal = await create(t, key, { first_name: '100%_Auto', last_name: 'Repair' })
  const plain = await create(t, key, { first_name: '1000 Auto', last_name: 'Parts' })
  const percentless = await create(t, key, { first_name: '100xAuto', last_name: 'Body' })
  const maria = await create(t, key, {
    first_name: 'María',
    last_name: 'GONZALEZ',
    company_name: 'Gonzalez Trucking',
    email: 'Maria.G@Example.com',
    phone: '(555) 777-1234',
  })
  const ids = async (q: string) => {
    const reply = await get(`/v1/customers?q=${encodeURIComponent(q)}`, key)
    t.equal(reply.status, 200, `q=${q}`, { body: reply.body })
    return reply.body.data.map((c) => c.id).sort()
  }
  t.same(await ids('gonzalez'), [maria.id], 'lower case finds upper case')
  t.same(await ids('GONZ'), [maria.id], 'upper case finds mixed case')
  t.same(await ids('maría gon'), [maria.id], 'across first and last name')
  t.same(await ids('trucking'), [maria.id], 'company name')
  t.same(await ids('maria.g@example'), [maria.id], 'email')
  t.same(await ids('777-1234'), [maria.id], 'phone')
  t.same(await ids('%_'), [literal.id], '"%_" matches only itself')
  t.same(await ids('0%'), [literal.id], '"%" is not a wildcard')
  t.same(await ids('_au'), [literal.id], '"_" is not a wildcard (" Au" and "xAu" do not match)')
  t.same(await ids('%'.repeat(2)), [], '"%%" matches nothing')
  t.same(await ids('__'), [], '"__" matches nothing')
  t.same(await ids('auto'), [literal.id, plain.id, percentless.id].sort(), 'a plain substring finds all three')
  t.same(await ids('zzz-no-match'), [])

  assertError(t, await get('/v1/customers?q=a', key), 400, 'invalid_request', 'q')
  assertError(t, await get(`/v1/customers?q=${'a'.repeat(101)}`, key), 400, 'invalid_request', 'q')
  t.equal((await get(`/v1/customers?q=${'a'.repeat(100)}`, key)).status, 200, '100 characters are fine')
  t.equal((await get('/v1/customers?q=ab', key)).status, 200, '2 characters are fine')
})

t.test('an empty shop lists nothing, in the list envelope', async (t) => {
  const { key } = await newShopKey()
  const reply = await get('/v1/customers', key)
  t.equal(reply.status, 200)
  t.same(reply.body, { object: 'list', data: [], has_more: false, next_cursor: null })
})

t.test('a filtered crawl keeps its filter across pages', async (t) => {
  const { shop, key } = await newShopKey()
  const rows = Array.from({ length: 20 }, (_, i) => ({
    first_name: `Inc${i}`,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: new Date(Date.parse('2026-01-05T00:00:00.000Z') + i * 60_000).toISOString(),
  }))
  await seed(shop, rows)
  // Rows 10-19 were updated after 2026-01-05T00:09:00Z; written with an offset, as a client in Chicago might.
  const since = encodeURIComponent('2026-01-04T18:09:00-06:00')
  const { items, sizes } = await crawl(t, `/v1/customers?updated_after=${since}&sort=updated_at&limit=3`, key)
  t.same(sizes, [3, 3, 3, 1])
  t.same(
    items.map((c) => c.first_name),
    ['Inc19', 'Inc18', 'Inc17', 'Inc16', 'Inc15', 'Inc14', 'Inc13', 'Inc12', 'Inc11', 'Inc10'],
    'newest update first, nothing at or before the instant',
  )
  const searched = await crawl(t, '/v1/customers?q=inc1&limit=4', key)
  t.equal(searched.items.length, 11, 'q=inc1 across pages: Inc1 and Inc10-Inc19')
  t.equal(new Set(searched.items.map((c) => c.id)).size, 11)
})

t.test('q treats a backslash literally too', async (t) => {
  const { key } = await newShopKey()
  const slashed = await create(t, key, { first_name: 'Back\\Slash', last_name: 'Garage' })
  await create(t, key, { first_name: 'BackXSlash', last_name: 'Garage' })
  const found = await get(`/v1/customers?q=${encodeURIComponent('k\\s')}`, key)
  t.equal(found.status, 200)
  t.same(
    found.body.data.map((c) => c.id),
    [slashed.id],
  )
})

t.test('email filter: exact, case-insensitive', async (t) => {
  const { key } = await newShopKey()
  const jane = await create(t, key, { first_name: 'Jane', last_name: 'Doe', email: 'Jane.Doe@Example.com' })
  await create(t, key, { first_name: 'John', last_name: 'Doe', email: 'john.doe@example.com' })
  const ids = async (email: string) =>
    (await get(`/v1/customers?email=${encodeURIComponent(email)}`, key)).body.data.map((c) => c.id)
  t.same(await ids('jane.doe@example.com'), [jane.id])
  t.same(await ids('JANE.DOE@EXAMPLE.COM'), [jane.id])
  t.same(await ids('jane.doe@example.co'), [], 'not a substring match')
  t.same(await ids('ane.doe@example.com'), [], 'not a substring match')
  assertError(t, await get(`/v1/customers?email=${'e'.repeat(256)}`, key), 400, 'invalid_request', 'email')
  t.equal((await ids('')).length, 2, 'an empty email filter is no filter')
})

t.test('phone filter matches after normalization, on phone and phone_alt (US shop)', async (t) => {
  const { key } = await newShopKey({ timezone: 'America/Chicago' })
  const primary = await create(t, key, { first_name: 'Phone', last_name: 'Primary', phone: '(555) 010-2030' })
  const alternate = await create(t, key, {
    first_name: 'Phone',
    last_name: 'Alternate',
    phone: '(555) 010-9999',
    phone_alt: '555-010-2030',
  })
  const neighbour = await create(t, key, { first_name: 'Phone', last_name: 'Neighbour', phone: '(555) 010-2031' })
  t.equal(primary.phone, '(555) 010-2030', 'the phone is shown as written')
  const ids = async (phone: string) => {
    const reply = await get(`/v1/customers?phone=${encodeURIComponent(phone)}`, key)
    t.equal(reply.status, 200, phone, { body: reply.body })
    return reply.body.data.map((c) => c.id).sort()
  }
  for (const form of ['555.010.2030', '+1 555 010 2030', '5550102030', '(555) 010-2030', '1 (555) 010 2030']) {
    t.same(await ids(form), [primary.id, alternate.id].sort(), `"${form}" finds the phone and the alternate phone`)
  }
  t.same(await ids('555.010.2031'), [neighbour.id], 'another number finds only its customer')
  t.same(await ids('555.010.9999'), [alternate.id])
  t.same(await ids('555 010 0000'), [])

  const changed = await send('PATCH', `/v1/customers/${primary.id}`, key, { body: { phone: '+1 555 010 4444' } })
  t.equal(changed.status, 200)
  t.same(await ids('5550102030'), [alternate.id], 'after a PATCH the old number no longer finds it')
  t.same(await ids('(555) 010-4444'), [primary.id], 'the new one does')
  assertError(t, await get(`/v1/customers?phone=${'5'.repeat(26)}`, key), 400, 'invalid_request', 'phone')
})

t.test('phone filter in a UK shop reads national numbers as UK numbers', async (t) => {
  const { key } = await newShopKey({ timezone: 'Europe/London', currency: 'GBP' })
  const uk = await create(t, key, { first_name: 'Phone', last_name: 'London', phone: '020 7946 0018' })
  for (const form of ['+44 20 7946 0018', '02079460018', '(020) 7946-0018']) {
    const reply = await get(`/v1/customers?phone=${encodeURIComponent(form)}`, key)
    t.same(
      reply.body.data.map((c) => c.id),
      [uk.id],
      form,
    )
  }
})

t.test('lifecycle: active by default, archived, all', async (t) => {
  const { key } = await newShopKey()
  const active = await create(t, key, { first_name: 'Still', last_name: 'Here' })
  const gone = await create(t, key, { first_name: 'Gone', last_name: 'Away' })
  const archived = await send('POST', `/v1/customers/${gone.id}/archive`, key, { body: { reason: 'Moved' } })
  t.equal(archived.status, 200)
  const ids = async (query: string) => (await get(`/v1/customers${query}`, key)).body.data.map((c) => c.id).sort()
  t.same(await ids(''), [active.id], 'default: active only')
  t.same(await ids('?lifecycle=active'), [active.id])
  t.same(await ids('?lifecycle=archived'), [gone.id])
  t.same(await ids('?lifecycle=all'), [active.id, gone.id].sort())
  const listed = (await get('/v1/customers?lifecycle=archived', key)).body.data[0]
  t.equal(listed?.archived, true, 'archived customers carry archived: true')
  const got = await get<Customer>(`/v1/customers/${gone.id}`, key)
  t.equal(got.status, 200, 'an archived customer is still readable')
  t.equal(got.body.archived, true)
  assertError(t, await get('/v1/customers?lifecycle=deleted', key), 400, 'invalid_request', 'lifecycle')
  t.same(
    await ids(`?lifecycle=all&updated_after=${encodeURIComponent(gone.updated_at)}`),
    [gone.id],
    'archives appear as updates',
  )
})

t.test('filters combine with AND', async (t) => {
  const { key } = await newShopKey()
  const target = await create(t, key, {
    first_name: 'Combo',
    last_name: 'Match',
    email: 'combo@example.com',
    phone: '555-010-7000',
  })
  await create(t, key, { first_name: 'Combo', last_name: 'Other', email: 'other@example.com', phone: '555-010-7000' })
  await create(t, key, { first_name: 'Nobody', last_name: 'Else', email: 'combo2@example.com' })
  const reply = await get('/v1/customers?q=combo&phone=5550107000&email=COMBO@example.com', key)
  t.same(
    reply.body.data.map((c) => c.id),
    [target.id],
  )
})

t.test('a crawl during 1,000 concurrent creates sees every pre-existing customer exactly once', async (t) => {
  const { shop, key } = await newShopKey()
  const count = async () =>
    (await api.pool.query<{ n: number }>('select count(*)::int as n from customers where shop_id = $1', [shop.id]))
      .rows[0]?.n ?? 0
  const createMany = async (total: number, concurrency: number, onCreated?: () => void) => {
    const statuses: number[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const n = next++
          const reply = await send('POST', '/v1/customers', key, {
            body: { first_name: `Load${n}`, last_name: 'Test' },
          })
          statuses.push(reply.status)
          onCreated?.()
        }
      }),
    )
    return statuses
  }

  const seeded = await createMany(300, 8)
  t.ok(
    seeded.every((s) => s === 201),
    'the 300 seed creates succeeded',
  )
  let createdDuringCrawl = 0
  let crawling = false
  let createdSoFar = 0
  let crawlStarted!: () => void
  const started = new Promise<void>((resolve) => {
    crawlStarted = resolve
  })
  const creates = createMany(1000, 8, () => {
    createdSoFar += 1
    if (crawling) createdDuringCrawl += 1
    if (createdSoFar === 40) crawlStarted()
  })
  await started
  const { rows } = await api.pool.query<{ public_id: string }>('select public_id from customers where shop_id = $1', [
    shop.id,
  ])
  const before = new Set(rows.map((r) => r.public_id))
  crawling = true
  const seen = new Map<string, number>()
  let cursor: string | null = null
  let pages = 0
  do {
    const reply: Reply<List> = await get(
      `/v1/customers?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      key,
    )
    if (reply.status !== 200) {
      t.fail('a page failed', { body: reply.body })
      break
    }
    for (const c of reply.body.data) seen.set(c.id, (seen.get(c.id) ?? 0) + 1)
    cursor = reply.body.next_cursor
    pages += 1
  } while (cursor && pages < 1000)
  crawling = false
  const statuses = await creates

  t.ok(createdDuringCrawl > 0, `creates landed while the crawl ran (${createdDuringCrawl})`)
  t.ok(before.size >= 340, `the crawl started after the seed and some creates (${before.size} rows)`)
  const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => id)
  t.same(twice, [], 'no id seen twice')
  const missed = [...before].filter((id) => !seen.has(id))
  t.same(missed, [], 'every customer that existed before the crawl was seen')
  t.equal(statuses.filter((s) => s === 201).length, 1000, 'all 1,000 creates succeeded')
  t.equal(await count(), 1300, '1,300 customers in the end')
})
