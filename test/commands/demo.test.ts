// `shopapi demo`: the built CLI run in-process (runCommand over dist/, so `npm run build` first) fills two shops with one seed;
// everything is then read back through the API with the printed key, on a real socket, every response
// checked against the served OpenAPI document by the test app's guard.
import t from 'tap'
import { scopeCatalogue } from '../../src/lib/scopes.js'
import { AppointmentListQuerySchema } from '../../src/resources/appointments/schema.js'
import { InvoiceListQuerySchema } from '../../src/resources/invoices/schema.js'
import { decisionStates, executionStates } from '../../src/resources/jobs/schema.js'
import { RepairOrderListQuerySchema } from '../../src/resources/repair-orders/schema.js'
import { TaskListQuerySchema } from '../../src/resources/tasks/schema.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import type { CliResult } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { createTestDatabase } from '../helpers/database.js'

t.setTimeout(600_000)

type Json = Record<string, unknown>

interface DemoJson {
  shop_id: string
  integration_id: string
  api_key: string
  counts: Record<string, number>
}

const describe = (result: CliResult) => `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`

/** The values a zod enum (optional or not) accepts: the state lists come from the contract's schemas. */
function enumValues(schema: unknown): string[] {
  const inner = (schema as { unwrap?: () => unknown }).unwrap?.() ?? schema
  return [...((inner as { options: readonly string[] }).options ?? [])]
}

