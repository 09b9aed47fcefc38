#!/usr/bin/env node
// The ceiling the API is compared with: Fastify + pg over the same tables and the same pool size, with
// named (prepared) statements and no auth, no validation, no logging, no idempotency and no resource mapping; each route runs the SQL
// the API's route runs (same filters, same keyset, same limit + 1). Run as its own process, like
// `shopapi serve`, so both servers compete for the same cores with the load generator.
// Env: DATABASE_URL, BENCH_SHOP_ID (the shop's uuid), SHOPAPI_DB_POOL_SIZE (default 20).
// Prints {"url": ...} on stdout once listening on 127.0.0.1.
import Fastify from 'fastify'
import pg from 'pg'
import { newPublicId } from '../dist/lib/ids.js'

const shopId = process.env.BENCH_SHOP_ID
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.SHOPAPI_DB_POOL_SIZE ?? 20),
  idleTimeoutMillis: 30_000,
})
pool.on('error', () => {})

const columns = `public_id, first_name, last_name, company_name, email, phone, phone_alt, address_line1, address_city,
  address_region, address_postal_code, address_country, preferred_contact, consent_sms_transactional,
  consent_sms_marketing, consent_email_transactional, consent_email_marketing, consent_voice, consent_do_not_call,
  notes, tags, fleet_account, tax_exempt, archived_at, merged_into_id, version, created_at, updated_at`

const app = Fastify({ logger: false })

app.get('/shop/:id', async (request) => {
  const { rows } = await pool.query({
    name: 'bare-shop',
    text: 'select public_id, name, timezone, currency from shops where public_id = $1',
    values: [request.params.id],
  })
  return rows[0]
})

app.get('/customers/:id', async (request, reply) => {
  const { rows } = await pool.query({
    name: 'bare-customer',
    text: `select ${columns} from customers where shop_id = $1 and public_id = $2`,
    values: [shopId, request.params.id],
  })
  if (!rows[0]) return reply.code(404).send({ error: 'not found' })
  return rows[0]
})

// ?limit=50[&after_created_at=...&after_id=...] | ?q=term
app.get('/customers', async (request) => {
  const { q, after_created_at: afterCreatedAt, after_id: afterId } = request.query
  const limit = Number(request.query.limit ?? 50)
  const values = [shopId]
  let where = 'shop_id = $1 and archived_at is null'
  if (q) {
    values.push(`%${q.toLowerCase()}%`)
    where += ` and search_text like $${values.length}`
  }
  if (afterCreatedAt) {
    values.push(afterCreatedAt, afterId)
    where += ` and (created_at, public_id) < ($${values.length - 1}::timestamptz, $${values.length})`
  }
  const text = `select ${columns} from customers where ${where} order by created_at desc, public_id desc limit ${limit + 1}`
  // Named per shape (first page, deep page, search), as the API prepares its list statements.
  const { rows } = await pool.query({
    name: `bare-customers-${q ? 'q' : ''}${afterCreatedAt ? 'after' : ''}-${limit}`,
    text,
    values,
  })
  const data = rows.slice(0, limit)
  return { data, has_more: rows.length > limit, last: data.at(-1)?.public_id ?? null }
})

// The customer and its event in one transaction.
app.post('/customers', async (request, reply) => {
  const body = request.body
  const publicId = newPublicId('customer')
  const client = await pool.connect()
  try {
    await client.query('begin')
    const { rows } = await client.query(
      `insert into customers (shop_id, public_id, first_name, last_name, email, phone, address_city, address_region,
         tags) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${columns}`,
      [
        shopId,
        publicId,
        body.first_name,
        body.last_name,
        body.email ?? null,
        body.phone ?? null,
        body.city ?? null,
        body.region ?? null,
        body.tags ?? [],
      ],
    )
    await client.query(
      `insert into events (shop_id, public_id, type, object_type, object_id, summary)
       values ($1, $2, 'customer.created', 'customer', $3, $4)`,
      [shopId, newPublicId('event'), publicId, { first_name: body.first_name, last_name: body.last_name }],
    )
    await client.query('commit')
    return reply.code(201).send(rows[0])
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
})

// The repair-order list's first page with the joins the API's list makes (owner, vehicle, currency,
// the integration's external id), and a page of one repair order's jobs.
const repairOrderColumns = `ro.public_id, ro.number_value, ro.state, c.public_id as customer_id, v.public_id as vehicle_id,
  ro.customer_concern, ro.odometer_in, ro.odometer_out, ro.is_comeback, ro.tax_exempt, ro.promised_at, ro.completed_at,
  ro.invoiced_at, ro.picked_up_at, ro.labor_total, ro.parts_total, ro.fees_total, ro.discounts_total, ro.subtotal,
  ro.tax_total, ro.total, s.currency, r.external_id, ro.version, ro.created_at, ro.updated_at`

app.get('/repair-orders', async (request) => {
  const limit = Number(request.query.limit ?? 50)
  const { rows } = await pool.query({
    name: 'bare-repair-orders',
    text: `select ${repairOrderColumns} from repair_orders ro
      join customers c on c.shop_id = ro.shop_id and c.id = ro.customer_id
      join vehicles v on v.shop_id = ro.shop_id and v.id = ro.vehicle_id
      join shops s on s.id = ro.shop_id
      left join external_refs r on r.shop_id = ro.shop_id and r.integration_id is null and r.object_type = 'repair_order'
        and r.object_id = ro.id
      where ro.shop_id = $1 order by ro.created_at desc, ro.public_id desc limit $2`,
    values: [shopId, limit + 1],
  })
  const data = rows.slice(0, limit)
  return { data, has_more: rows.length > limit, last: data.at(-1)?.public_id ?? null }
})

app.get('/repair-orders/:id/jobs', async (request, reply) => {
  const limit = Number(request.query.limit ?? 50)
  const { rows } = await pool.query({
    name: 'bare-repair-order-jobs',
    text: `select j.public_id, ro.public_id as repair_order_id, j.name, j.description, j.kind, j.decision_state,
        j.execution_state, cj.public_id as canned_job_id, t.public_id as technician_id, j.labor_hours, j.taxable,
        j.started_at, j.completed_at, j.labor_total, j.parts_total, j.fees_total, j.discounts_total, j.subtotal,
        j.tax_total, j.total, s.currency, j.created_at, j.updated_at
      from jobs j
      join repair_orders ro on ro.shop_id = j.shop_id and ro.id = j.repair_order_id
      join shops s on s.id = j.shop_id
      left join canned_jobs cj on cj.shop_id = j.shop_id and cj.id = j.canned_job_id
      left join technicians t on t.shop_id = j.shop_id and t.id = j.technician_id
      where j.shop_id = $1 and j.repair_order_id = (select id from repair_orders where shop_id = $1 and public_id = $2)
      order by j.created_at desc, j.public_id desc limit $3`,
    values: [shopId, request.params.id, limit + 1],
  })
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' })
  const data = rows.slice(0, limit)
  return { data, has_more: rows.length > limit, last: data.at(-1)?.public_id ?? null }
})

await app.listen({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${app.server.address().port}` })}\n`)

const stop = async () => {
  await app.close()
  await pool.end()
  process.exit(0)
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
