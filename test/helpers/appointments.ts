// Fixtures for the appointment tests: a shop with a key, a customer and a vehicle; bookings and actions
// over real HTTP; the shop's booking rules (hours, closures, capacities, confirmation) written with SQL,
// as the shop's staff commands would write them; the JSON shapes an integrator reads.
import { randomUUID } from 'node:crypto'
import type { Scope } from '../../src/lib/scopes.js'
import { createTechnician } from '../../src/resources/technicians/service.js'
import { createTestKey, createTestShop, type TestApp } from './app.js'
import { type Reply, sendJson } from './http.js'
import type { EventJson, ListJson } from './webhooks.js'

export type { EventJson, ListJson }

export interface AppointmentJson {
  id: string
  object: string
  status: string
  date: string
  time: string
  timezone: string
  starts_at: string | null
  duration_minutes: number
  reason: string | null
  notes: string | null
  customer_id: string | null
  vehicle_id: string | null
  technician_id: string | null
  repair_order_id: string | null
  confirmed_at: string | null
  arrived_at: string | null
  cancelled_at: string | null
  status_reason: string | null
  available_actions: string[]
  version: number
  created_at: string
  updated_at: string
}

export interface BlockerJson {
  type: string
  reason: string
  message: string
  resolution: string[]
}

export interface ErrorJson {
  error: { code: string; message: string; param: string | null; blockers: BlockerJson[] }
}

export const appointmentFields = [
  'arrived_at',
  'available_actions',
  'cancelled_at',
  'confirmed_at',
  'created_at',
  'customer_id',
  'date',
  'duration_minutes',
  'id',
  'notes',
  'object',
  'reason',
  'repair_order_id',
  'starts_at',
  'status',
  'status_reason',
  'technician_id',
  'time',
  'timezone',
  'updated_at',
  'vehicle_id',
  'version',
]

export const allAppointmentScopes: Scope[] = [
  'appointments.read',
  'appointments.write',
  'customers.read',
  'customers.write',
  'vehicles.read',
  'vehicles.write',
  'repair_orders.read',
  'repair_orders.write',
  'technicians.read',
]

/** The error envelope of a reply that is expected to be one. */
export const errorOf = (reply: Reply<unknown>) => (reply.body as ErrorJson).error

export const weekdays = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 } as const

