// EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the API runs for its customer lists and its booking
// calendar: the queries are built by the API's own listCustomers/getCustomer/availability (from dist/)
// against a Queryable that explains each statement (and, for availability, also runs it for rows).
import pg from 'pg'
import { phoneRegionForTimezone } from '../dist/lib/phones.js'
import { addDays } from '../dist/lib/wall-clock.js'
import { availability } from '../dist/resources/appointments/availability.js'
import { getCustomer, listCustomers } from '../dist/resources/customers/service.js'

/** The position in a cursor the API issued (its payload is signed, not encrypted). */
export function cursorPosition(cursor) {
  const [, , sortValue, publicId] = JSON.parse(Buffer.from(cursor.split('.')[0], 'base64url').toString('utf8'))
  return { sortValue, publicId }
}

/**
 * `deepOnly`: only the first page, the deepest cursor page and the get (right after a load, before
 * ANALYZE, without the q survey). `getId`: the customer the get reads (default: a sampled one).
 */
export async function explainListQueries(
  url,
  { shop, integration, sample, deepCursor, terms, deepOnly = false, getId = sample.ids[0] },
) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  const reader = { shopId: shop.id, integrationId: integration.id }
  const region = phoneRegionForTimezone(shop.timezone)
  const plans = []
  const termPlans = []
  let current
  const explaining = {
    async query(text, values) {
      const sql = typeof text === 'string' ? text : text.text
      const params = typeof text === 'string' ? values : text.values
      const { rows } = await client.query(`explain (analyze, buffers, costs on) ${sql}`, params)
      current.plan = rows.map((r) => r['QUERY PLAN']).join('\n')
      return { rows: [], rowCount: 0 }
    },
  }
  const page = (sort = 'created_at', after) => ({ sort, limit: 50, ...(after ? { after } : {}) })
  const [commonTerm, rareTerm] = pickTerms(terms)
  const cases = [
    ['default list page (limit 50)', { lifecycle: 'active' }, page()],
    ['deep cursor page (created_at)', { lifecycle: 'active' }, page('created_at', deepCursor)],
    ['sort=updated_at (first page)', { lifecycle: 'active' }, page('updated_at')],
    ['sort=updated_at deep cursor', { lifecycle: 'active' }, page('updated_at', sample.deepUpdated)],
    ['email filter', { lifecycle: 'active', email: sample.probe.email.toUpperCase() }, page()],
    ['phone filter', { lifecycle: 'active', phone: sample.probe.phone }, page()],
    ['external_id filter', { lifecycle: 'active', external_id: sample.probe.external_id }, page()],
    [`q filter, common term "${commonTerm}"`, { lifecycle: 'active', q: commonTerm }, page()],
    [`q filter, rare term "${rareTerm}"`, { lifecycle: 'active', q: rareTerm }, page()],
    ['lifecycle=archived', { lifecycle: 'archived' }, page()],
    [
      'updated_after (last 7 days)',
      { lifecycle: 'active', updated_after: new Date(Date.now() - 7 * 86_400_000) },
      page('updated_at'),
    ],
  ]
  try {
    for (const [name, filters, request] of deepOnly ? cases.slice(0, 2) : cases) {
      current = { name }
      await listCustomers(explaining, reader, filters, region, request)
      plans.push(current)
    }
    current = { name: 'get by id (GET /v1/customers/{id})' }
    await getCustomer(explaining, reader, getId).catch(() => {})
    plans.push(current)
    // q is only as good as its worst common term: run the plan of every sampled term (up to 100).
    for (const term of deepOnly ? [] : terms.slice(0, 100)) {
      current = { name: `q "${term}"` }
      await listCustomers(explaining, reader, { lifecycle: 'active', q: term }, region, page())
      termPlans.push(current)
    }
  } finally {
    await client.end()
  }
  for (const plan of [...plans, ...termPlans]) {
    plan.seqScanOnCustomers = /Seq Scan on customers\b/.test(plan.plan)
    plan.executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan.plan)?.[1] ?? Number.NaN)
    plan.access = accessPath(plan.plan)
    // A plan can avoid a Seq Scan and still read the whole table through an index, filtering it.
    plan.rowsFiltered = Math.max(
      0,
      ...[...plan.plan.matchAll(/Rows Removed by Filter: (\d+)/g)].map((m) => Number(m[1])),
    )
  }
  const times = termPlans.map((p) => p.executionMs).sort((a, b) => a - b)
  const worst = termPlans.reduce((a, b) => (b.executionMs > a.executionMs ? b : a), termPlans[0])
  const qSurvey = {
    terms: termPlans.length,
    meanMs: times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length),
    p95Ms: times[Math.floor(times.length * 0.95)] ?? Number.NaN,
    worst: worst ? `${worst.name} ${worst.executionMs.toFixed(1)} ms (${worst.access})` : '-',
    trigram: termPlans.filter((p) => p.access.includes('customers_search_idx')).length,
    seqScans: termPlans.filter((p) => p.seqScanOnCustomers).map((p) => p.name),
  }
  return { plans, qSurvey: deepOnly ? null : qSurvey }
}

