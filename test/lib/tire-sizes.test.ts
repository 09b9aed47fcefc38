import fc from 'fast-check'
import t from 'tap'
import {
  formatTireSize,
  maxTireSizeInputLength,
  parseTireSize,
  type TireSize,
  tireSizeSearchKey,
} from '../../src/lib/tire-sizes.js'

function size(overrides: Partial<TireSize>): TireSize {
  return {
    width: 225,
    aspectRatio: 45,
    rimDiameter: 17,
    construction: 'R',
    serviceType: null,
    loadIndex: null,
    speedRating: null,
    normalized: '225/45R17',
    flotation: null,
    ...overrides,
  }
}

t.test('the usual forms', async (t) => {
  t.same(parseTireSize('225/45R17'), size({}))
  t.same(
    parseTireSize('225/45ZR17 94W'),
    size({ construction: 'ZR', loadIndex: 94, speedRating: 'W', normalized: '225/45ZR17' }),
  )
  t.same(parseTireSize('225/45R17 94W'), size({ loadIndex: 94, speedRating: 'W' }))
  t.same(
    parseTireSize('P215/65R15'),
    size({ width: 215, aspectRatio: 65, rimDiameter: 15, serviceType: 'P', normalized: 'P215/65R15' }),
  )
  t.same(
    parseTireSize('LT245/75R16'),
    size({ width: 245, aspectRatio: 75, rimDiameter: 16, serviceType: 'LT', normalized: 'LT245/75R16' }),
  )
  t.same(
    parseTireSize('LT245/75R16 120/116S'),
    size({
      width: 245,
      aspectRatio: 75,
      rimDiameter: 16,
      serviceType: 'LT',
      loadIndex: 120,
      speedRating: 'S',
      normalized: 'LT245/75R16',
    }),
    'dual load index: the single-mounting (first) one is kept',
  )
  t.same(
    parseTireSize('ST205/75R15'),
    size({ width: 205, aspectRatio: 75, rimDiameter: 15, serviceType: 'ST', normalized: 'ST205/75R15' }),
  )
  t.same(parseTireSize('205/55 R16'), size({ width: 205, aspectRatio: 55, rimDiameter: 16, normalized: '205/55R16' }))
  t.same(
    parseTireSize('235/35ZR19 (91Y)'),
    size({
      width: 235,
      aspectRatio: 35,
      rimDiameter: 19,
      construction: 'ZR',
      loadIndex: 91,
      speedRating: 'Y',
      normalized: '235/35ZR19',
    }),
  )
  t.same(
    parseTireSize('T125/70D15'),
    size({
      width: 125,
      aspectRatio: 70,
      rimDiameter: 15,
      construction: 'D',
      serviceType: 'T',
      normalized: 'T125/70D15',
    }),
  )
})

t.test('case, spaces, dashes and half-size rims are tolerated', async (t) => {
  t.equal(parseTireSize('p215/65r15')?.normalized, 'P215/65R15')
  t.equal(parseTireSize('  225 / 45 zr 17  ')?.normalized, '225/45ZR17')
  t.equal(parseTireSize('225-45R17')?.normalized, '225/45R17')
  t.equal(parseTireSize('225\t/45R17')?.normalized, '225/45R17')
  const halfSize = parseTireSize('LT235/85R16.5 120/116Q')
  t.equal(halfSize?.rimDiameter, 16.5)
  t.equal(halfSize?.normalized, 'LT235/85R16.5')
  t.same(parseTireSize('245/75R16LT')?.serviceType, 'LT', 'LT as a suffix')
  t.same(parseTireSize('LT245/75R16 LT')?.serviceType, 'LT', 'LT both sides agree')
  t.equal(parseTireSize('P245/75R16LT'), null, 'P and LT contradict')
  t.same(parseTireSize('225/45R17 94W XL'), size({ loadIndex: 94, speedRating: 'W' }), 'load type is ignored')
  t.same(parseTireSize('235/35ZR19(91Y)')?.speedRating, 'Y')
  t.same(parseTireSize('225/45ZR17 W'), size({ construction: 'ZR', speedRating: 'W', normalized: '225/45ZR17' }))
  t.same(parseTireSize('225/45R17 94')?.loadIndex, 94, 'a load index without speed rating')
  t.same(parseTireSize('225/45B17')?.construction, 'B')
})

