#!/usr/bin/env node
// The import bench (issue 14): `shopapi import customers` of BENCH_IMPORT_CUSTOMERS customers (100,000)
// from one CSV file, as a user runs it (the built CLI, its own process, on a fresh database), timed
// wall-clock with the CLI's peak resident set (VmHWM, read while it runs). Then the same file again
// (every row unchanged: what a resumed import costs), then BENCH_IMPORT_VEHICLES vehicles (20,000)
// linked to those customers through their external ids. Goal: 100,000 customers in under 120 s.
//
// The data: deterministic rows (seeded) with every customer field a shop export has, some cells quoted
// (commas, line breaks), a few rows the API refuses (a bad email every 1,000th row) so the rejects
// path is part of the timing.
//
// Constant memory: the import holds one batch, never the file; NODE_OPTIONS=--max-old-space-size=64
// (inherited by the CLI) runs the 100,000 rows through a 64 MB heap.
//
// Run under the machine-wide lock: `flock /tmp/bench.lock npm run bench:import` (or
// BENCH_ONLY=import npm run bench). DATABASE_URL (loopback only) or an embedded PostgreSQL.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openEmbeddedDatabase } from '../dist/db/embedded.js'
import { runMigrations } from '../dist/db/migrate.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const customers = Number(process.env.BENCH_IMPORT_CUSTOMERS ?? 100_000)
const vehicles = Number(process.env.BENCH_IMPORT_VEHICLES ?? 20_000)
const goalSeconds = 120
const log = (message) => process.stderr.write(`${message}\n`)
const fmt = (n) => Math.round(n).toLocaleString('en-US')

/** A small deterministic generator (mulberry32). */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const firstNames = ['Ann', 'Bob', 'Carla', 'Dev', 'Eun-ji', 'François', 'Grace', 'Hiro', 'Ines', 'José', 'Kai', 'Lena']
const lastNames = ['Lee', 'Ray', 'Nguyen', "O'Brien", 'Smith-Jones', 'García', 'Okafor', 'Kowalski', 'Müller', 'Singh']
const cities = ['Austin', 'Dallas', 'Houston', 'San Antonio', 'El Paso', 'Plano']
const makes = [
  ['Toyota', 'Camry'],
  ['Ford', 'F-150'],
  ['Honda', 'Civic'],
  ['Chevrolet', 'Silverado'],
]

async function writeLines(file, count, header, row) {
  const stream = createWriteStream(file)
  stream.write(`${header}\n`)
  for (let i = 1; i <= count; i++) {
    if (!stream.write(`${row(i)}\n`)) await once(stream, 'drain')
  }
  await new Promise((resolve) => stream.end(resolve))
}

async function customerFile(file) {
  const next = random(1414)
  const pick = (list) => list[Math.floor(next() * list.length)]
  await writeLines(
    file,
    customers,
    'Customer ID,First Name,Last Name,Company,Email,Phone Number,Cell,Street,City,State,Zip,Tags,Fleet,SMS OK,Notes',
    (i) => {
      const email = i % 1000 === 0 ? `broken-${i}` : `customer${i}@example.com`
      const company = i % 7 === 0 ? `"Fleet ${i}, LLC"` : ''
      const notes = i % 11 === 0 ? `"Prefers mornings,\nasks for ""Bob"""` : ''
      return [
        `LEG-${i}`,
        pick(firstNames),
        pick(lastNames),
        company,
        email,
        `(512) ${String(200 + (i % 800)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')}`,
        i % 3 === 0 ? `512.555.${String(i % 10_000).padStart(4, '0')}` : '',
        `${1 + (i % 9000)} Main St`,
        pick(cities),
        'TX',
        String(73301 + (i % 500)),
        i % 5 === 0 ? 'vip;fleet' : '',
        i % 7 === 0 ? 'yes' : 'no',
        i % 2 === 0 ? 'true' : 'false',
        notes,
      ].join(',')
    },
  )
}

async function vehicleFile(file) {
  const next = random(99)
  await writeLines(file, vehicles, 'Unit,Owner,Year,Make,Model,Plate,Odometer', (i) => {
    const [make, model] = makes[i % makes.length]
    return [
      `VEH-${i}`,
      `LEG-${1 + Math.floor(next() * (customers - 1))}`,
      2005 + (i % 20),
      make,
      model,
      `TX${i}`,
      i * 7,
    ].join(',')
  })
}

