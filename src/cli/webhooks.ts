import type { z } from 'zod'
import type { Config } from '../config.js'
import { systemResolver, webhookResolver } from '../io/webhook-targets.js'
import { UsageError } from '../lib/errors.js'
import { type IdKind, idPrefixes, isPublicId } from '../lib/ids.js'
import { escapeForTerminalLine } from '../lib/terminal-text.js'
import { eventEnvelope } from '../platform/events.js'
import type { AttemptRow, DeliveryListRow, DeliveryStatus } from '../resources/deliveries/service.js'
import type { OperatorEventRow } from '../resources/events/operator.js'
import type { OperatorEndpointRow } from '../resources/webhook-endpoints/operator.js'
import type { EndpointContext } from '../resources/webhook-endpoints/service.js'

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const satisfies readonly DeliveryStatus[]

// ---- Flags ----

const idNouns: Partial<Record<IdKind, string>> = {
  shop: 'shop',
  integration: 'integration',
  event: 'event',
  webhookEndpoint: 'webhook endpoint',
  delivery: 'delivery',
}

/** The id's shape is checked before any lookup: `"x" is not a webhook endpoint id (whe_...)`. */
export function requirePublicId(kind: IdKind, value: string, flag?: string): string {
  if (isPublicId(kind, value)) return value
  const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  const noun = idNouns[kind] ?? kind
  throw new UsageError(`${flag ? `--${flag}: ` : ''}${shown} is not a ${noun} id (${idPrefixes[kind]}_...)`)
}

// One syntax for instants in every command (`events replay --since`, `listen --replay-since`).
export { instantFlagHelp, parseInstantFlag } from './instant-flag.js'

// ---- Endpoints ----

/** What endpoint writes need in the CLI; the status and secret changes made here never resolve a url. */
export function operatorEndpointContext(config: Pick<Config, 'webhooks'>, sealKey: Uint8Array): EndpointContext {
  return { sealKey, webhooks: config.webhooks, resolver: systemResolver }
}

/**
 * What the staff's endpoint writes (`webhooks create|update`) need: the API's url policy and resolver
 * (the hosts file only where private targets are allowed), so a url passes here exactly when it would
 * pass the API's create or PATCH on the same settings.
 */
export function endpointWriteContext(config: Pick<Config, 'webhooks'>, sealKey: Uint8Array): EndpointContext {
  return {
    sealKey,
    webhooks: config.webhooks,
    resolver: webhookResolver({ allowPrivate: config.webhooks.allowPrivateTargets }),
  }
}

const endpointFieldFlags: Record<string, string> = { url: 'url', event_types: 'events', description: 'description' }

/**
 * The API's request schema (create or update) applied to the flags: its first issue becomes one
 * usage line naming the flag (`--events: unknown event type "customer.create"`).
 */
export function parseEndpointFlags<T>(schema: z.ZodType<T>, input: Record<string, unknown>): T {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const field = String(issue?.path[0] ?? '')
  throw new UsageError(`--${endpointFieldFlags[field] ?? field}: ${issue?.message ?? 'invalid'}`)
}

/** `--events customer.created,customer.updated` (or `*`); an empty value subscribes to none, as `[]` does. */
export function splitEventTypes(value: string): string[] {
  return value
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '')
}

/** An endpoint's integration for a table cell: its id with its name. */
export function integrationCell(endpoint: { integration_id: string; integration_name: string }): string {
  return `${endpoint.integration_id} (${endpoint.integration_name})`
}

// ---- --follow ----

/** How often `--follow` asks the database for new rows. */
export const followIntervalMs = 1000
/**
 * How far back each `--follow` poll looks: a row is stamped when its transaction began, so one that
 * commits after a later-stamped one would fall behind a plain cursor; ids already shown are skipped.
 */
export const followLookbackMs = 30_000