// Issue 25 item 8: sizes as a tire catalogue lists them (manufacturers' light-truck, off-road,
// trailer, spare and performance ranges), each with what it must read as.
const catalogue: [written: string, normalized: string, width: number, aspectRatio: number, rim: number][] = [
  ['P215/65R15', 'P215/65R15', 215, 65, 15],
  ['P265/70R17 113T', 'P265/70R17', 265, 70, 17],
  ['LT245/75R16 120/116S', 'LT245/75R16', 245, 75, 16],
  ['LT265/75R16 123/120S E', 'LT265/75R16', 265, 75, 16],
  ['LT275/70R18 125/122R', 'LT275/70R18', 275, 70, 18],
  ['LT235/85R16.5', 'LT235/85R16.5', 235, 85, 16.5],
  ['LT215/85R16.5 115/112Q', 'LT215/85R16.5', 215, 85, 16.5],
  ['ST205/75R15', 'ST205/75R15', 205, 75, 15],
  ['ST235/80R16 124/120L', 'ST235/80R16', 235, 80, 16],
  ['T125/70D15', 'T125/70D15', 125, 70, 15],
  ['T135/90D16 102M', 'T135/90D16', 135, 90, 16],
  ['225/45ZR17', '225/45ZR17', 225, 45, 17],
  ['245/35ZR20 (95Y)', '245/35ZR20', 245, 35, 20],
  ['225/45R17 94W XL', '225/45R17', 225, 45, 17],
  ['265/70R17LT 121/118S', 'LT265/70R17', 265, 70, 17],
  ['205/55 R16 91V', '205/55R16', 205, 55, 16],
  ['205-55R16', '205/55R16', 205, 55, 16],
  ['31x10.50R15LT', '31x10.50R15LT', 267, 76, 15],
  ['31X10.50R15LT 109S', '31x10.50R15LT', 267, 76, 15],
  ['33x12.50R20', '33x12.50R20', 318, 52, 20],
  ['33X12.50R20LT 114Q', '33x12.50R20LT', 318, 52, 20],
  ['35x12.50R17LT 121Q E', '35x12.50R17LT', 318, 72, 17],
  ['LT35x12.50R20', '35x12.50R20LT', 318, 60, 20],
  ['37x13.50R22LT 123Q', '37x13.50R22LT', 343, 56, 22],
  ['30x9.50R15LT 104Q', '30x9.50R15LT', 241, 79, 15],
  ['32x11.50R15LT', '32x11.50R15LT', 292, 74, 15],
  ['35x12.5R20', '35x12.50R20', 318, 60, 20],
  ['33x12.50R16.5LT', '33x12.50R16.5LT', 318, 66, 16.5],
  ['33x12.50-15', '33x12.50-15', 318, 72, 15],
  ['31 x 10.50 R 15 LT', '31x10.50R15LT', 267, 76, 15],
]

t.test('every spelling of a tire catalogue is read, into its normalized size and its three numbers', async (t) => {
  for (const [written, normalized, width, aspectRatio, rimDiameter] of catalogue) {
    t.match(parseTireSize(written), { normalized, width, aspectRatio, rimDiameter }, written)
    t.match(parseTireSize(written.toLowerCase()), { normalized }, `${written} in lower case`)
  }
  t.match(parseTireSize('31x10.50R15LT 109S'), {
    serviceType: 'LT',
    construction: 'R',
    loadIndex: 109,
    speedRating: 'S',
    flotation: { overallDiameter: 31, sectionWidth: 10.5 },
  })
  t.equal(
    tireSizeSearchKey(parseTireSize('31x10.50R15LT') as TireSize),
    tireSizeSearchKey(parseTireSize('31X10.50R15LT 109S') as TireSize),
    'two spellings of one flotation size find the same tires',
  )
})

