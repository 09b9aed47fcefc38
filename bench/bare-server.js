#!/usr/bin/env node
// The ceiling the API is compared with: Fastify + pg over the same tables and the same pool size, with
// named (prepared) statements for every query (BEGIN and COMMIT included), and no auth, no validation,
// no logging, no idempotency and no resource mapping. Each route runs the SQL shape of the API's route:
// the same joins, the same keyset, limit + 1, and for list pages the API's page-then-join shape
// (pageSql). Run as its own process, like `shopapi serve`, so both servers compete for the same cores
// with the load generator.
// Env: DATABASE_URL, BENCH_SHOP_ID (the shop's uuid), BENCH_INTEGRATION_ID (the reading integration's
// uuid: its external ids are joined, as the API's are), SHOPAPI_DB_POOL_SIZE (default 20).
// Prints {"url": ...} on stdout once listening on 127.0.0.1.
import Fastify from 'fastify'
import pg from 'pg'
import { newPublicId } from '../dist/lib/ids.js'

const shopId = process.env.BENCH_SHOP_ID
const integrationId = process.env.BENCH_INTEGRATION_ID
if (!shopId || !integrationId) throw new Error('BENCH_SHOP_ID and BENCH_INTEGRATION_ID are required')
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.SHOPAPI_DB_POOL_SIZE ?? 20),
  idleTimeoutMillis: 30_000,
})
pool.on('error', () => {})

// Every statement is named (prepared once per connection, then only bound and executed), BEGIN,
// COMMIT and ROLLBACK included: a hand-written server at its cheapest, which is what the ratios divide by.
const begin = { name: 'bare-begin', text: 'begin' }
const commit = { name: 'bare-commit', text: 'commit' }
const rollback = { name: 'bare-rollback', text: 'rollback' }

/**
 * A keyset page as the API's list pages run it (src/platform/resource.ts listRecords): the base table
 * paged on its ordered index in a subquery (filters, keyset, order, limit + 1), then each row of the
 * page joined as a one-row source (LATERAL, limit 1), so no join can be planned over the whole table,
 * and the rows come out in the index's order.
 */
function pageSql({ table, alias, where, select, from, limit }) {
  const source = `${table} ${alias}`
  if (!from.startsWith(source)) throw new Error(`pageSql: ${from} does not start with ${source}`)
  return `select row.* from (
      select ${alias}.* from ${source} where ${where}
      order by ${alias}.created_at desc, ${alias}.public_id desc limit ${limit + 1}) page
    cross join lateral (
      select ${select} from (select page.*) ${alias}${from.slice(source.length)} limit 1) row
    order by page.created_at desc, page.public_id desc`
}

function pageOf(rows, limit) {
  const data = rows.slice(0, limit)
  return { data, has_more: rows.length > limit, last: data.at(-1)?.public_id ?? null }
}

// The customer as GET /v1/customers/{id} reads it: the reading integration's external id and the
// customer it was merged into come with it (same joins as the API's customer definition).
const customerColumns = `c.public_id, c.first_name, c.last_name, c.company_name, c.email, c.phone, c.phone_alt,
  c.address_line1, c.address_city, c.address_region, c.address_postal_code, c.address_country, c.preferred_contact,
  c.consent_sms_transactional, c.consent_sms_marketing, c.consent_email_transactional, c.consent_email_marketing,
  c.consent_voice, c.consent_do_not_call, c.notes, c.tags, c.fleet_account, c.tax_exempt,
  c.archived_at is not null as archived, r.external_id, m.public_id as merged_into, c.version, c.created_at, c.updated_at`
// $2 is the integration whose external ids are read.
const customerFrom = `customers c
  left join external_refs r on r.shop_id = c.shop_id and r.integration_id = $2::uuid and r.object_type = 'customer'
    and r.object_id = c.id
  left join customers m on m.shop_id = c.shop_id and m.id = c.merged_into_id`

const app = Fastify({ logger: false })

app.get('/shop/:id', async (request) => {
  const { rows } = await pool.query({
    name: 'bare-shop',
    text: 'select public_id, name, timezone, currency from shops where public_id = $1::text',
    values: [request.params.id],
  })
  return rows[0]
})

