// `shopapi inventory import|adjust` and `shopapi canned-jobs import` end to end: the built CLI run
// in-process (runCommand over dist/, so `npm run build` first) on the database of a running test app.
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createTestShop, startTestApp } from '../../helpers/app.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

t.setTimeout(600_000)

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], { DATABASE_URL: api.url })
const dir = await mkdtemp(join(tmpdir(), 'shopapi-import-'))

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, text)
  return path
}

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

interface Report {
  created: number
  updated: number
  unchanged: number
  rejected: number
  rejections: { line: number; reason: string }[]
  rejects_file: string | null
  dry_run: boolean
}

const counts = (report: Report) => [report.created, report.updated, report.unchanged, report.rejected]

async function itemCount(): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(
    'select count(*)::int as n from inventory_items where shop_id = $1::uuid',
    [shop.id],
  )
  return rows[0]?.n ?? 0
}

/**
 * Per table: when ANALYZE was last run on it by a command (autovacuum's runs are counted apart), and
 * the row count the planner knows (-1: never analyzed or vacuumed).
 */
async function statistics(tables: string[]): Promise<Record<string, { analyzedAt: Date | null; rows: number }>> {
  const { rows } = await api.pool.query<{ relname: string; last_analyze: Date | null; reltuples: number }>(
    `select s.relname, s.last_analyze, c.reltuples from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.relname = any($1::text[])`,
    [tables],
  )
  return Object.fromEntries(rows.map((row) => [row.relname, { analyzedAt: row.last_analyze, rows: row.reltuples }]))
}

t.test('inventory: CSV and NDJSON import, re-run unchanged, a change, a bad row is rejected alone', async (t) => {
  t.same(await statistics(['inventory_items']), { inventory_items: { analyzedAt: null, rows: -1 } }, 'never analyzed')
  const csv = await file(
    'items.csv',
    'part_number,name,tire_size,quantity_on_hand,unit_price,unit_cost\nT-1,Sport,225/45ZR17 94W,4,189.99,120\nT-2,Truck,LT245/75R16,2,,\n',
  )
  const first = await cli(['inventory', 'import', csv, '--json'])
  t.equal(first.code, 0, describe(first))
  t.same(counts(JSON.parse(first.stdout) as Report), [2, 0, 0, 0])
  const analyzed = (await statistics(['inventory_items'])).inventory_items
  t.ok(analyzed?.analyzedAt, 'the import analyzed the table it wrote, once committed')
  t.equal(analyzed?.rows, 2, 'so the planner knows its rows at once')

  const again = await cli(['inventory', 'import', csv])
  t.equal(again.code, 0, describe(again))
  t.match(again.stdout, /0 created, 0 updated, 2 unchanged/)
  t.equal(again.stderr, '', 'no progress bar when stderr is not a terminal')
  t.same(
    (await statistics(['inventory_items'])).inventory_items?.analyzedAt,
    analyzed?.analyzedAt,
    'an import that changes nothing analyzes nothing',
  )
  const { rows: versions } = await api.pool.query<{ version: number }>(
    'select version from inventory_items where shop_id = $1::uuid order by part_number',
    [shop.id],
  )
  t.same(
    versions.map((row) => row.version),
    [1, 1],
    'an unchanged row is not touched',
  )

  const ndjson = await file(
    'items.ndjson',
    '{"part_number":"t-1","unit_price":"199.99"}\n{"part_number":"B-1","name":"Battery","product_family":"battery","quantity_on_hand":3}\n',
  )
  const changed = await cli(['inventory', 'import', ndjson, '--json'])
  t.equal(changed.code, 0, describe(changed))
  t.same(counts(JSON.parse(changed.stdout) as Report), [1, 1, 0, 0], 'part numbers match whatever their case')
  const { rows } = await api.pool.query<{ unit_price: string; quantity_on_hand: string; version: number }>(
    `select unit_price::text, quantity_on_hand::text, version from inventory_items
     where shop_id = $1::uuid and part_number = 't-1'`,
    [shop.id],
  )
  t.same(rows[0], { unit_price: '199.99', quantity_on_hand: '4.000', version: 2 }, 'absent fields keep their value')

  const bad = await file(
    'bad.csv',
    'part_number,name,tire_size,quantity_on_hand\nN-1,New,,1\nN-2,Bad size,225/R17,1\nN-3,Bad qty,,-2\nN-1,Again,,1\n',
  )
  const before = await itemCount()
  const refused = await cli(['inventory', 'import', bad, '--json'])
  t.equal(refused.code, 1, describe(refused))
  const report = JSON.parse(refused.stdout) as Report
  t.same(counts(report), [1, 0, 0, 3])
  t.same(
    report.rejections.map((rejection) => rejection.line),
    [3, 4, 5],
  )
  t.match(report.rejections[0]?.reason, /tire_size/)
  t.match(report.rejections[2]?.reason, /already on line 2/)
  t.equal(await itemCount(), before + 1, 'the valid row is imported; the bad ones are not')
  t.equal(report.rejects_file, join(dir, 'bad.rejected.csv'))

  const human = await cli(['inventory', 'import', bad, '--overwrite'])
  t.equal(human.code, 1)
  t.match(human.stdout, /0 created, 0 updated, 1 unchanged, 3 rejected/)
  t.match(human.stdout, /3\s+tire_size/)
  t.match(human.stdout, /Rejected rows are in .*bad\.rejected\.csv/)

  const missing = await cli(['inventory', 'import', join(dir, 'nope.csv')])
  t.equal(missing.code, 1)
  t.match(missing.stderr, /^Error: Cannot read/)
})

