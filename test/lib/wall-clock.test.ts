import fc from 'fast-check'
import t from 'tap'
import { ApiError } from '../../src/lib/errors.js'
import {
  addDays,
  dateIn,
  daysBetween,
  endOfDate,
  formatMinuteOfDay,
  isCalendarDate,
  minuteOfDay,
  resolveWallClock,
  startOfDate,
  timeIn,
  timePattern,
  utcOffsetPattern,
  weekdayOf,
} from '../../src/lib/wall-clock.js'

// Every expected instant below is worked out by hand from the zone's published rules (local time minus
// its offset), never by the library under test:
// - America/New_York 2026: EST -05:00 -> EDT -04:00 on Sun 8 March at 02:00 (gap 02:00-02:59);
//   back on Sun 1 November at 02:00 EDT to 01:00 EST (01:00-01:59 twice).
// - Europe/London 2026: GMT +00:00 -> BST +01:00 on Sun 29 March at 01:00 (gap 01:00-01:59);
//   back on Sun 25 October at 02:00 BST to 01:00 GMT (01:00-01:59 twice).
// - Australia/Lord_Howe 2026 (half-hour DST): +11:00 -> +10:30 on Sun 5 April at 02:00 to 01:30
//   (01:30-01:59 twice); +10:30 -> +11:00 on Sun 4 October at 02:00 to 02:30 (gap 02:00-02:29).
// - America/Sao_Paulo: -03:00 -> -02:00 at midnight starting Sun 4 November 2018 (00:00-00:59 never
//   happened); back at midnight ending Sat 16 February 2019 (23:00-23:59 that Saturday twice). Brazil
//   has had no DST since 2019, so 2026 is -03:00 all year.
// - America/Phoenix -07:00 and Asia/Tokyo +09:00 all year.

const newYork = 'America/New_York'
const london = 'Europe/London'
const lordHowe = 'Australia/Lord_Howe'
const saoPaulo = 'America/Sao_Paulo'
const phoenix = 'America/Phoenix'
const tokyo = 'Asia/Tokyo'

/** The resolution as a user reads it: the UTC instant and the offset it was read with. */
function resolved(date: string, time: string, timeZone: string, utcOffset?: string) {
  const { instant, utcOffset: offset } = resolveWallClock(date, time, timeZone, utcOffset)
  return { instant: instant.toISOString(), utcOffset: offset }
}

/** The 400 a wall-clock time is refused with. */
function refusal(date: string, time: string, timeZone: string, utcOffset?: string) {
  try {
    resolveWallClock(date, time, timeZone, utcOffset)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { code: error.code, status: error.status, param: error.param, message: error.message }
  }
  throw new Error(
    `${date} ${time} in ${timeZone} with ${utcOffset ?? 'no utc_offset'} resolved, but a 400 was expected`,
  )
}

const gapRefusal = (message: string) => ({ code: 'invalid_request', status: 400, param: 'time', message })
const offsetRefusal = (message: string) => ({ code: 'invalid_request', status: 400, param: 'utc_offset', message })

