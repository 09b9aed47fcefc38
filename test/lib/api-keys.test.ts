import t from 'tap'
import { apiKeyMatches, hashApiKey, issueApiKey, parseApiKey } from '../../src/lib/api-keys.js'

t.test('issued keys are recognisable, long and random, and only their hash is kept', async (t) => {
  const a = issueApiKey()
  const b = issueApiKey()
  t.match(a.plaintext, /^shopapi_[0-9A-Za-z]{12}_[0-9A-Za-z]{43}$/)
  t.not(a.plaintext, b.plaintext)
  t.not(a.lookupId, b.lookupId)
  t.equal(a.displayPrefix, `shopapi_${a.lookupId}`)
  t.notOk(a.plaintext.startsWith(`${a.displayPrefix}_${a.displayPrefix}`))
  // 43 base62 characters carry more than 128 bits of the secret alone.
  t.ok(43 * Math.log2(62) > 128)
  t.equal(a.hash.length, 32)
  t.same(a.hash, hashApiKey(a.plaintext))
})

t.test('parsing and comparing', async (t) => {
  const key = issueApiKey()
  t.same(parseApiKey(key.plaintext), { lookupId: key.lookupId })
  t.equal(parseApiKey('sk_live_123'), null)
  t.equal(parseApiKey(`${key.plaintext}x`), null)
  t.equal(parseApiKey(''), null)
  t.ok(apiKeyMatches(key.plaintext, key.hash))
  const tampered = `${key.plaintext.slice(0, -1)}${key.plaintext.endsWith('a') ? 'b' : 'a'}`
  t.notOk(apiKeyMatches(tampered, key.hash))
})
