// Pages must not depend on fresh statistics (issue 13). Every paged list of the API gets 10,000 rows
// of one shop, each resource in one statement, right after its tables are created and before
// anything could analyze them; then its first page, and a page about 2/3 deep reached as a client
// reaches it (with the cursors the server issued), are asked for through the real server, and the
// very statement the list prepared is explained on the connection that prepared it (EXPLAIN ANALYZE
// EXECUTE): with the plan Postgres uses for a statement's first executions (custom, the parameters
// known) and the one it may keep after five (generic). The connections are the application's own
// (createPool), with its planner settings. Either way the base table must be read by the index that
// has the page's order, under the limit: no sort and no read of the thousands of other rows, whatever
// the planner guesses about a table it knows nothing about. A filter that finds a few rows through an
// index of its own (email, part number) may read them and sort them.
import type pg from 'pg'
import t, { type Test } from 'tap'
import { type IdKind, newPublicId } from '../../src/lib/ids.js'
import { allScopes } from '../../src/lib/scopes.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import { createTestDatabase } from '../helpers/database.js'

t.setTimeout(600_000)

const rowsPerTable = 10_000
const pageSize = 50
// What a page of 50 may read from its table: the 51 rows of the page (one more tells whether there
// is a next page), as many skipped by a filter that half the rows fail, and (a list with a response
// budget) the 51 rows joined back by primary key. A plan that reads the earlier rows reads thousands.
const maxRowsRead = 200

// ---------------------------------------------------------------------------------------------------
// A pool that explains the list statements it runs, while `capturing` is on.

interface PlanNode {
  'Node Type': string
  'Parent Relationship'?: string
  'Subplan Name'?: string
  'Relation Name'?: string
  'Index Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

interface Explained {
  Plan: PlanNode
  'Execution Time': number
}

type PlanMode = 'custom' | 'generic'
const planModes: PlanMode[] = ['custom', 'generic']

interface Captured {
  statement: string
  plans: Record<PlanMode, Explained>
}

/** A value as the SQL literal of an EXECUTE argument (its statement casts every parameter). */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (value instanceof Date) return client.escapeLiteral(value.toISOString())
  if (Array.isArray(value)) {
    const items = value.map((item) => `"${String(item).replace(/["\\]/g, (c) => `\\${c}`)}"`)
    return client.escapeLiteral(`{${items.join(',')}}`)
  }
  return client.escapeLiteral(String(value))
}

/**
 * The pool the app reads through. A list statement (its name starts with `page`) runs as it would,
 * then the statement it prepared is explained on the same connection, once per plan mode.
 */
