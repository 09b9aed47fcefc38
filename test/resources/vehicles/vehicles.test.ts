// The vehicles resource over a real socket and a real database: happy paths, errors and security.
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import t, { type Test } from 'tap'
import { resolveShop } from '../../../src/cli/staff.js'
import { withTransaction } from '../../../src/db/pool.js'
import type { IdKind } from '../../../src/lib/ids.js'
import type { Scope } from '../../../src/lib/scopes.js'
import type { Actor } from '../../../src/platform/events.js'
import { mergeCustomers as mergeCustomersIn } from '../../../src/resources/customers/service.js'
import { mergeVehicles as mergeVehiclesIn } from '../../../src/resources/vehicles/service.js'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, jsonClient, type Reply } from '../../helpers/http.js'

const api = await startTestApp(t)

const vehicleFields = [
  'archived',
  'color',
  'created_at',
  'customer_id',
  'engine',
  'external_id',
  'id',
  'make',
  'merged_into',
  'model',
  'notes',
  'object',
  'odometer',
  'plate',
  'plate_region',
  'trim',
  'unit_number',
  'updated_at',
  'version',
  'vin',
  'year',
]

interface VehicleJson {
  id: string
  object: string
  customer_id: string
  vin: string | null
  year: number | null
  make: string | null
  model: string | null
  trim: string | null
  engine: string | null
  color: string | null
  plate: string | null
  plate_region: string | null
  unit_number: string | null
  odometer: number | null
  notes: string | null
  external_id: string | null
  archived: boolean
  merged_into: string | null
  version: number
  created_at: string
  updated_at: string
}

interface ErrorJson {
  error: { code: string; message: string; param: string | null; blockers: { type: string; reason: string }[] }
}

interface ListJson {
  object: string
  data: VehicleJson[]
  has_more: boolean
  next_cursor: string | null
}

const fullScopes: Scope[] = [
  'customers.read',
  'customers.write',
  'vehicles.read',
  'vehicles.write',
  'external_refs.write',
]

/** A merge as `shopapi <topic> merge` runs it: in the shop of FROM, as its staff, in one transaction. */
function staffMerge<T>(
  table: string,
  kind: IdKind,
  merge: (tx: pg.PoolClient, actor: Actor, from: string, into: string) => Promise<T>,
) {
  return async (from: string, into: string): Promise<T> => {
    const shop = await resolveShop(api.pool, { record: { table, kind, publicId: from } })
    return withTransaction(api.pool, (tx) => merge(tx, { shopId: shop.id, integrationId: null }, from, into))
  }
}
const mergeCustomers = staffMerge('customers', 'customer', mergeCustomersIn)
const mergeVehicles = staffMerge('vehicles', 'vehicle', mergeVehiclesIn)

/** A shop of its own for one subtest, with a key holding `scopes`. */
async function setUp(scopes: Scope[] = fullScopes) {
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, scopes)
  return { shop, key }
}

// Writes get a fresh Idempotency-Key unless a test passes its own (or null for none).
const call = jsonClient(api)

async function createCustomer(key: string, lastName = 'Rivera'): Promise<string> {
  const created = await call<{ id: string }>('POST', '/customers', key, {
    body: { first_name: 'Ana', last_name: lastName },
  })
  if (created.status !== 201) throw new Error(`customer not created: ${JSON.stringify(created.body)}`)
  return created.body.id
}

async function createVehicle(t: Test, key: string, body: Record<string, unknown>): Promise<VehicleJson> {
  const created = await call<VehicleJson>('POST', '/vehicles', key, { body })
  t.equal(created.status, 201, `created ${JSON.stringify(body)}`, { body: created.body })
  return created.body
}

async function eventsFor(objectId: string) {
  const { rows } = await api.pool.query<{ type: string; object_type: string; summary: Record<string, unknown> }>(
    'select type, object_type, summary from events where object_id = $1 order by sequence',
    [objectId],
  )
  return rows
}

const list = (key: string, query: string) => call<ListJson>('GET', `/vehicles?${query}`, key)