export function appointmentFixtures(api: TestApp) {
  async function setUpShop(timezone = 'America/New_York', scopes: Scope[] = allAppointmentScopes) {
    const shop = await createTestShop(api.pool, { timezone })
    const { key } = await createTestKey(api.pool, shop, scopes.length > 0 ? scopes : ['appointments.read'])
    // The customer and vehicle are made by a key of their own, so `scopes` is only what the test means.
    const { key: setupKey } = await createTestKey(api.pool, shop, allAppointmentScopes, 'Setup')
    const customer = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', setupKey, {
      body: { first_name: 'Grace', last_name: 'Hopper' },
      idempotencyKey: randomUUID(),
    })
    const vehicle = await sendJson<{ id: string }>(api, 'POST', '/v1/vehicles', setupKey, {
      body: { customer_id: customer.body.id, make: 'Ford', model: 'Transit', year: 2021 },
      idempotencyKey: randomUUID(),
    })
    return { shop, key, setupKey, customerId: customer.body.id, vehicleId: vehicle.body.id }
  }

  async function addCustomer(key: string, firstName: string, lastName: string) {
    const customer = await sendJson<{ id: string }>(api, 'POST', '/v1/customers', key, {
      body: { first_name: firstName, last_name: lastName },
      idempotencyKey: randomUUID(),
    })
    const vehicle = await sendJson<{ id: string }>(api, 'POST', '/v1/vehicles', key, {
      body: { customer_id: customer.body.id, make: 'Toyota', model: 'Hilux', year: 2019 },
      idempotencyKey: randomUUID(),
    })
    return { customerId: customer.body.id, vehicleId: vehicle.body.id }
  }

  const book = (key: string, body: Record<string, unknown>, idempotencyKey: string | null = randomUUID()) =>
    sendJson<AppointmentJson>(api, 'POST', '/v1/appointments', key, { body, idempotencyKey })

  const patch = (key: string, id: string, body: Record<string, unknown>) =>
    sendJson<AppointmentJson>(api, 'PATCH', `/v1/appointments/${id}`, key, { body })

  const get = (key: string, id: string) => sendJson<AppointmentJson>(api, 'GET', `/v1/appointments/${id}`, key)

  const act = (
    key: string,
    id: string,
    action: 'cancel' | 'check-in',
    body?: Record<string, unknown>,
    idempotencyKey: string | null = randomUUID(),
  ) => sendJson<AppointmentJson>(api, 'POST', `/v1/appointments/${id}/${action}`, key, { body, idempotencyKey })

  /** Weekly hours for the given ISO weekdays (1 Monday ... 7 Sunday); other weekdays are closed. */
  async function setHours(shopId: string, days: number[], open: string, close: string, capacity: number) {
    for (const weekday of days) {
      await api.pool.query(
        `insert into shop_hours (shop_id, weekday, open_time, close_time, capacity)
         values ($1::uuid, $2::smallint, $3::time, $4::time, $5::integer)
         on conflict (shop_id, weekday) do update
           set open_time = excluded.open_time, close_time = excluded.close_time, capacity = excluded.capacity`,
        [shopId, weekday, open, close, capacity],
      )
    }
  }

  const setEveryDay = (shopId: string, open: string, close: string, capacity: number) =>
    setHours(shopId, [1, 2, 3, 4, 5, 6, 7], open, close, capacity)

  const closeOn = (shopId: string, date: string, reason: string | null) =>
    api.pool.query('insert into shop_closures (shop_id, date, reason) values ($1::uuid, $2::date, $3::text)', [
      shopId,
      date,
      reason,
    ])

  const confirmBookings = (shopId: string, on: boolean) =>
    api.pool.query('update shops set confirm_bookings = $2::boolean where id = $1::uuid', [shopId, on])

  async function addTechnician(shopId: string, name: string, dailyCapacity: number | null): Promise<string> {
    const technician = await createTechnician(api.pool, { shopId, integrationId: null }, { name })
    await api.pool.query('update technicians set daily_capacity = $2::integer where id = $1::uuid', [
      technician.id,
      dailyCapacity,
    ])
    return technician.public_id
  }

  /** Appointments holding a place on a shop-local date (what the capacity counts), from the database. */
  async function placesTaken(shopId: string, date: string, technicianId?: string): Promise<number> {
    const { rows } = await api.pool.query<{ n: number }>(
      `select count(*)::integer as n from appointments a
       where a.shop_id = $1::uuid and a.date = $2::date
         and a.status in ('requested', 'booked', 'arrived', 'fulfilled')
         and ($3::text is null or a.technician_id = (select id from technicians where public_id = $3::text))`,
      [shopId, date, technicianId ?? null],
    )
    return (rows[0] as { n: number }).n
  }

  /** Every event of one object, oldest first, as `GET /events` shows it to `key`. */
  async function eventsOf(key: string, objectId: string): Promise<EventJson[]> {
    const found: EventJson[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `?limit=200&cursor=${encodeURIComponent(cursor)}` : '?limit=200'
      const page: Reply<ListJson<EventJson>> = await sendJson<ListJson<EventJson>>(
        api,
        'GET',
        `/v1/events${query}`,
        key,
      )
      if (page.status !== 200) throw new Error(`GET /events failed: ${page.text}`)
      found.push(...page.body.data.filter((event) => event.data.object_id === objectId))
      cursor = page.body.next_cursor
    } while (cursor)
    return found.reverse()
  }

  return {
    setUpShop,
    addCustomer,
    book,
    patch,
    get,
    act,
    setHours,
    setEveryDay,
    closeOn,
    confirmBookings,
    addTechnician,
    placesTaken,
    eventsOf,
  }
}