function explainingPool(pool: pg.Pool) {
  const state = { capturing: false, captured: [] as Captured[] }
  const query = async (config: unknown, values?: unknown) => {
    const named = config as { name?: string; text?: string; values?: unknown[] }
    if (!state.capturing || typeof config !== 'object' || !named.name?.startsWith('page')) {
      return (pool.query as (c: unknown, v?: unknown) => Promise<unknown>)(config, values)
    }
    const client = await pool.connect()
    try {
      const result = await client.query(config as pg.QueryConfig)
      const name = client.escapeIdentifier(named.name)
      const args = (named.values ?? []).map((value) => literal(client, value)).join(', ')
      const plans = {} as Record<PlanMode, Explained>
      for (const mode of planModes) {
        await client.query(`set plan_cache_mode = force_${mode}_plan`)
        const { rows } = await client.query<{ 'QUERY PLAN': Explained[] }>(
          `explain (analyze, format json) execute ${name}${args ? `(${args})` : ''}`,
        )
        plans[mode] = rows[0]?.['QUERY PLAN'][0] as Explained
      }
      await client.query('reset plan_cache_mode')
      state.captured.push({ statement: named.text ?? '', plans })
      return result
    } finally {
      client.release()
    }
  }
  const proxy = new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { pool: proxy, state }
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

/** Rows a node took from its table: returned and thrown away by its filter, over every loop. */
const rowsRead = (node: PlanNode) =>
  (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
  node['Actual Loops']

/**
 * The page's part of a plan: the `page` CTE of a list with a response budget; else the outer side of
 * the row-by-row join, the limited subquery that holds the page's rows; else the whole plan.
 */
function pageNode(root: PlanNode): PlanNode {
  const cte = nodesOf(root).find((node) => node['Subplan Name'] === 'CTE page')
  if (cte) return cte
  let node = root
  if (node['Node Type'] === 'Nested Loop') {
    node = node.Plans?.find((child) => child['Parent Relationship'] === 'Outer') ?? node
  }
  if (node['Node Type'] === 'Subquery Scan') node = node.Plans?.[0] ?? node
  return node
}

/** `Limit > Index Scan using x (51 rows)`: the page part of a plan, for the report. */
function describePlan(explained: Explained, table: string): string {
  const root = explained.Plan
  const page = pageNode(root)
  const path: string[] = []
  for (let node: PlanNode | undefined = page; node; ) {
    const index = node['Index Name'] ? ` using ${node['Index Name']}` : ''
    const on = node['Relation Name'] && !index ? ` on ${node['Relation Name']}` : ''
    path.push(`${node['Node Type']}${index}${on}`)
    node = node.Plans?.find((child) => child['Parent Relationship'] !== 'InitPlan')
  }
  const read = nodesOf(root)
    .filter((node) => node['Relation Name'] === table)
    .reduce((sum, node) => sum + rowsRead(node), 0)
  return `${path.join(' > ')}; ${read} rows of ${table} read; ${explained['Execution Time'].toFixed(2)} ms`
}

// ---------------------------------------------------------------------------------------------------
// The data: one shop, 10,000 rows of every listed resource.

const database = await createTestDatabase(t)
const explaining = explainingPool(database.pool)
// A client walking deep into every list sends a few thousand requests: no rate limit here.
const api = await startTestApp(t, {
  database: { url: database.url, pool: explaining.pool },
  config: { rateLimit: { max: 1_000_000, windowSeconds: 60 } },
})
const sql = database.pool

// Autovacuum would analyze a table once 10 % of it changed; off for every table of this test's
// database, so the plans below are those of tables nothing has analyzed yet (checked at the end).
// A table's storage parameters are its owner's to change.
await database.owner.pool.query(`do $$
  declare name regclass;
  begin
    for name in select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = 'public' loop
      execute format('alter table %s set (autovacuum_enabled = off)', name);
    end loop;
  end $$`)

const shop = await createTestShop(sql)
const { key } = await createTestKey(sql, shop, allScopes)

// Row i (1-based) was created i seconds after `base`, and updated in another order, all after the
// last creation: (i * 7919) mod 10,000 seconds after base + 3 h (7919 is prime, so no two alike).
const base = new Date(Math.floor(Date.now() / 1000) * 1000 - 86_400_000)
const created = `$2::timestamptz + g.i * interval '1 second'`
const updated = `$2::timestamptz + interval '3 hours' + ((g.i * 7919) % ${rowsPerTable}) * interval '1 second'`
/** Strictly after it: the 4,999 rows whose offset is 5,001-9,999 s. */
const updatedMiddle = new Date(base.getTime() + 3 * 3_600_000 + 5_000_000).toISOString()
const halfOf = (even: string, odd: string) => `case when g.i % 2 = 0 then ${even} else ${odd} end`
const series = `from unnest($3::text[]) with ordinality as g(public_id, i)`

/** One insert of 10,000 rows: $1 the shop, $2 the base instant, $3 the public ids, $4... `more`. */
async function load(kind: IdKind, insert: string, more: unknown[] = []) {
  const ids = Array.from({ length: rowsPerTable }, () => newPublicId(kind))
  await sql.query(insert, [shop.id, base, ids, ...more])
}

/** The first two rows of a table in creation order: what the filters of the cases ask for. */
async function firstTwo(table: string): Promise<{ id: string; public_id: string }[]> {
  const { rows } = await sql.query<{ id: string; public_id: string }>(
    `select id, public_id from ${table} where shop_id = $1::uuid order by created_at limit 2`,
    [shop.id],
  )
  return rows
}

await load(
  'technician',
  `insert into technicians (shop_id, public_id, name, active, created_at, updated_at)
   select $1::uuid, g.public_id, 'Technician ' || g.i, g.i % 2 = 0, ${created}, ${updated} ${series}`,
)
const [tech1, tech2] = await firstTwo('technicians')
await load(
  'customer',
  `insert into customers (shop_id, public_id, first_name, last_name, email, created_at, updated_at)
   select $1::uuid, g.public_id, 'Ada', 'Customer ' || g.i, 'c' || g.i || '@example.com', ${created}, ${updated} ${series}`,
)
const [customer1, customer2] = await firstTwo('customers')
await load(
  'vehicle',
  `insert into vehicles (shop_id, public_id, customer_id, make, created_at, updated_at)
   select $1::uuid, g.public_id, ${halfOf('$4::uuid', '$5::uuid')}, 'Ford', ${created}, ${updated} ${series}`,
  [customer1?.id, customer2?.id],
)
const [vehicle1, vehicle2] = await firstTwo('vehicles')
await load(
  'repairOrder',
  `insert into repair_orders (shop_id, public_id, number_value, state, customer_id, vehicle_id, created_at, updated_at)
   select $1::uuid, g.public_id, g.i, ${halfOf("'estimating'", "'in_progress'")}, ${halfOf('$4::uuid', '$5::uuid')},
     ${halfOf('$6::uuid', '$7::uuid')}, ${created}, ${updated} ${series}`,
  [customer1?.id, customer2?.id, vehicle1?.id, vehicle2?.id],
)
const [order1] = await firstTwo('repair_orders')
await load(
  'job',
  `insert into jobs (shop_id, public_id, repair_order_id, name, created_at, updated_at)
   select $1::uuid, g.public_id, $4::uuid, 'Job ' || g.i, ${created}, ${updated} ${series}`,
  [order1?.id],
)
const [job1] = await firstTwo('jobs')
await load(
  'labor',
  `insert into job_labor (shop_id, public_id, job_id, hours, rate, amount, created_at, updated_at)
   select $1::uuid, g.public_id, $4::uuid, 1, 100, 100, ${created}, ${updated} ${series}`,
  [job1?.id],
)
await load(
  'part',
  `insert into job_parts (shop_id, public_id, job_id, description, quantity, unit_price, amount, created_at, updated_at)
   select $1::uuid, g.public_id, $4::uuid, 'Part ' || g.i, 1, 10, 10, ${created}, ${updated} ${series}`,
  [job1?.id],
)
await load(
  'appointment',
  `insert into appointments (shop_id, public_id, status, date, local_time, timezone, utc_offset, duration_minutes,
     customer_id, vehicle_id, technician_id, created_at, updated_at)
   select $1::uuid, g.public_id, ${halfOf("'booked'", "'requested'")}, current_date + (g.i % 60)::int, '09:00',
     'America/Chicago', '-06:00', 60, ${halfOf('$4::uuid', '$5::uuid')}, ${halfOf('$6::uuid', '$7::uuid')},
     ${halfOf('$8::uuid', '$9::uuid')}, ${created}, ${updated} ${series}`,
  [customer1?.id, customer2?.id, vehicle1?.id, vehicle2?.id, tech1?.id, tech2?.id],
)
// One live invoice per repair order: invoice i is of the i-th order (and so of its customer).
await load(
  'invoice',
  `insert into invoices (shop_id, public_id, doc_type, number, status, currency, repair_order_id, customer_id,
     vehicle_id, business_date, posted_at, labor_total, parts_total, fees_total, discounts_total, subtotal,
     tax_total, total, created_at)
   select $1::uuid, g.public_id, 'invoice', g.i, 'posted', 'USD', ro.id, ro.customer_id, ro.vehicle_id,
     current_date, ${created}, 0, 0, 0, 0, 0, 0, 0, ${created} ${series}
   join (select id, customer_id, vehicle_id, row_number() over (order by created_at) as n
         from repair_orders where shop_id = $1::uuid) ro on ro.n = g.i`,
)
const invoices = await sql.query<{ id: string; public_id: string; repair_order_id: string; customer_id: string }>(
  `select i.id, i.public_id, i.repair_order_id, i.customer_id from invoices i
   where i.shop_id = $1::uuid order by i.created_at limit 2`,
  [shop.id],
)
const [invoice1, invoice2] = invoices.rows
await load(
  'payment',
  `insert into payments (shop_id, public_id, invoice_id, repair_order_id, customer_id, amount, currency, method,
     business_date, recorded_at, created_at)
   select $1::uuid, g.public_id, ${halfOf('$4::uuid', '$5::uuid')}, ${halfOf('$6::uuid', '$7::uuid')},
     ${halfOf('$8::uuid', '$9::uuid')}, 1, 'USD', 'cash', current_date, ${created}, ${created} ${series}`,
  [
    invoice1?.id,
    invoice2?.id,
    invoice1?.repair_order_id,
    invoice2?.repair_order_id,
    invoice1?.customer_id,
    invoice2?.customer_id,
  ],
)
await load(
  'task',
  `insert into tasks (shop_id, public_id, title, status, assignee_id, created_at, updated_at)
   select $1::uuid, g.public_id, 'Task ' || g.i, ${halfOf("'open'", "'in_progress'")}, ${halfOf('$4::uuid', '$5::uuid')},
     ${created}, ${updated} ${series}`,
  [tech1?.id, tech2?.id],
)
await load(
  'cannedJob',
  `insert into canned_jobs (shop_id, public_id, code, name, category, active, created_at, updated_at)
   select $1::uuid, g.public_id, 'CJ-' || g.i, 'Canned job ' || g.i, ${halfOf("'Brakes'", "'Tires'")}, g.i % 2 = 0,
     ${created}, ${updated} ${series}`,
)
await load(
  'inventoryItem',
  `insert into inventory_items (shop_id, public_id, part_number, name, product_family, active, created_at, updated_at)
   select $1::uuid, g.public_id, 'P-' || g.i, 'Item ' || g.i, ${halfOf("'tire'", "'part'")}, g.i % 2 = 0,
     ${created}, ${updated} ${series}`,
)
// Inside the 30 days GET /events shows: the last is about 21 hours old.
await load(
  'event',
  `insert into events (shop_id, public_id, type, object_type, object_id, created_at)
   select $1::uuid, g.public_id, ${halfOf("'customer.created'", "'vehicle.created'")},
     ${halfOf("'customer'", "'vehicle'")}, 'cus_' || g.i, ${created} ${series}`,
)

// 40 customers and 40 vehicles from the middle of the creation order are archived: what
// `lifecycle=archived` lists, through partial indexes that hold only them.
const archivedCount = 40
for (const table of ['customers', 'vehicles']) {
  await sql.query(
    `update ${table} set archived_at = updated_at where shop_id = $1::uuid and id in (
       select id from ${table} where shop_id = $1::uuid order by created_at offset 5000 limit ${archivedCount})`,
    [shop.id],
  )
}

// ---------------------------------------------------------------------------------------------------
// The lists, with their sorts and the filters an index serves.

interface Case {
  path: string
  query?: Record<string, string>
  table: string
  /** The index that reads the rows in page order; null for a filter that finds a few rows its own way. */
  index: string | null
  /** How many rows the list has. */
  matches: number
}

const all = rowsPerTable
const half = rowsPerTable / 2
const updatedHalf = 4_999
const byUpdate = { sort: 'updated_at', updated_after: updatedMiddle }
const id = (row: { public_id: string } | undefined) => row?.public_id ?? ''

// Every list, its sorts, and the filters an index serves in page order. Not here: filters whose best
// plan depends on how many rows they match (updated_after with the created_at order, a `q` search),
// for which no plan is right for every value when nothing is known of the table.
const cases: Case[] = [
  { path: '/customers', table: 'customers', index: 'customers_created_idx', matches: all },
  {
    path: '/customers',
    query: { sort: 'updated_at' },
    table: 'customers',
    index: 'customers_updated_idx',
    matches: all,
  },
  { path: '/customers', query: byUpdate, table: 'customers', index: 'customers_updated_idx', matches: updatedHalf },
  {
    path: '/customers',
    query: { lifecycle: 'archived' },
    table: 'customers',
    index: 'customers_archived_created_idx',
    matches: archivedCount,
  },
  {
    path: '/customers',
    query: { lifecycle: 'archived', sort: 'updated_at' },
    table: 'customers',
    index: 'customers_archived_updated_idx',
    matches: archivedCount,
  },
  // Filters that find a handful of rows through an index of their own: read them, then sort them.
  { path: '/customers', query: { email: 'C4242@example.com' }, table: 'customers', index: null, matches: 1 },
  { path: '/vehicles', table: 'vehicles', index: 'vehicles_created_idx', matches: all },
  { path: '/vehicles', query: { sort: 'updated_at' }, table: 'vehicles', index: 'vehicles_updated_idx', matches: all },
  {
    path: '/vehicles',
    query: { lifecycle: 'archived' },
    table: 'vehicles',
    index: 'vehicles_archived_created_idx',
    matches: archivedCount,
  },
  {
    path: '/vehicles',
    query: { lifecycle: 'archived', sort: 'updated_at' },
    table: 'vehicles',
    index: 'vehicles_archived_updated_idx',
    matches: archivedCount,
  },
  { path: '/vehicles', query: byUpdate, table: 'vehicles', index: 'vehicles_updated_idx', matches: updatedHalf },
  {
    path: '/vehicles',
    query: { customer: id(customer1) },
    table: 'vehicles',
    index: 'vehicles_customer_idx',
    matches: half,
  },
  { path: '/repair-orders', table: 'repair_orders', index: 'repair_orders_created_idx', matches: all },
  {
    path: '/repair-orders',
    query: { sort: 'updated_at' },
    table: 'repair_orders',
    index: 'repair_orders_updated_idx',
    matches: all,
  },
  {
    path: '/repair-orders',
    query: byUpdate,
    table: 'repair_orders',
    index: 'repair_orders_updated_idx',
    matches: updatedHalf,
  },
  {
    path: '/repair-orders',
    query: { state: 'estimating' },
    table: 'repair_orders',
    index: 'repair_orders_state_idx',
    matches: half,
  },
  {
    path: '/repair-orders',
    query: { customer: id(customer1) },
    table: 'repair_orders',
    index: 'repair_orders_customer_idx',
    matches: half,
  },
  {
    path: '/repair-orders',
    query: { vehicle: id(vehicle1) },
    table: 'repair_orders',
    index: 'repair_orders_vehicle_idx',
    matches: half,
  },
  { path: `/repair-orders/${id(order1)}/jobs`, table: 'jobs', index: 'jobs_repair_order_idx', matches: all },
  { path: `/jobs/${id(job1)}/labor`, table: 'job_labor', index: 'job_labor_job_idx', matches: all },
  { path: `/jobs/${id(job1)}/parts`, table: 'job_parts', index: 'job_parts_job_idx', matches: all },
  { path: '/appointments', table: 'appointments', index: 'appointments_created_idx', matches: all },
  {
    path: '/appointments',
    query: { sort: 'updated_at' },
    table: 'appointments',
    index: 'appointments_updated_idx',
    matches: all,
  },
  {
    path: '/appointments',
    query: byUpdate,
    table: 'appointments',
    index: 'appointments_updated_idx',
    matches: updatedHalf,
  },
  {
    path: '/appointments',
    query: { customer: id(customer1) },
    table: 'appointments',
    index: 'appointments_customer_idx',
    matches: half,
  },
  {
    path: '/appointments',
    query: { vehicle: id(vehicle1) },
    table: 'appointments',
    index: 'appointments_vehicle_idx',
    matches: half,
  },
  {
    path: '/appointments',
    query: { status: 'booked' },
    table: 'appointments',
    index: 'appointments_status_idx',
    matches: half,
  },
  { path: '/invoices', table: 'invoices', index: 'invoices_created_idx', matches: all },
  {
    path: '/invoices',
    query: { customer: id(customer1) },
    table: 'invoices',
    index: 'invoices_customer_idx',
    matches: half,
  },
  { path: '/invoices', query: { status: 'posted' }, table: 'invoices', index: 'invoices_created_idx', matches: all },
  { path: '/payments', table: 'payments', index: 'payments_created_idx', matches: all },
  {
    path: '/payments',
    query: { invoice: id(invoice1) },
    table: 'payments',
    index: 'payments_invoice_idx',
    matches: half,
  },
  {
    path: '/payments',
    query: { repair_order: id(order1) },
    table: 'payments',
    index: 'payments_repair_order_idx',
    matches: half,
  },
  { path: '/tasks', table: 'tasks', index: 'tasks_created_idx', matches: all },
  { path: '/tasks', query: { sort: 'updated_at' }, table: 'tasks', index: 'tasks_updated_idx', matches: all },
  { path: '/tasks', query: byUpdate, table: 'tasks', index: 'tasks_updated_idx', matches: updatedHalf },
  { path: '/tasks', query: { status: 'open' }, table: 'tasks', index: 'tasks_status_idx', matches: half },
  { path: '/tasks', query: { assignee: id(tech1) }, table: 'tasks', index: 'tasks_assignee_idx', matches: half },
  { path: '/technicians', table: 'technicians', index: 'technicians_created_idx', matches: all },
  {
    path: '/technicians',
    query: { sort: 'updated_at' },
    table: 'technicians',
    index: 'technicians_updated_idx',
    matches: all,
  },
  {
    path: '/technicians',
    query: byUpdate,
    table: 'technicians',
    index: 'technicians_updated_idx',
    matches: updatedHalf,
  },
  {
    path: '/technicians',
    query: { active: 'true' },
    table: 'technicians',
    index: 'technicians_created_idx',
    matches: half,
  },
  { path: '/canned-jobs', table: 'canned_jobs', index: 'canned_jobs_created_idx', matches: all },
  {
    path: '/canned-jobs',
    query: { category: 'Brakes' },
    table: 'canned_jobs',
    index: 'canned_jobs_category_idx',
    matches: half,
  },
  {
    path: '/canned-jobs',
    query: { active: 'true' },
    table: 'canned_jobs',
    index: 'canned_jobs_created_idx',
    matches: half,
  },
  { path: '/inventory-items', table: 'inventory_items', index: 'inventory_items_created_idx', matches: all },
  {
    path: '/inventory-items',
    query: { product_family: 'tire' },
    table: 'inventory_items',
    index: 'inventory_items_family_idx',
    matches: half,
  },
  {
    path: '/inventory-items',
    query: { active: 'true' },
    table: 'inventory_items',
    index: 'inventory_items_created_idx',
    matches: half,
  },
  {
    path: '/inventory-items',
    query: { part_number: 'p-4242' },
    table: 'inventory_items',
    index: null,
    matches: 1,
  },
  { path: '/events', table: 'events', index: 'events_list_idx', matches: all },
  { path: '/events', query: { type: 'customer.created' }, table: 'events', index: 'events_list_idx', matches: half },
  { path: '/events', query: { order: 'asc' }, table: 'events', index: 'events_feed_idx', matches: all },
  {
    path: '/events',
    query: { order: 'asc', type: 'customer.created' },
    table: 'events',
    index: 'events_feed_idx',
    matches: half,
  },
]

interface ListBody {
  data: { id: string }[]
  has_more: boolean
  next_cursor: string | null
}

async function list(path: string, query: Record<string, string>): Promise<ListBody> {
  const response = await api.request(`/v1${path}?${new URLSearchParams(query)}`, { key })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status} ${text}`)
  return JSON.parse(text) as ListBody
}

/** The server's own cursor about 2/3 into the list, reached as a client would: page after page. */
async function deepCursor(item: Case): Promise<{ cursor: string; depth: number }> {
  const walk = 200
  const pages = Math.floor((item.matches * 2) / 3 / walk)
  let cursor: string | null = null
  for (let page = 0; page < pages; page++) {
    const body: ListBody = await list(item.path, { ...item.query, limit: String(walk), ...(cursor ? { cursor } : {}) })
    if (!body.next_cursor) throw new Error(`GET ${item.path} ended after ${page + 1} pages`)
    cursor = body.next_cursor
  }
  if (!cursor) throw new Error(`GET ${item.path}: no cursor`)
  return { cursor, depth: pages * walk }
}

/** What is wrong with a page's plan: nothing when the limit is over an ordered scan of `index`. */
function planProblems(explained: Explained, item: Case): string[] {
  const nodes = nodesOf(explained.Plan)
  const page = pageNode(explained.Plan)
  const problems: string[] = []
  if (item.index) {
    if (page['Node Type'] !== 'Limit') problems.push(`the page is a ${page['Node Type']}, not a Limit`)
    const scan = page.Plans?.find((child) => child['Parent Relationship'] === 'Outer')
    if (!/^Index (Only )?Scan$/.test(scan?.['Node Type'] ?? '')) {
      problems.push(`the limit is over a ${scan?.['Node Type']}, not an ordered index scan`)
    } else if (scan?.['Relation Name'] !== item.table || scan?.['Index Name'] !== item.index) {
      problems.push(`the index scanned is ${scan?.['Index Name']} on ${scan?.['Relation Name']}`)
    }
    if (nodesOf(page).some((node) => node['Node Type'].includes('Sort'))) problems.push('a sort under the limit')
  }
  for (const sort of nodes.filter((node) => node['Node Type'].includes('Sort'))) {
    if (sort['Actual Rows'] > pageSize + 1) problems.push(`a sort of ${sort['Actual Rows']} rows`)
  }
  const read = nodes.filter((node) => node['Relation Name'] === item.table).reduce((n, node) => n + rowsRead(node), 0)
  if (read >= maxRowsRead) problems.push(`${read} rows of ${item.table} read`)
  return problems
}

/** One page through the server, its list statement explained; the plans must pass planProblems. */
async function checkPage(t: Test, item: Case, label: string, query: Record<string, string>) {
  explaining.state.captured = []
  explaining.state.capturing = true
  let body: ListBody
  try {
    body = await list(item.path, { ...item.query, ...query, limit: String(pageSize) })
  } finally {
    explaining.state.capturing = false
  }
  t.equal(body.data.length, Math.min(pageSize, item.matches), 'a full page')
  const [captured, ...others] = explaining.state.captured
  t.equal(others.length, 0, 'one list statement')
  if (!captured) return t.fail('the list statement was not captured')
  for (const mode of planModes) {
    const summary = describePlan(captured.plans[mode], item.table)
    report.push(`${label} [${mode}]: ${summary}`)
    t.same(planProblems(captured.plans[mode], item), [], `${mode} plan: ${summary}`, {
      statement: captured.statement,
    })
  }
}

const report: string[] = []

for (const item of cases) {
  const label = `${item.path.replace(/\/[a-z]+_[0-9A-Za-z]+/, '/{id}')}${item.query ? ` ${new URLSearchParams(item.query)}` : ''}`
  const how = item.index ? `from ${item.index} under their limit` : 'through the filter, a few rows'
  t.test(`${label}: pages are read ${how}`, async (t) => {
    await checkPage(t, item, `${label}, first page`, {})
    if (item.matches <= pageSize) return
    const { cursor, depth } = await deepCursor(item)
    await checkPage(t, item, `${label}, ${depth} rows deep`, { cursor })
  })
}

t.test('no table of the test was ever analyzed', async (t) => {
  const { rows } = await sql.query<{ relname: string }>(
    `select relname from pg_stat_user_tables
     where last_analyze is not null or last_autoanalyze is not null or last_vacuum is not null
       or last_autovacuum is not null`,
  )
  t.same(rows, [])
  const tables = [...new Set(cases.map((item) => item.table))]
  const { rows: estimates } = await sql.query<{ relname: string; reltuples: number }>(
    `select relname, reltuples from pg_class where relname = any($1::text[]) and reltuples >= 0`,
    [tables],
  )
  t.same(estimates, [], 'no row count known to the planner (reltuples -1: never vacuumed or analyzed)')
  t.comment(`Plans of a page of ${pageSize} about 2/3 into 10,000 unanalyzed rows:\n${report.join('\n')}`)
})
