import { z } from 'zod'
import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { addDays, dateIn, daysBetween } from '../../lib/wall-clock.js'
import { defineOperation } from '../../platform/operation.js'
import { listEnvelope, responseObject } from '../../platform/schemas.js'
import { calendarDateMessage, defaultDailyCapacity, isStorableDate } from '../shop-hours/schema.js'
import { type DaySchedule, daySchedules } from '../shop-hours/service.js'
import { slotHoldingStatuses } from './workflow.js'

// GET /appointments/availability (spec "Availability"): one entry per shop-local date, with the
// shop's hours, its daily capacity and how many appointments hold a place. It lists no time slots.

export { slotHoldingStatuses }

/** The most dates one request reads: a quarter, enough for a booking calendar three months ahead. */
export const maxAvailabilityDays = 92
/** Dates read when only `start_date` is given. */
export const defaultAvailabilityDays = 31

/** The last date a request names in four digits. */
const lastDate = '9999-12-31'

const dateParam = (description: string) =>
  z
    .string()
    .max(10, { abort: true, error: 'must be a date YYYY-MM-DD' })
    .refine((value) => value === '' || isStorableDate(value), calendarDateMessage)
    // An empty value is absent, as for every filter.
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .meta({ format: 'date', description, example: '2026-03-14' })

/**
 * Where the server is narrower than the contract's "date, start_date, end_date (all dates, optional)",
 * and why (issue 25 item 8): written into the document beside the parameter.
 */
const availabilityNarrowing =
  `Narrower than the contract, which states no limit: a range holds at most ${maxAvailabilityDays} dates (a quarter), because the answer is one unpaginated list (the contract gives availability no paging) computed from every date's hours, closures, capacity and bookings; a wider calendar is read a quarter at a time. ` +
  "`end_date` alone counts from today, so an `end_date` before today needs a `start_date`: without one the range would have no first date the shop's calendar can stand for. Past dates themselves are answered (with the bookings they held) when `start_date` names them."

export const AvailabilityQuerySchema = z.strictObject({
  date: dateParam('One shop-local date. Not together with `start_date` or `end_date`.'),
  start_date: dateParam(
    `First date of the range (inclusive). Alone: ${defaultAvailabilityDays} dates from it. Without it: from today in the shop's time zone.`,
  ),
  end_date: dateParam(
    `Last date of the range (inclusive). Without \`start_date\`: from today. A range holds at most ${maxAvailabilityDays} dates.`,
  ).meta({ 'x-shopapi-narrowing': availabilityNarrowing }),
})

export type AvailabilityQuery = z.output<typeof AvailabilityQuerySchema>

export const AvailabilitySchema = responseObject({
  date: z.string().meta({ format: 'date', description: "A date on the shop's wall clock", example: '2026-03-14' }),
  available: z.boolean().meta({
    description:
      'Open and not full (`booked` < `capacity`). It can change once read: a booking may still be refused with a blocker.',
  }),
  reason: z.string().nullable().meta({
    description:
      'Why the date is not available: the closure\'s reason (or "Closed (holiday)"), "Closed on Sundays" for a weekday the shop does not open, "Fully booked", or "Not taking appointments" (a capacity of 0); null when available.',
  }),
  open_time: z.string().nullable().meta({
    description:
      'Opening time `HH:MM`; null when closed, and while the shop has set no hours (then it takes bookings at any time).',
    example: '08:00',
  }),
  close_time: z.string().nullable().meta({
    description: 'Closing time `HH:MM`, `24:00` for midnight; null as `open_time`.',
    example: '17:30',
  }),
  booked: z.number().int().meta({
    description: 'Appointments of this date that hold a place: status `requested`, `booked`, `arrived` or `fulfilled`.',
  }),
  capacity: z
    .number()
    .int()
    .meta({
      description: `Appointments the shop takes this date, all technicians together (${defaultDailyCapacity} while it has set no hours); 0 when closed.`,
    }),
}).meta({ id: 'Availability', description: 'Whether the shop takes bookings on one of its dates' })

export type Availability = z.infer<typeof AvailabilitySchema>

export const AvailabilityListSchema = listEnvelope(AvailabilitySchema, 'AvailabilityList')

/**
 * The dates a query asks for: `date`; `start_date` to `end_date`; `start_date` alone, 31 dates; `end_date`
 * alone, from today; nothing, today. `today` is the shop's. At most `maxAvailabilityDays` dates.
 */
