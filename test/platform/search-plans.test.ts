// `q` substring search is index-backed on every resource that has it (issue 22 item 4): a term the
// shop's rows hardly contain is found through an index, never by reading the shop's rows in list
// order. 20,000 rows per resource, of which three contain the term; the statement the list builds is
// explained (EXPLAIN ANALYZE) once the tables are analyzed, as imports and autovacuum leave them.
// Two-character terms (`zq`, the contract's minimum) cannot use a trigram index: they are narrowed
// by the bigram index of migration 00018; longer ones by the trigram index. Before any ANALYZE the
// planner guesses every term matches 0.5 % of the rows and may walk the list order instead: those
// plans are reported, not asserted (docs/decisions/performance.md, Performance).
import type pg from 'pg'
import t, { type Test } from 'tap'
import type { Queryable } from '../../src/db/pool.js'
import { allScopes } from '../../src/lib/scopes.js'
import { listRecords, type ResourceDefinition } from '../../src/platform/resource.js'
import { cannedJobDefinition } from '../../src/resources/canned-jobs/definition.js'
import { customerDefinition } from '../../src/resources/customers/definition.js'
import { inventoryItemDefinition } from '../../src/resources/inventory-items/definition.js'
import { vehicleDefinition } from '../../src/resources/vehicles/definition.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'

t.setTimeout(600_000)

const rowsPerTable = 20_000
// What a search of a rare term may read of its table: the few rows that hold the term's trigrams or
// pairs (a handful here), never the thousands a walk in list order reads.
const maxRowsRead = 100

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]
const rowsRead = (node: PlanNode) =>
  (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
  node['Actual Loops']

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, [...allScopes])

// Names from hexadecimal digits and a few words, so no row but the three planted ones holds a `z`.
const series = `from (select i, 'xx' || substr(md5(i::text), 1, 20) as public_id from generate_series(1, ${rowsPerTable}) i) g`
const created = `now() - make_interval(secs => g.i)`
const planted = (column: string) => `case when g.i in (7, 9001, 19999) then 'Zqx ' else '' end || ${column}`
await api.pool.query(
  `insert into customers (shop_id, public_id, first_name, last_name, email, created_at, updated_at)
   select $1::uuid, 'cus_' || g.public_id, 'Ada', ${planted("'Customer ' || md5(g.i::text)")},
     'c' || g.i || '@example.com', ${created}, ${created} ${series}`,
  [shop.id],
)
await api.pool.query(
  `insert into vehicles (shop_id, public_id, customer_id, make, model, created_at, updated_at)
   select $1::uuid, 'veh_' || g.public_id, (select id from customers where shop_id = $1::uuid limit 1), 'Ford',
     ${planted('md5(g.i::text)')}, ${created}, ${created} ${series}`,
  [shop.id],
)
await api.pool.query(
  `insert into canned_jobs (shop_id, public_id, code, name, created_at, updated_at)
   select $1::uuid, 'cj_' || g.public_id, 'CJ-' || g.i, ${planted("'Canned job ' || md5(g.i::text)")},
     ${created}, ${created} ${series}`,
  [shop.id],
)
await api.pool.query(
  `insert into inventory_items (shop_id, public_id, part_number, name, created_at, updated_at)
   select $1::uuid, 'inv_' || g.public_id, 'P-' || g.i, ${planted("'Item ' || md5(g.i::text)")},
     ${created}, ${created} ${series}`,
  [shop.id],
)

const resources: { path: string; definition: ResourceDefinition<never, never> }[] = [
  { path: '/v1/customers', definition: customerDefinition as never },
  { path: '/v1/vehicles', definition: vehicleDefinition as never },
  { path: '/v1/canned-jobs', definition: cannedJobDefinition as never },
  { path: '/v1/inventory-items', definition: inventoryItemDefinition as never },
]
const terms = ['zq', 'ZQ', 'zqx', 'x ']

/** The list statement for `q`, as the API builds it, explained on the application's pool. */
async function explainSearch(pool: pg.Pool, definition: ResourceDefinition<never, never>, q: string) {
  let captured: { text: string; values?: unknown[] } | undefined
  const capture: Queryable = {
    query: (async (config: { text: string; values?: unknown[] }) => {
      captured = config
      return { rows: [] }
    }) as never,
  }
  await listRecords(definition, capture, { shopId: shop.id, integrationId: null }, { q } as never, {
    sort: 'created_at',
    limit: 50,
  })
  if (!captured) throw new Error('no statement')
  const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (analyze, format json) ${captured.text}`,
    captured.values,
  )
  const explained = rows[0]?.['QUERY PLAN'][0] as { Plan: PlanNode } | undefined
  if (!explained) throw new Error('no plan')
  return explained.Plan
}

async function checkSearches(t: Test, when: string, assertPlans: boolean) {
  for (const { path, definition } of resources) {
    for (const q of terms) {
      const response = await api.request(`${path}?q=${encodeURIComponent(q)}&limit=50`, { key })
      const body = (await response.json()) as { data: unknown[] }
      t.equal(response.status, 200)
      t.equal(body.data.length, 3, `${path}?q=${q} finds the three planted rows (${when})`)

      const plan = await explainSearch(api.pool, definition, q)
      const table = definition.table
      const scans = nodesOf(plan).filter((node) => node['Relation Name'] === table || node['Index Name'])
      const read = nodesOf(plan)
        .filter((node) => node['Relation Name'] === table)
        .reduce((sum, node) => sum + rowsRead(node), 0)
      const searchIndex = scans.find((node) => /_search(_bigrams)?_idx$/.test(node['Index Name'] ?? ''))
      const described = scans.map((node) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name']}`)
      if (!assertPlans) {
        t.comment(`${table} q=${JSON.stringify(q)} (${when}): ${described.join(' > ')}; ${read} rows read`)
        continue
      }
      t.ok(searchIndex, `${table} q=${JSON.stringify(q)} uses a search index (${when})`, { scans: described })
      t.ok(read <= maxRowsRead, `${table} q=${JSON.stringify(q)} reads ${read} rows, at most ${maxRowsRead}`)
    }
  }
}

t.test('right after the load, before anything analyzed the tables', (t) => checkSearches(t, 'unanalyzed', false))
t.test('after ANALYZE', async (t) => {
  await api.owner.pool.query('analyze customers, vehicles, canned_jobs, inventory_items')
  await checkSearches(t, 'analyzed', true)
})

// search_bigrams (migration 00024: PL/pgSQL, pairs where they occur) holds exactly the distinct pairs of
// consecutive characters that 00018's SQL body returned, so the indexes built before it stay valid.
t.test('search_bigrams holds every pair of consecutive characters, and nothing else', async (t) => {
  const texts = ['', 'a', 'zq', 'zzzz', 'ada customer zqx c7@example.com (312) 555-0199', 'ñandú é-ü ', '%_\\ x']
  for (const text of texts) {
    const { rows } = await api.pool.query<{ pairs: string[] }>(
      'select array(select distinct p from unnest(search_bigrams($1::text)) p order by p) as pairs',
      [text],
    )
    const characters = Array.from(text)
    const expected = new Set<string>()
    for (let i = 0; i + 1 < characters.length; i++) expected.add(`${characters[i]}${characters[i + 1]}`)
    t.same(new Set(rows[0]?.pairs), expected, JSON.stringify(text))
  }
  const { rows } = await api.pool.query('select search_bigrams(null::text) as pairs')
  t.equal(rows[0].pairs, null)
})