/** Runs the CLI to completion, sampling its peak resident set (VmHWM) from /proc while it runs. */
async function timedCli(args, env) {
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(root, 'bin/run.js'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  let peakKb = 0
  const sample = async () => {
    try {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8')
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status)
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]))
    } catch {
      // The process has ended.
    }
  }
  const timer = setInterval(sample, 100)
  const code = await new Promise((resolve) => child.on('close', resolve))
  clearInterval(timer)
  const seconds = (performance.now() - started) / 1000
  if (code !== 0 && code !== 1) throw new Error(`shopapi ${args.join(' ')} exited ${code}: ${stderr}`)
  return { seconds, peakMb: peakKb / 1024, report: JSON.parse(stdout) }
}

export async function runImportBench({ serverUrl, log: report = log }) {
  const name = `shopapi_bench_import_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-import-'))
  try {
    await runMigrations(url.toString())
    const env = { DATABASE_URL: url.toString() }
    const shop = await timedCli(
      ['shops', 'create', '--name', 'Import bench', '--timezone', 'America/Chicago', '--currency', 'USD', '--json'],
      env,
    )
    const integration = await timedCli(
      [
        'integrations',
        'create',
        '--name',
        'Legacy DMS',
        '--scopes',
        'customers.read,vehicles.read',
        '--json',
        '--shop',
        shop.report.id,
      ],
      env,
    )
    const integrationId = integration.report.integration_id
    const customersCsv = path.join(dir, 'customers.csv')
    const vehiclesCsv = path.join(dir, 'vehicles.csv')
    report(`Writing ${fmt(customers)} customers and ${fmt(vehicles)} vehicles to ${dir}`)
    await customerFile(customersCsv)
    await vehicleFile(vehiclesCsv)
    const customerArgs = [
      'import',
      'customers',
      customersCsv,
      '--key',
      'external_id',
      '--integration',
      integrationId,
      '--map',
      'Customer ID=external_id,First Name=first_name,Last Name=last_name,Company=company_name,Phone Number=phone,Cell=phone_alt,Street=address,State=region,Zip=postal_code,Fleet=fleet_account,SMS OK=consent_sms_transactional',
      '--json',
    ]
    const results = []
    report('Importing the customers')
    const first = await timedCli(customerArgs, env)
    results.push(['customers, first run', first])
    report('Importing the same file again')
    // The first run wrote its rejects file (a bad email every 1,000th row): the re-run replaces it.
    results.push(['customers, same file again', await timedCli([...customerArgs, '--overwrite'], env)])
    report('Importing the vehicles')
    results.push([
      'vehicles',
      await timedCli(
        [
          'import',
          'vehicles',
          vehiclesCsv,
          '--key',
          'external_id',
          '--integration',
          integrationId,
          '--map',
          'Unit=external_id,Owner=customer_external_id',
          '--json',
        ],
        env,
      ),
    ])
    console.log(`\n=== Import bench (${process.env.DATABASE_URL ? 'DATABASE_URL server' : 'embedded PostgreSQL'})`)
    console.log(
      'run                          rows      seconds   rows/s   peak RSS  created  updated  unchanged  rejected',
    )
    for (const [label, r] of results) {
      const p = r.report
      console.log(
        `${label.padEnd(28)} ${fmt(p.rows).padStart(8)} ${r.seconds.toFixed(1).padStart(10)} ${fmt(p.rows / r.seconds).padStart(8)} ${`${r.peakMb.toFixed(0)} MB`.padStart(10)} ${fmt(p.created).padStart(8)} ${fmt(p.updated).padStart(8)} ${fmt(p.unchanged).padStart(10)} ${fmt(p.rejected).padStart(9)}`,
      )
    }
    const met = first.seconds < goalSeconds
    console.log(
      `goal: ${fmt(customers)} customers in under ${goalSeconds} s: ${first.seconds.toFixed(1)} s, ${met ? 'met' : 'MISSED'}`,
    )
    if (!met && process.env.BENCH_STRICT === '1') process.exitCode = 1
  } finally {
    await rm(dir, { recursive: true, force: true })
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let serverUrl = process.env.DATABASE_URL
  let embedded
  let dataDir
  if (serverUrl) {
    const host = new URL(serverUrl).hostname
    if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) {
      throw new Error(`The bench only targets loopback: DATABASE_URL names host "${host}"`)
    }
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-pg-'))
    log(`No DATABASE_URL: starting an embedded PostgreSQL in ${dataDir}`)
    embedded = await openEmbeddedDatabase(dataDir, { durable: false, onProgress: log })
    serverUrl = embedded.url
  }
  try {
    await runImportBench({ serverUrl })
  } finally {
    await embedded?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}