export function availabilityRange(query: AvailabilityQuery, today: string): { from: string; to: string } {
  const { date, start_date: start, end_date: end } = query
  if (date !== undefined) {
    if (start !== undefined || end !== undefined) {
      throw new ApiError('invalid_request', 'Give either date or start_date and end_date, not both', {
        param: 'date',
      })
    }
    return { from: date, to: date }
  }
  if (start === undefined && end === undefined) return { from: today, to: today }
  const from = start ?? today
  const to = end ?? minDate(addDays(from, defaultAvailabilityDays - 1), lastDate)
  if (to < from) {
    const after = start === undefined ? `today (${from} in the shop's time zone); give start_date too` : from
    throw new ApiError('invalid_request', `end_date ${to} is before ${after}`, { param: 'end_date' })
  }
  const days = daysBetween(from, to) + 1
  if (days > maxAvailabilityDays) {
    throw new ApiError(
      'invalid_request',
      `${from} to ${to} is ${days} dates: at most ${maxAvailabilityDays} can be read at once`,
      { param: 'end_date' },
    )
  }
  return { from, to }
}

// A date past 9999 is written with a sign (+010000-01-01), which Postgres does not read.
const minDate = (a: string, b: string) => (a.length === b.length && a < b ? a : b)

/** Appointments holding a place on each date of the range (dates without any are absent). */
async function bookedByDate(db: Queryable, shopId: string, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ date: string; booked: number }>({
    name: 'appointments-booked-by-date',
    text: `select to_char(date, 'YYYY-MM-DD') as date, count(*)::integer as booked from appointments
      where shop_id = $1::uuid and date between $2::date and $3::date and status = any($4::text[])
      group by date`,
    values: [shopId, from, to, slotHoldingStatuses],
  })
  return new Map(rows.map((row) => [row.date, row.booked]))
}

/**
 * Appointments holding a place on `date`: the shop's, or one technician's (`technicianId`, the internal
 * id); `exceptId` (an appointment's internal id) leaves out the appointment being moved.
 */
export async function bookedOn(
  db: Queryable,
  shopId: string,
  date: string,
  technicianId?: string | null,
  exceptId?: string | null,
): Promise<number> {
  const { rows } = await db.query<{ booked: number }>(
    `select count(*)::integer as booked from appointments
     where shop_id = $1::uuid and date = $2::date and status = any($3::text[])
       and id is distinct from $4::uuid ${technicianId ? 'and technician_id = $5::uuid' : ''}`,
    [shopId, date, slotHoldingStatuses, exceptId ?? null, ...(technicianId ? [technicianId] : [])],
  )
  return (rows[0] as { booked: number }).booked
}

function availabilityOf(schedule: DaySchedule, booked: number): Availability {
  const full = booked >= schedule.capacity
  const reason = !schedule.open
    ? schedule.reason
    : !full
      ? null
      : schedule.capacity === 0
        ? 'Not taking appointments'
        : 'Fully booked'
  return {
    date: schedule.date,
    available: schedule.open && !full,
    reason,
    open_time: schedule.openTime,
    close_time: schedule.closeTime,
    booked,
    capacity: schedule.capacity,
  }
}

/** Availability of every shop-local date from `from` to `to` (inclusive), in date order. */
export async function availability(db: Queryable, shopId: string, from: string, to: string): Promise<Availability[]> {
  // Two statements at once: reads run on the pool, so each has a connection of its own.
  const [schedules, booked] = await Promise.all([
    daySchedules(db, shopId, from, to),
    bookedByDate(db, shopId, from, to),
  ])
  return schedules.map((schedule) => availabilityOf(schedule, booked.get(schedule.date) ?? 0))
}

export const availabilityOperations = [
  defineOperation({
    method: 'GET',
    path: '/appointments/availability',
    operationId: 'getAppointmentAvailability',
    summary: 'Availability by date',
    description: [
      "One entry per date of the shop's wall clock (its time zone), in date order: whether it takes bookings, its opening hours, its daily capacity and the appointments already holding a place. It lists no time slots, and is not paginated (no `limit` or `cursor`).",
      `Dates: \`date\` alone; or \`start_date\` to \`end_date\` (inclusive); \`start_date\` alone reads ${defaultAvailabilityDays} dates from it; \`end_date\` alone reads from today; nothing reads today. Today is the shop's, in its time zone. At most ${maxAvailabilityDays} dates at once: a longer range, an \`end_date\` before the first date, or \`date\` together with \`start_date\`/\`end_date\` is 400 \`invalid_request\` naming the parameter.`,
      `A shop that has set no opening hours takes bookings on every date at any time, up to ${defaultDailyCapacity} a day (\`open_time\` and \`close_time\` null). Availability can change after it was read: a booking may still be refused with 409 and a \`shop_hours\` or \`technician_capacity\` blocker.`,
    ].join('\n\n'),
    tag: 'Appointments',
    scopes: ['appointments.read'],
    query: AvailabilityQuerySchema,
    success: { status: 200, description: 'One entry per date', schema: AvailabilityListSchema },
    handler: async ({ query, auth, db }) => {
      const { from, to } = availabilityRange(query, dateIn(auth.shop.timezone))
      return { object: 'list', data: await availability(db, auth.shopId, from, to), has_more: false, next_cursor: null }
    },
  }),
]