app.get('/customers/:id', async (request, reply) => {
  const { rows } = await pool.query({
    name: 'bare-customer',
    text: `select ${customerColumns} from ${customerFrom} where c.shop_id = $1::uuid and c.public_id = $3::text`,
    values: [shopId, integrationId, request.params.id],
  })
  if (!rows[0]) return reply.code(404).send({ error: 'not found' })
  return rows[0]
})

// ?limit=50[&after_created_at=...&after_id=...] | ?q=term: the default (active) list, newest first.
app.get('/customers', async (request) => {
  const { q, after_created_at: afterCreatedAt, after_id: afterId } = request.query
  const limit = Number(request.query.limit ?? 50)
  const values = [shopId, integrationId]
  let where = 'c.shop_id = $1::uuid and c.archived_at is null'
  if (q) {
    values.push(`%${q.toLowerCase()}%`)
    where += ` and c.search_text like $${values.length}::text`
  }
  if (afterCreatedAt) {
    values.push(afterCreatedAt, afterId)
    where += ` and (c.created_at, c.public_id) < ($${values.length - 1}::timestamptz, $${values.length}::text)`
  }
  // Named per shape (first page, deep page, search), as the API names its list statements.
  const { rows } = await pool.query({
    name: `bare-customers-${q ? 'q' : ''}${afterCreatedAt ? 'after' : ''}-${limit}`,
    text: pageSql({ table: 'customers', alias: 'c', where, select: customerColumns, from: customerFrom, limit }),
    values,
  })
  return pageOf(rows, limit)
})

/** A POST body's columns, in the order both customer inserts list them after their two ids. */
function customerValues(body) {
  return [
    body.first_name,
    body.last_name,
    body.company_name ?? null,
    body.email ?? null,
    body.phone ?? null,
    body.address ?? null,
    body.city ?? null,
    body.region ?? null,
    body.postal_code ?? null,
    body.country ?? null,
    body.preferred_contact ?? null,
    body.consent?.sms_transactional ?? false,
    body.consent?.email_transactional ?? false,
    body.tags ?? [],
    body.fleet_account ?? false,
  ]
}

// The customer and its event in one transaction: BEGIN, two inserts, COMMIT, every one a named statement.
app.post('/customers', async (request, reply) => {
  const body = request.body
  const publicId = newPublicId('customer')
  const client = await pool.connect()
  try {
    await client.query(begin)
    const { rows } = await client.query({
      name: 'bare-customer-insert',
      text: `insert into customers (shop_id, public_id, first_name, last_name, company_name, email, phone, address_line1,
          address_city, address_region, address_postal_code, address_country, preferred_contact,
          consent_sms_transactional, consent_email_transactional, tags, fleet_account)
        values ($1::uuid, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text,
          $11::text, $12::text, $13::text, $14::boolean, $15::boolean, $16::text[], $17::boolean)
        returning public_id, first_name, last_name, company_name, email, phone, phone_alt, address_line1, address_city,
          address_region, address_postal_code, address_country, preferred_contact, consent_sms_transactional,
          consent_sms_marketing, consent_email_transactional, consent_email_marketing, consent_voice,
          consent_do_not_call, notes, tags, fleet_account, tax_exempt, archived_at is not null as archived, version,
          created_at, updated_at`,
      values: [shopId, publicId, ...customerValues(body)],
    })
    await client.query({
      name: 'bare-customer-event',
      text: `insert into events (shop_id, public_id, type, object_type, object_id, summary, integration_id)
        values ($1::uuid, $2::text, 'customer.created', 'customer', $3::text, $4::jsonb, $5::uuid)`,
      values: [
        shopId,
        newPublicId('event'),
        publicId,
        { first_name: body.first_name, last_name: body.last_name, company_name: body.company_name ?? null },
        integrationId,
      ],
    })
    await client.query(commit)
    return reply.code(201).send(rows[0])
  } catch (error) {
    await client.query(rollback).catch(() => {})
    throw error
  } finally {
    client.release()
  }
})

