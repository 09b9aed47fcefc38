import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { dateIn, datesBetween, weekdayOf } from '../../lib/wall-clock.js'
import {
  type Closure,
  closedWeekdayReason,
  defaultClosureReason,
  defaultDailyCapacity,
  type ShopHours,
  type WeekdayHours,
  type WeeklyHours,
} from './schema.js'

export { defaultDailyCapacity }

// The shop's booking rules (migration 00007): `shop_hours` holds its week, one row per ISO weekday
// with opening times (null: closed) and a daily capacity; `shop_closures` the dates it is closed
// whatever the week says. No `shop_hours` rows at all: the shop has not set its hours and takes
// bookings on every date at any time, up to `defaultDailyCapacity`. Staff change them with
// `shopapi hours`; the contract defines no events for them, so none are recorded.

/** One shop-local date as bookings see it. */
export interface DaySchedule {
  /** `YYYY-MM-DD` on the shop's wall clock. */
  date: string
  open: boolean
  /** Why the shop is closed that date (the closure's reason, "Closed on Sundays"); null when open. */
  reason: string | null
  /** `HH:MM`; null when closed or when the shop has not set its hours (open at any time). */
  openTime: string | null
  /** `HH:MM`, `24:00` for midnight; null as `openTime`. */
  closeTime: string | null
  /** Appointments the shop takes that date (all technicians together); 0 when closed. */
  capacity: number
  /** False while the shop has no hours: then every date without a closure is open at any time. */
  hoursSet: boolean
}

interface WeekRow {
  weekday: number
  open_time: string | null
  close_time: string | null
  capacity: number
}

/** The week of shop `$1` as a JSON array of WeekRow (`24:00` stays `24:00`). */
const weekColumn = `coalesce((select json_agg(json_build_object('weekday', h.weekday,
    'open_time', to_char(h.open_time, 'HH24:MI'), 'close_time', to_char(h.close_time, 'HH24:MI'), 'capacity', h.capacity))
  from shop_hours h where h.shop_id = $1::uuid), '[]'::json) as week`

// The week and the closures in one round trip: availability reads a month on every call.
const schedulesSql = `select ${weekColumn},
  coalesce((select json_agg(json_build_object('date', c.date, 'reason', c.reason))
    from shop_closures c where c.shop_id = $1::uuid and c.date between $2::date and $3::date), '[]'::json) as closures`

/** The schedule of every shop-local date from `from` to `to` (inclusive), in date order. */
export async function daySchedules(db: Queryable, shopId: string, from: string, to: string): Promise<DaySchedule[]> {
  const { rows } = await db.query<{ week: WeekRow[]; closures: Closure[] }>({
    name: 'shop-hours-day-schedules',
    text: schedulesSql,
    values: [shopId, from, to],
  })
  const { week, closures } = rows[0] as { week: WeekRow[]; closures: Closure[] }
  const hours = weekOf(week)
  const closed = new Map(closures.map((closure) => [closure.date, closure.reason]))
  const firstWeekday = weekdayOf(from)
  return datesBetween(from, to).map((date, index) =>
    scheduleOf(date, hours[(firstWeekday - 1 + index) % 7] as WeekdayHours, week.length > 0, closed),
  )
}

/** The schedule of one shop-local date. */
export async function daySchedule(db: Queryable, shopId: string, date: string): Promise<DaySchedule> {
  return (await daySchedules(db, shopId, date, date))[0] as DaySchedule
}

function scheduleOf(
  date: string,
  hours: WeekdayHours,
  hoursSet: boolean,
  closures: Map<string, string | null>,
): DaySchedule {
  const closed = (reason: string): DaySchedule => ({
    date,
    open: false,
    reason,
    openTime: null,
    closeTime: null,
    capacity: 0,
    hoursSet,
  })
  if (closures.has(date)) return closed(closures.get(date) ?? defaultClosureReason)
  if (!hours.open) return closed(closedWeekdayReason(hours.weekday))
  const { openTime, closeTime, capacity } = hours
  return { date, open: true, reason: null, openTime, closeTime, capacity, hoursSet }
}

