import { randomBytes } from 'node:crypto'

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
  const length = Math.ceil((bytes * 8) / Math.log2(62))
  let value = BigInt(`0x${randomBytes(bytes).toString('hex')}`)
  let out = ''
  for (let i = 0; i < length; i++) {
    out = alphabet[Number(value % 62n)] + out
    value /= 62n
  }
  return out
}

export function newPublicId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${randomBase62()}`
}

const idBody = /^[0-9A-Za-z]{1,64}$/

/** True when `value` has the shape of an id of `kind`; the record may still not exist. */
export function isPublicId(kind: IdKind, value: string): boolean {
  const prefix = `${idPrefixes[kind]}_`
  return value.startsWith(prefix) && idBody.test(value.slice(prefix.length))
}
