// `shopapi import customers` end to end: the built CLI (runCommand in-process over dist/, so
// `npm run build` first; the interrupted run a real process) on the database of a running test app, whose API answers are checked against its OpenAPI
// document. Hostile files, dry runs, re-runs, interrupted runs, events.
import { spawn } from 'node:child_process'
import { appendFile, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { type CliResult, cliEnv, cliPath } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

t.setTimeout(600_000)

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const { key, integrationId } = await createTestKey(api.pool, shop, ['customers.read', 'vehicles.read'])
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], { DATABASE_URL: api.url })
const dir = await mkdtemp(join(tmpdir(), 'shopapi-import-customers-'))

async function file(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

interface Report {
  rows: number
  created: number
  updated: number
  unchanged: number
  rejected: number
  rejections: { line: number; reason: string }[]
  rejects_file: string | null
  complete: boolean
  dry_run: boolean
  analyzed: boolean
}

const counts = (report: Report) => [report.created, report.updated, report.unchanged, report.rejected]

async function importJson(args: string[]): Promise<{ result: CliResult; report: Report }> {
  const result = await cli(['import', 'customers', ...args, '--json'])
  try {
    return { result, report: JSON.parse(result.stdout) as Report }
  } catch {
    throw new Error(describe(result))
  }
}

async function tableCounts(): Promise<{ customers: number; events: number; refs: number }> {
  const { rows } = await api.pool.query<{ customers: number; events: number; refs: number }>(
    `select (select count(*)::int from customers where shop_id = $1::uuid) as customers,
       (select count(*)::int from events where shop_id = $1::uuid) as events,
       (select count(*)::int from external_refs where shop_id = $1::uuid) as refs`,
    [shop.id],
  )
  return rows[0] as { customers: number; events: number; refs: number }
}

interface Customer {
  id: string
  first_name: string
  email: string | null
  phone: string | null
  notes: string | null
  tags: string[]
  fleet_account: boolean
  external_id: string | null
  consent: Record<string, boolean>
  version: number
}

/** The customers of an external id or email, as the API (checked against its contract) shows them. */
async function customersWhere(query: string): Promise<Customer[]> {
  const response = await api.request(`/v1/customers?${query}`, { key })
  t.equal(response.status, 200)
  return ((await response.json()) as { data: Customer[] }).data
}

const keyFlags = ['--key', 'external_id', '--integration', integrationId]

t.test('hostile CSV: BOM, quoted line breaks, formulas stored verbatim, a mapping, line numbers', async (t) => {
  const formula = "=cmd|' /C calc'!A0"
  const csv = await file(
    'hostile.csv',
    Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        [
          'Customer ID,First Name,last_name,email,Phone Number,Cell,tags,fleet_account,consent_sms_marketing,notes',
          'H-1,Zoë,"O\'Neil, Jr.",zoe@example.com,(512) 555-0101,,vip;fleet ; vip,yes,true,"two',
          'lines, and ""quotes"""',
          `H-2,"${formula.replaceAll('"', '""')}",Formula,f@example.com,,512 555 0102,,no,0,"${formula}"`,
          'H-3,=1+1,@SUM(A1),,+1-2,-3,,,,',
          'H-4,NoLast,,,,,,,,',
          'H-5,Bad,Bool,b@example.com,,,,maybe,,',
          '',
        ].join('\r\n'),
      ),
    ]),
  )
  const { result, report } = await importJson([
    csv,
    ...keyFlags,
    '--map',
    'Customer ID=external_id,First Name=first_name',
    '--map',
    'Phone Number=phone,Cell=phone_alt',
  ])
  t.equal(result.code, 1, 'rejections make exit code 1')
  t.same(counts(report), [3, 0, 0, 2], describe(result))
  t.same(
    report.rejections.map((r) => r.line),
    [6, 7],
    'line numbers count the quoted line break (row H-1 spans lines 2-3)',
  )
  t.match(report.rejections[0]?.reason, /^last_name: /)
  t.match(report.rejections[1]?.reason, /fleet_account: must be true or false/)
  t.ok(report.analyzed, 'the tables were analyzed after the load')

  const [zoe] = await customersWhere('external_id=H-1')
  t.equal(zoe?.first_name, 'Zoë')
  t.equal(zoe?.notes, 'two\r\nlines, and "quotes"', 'quoted line breaks and quotes kept')
  t.same(zoe?.tags, ['vip', 'fleet'], 'tags split on ; and de-duplicated as the API does')
  t.equal(zoe?.fleet_account, true)
  t.equal(zoe?.consent.sms_marketing, true)
  t.equal(zoe?.external_id, 'H-1', 'the external id belongs to the integration')
  const [formulaRow] = await customersWhere('external_id=H-2')
  t.equal(formulaRow?.first_name, formula, 'a formula-looking cell is stored as text, verbatim')
  t.equal(formulaRow?.notes, formula)
  const [plus] = await customersWhere('external_id=H-3')
  t.same([plus?.first_name, plus?.phone], ['=1+1', '+1-2'], 'cells starting with = or + are plain text')

  const rejects = await readFile(report.rejects_file as string, 'utf8')
  const rejectLines = rejects.replace(/^\uFEFF/, '').split('\r\n')
  t.equal(
    rejectLines[0],
    'Customer ID,First Name,last_name,email,Phone Number,Cell,tags,fleet_account,consent_sms_marketing,notes,rejected_reason',
    'the rejects file has the input header plus rejected_reason',
  )
  t.match(rejectLines[1], /^H-4,NoLast,,/)
  t.match(rejectLines[2], /^H-5,Bad,Bool,b@example.com,,,,maybe,,,"?line 7: fleet_account/)

  // Fixed in place, the rejects file imports as it is: its reason column is ignored.
  await writeFile(
    report.rejects_file as string,
    rejects.replace('H-4,NoLast,,', 'H-4,NoLast,Fixed,').replace(',maybe,', ',no,'),
  )
  const fixed = await importJson([
    report.rejects_file as string,
    ...keyFlags,
    '--map',
    'Customer ID=external_id,First Name=first_name,Phone Number=phone,Cell=phone_alt',
  ])
  t.equal(fixed.result.code, 0, describe(fixed.result))
  t.same(counts(fixed.report), [2, 0, 0, 0])
})

