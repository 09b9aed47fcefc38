#!/usr/bin/env node
// The isolation bench (issue 22 item 4): one integration must not stall the others. One key of shop A
// keeps eight of the heaviest requests we can craft in flight without pause (GET /v1/invoices?limit=200
// over invoices of 500 lines each, and GET /v1/inventory-items?q=zq&limit=200 over 200,000 items, four
// loops each), inside its rate limit; meanwhile GET /v1/shop of shop B is measured (p50/p99, first
// alone, then under that load) and serve's resident set is sampled every 250 ms. Goals: shop B's p99
// under 100 ms and serve's RSS under 300 MB.
//
// Run by `npm run bench` (after the API scenarios) or alone: `BENCH_ONLY=isolation npm run bench`, or
// `node bench/isolation.js` against the build in dist/. The database is a fresh
// `shopapi_bench_iso_<random>` on the server of DATABASE_URL (loopback only), or on an embedded
// PostgreSQL in a temp directory, dropped at the end.
//
// Env: BENCH_ISOLATION_SECONDS (10, each measurement), BENCH_ISOLATION_INVOICES (400, of 500 lines),
// BENCH_ISOLATION_ITEMS (200000), BENCH_ISOLATION_LOOPS (8), BENCH_ISOLATION_RATE (200 req/s of GET
// /v1/shop over 4 connections).
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { root, spawnServer, withCleanup } from './spawn.js'

const seconds = Number(process.env.BENCH_ISOLATION_SECONDS ?? 10)
const invoiceCount = Number(process.env.BENCH_ISOLATION_INVOICES ?? 400)
const itemCount = Number(process.env.BENCH_ISOLATION_ITEMS ?? 200_000)
const loops = Number(process.env.BENCH_ISOLATION_LOOPS ?? 8)
const rate = Number(process.env.BENCH_ISOLATION_RATE ?? 200)
const linesPerInvoice = 500
const goals = { p99Ms: 100, rssMb: 300 }
const fmt = (n) => Math.round(n).toLocaleString('en-US')

