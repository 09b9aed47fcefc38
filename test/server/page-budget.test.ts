// A response has a size budget (issue 22 item 4): the lists whose rows embed a collection (an
// invoice's lines, at most 500; a canned job's parts, at most 100) hold at most a fixed number of
// embedded items per page. With heavy rows a page holds fewer rows than `limit` (always at least
// one), says `has_more` and gives a `next_cursor` that continues exactly after it; the crawl sees
// every row once. Light rows fill the page as before.
import t from 'tap'
import { allScopes } from '../../src/lib/scopes.js'
import { maxPartsPerPage } from '../../src/resources/canned-jobs/definition.js'
import { maxLinesPerPage } from '../../src/resources/invoices/definition.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'

interface Page<T> {
  object: 'list'
  data: T[]
  has_more: boolean
  next_cursor: string | null
}

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, [...allScopes])

async function crawl<T extends { id: string }>(path: string): Promise<Page<T>[]> {
  const pages: Page<T>[] = []
  let cursor: string | null = null
  do {
    const response = await api.request(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key })
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    const page = (await response.json()) as Page<T>
    pages.push(page)
    cursor = page.next_cursor
  } while (cursor)
  return pages
}

t.test('invoices: a page holds at most 5,000 lines', async (t) => {
  t.equal(maxLinesPerPage, 5_000)
  // 12 invoices of 500 fee lines each (the most an invoice has), and 3 light ones, oldest first.
  const client = await api.pool.connect()
  try {
    await client.query('begin')
    await client.query(
      `insert into customers (shop_id, public_id, first_name, last_name) values ($1::uuid, 'cus_budget0000000000001', 'Ada', 'Heavy');
       insert into vehicles (shop_id, public_id, customer_id, make)
         select $1::uuid, 'veh_budget0000000000001', id, 'Ford' from customers where shop_id = $1::uuid;
       insert into repair_orders (shop_id, public_id, number_value, state, customer_id, vehicle_id)
         select $1::uuid, 'ro_budget' || lpad(g::text, 13, '0'), g, 'invoiced', c.id, v.id
         from generate_series(1, 15) g, customers c, vehicles v where c.shop_id = $1::uuid and v.shop_id = $1::uuid;
       insert into invoices (shop_id, public_id, doc_type, number, status, currency, repair_order_id, customer_id,
           vehicle_id, business_date, posted_at, labor_total, parts_total, fees_total, discounts_total, subtotal,
           tax_total, total, created_at)
         select ro.shop_id, 'inv_budget' || lpad(ro.number_value::text, 12, '0'), 'invoice', ro.number_value, 'posted',
           'USD', ro.id, ro.customer_id, ro.vehicle_id, current_date, now(), 0, 0, n.lines, 0, n.lines, 0, n.lines,
           now() - make_interval(secs => 100 - ro.number_value)
         from repair_orders ro
           cross join lateral (select case when ro.number_value <= 12 then 500 else 2 end as lines) n
         where ro.shop_id = $1::uuid;
       insert into invoice_lines (shop_id, invoice_id, number, type, description, quantity, unit_price, gross_amount,
           discount_alloc, tax_alloc, tax_allocs, line_total)
         select inv.shop_id, inv.id, g, 'fee', 'Fee ' || g, 1, 1.00, 1.00, 0, 0, '{}', 1.00
         from invoices inv cross join generate_series(1, inv.fees_total::int) g where inv.shop_id = $1::uuid;`.replaceAll(
        '$1::uuid',
        `'${shop.id}'::uuid`,
      ),
    )
    await client.query('commit')
  } finally {
    client.release()
  }

  const pages = await crawl<{ id: string; lines: unknown[] }>('/v1/invoices?limit=200')
  const sizes = pages.map((page) => page.data.length)
  const lines = pages.map((page) => page.data.reduce((sum, invoice) => sum + invoice.lines.length, 0))
  t.same(sizes, [3 + 9, 3], 'the three light invoices and nine heavy ones, then the other three')
  t.same(lines, [6 + 4_500, 1_500], 'each page within 5,000 lines')
  t.same(
    pages.map((page) => page.has_more),
    [true, false],
    'the short page says has_more',
  )
  const ids = pages.flatMap((page) => page.data.map((invoice) => invoice.id))
  t.equal(new Set(ids).size, 15, 'every invoice once')
  t.ok(
    pages.every((page) => page.data.every((invoice) => invoice.lines.length === 500 || invoice.lines.length === 2)),
    'every invoice keeps all its lines',
  )

  const light = (await (await api.request('/v1/invoices?limit=3', { key })).json()) as Page<unknown>
  t.equal(light.data.length, 3, 'light rows fill the page as asked')
  t.equal(light.has_more, true)
})

t.test('canned jobs: a page holds at most 2,000 parts', async (t) => {
  t.equal(maxPartsPerPage, 2_000)
  await api.pool.query(
    `insert into canned_jobs (shop_id, public_id, code, name, created_at)
       select $1::uuid, 'cj_budget' || lpad(g::text, 13, '0'), 'CJ-' || g, 'Canned job ' || g,
         now() - make_interval(secs => 100 - g)
       from generate_series(1, 30) g`,
    [shop.id],
  )
  await api.pool.query(
    `insert into canned_job_parts (shop_id, canned_job_id, position, part_number, description, quantity, unit_price)
       select c.shop_id, c.id, g, 'P-' || g, 'Part ' || g, 1, 2.50
       from canned_jobs c cross join generate_series(1, 100) g where c.shop_id = $1::uuid`,
    [shop.id],
  )
  const pages = await crawl<{ id: string; parts: unknown[] }>('/v1/canned-jobs?limit=50')
  t.same(
    pages.map((page) => page.data.length),
    [20, 10],
    '20 canned jobs of 100 parts, then the other 10',
  )
  t.same(
    pages.map((page) => page.has_more),
    [true, false],
  )
  t.equal(new Set(pages.flatMap((page) => page.data.map((job) => job.id))).size, 30, 'every canned job once')
  t.ok(
    pages.every((page) => page.data.every((job) => job.parts.length === 100)),
    'every canned job keeps all its parts',
  )
})