// The plain ceiling (issue 26): the same customer columns in a table a hand-written service would have
// (bench/run.js creates it: `plain_customers`, its public id as primary key, one index on
// (created_at desc, id desc), no trigger, no generated column; `plain_outbox` without indexes). No
// joins, no tenancy, no archived filter: what the API's work costs above the cheapest server that
// answers the same requests with the same rows.
const plainColumns = `id, first_name, last_name, company_name, email, phone, phone_alt, address_line1, address_city,
  address_region, address_postal_code, address_country, preferred_contact, consent_sms_transactional,
  consent_sms_marketing, consent_email_transactional, consent_email_marketing, consent_voice, consent_do_not_call,
  notes, tags, fleet_account, tax_exempt, archived_at is not null as archived, version, created_at, updated_at`

app.get('/plain/customers/:id', async (request, reply) => {
  const { rows } = await pool.query({
    name: 'plain-customer',
    text: `select ${plainColumns} from plain_customers where id = $1::text`,
    values: [request.params.id],
  })
  if (!rows[0]) return reply.code(404).send({ error: 'not found' })
  return rows[0]
})

// ?limit=50[&after_created_at=...&after_id=...]: newest first on the one index.
app.get('/plain/customers', async (request) => {
  const { after_created_at: afterCreatedAt, after_id: afterId } = request.query
  const limit = Number(request.query.limit ?? 50)
  const { rows } = await pool.query(
    afterCreatedAt
      ? {
          name: `plain-customers-after-${limit}`,
          text: `select ${plainColumns} from plain_customers where (created_at, id) < ($1::timestamptz, $2::text)
            order by created_at desc, id desc limit ${limit + 1}`,
          values: [afterCreatedAt, afterId],
        }
      : {
          name: `plain-customers-${limit}`,
          text: `select ${plainColumns} from plain_customers order by created_at desc, id desc limit ${limit + 1}`,
          values: [],
        },
  )
  const data = rows.slice(0, limit)
  return { data, has_more: rows.length > limit, last: data.at(-1)?.id ?? null }
})

// The customer and its outbox row in one transaction: BEGIN, two inserts, COMMIT, all named statements.
app.post('/plain/customers', async (request, reply) => {
  const body = request.body
  const id = newPublicId('customer')
  const client = await pool.connect()
  try {
    await client.query(begin)
    const { rows } = await client.query({
      name: 'plain-customer-insert',
      text: `insert into plain_customers (id, shop_id, first_name, last_name, company_name, email, phone, address_line1,
          address_city, address_region, address_postal_code, address_country, preferred_contact,
          consent_sms_transactional, consent_email_transactional, tags, fleet_account)
        values ($1::text, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text,
          $11::text, $12::text, $13::text, $14::boolean, $15::boolean, $16::text[], $17::boolean)
        returning ${plainColumns}`,
      values: [id, shopId, ...customerValues(body)],
    })
    await client.query({
      name: 'plain-outbox-insert',
      text: `insert into plain_outbox (id, type, object_id, summary) values ($1::text, 'customer.created', $2::text, $3::jsonb)`,
      values: [
        newPublicId('event'),
        id,
        { first_name: body.first_name, last_name: body.last_name, company_name: body.company_name ?? null },
      ],
    })
    await client.query(commit)
    return reply.code(201).send(rows[0])
  } catch (error) {
    await client.query(rollback).catch(() => {})
    throw error
  } finally {
    client.release()
  }
})

// The repair-order list's first page with the columns and joins of the API's definition (owner,
// vehicle, currency, origin appointment, the integration's external id), and a page of one repair
// order's jobs (the order resolved inside the page's statement, as the API does).
const repairOrderColumns = `ro.public_id, ro.number_value::integer as number, ro.state, c.public_id as customer_id,
  v.public_id as vehicle_id,
  (select a.public_id from appointments a where a.shop_id = ro.shop_id and a.id = ro.origin_appointment_id)
    as origin_appointment_id,
  ro.customer_concern, ro.odometer_in, ro.odometer_out, ro.is_comeback, ro.tax_exempt, ro.promised_at, ro.completed_at,
  ro.invoiced_at, ro.picked_up_at, ro.labor_total, ro.parts_total, ro.fees_total, ro.discounts_total, ro.subtotal,
  ro.tax_total, ro.total, s.currency, r.external_id, ro.version, ro.created_at, ro.updated_at`
const repairOrderFrom = `repair_orders ro
  left join external_refs r on r.shop_id = ro.shop_id and r.integration_id = $2::uuid
    and r.object_type = 'repair_order' and r.object_id = ro.id
  join customers c on c.shop_id = ro.shop_id and c.id = ro.customer_id
  join vehicles v on v.shop_id = ro.shop_id and v.id = ro.vehicle_id
  join shops s on s.id = ro.shop_id`

