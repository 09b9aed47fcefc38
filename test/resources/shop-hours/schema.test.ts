// The staff inputs of shop hours: `--days` spellings, opening and closing times, dates.
import t from 'tap'
import { ClosureSchema, OpeningHoursSchema, parseWeekdays } from '../../../src/resources/shop-hours/schema.js'

t.test('--days: names, ranges, lists, wrapping ranges; anything else names the part it cannot read', async (t) => {
  const cases: [string, number[]][] = [
    ['mon-fri', [1, 2, 3, 4, 5]],
    ['sat', [6]],
    ['mon,wed,fri', [1, 3, 5]],
    ['sat-sun', [6, 7]],
    ['Monday-Wednesday', [1, 2, 3]],
    ['SUN', [7]],
    ['fri-mon', [1, 5, 6, 7]],
    ['mon-fri, sat', [1, 2, 3, 4, 5, 6]],
    ['tue,tue,mon-tue', [1, 2]],
    ['mon-mon', [1]],
    ['mon-sun', [1, 2, 3, 4, 5, 6, 7]],
  ]
  for (const [text, weekdays] of cases) t.same(parseWeekdays(text), { weekdays }, text)
  const refused: [string, string][] = [
    ['mon-fry', 'mon-fry'],
    ['weekdays', 'weekdays'],
    ['mo', 'mo'],
    ['mon-tue-wed', 'mon-tue-wed'],
    ['mon,,fri', ''],
    ['', ''],
    ['1-5', '1-5'],
  ]
  for (const [text, part] of refused) t.same(parseWeekdays(text), { error: part || text }, JSON.stringify(text))
})

t.test('opening hours: HH:MM, closing after opening, 24:00 only as a closing time', async (t) => {
  const parse = (open: string, close: string, capacity?: number) =>
    OpeningHoursSchema.safeParse({ weekdays: [1], open, close, ...(capacity === undefined ? {} : { capacity }) })
  t.ok(parse('08:00', '17:30').success)
  t.ok(parse('00:00', '24:00').success, 'a whole day')
  t.ok(parse('23:58', '23:59', 0).success)
  for (const [open, close] of [
    ['8:00', '17:00'],
    ['08:00', '17:60'],
    ['24:00', '24:00'],
    ['08:00', '24:01'],
    ['08:00', '25:00'],
    ['08:00:00', '17:00'],
    ['17:00', '08:00'],
    ['08:00', '08:00'],
  ] as const) {
    t.notOk(parse(open, close).success, `${open}-${close} refused`)
  }
  t.notOk(parse('08:00', '17:00', 10_001).success, 'capacity at most 10000')
  t.notOk(parse('08:00', '17:00', -1).success)
  t.notOk(parse('08:00', '17:00', 1.5).success)
  t.notOk(OpeningHoursSchema.safeParse({ weekdays: [], open: '08:00', close: '09:00' }).success, 'no day')
  t.same(
    OpeningHoursSchema.parse({ weekdays: [3, 1, 3], open: '08:00', close: '09:00' }).weekdays,
    [1, 3],
    'weekdays sorted, once each',
  )
})

t.test('closures: a real calendar date Postgres can store; a reason up to 255, empty is none', async (t) => {
  t.same(ClosureSchema.parse({ date: '2028-02-29', reason: ' Leap ' }), { date: '2028-02-29', reason: 'Leap' })
  t.same(ClosureSchema.parse({ date: '2026-12-25', reason: '' }), { date: '2026-12-25', reason: null })
  for (const date of ['2026-02-29', '2026-13-01', '2026-1-01', '0000-01-01', '2026-12-25T00:00', '12/25/2026']) {
    t.notOk(ClosureSchema.safeParse({ date, reason: null }).success, `${date} refused`)
  }
  t.notOk(ClosureSchema.safeParse({ date: '2026-12-25', reason: 'x'.repeat(256) }).success)
})
