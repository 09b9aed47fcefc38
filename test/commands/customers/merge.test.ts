// `shopapi customers merge FROM --into TO`: the built CLI run in-process (runCommand over
// dist/, so `npm run build` first; the race of two merges as two real processes) on the database a real API server uses, checked through the API and the
// database as the shop and its integrations would see the result. No mocks.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { newPublicId } from '../../../src/lib/ids.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import type { Customer } from '../../../src/resources/customers/schema.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { type CliResult, runCli } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { jsonClient } from '../../helpers/http.js'

interface MergeJson {
  merged: Customer
  survivor: Customer
  moved_vehicles: string[]
}

const api = await startTestApp(t)
const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-merge-test-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const env = { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: dataDir }
const cli = (args: string[]) => runCommand(args, env)
const scopes = ['customers.read', 'customers.write', 'external_refs.write'] as const
const stackTrace = /^\s+at\s|\.[cm]?[jt]s:\d+:\d+/m

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

const call = jsonClient<Customer>(api, { prefix: '', freshKeys: 'posts' })

async function create(t: Test, key: string, body: Record<string, unknown>): Promise<Customer> {
  const reply = await call('POST', '/v1/customers', key, { body })
  t.equal(reply.status, 201, 'created', { body: reply.body })
  return reply.body
}

async function addVehicle(shop: ShopRow, customerId: string): Promise<string> {
  const publicId = newPublicId('vehicle')
  await api.pool.query(
    `insert into vehicles (shop_id, public_id, customer_id)
     select shop_id, $2, id from customers where shop_id = $1 and public_id = $3`,
    [shop.id, publicId, customerId],
  )
  return publicId
}

/** A failed command: exit code 1, one readable line on stderr, no stack trace, nothing changed. */
function assertOneLineFailure(t: Test, result: CliResult, what: string, message?: RegExp) {
  t.equal(result.code, 1, `${what}: exit code 1`, { output: describe(result) })
  const lines = result.stderr
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
  t.equal(lines.length, 1, `${what}: exactly one line on stderr`, { stderr: result.stderr })
  t.notMatch(result.stderr, stackTrace, `${what}: no stack trace`)
  if (message) t.match(result.stderr, message, `${what}: says why`)
}