t.test('create, then get: every field present, VIN and plate upper-cased, vehicle.created recorded', async (t) => {
  const { key } = await setUp()
  const customerId = await createCustomer(key)
  const vehicle = await createVehicle(t, key, {
    customer_id: customerId,
    vin: ' 1hgcm82633a004352 ',
    year: 2003,
    make: 'Honda',
    model: 'Accord',
    trim: 'EX',
    engine: '2.4L I4',
    color: 'Silver',
    plate: 'abc 123',
    plate_region: 'tx',
    unit_number: 'Unit 7',
    odometer: 182000,
    notes: 'Customer supplies own oil',
  })
  t.same(Object.keys(vehicle).sort(), vehicleFields, 'exactly the vehicle fields')
  t.match(vehicle.id, /^veh_[0-9A-Za-z]{22}$/)
  t.match(vehicle, {
    object: 'vehicle',
    customer_id: customerId,
    vin: '1HGCM82633A004352',
    year: 2003,
    make: 'Honda',
    model: 'Accord',
    trim: 'EX',
    engine: '2.4L I4',
    color: 'Silver',
    plate: 'ABC 123',
    plate_region: 'TX',
    unit_number: 'Unit 7',
    odometer: 182000,
    notes: 'Customer supplies own oil',
    external_id: null,
    archived: false,
    merged_into: null,
    version: 1,
  })
  t.match(vehicle.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'RFC 3339 UTC with milliseconds')
  t.equal(vehicle.updated_at, vehicle.created_at)

  const fetched = await call<VehicleJson>('GET', `/vehicles/${vehicle.id}`, key)
  t.equal(fetched.status, 200)
  t.same(fetched.body, vehicle, 'GET returns what create returned')

  const events = await eventsFor(vehicle.id)
  t.same(events, [
    {
      type: 'vehicle.created',
      object_type: 'vehicle',
      summary: {
        customer_id: customerId,
        vin: '1HGCM82633A004352',
        year: 2003,
        make: 'Honda',
        model: 'Accord',
        plate: 'ABC 123',
      },
    },
  ])

  const bare = await createVehicle(t, key, { customer_id: customerId })
  t.same(Object.keys(bare).sort(), vehicleFields, 'a bare vehicle still has every field')
  for (const field of ['vin', 'year', 'make', 'model', 'trim', 'engine', 'color', 'plate', 'plate_region']) {
    t.equal(bare[field as keyof VehicleJson], null, `${field} defaults to null`)
  }
  t.equal(bare.odometer, null)
})

t.test('VIN validation: check digit for North America only, no I/O/Q, exactly 17', async (t) => {
  const { key } = await setUp()
  const customer_id = await createCustomer(key)
  const accepted = await createVehicle(t, key, { customer_id, vin: '1M8GDM9AXKP042788' })
  t.equal(accepted.vin, '1M8GDM9AXKP042788', 'check digit X accepted')
  const european = await createVehicle(t, key, { customer_id, vin: 'wvwzzz1jzxw000001' })
  t.equal(european.vin, 'WVWZZZ1JZXW000001', 'a non-North American VIN is accepted without a check digit')

  const refused: [string, RegExp][] = [
    ['1HGCM82643A004352', /check digit/],
    ['1HGCM82633A00435I', /I, O or Q/],
    ['1HGCM8263OA004352', /I, O or Q/],
    ['1HGCM82633A00435', /exactly 17 characters, got 16/],
    ['WVWZZZ1JZXW0000011', /exactly 17 characters, got 18/],
    ['', /exactly 17 characters, got 0/],
  ]
  for (const [vin, message] of refused) {
    const reply = await call<ErrorJson>('POST', '/vehicles', key, { body: { customer_id, vin } })
    assertError(t, reply, 400, 'invalid_request', 'vin')
    t.match(reply.body.error.message, message, `${vin}: ${reply.body.error.message}`)
  }
  const listed = await list(key, 'lifecycle=all')
  t.equal(listed.body.data.length, 2, 'no refused vehicle was written')
})