t.test('inventory: a dry run writes nothing; the rejects file, fixed, imports its row', async (t) => {
  const path = await file(
    'fix.csv',
    'part_number,name,quantity_on_hand\nF-1,One,1\nF-2,"=HYPERLINK(""x"")",-5\nF-3,Three,3\n',
  )
  const rejectsPath = join(dir, 'fix.rejected.csv')
  const before = await itemCount()

  const dry = await cli(['inventory', 'import', path, '--dry-run', '--json'])
  t.equal(dry.code, 1, describe(dry))
  const checked = JSON.parse(dry.stdout) as Report
  t.same([checked.dry_run, ...counts(checked)], [true, 2, 0, 0, 1], 'every row checked: what it would do')
  t.equal(await itemCount(), before, 'a dry run writes nothing')
  await t.rejects(stat(rejectsPath), { code: 'ENOENT' }, 'nor a rejects file (only with --rejects)')

  const run = await cli(['inventory', 'import', path, '--json'])
  t.equal(run.code, 1, describe(run))
  const report = JSON.parse(run.stdout) as Report
  t.same(counts(report), [2, 0, 0, 1], 'the good rows are imported; the bad one is rejected')
  t.same(report.rejections, [{ line: 3, reason: 'quantity_on_hand: must not be negative (at least 0.000)' }])
  t.equal(await itemCount(), before + 2)
  t.equal(report.rejects_file, rejectsPath)
  t.equal((await stat(rejectsPath)).mode & 0o777, 0o600, 'the rejects file is private')
  const rejected = await readFile(rejectsPath, 'utf8')
  t.equal(
    rejected,
    '\uFEFFpart_number,name,quantity_on_hand,rejected_reason\r\n' +
      'F-2,"\'=HYPERLINK(""x"")",\'-5,line 3: quantity_on_hand: must not be negative (at least 0.000)\r\n',
    'the bad row as the file had it, its line and reason; formula cells neutralised',
  )

  await writeFile(rejectsPath, rejected.replace(",'-5,", ',5,'))
  const fixed = await cli(['inventory', 'import', rejectsPath, '--json'])
  t.equal(fixed.code, 0, describe(fixed))
  t.same(counts(JSON.parse(fixed.stdout) as Report), [1, 0, 0, 0], 'the fixed row is imported')
  const { rows } = await api.pool.query<{ name: string; quantity_on_hand: string }>(
    `select name, quantity_on_hand::text from inventory_items where shop_id = $1::uuid and part_number = 'F-2'`,
    [shop.id],
  )
  t.same(rows, [{ name: '=HYPERLINK("x")', quantity_on_hand: '5.000' }], 'the original cell, not its neutralised copy')
})

t.test('inventory adjust', async (t) => {
  const { rows } = await api.pool.query<{ public_id: string }>(
    `select public_id from inventory_items where shop_id = $1::uuid and part_number = 'T-2'`,
    [shop.id],
  )
  const id = rows[0]?.public_id as string
  const adjusted = await runCommand(['inventory', 'adjust', id, '--on-hand', '7.5', '--json'], {
    DATABASE_URL: api.url,
  })
  t.equal(adjusted.code, 0, describe(adjusted))
  const item = JSON.parse(adjusted.stdout) as { id: string; quantity_on_hand: string; quantity_available: string }
  t.same([item.id, item.quantity_on_hand, item.quantity_available], [id, '7.5', '7.5'])
  const { rows: after } = await api.pool.query<{ version: number }>(
    'select version from inventory_items where public_id = $1',
    [id],
  )
  t.equal(after[0]?.version, 2)
  const negative = await cli(['inventory', 'adjust', id, '--on-hand', '-1'])
  t.equal(negative.code, 1)
  t.match(negative.stderr, /^Error: --on-hand must not be negative/)
  const wrongId = await cli(['inventory', 'adjust', 'cj_abc', '--on-hand', '1'])
  t.equal(wrongId.code, 1)
})

