#!/usr/bin/env node
// The ceiling the API is compared with: Fastify + pg over the same tables and the same pool size, with
// no auth, no validation, no logging, no idempotency and no resource mapping; each route runs the SQL
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
  const { rows } = await pool.query('select public_id, name, timezone, currency from shops where public_id = $1', [
    request.params.id,
  ])
  return rows[0]
})

app.get('/customers/:id', async (request, reply) => {
  const { rows } = await pool.query(`select ${columns} from customers where shop_id = $1 and public_id = $2`, [
    shopId,
    request.params.id,
  ])
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
  const { rows } = await pool.query(
    `select ${columns} from customers where ${where} order by created_at desc, public_id desc limit ${limit + 1}`,
    values,
  )
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

await app.listen({ host: '127.0.0.1', port: 0 })
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${app.server.address().port}` })}\n`)

const stop = async () => {
  await app.close()
  await pool.end()
  process.exit(0)
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