t.test('field validation on create', async (t) => {
  const { key } = await setUp()
  const customer_id = await createCustomer(key)
  const latest = new Date().getUTCFullYear() + 2
  t.equal((await createVehicle(t, key, { customer_id, year: latest })).year, latest, 'current year + 2 is accepted')
  t.equal((await createVehicle(t, key, { customer_id, year: 1886 })).year, 1886, '1886 is accepted')
  const cases: [Record<string, unknown>, string][] = [
    [{ year: 1885 }, 'year'],
    [{ year: latest + 1 }, 'year'],
    [{ year: 2003.5 }, 'year'],
    [{ odometer: -1 }, 'odometer'],
    [{ odometer: 10_000_001 }, 'odometer'],
    [{ color: 'x'.repeat(51) }, 'color'],
    [{ make: 'x'.repeat(101) }, 'make'],
    [{ plate: 'x'.repeat(16) }, 'plate'],
    [{ plate: ' - . ' }, 'plate'],
    [{ plate_region: 'x'.repeat(11) }, 'plate_region'],
    [{ unit_number: 'x'.repeat(51) }, 'unit_number'],
    [{ notes: 'x'.repeat(5001) }, 'notes'],
    [{ mileage: 5 }, 'mileage'],
  ]
  for (const [fields, param] of cases) {
    const reply = await call('POST', '/vehicles', key, { body: { customer_id, ...fields } })
    assertError(t, reply, 400, 'invalid_request', param)
  }
  assertError(
    t,
    await call('POST', '/vehicles', key, { body: { make: 'Ford' } }),
    400,
    'invalid_request',
    'customer_id',
  )
})

t.test('customer_id: wrong type, unknown, another shop, merged', async (t) => {
  const { key } = await setUp()
  const other = await setUp()
  const customer_id = await createCustomer(key)
  const vehicle = await createVehicle(t, key, { customer_id })

  assertError(
    t,
    await call('POST', '/vehicles', key, { body: { customer_id: vehicle.id } }),
    400,
    'invalid_id',
    'customer_id',
  )
  const unknown = await call<ErrorJson>('POST', '/vehicles', key, {
    body: { customer_id: 'cus_0000000000000000000000' },
  })
  assertError(t, unknown, 404, 'not_found', 'customer_id')
  const foreign = await createCustomer(other.key)
  assertError(
    t,
    await call('POST', '/vehicles', key, { body: { customer_id: foreign } }),
    404,
    'not_found',
    'customer_id',
  )

  const survivor = await createCustomer(key, 'Survivor')
  await mergeCustomers(customer_id, survivor)
  const merged = await call<ErrorJson>('POST', '/vehicles', key, { body: { customer_id } })
  assertError(t, merged, 409, 'conflict', 'customer_id')
  t.match(merged.body.error.message, survivor, 'the message names the surviving customer')
  t.match(merged.body.error.blockers, [{ type: 'customer', reason: 'merged' }])
  const moved = await call<VehicleJson>('GET', `/vehicles/${vehicle.id}`, key)
  t.equal(moved.body.customer_id, survivor, "a customer merge moves the customer's vehicles")
})

t.test('a vehicle of another shop is 404; wrong-type path ids are invalid_id', async (t) => {
  const { key } = await setUp()
  const other = await setUp()
  const vehicle = await createVehicle(t, key, { customer_id: await createCustomer(key) })
  assertError(t, await call('GET', `/vehicles/${vehicle.id}`, other.key), 404, 'not_found')
  assertError(t, await call('PATCH', `/vehicles/${vehicle.id}`, other.key, { body: { make: 'X' } }), 404, 'not_found')
  assertError(t, await call('GET', '/vehicles/cus_0000000000000000000000', key), 400, 'invalid_id', 'public_id')
  t.equal((await list(other.key, '')).body.data.length, 0, "another shop's list is empty")
})

