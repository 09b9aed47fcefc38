import type pg from 'pg'
import { type Queryable, withTransaction } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { resolveWallClock } from '../../lib/wall-clock.js'
import { type Actor, type NewEvent, recordEvents } from '../../platform/events.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import {
  type ColumnChanges,
  checkVersion,
  createRecord,
  diffColumns,
  listRecords,
  recordReaders,
  updateRecord,
  writableChanges,
} from '../../platform/resource.js'
import { assertAction, assertMove, statusChangedEvent } from '../../platform/workflow.js'
import {
  checkInScheduledOrder,
  createRepairOrder,
  getRepairOrder,
  lockCustomerAndVehicle,
  type RepairOrderRow,
} from '../repair-orders/service.js'
import { activeTechnician } from '../technicians/service.js'
import { assertBookable, type Slot } from './booking.js'
import { type AppointmentFilters, type AppointmentRow, appointmentDefinition } from './definition.js'
import type { AppointmentCreate, AppointmentUpdate } from './schema.js'
import {
  type AppointmentAction,
  type AppointmentStatus,
  appointmentWorkflow,
  finalStatuses,
  reschedulableStatuses,
} from './workflow.js'

export type { AppointmentRow }

export const { get: getAppointment } = recordReaders(appointmentDefinition)

export function listAppointments(
  db: Queryable,
  reader: Actor,
  filters: AppointmentFilters,
  page: PageRequest,
): Promise<Page<AppointmentRow>> {
  if (
    filters.scheduled_date_from &&
    filters.scheduled_date_to &&
    filters.scheduled_date_to < filters.scheduled_date_from
  ) {
    throw new ApiError(
      'invalid_request',
      `scheduled_date_to (${filters.scheduled_date_to}) is before scheduled_date_from (${filters.scheduled_date_from})`,
      { param: 'scheduled_date_to' },
    )
  }
  return listRecords(appointmentDefinition, db, reader, filters, page)
}

/** Every appointment of a shop-local date in order of time, with the customer's name (the front desk). */
export async function appointmentsOnDate(
  db: Queryable,
  reader: Actor,
  date: string,
  status?: string,
): Promise<{ appointment: AppointmentRow; customerName: string }[]> {
  const rows: AppointmentRow[] = []
  let after: PageRequest['after']
  do {
    const page = await listRecords(
      appointmentDefinition,
      db,
      reader,
      {
        scheduled_date_from: date,
        scheduled_date_to: date,
        ...(status ? { status: status as AppointmentStatus } : {}),
      },
      { sort: 'created_at', limit: 200, after },
    )
    rows.push(...page.rows)
    const last = page.rows.at(-1)
    after = page.hasMore && last ? { sortValue: last.created_at.toISOString(), publicId: last.public_id } : undefined
  } while (after)
  const { rows: names } = await db.query<{ id: string; name: string }>(
    `select id, concat_ws(' ', first_name, last_name) as name from customers where shop_id = $1::uuid and id = any($2::uuid[])`,
    [reader.shopId, [...new Set(rows.map((row) => row.customer_id))]],
  )
  const nameOf = new Map(names.map((row) => [row.id, row.name]))
  return rows
    .sort((a, b) => (a.starts_at?.getTime() ?? 0) - (b.starts_at?.getTime() ?? 0))
    .map((appointment) => ({ appointment, customerName: nameOf.get(appointment.customer_id) ?? '' }))
}

interface BookingShop {
  timezone: string
  confirm_bookings: boolean
}

async function bookingShop(db: Queryable, shopId: string): Promise<BookingShop> {
  const { rows } = await db.query<BookingShop>('select timezone, confirm_bookings from shops where id = $1::uuid', [
    shopId,
  ])
  return rows[0] as BookingShop
}

/**
 * Books an appointment: the wall-clock time is resolved in the shop's zone (a DST gap or an ambiguous
 * time without `utc_offset` is 400), the slot must fit the shop's hours and capacity (409 with
 * blockers), and it is `booked` (confirmed now) or, when the shop confirms bookings itself, `requested`.
 */