export async function runIsolationBench({ serverUrl, log, cleanup }) {
  const { runMigrations } = await import(path.join(root, 'dist/db/migrate.js'))
  const { createShop } = await import(path.join(root, 'dist/platform/tenancy/shops.js'))
  const { createIntegration } = await import(path.join(root, 'dist/platform/tenancy/integrations.js'))
  const host = new URL(serverUrl).hostname
  if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) {
    throw new Error(`The bench only targets loopback: the database server is "${host}"`)
  }

  // 1. The data: shop A's heavy invoices and inventory, shop B's nothing but itself.
  const name = `shopapi_bench_iso_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const dbUrl = url.toString()
  cleanup.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
    log(`dropped database ${name}`)
  })
  await runMigrations(dbUrl)
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 })
  pool.on('error', () => {})
  const started = Date.now()
  const heavyShop = await createShop(pool, {
    name: 'Heavy Integration Shop',
    timezone: 'America/Chicago',
    currency: 'USD',
  })
  const quietShop = await createShop(pool, { name: 'Quiet Shop', timezone: 'America/Chicago', currency: 'USD' })
  const scopes = ['shop.read', 'invoices.read', 'inventory.read']
  const heavyKey = (await createIntegration(pool, { shop: heavyShop.public_id, name: 'heavy', scopes })).plaintextKey
  const quietKey = (await createIntegration(pool, { shop: quietShop.public_id, name: 'quiet', scopes })).plaintextKey
  log(`isolation: loading ${fmt(invoiceCount)} invoices of ${linesPerInvoice} lines and ${fmt(itemCount)} items`)
  const client = await pool.connect()
  try {
    await client.query('begin')
    await client.query(
      `insert into customers (shop_id, public_id, first_name, last_name) values ($1::uuid, 'cus_isolation00000000001', 'Ada', 'Heavy')`,
      [heavyShop.id],
    )
    await client.query(
      `insert into vehicles (shop_id, public_id, customer_id, make)
       select $1::uuid, 'veh_isolation00000000001', id, 'Ford' from customers where shop_id = $1::uuid`,
      [heavyShop.id],
    )
    await client.query(
      `insert into repair_orders (shop_id, public_id, number_value, state, customer_id, vehicle_id)
       select $1::uuid, 'ro_iso' || lpad(g::text, 16, '0'), g, 'invoiced', c.id, v.id
       from generate_series(1, $2::int) g, customers c, vehicles v where c.shop_id = $1::uuid and v.shop_id = $1::uuid`,
      [heavyShop.id, invoiceCount],
    )
    // Each line as an integration sees them: a fee of 1.00 with a description of a realistic length.
    await client.query(
      `insert into invoices (shop_id, public_id, doc_type, number, status, currency, repair_order_id, customer_id,
         vehicle_id, business_date, posted_at, labor_total, parts_total, fees_total, discounts_total, subtotal,
         tax_total, total, created_at)
       select ro.shop_id, 'inv_iso' || lpad(ro.number_value::text, 15, '0'), 'invoice', ro.number_value, 'posted',
         'USD', ro.id, ro.customer_id, ro.vehicle_id, current_date, now(), 0, 0, $2::int, 0, $2::int, 0, $2::int,
         now() - make_interval(secs => ro.number_value)
       from repair_orders ro where ro.shop_id = $1::uuid`,
      [heavyShop.id, linesPerInvoice],
    )
    await client.query(
      `insert into invoice_lines (shop_id, invoice_id, number, type, description, quantity, unit_price, gross_amount,
         discount_alloc, tax_alloc, tax_allocs, line_total)
       select inv.shop_id, inv.id, g, 'fee', 'Shop supplies and hazardous waste disposal, line ' || g, 1, 1.00, 1.00,
         0, 0, '{}', 1.00
       from invoices inv cross join generate_series(1, $2::int) g where inv.shop_id = $1::uuid`,
      [heavyShop.id, linesPerInvoice],
    )
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
  const words = ['Brake pad', 'Oil filter', 'Air filter', 'Spark plug', 'Wiper blade', 'Battery', 'Headlight bulb']
  await pool.query(
    `insert into inventory_items (shop_id, public_id, name, brand, category, part_number, created_at, updated_at)
     select $1::uuid, 'inv_iso_item' || lpad(g::text, 10, '0'), ($3::text[])[1 + g % 7] || ' ' || (g % 97),
       (array['Bosch', 'ACDelco', 'Motorcraft', 'Denso', 'NGK'])[1 + g % 5], 'parts', 'PN-' || to_hex(g * 7919),
       now() - make_interval(secs => g), now() - make_interval(secs => g)
     from generate_series(1, $2::int) g`,
    [heavyShop.id, itemCount, words],
  )
  // As imports and autovacuum leave them: analyzed.
  await pool.query('analyze invoices, invoice_lines, inventory_items')
  await pool.end()
  log(`isolation: data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  // 2. serve, as users run it (default log level, worker on), its log in a file.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-iso-'))
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
  let warnings = 0
  const serve = await spawnServer(
    'isolation',
    [path.join(root, 'bin/run.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--json'],
    {
      DATABASE_URL: dbUrl,
      SHOPAPI_DATA_DIR: dataDir,
      SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
      SHOPAPI_RATE_LIMIT_MAX: '100000000',
    },
    {
      stdoutFile: path.join(dataDir, 'stdout.log'),
      onLine: (line) => {
        let level = 0
        try {
          level = JSON.parse(line).level ?? 0
        } catch {
          level = 50
        }
        if (level >= 40 && warnings++ < 5) process.stderr.write(`[isolation serve] ${line.slice(0, 300)}\n`)
      },
    },
  )
  cleanup.push(() => serve.stop())
  const base = new URL(serve.info.url).origin
  if (new URL(base).hostname !== '127.0.0.1') throw new Error(`Refusing to load a non-loopback server: ${base}`)
  const rss = rssSampler(serve.pid)
  const rssAtStart = rss.read()

  // 3. Shop B alone, then under the heavy key's eight loops.
  const measureShop = (label) =>
    autocannon({
      url: `${base}/v1/shop`,
      headers: { authorization: `Bearer ${quietKey}` },
      connections: 4,
      overallRate: rate,
      duration: seconds,
    }).then((result) => {
      const run = {
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      }
      log(
        `  ${label.padEnd(30)} GET /v1/shop (shop B): p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms, ${fmt(run.requests)} requests, non-2xx ${run.non2xx}, errors ${run.errors}`,
      )
      return run
    })
  rss.start()
  const alone = await measureShop('alone')

  const heavyPaths = ['/v1/invoices?limit=200', '/v1/inventory-items?q=zq&limit=200']
  const heavy = { statuses: {}, bytes: 0, count: 0, latencies: [] }
  let stop = false
  const loop = async (index) => {
    const target = `${base}${heavyPaths[index % heavyPaths.length]}`
    while (!stop) {
      const sent = performance.now()
      try {
        const response = await fetch(target, { headers: { authorization: `Bearer ${heavyKey}` } })
        const body = await response.arrayBuffer()
        heavy.statuses[response.status] = (heavy.statuses[response.status] ?? 0) + 1
        heavy.bytes += body.byteLength
        heavy.count += 1
        heavy.latencies.push(performance.now() - sent)
        // A refused request (429, 503) is retried after its Retry-After, as a well-behaved client does.
        if (response.status === 429 || response.status === 503) {
          await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)))
        }
      } catch (error) {
        heavy.statuses[error.name] = (heavy.statuses[error.name] ?? 0) + 1
      }
    }
  }
  log(`  the heavy key starts ${loops} loops: ${heavyPaths.join(', ')}`)
  const running = Array.from({ length: loops }, (_, i) => loop(i))
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const loaded = await measureShop(`under ${loops} heavy requests`)
  stop = true
  await Promise.all(running)
  rss.pause()
  const rssAfter = rss.read()
  await serve.stop()

  heavy.latencies.sort((a, b) => a - b)
  const at = (q) => heavy.latencies[Math.min(heavy.latencies.length - 1, Math.floor(heavy.latencies.length * q))] ?? 0
  const summary = {
    alone,
    loaded,
    rss: { atStart: rssAtStart, peak: rss.peak(), after: rssAfter },
    heavy: {
      count: heavy.count,
      statuses: heavy.statuses,
      meanBytes: heavy.count ? heavy.bytes / heavy.count : 0,
      p50: at(0.5),
      p99: at(0.99),
    },
  }
  printIsolation(summary)
  return summary
}