t.test('canned jobs: CSV and NDJSON import, parts replaced only when they differ', async (t) => {
  const csv = await file(
    'jobs.csv',
    [
      'code,name,category,default_hours,labor_rate,part_number,part_description,quantity,unit_price,unit_cost',
      'OIL,Oil change,Maintenance,0.5,120,OIL-5W30,Oil,4.5,8.99,4.10',
      'OIL,,,,,FLT-1,Filter,1,12.00,',
      'DIAG,Diagnosis,,1,150,,,,,',
      '',
    ].join('\n'),
  )
  const first = await cli(['canned-jobs', 'import', csv, '--json'])
  t.equal(first.code, 0, describe(first))
  t.same(counts(JSON.parse(first.stdout) as Report), [2, 0, 0, 0])
  const analyzed = await statistics(['canned_jobs', 'canned_job_parts'])
  t.ok(analyzed.canned_jobs?.analyzedAt && analyzed.canned_job_parts?.analyzedAt, 'both tables analyzed', analyzed)
  t.same([analyzed.canned_jobs?.rows, analyzed.canned_job_parts?.rows], [2, 2], 'the planner knows their rows')
  const again = await cli(['canned-jobs', 'import', csv, '--json'])
  t.same(counts(JSON.parse(again.stdout) as Report), [0, 0, 2, 0], 're-run changes nothing')

  const ndjson = await file(
    'jobs.ndjson',
    '{"code":"OIL","name":"Oil change","parts":[{"part_number":"OIL-5W30","description":"Oil","quantity":"5","unit_price":"8.99","unit_cost":"4.10"}]}\n',
  )
  const changed = await cli(['canned-jobs', 'import', ndjson, '--json'])
  t.same(counts(JSON.parse(changed.stdout) as Report), [0, 1, 0, 0])
  const { rows } = await api.pool.query<{ part_number: string; quantity: string }>(
    `select p.part_number, p.quantity::text from canned_job_parts p join canned_jobs c on c.id = p.canned_job_id
     where c.shop_id = $1::uuid and c.code = 'OIL' order by p.position`,
    [shop.id],
  )
  t.same(rows, [{ part_number: 'OIL-5W30', quantity: '5.000' }])

  const bad = await file(
    'bad-jobs.ndjson',
    '{"code":"NEW","name":"New"}\n{"code":"X","name":"X","parts":[{"quantity":"1"}]}\nnot json\n',
  )
  const refused = await cli(['canned-jobs', 'import', bad, '--json'])
  t.equal(refused.code, 1, describe(refused))
  const report = JSON.parse(refused.stdout) as Report
  t.same(
    report.rejections.map((rejection) => rejection.line),
    [2, 3],
  )
  const { rows: created } = await api.pool.query('select 1 from canned_jobs where shop_id = $1::uuid and code = $2', [
    shop.id,
    'NEW',
  ])
  t.equal(created.length, 1, 'the valid job is imported; the bad lines are rejected')
})

t.test('canned jobs: a job of several CSV lines is imported or rejected whole', async (t) => {
  const header = 'code,name,default_hours,labor_rate,part_number,part_description,quantity,unit_price,unit_cost'
  const path = await file(
    'whole.csv',
    [
      header,
      'BRK,Brake pads,1.5,120,PAD-1,Pads,1,80.00,40.00',
      'BRK,,,,RTR-1,Rotor,two,60.00,30.00',
      'ALN,Alignment,1,100,,,,,',
      '',
    ].join('\n'),
  )
  const codes = async () => {
    const { rows } = await api.pool.query<{ code: string }>(
      `select code from canned_jobs where shop_id = $1::uuid and code in ('BRK', 'ALN') order by code`,
      [shop.id],
    )
    return rows.map((row) => row.code)
  }
  const dry = await cli(['canned-jobs', 'import', path, '--dry-run', '--json'])
  t.equal(dry.code, 1, describe(dry))
  t.same(counts(JSON.parse(dry.stdout) as Report), [1, 0, 0, 2])
  t.same(await codes(), [], 'a dry run writes nothing')

  const run = await cli(['canned-jobs', 'import', path, '--json'])
  t.equal(run.code, 1, describe(run))
  const report = JSON.parse(run.stdout) as Report
  t.same(counts(report), [1, 0, 0, 2], 'the good job is imported; both lines of the bad one are rejected')
  t.same(
    report.rejections.map((rejection) => rejection.line),
    [2, 3],
  )
  t.match(report.rejections[0]?.reason, /^line 3: quantity: .*canned job "BRK" takes lines 2-3/)
  t.same(await codes(), ['ALN'], 'no half of BRK was written')
  const rejectsPath = join(dir, 'whole.rejected.csv')
  const rejected = await readFile(rejectsPath, 'utf8')
  t.match(rejected, /\r\nBRK,Brake pads,.*PAD-1.*\r\nBRK,,,,RTR-1,Rotor,two,/s, 'both lines of the job, in order')

  await writeFile(rejectsPath, rejected.replace(',two,', ',2,'))
  const fixed = await cli(['canned-jobs', 'import', rejectsPath, '--json'])
  t.equal(fixed.code, 0, describe(fixed))
  t.same(counts(JSON.parse(fixed.stdout) as Report), [1, 0, 0, 0])
  const { rows } = await api.pool.query<{ part_number: string; quantity: string }>(
    `select p.part_number, p.quantity::text from canned_job_parts p join canned_jobs c on c.id = p.canned_job_id
     where c.shop_id = $1::uuid and c.code = 'BRK' order by p.position`,
    [shop.id],
  )
  t.same(rows, [
    { part_number: 'PAD-1', quantity: '1.000' },
    { part_number: 'RTR-1', quantity: '2.000' },
  ])
})