export async function createAppointment(
  tx: Queryable,
  actor: Actor,
  input: AppointmentCreate,
): Promise<AppointmentRow> {
  const shop = await bookingShop(tx, actor.shopId)
  const resolved = resolveWallClock(input.date, input.time, shop.timezone, input.utc_offset)
  const { customer, vehicle } = await lockCustomerAndVehicle(
    tx,
    actor,
    input.customer_id,
    input.vehicle_id ?? null,
    'no appointment is booked for it',
  )
  const technician = input.technician_id
    ? await activeTechnician(tx, actor, input.technician_id, 'technician_id')
    : null
  const durationMinutes = input.duration_minutes ?? 60
  await assertBookable(tx, actor.shopId, { date: input.date, time: input.time, durationMinutes, technician })
  const status: AppointmentStatus = shop.confirm_bookings ? 'requested' : 'booked'
  const changes = writableChanges(appointmentDefinition, { ...input, duration_minutes: durationMinutes })
  Object.assign(changes, {
    status: { field: 'status', value: status, type: 'text' },
    timezone: { field: 'timezone', value: shop.timezone, type: 'text' },
    starts_at: { field: 'starts_at', value: resolved.instant, type: 'timestamptz' },
    utc_offset: { field: 'utc_offset', value: resolved.utcOffset, type: 'text' },
    customer_id: { field: 'customer_id', value: customer.id, type: 'uuid' },
    vehicle_id: { field: 'vehicle_id', value: vehicle?.id ?? null, type: 'uuid' },
    technician_id: { field: 'technician_id', value: technician?.id ?? null, type: 'uuid' },
    confirmed_at: { field: 'confirmed_at', value: status === 'booked' ? new Date() : null, type: 'timestamptz' },
  } satisfies ColumnChanges)
  return createRecord(appointmentDefinition, tx, actor, changes)
}

function refuseInStatus(row: AppointmentRow, change: string): never {
  const status = row.status
  throw new ApiError(
    'conflict',
    `Appointment ${row.public_id} is ${status.replaceAll('_', ' ')}: ${change} is refused`,
    {
      blockers: [
        {
          type: 'appointment',
          reason: `state_${status}`,
          message: `An appointment that is ${status.replaceAll('_', ' ')} ${
            finalStatuses.includes(status as AppointmentStatus)
              ? 'no longer changes'
              : 'keeps its date, time and technician'
          }`,
          resolution: finalStatuses.includes(status as AppointmentStatus)
            ? ['Book a new appointment']
            : ['Ask the shop to change it'],
        },
      ],
    },
  )
}

/**
 * Presence-aware change. A new date, time, offset, duration or technician is resolved and checked like
 * a booking (the appointment does not count against itself); only requested and booked appointments
 * move, and fulfilled, cancelled and no-show ones no longer change at all.
 */
export async function updateAppointment(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: AppointmentUpdate,
): Promise<AppointmentRow> {
  const row = await getAppointment(tx, actor, publicId, { forUpdate: true })
  checkVersion(appointmentDefinition, row, input.expected_version)
  if (finalStatuses.includes(row.status as AppointmentStatus)) refuseInStatus(row, 'a change')
  const changes = writableChanges(appointmentDefinition, input)
  // Only a new technician must be bookable: the one it has stays, even if deactivated since (a client
  // echoing the whole object sends it again).
  const newTechnician = input.technician_id !== undefined && input.technician_id !== row.technician_public_id
  const technician = newTechnician
    ? input.technician_id && (await activeTechnician(tx, actor, input.technician_id, 'technician_id'))
    : row.technician_id && (await technicianById(tx, actor, row.technician_id))
  if (newTechnician) {
    changes.technician_id = { field: 'technician_id', value: technician ? technician.id : null, type: 'uuid' }
  }
  const date = input.date ?? row.date
  const time = input.time ?? row.local_time
  const clockChanged = input.date !== undefined || input.time !== undefined || input.utc_offset !== undefined
  if (clockChanged) {
    // A new wall clock is read afresh: the offset kept from before only chose between two readings
    // of the old time, so it is reused only while the date and time stay what they were (omitted or
    // sent again unchanged, as a client echoing the whole object does).
    const keptOffset = date === row.date && time === row.local_time ? row.utc_offset : null
    const resolved = resolveWallClock(date, time, row.timezone, input.utc_offset ?? keptOffset)
    changes.starts_at = { field: null, value: resolved.instant, type: 'timestamptz' }
    if (input.utc_offset !== undefined && input.utc_offset !== null) {
      changes.utc_offset = { field: 'utc_offset', value: resolved.utcOffset, type: 'text' }
    } else {
      changes.utc_offset = { field: null, value: resolved.utcOffset, type: 'text' }
    }
  }
  const changed = diffColumns(row, changes)
  const moving = changed?.fields.some((field) =>
    ['date', 'time', 'utc_offset', 'duration_minutes', 'technician_id'].includes(field),
  )
  if (changed && moving) {
    if (!reschedulableStatuses.includes(row.status as AppointmentStatus)) {
      refuseInStatus(row, 'a new date, time or technician')
    }
    await assertBookable(
      tx,
      actor.shopId,
      { date, time, durationMinutes: input.duration_minutes ?? row.duration_minutes, technician: technician || null },
      row.id,
    )
  }
  return (await updateRecord(appointmentDefinition, tx, actor, row, changes)).row
}

