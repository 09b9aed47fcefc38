import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto'

// A backup carries the master key (it decrypts webhook secrets and idempotency replays), sealed with
// a passphrase the operator keeps apart from the archive: scrypt stretches the passphrase into an
// AES-256-GCM key, whose tag makes a wrong passphrase (or an altered seal) fail rather than yield
// another key. docs/decisions/operations.md "Backups".

/** A sealed secret as the archive stores it: every parameter needed to open it, in JSON. */
export interface PassphraseSeal {
  kdf: 'scrypt'
  /** scrypt's cost (N), block size (r) and parallelism (p). */
  n: number
  r: number
  p: number
  salt: string
  cipher: 'aes-256-gcm'
  iv: string
  tag: string
  ciphertext: string
}

/** 2^17 x 8 x 128 bytes = 128 MiB and about half a second: costly to guess, once per backup to pay. */
const cost = { n: 2 ** 17, r: 8, p: 1 }
/** What a passphrase must at least be: shorter ones fall to guessing despite scrypt. */
export const minimumPassphraseLength = 8
/** Binds the ciphertext to its purpose: a seal of something else never opens as a backup's key. */
const purpose = Buffer.from('shopapi backup: secret key')

function stretch(passphrase: string, salt: Buffer, parameters: { n: number; r: number; p: number }): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, {
    N: parameters.n,
    r: parameters.r,
    p: parameters.p,
    // scrypt needs 128 * N * r bytes; Node refuses above 32 MiB unless told.
    maxmem: 256 * parameters.n * parameters.r,
  })
}

export function sealWithPassphrase(secret: Buffer, passphrase: string): PassphraseSeal {
  const salt = randomBytes(16)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', stretch(passphrase, salt, cost), iv)
  cipher.setAAD(purpose)
  const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()])
  return {
    kdf: 'scrypt',
    ...cost,
    salt: salt.toString('base64'),
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  }
}

/** The secret, or null when the passphrase is not the one it was sealed with (or the seal was altered). */
export function openWithPassphrase(seal: PassphraseSeal, passphrase: string): Buffer | null {
  if (seal.kdf !== 'scrypt' || seal.cipher !== 'aes-256-gcm') return null
  // A seal from elsewhere must not make us allocate without bound: at most 1 GiB of scrypt memory.
  if (!(seal.n <= 2 ** 20 && seal.r <= 32 && seal.p <= 16 && 128 * seal.n * seal.r <= 2 ** 30)) return null
  const key = stretch(passphrase, Buffer.from(seal.salt, 'base64'), seal)
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(seal.iv, 'base64'))
  decipher.setAAD(purpose)
  decipher.setAuthTag(Buffer.from(seal.tag, 'base64'))
  try {
    return Buffer.concat([decipher.update(Buffer.from(seal.ciphertext, 'base64')), decipher.final()])
  } catch {
    return null
  }
}