t.test('merge moves vehicles and external ids, keeps the duplicate readable and records events', async (t) => {
  const shop = await createTestShop(api.pool)
  const a = await createTestKey(api.pool, shop, [...scopes], 'ERP A')
  const b = await createTestKey(api.pool, shop, [...scopes], 'ERP B')
  const from = await create(t, a.key, { first_name: 'Dup', last_name: 'Licate', email: 'dup@example.com' })
  const into = await create(t, a.key, { first_name: 'Sur', last_name: 'Vivor', email: 'survivor@example.com' })
  const bystander = await create(t, a.key, { first_name: 'By', last_name: 'Stander' })
  const vehicles = [await addVehicle(shop, from.id), await addVehicle(shop, from.id)].sort()
  const untouchedVehicle = await addVehicle(shop, bystander.id)
  t.equal(
    (await call('PUT', `/v1/customers/${from.id}/external-id`, a.key, { body: { external_id: 'A-FROM' } })).status,
    200,
  )
  t.equal(
    (await call('PUT', `/v1/customers/${from.id}/external-id`, b.key, { body: { external_id: 'B-FROM' } })).status,
    200,
  )
  t.equal(
    (await call('PUT', `/v1/customers/${into.id}/external-id`, b.key, { body: { external_id: 'B-INTO' } })).status,
    200,
  )

  const result = await cli(['customers', 'merge', from.id, '--into', into.id, '--json'])
  t.equal(result.code, 0, 'exit 0', { output: describe(result) })
  const json = JSON.parse(result.stdout) as MergeJson
  t.equal(json.merged.id, from.id)
  t.equal(json.merged.merged_into, into.id, 'the duplicate points at the survivor')
  t.equal(json.merged.archived, true, 'and is archived')
  t.equal(json.survivor.id, into.id)
  t.equal(json.survivor.merged_into, null)
  t.equal(json.survivor.archived, false)
  t.same(json.moved_vehicles, vehicles, 'the moved vehicles are listed')

  const merged = await call('GET', `/v1/customers/${from.id}`, a.key)
  t.equal(merged.status, 200, 'the merged customer is still readable through the API')
  t.equal(merged.body.merged_into, into.id)
  t.equal(merged.body.archived, true)
  t.equal(merged.body.version, from.version + 1, 'its version moved')
  t.ok(Date.parse(merged.body.updated_at) >= Date.parse(from.updated_at), 'its updated_at moved')
  const survivor = await call('GET', `/v1/customers/${into.id}`, a.key)
  t.equal(survivor.body.version, into.version + 1, "the survivor's version moved too")
  t.equal(survivor.body.first_name, 'Sur', 'the survivor keeps its own fields')

  const { rows: owners } = await api.pool.query<{ public_id: string; owner: string; version: number }>(
    `select v.public_id, c.public_id as owner, v.version from vehicles v join customers c on c.shop_id = v.shop_id and c.id = v.customer_id
     where v.shop_id = $1 order by v.public_id`,
    [shop.id],
  )
  t.same(
    Object.fromEntries(owners.map((r) => [r.public_id, r.owner])),
    { [vehicles[0] as string]: into.id, [vehicles[1] as string]: into.id, [untouchedVehicle]: bystander.id },
    "the duplicate's vehicles now belong to the survivor; others are untouched",
  )
  t.same(
    Object.fromEntries(owners.map((r) => [r.public_id, r.version])),
    { [vehicles[0] as string]: 2, [vehicles[1] as string]: 2, [untouchedVehicle]: 1 },
    'the moved vehicles changed version; the other did not',
  )

  const byExternalId = async (key: string, externalId: string) =>
    (
      await call<{ data: Customer[] }>('GET', `/v1/customers?lifecycle=all&external_id=${externalId}`, key)
    ).body.data.map((c) => c.id)
  t.same(await byExternalId(a.key, 'A-FROM'), [into.id], "A's external id moved to the survivor")
  t.equal(survivor.body.external_id, 'A-FROM')
  t.same(await byExternalId(b.key, 'B-INTO'), [into.id], "B's id on the survivor is kept")
  t.same(await byExternalId(b.key, 'B-FROM'), [from.id], "B's id on the duplicate stays there (B already had one)")

  const ids = async (query: string) =>
    (await call<{ data: Customer[] }>('GET', `/v1/customers${query}`, a.key)).body.data.map((c) => c.id).sort()
  t.notOk((await ids('')).includes(from.id), 'the merged customer leaves the default list')
  t.ok((await ids('?lifecycle=archived')).includes(from.id), 'it is listed with lifecycle=archived')
  t.ok(
    (await ids(`?lifecycle=all&updated_after=${encodeURIComponent(from.updated_at)}`)).includes(from.id),
    'the merge shows up as an update',
  )

  const { rows: events } = await api.pool.query<{
    type: string
    object_id: string
    summary: Record<string, unknown>
    integration_id: string | null
  }>(
    'select type, object_id, summary, integration_id from events where shop_id = $1 and sequence > 0 order by sequence',
    [shop.id],
  )
  const mergeEvents = events.filter((e) => e.type === 'customer.merged')
  t.equal(mergeEvents.length, 1, 'one customer.merged event')
  t.equal(mergeEvents[0]?.object_id, into.id, 'about the survivor')
  t.equal(mergeEvents[0]?.summary.merged_from_id, from.id, 'naming the merged customer')
  t.equal(mergeEvents[0]?.integration_id, null, 'made by the shop, not an integration')
  const updates = events.filter((e) => e.type === 'customer.updated' && e.object_id === into.id)
  t.equal(updates.length, 1, 'a customer.updated event for the survivor')
  const vehicleUpdates = events.filter((e) => e.type === 'vehicle.updated')
  t.same(vehicleUpdates.map((e) => e.object_id).sort(), vehicles, 'a vehicle.updated event per moved vehicle')
  t.match(vehicleUpdates[0]?.summary, { customer_id: into.id })

  const patch = await call<{ error: { code: string; blockers: { reason: string }[] } }>(
    'PATCH',
    `/v1/customers/${from.id}`,
    a.key,
    { body: { notes: 'too late' } },
  )
  t.equal(patch.status, 409, 'a merged customer cannot be changed')
  t.equal(patch.body.error.code, 'conflict')
  t.equal(patch.body.error.blockers[0]?.reason, 'merged')
  const stillArchived = await call('POST', `/v1/customers/${from.id}/archive`, a.key)
  t.equal(stillArchived.status, 200, 'archiving the merged customer again changes nothing')
  t.equal(stillArchived.body.merged_into, into.id)

  const again = await cli(['customers', 'merge', from.id, '--into', bystander.id])
  assertOneLineFailure(t, again, 'merging a merged customer again', /already merged/)
  const intoMerged = await cli(['customers', 'merge', bystander.id, '--into', from.id])
  assertOneLineFailure(t, intoMerged, 'merging into a merged customer', new RegExp(into.id))
  const bystanderAfter = await call('GET', `/v1/customers/${bystander.id}`, a.key)
  t.equal(bystanderAfter.body.merged_into, null, 'the refused merges changed nothing')
  t.equal(bystanderAfter.body.version, bystander.version)
})