/** Runs `poll` every `intervalMs` until `signal` aborts (Ctrl-C), then returns; a poll in flight finishes first. */
export async function pollUntilAborted(signal: AbortSignal, intervalMs: number, poll: () => Promise<void>) {
  const { setTimeout: sleep } = await import('node:timers/promises')
  while (!signal.aborted) {
    await poll()
    await sleep(intervalMs, undefined, { signal }).catch(() => {})
  }
}

/** One `--follow --json` row: a JSON object per line (NDJSON), so a pipe reads each as it comes. */
export function writeJsonLine(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`)
}

// ---- Events ----

// ---- What the commands print: public ids, RFC 3339 instants, never a secret ----

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null

export function presentEndpoint(row: OperatorEndpointRow, now = new Date()) {
  const previousLive = row.previous_secret_expires_at && row.previous_secret_expires_at > now
  return {
    id: row.public_id,
    shop_id: row.shop_public_id,
    integration_id: row.integration_public_id,
    integration_name: row.integration_name,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    status: row.status,
    disabled_reason: row.disabled_reason,
    failing_since: iso(row.failing_since),
    previous_secret_expires_at: previousLive ? iso(row.previous_secret_expires_at) : null,
    pending_deliveries: row.pending_deliveries,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  }
}

export function presentDelivery(row: DeliveryListRow) {
  return {
    id: row.public_id,
    shop_id: row.shop_public_id,
    endpoint_id: row.endpoint_public_id,
    url: row.url,
    event_id: row.event_public_id,
    event_type: row.event_type,
    origin: row.origin,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: iso(row.next_attempt_at),
    last_attempt_at: iso(row.last_attempt_at),
    last_response_status: row.last_response_status,
    last_error: row.last_error,
    created_at: iso(row.created_at) as string,
    completed_at: iso(row.completed_at),
  }
}

export function presentAttempt(row: AttemptRow) {
  return {
    number: row.number,
    started_at: iso(row.started_at) as string,
    duration_ms: row.duration_ms,
    response_status: row.response_status,
    error: row.error,
    signatures: row.signatures,
    retry_after_seconds: row.retry_after_seconds,
    disabled_endpoint: row.disabled_endpoint,
    manual: row.manual,
    response_body: row.response_body,
  }
}

export function presentEvent(row: OperatorEventRow) {
  return {
    ...eventEnvelope(row),
    shop_id: row.shop_public_id,
    integration_id: row.integration_public_id,
    deliveries: row.deliveries,
  }
}

/** `key: value` lines, keys aligned, for the human form of a `show`. */
/** `key:  value` lines; each value stays on its line (a line break in stored text is shown as `\n`). */
export function keyValueBlock(pairs: [string, unknown][]): string {
  const width = Math.max(...pairs.map(([key]) => key.length)) + 2
  return pairs
    .map(([key, value]) => `${`${key}:`.padEnd(width)}${escapeForTerminalLine(formatValue(value))}`)
    .join('\n')
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-'
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The first `max` characters of a response body on one line. */
export function bodyPreview(body: string | null, max = 80): string | null {
  if (body === null) return null
  const line = body.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max)}…` : line
}

/** The status of an attempt in a few words: `200`, `500`, or the error. */
export function attemptResult(attempt: { response_status: number | null; error: string | null }): string {
  if (attempt.response_status !== null) {
    return attempt.error && !/^receiver answered \d+$/.test(attempt.error)
      ? `${attempt.response_status} (${attempt.error})`
      : String(attempt.response_status)
  }
  return attempt.error ?? 'unknown'
}

/** serve, worker, and commands that seal or unseal webhook secrets warn when the key is not shared. */
export function secretKeyWarning(config: Pick<Config, 'databaseUrl' | 'secretKey' | 'dataDir'>): string | null {
  if (!config.databaseUrl || config.secretKey) return null
  return `warning: SHOPAPI_SECRET_KEY is not set; using the key in ${config.dataDir}/secret.key. Set SHOPAPI_SECRET_KEY (the same on every process) when several processes share DATABASE_URL or the data directory is not kept.`
}

export const privateTargetsWarning =
  'warning: SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS is on (development only: webhooks may target http:// and private addresses)'