t.test('filters: plate, vin, unit_number, customer, q, updated_after', async (t) => {
  const { key } = await setUp()
  const ana = await createCustomer(key, 'Ana')
  const ben = await createCustomer(key, 'Ben')
  const accord = await createVehicle(t, key, {
    customer_id: ana,
    vin: '1HGCM82633A004352',
    make: 'Honda',
    model: 'Accord',
    plate: 'abc 123',
    unit_number: 'Truck-12',
  })
  const golf = await createVehicle(t, key, {
    customer_id: ben,
    vin: 'WVWZZZ1JZXW000001',
    make: 'Volkswagen',
    model: 'Golf 100%_x',
    plate: 'XYZ-999',
  })
  const ids = (reply: Reply<ListJson>) => reply.body.data.map((v) => v.id)

  for (const plate of ['abc 123', 'ABC-123', 'abc.123', 'ABC123']) {
    const found = await list(key, `plate=${encodeURIComponent(plate)}`)
    t.equal(found.status, 200)
    t.same(ids(found), [accord.id], `plate=${plate} finds the vehicle stored as "ABC 123"`)
  }
  t.same(ids(await list(key, 'plate=ABC-124')), [], 'another plate finds nothing')

  t.same(ids(await list(key, 'vin=1hgcm82633a004352')), [accord.id], 'vin filter is case-insensitive')
  t.same(ids(await list(key, 'vin=1HGCM82633A004352')), [accord.id])
  t.same(ids(await list(key, 'vin=1HGCM82633A00435')), [], 'vin is exact, not a prefix')

  t.same(ids(await list(key, 'unit_number=truck-12')), [accord.id], 'unit_number is case-insensitive')
  t.same(ids(await list(key, 'unit_number=Truck')), [], 'unit_number is exact')

  t.same(ids(await list(key, `customer=${ben}`)), [golf.id])
  t.same(ids(await list(key, 'customer=cus_0000000000000000000000')), [], 'an unknown customer narrows to nothing')
  const wrongType = await list(key, `customer=${accord.id}`)
  assertError(t, wrongType, 400, 'invalid_id', 'customer')

  t.same(ids(await list(key, 'q=accor')), [accord.id], 'q is a substring of the model')
  t.same(ids(await list(key, 'q=VOLKS')), [golf.id], 'q is case-insensitive')
  t.same(ids(await list(key, 'q=100%25_')), [golf.id], '% and _ match literally')
  t.same(ids(await list(key, 'q=f%25')), [], 'a literal % is not a wildcard ("golf 100" would match f%)')
  t.same(ids(await list(key, 'q=lf_')), [], 'a literal _ is not a wildcard ("golf " would match lf_)')
  assertError(t, await list(key, 'q=a'), 400, 'invalid_request', 'q')

  t.same(ids(await list(key, `customer=${ana}&plate=xyz999`)), [], 'filters combine with AND')

  const after = await list(key, `updated_after=${encodeURIComponent(accord.updated_at)}&sort=updated_at`)
  t.notOk(ids(after).includes(accord.id), 'updated_after is strictly greater-than')
  assertError(t, await list(key, 'updated_after=2026-01-01T00:00:00'), 400, 'invalid_request', 'updated_after')
})

t.test('lifecycle: archived vehicles leave the default list; archive is recorded once', async (t) => {
  const { key } = await setUp()
  const customer_id = await createCustomer(key)
  const kept = await createVehicle(t, key, { customer_id, make: 'Ford' })
  const gone = await createVehicle(t, key, { customer_id, make: 'Saab' })

  const archived = await call<VehicleJson>('POST', `/vehicles/${gone.id}/archive`, key, { body: { reason: 'Sold' } })
  t.equal(archived.status, 200)
  t.match(archived.body, { id: gone.id, archived: true, version: 2, merged_into: null })
  const again = await call<VehicleJson>('POST', `/vehicles/${gone.id}/archive`, key)
  t.equal(again.status, 200)
  t.same(again.body, archived.body, 'archiving an archived vehicle returns it unchanged')

  const events = await eventsFor(gone.id)
  t.same(
    events.map((e) => e.type),
    ['vehicle.created', 'vehicle.archived'],
    'one archive event',
  )
  t.match(events[1]?.summary, { reason: 'Sold', make: 'Saab', customer_id })

  const ids = async (query: string) => (await list(key, query)).body.data.map((v) => v.id)
  t.same(await ids(''), [kept.id], 'default lifecycle is active')
  t.same(await ids('lifecycle=archived'), [gone.id])
  t.same(await ids('lifecycle=all'), [gone.id, kept.id], 'newest first')
  t.equal((await call<VehicleJson>('GET', `/vehicles/${gone.id}`, key)).body.archived, true, 'still readable')
  assertError(
    t,
    await call('POST', `/vehicles/${kept.id}/archive`, key, { body: { reason: 'x'.repeat(501) } }),
    400,
    'invalid_request',
    'reason',
  )
})