/** Seven weekdays, Monday first: the rows as set, or open at any time while the shop has none. */
function weekOf(rows: WeekRow[]): WeekdayHours[] {
  const byWeekday = new Map(rows.map((row) => [row.weekday, row]))
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    if (rows.length === 0) {
      return { weekday, open: true, openTime: null, closeTime: null, capacity: defaultDailyCapacity }
    }
    const row = byWeekday.get(weekday)
    const open = row?.open_time != null && row.close_time != null
    return {
      weekday,
      open,
      openTime: open ? (row?.open_time ?? null) : null,
      closeTime: open ? (row?.close_time ?? null) : null,
      capacity: open ? (row?.capacity ?? defaultDailyCapacity) : 0,
    }
  })
}

/**
 * Sets the hours of some weekdays. A capacity left out keeps the weekday's own (the default for a
 * weekday without a row). The first hours a shop sets decide the rest of its week: after opening
 * hours the other weekdays are closed; after closing some weekdays the others stay open at any time
 * (00:00-24:00), as they were, with the default capacity.
 */
export async function setWeeklyHours(tx: Queryable, shopId: string, hours: WeeklyHours): Promise<ShopHours> {
  // Changes to one shop's week queue here: two first settings at once would each fill the other
  // weekdays and could deadlock on each other's rows. `no key update` leaves inserts that reference
  // the shop (a foreign key's `key share`) unblocked.
  await tx.query('select 1 from shops where id = $1::uuid for no key update', [shopId])
  const opening = 'closed' in hours ? null : hours
  const rest = opening ? { open: null, close: null } : { open: '00:00', close: '24:00' }
  await tx.query(
    `insert into shop_hours (shop_id, weekday, open_time, close_time, capacity)
     select $1::uuid, day, $3::time, $4::time, $5::integer from generate_series(1, 7) day
     where day <> all($2::smallint[]) and not exists (select 1 from shop_hours where shop_id = $1::uuid)`,
    [shopId, hours.weekdays, rest.open, rest.close, defaultDailyCapacity],
  )
  await tx.query(
    `insert into shop_hours (shop_id, weekday, open_time, close_time, capacity)
     select $1::uuid, day, $3::time, $4::time, coalesce($5::integer, $6::integer) from unnest($2::smallint[]) day
     on conflict (shop_id, weekday) do update set open_time = excluded.open_time, close_time = excluded.close_time,
       capacity = coalesce($5::integer, shop_hours.capacity), updated_at = date_trunc('milliseconds', now())`,
    [
      shopId,
      hours.weekdays,
      opening?.open ?? null,
      opening?.close ?? null,
      opening?.capacity ?? null,
      defaultDailyCapacity,
    ],
  )
  return readHours(tx, shopId)
}

/** Closes the shop on `date` (a holiday); closing a closed date again replaces its reason. */
export async function closeDate(tx: Queryable, shopId: string, date: string, reason: string | null): Promise<Closure> {
  const { rows } = await tx.query<Closure>(
    `insert into shop_closures (shop_id, date, reason) values ($1::uuid, $2::date, $3::text)
     on conflict (shop_id, date) do update set reason = excluded.reason
     returning to_char(date, 'YYYY-MM-DD') as date, reason`,
    [shopId, date, reason],
  )
  return rows[0] as Closure
}

/** Removes the closure of `date`: the week decides again. 404 not_found when the date has none. */
export async function reopenDate(tx: Queryable, shopId: string, date: string): Promise<Closure> {
  const { rows } = await tx.query<Closure>(
    `delete from shop_closures where shop_id = $1::uuid and date = $2::date
     returning to_char(date, 'YYYY-MM-DD') as date, reason`,
    [shopId, date],
  )
  const removed = rows[0]
  if (!removed) {
    throw new ApiError('not_found', `${date} is not a closure of this shop: nothing to reopen`, { param: 'date' })
  }
  return removed
}

/** The week and the closures from today on (in the shop's zone). */
export async function readHours(db: Queryable, shopId: string): Promise<ShopHours> {
  const shop = await db.query<{ timezone: string }>('select timezone from shops where id = $1::uuid', [shopId])
  const timezone = (shop.rows[0] as { timezone: string }).timezone
  const { rows } = await db.query<{ week: WeekRow[]; closures: Closure[] }>(
    `select ${weekColumn},
       coalesce((select json_agg(json_build_object('date', c.date, 'reason', c.reason) order by c.date)
         from shop_closures c where c.shop_id = $1::uuid and c.date >= $2::date), '[]'::json) as closures`,
    [shopId, dateIn(timezone)],
  )
  const { week, closures } = rows[0] as { week: WeekRow[]; closures: Closure[] }
  return { timezone, hoursSet: week.length > 0, week: weekOf(week), closures }
}
