// `shopapi import vehicles` end to end (built CLI over a running test app's database): vehicles linked
// to customers through the customer keys, re-runs, owner changes, events.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

t.setTimeout(600_000)

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const { key, integrationId } = await createTestKey(api.pool, shop, ['customers.read', 'vehicles.read'])
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], { DATABASE_URL: api.url })
const dir = await mkdtemp(join(tmpdir(), 'shopapi-import-vehicles-'))

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

interface Report {
  created: number
  updated: number
  moved: number
  moves: {
    line: number
    id: string
    key: string
    from: { id: string; name: string }
    to: { id: string; name: string }
  }[]
  unchanged: number
  rejected: number
  rejections: { line: number; reason: string }[]
}

const counts = (report: Report) => [report.created, report.updated, report.unchanged, report.rejected]

async function importJson(args: string[]): Promise<{ result: CliResult; report: Report }> {
  const result = await cli(['import', ...args, '--json'])
  try {
    return { result, report: JSON.parse(result.stdout) as Report }
  } catch {
    throw new Error(`exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`)
  }
}

const describe = (result: CliResult) => `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`

async function apiGet<T>(path: string): Promise<T> {
  const response = await api.request(path, { key })
  t.equal(response.status, 200, path)
  return (await response.json()) as T
}

interface Vehicle {
  id: string
  customer_id: string
  vin: string | null
  year: number | null
  make: string | null
  odometer: number | null
  external_id: string | null
  version: number
}

const integrationFlags = ['--integration', integrationId]

t.test('vehicles link to customers imported with the same keys', async (t) => {
  const customers = await file(
    'customers.csv',
    'Legacy ID,first_name,last_name,email\nC-1,Ann,Lee,ann@example.com\nC-2,Bob,Ray,bob@example.com\n',
  )
  const imported = await importJson([
    'customers',
    customers,
    '--key',
    'external_id',
    ...integrationFlags,
    '--map',
    'Legacy ID=external_id',
  ])
  t.same(counts(imported.report), [2, 0, 0, 0], describe(imported.result))
  const [ann] = (await apiGet<{ data: { id: string }[] }>('/v1/customers?external_id=C-1')).data
  const [bob] = (await apiGet<{ data: { id: string }[] }>('/v1/customers?external_id=C-2')).data

  const vehicles = await file(
    'vehicles.csv',
    [
      'Unit,Owner,vin,year,make,model,odometer',
      'V-1,C-1,1hgcm82633a004352,2003,Honda,Accord,120000',
      'V-2,C-1,,2019,Ford,F-150,',
      'V-3,C-2,,1999,Toyota,Camry,12.5',
      'V-4,C-9,,2020,Kia,Rio,',
      'V-5,,,2020,Kia,Soul,',
      'V-6,C-2,1HGCM82633A004353,2003,Honda,Accord,',
      '',
    ].join('\n'),
  )
  const args = [
    'vehicles',
    vehicles,
    '--key',
    'external_id',
    ...integrationFlags,
    '--map',
    'Unit=external_id,Owner=customer_external_id',
  ]
  const first = await importJson(args)
  t.equal(first.result.code, 1)
  t.same(counts(first.report), [2, 0, 0, 4], describe(first.result))
  t.same(
    first.report.rejections.map((r) => [r.line, r.reason.split(':')[0]]),
    [
      [4, 'odometer'],
      [5, 'customer_external_id'],
      [6, 'customer_external_id'],
      [7, 'vin'],
    ],
  )
  t.match(
    first.report.rejections[1]?.reason,
    /no customer with external_id "C-9" in this shop \(import the customers first\)/,
  )
  t.match(first.report.rejections[2]?.reason, /is required to create a vehicle/)
  t.match(first.report.rejections[3]?.reason, /check digit/i, 'the VIN check digit, as the API checks it')

  const owned = await apiGet<{ data: Vehicle[] }>(`/v1/vehicles?customer=${ann?.id}`)
  t.same(
    owned.data.map((v) => [v.external_id, v.vin, v.year, v.customer_id]).sort(),
    [
      ['V-1', '1HGCM82633A004352', 2003, ann?.id],
      ['V-2', null, 2019, ann?.id],
    ],
    'linked to the customer the key names; the VIN upper-cased as the API stores it',
  )
  const { rows: events } = await api.pool.query<{ type: string; summary: Record<string, unknown> }>(
    `select type, summary from events where shop_id = $1::uuid and object_type = 'vehicle' order by sequence`,
    [shop.id],
  )
  t.same(
    events.map((e) => [e.type, e.summary.customer_id, e.summary.source]),
    [
      ['vehicle.created', ann?.id, 'import'],
      ['vehicle.created', ann?.id, 'import'],
    ],
  )

  // Its rejects file is there from the first run: --overwrite replaces it.
  const again = await importJson([...args, '--overwrite'])
  t.same(counts(again.report), [0, 0, 2, 4], 'the same file again changes nothing')

  // V-2 moves to Bob (by email this time) and gets an odometer; matched on the external id.
  const moves = await file('moves.csv', 'external_id,customer_email,odometer\nV-2,BOB@example.com,5000\n')
  const moveArgs = ['vehicles', moves, '--key', 'external_id', ...integrationFlags, '--customer-key', 'email']
  const [before] = (await apiGet<{ data: Vehicle[] }>('/v1/vehicles?external_id=V-2')).data
  // A person reads the move apart from updates, both customers named beside their ids.
  const dry = await cli(['import', ...moveArgs, '--dry-run'])
  t.equal(dry.code, 0, describe(dry))
  t.match(dry.stdout, /It would be: 0 created, 0 updated, 1 moved, 0 unchanged, 0 rejected/)
  t.match(
    dry.stdout,
    new RegExp(
      `Would move:\\n.*\\n2 +${before?.id} \\(external_id "V-2"\\) +Ann Lee \\(${ann?.id}\\) +Bob Ray \\(${bob?.id}\\)`,
    ),
  )
  const moved = await importJson(moveArgs)
  t.same(counts(moved.report), [0, 0, 0, 0], describe(moved.result))
  t.equal(moved.report.moved, 1, 'a VIN or key match that changes the customer is a move, not an update')
  t.same(moved.report.moves, [
    {
      line: 2,
      id: before?.id,
      key: 'external_id "V-2"',
      from: { id: ann?.id, name: 'Ann Lee' },
      to: { id: bob?.id, name: 'Bob Ray' },
    },
  ])
  const [v2] = (await apiGet<{ data: Vehicle[] }>('/v1/vehicles?external_id=V-2')).data
  t.same([v2?.customer_id, v2?.odometer, v2?.version], [bob?.id, 5000, 2])
  const { rows: updates } = await api.pool.query<{ summary: { changed_fields: string[] } }>(
    `select summary from events where shop_id = $1::uuid and type = 'vehicle.updated' and object_id = $2::text`,
    [shop.id, v2?.id],
  )
  t.same(
    updates.map((e) => e.summary.changed_fields.sort()),
    [['customer_id', 'odometer']],
    'the event of PATCH /v1/vehicles/{id} with a customer_id: vehicle.updated, customer_id among changed_fields',
  )
  const movedAgain = await importJson(moveArgs)
  t.same(
    [movedAgain.report.moved, movedAgain.report.unchanged, movedAgain.report.moves],
    [0, 1, []],
    'moved once: the re-run is unchanged',
  )
  // An update that keeps the customer is an update.
  const odometer = await file('odometer.csv', 'external_id,customer_email,odometer\nV-2,bob@example.com,6000\n')
  const updated = await importJson([
    'vehicles',
    odometer,
    '--key',
    'external_id',
    ...integrationFlags,
    '--customer-key',
    'email',
  ])
  t.same([...counts(updated.report), updated.report.moved], [0, 1, 0, 0, 0], describe(updated.result))
})