t.test('America/New_York', async (t) => {
  t.test('spring forward, 8 March 2026: 02:00-02:59 does not exist', async (t) => {
    t.same(resolved('2026-03-08', '01:59', newYork), { instant: '2026-03-08T06:59:00.000Z', utcOffset: '-05:00' })
    for (const time of ['02:00', '02:30', '02:59']) {
      t.same(
        refusal('2026-03-08', time, newYork),
        gapRefusal(
          `2026-03-08 ${time} does not exist in America/New_York: the clocks go forward from 02:00 to 03:00 (-05:00 to -04:00) that day. Choose a time before 02:00 or from 03:00`,
        ),
        `${time} is in the gap, named by its start and end`,
      )
    }
    t.equal(
      refusal('2026-03-08', '02:30', newYork, '-05:00').param,
      'time',
      'an offset does not make a skipped time exist',
    )
    t.equal(refusal('2026-03-08', '02:30', newYork, '-04:00').param, 'time')
    t.same(resolved('2026-03-08', '03:00', newYork), { instant: '2026-03-08T07:00:00.000Z', utcOffset: '-04:00' })
  })

  t.test('fall back, 1 November 2026: 01:00-01:59 happens twice', async (t) => {
    t.same(resolved('2026-11-01', '00:59', newYork), { instant: '2026-11-01T04:59:00.000Z', utcOffset: '-04:00' })
    t.same(
      refusal('2026-11-01', '01:30', newYork),
      offsetRefusal(
        '2026-11-01 01:30 happens twice in America/New_York (the clocks go back that day): give utc_offset -04:00 for the first or -05:00 for the second',
      ),
    )
    t.equal(refusal('2026-11-01', '01:00', newYork).param, 'utc_offset', 'the first repeated minute is ambiguous')
    t.equal(refusal('2026-11-01', '01:59', newYork).param, 'utc_offset', 'the last repeated minute is ambiguous')
    t.same(resolved('2026-11-01', '01:30', newYork, '-04:00'), {
      instant: '2026-11-01T05:30:00.000Z',
      utcOffset: '-04:00',
    })
    t.same(resolved('2026-11-01', '01:30', newYork, '-05:00'), {
      instant: '2026-11-01T06:30:00.000Z',
      utcOffset: '-05:00',
    })
    t.same(resolved('2026-11-01', '01:00', newYork, '-04:00'), {
      instant: '2026-11-01T05:00:00.000Z',
      utcOffset: '-04:00',
    })
    t.same(resolved('2026-11-01', '01:59', newYork, '-05:00'), {
      instant: '2026-11-01T06:59:00.000Z',
      utcOffset: '-05:00',
    })
    t.same(
      refusal('2026-11-01', '01:30', newYork, '+00:00'),
      offsetRefusal(
        'utc_offset +00:00 does not match 2026-11-01 01:30 in America/New_York: its offsets are -04:00 and -05:00',
      ),
    )
    t.equal(refusal('2026-11-01', '01:30', newYork, '-06:00').status, 400)
    t.same(resolved('2026-11-01', '02:00', newYork), { instant: '2026-11-01T07:00:00.000Z', utcOffset: '-05:00' })
    t.same(
      refusal('2026-11-01', '02:00', newYork, '-04:00'),
      offsetRefusal('utc_offset -04:00 does not match 2026-11-01 02:00 in America/New_York: its offset is -05:00'),
      '02:00 happens once: the repeat ends at 01:59',
    )
  })

  t.test('an ordinary time with its own offset, and with a wrong one', async (t) => {
    t.same(resolved('2026-06-15', '10:00', newYork, '-04:00'), {
      instant: '2026-06-15T14:00:00.000Z',
      utcOffset: '-04:00',
    })
    t.same(resolved('2026-06-15', '10:00', newYork), { instant: '2026-06-15T14:00:00.000Z', utcOffset: '-04:00' })
    t.same(
      refusal('2026-06-15', '10:00', newYork, '-05:00'),
      offsetRefusal('utc_offset -05:00 does not match 2026-06-15 10:00 in America/New_York: its offset is -04:00'),
    )
    t.same(resolved('2026-01-15', '10:00', newYork, '-05:00'), {
      instant: '2026-01-15T15:00:00.000Z',
      utcOffset: '-05:00',
    })
    t.equal(refusal('2026-01-15', '10:00', newYork, '-04:00').param, 'utc_offset')
  })
})

