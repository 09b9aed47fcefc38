// isoString (src/lib/iso-string.ts): exactly Date#toISOString, over the whole range of time values.
import t from 'tap'
import { isoString } from '../../src/lib/iso-string.js'

const same = (date: Date) => {
  let expected: string | Error
  let actual: string | Error
  try {
    expected = date.toISOString()
  } catch (error) {
    expected = error as Error
  }
  try {
    actual = isoString(date)
  } catch (error) {
    actual = error as Error
  }
  return typeof expected === 'string' ? actual === expected : actual instanceof RangeError
}

t.test('edges: epoch, leap days, century years, the four-digit range and past it, invalid dates', async (t) => {
  const times = [
    0,
    -1,
    1,
    999,
    -999,
    86_399_999,
    -86_400_000,
    951_782_400_000,
    951_868_800_000,
    4_107_542_400_000,
    4_107_628_800_000,
    -2_208_988_800_000,
    -12_219_292_800_000,
    1_795_740_514_192,
    -62_167_219_200_000,
    -62_167_219_200_001,
    253_402_300_799_999,
    253_402_300_800_000,
    8.64e15,
    -8.64e15,
    Number.NaN,
  ]
  for (const time of times) t.ok(same(new Date(time)), String(time))
  t.throws(() => isoString(new Date(Number.NaN)), RangeError, 'an invalid date throws as toISOString does')
})

t.test('every 13th day of years 0000-9999, at a changing hour, and random instants', async (t) => {
  let mismatches = 0
  // 13 days and 1 h 1 min 1.001 s: every weekday, month day and hour comes round.
  for (let time = -62_167_219_200_000; time <= 253_402_300_799_999; time += 13 * 86_400_000 + 3_661_001) {
    if (!same(new Date(time))) mismatches++
  }
  let random = 42
  for (let i = 0; i < 200_000; i++) {
    random = (random * 1_103_515_245 + 12_345) % 2 ** 31
    const time = Math.floor((random / 2 ** 31) * 2 * 3e14 - 3e14) + (i % 1000)
    if (!same(new Date(time))) mismatches++
  }
  t.equal(mismatches, 0, 'no difference')
})