t.test('wrong encodings and a 10 MB field are refused clearly; nothing else breaks', async (t) => {
  const before = await tableCounts()
  // "Renée" as Windows-1252 / Latin-1: 0xE9 is no UTF-8.
  const latin1 = await file(
    'latin1.csv',
    Buffer.concat([
      Buffer.from('external_id,first_name,last_name\nL-1,Ann,Lee\nL-2,Ren'),
      Buffer.from([0xe9, 0x65]),
      Buffer.from(',Roy\n'),
    ]),
  )
  const refused = await importJson([latin1, ...keyFlags])
  t.equal(refused.result.code, 1)
  t.equal(refused.report.complete, false)
  t.same(
    refused.report.rejections.map((r) => r.line),
    [3],
    'the first line that is not UTF-8',
  )
  t.match(refused.report.rejections[0]?.reason, /not UTF-8.*Windows-1252.*nothing was imported/)
  t.same(await tableCounts(), before, 'not even the valid first row was imported')

  const utf16 = await file(
    'utf16.csv',
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('external_id,first_name\n', 'utf16le')]),
  )
  const sixteen = await importJson([utf16, ...keyFlags])
  t.match(sixteen.report.rejections[0]?.reason, /UTF-16/)

  const human = await cli(['import', 'customers', latin1, ...keyFlags, '--overwrite'])
  t.equal(human.code, 1)
  t.match(human.stdout, /not read to its end/)

  // A 10 MB cell: CSV cannot be resynchronised past it, so reading stops there, with its line.
  const huge = 'x'.repeat(10 * 1024 * 1024)
  const bigCsv = await file(
    'big.csv',
    `external_id,first_name,last_name,notes\nB-1,Ann,Lee,ok\nB-2,Big,Cell,"${huge}"\nB-3,After,Row,\n`,
  )
  const big = await importJson([bigCsv, ...keyFlags])
  t.equal(big.result.code, 1, describe(big.result))
  t.same(counts(big.report), [1, 0, 0, 1])
  t.equal(big.report.complete, false)
  t.equal(big.report.rejections[0]?.line, 3)
  t.match(big.report.rejections[0]?.reason, /longer than 1048576 bytes; the rest of the file was not read/)
  const rejects = await stat(big.report.rejects_file as string)
  t.ok(rejects.size < 10_000, 'the rejects file does not copy the 10 MB cell')

  // NDJSON: a 10 MB line is one rejected line, and the lines after it are imported.
  const bigNdjson = await file(
    'big.ndjson',
    `{"external_id":"N-1","first_name":"A","last_name":"B"}\n{"external_id":"N-2","first_name":"A","last_name":"B","notes":"${huge}"}\n{"external_id":"N-3","first_name":"C","last_name":"D","notes":"=HYPERLINK(\\"http://x\\")"}\n`,
  )
  const nd = await importJson([bigNdjson, ...keyFlags])
  t.same(counts(nd.report), [2, 0, 0, 1], describe(nd.result))
  t.same(
    nd.report.rejections.map((r) => r.line),
    [2],
  )
  const [n3] = await customersWhere('external_id=N-3')
  t.equal(n3?.notes, '=HYPERLINK("http://x")')
})