t.test('Europe/London', async (t) => {
  t.test('spring forward, 29 March 2026: 01:00-01:59 does not exist', async (t) => {
    t.same(resolved('2026-03-29', '00:59', london), { instant: '2026-03-29T00:59:00.000Z', utcOffset: '+00:00' })
    for (const time of ['01:00', '01:30', '01:59']) {
      t.same(
        refusal('2026-03-29', time, london),
        gapRefusal(
          `2026-03-29 ${time} does not exist in Europe/London: the clocks go forward from 01:00 to 02:00 (+00:00 to +01:00) that day. Choose a time before 01:00 or from 02:00`,
        ),
      )
    }
    t.same(resolved('2026-03-29', '02:00', london), { instant: '2026-03-29T01:00:00.000Z', utcOffset: '+01:00' })
  })

  t.test('fall back, 25 October 2026: 01:00-01:59 happens twice', async (t) => {
    t.same(resolved('2026-10-25', '00:59', london), { instant: '2026-10-24T23:59:00.000Z', utcOffset: '+01:00' })
    t.same(
      refusal('2026-10-25', '01:30', london),
      offsetRefusal(
        '2026-10-25 01:30 happens twice in Europe/London (the clocks go back that day): give utc_offset +01:00 for the first or +00:00 for the second',
      ),
    )
    t.same(resolved('2026-10-25', '01:30', london, '+01:00'), {
      instant: '2026-10-25T00:30:00.000Z',
      utcOffset: '+01:00',
    })
    t.same(resolved('2026-10-25', '01:30', london, '+00:00'), {
      instant: '2026-10-25T01:30:00.000Z',
      utcOffset: '+00:00',
    })
    t.same(
      resolved('2026-10-25', '01:30', london, '-00:00'),
      { instant: '2026-10-25T01:30:00.000Z', utcOffset: '+00:00' },
      '-00:00 is GMT too',
    )
    t.same(
      refusal('2026-10-25', '01:30', london, '+02:00'),
      offsetRefusal(
        'utc_offset +02:00 does not match 2026-10-25 01:30 in Europe/London: its offsets are +01:00 and +00:00',
      ),
    )
    t.same(resolved('2026-10-25', '02:00', london), { instant: '2026-10-25T02:00:00.000Z', utcOffset: '+00:00' })
  })

  t.test('-00:00 is accepted as +00:00 in winter, and is wrong in summer', async (t) => {
    t.same(resolved('2026-01-15', '09:00', london, '-00:00'), {
      instant: '2026-01-15T09:00:00.000Z',
      utcOffset: '+00:00',
    })
    t.same(resolved('2026-01-15', '09:00', london, '+00:00'), {
      instant: '2026-01-15T09:00:00.000Z',
      utcOffset: '+00:00',
    })
    t.same(
      refusal('2026-07-01', '09:00', london, '-00:00'),
      offsetRefusal('utc_offset -00:00 does not match 2026-07-01 09:00 in Europe/London: its offset is +01:00'),
    )
    t.same(resolved('2026-07-01', '09:00', london, '+01:00'), {
      instant: '2026-07-01T08:00:00.000Z',
      utcOffset: '+01:00',
    })
  })
})

t.test('Australia/Lord_Howe: half-hour DST', async (t) => {
  t.test('fall back, 5 April 2026: only 01:30-01:59 happens twice', async (t) => {
    t.same(
      resolved('2026-04-05', '01:00', lordHowe),
      { instant: '2026-04-04T14:00:00.000Z', utcOffset: '+11:00' },
      '01:00 happens once: the clocks go back only half an hour',
    )
    t.same(resolved('2026-04-05', '01:29', lordHowe), { instant: '2026-04-04T14:29:00.000Z', utcOffset: '+11:00' })
    t.same(
      refusal('2026-04-05', '01:45', lordHowe),
      offsetRefusal(
        '2026-04-05 01:45 happens twice in Australia/Lord_Howe (the clocks go back that day): give utc_offset +11:00 for the first or +10:30 for the second',
      ),
    )
    t.equal(refusal('2026-04-05', '01:30', lordHowe).param, 'utc_offset')
    t.same(resolved('2026-04-05', '01:45', lordHowe, '+11:00'), {
      instant: '2026-04-04T14:45:00.000Z',
      utcOffset: '+11:00',
    })
    t.same(resolved('2026-04-05', '01:45', lordHowe, '+10:30'), {
      instant: '2026-04-04T15:15:00.000Z',
      utcOffset: '+10:30',
    })
    t.same(resolved('2026-04-05', '01:30', lordHowe, '+11:00'), {
      instant: '2026-04-04T14:30:00.000Z',
      utcOffset: '+11:00',
    })
    t.same(resolved('2026-04-05', '01:59', lordHowe, '+10:30'), {
      instant: '2026-04-04T15:29:00.000Z',
      utcOffset: '+10:30',
    })
    t.same(
      refusal('2026-04-05', '01:45', lordHowe, '+10:00'),
      offsetRefusal(
        'utc_offset +10:00 does not match 2026-04-05 01:45 in Australia/Lord_Howe: its offsets are +11:00 and +10:30',
      ),
    )
    t.equal(refusal('2026-04-05', '01:45', lordHowe, '+11:30').param, 'utc_offset')
    t.same(resolved('2026-04-05', '02:00', lordHowe), { instant: '2026-04-04T15:30:00.000Z', utcOffset: '+10:30' })
  })

  t.test('spring forward, 4 October 2026: 02:00-02:29 does not exist', async (t) => {
    t.same(resolved('2026-10-04', '01:59', lordHowe), { instant: '2026-10-03T15:29:00.000Z', utcOffset: '+10:30' })
    for (const time of ['02:00', '02:15', '02:29']) {
      t.same(
        refusal('2026-10-04', time, lordHowe),
        gapRefusal(
          `2026-10-04 ${time} does not exist in Australia/Lord_Howe: the clocks go forward from 02:00 to 02:30 (+10:30 to +11:00) that day. Choose a time before 02:00 or from 02:30`,
        ),
      )
    }
    t.same(
      resolved('2026-10-04', '02:30', lordHowe),
      { instant: '2026-10-03T15:30:00.000Z', utcOffset: '+11:00' },
      'the minute after 01:59',
    )
  })
})

