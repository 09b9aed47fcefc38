import { Temporal } from 'temporal-polyfill'
import { ApiError } from './errors.js'

// Wall-clock times of a time zone (appointments, shop hours, business dates). All time-zone rules
// come from the Temporal polyfill (the tz database of the platform's Intl): no offset arithmetic here.

/** `YYYY-MM-DD`, a real calendar date. */
export const datePattern = /^\d{4}-\d{2}-\d{2}$/
/** `HH:MM`, 00:00-23:59 (spec "Value formats": exact minute, no seconds, no zone). */
export const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/
/** Spec "Appointments": sign, hours 00-13 with minutes 00-59, or exactly +14:00 / -14:00. */
export const utcOffsetPattern = /^[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00)$/

/**
 * The dates and instants the API accepts (docs/decisions/api-conventions.md "Instants and logs"): from 1900-01-01 to
 * 9999-12-31, and instants from 1900-01-01T00:00:00Z to the end of 9999-12-31 in UTC once converted.
 * Every response writes instants in UTC as RFC 3339, whose years have four digits: an instant past
 * 9999 (9999-12-31T23:59:59-14:00) would come out as `+010000-01-01T…Z`, which strict parsers refuse,
 * in every integration's pages and webhooks. Nothing a shop records predates 1900, and the zones' local
 * mean times end about then.
 */
export const dateRange = { from: '1900-01-01', to: '9999-12-31' } as const
export const instantRange = {
  from: new Date('1900-01-01T00:00:00.000Z'),
  to: new Date('9999-12-31T23:59:59.999Z'),
  /** As a message puts it. */
  text: '1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z',
} as const

/** What a date input must be, as messages say it. */
export const calendarDateRule = `a real calendar date YYYY-MM-DD from ${dateRange.from} to ${dateRange.to}`

/** True when `instant` lies in instantRange (so it prints as RFC 3339 with a 4-digit year). */
export function isInstantInRange(instant: Date): boolean {
  const time = instant.getTime()
  return time >= instantRange.from.getTime() && time <= instantRange.to.getTime()
}

/** "after 9999-12-31T23:59:59Z" or "before 1900-01-01T00:00:00Z", for an instant out of range. */
export function instantRangeMiss(instant: Date): string {
  return instant.getTime() > instantRange.to.getTime() ? 'after 9999-12-31T23:59:59Z' : 'before 1900-01-01T00:00:00Z'
}

/** A real calendar date `YYYY-MM-DD` within dateRange (2026-02-30, 0001-01-01 and 0000-… are not). */
export function isCalendarDate(value: string): boolean {
  if (!datePattern.test(value)) return false
  // Same-length digit strings compare as dates.
  if (value < dateRange.from || value > dateRange.to) return false
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' })
    return true
  } catch {
    return false
  }
}

/** The resolved instant of a wall-clock time and the offset it was read with. */
export interface ResolvedWallClock {
  instant: Date
  /** `-05:00` style. */
  utcOffset: string
}

const plainDateTime = (date: string, time: string) =>
  Temporal.PlainDateTime.from(`${date}T${time}`, { overflow: 'reject' })

/** The ways a date and time can be read in a zone: none (a gap), one, or two (a fall-back repeat). */
function possibleReadings(date: string, time: string, timeZone: string): Temporal.ZonedDateTime[] {
  const local = plainDateTime(date, time)
  const earlier = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' })
  const later = local.toZonedDateTime(timeZone, { disambiguation: 'later' })
  const readings = [earlier, later].filter((reading) => reading.toPlainDateTime().equals(local))
  return readings.length === 2 && earlier.offset === later.offset ? [earlier] : readings
}

/**
 * The UTC instant of `date` `time` on the wall clock of `timeZone`. A time the clocks skip (spring
 * forward) is 400 naming the gap; a time they show twice (fall back) needs `utcOffset`, and without it
 * is 400 naming both offsets; an offset that matches no reading is 400; a reading outside instantRange
 * (9999-12-31 22:30 in America/Santiago is in year 10000 in UTC) is 400 naming the date. `params` name
 * the fields.
 */
export function resolveWallClock(
  date: string,
  time: string,
  timeZone: string,
  utcOffset?: string | null,
  params: { date: string; time: string; utcOffset: string } = { date: 'date', time: 'time', utcOffset: 'utc_offset' },
): ResolvedWallClock {
  const resolved = readWallClock(date, time, timeZone, utcOffset, params)
  if (!isInstantInRange(resolved.instant)) {
    throw new ApiError(
      'invalid_request',
      `${date} ${time} in ${timeZone} is ${instantRangeMiss(resolved.instant)} in UTC: an instant must lie from ${instantRange.text}`,
      { param: params.date },
    )
  }
  return resolved
}