app.get('/repair-orders', async (request) => {
  const limit = Number(request.query.limit ?? 50)
  const { rows } = await pool.query({
    name: `bare-repair-orders-${limit}`,
    text: pageSql({
      table: 'repair_orders',
      alias: 'ro',
      where: 'ro.shop_id = $1::uuid',
      select: repairOrderColumns,
      from: repairOrderFrom,
      limit,
    }),
    values: [shopId, integrationId],
  })
  return pageOf(rows, limit)
})

const jobColumns = `j.public_id, ro.public_id as repair_order_id, ro.state as repair_order_state, j.name, j.description,
  j.kind, j.decision_state, j.execution_state, cj.public_id as canned_job_id, tech.public_id as technician_id,
  j.labor_hours, j.taxable, j.flat_amount, j.started_at, j.completed_at, j.labor_total, j.parts_total, j.fees_total,
  j.discounts_total, j.subtotal, j.tax_total, j.total, s.currency, j.version, j.created_at, j.updated_at`
const jobFrom = `jobs j
  join shops s on s.id = j.shop_id
  join repair_orders ro on ro.shop_id = j.shop_id and ro.id = j.repair_order_id
  left join canned_jobs cj on cj.shop_id = j.shop_id and cj.id = j.canned_job_id
  left join technicians tech on tech.shop_id = j.shop_id and tech.id = j.technician_id`

app.get('/repair-orders/:id/jobs', async (request, reply) => {
  const limit = Number(request.query.limit ?? 50)
  const { rows } = await pool.query({
    name: `bare-repair-order-jobs-${limit}`,
    text: pageSql({
      table: 'jobs',
      alias: 'j',
      where: `j.shop_id = $1::uuid
        and j.repair_order_id = (select id from repair_orders where shop_id = $1::uuid and public_id = $2::text)`,
      select: jobColumns,
      from: jobFrom,
      limit,
    }),
    values: [shopId, request.params.id],
  })
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' })
  return pageOf(rows, limit)
})

// The appointments list's first page with the API definition's columns (the referenced records'
// public ids looked up per row).
const appointmentListColumns = `a.public_id, a.status, to_char(a.date, 'YYYY-MM-DD') as date,
  to_char(a.local_time, 'HH24:MI') as time, a.timezone, a.starts_at, a.utc_offset, a.duration_minutes, a.reason,
  a.notes,
  (select x.public_id from customers x where x.shop_id = a.shop_id and x.id = a.customer_id) as customer_id,
  (select x.public_id from vehicles x where x.shop_id = a.shop_id and x.id = a.vehicle_id) as vehicle_id,
  (select x.public_id from technicians x where x.shop_id = a.shop_id and x.id = a.technician_id) as technician_id,
  (select x.public_id from repair_orders x where x.shop_id = a.shop_id and x.id = a.repair_order_id) as repair_order_id,
  a.confirmed_at, a.arrived_at, a.cancelled_at, a.status_reason, a.version, a.created_at, a.updated_at`

app.get('/appointments', async (request) => {
  const limit = Number(request.query.limit ?? 50)
  const { rows } = await pool.query({
    name: `bare-appointments-${limit}`,
    text: pageSql({
      table: 'appointments',
      alias: 'a',
      where: 'a.shop_id = $1::uuid',
      select: appointmentListColumns,
      from: 'appointments a',
      limit,
    }),
    values: [shopId],
  })
  return pageOf(rows, limit)
})

// Availability: the week, the range's closures and the slot-holding appointments per date in one
// statement, then one entry per date built here (dates as UTC midnights: plain calendar arithmetic).
const slotHolding = ['requested', 'booked', 'arrived', 'fulfilled']
const dayMs = 86_400_000

