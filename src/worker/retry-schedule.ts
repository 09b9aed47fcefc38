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
}

/**
 * Succeeded on a 2xx; otherwise the next retry on the schedule, or failed when the schedule is spent. A
 * manual attempt (`shopapi deliveries resend`) never moves the schedule: it can only turn the delivery
 * into a success.
 */
export function afterAttempt(
  delivery: { status: DeliveryStatus; automatic_attempts: number },
  succeeded: boolean,
  manual: boolean,
  schedule: readonly number[],
): NextDeliveryState {
  const automaticAttempts = delivery.automatic_attempts + (manual ? 0 : 1)
  if (succeeded) return { status: 'succeeded', automaticAttempts, nextAttemptAt: null }
  if (manual) return { status: delivery.status, automaticAttempts, nextAttemptAt: null }
  const delay = retryDelayMs(schedule, automaticAttempts)
  return delay === null
    ? { status: 'failed', automaticAttempts, nextAttemptAt: null }
    : { status: 'pending', automaticAttempts, nextAttemptAt: new Date(Date.now() + delay) }
}

/** After this many attempts whose result the database refused to store, the delivery fails. */
export const maxUnrecordedAttempts = 3

/** The wait before an attempt whose result could not be recorded runs again: the schedule's first delay. */
export function unrecordedRetryDelayMs(schedule: readonly number[]): number {
  return retryDelayMs(schedule, 1) ?? 60_000
}