t.test('PATCH: presence-aware, version bump, events, no_changes, expected_version', async (t) => {
  const { key } = await setUp()
  const ana = await createCustomer(key, 'Ana')
  const ben = await createCustomer(key, 'Ben')
  const vehicle = await createVehicle(t, key, {
    customer_id: ana,
    make: 'Toyota',
    model: 'Camry',
    plate: 'KLM 456',
    odometer: 1000,
  })

  const updated = await call<VehicleJson>('PATCH', `/vehicles/${vehicle.id}`, key, {
    body: {
      model: 'Corolla',
      odometer: 0,
      plate: null,
      make: 'Toyota',
    },
  })
  t.equal(updated.status, 200, 'patched', { body: updated.body })
  t.match(updated.body, { model: 'Corolla', odometer: 0, plate: null, make: 'Toyota', version: 2, customer_id: ana })
  t.equal(updated.body.year, null, 'omitted fields are unchanged')
  t.ok(updated.body.updated_at >= vehicle.updated_at)
  t.same((await list(key, 'plate=KLM456')).body.data, [], 'a cleared plate is no longer found')

  const events = await eventsFor(vehicle.id)
  t.equal(events.length, 2)
  t.equal(events[1]?.type, 'vehicle.updated')
  t.same(
    [...((events[1]?.summary.changed_fields as string[]) ?? [])].sort(),
    ['model', 'odometer', 'plate'],
    'changed_fields names what changed, not what was sent',
  )
  t.match(events[1]?.summary, { customer_id: ana, model: 'Corolla', plate: null })

  const none = await call('PATCH', `/vehicles/${vehicle.id}`, key, { body: { model: 'Corolla', plate: null } })
  assertError(t, none, 400, 'no_changes')
  t.equal((await eventsFor(vehicle.id)).length, 2, 'no event for no change')

  const stale = await call('PATCH', `/vehicles/${vehicle.id}`, key, { body: { color: 'Red', expected_version: 1 } })
  assertError(t, stale, 409, 'version_conflict', 'expected_version')
  const fresh = await call<VehicleJson>('PATCH', `/vehicles/${vehicle.id}`, key, {
    body: { color: 'Red', expected_version: 2 },
  })
  t.equal(fresh.status, 200)
  t.equal(fresh.body.version, 3)

  assertError(
    t,
    await call('PATCH', `/vehicles/${vehicle.id}`, key, { body: { customer_id: null } }),
    400,
    'invalid_request',
    'customer_id',
  )
  assertError(
    t,
    await call('PATCH', `/vehicles/${vehicle.id}`, key, { body: { vin: '1HGCM82643A004352' } }),
    400,
    'invalid_request',
    'vin',
  )
  assertError(
    t,
    await call('PATCH', `/vehicles/${vehicle.id}`, key, { body: { customer_id: 'cus_0000000000000000000000' } }),
    404,
    'not_found',
    'customer_id',
  )
  assertError(
    t,
    await call('PATCH', '/vehicles/veh_0000000000000000000000', key, { body: { make: 'X' } }),
    404,
    'not_found',
    'public_id',
  )

  const moved = await call<VehicleJson>('PATCH', `/vehicles/${vehicle.id}`, key, { body: { customer_id: ben } })
  t.equal(moved.status, 200)
  t.equal(moved.body.customer_id, ben, 'the owner can change')
  const last = (await eventsFor(vehicle.id)).at(-1)
  t.same(last?.summary.changed_fields, ['customer_id'])
  t.equal(last?.summary.customer_id, ben)

  const survivor = await createVehicle(t, key, { customer_id: ben })
  await mergeVehicles(vehicle.id, survivor.id)
  const merged = await call<ErrorJson>('PATCH', `/vehicles/${vehicle.id}`, key, { body: { color: 'Blue' } })
  assertError(t, merged, 409, 'conflict')
  t.match(merged.body.error.message, survivor.id, 'names the surviving vehicle')
})