app.get('/appointments/availability', async (request) => {
  const { start_date: from, end_date: to } = request.query
  const { rows } = await pool.query({
    name: 'bare-availability',
    text: `select
        coalesce((select json_agg(json_build_object('weekday', h.weekday, 'open_time', to_char(h.open_time, 'HH24:MI'),
          'close_time', to_char(h.close_time, 'HH24:MI'), 'capacity', h.capacity))
          from shop_hours h where h.shop_id = $1), '[]'::json) as week,
        coalesce((select json_object_agg(c.date, c.reason) from shop_closures c
          where c.shop_id = $1 and c.date between $2::date and $3::date), '{}'::json) as closures,
        coalesce((select json_object_agg(b.date, b.booked) from (select date, count(*) as booked from appointments
          where shop_id = $1 and date between $2::date and $3::date and status = any($4::text[]) group by date) b),
          '{}'::json) as booked`,
    values: [shopId, from, to, slotHolding],
  })
  const { week, closures, booked } = rows[0]
  // The bench shop has set its week (no rows would mean: open at any time, up to 100 a day).
  const hours = new Map(week.map((day) => [day.weekday, day]))
  const data = []
  for (let at = Date.parse(from); at <= Date.parse(to); at += dayMs) {
    const date = new Date(at).toISOString().slice(0, 10)
    const day = hours.get(new Date(at).getUTCDay() || 7)
    const open = !(date in closures) && day?.open_time != null
    const capacity = open ? day.capacity : 0
    const count = booked[date] ?? 0
    const full = count >= capacity
    data.push({
      date,
      available: open && !full,
      reason: !open ? (closures[date] ?? 'Closed') : full ? 'Fully booked' : null,
      open_time: open ? day.open_time : null,
      close_time: open ? day.close_time : null,
      booked: count,
      capacity,
    })
  }
  return { object: 'list', data, has_more: false }
})

// A booking in one transaction: the customer (locked for share), the day's lock, its schedule and
// count, the appointment with starts_at resolved by Postgres in the shop's zone, and its event.
const appointmentColumns = `public_id, status, to_char(date, 'YYYY-MM-DD') as date, to_char(local_time, 'HH24:MI') as time,
  timezone, starts_at, utc_offset, duration_minutes, reason, notes, confirmed_at, version, created_at, updated_at`

app.post('/appointments', async (request, reply) => {
  const body = request.body
  const duration = body.duration_minutes ?? 60
  const client = await pool.connect()
  try {
    await client.query(begin)
    const customer = await client.query({
      name: 'bare-booking-customer',
      text: 'select id from customers where shop_id = $1 and public_id = $2 and archived_at is null for share',
      values: [shopId, body.customer_id],
    })
    if (!customer.rows[0]) {
      await client.query(rollback)
      return reply.code(404).send({ error: 'no such customer' })
    }
    await client.query({
      name: 'bare-booking-lock',
      text: "select pg_advisory_xact_lock(hashtext('appointments:' || $1::text), $2::date - date '2000-01-01')",
      values: [shopId, body.date],
    })
    const { rows: days } = await client.query({
      name: 'bare-booking-day',
      text: `select to_char(h.open_time, 'HH24:MI') as open_time, to_char(h.close_time, 'HH24:MI') as close_time,
          h.capacity, c.date is not null as closed,
          (select count(*)::integer from appointments where shop_id = $1 and date = $2::date
            and status = any($3::text[])) as booked
        from (select 1) one
        left join shop_hours h on h.shop_id = $1 and h.weekday = extract(isodow from $2::date)
        left join shop_closures c on c.shop_id = $1 and c.date = $2::date`,
      values: [shopId, body.date, slotHolding],
    })
    const day = days[0]
    const start = minutes(body.time)
    if (
      day.closed ||
      day.open_time === null ||
      start < minutes(day.open_time) ||
      start + duration > minutes(day.close_time) ||
      day.booked >= day.capacity
    ) {
      await client.query(rollback)
      return reply.code(409).send({ error: 'not bookable' })
    }
    const publicId = newPublicId('appointment')
    const { rows } = await client.query({
      name: 'bare-booking-insert',
      text: `insert into appointments (shop_id, public_id, status, date, local_time, timezone, starts_at, utc_offset,
          duration_minutes, customer_id, confirmed_at)
        select $1, $2, 'booked', $3::date, $4::time, s.timezone, x.starts_at,
          case when x.local - x.utc < interval '0' then '-' else '+' end
            || to_char(greatest(x.local - x.utc, x.utc - x.local), 'HH24:MI'),
          $5, $6, now()
        from shops s
        cross join lateral (select $3::date + $4::time as local) l
        cross join lateral (select l.local at time zone s.timezone as starts_at, l.local,
          (l.local at time zone s.timezone) at time zone 'UTC' as utc) x
        where s.id = $1
        returning ${appointmentColumns}`,
      values: [shopId, publicId, body.date, body.time, duration, customer.rows[0].id],
    })
    const appointment = rows[0]
    await client.query({
      name: 'bare-booking-event',
      text: `insert into events (shop_id, public_id, type, object_type, object_id, summary)
        values ($1, $2, 'appointment.created', 'appointment', $3, $4)`,
      values: [
        shopId,
        newPublicId('event'),
        publicId,
        {
          status: appointment.status,
          date: appointment.date,
          time: appointment.time,
          starts_at: appointment.starts_at,
          customer_id: body.customer_id,
          vehicle_id: null,
          technician_id: null,
        },
      ],
    })
    await client.query(commit)
    return reply.code(201).send({ ...appointment, customer_id: body.customer_id })
  } catch (error) {
    await client.query(rollback).catch(() => {})
    throw error
  } finally {
    client.release()
  }
})