function readWallClock(
  date: string,
  time: string,
  timeZone: string,
  utcOffset: string | null | undefined,
  params: { time: string; utcOffset: string },
): ResolvedWallClock {
  const readings = possibleReadings(date, time, timeZone)
  const at = `${date} ${time}`
  if (readings.length === 0) {
    const gap = gapAround(date, time, timeZone)
    throw new ApiError(
      'invalid_request',
      `${at} does not exist in ${timeZone}: the clocks go forward from ${gap.from} to ${gap.to} (${gap.offsetBefore} to ${gap.offsetAfter}) that day. Choose a time before ${gap.from} or from ${gap.to}`,
      { param: params.time },
    )
  }
  const offsets = readings.map((reading) => reading.offset)
  if (utcOffset !== undefined && utcOffset !== null) {
    // -00:00 and +00:00 name the same offset (Temporal writes it +00:00).
    const wanted = utcOffset === '-00:00' ? '+00:00' : utcOffset
    const chosen = readings.find((reading) => reading.offset === wanted)
    if (!chosen) {
      const valid = offsets.length === 1 ? `its offset is ${offsets[0]}` : `its offsets are ${offsets.join(' and ')}`
      throw new ApiError('invalid_request', `utc_offset ${utcOffset} does not match ${at} in ${timeZone}: ${valid}`, {
        param: params.utcOffset,
      })
    }
    return toResolved(chosen)
  }
  if (readings.length === 2) {
    throw new ApiError(
      'invalid_request',
      `${at} happens twice in ${timeZone} (the clocks go back that day): give utc_offset ${offsets[0]} for the first or ${offsets[1]} for the second`,
      { param: params.utcOffset },
    )
  }
  return toResolved(readings[0] as Temporal.ZonedDateTime)
}

function toResolved(reading: Temporal.ZonedDateTime): ResolvedWallClock {
  return { instant: new Date(reading.epochMilliseconds), utcOffset: reading.offset }
}

/** The wall-clock times and offsets on each side of the spring-forward gap that holds `time`. */
function gapAround(date: string, time: string, timeZone: string) {
  // 'earlier' reads a skipped time with the offset from before the gap, so it lands strictly before the
  // transition and the next transition is the one that skips it. ('later' lands exactly on the
  // transition for the gap's first minute, and the transition 'previous' to that is last autumn's.)
  const beforeGap = plainDateTime(date, time).toZonedDateTime(timeZone, { disambiguation: 'earlier' })
  const transition = beforeGap.getTimeZoneTransition('next') ?? beforeGap
  const hhmm = (zoned: Temporal.ZonedDateTime) => zoned.toPlainTime().toString({ smallestUnit: 'minute' })
  const startOfGap = transition.toInstant().toZonedDateTimeISO(beforeGap.offset)
  return {
    from: hhmm(startOfGap),
    to: hhmm(transition),
    offsetBefore: beforeGap.offset,
    offsetAfter: transition.offset,
  }
}

/** The calendar date of `instant` on the wall clock of `timeZone` (shop business dates). */
export function dateIn(timeZone: string, instant: Date = new Date()): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString()
}

/** `HH:MM` of `instant` on the wall clock of `timeZone`. */
export function timeIn(timeZone: string, instant: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainTime()
    .toString({ smallestUnit: 'minute' })
}

/** The instant `date` begins in `timeZone` (not always 00:00: some zones skip midnight). */
export function startOfDate(date: string, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds)
}

/** The instant `date` ends in `timeZone`: the start of the next date. */
export function endOfDate(date: string, timeZone: string): Date {
  return startOfDate(addDays(date, 1), timeZone)
}

/** ISO weekday of a calendar date: 1 Monday ... 7 Sunday. */
export function weekdayOf(date: string): number {
  return Temporal.PlainDate.from(date).dayOfWeek
}

export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString()
}

/** The same date `years` earlier; February 29th becomes February 28th in a year without one. */
export function yearsBefore(date: string, years: number): string {
  return Temporal.PlainDate.from(date).subtract({ years }).toString()
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days
}

/** Minutes since midnight of an `HH:MM` (or `HH:MM:SS` from Postgres) time. */
export function minuteOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

/** `HH:MM` of a minute of the day (1440 is shown as 24:00, a closing time at midnight). */
export function formatMinuteOfDay(minute: number): string {
  const hours = Math.floor(minute / 60)
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

/**
 * Every calendar date from `from` to `to` (inclusive) in order; none when `to` is earlier. Stepped in
 * UTC, where every day has 24 hours, so no time zone is involved; about 30 times faster than the
 * polyfill's `add` (availability lists a month of dates on every request). Years 0001-9999.
 */
export function datesBetween(from: string, to: string): string[] {
  const dayMs = 86_400_000
  const last = Date.parse(`${to}T00:00:00Z`)
  const dates: string[] = []
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= last; day += dayMs) {
    dates.push(new Date(day).toISOString().slice(0, 10))
  }
  return dates
}
