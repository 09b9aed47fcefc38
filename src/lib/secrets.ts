import { createHmac } from 'node:crypto'
import nacl from 'tweetnacl'

/** Keys derived from the one configured secret, each for one purpose, so none can stand in for another. */
export interface Secrets {
  /** Signs list cursors (HMAC-SHA256). */
  cursorKey: Buffer
  /** Encrypts stored idempotency replays and webhook secrets (secretbox). */
  sealKey: Uint8Array
}

/** 32 bytes, written as 64 hex characters or as base64; anything else is refused at start. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim()
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  if (bytes.length !== 32) {
    throw new Error('SHOPAPI_SECRET_KEY must be 32 bytes, as 64 hex characters or base64 (openssl rand -hex 32)')
  }
  return bytes
}

function deriveKey(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(`shopapi:${purpose}`).digest()
}

export function deriveSecrets(master: Buffer): Secrets {
  return { cursorKey: deriveKey(master, 'cursor'), sealKey: new Uint8Array(deriveKey(master, 'seal')) }
}

/** nonce || secretbox(plaintext): authenticated encryption for data at rest. */
export function seal(key: Uint8Array, plaintext: string): Buffer {
  const nonce = nacl.randomBytes(nacl.secretbox.nonceLength)
  const box = nacl.secretbox(new TextEncoder().encode(plaintext), nonce, key)
  return Buffer.concat([nonce, box])
}

/** The plaintext, or null when the data was not sealed with this key or was altered. */
export function unseal(key: Uint8Array, sealed: Uint8Array): string | null {
  if (sealed.length < nacl.secretbox.nonceLength + nacl.secretbox.overheadLength) return null
  const nonce = sealed.subarray(0, nacl.secretbox.nonceLength)
  const box = sealed.subarray(nacl.secretbox.nonceLength)
  const opened = nacl.secretbox.open(box, nonce, key)
  return opened ? new TextDecoder().decode(opened) : null
}
