#!/usr/bin/env node
// Backup and restore times (issue 24 item 7), a one-off measurement, not a test: the built CLI as a user
// runs it, on the embedded PostgreSQL of a new data directory. The shop: `shopapi demo` with
// BENCH_BACKUP_DEMO customers (500) and their history; then, when BENCH_BACKUP_IMPORT is set
// (100000), that many more customers through `shopapi import customers` (batched; no history of their
// own: the demo's generator makes about 3 minutes of history per 100 customers, far too slow for
// 100,000). Then `shopapi backup` (serve not running: the command starts the cluster itself) and
// `shopapi restore` into a new data directory (which starts PostgreSQL on the restored files: its
// recovery and the migration check are part of the time), each timed wall-clock.
//
// With BENCH_BACKUP_SERVER (a loopback PostgreSQL's admin URL) the external kind instead: the shop in a new
// database of that server, `backup` with pg_dump, each `restore` with pg_restore into a new empty database
// (all dropped at the end).
//
// Run under the machine-wide lock: `npm run build && flock /tmp/bench.lock node bench/backup.js`.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const demoCustomers = Number(process.env.BENCH_BACKUP_DEMO ?? 500)
const importCustomers = Number(process.env.BENCH_BACKUP_IMPORT ?? 0)
const rounds = Number(process.env.BENCH_BACKUP_ROUNDS ?? 3)
const server = process.env.BENCH_BACKUP_SERVER
const databases = []

/** A new empty database on `server`, dropped at the end; its URL. */
async function createDatabase() {
  const name = `shopapi_bench_backup_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  databases.push(name)
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

async function dropDatabases() {
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
const log = (message) => process.stderr.write(`${message}\n`)

async function shopapi(args, env) {
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(root, 'bin/run.js'), ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  // When each progress line came, in seconds from the start: where the time goes.
  const phases = []
  child.stderr.on('data', (chunk) => {
    stderr += chunk
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      phases.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${line}`)
    }
  })
  const [code] = await once(child, 'close')
  if (code !== 0) throw new Error(`shopapi ${args.join(' ')} exited ${code}: ${stderr}`)
  return { seconds: (performance.now() - started) / 1000, stdout, phases }
}

function summary(seconds) {
  const sorted = [...seconds].sort((a, b) => a - b)
  return { min: Number(sorted[0].toFixed(2)), median: Number(sorted[Math.floor(sorted.length / 2)].toFixed(2)) }
}

async function writeCustomers(file, count) {
  const stream = createWriteStream(file)
  stream.write('first_name,last_name,email\n')
  for (let i = 1; i <= count; i++) {
    if (!stream.write(`Bench${i},Customer,bench${i}@example.com\n`)) await once(stream, 'drain')
  }
  stream.end()
  await once(stream, 'close')
}

const work = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-backup-'))
try {
  const env = {
    SHOPAPI_DATA_DIR: path.join(work, 'data'),
    SHOPAPI_BACKUP_PASSPHRASE: 'bench passphrase',
    SHOPAPI_LOG_LEVEL: 'error',
    ...(server ? { DATABASE_URL: await createDatabase() } : {}),
  }
  const demo = await shopapi(['demo', '--customers', String(demoCustomers), '--json'], env)
  log(`demo --customers ${demoCustomers}: ${demo.seconds.toFixed(1)} s`)
  if (importCustomers > 0) {
    const file = path.join(work, 'customers.csv')
    await writeCustomers(file, importCustomers)
    const imported = await shopapi(['import', 'customers', file, '--key', 'email', '--json'], env)
    log(`import customers (${importCustomers}): ${imported.seconds.toFixed(1)} s`)
  }
  // Each round a new backup of the same data and a restore into a new directory; the machine is shared,
  // so the figures are the fastest and the median of BENCH_BACKUP_ROUNDS (3).
  const backups = []
  const restores = []
  let size = 0
  let manifest
  for (let round = 1; round <= rounds; round++) {
    const backupFile = path.join(work, `shop-${round}.tar`)
    const backup = await shopapi(['backup', '--out', backupFile, '--json'], env)
    manifest = JSON.parse(backup.stdout).manifest
    size = (await stat(backupFile)).size
    const restored = path.join(work, `restored-${round}`)
    const restore = await shopapi(
      ['restore', backupFile, '--data-dir', restored, '--json'],
      server ? { ...env, DATABASE_URL: await createDatabase() } : env,
    )
    if (round === 1) {
      log(`backup:\n  ${backup.phases.filter((line) => !line.includes('% of')).join('\n  ')}`)
      log(`restore:\n  ${restore.phases.join('\n  ')}`)
    }
    backups.push(backup.seconds)
    restores.push(restore.seconds)
    await rm(backupFile)
    await rm(restored, { recursive: true, force: true })
  }
  const result = {
    customers: demoCustomers + importCustomers,
    rounds,
    backup_seconds: summary(backups),
    restore_seconds: summary(restores),
    archive_mb: Number((size / 1024 / 1024).toFixed(1)),
    data_mb: Number((manifest.sizes.data_bytes / 1024 / 1024).toFixed(1)),
    kind: manifest.kind,
    wal_segments: manifest.wal?.segments.length ?? null,
  }
  process.stdout.write(`${JSON.stringify(result)}\n`)
} finally {
  await rm(work, { recursive: true, force: true })
  if (server) await dropDatabases()
}