/** Every object of a list, page by page. */
async function listAll(app: TestApp, key: string, path: string): Promise<Json[]> {
  const objects: Json[] = []
  let cursor: string | null = null
  do {
    const separator = path.includes('?') ? '&' : '?'
    const response = await app.request(
      `/v1${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    )
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
    const page = (await response.json()) as { data: Json[]; has_more: boolean; next_cursor: string | null }
    objects.push(...page.data)
    cursor = page.has_more ? page.next_cursor : null
  } while (cursor)
  return objects
}

interface ShopObjects {
  customers: Json[]
  vehicles: Json[]
  technicians: Json[]
  appointments: Json[]
  repairOrders: Json[]
  jobs: Json[]
  labor: Json[]
  parts: Json[]
  cannedJobs: Json[]
  inventory: Json[]
  invoices: Json[]
  payments: Json[]
  tasks: Json[]
  events: Json[]
}

/** Everything the Demo key can read of its shop, through the API. */
async function readShop(app: TestApp, key: string): Promise<ShopObjects> {
  const repairOrders = await listAll(app, key, '/repair-orders')
  const jobs: Json[] = []
  for (const order of repairOrders) jobs.push(...(await listAll(app, key, `/repair-orders/${order.id}/jobs`)))
  const labor: Json[] = []
  const parts: Json[] = []
  for (const job of jobs) {
    labor.push(...(await listAll(app, key, `/jobs/${job.id}/labor`)))
    parts.push(...(await listAll(app, key, `/jobs/${job.id}/parts`)))
  }
  return {
    customers: await listAll(app, key, '/customers?lifecycle=all'),
    vehicles: await listAll(app, key, '/vehicles?lifecycle=all'),
    technicians: [
      ...(await listAll(app, key, '/technicians?active=true')),
      ...(await listAll(app, key, '/technicians?active=false')),
    ],
    appointments: await listAll(app, key, '/appointments'),
    repairOrders,
    jobs,
    labor,
    parts,
    cannedJobs: await listAll(app, key, '/canned-jobs'),
    inventory: await listAll(app, key, '/inventory-items'),
    invoices: await listAll(app, key, '/invoices'),
    payments: await listAll(app, key, '/payments'),
    tasks: await listAll(app, key, '/tasks'),
    events: await listAll(app, key, '/events'),
  }
}

const idPattern = /\b([a-z]+)_[0-9A-Za-z]{16,}\b/g
/** Instants that record when a row was written, not what the demo chose. */
const chosenInstants = new Set(['starts_at', 'ends_at', 'due_at', 'promised_at'])

/** An object with its ids reduced to their kind and the instants of writing left out. */
function normalize(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(idPattern, '$1_*')
  if (Array.isArray(value)) return value.map((inner) => normalize(inner))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => !name.endsWith('_at') || chosenInstants.has(name))
        .map(([name, inner]) => [name, normalize(inner)]),
    )
  }
  return value
}

/** The objects as a sorted list of their normalized forms: equal whatever order they were listed in. */
const comparable = (objects: Json[]) => objects.map((object) => JSON.stringify(normalize(object))).sort()

const countBy = (objects: Json[], field: string) => {
  const counts: Record<string, number> = {}
  for (const object of objects) {
    const value = String(object[field])
    counts[value] = (counts[value] ?? 0) + 1
  }
  return counts
}

t.test('demo: two runs with one seed make the same shop, every state, read back through the API', async (t) => {
  const database = await createTestDatabase(t)
  const env = { DATABASE_URL: database.url, SHOPAPI_LOG_LEVEL: 'silent' }
  const runs: DemoJson[] = []
  for (let run = 0; run < 2; run++) {
    const result = await runCommand(['demo', '--seed', '7', '--customers', '30', '--json'], env)
    t.equal(result.code, 0, `demo run ${run + 1} exits 0`, { output: describe(result) })
    const printed = JSON.parse(result.stdout) as DemoJson
    t.same(Object.keys(printed).sort(), ['api_key', 'counts', 'integration_id', 'shop_id'], '--json prints four fields')
    t.match(printed, { shop_id: /^shop_/, integration_id: /^int_/, api_key: /^shopapi_/ })
    t.same(
      Object.keys(printed.counts).sort(),
      [
        'appointments',
        'canned_jobs',
        'credit_notes',
        'customers',
        'events',
        'fleet_accounts',
        'inventory_items',
        'invoices',
        'jobs',
        'labor_entries',
        'merged_customers',
        'parts',
        'payments',
        'repair_orders',
        'tasks',
        'technicians',
        'vehicles',
      ],
      'counts name every kind of record',
    )
    for (const [name, count] of Object.entries(printed.counts)) t.ok(count > 0, `${name}: ${count}`)
    runs.push(printed)
  }
  const [first, second] = runs as [DemoJson, DemoJson]
  t.not(first.shop_id, second.shop_id, 'each run makes its own shop')
  t.same(first.counts, second.counts, 'the same counts')

  // The key: every read scope (pricing.read and inventory.cost.read among them), nothing that writes.
  const { rows: integrations } = await database.pool.query<{ name: string; scopes: string[] }>(
    'select name, scopes from integrations where public_id = $1::text',
    [first.integration_id],
  )
  const readScopes = Object.keys(scopeCatalogue).filter((scope) => scope.endsWith('.read'))
  t.equal(integrations[0]?.name, 'Demo')
  t.same([...(integrations[0]?.scopes ?? [])].sort(), readScopes.sort(), 'every read scope, and only those')
  t.ok(readScopes.includes('pricing.read') && readScopes.includes('inventory.cost.read'))

  const app = await startTestApp(t, { database })
  const refused = await app.request('/v1/customers', {
    key: first.api_key,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'demo-write' },
    body: JSON.stringify({ first_name: 'A', last_name: 'B' }),
  })
  t.equal(refused.status, 403, 'the Demo key cannot write')
  await refused.text()

  const shop = await (await app.request('/v1/shop', { key: first.api_key })).json()
  t.match(shop, { id: first.shop_id, name: 'Demo Auto Repair', timezone: 'America/New_York', currency: 'USD' })

  const one = await readShop(app, first.api_key)
  const other = await readShop(app, second.api_key)

  t.test('same seed, same objects (ids and the instants rows were written aside)', async (t) => {
    for (const kind of Object.keys(one) as (keyof ShopObjects)[]) {
      if (kind === 'events') continue
      t.same(comparable(other[kind]), comparable(one[kind]), `${kind}: ${one[kind].length} alike`)
    }
    t.same(countBy(other.events, 'type'), countBy(one.events, 'type'), 'the same events by type')
  })

  t.test('the counts are what the API shows', async (t) => {
    t.equal(one.customers.length, first.counts.customers)
    t.equal(one.vehicles.length, first.counts.vehicles)
    t.equal(one.repairOrders.length, first.counts.repair_orders)
    t.equal(one.jobs.length, first.counts.jobs)
    t.equal(one.appointments.length, first.counts.appointments)
    t.equal(one.tasks.length, first.counts.tasks)
    t.equal(one.invoices.filter((document) => document.doc_type === 'invoice').length, first.counts.invoices)
    t.equal(one.payments.length, first.counts.payments)
  })

  t.test('every state of every state machine appears', async (t) => {
    const machines: [string, Json[], string, string[]][] = [
      ['repair order', one.repairOrders, 'state', enumValues(RepairOrderListQuerySchema.shape.state)],
      ['job decision', one.jobs, 'decision_state', [...decisionStates]],
      ['job execution', one.jobs, 'execution_state', [...executionStates]],
      ['appointment', one.appointments, 'status', enumValues(AppointmentListQuerySchema.shape.status)],
      ['task', one.tasks, 'status', enumValues(TaskListQuerySchema.shape.status)],
      ['invoice status', one.invoices, 'status', enumValues(InvoiceListQuerySchema.shape.status)],
      ['document type', one.invoices, 'doc_type', enumValues(InvoiceListQuerySchema.shape.doc_type)],
    ]
    for (const [name, objects, field, states] of machines) {
      t.ok(states.length >= 2, `${name}: ${states.join(', ')}`)
      const seen = new Set(objects.map((object) => object[field]))
      t.same(
        states.filter((state) => !seen.has(state)),
        [],
        `${name}: every one of ${states.length} states appears`,
      )
    }
    t.ok(
      one.repairOrders.some((order) => order.state === 'unknown'),
      'one repair order shows as unknown (on hold)',
    )
    const kinds = new Set(one.payments.map((payment) => payment.kind))
    t.ok(kinds.has('payment') && kinds.has('refund') && kinds.has('reversal'), 'payments, a refund and a reversal')
  })

  t.test('the shop looks like a shop', async (t) => {
    t.ok(
      one.customers.some((customer) => customer.fleet_account === true),
      'fleet accounts',
    )
    const merged = one.customers.filter((customer) => customer.merged_into !== null)
    t.ok(merged.length >= 2 && merged.every((customer) => customer.archived === true), 'merged duplicates, archived')
    const consents = new Set(one.customers.map((customer) => JSON.stringify(customer.consent)))
    t.ok(consents.size > 3, `varied consent (${consents.size} combinations)`)
    t.ok(
      one.vehicles.every((vehicle) => typeof vehicle.vin === 'string' && typeof vehicle.plate === 'string'),
      'every vehicle has a VIN (the API checked its check digit) and a plate',
    )
    const tires = one.inventory.filter((item) => item.product_family === 'tire')
    t.ok(new Set(tires.map((item) => (item.tire as Json | null)?.size)).size >= 3, 'tires of several sizes')
    t.ok(
      one.inventory.every((item) => item.cost !== null && (item.redacted_fields as unknown[]).length === 0),
      'costs are shown to the Demo key (inventory.cost.read)',
    )
    t.ok(
      one.repairOrders.every((order) => (order.redacted_fields as unknown[]).length === 0),
      'prices are shown to the Demo key (pricing.read)',
    )
    const byTechnician = one.technicians.map((technician) => technician.active)
    t.ok(byTechnician.includes(true) && byTechnician.includes(false), 'active technicians and one who left')
    // Fall back: one wall-clock date and time read twice, at two instants an hour apart.
    const readings = new Map<string, Set<unknown>>()
    for (const appointment of one.appointments) {
      const clock = `${appointment.date} ${appointment.time}`
      readings.set(clock, (readings.get(clock) ?? new Set()).add(appointment.starts_at))
    }
    t.ok(
      [...readings.values()].some((instants) => instants.size === 2),
      'two appointments in the repeated hour of the autumn clock change',
    )
    const kinds = new Set(one.jobs.map((job) => job.kind))
    t.ok(kinds.has('fee') && kinds.has('discount') && kinds.has('no_charge') && kinds.has('service'), 'every job kind')
    t.ok(one.labor.length > 0 && one.parts.length > 0, 'labor and parts')
  })

  t.test('events were recorded for the changes, and the Demo key reads them', async (t) => {
    const types = countBy(one.events, 'type')
    for (const type of [
      'customer.created',
      'customer.merged',
      'vehicle.created',
      'repair_order.created',
      'repair_order.status_changed',
      'job.created',
      'job.status_changed',
      'appointment.created',
      'appointment.status_changed',
      'invoice.posted',
      'invoice.voided',
      'credit_note.issued',
      'payment.recorded',
      'payment.reversed',
      'task.created',
      'task.completed',
    ]) {
      t.ok((types[type] ?? 0) > 0, `${type}: ${types[type] ?? 0}`)
    }
    t.equal(types['customer.created'], first.counts.customers, 'one customer.created per customer')
    const { rows } = await database.pool.query<{ count: number }>(
      'select count(*)::integer as count from events e join shops s on s.id = e.shop_id where s.public_id = $1::text',
      [first.shop_id],
    )
    t.equal(rows[0]?.count, first.counts.events, 'the events count is the log of the shop')
  })
})

t.test('demo --shop fills a shop that exists; a bad shop id is one error line', async (t) => {
  const database = await createTestDatabase(t)
  const env = { DATABASE_URL: database.url, SHOPAPI_LOG_LEVEL: 'silent' }
  const created = await runCommand(
    ['shops', 'create', '--name', 'Corner Garage', '--timezone', 'America/Chicago', '--currency', 'USD', '--json'],
    env,
  )
  const shop = JSON.parse(created.stdout) as { id: string }
  const filled = await runCommand(['demo', '--shop', shop.id, '--customers', '5', '--json'], env)
  t.equal(filled.code, 0, describe(filled))
  t.equal((JSON.parse(filled.stdout) as DemoJson).shop_id, shop.id, 'the shop named is filled')
  const bad = await runCommand(['demo', '--shop', 'cus_nope'], env)
  t.equal(bad.code, 1)
  t.match(bad.stderr, /^Error: "cus_nope" is not a shop id/)
})