t.test('America/Sao_Paulo: DST changed at midnight, and ended in 2019', async (t) => {
  t.test('spring forward, 4 November 2018: midnight did not exist', async (t) => {
    t.same(resolved('2018-11-03', '23:59', saoPaulo), { instant: '2018-11-04T02:59:00.000Z', utcOffset: '-03:00' })
    for (const time of ['00:00', '00:30', '00:59']) {
      t.same(
        refusal('2018-11-04', time, saoPaulo),
        gapRefusal(
          `2018-11-04 ${time} does not exist in America/Sao_Paulo: the clocks go forward from 00:00 to 01:00 (-03:00 to -02:00) that day. Choose a time before 00:00 or from 01:00`,
        ),
      )
    }
    t.same(resolved('2018-11-04', '01:00', saoPaulo), { instant: '2018-11-04T03:00:00.000Z', utcOffset: '-02:00' })
  })

  t.test('fall back at the midnight ending 16 February 2019: 23:00-23:59 happened twice', async (t) => {
    t.same(resolved('2019-02-16', '22:59', saoPaulo), { instant: '2019-02-17T00:59:00.000Z', utcOffset: '-02:00' })
    t.same(
      refusal('2019-02-16', '23:30', saoPaulo),
      offsetRefusal(
        '2019-02-16 23:30 happens twice in America/Sao_Paulo (the clocks go back that day): give utc_offset -02:00 for the first or -03:00 for the second',
      ),
    )
    t.same(resolved('2019-02-16', '23:30', saoPaulo, '-02:00'), {
      instant: '2019-02-17T01:30:00.000Z',
      utcOffset: '-02:00',
    })
    t.same(resolved('2019-02-16', '23:30', saoPaulo, '-03:00'), {
      instant: '2019-02-17T02:30:00.000Z',
      utcOffset: '-03:00',
    })
    t.same(resolved('2019-02-16', '23:59', saoPaulo, '-03:00'), {
      instant: '2019-02-17T02:59:00.000Z',
      utcOffset: '-03:00',
    })
    t.equal(refusal('2019-02-16', '23:30', saoPaulo, '-04:00').param, 'utc_offset')
    t.same(resolved('2019-02-17', '00:00', saoPaulo), { instant: '2019-02-17T03:00:00.000Z', utcOffset: '-03:00' })
  })

  t.test('2026: no DST, so the old transition dates are ordinary', async (t) => {
    // Under the pre-2019 rule 2026 would have sprung forward at the start of Sun 1 November and fallen
    // back at the end of Sat 21 February.
    t.same(resolved('2026-11-01', '00:30', saoPaulo), { instant: '2026-11-01T03:30:00.000Z', utcOffset: '-03:00' })
    t.same(resolved('2026-02-21', '23:30', saoPaulo), { instant: '2026-02-22T02:30:00.000Z', utcOffset: '-03:00' })
    t.same(
      refusal('2026-02-21', '23:30', saoPaulo, '-02:00'),
      offsetRefusal('utc_offset -02:00 does not match 2026-02-21 23:30 in America/Sao_Paulo: its offset is -03:00'),
    )
    t.same(hoursOfEveryDate(2026, saoPaulo), new Set([24]), 'every date of 2026 has 24 hours')
  })
})