t.test('a header column that is no field is one usage error, before anything is written', async (t) => {
  const before = await tableCounts()
  const csv = await file('unknown.csv', 'external_id,first_name,last_name,Loyalty Points\nU-1,Ann,Lee,12\n')
  const refused = await cli(['import', 'customers', csv, ...keyFlags])
  t.equal(refused.code, 1)
  t.match(
    refused.stderr,
    /^Error: Column "Loyalty Points" is not a customer field: map it with --map "Loyalty Points=field" or ignore it with --map "Loyalty Points="/,
  )
  t.same(await tableCounts(), before)
  const ignored = await importJson([csv, ...keyFlags, '--map', 'Loyalty Points='])
  t.same(counts(ignored.report), [1, 0, 0, 0], describe(ignored.result))
  const noIntegration = await cli(['import', 'customers', csv, '--key', 'external_id'])
  t.match(noIntegration.stderr, /--key external_id needs --integration/)
})

t.test('dry run validates everything and writes nothing; a re-run changes nothing; a change updates', async (t) => {
  const rows = ['external_id,first_name,last_name,email,phone']
  for (let i = 1; i <= 1200; i++)
    rows.push(`D-${i},First${i},Last${i},d${i}@example.com,512-555-${String(i).padStart(4, '0')}`)
  rows.push('D-1,Again,Twice,,', 'D-X,Bad,Email,not-an-email,')
  const csv = await file('dry.csv', `${rows.join('\n')}\n`)
  const before = await tableCounts()
  const dry = await importJson([csv, ...keyFlags, '--dry-run', '--batch-size', '500'])
  t.equal(dry.report.dry_run, true)
  t.same(counts(dry.report), [1200, 0, 0, 2], describe(dry.result))
  t.match(dry.report.rejections[0]?.reason, /external_id "D-1" is already on line 2/, 'a repeated key across batches')
  t.equal(dry.report.rejects_file, null, 'a dry run writes no file unless --rejects is given')
  t.same(await tableCounts(), before, 'no customer, event or external id written')

  const first = await importJson([csv, ...keyFlags, '--batch-size', '500'])
  t.same(counts(first.report), [1200, 0, 0, 2], describe(first.result))
  const after = await tableCounts()
  t.same(after, { customers: before.customers + 1200, events: before.events + 1200, refs: before.refs + 1200 })
  const { rows: events } = await api.pool.query<{
    type: string
    summary: Record<string, unknown>
    integration_id: string | null
  }>(
    `select type, summary, integration_id from events where shop_id = $1::uuid and object_id = (
       select public_id from customers where shop_id = $1::uuid and email = 'd7@example.com')`,
    [shop.id],
  )
  t.same(
    events,
    [
      {
        type: 'customer.created',
        summary: { first_name: 'First7', last_name: 'Last7', company_name: null, source: 'import' },
        integration_id: null,
      },
    ],
    'each created customer recorded its event, by the shop (not the integration), marked as an import',
  )

  const again = await importJson([csv, ...keyFlags, '--overwrite'])
  t.same(counts(again.report), [0, 0, 1200, 2], 'the same file again: every row unchanged')
  t.same(await tableCounts(), after, 'and nothing written, no event recorded')
  const [d5] = await customersWhere('external_id=D-5')
  t.equal(d5?.version, 1)

  const change = await file(
    'change.ndjson',
    '{"external_id":"D-5","phone":"(512) 555-9999","tags":["moved"]}\n{"external_id":"D-6","email":"nope"}\n',
  )
  const changed = await importJson([change, ...keyFlags])
  t.same(counts(changed.report), [0, 1, 0, 1], describe(changed.result))
  const [d5after] = await customersWhere('external_id=D-5')
  t.same(
    [d5after?.phone, d5after?.tags, d5after?.version, d5after?.first_name],
    ['(512) 555-9999', ['moved'], 2, 'First5'],
  )
  t.match(changed.report.rejections[0]?.reason, /^email: must be an email address/, 'the API rule, the API reason')
  const { rows: updated } = await api.pool.query<{ summary: { changed_fields: string[]; source: string } }>(
    `select summary from events where shop_id = $1::uuid and type = 'customer.updated' and object_id = $2::text`,
    [shop.id, d5after?.id],
  )
  t.same(
    updated.map((e) => [e.summary.changed_fields.sort(), e.summary.source]),
    [[['phone', 'tags'], 'import']],
  )

  // The events reach GET /v1/events (and so webhooks) like any other write's.
  const listed = await api.request('/v1/events?type=customer.updated', { key })
  t.equal(listed.status, 200)
  const body = (await listed.json()) as { data: { data: { object_id: string } }[] }
  t.ok(body.data.some((event) => event.data.object_id === d5after?.id))
})

