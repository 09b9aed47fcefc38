// datesBetween: the calendar dates of a range, as availability lists them, checked against Temporal.

import t from 'tap'
import { Temporal } from 'temporal-polyfill'
import { datesBetween } from '../../src/lib/wall-clock.js'

function byTemporal(from: string, to: string): string[] {
  const dates: string[] = []
  for (
    let date = Temporal.PlainDate.from(from);
    Temporal.PlainDate.compare(date, to) <= 0;
    date = date.add({ days: 1 })
  ) {
    dates.push(date.toString())
  }
  return dates
}

t.test('every date once, in order, both ends included', async (t) => {
  for (const [from, to] of [
    ['2026-03-01', '2026-03-31'],
    ['2028-02-27', '2028-03-01'],
    ['2100-02-27', '2100-03-01'],
    ['2000-02-27', '2000-03-01'],
    ['2026-12-30', '2027-01-02'],
    ['0001-01-01', '0001-01-03'],
    ['0099-12-31', '0100-01-01'],
    ['9999-12-30', '9999-12-31'],
    ['2026-10-24', '2026-11-02'],
  ]) {
    t.same(datesBetween(from as string, to as string), byTemporal(from as string, to as string), `${from}..${to}`)
  }
  t.same(datesBetween('2026-05-01', '2026-05-01'), ['2026-05-01'], 'one date')
  t.same(datesBetween('2026-05-02', '2026-05-01'), [], 'none when the end is earlier')
  t.equal(datesBetween('2026-01-01', '2026-12-31').length, 365)
  t.equal(datesBetween('2028-01-01', '2028-12-31').length, 366)
})
