import { z } from 'zod'
import { calendarDateRule, datePattern, isCalendarDate, timePattern } from '../../lib/wall-clock.js'
import { textInput } from '../../platform/schemas.js'

// The shop's booking rules, maintained by its staff (`shopapi hours ...`): weekly opening hours with a
// daily capacity per weekday, and closures by date. Not part of the public contract, which shows them
// only through availability (spec "Availability") and the `shop_hours` blockers of a booking.

/** Appointments per day a shop takes before it has set its hours, and the capacity of a new weekday. */
export const defaultDailyCapacity = 100

/** The most a weekday's capacity may be (the `shop_hours.capacity` check). */
export const maxDailyCapacity = 10_000

/** ISO weekday numbers, 1 Monday ... 7 Sunday, by their short names (`--days`, tables). */
export const weekdayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
const weekdayPlurals = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays']

/** "Closed on Sundays" for ISO weekday 7. */
export function closedWeekdayReason(weekday: number): string {
  return `Closed on ${weekdayPlurals[weekday - 1]}`
}

/** The reason a closure without one of its own gives. */
export const defaultClosureReason = 'Closed (holiday)'

/**
 * A real calendar date `YYYY-MM-DD` Postgres can store and the API accepts: 2026-02-30 is refused, and
 * so is anything outside 1900-01-01 to 9999-12-31 (isCalendarDate), year 0000 included, which
 * Postgres's calendar does not have.
 */
export function isStorableDate(value: string): boolean {
  return isCalendarDate(value)
}

export const calendarDateMessage = `must be ${calendarDateRule}, e.g. 2026-03-14`

/** `YYYY-MM-DD`, a real calendar date (see isStorableDate). */
export const calendarDate = z
  .string()
  .max(10, { abort: true, error: calendarDateMessage })
  .refine(isStorableDate, { error: (issue) => `${calendarDateMessage} (got ${JSON.stringify(issue.input)})` })
  .meta({ format: 'date', pattern: datePattern.source, example: '2026-03-14' })

/** An opening time: `HH:MM`, 00:00-23:59. */
export const openingTime = z.string().regex(timePattern, {
  error: (issue) => `must be a time HH:MM (24-hour), e.g. 08:00 (got ${JSON.stringify(issue.input)})`,
})

/** A closing time: `HH:MM`, or `24:00` for midnight at the end of the day. */
export const closingTime = z.string().refine((value) => value === '24:00' || timePattern.test(value), {
  error: (issue) =>
    `must be a time HH:MM (24-hour), e.g. 17:30, or 24:00 for midnight (got ${JSON.stringify(issue.input)})`,
})

const weekdays = z
  .array(z.number().int().min(1).max(7))
  .min(1, 'must name at least one day')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b))

const capacity = z
  .number()
  .int('must be a whole number')
  .min(0, `must be a whole number from 0 to ${maxDailyCapacity}`)
  .max(maxDailyCapacity, `must be a whole number from 0 to ${maxDailyCapacity}`)

/** Opening hours for some weekdays: from `open` to `close` (after it), taking `capacity` appointments a day. */
export const OpeningHoursSchema = z
  .strictObject({ weekdays, open: openingTime, close: closingTime, capacity: capacity.optional() })
  .refine((hours) => hours.close > hours.open, {
    error: (issue) => {
      const hours = issue.input as { open: string; close: string }
      return `must be after the opening time ${hours.open} (got ${hours.close})`
    },
    path: ['close'],
  })

/** What `setWeeklyHours` sets: opening hours (capacity omitted: the weekday keeps its own), or closed. */
export type WeeklyHours = z.output<typeof OpeningHoursSchema> | { weekdays: number[]; closed: true }

export const ClosureSchema = z.strictObject({
  date: calendarDate,
  reason: textInput(255, { trim: true })
    .nullable()
    .transform((reason) => (reason === '' ? null : reason)),
})

export type Closure = z.output<typeof ClosureSchema>

/** A weekday of the shop's week as staff set it. */
export interface WeekdayHours {
  weekday: number
  open: boolean
  /** `HH:MM`; null when closed or when the shop has not set its hours. */
  openTime: string | null
  /** `HH:MM`, `24:00` for midnight; null as `openTime`. */
  closeTime: string | null
  capacity: number
}

/** The week and the closures to come, as `shopapi hours show` prints them. */
export interface ShopHours {
  timezone: string
  /** False until staff set any hours: every day is open at any time, up to the default capacity. */
  hoursSet: boolean
  /** Monday first, seven entries. */
  week: WeekdayHours[]
  /** From today in the shop's zone, earliest first. */
  closures: { date: string; reason: string | null }[]
}

/**
 * `--days`: short or full day names, ranges and lists (`mon-fri`, `sat`, `mon,wed,fri`, `sat-sun`,
 * `fri-mon` wraps past Sunday) -> ISO weekdays, sorted, without repeats; or the part that could not
 * be read.
 */
export function parseWeekdays(text: string): { weekdays: number[] } | { error: string } {
  const days = new Set<number>()
  const parts = text.split(',').map((part) => part.trim())
  for (const part of parts) {
    const ends = part.split('-').map((end) => end.trim())
    if (ends.length > 2) return { error: part }
    const numbers = ends.map(weekdayNumber)
    const [first, last = first] = numbers
    if (first === undefined || last === undefined || numbers.includes(undefined)) return { error: part || text }
    for (let day = first, steps = 0; steps < 7; day = (day % 7) + 1, steps++) {
      days.add(day)
      if (day === last) break
    }
  }
  return { weekdays: [...days].sort((a, b) => a - b) }
}

function weekdayNumber(name: string): number | undefined {
  const lower = name.toLowerCase()
  if (lower.length < 3) return undefined
  const index = weekdayNames.findIndex((short, day) => lower === short || lower === fullNames[day])
  return index === -1 ? undefined : index + 1
}

const fullNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
