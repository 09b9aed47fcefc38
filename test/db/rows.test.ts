// The rows of the hottest reads (src/db/rows.ts): the same rows node-postgres builds (keys, order,
// values, prototype), and the same instants as its timestamptz parser (postgres-date) for every form
// Postgres writes, its fast path and its fallback alike.
import pg from 'pg'
import t from 'tap'
import { parseTimestamptz, queryRows } from '../../src/db/rows.js'
import { createTestDatabase } from '../helpers/database.js'

const postgresDate = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number | null

const same = (text: string) => {
  const expected = postgresDate(text)
  const actual = parseTimestamptz(text)
  const time = (value: unknown) => (value instanceof Date ? value.getTime() : value)
  return Object.is(time(actual), time(expected)) && actual instanceof Date === expected instanceof Date
}

t.test('timestamptz: the same instant as postgres-date, in every form Postgres writes', async (t) => {
  const forms = [
    '2026-11-27 00:30:22.047+00',
    '2026-11-27 00:30:22+00',
    '2026-11-27 00:30:22.1+00',
    '2026-11-27 00:30:22.123456+00',
    '2026-11-27 00:30:22.999999+00',
    '2026-01-31 09:04:05.5-06',
    '2026-03-29 02:30:00+05:30',
    '1850-01-01 00:00:00+00:53:28',
    '1900-01-01 00:00:00-00:19:32',
    '9999-12-31 23:59:59.999999+00',
    '1000-01-01 00:00:00+00',
    '0999-12-31 23:59:59+00',
    '0050-06-15 12:00:00+00',
    '0001-01-01 00:00:00+00 BC',
    '2026-11-27 00:30:22.+00',
    '12026-01-01 00:00:00+00',
    'infinity',
    '-infinity',
    '2026-11-27T00:30:22Z',
    '2026-11-27 00:30:22.047+00:',
    '2026-11-27',
  ]
  for (const form of forms) t.ok(same(form), form)

  // Every millisecond fraction and microsecond digit count, offsets of every sign and size.
  let checked = 0
  let random = 12345
  const next = (n: number) => {
    random = (random * 1103515245 + 12345) % 2 ** 31
    return random % n
  }
  const pad = (n: number, width: number) => String(n).padStart(width, '0')
  for (let i = 0; i < 20_000; i++) {
    const fractionDigits = next(7)
    const fraction = fractionDigits === 0 ? '' : `.${pad(next(10 ** fractionDigits), fractionDigits)}`
    const offsetHours = next(15)
    const offsetMinutes = [0, 0, 30, 45][next(4)] as number
    const offsetSeconds = next(10) === 0 ? `:${pad(next(60), 2)}` : ''
    const offset = `${next(2) ? '+' : '-'}${pad(offsetHours, 2)}${offsetMinutes || offsetSeconds ? `:${pad(offsetMinutes, 2)}${offsetSeconds}` : ''}`
    const text = `${pad(1000 + next(9000), 4)}-${pad(1 + next(12), 2)}-${pad(1 + next(28), 2)} ${pad(next(24), 2)}:${pad(next(60), 2)}:${pad(next(60), 2)}${fraction}${offset}`
    if (!same(text)) t.fail(text)
    checked++
  }
  t.equal(checked, 20_000, 'random instants: all the same')
})

t.test('rows: as node-postgres builds them, from a real statement', async (t) => {
  const database = await createTestDatabase(t)
  const text = `select $1::text as name, i as count, null::text as nothing,
      '2026-01-31 09:04:05.123-06'::timestamptz as instant, '2026-01-31 09:04:05.123456'::timestamptz + i * interval '1 hour' as at,
      array['a','b']::text[] as tags, true as flag, 1.50::numeric as amount, 'first'::text as twice,
      'second'::text as twice, '2026-02-01'::date as day
    from generate_series(1, 3) i`
  const values = ['x']
  const expected = (await database.pool.query({ text, values })).rows
  const named = await queryRows<Record<string, unknown>>(database.pool, { name: 'rows-test', text, values })
  const unnamed = await queryRows<Record<string, unknown>>(database.pool, { text, values })
  for (const rows of [named, unnamed]) {
    t.same(rows, expected, 'the same values')
    t.equal(rows.length, 3)
    for (const [index, row] of rows.entries()) {
      t.same(Object.keys(row), Object.keys(expected[index] as object), 'the same keys in the same order')
      t.equal(Object.getPrototypeOf(row), Object.getPrototypeOf(expected[index]), 'the same prototype')
      t.equal(row.twice, 'second', 'a later duplicate name wins, as in node-postgres')
      t.ok(row.instant instanceof Date && (row.instant as Date).toISOString() === '2026-01-31T15:04:05.123Z')
    }
  }
  t.same(await queryRows(database.pool, { text: 'select 1 as one where false', values: [] }), [], 'no rows')
})