/**
 * The plans of GET /appointments/availability's statements (the week and closures; the slot-holding
 * appointments counted per date) over a month from a week ahead, and over the longest range (92 dates).
 * availability() needs the rows (it builds the entries from them), so each statement is explained and
 * then run.
 */
export async function explainAvailability(url, { shop, today }) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  const plans = []
  let range
  const explainingAndRunning = {
    async query(text, values) {
      const sql = typeof text === 'string' ? text : text.text
      const params = typeof text === 'string' ? values : text.values
      const explained = await client.query(`explain (analyze, buffers, costs on) ${sql}`, params)
      const plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n')
      plans.push({ name: `${range}: ${typeof text === 'string' ? 'statement' : text.name}`, plan })
      return client.query(sql, params)
    },
  }
  try {
    for (const [days, from] of [
      [31, addDays(today, 7)],
      [92, today],
    ]) {
      range = `availability ${days} dates`
      await availability(explainingAndRunning, shop.id, from, addDays(from, days - 1))
    }
  } finally {
    await client.end()
  }
  for (const plan of plans) {
    plan.executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan.plan)?.[1] ?? Number.NaN)
    plan.seqScanOnAppointments = /Seq Scan on appointments\b/.test(plan.plan)
    plan.access =
      plan.plan
        .split('\n')
        .map((line) => line.trim().replace(/^->\s*/, ''))
        .filter((line) => / on (appointments|shop_hours|shop_closures)\b/.test(line))
        .map((line) => line.replace(/\s+\(cost=.*$/, ''))
        .join('; ') || '(none)'
    plan.rowsFiltered = Math.max(
      0,
      ...[...plan.plan.matchAll(/Rows Removed by Filter: (\d+)/g)].map((m) => Number(m[1])),
    )
  }
  return plans
}

/** The term matching most and the one matching fewest (of those sampled), by length as a cheap proxy. */
function pickTerms(terms) {
  const sorted = [...terms].sort((a, b) => a.length - b.length)
  return [sorted[0] ?? 'son', sorted.at(-1) ?? 'martinez']
}

/**
 * How the plan reaches `customers c`: the nodes that scan it (the page's scan is `c_1` when the
 * statement pages first and joins the page by primary key).
 */
function accessPath(plan) {
  const lines = plan.split('\n')
  const scans = lines
    .map((line) => line.trim().replace(/^->\s*/, ''))
    .filter((line) => / on customers c(_\d+)?(?![\w])|Bitmap Index Scan on customers_/.test(line))
    .map((line) => line.replace(/\s+\(cost=.*$/, ''))
  return scans.join('; ') || '(none)'
}