function printIsolation({ alone, loaded, rss, heavy }) {
  const ok = (value, goal) => (value < goal ? 'ok' : 'MISS')
  console.log(
    `\n=== Isolation: one key keeps ${loops} heavy requests in flight (GET /v1/invoices?limit=200 over ${fmt(invoiceCount)} invoices of ${linesPerInvoice} lines; GET /v1/inventory-items?q=zq&limit=200 over ${fmt(itemCount)} items), ${seconds} s`,
  )
  console.log(
    `GET /v1/shop of another shop (${rate} req/s, 4 connections): alone p50 ${alone.p50} / p99 ${alone.p99} ms; under load p50 ${loaded.p50} / p99 ${loaded.p99} ms (max ${loaded.max}), non-2xx ${loaded.non2xx}, errors ${loaded.errors}; goal p99 < ${goals.p99Ms} ms: ${ok(loaded.p99, goals.p99Ms)}`,
  )
  console.log(
    `serve RSS: ${rss.atStart.toFixed(0)} MB after start, peak ${rss.peak.toFixed(0)} MB, ${rss.after.toFixed(0)} MB after; goal peak < ${goals.rssMb} MB: ${ok(rss.peak, goals.rssMb)}`,
  )
  console.log(
    `heavy requests: ${fmt(heavy.count)} answered (${Object.entries(heavy.statuses)
      .map(([status, count]) => `${status}: ${fmt(count)}`)
      .join(
        ', ',
      )}), mean ${(heavy.meanBytes / 1024).toFixed(0)} KB, p50 ${heavy.p50.toFixed(0)} ms, p99 ${heavy.p99.toFixed(0)} ms`,
  )
}

/** The process's resident set (VmRSS), sampled every 250 ms between start and pause. */
function rssSampler(pid) {
  const read = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      return match ? Number(match[1]) / 1024 : Number.NaN
    } catch {
      return Number.NaN
    }
  }
  let peak = Number.NaN
  let timer
  const sample = () => {
    const value = read()
    if (!(value <= peak)) peak = value
  }
  return {
    read,
    peak: () => peak,
    start() {
      sample()
      timer ??= setInterval(sample, 250)
    },
    pause() {
      sample()
      clearInterval(timer)
      timer = undefined
    },
  }
}

// Run alone: `node bench/isolation.js`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const log = (message) => process.stderr.write(`${message}\n`)
  await withCleanup(log, async (cleanup) => {
    let serverUrl = process.env.DATABASE_URL
    if (!serverUrl) {
      const { openEmbeddedDatabase } = await import(path.join(root, 'dist/db/embedded.js'))
      const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-pg-'))
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }))
      const embedded = await openEmbeddedDatabase(dataDir, { durable: false, onProgress: log })
      cleanup.push(() => embedded.stop())
      serverUrl = embedded.url
    }
    await runIsolationBench({ serverUrl, log, cleanup })
  })
}
