// Dates and instants the API accepts lie from 1900-01-01 to 9999-12-31, instants judged once converted
// to UTC (docs/decisions/api-conventions.md "Instants and logs"): every instant a response or a webhook then carries is
// RFC 3339 with a four-digit year, never `+010000-01-01T…Z`. The shared schema (requestInstant), the
// date check (isCalendarDate) and the wall-clock reading of appointments (resolveWallClock) decide it
// for every field; table cases for the edges, fast-check for the rest.
import fc from 'fast-check'
import t from 'tap'
import { ApiError } from '../../src/lib/errors.js'
import { isCalendarDate, resolveWallClock } from '../../src/lib/wall-clock.js'
import { requestInstant } from '../../src/platform/schemas.js'

const rfc3339Utc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

t.test('request instants: the edges of the range, after conversion to UTC', async (t) => {
  const cases: [input: string, expected: string | null][] = [
    ['9999-12-31T23:59:59-14:00', null],
    ['9999-12-31T10:00:00-14:00', null],
    ['9999-12-31T09:59:59-14:00', '9999-12-31T23:59:59.000Z'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
    ['9999-12-31T23:59:59.999999999Z', '9999-12-31T23:59:59.999Z'],
    ['9999-12-31T23:59:59+00:01', '9999-12-31T23:58:59.000Z'],
    ['1900-01-01T00:00:00Z', '1900-01-01T00:00:00.000Z'],
    ['1900-01-01T00:00:00+00:01', null],
    ['1900-01-01T13:59:59+14:00', null],
    ['1899-12-31T23:59:00-00:01', '1900-01-01T00:00:00.000Z'],
    ['1899-12-31T23:59:59Z', null],
    ['0001-01-01T00:00:00Z', null],
    ['0000-01-01T00:00:00+14:00', null],
    ['2026-01-31T09:04:05-06:00', '2026-01-31T15:04:05.000Z'],
  ]
  for (const [input, expected] of cases) {
    const parsed = requestInstant.safeParse(input)
    if (expected === null) {
      t.notOk(parsed.success, `${input} is refused`)
      t.match(parsed.error?.issues[0]?.message, /1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z/, 'naming the range')
    } else {
      t.equal(parsed.data?.toISOString(), expected, `${input} is ${expected}`)
    }
  }
})

const twoDigits = (n: number) => String(n).padStart(2, '0')
const instantText = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    // Minutes east of UTC, -14:00 to +14:00, or Z.
    offset: fc.option(fc.integer({ min: -14 * 60, max: 14 * 60 }), { nil: null }),
  })
  .map(({ year, month, day, hour, minute, second, offset }) => {
    const zone =
      offset === null
        ? 'Z'
        : `${offset < 0 ? '-' : '+'}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`
    const text = `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}${zone}`
    // The instant worked out by hand: the wall clock, less its offset, in UTC milliseconds.
    const wall = new Date(0)
    wall.setUTCFullYear(year, month - 1, day)
    wall.setUTCHours(hour, minute, second, 0)
    return { text, utc: wall.getTime() - (offset ?? 0) * 60_000 }
  })

t.test('any RFC 3339 instant: accepted exactly when it lies in the range once in UTC', async (t) => {
  const from = Date.UTC(1900, 0, 1)
  const to = Date.parse('9999-12-31T23:59:59.999Z')
  fc.assert(
    fc.property(instantText, ({ text, utc }) => {
      const parsed = requestInstant.safeParse(text)
      const inRange = utc >= from && utc <= to
      if (parsed.success !== inRange) return false
      // What a response or a webhook writes back: RFC 3339 with a four-digit year.
      return !parsed.success || (parsed.data?.getTime() === utc && rfc3339Utc.test(parsed.data.toISOString()))
    }),
    { numRuns: 5000 },
  )
  t.pass('5000 instants')
})

t.test('calendar dates: real dates from 1900-01-01 to 9999-12-31', async (t) => {
  const cases: [string, boolean][] = [
    ['0000-01-01', false],
    ['0001-01-01', false],
    ['1899-12-31', false],
    ['1900-01-01', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['9999-12-31', true],
  ]
  for (const [date, accepted] of cases) t.equal(isCalendarDate(date), accepted, `${date}: ${accepted}`)
})

const zones = ['America/Santiago', 'Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Tokyo', 'America/New_York', 'UTC']

t.test(
  'an appointment date and time in the shop’s zone: its instant lies in the range, or the date is refused',
  async (t) => {
    const refused = (run: () => unknown) => {
      try {
        run()
        return undefined
      } catch (error) {
        if (error instanceof ApiError) return error
        throw error
      }
    }
    const santiago = refused(() => resolveWallClock('9999-12-31', '22:30', 'America/Santiago'))
    t.equal(santiago?.param, 'date', '9999-12-31 22:30 in Santiago is in year 10000 in UTC: the date is refused')
    t.match(santiago?.message, /after 9999-12-31T23:59:59Z/)
    t.equal(
      resolveWallClock('9999-12-31', '20:30', 'America/Santiago').instant.toISOString(),
      '9999-12-31T23:30:00.000Z',
      '20:30 is still in 9999',
    )
    t.equal(refused(() => resolveWallClock('1900-01-01', '08:59', 'Asia/Tokyo'))?.param, 'date', 'before 1900 in UTC')
    t.equal(resolveWallClock('1900-01-01', '09:00', 'Asia/Tokyo').instant.toISOString(), '1900-01-01T00:00:00.000Z')
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...zones),
        (year, month, day, hour, minute, zone) => {
          const date = `${year}-${twoDigits(month)}-${twoDigits(day)}`
          const time = `${twoDigits(hour)}:${twoDigits(minute)}`
          try {
            return rfc3339Utc.test(resolveWallClock(date, time, zone).instant.toISOString())
          } catch (error) {
            // A gap or a repeat names the time or the offset; the range names the date.
            return error instanceof ApiError && ['date', 'time', 'utc_offset'].includes(error.param ?? '')
          }
        },
      ),
      { numRuns: 2000, examples: [[9999, 12, 31, 23, 30, 'Etc/GMT+12']] },
    )
    t.pass('2000 readings')
  },
)
