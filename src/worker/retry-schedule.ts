import type { DeliveryStatus } from '../resources/deliveries/service.js'

// The retry schedule: what becomes of a delivery after an attempt. The delays are the configuration's
// `webhooks.retryScheduleMs` (SHOPAPI_WEBHOOK_RETRY_SCHEDULE); the record step (record.ts) writes what
// these functions decide, and the auto-disable rule (auto-disable.ts) watches the endpoint meanwhile.

/** The delay before the retry that follows automatic attempt `attempts`, with ±10 % jitter; null when none is left. */
export function retryDelayMs(schedule: readonly number[], attempts: number, random = Math.random): number | null {
  const base = schedule[attempts - 1]
  if (base === undefined) return null
  return Math.round(base * (0.9 + 0.2 * random()))
}

/** Where a delivery stands after an attempt. */
export interface NextDeliveryState {
  status: DeliveryStatus
  /** Automatic attempts made so far, this one included when it was automatic. */
  automaticAttempts: number
  /** When the next attempt is due; null when the delivery has ended or a manual attempt leaves it as it was. */
  nextAttemptAt: Date | null
  /** Why the delivery failed before its schedule was spent (a receiver asking to wait past the horizon). */
  failedBecause?: string
}

/** The statuses whose Retry-After a delivery honours: the receiver is busy (429) or down for a while (503). */
export const retryAfterStatuses: ReadonlySet<number> = new Set([429, 503])

/** The longest Retry-After read as asked (a year); a larger one is past any schedule's horizon anyway. */
const maxRetryAfterSeconds = 365 * 86_400

/**
 * A Retry-After header (RFC 9110 10.2.3) in whole seconds from `now`: delay-seconds, or an HTTP date
 * (a date already past is 0). Null for anything else, which leaves the schedule as it is.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Math.min(Number(text), maxRetryAfterSeconds)
  // An IMF-fixdate (or the obsolete forms Date.parse also reads) always names a weekday and GMT.
  if (!/^[A-Za-z]{3},? .*GMT$/.test(text)) return null
  const at = Date.parse(text)
  if (Number.isNaN(at)) return null
  return Math.min(Math.max(0, Math.ceil((at - now.getTime()) / 1000)), maxRetryAfterSeconds)
}

/**
 * How long after its creation a delivery may still be attempted: the schedule's delays added up, each
 * at the top of its ±10 % jitter, so the last retry the schedule could give is inside it. A receiver's
 * Retry-After moves a retry later, never past this.
 */
export function scheduleHorizonMs(schedule: readonly number[]): number {
  return Math.round(schedule.reduce((sum, delay) => sum + delay, 0) * 1.1)
}

/**
 * Succeeded on a 2xx; otherwise the next retry on the schedule, or failed when the schedule is spent. A
 * manual attempt (`shopapi deliveries resend`) never moves the schedule: it can only turn the delivery
 * into a success. A 429 or 503 with Retry-After puts the next retry no earlier than the receiver asked
 * (still counting as one of the schedule's attempts); when that falls past the schedule's horizon the
 * delivery fails now, with the reason, rather than being retried before the receiver wants it or after
 * the contract's three days.
 */
export function afterAttempt(
  delivery: { status: DeliveryStatus; automatic_attempts: number; created_at: Date },
  outcome: { succeeded: boolean; retryAfterSeconds: number | null },
  manual: boolean,
  schedule: readonly number[],
  now = new Date(),
): NextDeliveryState {
  const automaticAttempts = delivery.automatic_attempts + (manual ? 0 : 1)
  if (outcome.succeeded) return { status: 'succeeded', automaticAttempts, nextAttemptAt: null }
  if (manual) return { status: delivery.status, automaticAttempts, nextAttemptAt: null }
  const delay = retryDelayMs(schedule, automaticAttempts)
  if (delay === null) return { status: 'failed', automaticAttempts, nextAttemptAt: null }
  const asked = outcome.retryAfterSeconds
  if (asked === null || asked * 1000 <= delay) {
    return { status: 'pending', automaticAttempts, nextAttemptAt: new Date(now.getTime() + delay) }
  }
  const wanted = new Date(now.getTime() + asked * 1000)
  const horizon = new Date(delivery.created_at.getTime() + scheduleHorizonMs(schedule))
  if (wanted > horizon) {
    return {
      status: 'failed',
      automaticAttempts,
      nextAttemptAt: null,
      failedBecause: `the receiver asked to be retried after ${asked} s (Retry-After), past the retry schedule's end at ${horizon.toISOString()}`,
    }
  }
  return { status: 'pending', automaticAttempts, nextAttemptAt: wanted }
}

/** After this many attempts whose result the database refused to store, the delivery fails. */
export const maxUnrecordedAttempts = 3

/** The wait before an attempt whose result could not be recorded runs again: the schedule's first delay. */
export function unrecordedRetryDelayMs(schedule: readonly number[]): number {
  return retryDelayMs(schedule, 1) ?? 60_000
}