async function technicianById(tx: Queryable, actor: Actor, id: string): Promise<NonNullable<Slot['technician']>> {
  const { rows } = await tx.query<NonNullable<Slot['technician']>>(
    'select id, public_id, name, daily_capacity from technicians where shop_id = $1::uuid and id = $2::uuid',
    [actor.shopId, id],
  )
  return rows[0] as NonNullable<Slot['technician']>
}

/** Stamps each status sets when it is entered. */
const stamps: Partial<Record<AppointmentStatus, string>> = {
  booked: "confirmed_at = coalesce(confirmed_at, date_trunc('milliseconds', now()))",
  arrived: "arrived_at = coalesce(arrived_at, date_trunc('milliseconds', now()))",
  cancelled: "cancelled_at = date_trunc('milliseconds', now())",
}

/** Writes a status change (with its stamp) and records `appointment.status_changed`. */
async function changeStatus(
  tx: Queryable,
  actor: Actor,
  row: AppointmentRow,
  to: AppointmentStatus,
  extra: { statusReason?: string | null; events?: NewEvent[] } = {},
): Promise<AppointmentRow> {
  const sets = ['status = $3::text', 'version = version + 1', "updated_at = date_trunc('milliseconds', now())"]
  const stamp = stamps[to]
  if (stamp) sets.push(stamp)
  const values: unknown[] = [row.shop_id, row.id, to]
  if (extra.statusReason !== undefined) {
    values.push(extra.statusReason)
    sets.push(`status_reason = $${values.length}::text`)
  }
  await tx.query(`update appointments set ${sets.join(', ')} where shop_id = $1::uuid and id = $2::uuid`, values)
  // Converted before the customer arrived: the order opened for the visit is checked in with it.
  if (to === 'arrived' && row.repair_order_id) await checkInScheduledOrder(tx, actor, row.repair_order_id)
  await recordEvents(tx, actor, [
    statusChangedEvent(appointmentWorkflow, 'appointment.status_changed', row.public_id, {
      field: 'status',
      from: row.status as AppointmentStatus,
      to,
      summary: { date: row.date, time: row.local_time },
    }),
    ...(extra.events ?? []),
  ])
  return getAppointment(tx, actor, row.public_id)
}

/** An API action (`cancel`, `check_in`) for a key with these scopes: 409 with a blocker when unavailable. */
export async function actOnAppointment(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  action: AppointmentAction,
  scopes: ReadonlySet<string> | 'staff',
  statusReason?: string | null,
): Promise<AppointmentRow> {
  const row = await getAppointment(tx, actor, publicId, { forUpdate: true })
  const to = assertAction(appointmentWorkflow, row, action, scopes)
  return changeStatus(tx, actor, row, to, action === 'cancel' ? { statusReason: statusReason ?? null } : {})
}

/** A staff move (`shopapi appointments set-status`): 409 naming the possible moves when impossible. */
export async function setAppointmentStatus(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  to: string,
  statusReason?: string,
): Promise<{ row: AppointmentRow; previousStatus: string }> {
  const row = await getAppointment(tx, actor, publicId, { forUpdate: true, param: 'id' })
  const next = assertMove(appointmentWorkflow, row, to)
  const updated = await changeStatus(tx, actor, row, next, statusReason === undefined ? {} : { statusReason })
  return { row: updated, previousStatus: row.status }
}

/**
 * Turns a booked or arrived appointment into a repair order (`scheduled` while the vehicle is
 * expected, `checked_in` once it has arrived) and records the order on the appointment
 * (`repair_order_id`), leaving its status as it was (spec "States and transitions": "unchanged in
 * material"): a booked customer who has not arrived can still be checked in (which checks the order
 * in) or cancel. The appointment row is locked first, so of many concurrent conversions one creates
 * the order and the others find it (`created: false`); the unique origin index would refuse a second
 * order anyway.
 */