t.test('key email and key phone match existing customers', async (t) => {
  const csv = await file(
    'emails.csv',
    'email,first_name,last_name,notes\nd10@example.com,,,by email\nnew@example.com,New,Person,\n',
  )
  const byEmail = await importJson([csv, '--key', 'email'])
  t.same(counts(byEmail.report), [1, 1, 0, 0], describe(byEmail.result))
  const phones = await file('phones.csv', 'phone,notes\n+1 512 555 0011,by phone\n')
  const byPhone = await importJson([phones, '--key', 'phone'])
  t.same(counts(byPhone.report), [0, 1, 0, 0], describe(byPhone.result))
  const [d11] = await customersWhere('external_id=D-11')
  t.equal(d11?.notes, 'by phone', '512-555-0011 and +1 512 555 0011 are one number')
})

t.test('a file whose second half is appended later, and a run killed mid-way, resume without duplicates', async (t) => {
  const header = 'external_id,first_name,last_name\n'
  const half = (from: number, to: number) => {
    let text = ''
    for (let i = from; i <= to; i++) text += `R-${i},R${i},Resume\n`
    return text
  }
  const path = await file('resume.csv', header + half(1, 300))
  const first = await importJson([path, ...keyFlags, '--batch-size', '100'])
  t.same(counts(first.report), [300, 0, 0, 0])
  await appendFile(path, half(301, 600))
  const second = await importJson([path, ...keyFlags, '--batch-size', '100'])
  t.same(counts(second.report), [300, 0, 300, 0], 'the first half unchanged, the appended half created')

  const big = await file('killed.csv', header + half(1001, 9000))
  const child = spawn(
    process.execPath,
    [cliPath, 'import', 'customers', big, ...keyFlags, '--batch-size', '50', '--shop', shop.public_id],
    {
      env: cliEnv({ DATABASE_URL: api.url }),
      stdio: 'ignore',
    },
  )
  const exited = new Promise((resolve) => child.on('close', resolve))
  const resumeCount = async () => {
    const { rows } = await api.pool.query<{ n: number }>(
      `select count(*)::int as n from customers where shop_id = $1::uuid and last_name = 'Resume'`,
      [shop.id],
    )
    return rows[0]?.n ?? 0
  }
  // Killed once some batches committed, mid-file.
  while ((await resumeCount()) < 700) await new Promise((resolve) => setTimeout(resolve, 20))
  child.kill('SIGKILL')
  await exited
  const committed = (await resumeCount()) - 600
  t.ok(committed < 8000, `killed mid-file: ${committed} of 8,000 rows committed`)
  const resumed = await importJson([big, ...keyFlags, '--batch-size', '50'])
  t.equal(resumed.report.rejected, 0, describe(resumed.result))
  t.equal(resumed.report.created + resumed.report.unchanged, 8000)
  t.equal(resumed.report.unchanged, committed, 'every row committed before the kill is matched, unchanged')
  const { rows: totals } = await api.pool.query<{ customers: number; distinct_refs: number; events: number }>(
    `select count(*)::int as customers, count(distinct r.external_id)::int as distinct_refs,
       (select count(*)::int from events e where e.shop_id = $1::uuid and e.object_id in (
          select public_id from customers where shop_id = $1::uuid and last_name = 'Resume')) as events
     from customers c join external_refs r on r.object_id = c.id and r.shop_id = c.shop_id
     where c.shop_id = $1::uuid and c.last_name = 'Resume'`,
    [shop.id],
  )
  t.same(
    totals[0],
    { customers: 8600, distinct_refs: 8600, events: 8600 },
    'no duplicate customer, one created event each',
  )
})
