import { randomBytes, randomFillSync } from 'node:crypto'

export const idPrefixes = {
  shop: 'shop',
  integration: 'int',
  apiKey: 'key',
  customer: 'cus',
  vehicle: 'veh',
  event: 'evt',
  webhookEndpoint: 'whe',
  request: 'req',
  // Prefixes of the spec's other resources, used by placeholder ids in test events until they exist.
  appointment: 'appt',
  repairOrder: 'ro',
  job: 'job',
  invoice: 'inv',
  payment: 'pay',
  task: 'task',
  technician: 'tech',
  cannedJob: 'cj',
  inventoryItem: 'item',
  part: 'part',
  labor: 'lab',
  // Not in the public API: deliveries are addressed by support staff in the CLI.
  delivery: 'dlv',
} as const

export type IdKind = keyof typeof idPrefixes

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** base62 of `bytes` random bytes: 16 bytes (128 bits) give 22 characters. */
export function randomBase62(bytes = 16): string {
  return base62(randomBytes(bytes), Math.ceil((bytes * 8) / Math.log2(62)))
}

function base62(random: Buffer, length: number): string {
  let value = BigInt(`0x${random.toString('hex')}`)
  let out = ''
  for (let i = 0; i < length; i++) {
    out = alphabet[Number(value % 62n)] + out
    value /= 62n
  }
  return out
}

// Public ids (one per request, for its request id, and one per record) take their 16 random bytes
// from a pool refilled 4 KB at a time, as Node's randomUUID does: one call into the system's random
// source per 256 ids instead of one per id. Secrets (randomBase62) still draw their own bytes.
const idPool = Buffer.alloc(4096)
let idPoolOffset = idPool.length

function pooledIdBytes(): Buffer {
  if (idPoolOffset + 16 > idPool.length) {
    randomFillSync(idPool)
    idPoolOffset = 0
  }
  const bytes = idPool.subarray(idPoolOffset, idPoolOffset + 16)
  idPoolOffset += 16
  return bytes
}

export function newPublicId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${base62(pooledIdBytes(), 22)}`
}

const idBody = /^[0-9A-Za-z]{1,64}$/

/** True when `value` has the shape of an id of `kind`; the record may still not exist. */
export function isPublicId(kind: IdKind, value: string): boolean {
  const prefix = `${idPrefixes[kind]}_`
  return value.startsWith(prefix) && idBody.test(value.slice(prefix.length))
}

/**
 * A time-ordered UUID (RFC 9562 version 7: 48 bits of Unix milliseconds, then random bits) for an
 * internal primary key. Rows written one after another land at the right edge of the key's B-tree
 * instead of on a random page: after a checkpoint, a random key costs a full-page image of the leaf it
 * lands on for nearly every insert, a time-ordered one only for the last leaf (issue 26, WAL per write).
 */
export function timeOrderedUuid(now = Date.now()): string {
  const bytes = Buffer.from(pooledIdBytes())
  bytes.writeUIntBE(now, 0, 6)
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
