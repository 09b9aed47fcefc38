// The rules that keep the in-memory key cache from ever answering with something the database would
// refuse: what is stored, when it is trusted, and what is forgotten. Over real HTTP and Postgres in
// test/server/auth-cache.test.ts and test/commands/serve-auth-cache.test.ts.
import t from 'tap'
import { hashApiKey, issueApiKey } from '../../../src/lib/api-keys.js'
import type { AuthContext } from '../../../src/platform/tenancy/api-keys.js'
import { AuthCache, type CachedKey } from '../../../src/platform/tenancy/auth-cache.js'

function cachedKey(shopId = 'shop-a') {
  const issued = issueApiKey()
  const context = { shopId, keyPublicId: `key_${issued.lookupId}` } as unknown as AuthContext
  const key: CachedKey = { secretHash: issued.hash, context, lastUsedAt: null }
  return { lookupId: issued.lookupId, plaintext: issued.plaintext, hash: issued.hash, key }
}

function listeningCache(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const cache = new AuthCache(options)
  cache.listening()
  return cache
}

const put = (cache: AuthCache, entry: ReturnType<typeof cachedKey>, now?: number) =>
  cache.store(entry.lookupId, cache.readStarted(), entry.key, now)

t.test('nothing is kept or served while not listening', async (t) => {
  const cache = new AuthCache()
  const a = cachedKey()
  t.equal(cache.readStarted(), null, 'before the first LISTEN a read may not be kept')
  put(cache, a)
  t.equal(cache.size, 0)
  cache.listening()
  put(cache, a)
  t.equal(cache.find(a.lookupId, a.hash)?.context, a.key.context, 'served once listening')
  cache.lost()
  t.equal(cache.find(a.lookupId, a.hash), undefined, 'not served once the connection is lost')
  t.equal(cache.size, 0, 'and forgotten')
  put(cache, a)
  t.equal(cache.size, 0, 'nothing kept while lost')
})

t.test('a read that overlapped a loss, a reconnect or an announced change is used once, not kept', async (t) => {
  const cache = listeningCache()
  const a = cachedKey('shop-a')

  let started = cache.readStarted()
  cache.invalidate('shop-b')
  cache.store(a.lookupId, started, a.key)
  t.equal(cache.size, 0, 'a change to any shop during the read: not kept')

  started = cache.readStarted()
  cache.lost()
  cache.listening()
  cache.store(a.lookupId, started, a.key)
  t.equal(cache.size, 0, 'a reconnect during the read: not kept (a change may have come and gone unheard)')

  put(cache, a)
  cache.lost()
  cache.listening()
  t.equal(cache.find(a.lookupId, a.hash), undefined, 'an entry kept before a reconnect is gone')
})

t.test('a change drops the entries of its shop; an empty payload drops all', async (t) => {
  const cache = listeningCache()
  const a = cachedKey('shop-a')
  const b = cachedKey('shop-b')
  put(cache, a)
  put(cache, b)
  cache.invalidate('shop-a')
  t.equal(cache.find(a.lookupId, a.hash), undefined, "the changed shop's key is read again")
  t.equal(cache.find(b.lookupId, b.hash)?.context, b.key.context, "another shop's key stays")
  cache.invalidate('')
  t.equal(cache.size, 0)
})

t.test('only the exact key is served: a wrong secret with a cached lookup id goes to the database', async (t) => {
  const cache = listeningCache()
  const a = cachedKey()
  put(cache, a)
  const wrong = `${a.plaintext.slice(0, -1)}${a.plaintext.endsWith('a') ? 'b' : 'a'}`
  t.equal(cache.find(a.lookupId, hashApiKey(wrong)), undefined)
  t.equal(cache.find(a.lookupId, Buffer.alloc(3)), undefined, 'a hash of another length too')
  t.equal(cache.find(a.lookupId, a.hash)?.context, a.key.context)
})

t.test('bounded: the least recently used entry goes first; entries expire', async (t) => {
  const cache = listeningCache({ maxEntries: 2, ttlMs: 1000 })
  const [a, b, c] = [cachedKey(), cachedKey(), cachedKey()] as const
  put(cache, a, 0)
  put(cache, b, 0)
  t.ok(cache.find(a.lookupId, a.hash, 10), 'a used: b is now the least recent')
  put(cache, c, 20)
  t.equal(cache.size, 2)
  t.equal(cache.find(b.lookupId, b.hash, 30), undefined, 'b evicted')
  t.ok(cache.find(a.lookupId, a.hash, 30))
  t.ok(cache.find(c.lookupId, c.hash, 999))
  t.equal(cache.find(a.lookupId, a.hash, 1000), undefined, 'a expired 1000 ms after it was stored')
  t.equal(cache.size, 1)
})