export async function convertAppointment(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: { odometer_in?: number | null | undefined },
): Promise<{ repairOrder: RepairOrderRow; created: boolean }> {
  const row = await getAppointment(tx, actor, publicId, { forUpdate: true })
  if (row.repair_order_id) {
    // The lock waited for a conversion that committed: the row's own columns are re-read after the
    // wait, the public ids selected beside them are not, so the order is found by its uuid.
    const { rows } = await tx.query<{ public_id: string }>(
      'select public_id from repair_orders where shop_id = $1::uuid and id = $2::uuid',
      [row.shop_id, row.repair_order_id],
    )
    const orderId = (rows[0] as { public_id: string }).public_id
    return { repairOrder: await getRepairOrder(tx, actor, orderId), created: false }
  }
  if (row.status !== 'booked' && row.status !== 'arrived') {
    const unconfirmed = row.status === 'requested'
    throw new ApiError(
      'conflict',
      `Appointment ${row.public_id} is ${row.status.replaceAll('_', ' ')}: it cannot become a repair order`,
      {
        blockers: [
          {
            type: 'appointment',
            reason: `state_${row.status}`,
            message: unconfirmed
              ? 'The shop has not confirmed this appointment yet'
              : `Only booked or arrived appointments become repair orders; this one is ${row.status.replaceAll('_', ' ')}`,
            resolution: unconfirmed ? ['Wait for the shop to confirm it (status booked)'] : ['Book a new appointment'],
          },
        ],
      },
    )
  }
  if (!row.vehicle_public_id) {
    throw new ApiError('conflict', `Appointment ${row.public_id} has no vehicle: a repair order needs one`, {
      blockers: [
        {
          type: 'appointment',
          reason: 'vehicle_required',
          message: 'The appointment was booked without vehicle_id',
          resolution: [
            'Open the repair order with POST /repair-orders (customer_id and vehicle_id)',
            'Book appointments with vehicle_id so they can be converted',
          ],
        },
      ],
    })
  }
  const repairOrder = await createRepairOrder(
    tx,
    actor,
    {
      customer_id: row.customer_public_id,
      vehicle_id: row.vehicle_public_id,
      customer_concern: row.reason ?? row.notes?.slice(0, 5000) ?? null,
      ...(input.odometer_in === undefined ? {} : { odometer_in: input.odometer_in }),
    },
    { appointmentId: row.id, state: row.status === 'arrived' ? 'checked_in' : 'scheduled' },
  )
  // A change of the appointment (repair_order_id), so a sync crawl sees it; its status stays.
  await tx.query(
    `update appointments set repair_order_id = $3::uuid, version = version + 1,
       updated_at = date_trunc('milliseconds', now())
     where shop_id = $1::uuid and id = $2::uuid`,
    [row.shop_id, row.id, repairOrder.id],
  )
  await recordEvents(tx, actor, [
    {
      type: 'appointment.converted_to_repair_order',
      objectType: 'appointment',
      objectId: row.public_id,
      summary: { repair_order_id: repairOrder.public_id, status: row.status },
    },
  ])
  return { repairOrder, created: true }
}

/**
 * The scheduled sweep: requested or booked appointments whose shop-local day has ended become
 * `no_show`, each with its event. One booked after its day had already ended (entered afterwards by
 * the shop) was never expected that day and is left alone. Returns how many it marked.
 */
export function markNoShows(pool: pg.Pool, now: Date = new Date(), batch = 500): Promise<number> {
  return withTransaction(pool, (tx) => markNoShowsIn(tx, now, batch))
}

async function markNoShowsIn(tx: Queryable, now: Date, batch: number): Promise<number> {
  const { rows } = await tx.query<{ shop_id: string; public_id: string; status: string; date: string; time: string }>(
    `with due as (
       select shop_id, id from appointments
       where status in ('requested', 'booked') and date < ($1::timestamptz at time zone 'UTC')::date + 1
         and ((date + 1)::timestamp at time zone timezone) <= $1::timestamptz
         and created_at < ((date + 1)::timestamp at time zone timezone)
         -- Converted, and the shop has its order under way: the customer came, whatever the appointment says.
         and not exists (select 1 from repair_orders r where r.shop_id = appointments.shop_id
           and r.id = appointments.repair_order_id and r.state not in ('scheduled', 'cancelled'))
       order by date limit $2::integer
       for update skip locked)
     update appointments a set status = 'no_show', version = a.version + 1, updated_at = date_trunc('milliseconds', now())
     from due d, appointments before
     where a.shop_id = d.shop_id and a.id = d.id and before.shop_id = d.shop_id and before.id = d.id
     returning a.shop_id, a.public_id, before.status, to_char(a.date, 'YYYY-MM-DD') as date,
       to_char(a.local_time, 'HH24:MI') as time`,
    [now, batch],
  )
  const byShop = new Map<string, typeof rows>()
  for (const row of rows) byShop.set(row.shop_id, [...(byShop.get(row.shop_id) ?? []), row])
  for (const [shopId, marked] of byShop) {
    await recordEvents(
      tx,
      { shopId, integrationId: null },
      marked.map((row) =>
        statusChangedEvent(appointmentWorkflow, 'appointment.status_changed', row.public_id, {
          field: 'status',
          from: row.status as AppointmentStatus,
          to: 'no_show',
          summary: { date: row.date, time: row.time },
        }),
      ),
    )
  }
  return rows.length
}
