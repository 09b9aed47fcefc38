import { createHash, timingSafeEqual } from 'node:crypto'
import { randomBase62 } from './ids.js'

// Key format: shopapi_<lookup>_<secret>. The fixed `shopapi_` prefix lets secret scanners recognise
// leaked keys; <lookup> (12 base62, ~71 bits) finds the row; <secret> (32 bytes, 256 bits) proves
// possession. Only the SHA-256 of the whole key is stored: the key has far more entropy than a
// password, so a slow hash buys nothing and would cost every request.
export const apiKeyPrefix = 'shopapi_'
const keyPattern = /^shopapi_([0-9A-Za-z]{12})_([0-9A-Za-z]{43})$/

export interface IssuedApiKey {
  plaintext: string
  lookupId: string
  displayPrefix: string
  hash: Buffer
}

export function issueApiKey(): IssuedApiKey {
  const lookupId = randomBase62(9).slice(-12)
  const secret = randomBase62(32)
  const plaintext = `${apiKeyPrefix}${lookupId}_${secret}`
  return { plaintext, lookupId, displayPrefix: `${apiKeyPrefix}${lookupId}`, hash: hashApiKey(plaintext) }
}

export function hashApiKey(plaintext: string): Buffer {
  return createHash('sha256').update(plaintext, 'utf8').digest()
}

/** The lookup part of a well-formed key, or null for anything that cannot be a key of ours. */
export function parseApiKey(plaintext: string): { lookupId: string } | null {
  const match = keyPattern.exec(plaintext)
  return match?.[1] ? { lookupId: match[1] } : null
}

export function apiKeyMatches(plaintext: string, storedHash: Buffer): boolean {
  return apiKeyHashMatches(hashApiKey(plaintext), storedHash)
}

/** For a caller that hashed the presented key once to compare it with several stored hashes. */
export function apiKeyHashMatches(presentedHash: Buffer, storedHash: Buffer): boolean {
  return presentedHash.length === storedHash.length && timingSafeEqual(presentedHash, storedHash)
}