/** Minutes since midnight of HH:MM (24:00 is 1440). */
function minutes(time) {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

// A page of invoices as GET /v1/invoices returns them: the header with its repair order, customer,
// vehicle and credited invoice, and its lines, taxes and discounts, in one statement (the API
// definition's joins and subselects, in the page-then-join shape).
const invoiceColumns = `inv.public_id, inv.doc_type, inv.number::integer as number, inv.status, inv.currency::text as currency,
  ro.public_id as repair_order_id, c.public_id as customer_id, v.public_id as vehicle_id,
  (select orig.public_id from invoices orig where orig.shop_id = inv.shop_id and orig.id = inv.credit_note_of) as credit_note_of,
  inv.business_date::text as business_date, inv.posted_at, inv.reason, inv.voided_at, inv.void_reason,
  inv.labor_total, inv.parts_total, inv.fees_total, inv.discounts_total, inv.subtotal, inv.tax_total, inv.total,
  (select coalesce(json_agg(json_build_object('number', l.number, 'type', l.type, 'job_id', j.public_id,
     'description', l.description, 'quantity', l.quantity::text, 'unit_price', l.unit_price::text,
     'gross_amount', l.gross_amount::text, 'discount_alloc', l.discount_alloc::text, 'tax_alloc', l.tax_alloc::text,
     'tax_allocs', l.tax_allocs::text[], 'line_total', l.line_total::text, 'credited_line', l.credited_line)
     order by l.number), '[]')
   from invoice_lines l left join jobs j on j.shop_id = l.shop_id and j.id = l.job_id
   where l.shop_id = inv.shop_id and l.invoice_id = inv.id) as lines,
  (select coalesce(json_agg(json_build_object('position', t.position, 'name', t.name, 'rate', t.rate::text,
     'applies_to', t.applies_to, 'taxable_amount', t.taxable_amount::text, 'amount', t.amount::text)
     order by t.position), '[]')
   from invoice_taxes t where t.shop_id = inv.shop_id and t.invoice_id = inv.id) as taxes,
  (select coalesce(json_agg(json_build_object('position', d.position, 'job_id', j.public_id,
     'description', d.description, 'amount', d.amount::text) order by d.position), '[]')
   from invoice_discounts d join jobs j on j.shop_id = d.shop_id and j.id = d.job_id
   where d.shop_id = inv.shop_id and d.invoice_id = inv.id) as discounts,
  inv.created_at`
const invoiceFrom = `invoices inv
  join repair_orders ro on ro.shop_id = inv.shop_id and ro.id = inv.repair_order_id
  join customers c on c.shop_id = inv.shop_id and c.id = inv.customer_id
  left join vehicles v on v.shop_id = inv.shop_id and v.id = inv.vehicle_id`

app.get('/invoices', async (request) => {
  const limit = Number(request.query.limit ?? 50)
  const { rows } = await pool.query({
    name: `bare-invoices-${limit}`,
    text: pageSql({
      table: 'invoices',
      alias: 'inv',
      where: 'inv.shop_id = $1::uuid',
      select: invoiceColumns,
      from: invoiceFrom,
      limit,
    }),
    values: [shopId],
  })
  return pageOf(rows, limit)
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