t.test('zones without DST resolve the other zones’ transition times as ordinary times', async (t) => {
  t.same(resolved('2026-03-08', '02:30', phoenix), { instant: '2026-03-08T09:30:00.000Z', utcOffset: '-07:00' })
  t.same(resolved('2026-11-01', '01:30', phoenix), { instant: '2026-11-01T08:30:00.000Z', utcOffset: '-07:00' })
  t.same(resolved('2026-11-01', '01:30', phoenix, '-07:00'), {
    instant: '2026-11-01T08:30:00.000Z',
    utcOffset: '-07:00',
  })
  t.same(
    refusal('2026-11-01', '01:30', phoenix, '-06:00'),
    offsetRefusal('utc_offset -06:00 does not match 2026-11-01 01:30 in America/Phoenix: its offset is -07:00'),
  )
  t.same(resolved('2026-03-29', '01:30', tokyo), { instant: '2026-03-28T16:30:00.000Z', utcOffset: '+09:00' })
  t.same(resolved('2026-10-25', '01:30', tokyo, '+09:00'), { instant: '2026-10-24T16:30:00.000Z', utcOffset: '+09:00' })
  t.equal(refusal('2026-10-25', '01:30', tokyo, '+10:00').param, 'utc_offset')
  t.same(hoursOfEveryDate(2026, phoenix), new Set([24]))
  t.same(hoursOfEveryDate(2026, tokyo), new Set([24]))
})

t.test('utcOffsetPattern: sign, hours 00-13 with minutes 00-59, or exactly ±14:00', async (t) => {
  for (const offset of ['+13:59', '-14:00', '+14:00', '+00:00', '-00:00', '-05:00', '+05:30', '+10:30', '-13:00']) {
    t.ok(utcOffsetPattern.test(offset), `${offset} is accepted`)
  }
  for (const offset of [
    '+14:01',
    '-14:01',
    '+14:30',
    '+15:00',
    '05:00',
    '+5:00',
    '+05:60',
    'Z',
    '+0500',
    '+05',
    '+05:00:00',
    ' +05:00',
    '+05:00\n',
    '',
  ]) {
    t.notOk(utcOffsetPattern.test(offset), `${JSON.stringify(offset)} is rejected`)
  }
})

t.test('timePattern: HH:MM from 00:00 to 23:59', async (t) => {
  for (const time of ['00:00', '09:05', '23:59']) t.ok(timePattern.test(time), `${time} is accepted`)
  for (const time of ['24:00', '7:30', '07:60', '07:30:00', '0730'])
    t.notOk(timePattern.test(time), `${time} is rejected`)
})