t.test('external ids: set, read, filter, private to the integration, in use, remove', async (t) => {
  const { shop, key } = await setUp()
  const { key: otherKey } = await createTestKey(api.pool, shop, ['vehicles.read', 'external_refs.write'], 'Other')
  const customer_id = await createCustomer(key)
  const first = await createVehicle(t, key, { customer_id })
  const second = await createVehicle(t, key, { customer_id })

  const set = await call('PUT', `/vehicles/${first.id}/external-id`, key, { body: { external_id: 'FLEET-1' } })
  t.equal(set.status, 200)
  t.same(set.body, {
    object: 'external_reference',
    object_type: 'vehicle',
    object_id: first.id,
    external_id: 'FLEET-1',
  })
  t.equal((await call<VehicleJson>('GET', `/vehicles/${first.id}`, key)).body.external_id, 'FLEET-1')
  t.equal(
    (await call<VehicleJson>('GET', `/vehicles/${first.id}`, otherKey)).body.external_id,
    null,
    'another integration sees null',
  )
  t.same(
    (await list(key, 'external_id=FLEET-1')).body.data.map((v) => v.id),
    [first.id],
    'external_id filter',
  )
  t.same((await list(otherKey, 'external_id=FLEET-1')).body.data, [], "never another integration's namespace")

  const taken = await call('PUT', `/vehicles/${second.id}/external-id`, key, { body: { external_id: 'FLEET-1' } })
  assertError(t, taken, 409, 'conflict', 'external_id')
  t.match(taken.body, { error: { blockers: [{ type: 'external_id', reason: 'external_id_in_use' }] } })

  const removed = await call('DELETE', `/vehicles/${first.id}/external-id`, key)
  t.equal(removed.status, 200)
  t.match(removed.body, { object_id: first.id, external_id: null })
  t.equal((await call<VehicleJson>('GET', `/vehicles/${first.id}`, key)).body.external_id, null)

  const readOnly = await setUp(['vehicles.read'])
  assertError(
    t,
    await call('PUT', `/vehicles/${first.id}/external-id`, readOnly.key, { body: { external_id: 'X' } }),
    403,
    'insufficient_scope',
  )
})

t.test('scopes and Idempotency-Key', async (t) => {
  const { shop, key } = await setUp()
  const customer_id = await createCustomer(key)
  const vehicle = await createVehicle(t, key, { customer_id })
  const { key: readOnly } = await createTestKey(api.pool, shop, ['vehicles.read'], 'Read only')
  const { key: customersOnly } = await createTestKey(api.pool, shop, ['customers.read'], 'Customers only')

  assertError(t, await call('POST', '/vehicles', readOnly, { body: { customer_id } }), 403, 'insufficient_scope')
  assertError(
    t,
    await call('PATCH', `/vehicles/${vehicle.id}`, readOnly, { body: { make: 'X' } }),
    403,
    'insufficient_scope',
  )
  assertError(t, await call('POST', `/vehicles/${vehicle.id}/archive`, readOnly), 403, 'insufficient_scope')
  t.equal((await call('GET', `/vehicles/${vehicle.id}`, readOnly)).status, 200, 'vehicles.read reads')
  t.equal((await list(readOnly, '')).status, 200)
  assertError(t, await list(customersOnly, ''), 403, 'insufficient_scope')
  assertError(t, await call('GET', `/vehicles/${vehicle.id}`, customersOnly), 403, 'insufficient_scope')

  const noKey = await call('POST', '/vehicles', key, { body: { customer_id }, idempotencyKey: null })
  assertError(t, noKey, 400, 'idempotency_key_required', 'Idempotency-Key')
  const noKeyArchive = await call('POST', `/vehicles/${vehicle.id}/archive`, key, { idempotencyKey: null })
  assertError(t, noKeyArchive, 400, 'idempotency_key_required', 'Idempotency-Key')
  const patchWithout = await call('PATCH', `/vehicles/${vehicle.id}`, key, {
    body: { make: 'Kia' },
    idempotencyKey: null,
  })
  t.equal(patchWithout.status, 200, 'Idempotency-Key is optional on PATCH')

  const idem = randomUUID()
  const first = await call<VehicleJson>('POST', '/vehicles', key, {
    body: { customer_id, make: 'Mazda' },
    idempotencyKey: idem,
  })
  const replay = await call<VehicleJson>('POST', '/vehicles', key, {
    body: { customer_id, make: 'Mazda' },
    idempotencyKey: idem,
  })
  t.equal(first.status, 201)
  t.equal(replay.status, 201)
  t.same(replay.body, first.body, 'the same key and body replay the first result')
  t.equal((await eventsFor(first.body.id)).length, 1, 'one vehicle.created for the replayed create')
})

