// Public ids: prefix, 22 base62 characters (128 random bits), distinct, also across the refills of
// the pool of random bytes they draw from.
import t from 'tap'
import { isPublicId, newPublicId, randomBase62 } from '../../src/lib/ids.js'

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
