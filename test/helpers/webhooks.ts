// Helpers for the webhook-endpoint and event tests: fake DNS (no real lookups), the JSON shapes an
// integrator receives, and a walk over event summaries for forbidden keys.
import type { Resolver } from '../../src/io/webhook-targets.js'

/** The answers of the fake DNS. Names under .test never reach a real resolver. */
export const dnsAnswers: Record<string, string[]> = {
  'hooks.example.test': ['93.184.216.34'],
  'alt.example.test': ['93.184.216.35'],
  'v6.example.test': ['2606:2800:220:1:248:1893:25c8:1946'],
  'dual.example.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.test': ['10.0.0.5'],
  'loop.example.test': ['127.0.0.1'],
  'mixed.example.test': ['93.184.216.34', '192.168.1.10'],
  'meta.example.test': ['169.254.169.254'],
  'mapped.example.test': ['::ffff:127.0.0.1'],
  'ula.example.test': ['fd12:3456:789a::1'],
  'nat64.example.test': ['64:ff9b::a00:5'],
  'cgnat.example.test': ['100.64.0.7'],
}

/** A resolver over `dnsAnswers`; `broken.example.test` fails like a SERVFAIL. Records every name asked. */
export function fakeResolver(asked: string[] = []): Resolver {
  return async (host) => {
    asked.push(host)
    if (host === 'broken.example.test') {
      throw Object.assign(new Error('queryA ESERVFAIL broken.example.test'), { code: 'ESERVFAIL' })
    }
    return dnsAnswers[host] ?? []
  }
}

export interface WebhookEndpointJson {
  id: string
  object: string
  url: string
  description: string | null
  event_types: string[]
  status: string
  disabled_reason: string | null
  api_version: string
  created_at: string
  updated_at: string
  secret?: string
}

export interface EventJson {
  id: string
  object: string
  type: string
  api_version: string
  test: boolean
  created_at: string
  data: { object_type: string; object_id: string; summary: Record<string, unknown> }
}

export interface QueuedEventJson {
  id: string
  object: string
  status: string
  test: boolean
}

export interface ListJson<T> {
  object: string
  data: T[]
  has_more: boolean
  next_cursor: string | null
}

export const endpointFields = [
  'api_version',
  'created_at',
  'description',
  'disabled_reason',
  'event_types',
  'id',
  'object',
  'status',
  'updated_at',
  'url',
]

export const secretPattern = /^whsec_[A-Za-z0-9_-]+$/
export const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** Every key, at any depth, of a JSON value. */
export function allKeys(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) allKeys(item, into)
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.push(key)
      allKeys(inner, into)
    }
  }
  return into
}

/** Keys that would leak sale pricing or acquisition cost into an event summary. */
export const moneyKeyPattern = /price|pricing|cost|amount|total/i
