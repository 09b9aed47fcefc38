// Two imports of the same file at once (two operators, a cron job retried while the first still runs):
// real CLI processes (bin/run.js over dist/, so `npm run build` first), each on its own connections,
// on the database of a running test app. Keyed imports must neither duplicate rows nor fail.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { vinCheckDigit } from '../../../src/lib/vin.js'
import { createTestShop, startTestApp } from '../../helpers/app.js'
import { type CliResult, runCli } from '../../helpers/cli.js'

t.setTimeout(600_000)

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const cli = (args: string[]) => runCli([...args, '--shop', shop.public_id], { DATABASE_URL: api.url }, 300_000)
const dir = await mkdtemp(join(tmpdir(), 'shopapi-import-concurrent-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

interface Report {
  created: number
  updated: number
  unchanged: number
  rejected: number
}

function reportOf(t: Test, result: CliResult): Report {
  t.equal(result.code, 0, describe(result))
  return JSON.parse(result.stdout) as Report
}

async function count(sql: string): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(sql, [shop.id])
  return rows[0]?.n ?? 0
}

const rows = 3000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs the command twice, both released at the same moment: the test holds the shops table, which
 * each process reads to resolve --shop after it has started and connected, and lets both go once both
 * wait there. Two processes started side by side could otherwise run one after the other.
 */
async function startTogether(t: Test, args: string[], applicationName: string): Promise<CliResult[]> {
  const gate = await api.pool.connect()
  try {
    await gate.query('begin')
    await gate.query('lock table shops in access exclusive mode')
    const runs = [cli(args), cli(args)]
    let waiting = 0
    for (let waited = 0; waited < 60_000 && waiting < 2; waited += 50) {
      const { rows } = await api.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
        [applicationName],
      )
      waiting = rows[0]?.n ?? 0
      if (waiting < 2) await sleep(50)
    }
    t.equal(waiting, 2, 'both processes waited at the gate, so they ran at the same time')
    await gate.query('commit')
    return await Promise.all(runs)
  } finally {
    gate.release()
  }
}

/** The same command twice at once; both must succeed, and together create each row once. */
async function twiceAtOnce(t: Test, args: string[], applicationName: string): Promise<Report[]> {
  const results = await startTogether(t, args, applicationName)
  const reports = results.map((result) => reportOf(t, result))
  t.same(
    reports.map((report) => report.rejected),
    [0, 0],
    'no row rejected',
  )
  t.equal(
    reports.reduce((sum, report) => sum + report.created, 0),
    rows,
    'each row created by one of them; the other found it',
  )
  return reports
}

t.test('customers --key email: two runs at once make each customer once; a re-run changes nothing', async (t) => {
  const lines = ['email,first_name,last_name']
  for (let i = 1; i <= rows; i++) lines.push(`Twice${i}@Example.com,Twice${i},Concurrent`)
  const path = join(dir, 'customers.csv')
  await writeFile(path, `${lines.join('\n')}\n`)
  const args = ['import', 'customers', path, '--key', 'email', '--batch-size', '100', '--json']
  await twiceAtOnce(t, args, 'shopapi import:customers')
  t.equal(
    await count(`select count(*)::int as n from customers where shop_id = $1::uuid and last_name = 'Concurrent'`),
    rows,
    'exactly 3,000 customers',
  )
  t.equal(
    await count(
      `select count(*)::int as n from events where shop_id = $1::uuid and type = 'customer.created'
       and object_id in (select public_id from customers where shop_id = $1::uuid and last_name = 'Concurrent')`,
    ),
    rows,
    'one customer.created each',
  )
  const again = reportOf(t, await cli(args))
  t.same([again.created, again.updated, again.unchanged, again.rejected], [0, 0, rows, 0], 'the re-run: all unchanged')
})

t.test('vehicles --key vin: two runs at once make each vehicle once; a re-run changes nothing', async (t) => {
  const lines = ['vin,customer_email,make,model']
  for (let i = 1; i <= rows; i++) {
    const draft = `1HGCM82603A${String(100000 + i)}`
    const vin = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`
    lines.push(`${vin},twice${(i % 50) + 1}@example.com,Honda,Accord`)
  }
  const path = join(dir, 'vehicles.csv')
  await writeFile(path, `${lines.join('\n')}\n`)
  const args = ['import', 'vehicles', path, '--key', 'vin', '--customer-key', 'email', '--batch-size', '100', '--json']
  await twiceAtOnce(t, args, 'shopapi import:vehicles')
  t.equal(
    await count(`select count(*)::int as n from vehicles where shop_id = $1::uuid and vin like '1HGCM826%'`),
    rows,
    'exactly 3,000 vehicles',
  )
  t.equal(
    await count(`select count(distinct vin)::int as n from vehicles where shop_id = $1::uuid and vin like '1HGCM826%'`),
    rows,
  )
  const again = reportOf(t, await cli(args))
  t.same([again.created, again.updated, again.unchanged, again.rejected], [0, 0, rows, 0], 'the re-run: all unchanged')
})

t.test('import inventory: two runs at once take turns; neither fails on the other', async (t) => {
  const lines = ['part_number,name,quantity_on_hand']
  for (let i = 1; i <= rows; i++) lines.push(`TW-${i},Twice ${i},${i % 9}`)
  const path = join(dir, 'items.csv')
  await writeFile(path, `${lines.join('\n')}\n`)
  const reports = await twiceAtOnce(t, ['import', 'inventory', path, '--json'], 'shopapi import:inventory')
  t.equal(
    reports.reduce((sum, report) => sum + report.unchanged, 0),
    rows,
    'each batch saw what the other wrote: every row unchanged in one of them',
  )
  t.equal(
    await count(`select count(*)::int as n from inventory_items where shop_id = $1::uuid and part_number like 'TW-%'`),
    rows,
  )
})

t.test('import canned-jobs: two runs at once take turns; neither fails on the other', async (t) => {
  const jobs = 300
  const lines: string[] = []
  for (let i = 1; i <= jobs; i++) {
    lines.push(
      JSON.stringify({
        code: `TWJ-${i}`,
        name: `Twice ${i}`,
        default_hours: '1.5',
        parts: [{ part_number: `TWP-${i}`, quantity: '2', unit_price: '10.00' }],
      }),
    )
  }
  const path = join(dir, 'canned-jobs.ndjson')
  await writeFile(path, `${lines.join('\n')}\n`)
  const results = await startTogether(t, ['import', 'canned-jobs', path, '--json'], 'shopapi import:canned-jobs')
  const reports = results.map((result) => reportOf(t, result))
  t.same(reports.map((report) => report.created).sort(), [0, jobs], 'one created them, the other found them')
  t.equal(
    await count(`select count(*)::int as n from canned_jobs where shop_id = $1::uuid and code like 'TWJ-%'`),
    jobs,
  )
})
