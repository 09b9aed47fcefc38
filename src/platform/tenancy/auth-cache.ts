import { NotificationListener } from '../../db/listener.js'
import type { ConnectionLog } from '../../db/pool.js'
import { apiKeyHashMatches } from '../../lib/api-keys.js'
import type { AuthContext } from './api-keys.js'

/** Notified by the triggers of migration 00014 with a shop's id, or '' for "everything". */
export const authChangesChannel = 'shopapi_auth'

export const authCacheMaxEntries = 5_000
export const authCacheTtlMs = 60_000

export interface CachedKey {
  secretHash: Buffer
  context: AuthContext
  /** When this process last wrote the key's last_used_at (or read it), in ms; null when never used. */
  lastUsedAt: number | null
}

interface Entry extends CachedKey {
  storedAt: number
}

/**
 * Authenticated keys of this process, by lookup id. Fail closed: entries are served only while the
 * LISTEN connection is up, and an entry is stored only when the connection was listening for the
 * whole of the read that produced it and no change was announced meanwhile; losing or regaining the
 * connection empties the cache. Failures are never cached, so a new key works at once.
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>()
  private readonly maxEntries: number
  private readonly ttlMs: number
  private up = false
  // Moves on every announced change and on every loss or start of listening: a read that began at
  // another value may have missed one, so its result is used once but not kept.
  private epoch = 0

  constructor(options: { maxEntries?: number; ttlMs?: number } = {}) {
    this.maxEntries = options.maxEntries ?? authCacheMaxEntries
    this.ttlMs = options.ttlMs ?? authCacheTtlMs
  }

  get size(): number {
    return this.entries.size
  }

  /** LISTEN is in place: changes committed from now on will be announced. */
  listening(): void {
    this.entries.clear()
    this.epoch += 1
    this.up = true
  }

  /** Announcements may be missed from now on: serve nothing from memory until listening again. */
  lost(): void {
    this.up = false
    this.entries.clear()
    this.epoch += 1
  }

  /** A change to a shop's keys, integrations or profile ('' for all shops). */
  invalidate(shopId: string): void {
    this.epoch += 1
    if (shopId === '') {
      this.entries.clear()
      return
    }
    for (const [lookupId, entry] of this.entries) {
      if (entry.context.shopId === shopId) this.entries.delete(lookupId)
    }
  }

  /** The key when cached, trusted and presented with its secret; otherwise the database decides. */
  find(lookupId: string, presentedHash: Buffer, now = Date.now()): CachedKey | undefined {
    if (!this.up) return undefined
    const entry = this.entries.get(lookupId)
    if (!entry) return undefined
    if (now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(lookupId)
      return undefined
    }
    // A wrong secret is not refused from here: another shop's key may share the lookup id (they are
    // unique per shop), so the database answers it exactly as without the cache.
    if (!apiKeyHashMatches(presentedHash, entry.secretHash)) return undefined
    // Least recently used first: Map keeps insertion order.
    this.entries.delete(lookupId)
    this.entries.set(lookupId, entry)
    return entry
  }

  /** Taken before the database read; null while nothing may be stored. */
  readStarted(): number | null {
    return this.up ? this.epoch : null
  }

  store(lookupId: string, readStartedAt: number | null, key: CachedKey, now = Date.now()): void {
    if (readStartedAt === null || !this.up || readStartedAt !== this.epoch) return
    this.entries.delete(lookupId)
    this.entries.set(lookupId, { ...key, storedAt: now })
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
  }
}

export interface RunningAuthCache {
  cache: AuthCache
  stop(): Promise<void>
}

/**
 * The cache with its own LISTEN connection. Resolves once the first connection attempt is over,
 * listening or not (not: every request reads the database until the connection is back).
 */
export async function startAuthCache(options: {
  connectionString: string
  applicationName: string
  log: ConnectionLog
}): Promise<RunningAuthCache> {
  const cache = new AuthCache()
  const listener = new NotificationListener({
    ...options,
    channel: authChangesChannel,
    onListening: () => cache.listening(),
    onLost: () => cache.lost(),
    onNotification: (shopId) => cache.invalidate(shopId),
  })
  await listener.start()
  return { cache, stop: () => listener.stop() }
}