t.test('startOfDate and endOfDate follow the day’s real length', async (t) => {
  const day = (date: string, timeZone: string) => {
    const start = startOfDate(date, timeZone)
    const end = endOfDate(date, timeZone)
    return { start: start.toISOString(), end: end.toISOString(), hours: (end.getTime() - start.getTime()) / 3_600_000 }
  }
  t.same(day('2026-03-08', newYork), { start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z', hours: 23 })
  t.same(day('2026-11-01', newYork), { start: '2026-11-01T04:00:00.000Z', end: '2026-11-02T05:00:00.000Z', hours: 25 })
  t.same(day('2026-03-29', london), { start: '2026-03-29T00:00:00.000Z', end: '2026-03-29T23:00:00.000Z', hours: 23 })
  t.same(day('2026-10-25', london), { start: '2026-10-24T23:00:00.000Z', end: '2026-10-26T00:00:00.000Z', hours: 25 })
  t.same(day('2026-10-04', lordHowe), {
    start: '2026-10-03T13:30:00.000Z',
    end: '2026-10-04T13:00:00.000Z',
    hours: 23.5,
  })
  t.same(day('2026-04-05', lordHowe), {
    start: '2026-04-04T13:00:00.000Z',
    end: '2026-04-05T13:30:00.000Z',
    hours: 24.5,
  })
  t.same(day('2019-02-16', saoPaulo), { start: '2019-02-16T02:00:00.000Z', end: '2019-02-17T03:00:00.000Z', hours: 25 })
  t.same(day('2026-01-15', tokyo), { start: '2026-01-14T15:00:00.000Z', end: '2026-01-15T15:00:00.000Z', hours: 24 })

  const skippedMidnight = day('2018-11-04', saoPaulo)
  t.same(skippedMidnight, { start: '2018-11-04T03:00:00.000Z', end: '2018-11-05T02:00:00.000Z', hours: 23 })
  t.equal(timeIn(saoPaulo, new Date(skippedMidnight.start)), '01:00', 'a day without midnight starts at 01:00')
  t.equal(endOfDate('2018-11-03', saoPaulo).toISOString(), skippedMidnight.start, 'the day before ends where it starts')
})

t.test('dateIn and timeIn read an instant on the zone’s wall clock, across midnight', async (t) => {
  const local = (timeZone: string, iso: string) => {
    const instant = new Date(iso)
    return `${dateIn(timeZone, instant)} ${timeIn(timeZone, instant)}`
  }
  t.equal(local(newYork, '2026-01-16T04:30:00Z'), '2026-01-15 23:30')
  t.equal(local(newYork, '2026-01-16T05:30:00Z'), '2026-01-16 00:30')
  t.equal(local(newYork, '2027-01-01T04:30:00Z'), '2026-12-31 23:30', 'still last year in New York')
  t.equal(local(tokyo, '2026-01-15T14:30:00Z'), '2026-01-15 23:30')
  t.equal(local(tokyo, '2026-01-15T15:30:00Z'), '2026-01-16 00:30')
  t.equal(local(lordHowe, '2026-01-15T12:30:00Z'), '2026-01-15 23:30')
  t.equal(local(lordHowe, '2026-01-15T13:30:00Z'), '2026-01-16 00:30')
  t.equal(local(london, '2026-07-01T23:30:00Z'), '2026-07-02 00:30', 'summer time is an hour ahead of UTC')
  t.equal(local(newYork, '2026-11-01T05:30:00Z'), '2026-11-01 01:30', 'the first 01:30')
  t.equal(local(newYork, '2026-11-01T06:30:00Z'), '2026-11-01 01:30', 'the second 01:30')
  t.equal(timeIn(newYork, new Date('2026-03-08T07:00:59.999Z')), '03:00', 'seconds are dropped, not rounded')
})

t.test('weekdayOf is the ISO weekday: 1 Monday ... 7 Sunday', async (t) => {
  t.equal(weekdayOf('2026-03-08'), 7, 'a Sunday')
  t.equal(weekdayOf('2026-03-09'), 1, 'a Monday')
  t.equal(weekdayOf('2024-02-29'), 4, 'a Thursday')
  t.equal(weekdayOf('2026-12-31'), 4, 'a Thursday')
  t.equal(weekdayOf('2027-01-02'), 6, 'a Saturday')
})

t.test('addDays and daysBetween count calendar dates', async (t) => {
  t.equal(addDays('2026-01-31', 1), '2026-02-01')
  t.equal(addDays('2026-02-28', 1), '2026-03-01')
  t.equal(addDays('2024-02-28', 1), '2024-02-29', 'a leap year')
  t.equal(addDays('2026-12-31', 1), '2027-01-01')
  t.equal(addDays('2026-01-01', -1), '2025-12-31')
  t.equal(addDays('2026-03-07', 2), '2026-03-09', 'a 23-hour day is still one day')
  t.equal(addDays('2026-05-15', 0), '2026-05-15')
  t.equal(addDays('2026-01-01', 365), '2027-01-01')

  t.equal(daysBetween('2026-01-01', '2026-12-31'), 364)
  t.equal(daysBetween('2024-01-01', '2025-01-01'), 366)
  t.equal(daysBetween('2026-03-07', '2026-03-09'), 2)
  t.equal(daysBetween('2026-10-31', '2026-11-02'), 2)
  t.equal(daysBetween('2026-02-01', '2026-01-31'), -1)
  t.equal(daysBetween('2026-05-15', '2026-05-15'), 0)
})

t.test('minuteOfDay and formatMinuteOfDay', async (t) => {
  t.equal(minuteOfDay('00:00'), 0)
  t.equal(minuteOfDay('08:30'), 510)
  t.equal(minuteOfDay('23:59'), 1439)
  t.equal(minuteOfDay('17:30:00'), 1050, 'a Postgres time with seconds')
  t.equal(formatMinuteOfDay(0), '00:00')
  t.equal(formatMinuteOfDay(510), '08:30')
  t.equal(formatMinuteOfDay(1439), '23:59')
  t.equal(formatMinuteOfDay(1440), '24:00', 'closing at midnight')
})

t.test('isCalendarDate accepts real YYYY-MM-DD dates only', async (t) => {
  for (const date of ['2026-01-01', '2024-02-29', '2026-12-31']) t.ok(isCalendarDate(date), `${date} is a date`)
  for (const date of [
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-1-01',
    '2026-01-1',
    '26-01-01',
    '2026-01-01T00:00',
    '2026/01/01',
    '',
  ]) {
    t.notOk(isCalendarDate(date), `${JSON.stringify(date)} is rejected`)
  }
})

/** The set of day lengths, in hours, over every date of `year` in `timeZone`. */
function hoursOfEveryDate(year: number, timeZone: string): Set<number> {
  const hours = new Set<number>()
  for (let date = `${year}-01-01`; date.startsWith(String(year)); date = addDays(date, 1)) {
    hours.add((endOfDate(date, timeZone).getTime() - startOfDate(date, timeZone).getTime()) / 3_600_000)
  }
  return hours
}

/** The wall clock of `instant` in `timeZone` as Intl formats it: an oracle independent of the library. */
function intlWallClock(timeZone: string, instant: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  // longOffset writes UTC itself as a bare "GMT".
  const zoneName = part('timeZoneName')
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
    utcOffset: zoneName === 'GMT' ? '+00:00' : zoneName.slice('GMT'.length),
  }
}

const zones = [newYork, london, lordHowe, saoPaulo, tokyo]
const minute = 60_000

/** An instant's own wall clock and offset read it back, to the minute; without the offset, too, unless ambiguous. */
function readsBack(timeZone: string, epochMilliseconds: number): boolean {
  const instant = new Date(epochMilliseconds)
  const expected = Math.floor(epochMilliseconds / minute) * minute
  const wall = intlWallClock(timeZone, instant)
  if (dateIn(timeZone, instant) !== wall.date || timeIn(timeZone, instant) !== wall.time) return false
  const withOffset = resolveWallClock(wall.date, wall.time, timeZone, wall.utcOffset)
  if (withOffset.instant.getTime() !== expected || withOffset.utcOffset !== wall.utcOffset) return false
  try {
    return resolveWallClock(wall.date, wall.time, timeZone).instant.getTime() === expected
  } catch (error) {
    // Only a fall-back repeat needs the offset, and then the refusal names it.
    return error instanceof ApiError && error.param === 'utc_offset' && error.message.includes(wall.utcOffset)
  }
}

t.test('property: an instant’s own wall-clock date, time and offset resolve back to it', async (t) => {
  fc.assert(
    fc.property(
      fc.constantFrom(...zones),
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2031, 0, 1) - 1 }),
      readsBack,
    ),
    { numRuns: 2000 },
  )
  // Random instants over eleven years rarely land in the hour around a transition: aim at them too.
  const transitions: [string, string][] = [
    [newYork, '2026-03-08T07:00:00Z'],
    [newYork, '2026-11-01T06:00:00Z'],
    [london, '2026-03-29T01:00:00Z'],
    [london, '2026-10-25T01:00:00Z'],
    [lordHowe, '2026-04-04T15:00:00Z'],
    [lordHowe, '2026-10-03T15:30:00Z'],
    [saoPaulo, '2018-11-04T03:00:00Z'],
    [saoPaulo, '2019-02-17T02:00:00Z'],
  ]
  fc.assert(
    fc.property(
      fc.constantFrom(...transitions),
      fc.integer({ min: -150 * minute, max: 150 * minute }),
      ([timeZone, transition], shift) => readsBack(timeZone, Date.parse(transition) + shift),
    ),
    { numRuns: 2000 },
  )
  t.pass('every instant read back')
})
