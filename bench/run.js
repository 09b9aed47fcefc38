#!/usr/bin/env node
// npm run bench: throughput and latency of the API against a bare Fastify + pg server over the same
// table in the same run, so the figures are ratios to a ceiling measured on this (noisy) machine.
// Uses DATABASE_URL when set, otherwise an embedded PostgreSQL in a temp directory. Loopback only.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import pg from 'pg'
import { loadConfig } from '../dist/config.js'
import { openDatabase } from '../dist/db/connect.js'
import { buildApp } from '../dist/server/app.js'
import { createIntegration } from '../dist/services/integrations.js'
import { createShop } from '../dist/services/shops.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

async function main() {
  const dataDir = process.env.DATABASE_URL ? undefined : await mkdtemp(path.join(tmpdir(), 'shopapi-bench-'))
  const config = loadConfig(process.env, {
    logLevel: 'silent',
    ...(dataDir ? { dataDir } : {}),
    rateLimit: { max: 1_000_000_000, windowSeconds: 60 },
  })
  const database = await openDatabase(config)
  try {
    const shop = await createShop(database.pool, { name: 'Bench Shop', timezone: 'America/Chicago', currency: 'USD' })
    const { plaintextKey } = await createIntegration(database.pool, {
      shop: shop.public_id,
      name: 'bench',
      scopes: ['shop.read'],
    })

    const app = await buildApp({ pool: database.pool, config })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const bare = await bareServer(database.url)

    const rows = []
    const ceiling = await measure(`${bare.url}/shop/${shop.public_id}`, {})
    const api = await measure(`${url(app)}/v1/shop`, { authorization: `Bearer ${plaintextKey}` })
    rows.push(['GET /v1/shop', api, ceiling])

    console.log(
      `\n${connections} connections, ${seconds} s each, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}`,
    )
    console.log('operation                 req/s   p50 ms  p99 ms   bare req/s  ratio')
    for (const [name, a, b] of rows) {
      console.log(
        `${name.padEnd(24)} ${a.rps.toFixed(0).padStart(6)}  ${String(a.p50).padStart(7)} ${String(a.p99).padStart(7)}   ${b.rps.toFixed(0).padStart(10)}  ${(a.rps / b.rps).toFixed(2)}`,
      )
    }
    console.log(
      `serve RSS after the run: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB (API and bare server in one process)`,
    )
    await app.close()
    await bare.close()
  } finally {
    await database.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}

function url(app) {
  return `http://127.0.0.1:${app.server.address().port}`
}

/** The ceiling: the same read with no auth, no validation, no logging. */
async function bareServer(connectionString) {
  const pool = new pg.Pool({ connectionString, max: 20 })
  const app = Fastify({ logger: false })
  app.get('/shop/:id', async (request) => {
    const { rows } = await pool.query('select public_id, name, timezone, currency from shops where public_id = $1', [
      request.params.id,
    ])
    return rows[0]
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: url(app),
    close: async () => {
      await app.close()
      await pool.end()
    },
  }
}

async function measure(target, headers) {
  await autocannon({ url: target, headers, connections, duration: 2 }) // warm-up
  const result = await autocannon({ url: target, headers, connections, duration: seconds })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

await main()
