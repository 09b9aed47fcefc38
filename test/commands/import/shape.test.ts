// One import shape (issue 27): `shopapi import customers|vehicles|inventory|canned-jobs FILE` take the same
// flags, and each flag does what it says for each of the four; `canned-jobs import` and `inventory import`
// still run (oclif aliases); prices and costs are read as a spreadsheet writes them; the README's
// invocations are accepted as written. The built CLI in-process (runCommand over dist/: `npm run build`
// first) on the database of a running test app.
import { access, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, type CliResult, describeResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

t.setTimeout(600_000)

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const shopCli = (args: string[], shopId = shop.public_id) =>
  runCommand([...args, '--shop', shopId], { DATABASE_URL: api.url })
const dir = await mkdtemp(join(tmpdir(), 'shopapi-import-shape-'))

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

interface Report {
  seconds: number
  rows_per_second: number
  resource: string
  key: string
  dry_run: boolean
  created: number
  updated: number
  moved: number
  unchanged: number
  rejected: number
  rejections: { line: number; reason: string }[]
  rejects_file: string | null
}

function report(t: Test, result: CliResult, code = 1): Report {
  t.equal(result.code, code, `exit ${code}`, { output: describeResult(result) })
  return JSON.parse(result.stdout) as Report
}

const counts = (r: Report) => [r.created, r.updated, r.moved, r.unchanged, r.rejected]

async function rowCount(table: string, shopId = shop.id): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(
    `select count(*)::int as n from ${table} where shop_id = $1::uuid`,
    [shopId],
  )
  return rows[0]?.n ?? 0
}

// The owner of the vehicles below.
const owners = await file('owners.csv', 'first_name,last_name,email\nOla,Owner,owner@example.com\n')
t.equal((await shopCli(['import', 'customers', owners, '--key', 'email'])).code, 0, 'the owner is imported')

/**
 * Each import with a file of one good row and one bad one, whose first column must be mapped (`Label`),
 * and the flags that name its key.
 */
const imports = [
  {
    name: 'customers',
    table: 'customers',
    keyFlags: ['--key', 'email'],
    mapping: 'Label=last_name',
    csv: 'first_name,Label,email\nZed,Good,zed@example.com\nYan,Bad,not-an-email\n',
    badReason: /^email: /,
  },
  {
    name: 'vehicles',
    table: 'vehicles',
    keyFlags: ['--key', 'vin', '--customer-key', 'customer_email'],
    mapping: 'Label=make',
    csv: 'Label,vin,customer_email\nHonda,1HGCM82633A004352,owner@example.com\nFord,1HGCM82633A004353,owner@example.com\n',
    badReason: /^vin: VIN check digit/,
  },
  {
    name: 'inventory',
    alias: ['inventory', 'import'],
    table: 'inventory_items',
    keyFlags: ['--key', 'part_number'],
    mapping: 'Label=part_number',
    csv: 'Label,name,unit_price\nP-100,Oil filter,$8.99\nP-101,Brake pad,"8,99"\n',
    badReason: /^unit_price: "8,99" has a decimal comma/,
  },
  {
    name: 'canned-jobs',
    alias: ['canned-jobs', 'import'],
    table: 'canned_jobs',
    keyFlags: ['--key', 'code'],
    mapping: 'Label=code',
    csv: 'Label,name,labor_rate\nOIL,Oil change,$120.00\nBRK,Brakes,€95\n',
    badReason: /^labor_rate: "€95" is in EUR, but the shop's currency is USD/,
  },
]

const sharedFlags = ['--key', '--map', '--map-file', '--dry-run', '--rejects', '--overwrite', '--batch-size', '--json']