t.test('the human output names both customers and the moved vehicles', async (t) => {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, [...scopes])
  const from = await create(t, key, { first_name: 'Plain', last_name: 'Text' })
  const into = await create(t, key, { first_name: 'Keep', last_name: 'Er' })
  const noVehicles = await cli(['customers', 'merge', from.id, '--into', into.id])
  t.equal(noVehicles.code, 0, 'exit 0', { output: describe(noVehicles) })
  t.match(noVehicles.stdout, new RegExp(`Merged ${from.id} \\(Plain Text\\) into ${into.id}`))
  t.match(noVehicles.stdout, /No vehicles to move/)
})

t.test('refused merges: one line, exit code 1, nothing changed', async (t) => {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, [...scopes])
  const customer = await create(t, key, { first_name: 'Only', last_name: 'One' })
  const otherShop = await createTestShop(api.pool)
  const other = await createTestKey(api.pool, otherShop, [...scopes])
  const foreign = await create(t, other.key, { first_name: 'Other', last_name: 'Shop' })
  const { rows: before } = await api.pool.query<{ n: number }>('select count(*)::int as n from events')

  assertOneLineFailure(
    t,
    await cli(['customers', 'merge', customer.id, '--into', customer.id]),
    'into itself',
    /itself/,
  )
  assertOneLineFailure(
    t,
    await cli(['customers', 'merge', 'cus_0000000000000000000000', '--into', customer.id]),
    'unknown FROM',
    /cus_0000000000000000000000/,
  )
  assertOneLineFailure(
    t,
    await cli(['customers', 'merge', customer.id, '--into', 'cus_0000000000000000000000']),
    'unknown TO',
    /cus_0000000000000000000000/,
  )
  assertOneLineFailure(
    t,
    await cli(['customers', 'merge', 'veh_123', '--into', customer.id]),
    'a vehicle id',
    /veh_123/,
  )
  assertOneLineFailure(
    t,
    await cli(['customers', 'merge', customer.id, '--into', foreign.id]),
    'customers of two shops',
    /same shop/,
  )
  const missingInto = await cli(['customers', 'merge', customer.id])
  t.not(missingInto.code, 0, 'without --into it fails')

  const asJson = await cli(['customers', 'merge', customer.id, '--into', customer.id, '--json'])
  t.equal(asJson.code, 1, '--json failure: exit code 1')
  const parsed = JSON.parse(asJson.stdout) as { error?: { message?: string } }
  t.match(parsed.error?.message, /itself/, '--json failure: the error as JSON')

  const { rows: after } = await api.pool.query<{ n: number }>('select count(*)::int as n from events')
  t.equal(after[0]?.n, before[0]?.n, 'no events recorded')
  const still = await call('GET', `/v1/customers/${customer.id}`, key)
  t.same(still.body, customer, 'the customer is unchanged')
})

t.test('two merges of one pair in opposite directions at once: one wins, no cycle', async (t) => {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, [...scopes])
  const x = await create(t, key, { first_name: 'Race', last_name: 'X' })
  const y = await create(t, key, { first_name: 'Race', last_name: 'Y' })
  // Two real processes: in-process commands run one at a time.
  const results = await Promise.all([
    runCli(['customers', 'merge', x.id, '--into', y.id], env),
    runCli(['customers', 'merge', y.id, '--into', x.id], env),
  ])
  t.same(results.map((r) => r.code).sort(), [0, 1], 'one merge succeeds, the other is refused', {
    outputs: results.map(describe),
  })
  const after = await Promise.all([x, y].map(async (c) => (await call('GET', `/v1/customers/${c.id}`, key)).body))
  const merged = after.filter((c) => c.merged_into !== null)
  t.equal(merged.length, 1, 'exactly one of the two is merged: no cycle')
  t.equal(merged[0]?.merged_into, after.find((c) => c.merged_into === null)?.id, 'into the other')
  const { rows } = await api.pool.query<{ n: number }>(
    "select count(*)::int as n from events where shop_id = $1 and type = 'customer.merged'",
    [shop.id],
  )
  t.equal(rows[0]?.n, 1, 'one customer.merged event')
})