t.test('cursor paging sees each of 15 vehicles exactly once, in order, for both sorts', async (t) => {
  const { key } = await setUp()
  const customer_id = await createCustomer(key)
  const created: string[] = []
  for (let i = 0; i < 15; i++) created.push((await createVehicle(t, key, { customer_id, unit_number: `U${i}` })).id)
  // Touch a few so updated_at order differs from created_at order.
  for (const id of [created[3], created[9]]) await call('PATCH', `/vehicles/${id}`, key, { body: { notes: 'touched' } })

  for (const sort of ['created_at', 'updated_at'] as const) {
    const seen: string[] = []
    const pageSizes: number[] = []
    let cursor: string | null = null
    let previous: string | null = null
    do {
      const query: string = `limit=4&sort=${sort}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
      const page = await list(key, query)
      t.equal(page.status, 200, `${sort} page`, { body: page.body })
      pageSizes.push(page.body.data.length)
      for (const vehicle of page.body.data) {
        if (previous !== null) t.ok(vehicle[sort] <= previous, `${sort}: newest first`)
        previous = vehicle[sort]
        seen.push(vehicle.id)
      }
      t.equal(page.body.has_more, page.body.next_cursor !== null, 'has_more matches next_cursor')
      cursor = page.body.next_cursor
    } while (cursor)
    t.same(pageSizes, [4, 4, 4, 3], `${sort}: pages of 4`)
    t.equal(new Set(seen).size, 15, `${sort}: no duplicates`)
    t.same([...seen].sort(), [...created].sort(), `${sort}: every vehicle once`)
  }

  const firstPage = await list(key, 'limit=4')
  const next = encodeURIComponent(firstPage.body.next_cursor ?? '')
  assertError(t, await list(key, `limit=4&cursor=${next}&unit_number=U1`), 400, 'invalid_cursor')
  assertError(t, await list(key, 'limit=4&cursor=garbage'), 400, 'invalid_cursor')
})

t.test('mergeVehicles: merged record, survivor, external ids and events', async (t) => {
  const { key } = await setUp()
  const customer_id = await createCustomer(key)
  const duplicate = await createVehicle(t, key, { customer_id, vin: '1HGCM82633A004352', make: 'Honda' })
  const survivor = await createVehicle(t, key, {
    customer_id,
    vin: '1HGCM82633A004352',
    make: 'Honda',
    model: 'Accord',
  })
  await call('PUT', `/vehicles/${duplicate.id}/external-id`, key, { body: { external_id: 'DMS-77' } })

  const result = await mergeVehicles(duplicate.id, survivor.id)
  t.equal(result.merged.merged_into_public_id, survivor.id)
  const merged = (await call<VehicleJson>('GET', `/vehicles/${duplicate.id}`, key)).body
  t.match(merged, { merged_into: survivor.id, archived: true, version: 2, external_id: null })
  const kept = (await call<VehicleJson>('GET', `/vehicles/${survivor.id}`, key)).body
  t.match(kept, { merged_into: null, archived: false, version: 2, external_id: 'DMS-77', model: 'Accord' })
  t.same(
    (await list(key, 'external_id=DMS-77')).body.data.map((v) => v.id),
    [survivor.id],
    'the external id moved',
  )

  const events = await eventsFor(survivor.id)
  t.same(
    events.map((e) => e.type),
    ['vehicle.created', 'vehicle.merged', 'vehicle.updated'],
  )
  t.same(events[1]?.summary, { merged_from_id: duplicate.id, merged_into_id: survivor.id })
  t.match(events[2]?.summary, { changed_fields: [], merged_from_id: duplicate.id })

  await t.rejects(mergeVehicles(duplicate.id, survivor.id), /already merged/)
  await t.rejects(mergeVehicles(survivor.id, survivor.id), /itself/)
  await t.rejects(mergeVehicles(survivor.id, duplicate.id), /was merged into/)
  await t.rejects(mergeVehicles(customer_id, survivor.id), { code: 'invalid_id' })
  const other = await setUp()
  const foreign = await createVehicle(t, other.key, { customer_id: await createCustomer(other.key) })
  await t.rejects(mergeVehicles(foreign.id, survivor.id), /same shop/)
})