for (const spec of imports) {
  t.test(`import ${spec.name}: every shared flag works`, async (t) => {
    const help = await shopCli(['import', spec.name, '--help'])
    t.equal(help.code, 0, describeResult(help))
    for (const flag of sharedFlags) t.match(help.stdout, new RegExp(`${flag}[ =\\]]`), `--help lists ${flag}`)
    if (spec.alias) t.match(help.stdout, new RegExp(`ALIASES\\n +\\$ shopapi ${spec.alias.join(' ')}\\n`))

    const input = await file(`${spec.name}.csv`, spec.csv)
    const defaultRejects = join(dir, `${spec.name}.rejected.csv`)
    const mapFile = await file(`${spec.name}.map.json`, JSON.stringify(Object.fromEntries([spec.mapping.split('=')])))
    const before = await rowCount(spec.table)

    // --dry-run with --map and --json: the report of what would happen, nothing written, no rejects file.
    const dry = report(
      t,
      await shopCli(['import', spec.name, input, ...spec.keyFlags, '--map', spec.mapping, '--dry-run', '--json']),
    )
    t.same([dry.dry_run, ...counts(dry)], [true, 1, 0, 0, 0, 1])
    t.match(dry.rejections, [{ line: 3, reason: spec.badReason }])
    t.equal(await rowCount(spec.table), before, '--dry-run writes nothing')
    t.notOk(await exists(defaultRejects), 'nor a rejects file without --rejects')

    // Without the mapping, the unknown column is refused before any row.
    const unmapped = await shopCli(['import', spec.name, input, ...spec.keyFlags])
    assertOneLineFailure(t, unmapped, /Label/)

    // --map-file, --rejects FILE and --batch-size 1: one row per transaction, the bad row to FILE.
    const rejects = join(dir, `${spec.name}-bad.csv`)
    const args = ['import', spec.name, input, ...spec.keyFlags, '--map-file', mapFile, '--rejects', rejects]
    const run = report(t, await shopCli([...args, '--batch-size', '1', '--json']))
    t.same(counts(run), [1, 0, 0, 0, 1])
    t.equal(run.rejects_file, rejects)
    t.equal(await rowCount(spec.table), before + 1, 'the good row is written')
    const rejected = (await readFile(rejects, 'utf8')).replace(/^\uFEFF/, '').split('\r\n')
    t.equal(rejected[0], `${spec.csv.split('\n')[0]},rejected_reason`, 'the rejects file keeps the header')
    t.equal(rejected.length, 3, 'and holds the bad row alone', { rejected })

    // The rejects file exists: refused unless --overwrite; the same file again is unchanged.
    assertOneLineFailure(t, await shopCli(args), /exists: add --overwrite to replace it/)
    const again = report(t, await shopCli([...args, '--overwrite', '--json']))
    t.same(counts(again), [0, 0, 0, 1, 1], 're-run: unchanged')

    // --key names only the keys this import has; --batch-size is 1-5000.
    const withBadKey = spec.keyFlags.map((value, index) => (spec.keyFlags[index - 1] === '--key' ? 'nope' : value))
    const badKey = await shopCli(['import', spec.name, input, ...withBadKey])
    t.equal(badKey.code, 2, describeResult(badKey))
    t.match(badKey.stderr, /^Error: .*--key/)
    t.equal(badKey.stderr.trim().split('\n').length, 1, 'one line')
    const badBatch = await shopCli(['import', spec.name, input, ...spec.keyFlags, '--batch-size', '0'])
    t.equal(badBatch.code, 2, describeResult(badBatch))
    t.match(badBatch.stderr, /^Error: .*batch-size/)

    if (spec.alias) {
      // The old name runs the same command: same flags, same report.
      const dryArgs = [input, ...spec.keyFlags, '--map', spec.mapping, '--dry-run', '--json']
      const primary = report(t, await shopCli(['import', spec.name, ...dryArgs]))
      const aliased = report(t, await shopCli([...spec.alias, ...dryArgs]))
      t.same(counts(aliased), [0, 0, 0, 1, 1])
      t.same(
        aliased,
        { ...primary, seconds: aliased.seconds, rows_per_second: aliased.rows_per_second },
        `${spec.alias.join(' ')} is an alias`,
      )
    }
  })
}

