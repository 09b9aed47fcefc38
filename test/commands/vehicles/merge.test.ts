// `shopapi vehicles merge` end to end: the built CLI run in-process (runCommand over dist/, so
// `npm run build` first) on the database of a running test app, checked through the API and the events table.
import t, { type Test } from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { jsonClient } from '../../helpers/http.js'

const api = await startTestApp(t)
const cli = (args: string[]) => runCommand(args, { DATABASE_URL: api.url })

const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, [
  'customers.read',
  'customers.write',
  'vehicles.read',
  'vehicles.write',
  'external_refs.write',
])

interface VehicleJson {
  id: string
  customer_id: string
  vin: string | null
  make: string | null
  model: string | null
  archived: boolean
  merged_into: string | null
  external_id: string | null
  version: number
}

const send = jsonClient(api)

async function createVehicle(body: Record<string, unknown>): Promise<VehicleJson> {
  const created = await send<VehicleJson>('POST', '/vehicles', key, { body })
  if (created.status !== 201) throw new Error(`vehicle not created: ${JSON.stringify(created.body)}`)
  return created.body
}

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

function assertOneLineFailure(t: Test, result: CliResult, message: RegExp) {
  t.equal(result.code, 1, 'exits 1', { output: describe(result) })
  t.equal(result.stderr.trim().split('\n').length, 1, 'one line on stderr', { stderr: result.stderr })
  t.match(result.stderr, message)
  t.notMatch(result.stderr, /^\s+at\s/m, 'no stack trace')
}

const customer = await send<{ id: string }>('POST', '/customers', key, {
  body: { first_name: 'Dana', last_name: 'Fleet' },
})
const customerId = customer.body.id

t.test('merge --json: the duplicate is archived with merged_into, ids and events follow', async (t) => {
  const duplicate = await createVehicle({ customer_id: customerId, vin: '1HGCM82633A004352', make: 'Honda' })
  const survivor = await createVehicle({
    customer_id: customerId,
    vin: '1HGCM82633A004352',
    make: 'Honda',
    model: 'Accord',
  })
  t.equal(
    (await send('PUT', `/vehicles/${duplicate.id}/external-id`, key, { body: { external_id: 'DMS-1' } })).status,
    200,
  )

  const result = await cli(['vehicles', 'merge', duplicate.id, '--into', survivor.id, '--json'])
  t.equal(result.code, 0, 'exits 0', { output: describe(result) })
  const output = JSON.parse(result.stdout) as { merged: VehicleJson; survivor: VehicleJson }
  t.same(Object.keys(output).sort(), ['merged', 'survivor'])
  t.match(output.merged, { id: duplicate.id, merged_into: survivor.id, archived: true, version: 2 })
  t.match(output.survivor, { id: survivor.id, merged_into: null, archived: false, version: 2, model: 'Accord' })

  const merged = await send<VehicleJson>('GET', `/vehicles/${duplicate.id}`, key)
  t.equal(merged.status, 200, 'the merged vehicle stays readable')
  t.match(merged.body, { merged_into: survivor.id, archived: true, external_id: null })
  const kept = await send<VehicleJson>('GET', `/vehicles/${survivor.id}`, key)
  t.match(kept.body, { external_id: 'DMS-1', version: 2 }, "the integration's external id moved to the survivor")
  const active = await send<{ data: VehicleJson[] }>('GET', '/vehicles', key)
  t.same(
    active.body.data.map((v) => v.id),
    [survivor.id],
    'the merged vehicle left the default list',
  )

  const { rows } = await api.pool.query<{ type: string; object_id: string; summary: Record<string, unknown> }>(
    `select type, object_id, summary, integration_id from events
     where type in ('vehicle.merged', 'vehicle.updated') order by sequence`,
  )
  t.same(
    rows.map((row) => [row.type, row.object_id]),
    [
      ['vehicle.merged', survivor.id],
      ['vehicle.updated', survivor.id],
    ],
  )
  t.same(rows[0]?.summary, { merged_from_id: duplicate.id, merged_into_id: survivor.id })
  t.match(rows[0], { integration_id: null }, 'attributed to the shop, not an integration')
  t.match(rows[1]?.summary, { changed_fields: [], merged_from_id: duplicate.id, customer_id: customerId })

  const again = await cli(['vehicles', 'merge', duplicate.id, '--into', survivor.id])
  assertOneLineFailure(t, again, new RegExp(`${duplicate.id} was already merged into ${survivor.id}`))
  const reverse = await cli(['vehicles', 'merge', survivor.id, '--into', duplicate.id])
  assertOneLineFailure(t, reverse, /was merged into .*merge into that one/)
})

t.test('human output names both vehicles', async (t) => {
  const a = await createVehicle({ customer_id: customerId, year: 2019, make: 'Ford', model: 'Transit' })
  const b = await createVehicle({ customer_id: customerId, year: 2019, make: 'Ford', model: 'Transit', plate: 'F1' })
  const result = await cli(['vehicles', 'merge', a.id, '--into', b.id])
  t.equal(result.code, 0, 'exits 0', { output: describe(result) })
  t.match(
    result.stdout,
    new RegExp(`^Merged ${a.id} \\(2019 Ford Transit\\) into ${b.id} \\(2019 Ford Transit\\)$`, 'm'),
  )
})

t.test('refusals: wrong id type, same vehicle, unknown vehicle, --json error shape', async (t) => {
  const vehicle = await createVehicle({ customer_id: customerId })
  assertOneLineFailure(t, await cli(['vehicles', 'merge', customerId, '--into', vehicle.id]), /is not a vehicle id/)
  assertOneLineFailure(t, await cli(['vehicles', 'merge', vehicle.id, '--into', vehicle.id]), /into itself/)
  assertOneLineFailure(
    t,
    await cli(['vehicles', 'merge', 'veh_0000000000000000000000', '--into', vehicle.id]),
    /No vehicle veh_0000000000000000000000/,
  )
  const json = await cli(['vehicles', 'merge', customerId, '--into', vehicle.id, '--json'])
  t.equal(json.code, 1)
  t.match(JSON.parse(json.stdout), { error: { code: 'invalid_id', message: /not a vehicle id/ } })
  const unchanged = await send<VehicleJson>('GET', `/vehicles/${vehicle.id}`, key)
  t.match(unchanged.body, { version: 1, merged_into: null }, 'refused merges change nothing')
})
