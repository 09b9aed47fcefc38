// Public ids: prefix, 22 base62 characters (128 random bits), distinct, also across the refills of
// the pool of random bytes they draw from.
import t from 'tap'
import { isPublicId, newPublicId, randomBase62, timeOrderedUuid } from '../../src/lib/ids.js'

t.test('ids have their prefix and 22 base62 characters, and never repeat across pool refills', async (t) => {
  const ids = new Set<string>()
  // 256 ids per 4 KB refill: 2,000 ids cross several refills.
  for (let i = 0; i < 2_000; i++) ids.add(newPublicId('request'))
  t.equal(ids.size, 2_000, 'all distinct')
  for (const id of ids) {
    if (!/^req_[0-9A-Za-z]{22}$/.test(id) || !isPublicId('request', id)) t.fail(`malformed id ${id}`)
  }
  // Every position takes many characters: a broken draw (e.g. the same bytes twice) would not.
  const firsts = new Set([...ids].map((id) => id.slice(4, 5)))
  const lasts = new Set([...ids].map((id) => id.slice(-1)))
  t.ok(firsts.size > 5 && lasts.size > 50, `leading characters ${firsts.size}, trailing ${lasts.size}`)
})

t.test('randomBase62 keeps its lengths for secrets', async (t) => {
  t.match(randomBase62(32), /^[0-9A-Za-z]{43}$/)
  t.match(randomBase62(), /^[0-9A-Za-z]{22}$/)
})

t.test(
  'timeOrderedUuid: a version-7 UUID whose first 48 bits are the milliseconds, distinct, ordered by time',
  async (t) => {
    const earlier = timeOrderedUuid(1_700_000_000_000)
    const later = timeOrderedUuid(1_700_000_000_001)
    t.ok(earlier < later, `${earlier} sorts before ${later}`)
    t.equal(
      earlier.slice(0, 13),
      `${(1_700_000_000_000).toString(16).padStart(12, '0').slice(0, 8)}-${(1_700_000_000_000).toString(16).padStart(12, '0').slice(8)}`,
    )
    const ids = new Set<string>()
    for (let i = 0; i < 2_000; i++) ids.add(timeOrderedUuid())
    t.equal(ids.size, 2_000, 'all distinct, across pool refills')
    for (const id of ids) {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) t.fail(`malformed ${id}`)
    }
  },
)