t.test('money cells: the spellings a spreadsheet exports, and the refusals with how they were read', async (t) => {
  const items = await file(
    'money.csv',
    [
      'part_number,unit_price,unit_cost',
      'M-1,$8.99,8.99',
      'M-2,"$1,234.50","1,234.50"',
      'M-3, 8.99 ,USD 8.99',
      'M-4,8.99 USD,US$ 1',
      'M-5,(8.99),1',
      'M-6,-$8.99,1',
      'M-7,€8.99,1',
      'M-8,"8,99",1',
      'M-9,$8.999,1',
      'M-10,eight,1',
      '',
    ].join('\n'),
  )
  const run = report(
    t,
    await shopCli(['import', 'inventory', items, '--json', '--rejects', join(dir, 'money-bad.csv')]),
  )
  t.same([run.created, run.rejected], [4, 6])
  const { rows } = await api.pool.query<{ part_number: string; unit_price: string; unit_cost: string }>(
    `select part_number, unit_price::text, unit_cost::text from inventory_items
     where shop_id = $1::uuid and part_number like 'M-%' order by part_number`,
    [shop.id],
  )
  t.same(
    rows.map((row) => [row.part_number, row.unit_price, row.unit_cost]),
    [
      ['M-1', '8.99', '8.99'],
      ['M-2', '1234.50', '1234.50'],
      ['M-3', '8.99', '8.99'],
      ['M-4', '8.99', '1.00'],
    ],
  )
  t.same(
    run.rejections.map((r) => [r.line, r.reason]),
    [
      [6, 'unit_price: "(8.99)" reads as -8.99, which must not be negative (at least 0.00)'],
      [7, 'unit_price: "-$8.99" reads as -8.99, which must not be negative (at least 0.00)'],
      [
        8,
        `unit_price: "€8.99" is in EUR, but the shop's currency is USD: amounts are not converted (mark it $, US$ or USD, or not at all)`,
      ],
      [
        9,
        'unit_price: "8,99" has a decimal comma, which cannot be told from a thousands separator: write the amount with a decimal point (e.g. 8.99, 1,234.50 or $8.99)',
      ],
      [
        10,
        'unit_price: "$8.999" reads as 8.999, which must be a decimal string with at most 2 decimal places, e.g. 120.00',
      ],
      [11, 'unit_price: "eight" is not an amount (e.g. 8.99, 1,234.50 or $8.99)'],
    ],
  )

  // Canned jobs: the labor rate and the parts' prices and costs, in CSV and NDJSON alike.
  const jobs = await file(
    'money-jobs.csv',
    'code,name,labor_rate,part_number,quantity,unit_price,unit_cost\nTUNE,Tune-up,"$1,150.00",SP-1,4,$12.50,USD 7\n',
  )
  t.same(counts(report(t, await shopCli(['import', 'canned-jobs', jobs, '--json']), 0)), [1, 0, 0, 0, 0])
  const ndjson = await file(
    'money-jobs.ndjson',
    `${JSON.stringify({ code: 'TUNE', name: 'Tune-up', labor_rate: '$1,150.00', parts: [{ part_number: 'SP-1', quantity: '4', unit_price: '12.50', unit_cost: '$7.00' }] })}\n`,
  )
  t.same(
    counts(report(t, await shopCli(['import', 'canned-jobs', ndjson, '--json']), 0)),
    [0, 0, 0, 1, 0],
    'the same amounts spelled otherwise: unchanged',
  )
  const { rows: stored } = await api.pool.query(
    `select c.labor_rate::text, p.unit_price::text, p.unit_cost::text from canned_jobs c
     join canned_job_parts p on p.canned_job_id = c.id where c.shop_id = $1::uuid and c.code = 'TUNE'`,
    [shop.id],
  )
  t.same(stored, [{ labor_rate: '1150.00', unit_price: '12.50', unit_cost: '7.00' }])

  // In a shop that keeps euros, € is the mark and $ is another currency's.
  const euros = await createTestShop(api.pool, { currency: 'EUR' })
  const euroFile = await file('euros.csv', 'part_number,unit_price\nE-1,€8.99\nE-2,8.99 EUR\nE-3,$8.99\n')
  const euroRun = report(
    t,
    await shopCli(
      ['import', 'inventory', euroFile, '--json', '--rejects', join(dir, 'euros-bad.csv')],
      euros.public_id,
    ),
  )
  t.same([euroRun.created, euroRun.rejected], [2, 1])
  t.match(euroRun.rejections[0], {
    line: 4,
    reason:
      /^unit_price: "\$8\.99" is marked \$ \(USD, .*\), but the shop's currency is EUR: amounts are not converted \(mark it € or EUR, or not at all\)$/,
  })
})

t.test("the README's import invocations are accepted as written", async (t) => {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8')
  const names = [
    ...new Set([...readme.matchAll(/`shopapi ((?:import [a-z-]+)|(?:[a-z-]+ import))[ `]/g)].map((m) => m[1] ?? '')),
  ]
  t.same(
    names.sort(),
    ['import canned-jobs', 'import customers', 'import inventory', 'import vehicles'],
    'the README names the four imports under `shopapi import`',
  )
  for (const name of names) t.equal((await shopCli([...name.split(' '), '--help'])).code, 0, `${name} --help`)
  const customerKeys = [...readme.matchAll(/--customer-key ([a-z_]+)/g)].map((m) => m[1] ?? '')
  t.ok(customerKeys.includes('customer_email'), 'the README shows --customer-key customer_email')
  const vehicles = await file('readme-vehicles.csv', 'vin,customer_email\n1HGCM82633A004352,owner@example.com\n')
  for (const value of customerKeys) {
    const result = await shopCli([
      'import',
      'vehicles',
      vehicles,
      '--key',
      'vin',
      '--customer-key',
      value,
      '--dry-run',
      '--json',
    ])
    t.equal(result.code, 0, `--customer-key ${value}`, { output: describeResult(result) })
  }
  // Both spellings name one owner column; anything else is one line naming the accepted ones.
  const short = report(
    t,
    await shopCli(['import', 'vehicles', vehicles, '--key', 'vin', '--customer-key', 'email', '--dry-run', '--json']),
    0,
  )
  const long = report(
    t,
    await shopCli([
      'import',
      'vehicles',
      vehicles,
      '--key',
      'vin',
      '--customer-key',
      'customer_email',
      '--dry-run',
      '--json',
    ]),
    0,
  )
  t.same(counts(short), counts(long))
  assertOneLineFailure(
    t,
    await shopCli(['import', 'vehicles', vehicles, '--key', 'vin', '--customer-key', 'customer_mail']),
    /^Error: --customer-key must be customer_email, customer_phone, customer_external_id or customer_id .*got "customer_mail"\n$/,
  )
})