t.test('anything else is null', async (t) => {
  for (const bad of [
    '',
    'abc',
    '225/45',
    '225/45R',
    '225/45R17 94X',
    '225/45R1794W',
    '225/45R17 (94W',
    '225/45R17 94W)',
    '225/45R17 ()',
    '225//45R17',
    '2250/45R17',
    '225/45Q17',
    '225/45R17.55',
    'P225/45R17 94W extra',
    '15x10.50R15',
    '31x10.50Q15',
    '31x10.50R15LT extra',
  ]) {
    t.equal(parseTireSize(bad), null, JSON.stringify(bad))
  }
  const padded = `225/45R17${' '.repeat(maxTireSizeInputLength - 9)}`
  t.equal(padded.length, 40)
  t.not(parseTireSize(padded), null, '40 characters are read')
  t.equal(parseTireSize(`${padded} `), null, '41 characters are not')
})

t.test('long hostile input returns at once', async (t) => {
  const started = process.hrtime.bigint()
  for (const attack of ['2'.repeat(100_000), `225/45R17${' '.repeat(50_000)}x`, '('.repeat(100_000)]) {
    t.equal(parseTireSize(attack), null)
  }
  t.ok(process.hrtime.bigint() - started < 50_000_000n, 'under 50 ms')
})

t.test('the search key ignores construction, service type and service description', async (t) => {
  const keys = ['225/45ZR17', '225/45R17 94W', 'P225/45R17', '225-45 r 17 (94W)'].map((input) => {
    const parsed = parseTireSize(input)
    return parsed === null ? null : tireSizeSearchKey(parsed)
  })
  t.same(keys, ['225/45R17', '225/45R17', '225/45R17', '225/45R17'])
  const halfSize = parseTireSize('LT235/85R16.5')
  t.equal(halfSize && tireSizeSearchKey(halfSize), '235/85R16.5')
  t.not(tireSizeSearchKey(size({ rimDiameter: 18 })), tireSizeSearchKey(size({})))
})

const speedRatings = [...'BCDEFGHJKLMNPQRSTUVWYZ']

t.test('property: a size written any accepted way reads back its numbers', async (t) => {
  const written = fc.record({
    width: fc.integer({ min: 10, max: 999 }),
    aspectRatio: fc.integer({ min: 10, max: 999 }),
    rimWhole: fc.integer({ min: 1, max: 99 }),
    rimHalf: fc.boolean(),
    construction: fc.constantFrom('R' as const, 'ZR' as const, 'D' as const, 'B' as const),
    serviceType: fc.constantFrom('P' as const, 'LT' as const, 'T' as const, 'ST' as const, null),
    loadIndex: fc.option(fc.integer({ min: 10, max: 999 }), { nil: null }),
    speedRating: fc.option(fc.constantFrom(...speedRatings), { nil: null }),
    separator: fc.constantFrom('/', '-', ' / ', ' - '),
    space: fc.constantFrom('', ' ', '  '),
    parenthesised: fc.boolean(),
    lowerCase: fc.boolean(),
  })
  fc.assert(
    fc.property(written, (w) => {
      const rimDiameter = w.rimHalf ? w.rimWhole + 0.5 : w.rimWhole
      const description = `${w.loadIndex ?? ''}${w.speedRating ?? ''}`
      const tail = description === '' ? '' : w.parenthesised ? ` (${description})` : ` ${description}`
      const text = `${w.serviceType ?? ''}${w.width}${w.separator}${w.aspectRatio}${w.space}${w.construction}${w.space}${rimDiameter}${tail}`
      const parsed = parseTireSize(w.lowerCase ? text.toLowerCase() : text)
      const expected: TireSize = {
        width: w.width,
        aspectRatio: w.aspectRatio,
        rimDiameter,
        construction: w.construction,
        serviceType: w.serviceType,
        loadIndex: w.loadIndex,
        speedRating: w.speedRating,
        normalized: formatTireSize({ ...w, rimDiameter }),
        flotation: null,
      }
      t.same(parsed, expected, text)
      // The canonical spelling reads back to itself.
      return parsed !== null && parseTireSize(parsed.normalized)?.normalized === parsed.normalized
    }),
    { numRuns: 300 },
  )
})