t.test('key vin with owners by cus_ id, from NDJSON', async (t) => {
  const [bob] = (await apiGet<{ data: { id: string }[] }>('/v1/customers?external_id=C-2')).data
  const ndjson = await file(
    'vins.ndjson',
    `${JSON.stringify({ vin: '1hgcm82633a004352', customer_id: bob?.id, color: 'Blue' })}\n${JSON.stringify({ vin: '2T1BURHE0JC000001', customer_id: 'cus_nope', year: 2018 })}\n${JSON.stringify({ vin: 'WVWZZZ1JZXW000001', customer_id: bob?.id, year: '2018' })}\n`,
  )
  const result = await importJson(['vehicles', ndjson, '--key', 'vin', '--customer-key', 'id'])
  t.same(counts(result.report), [0, 0, 0, 2], describe(result.result))
  t.same(
    result.report.moves.map((m) => [m.line, m.key, m.from.name, m.to.id, m.to.name]),
    [[1, 'vin "1HGCM82633A004352"', 'Ann Lee', bob?.id, 'Bob Ray']],
    'matched on the VIN, owned by Ann, named Bob: moved',
  )
  t.match(result.report.rejections[0]?.reason, /no customer with id "cus_nope"/)
  t.match(
    result.report.rejections[1]?.reason,
    /^year: /,
    'NDJSON values are typed JSON: "2018" is no number, as for the API',
  )
  const [v1] = (await apiGet<{ data: Vehicle[] }>('/v1/vehicles?vin=1HGCM82633A004352')).data
  t.equal(v1?.customer_id, bob?.id, 'matched on the VIN and moved to Bob')
})
