// The retry schedule's pure rules: Retry-After as a receiver may send it, and where it moves a retry.
import t from 'tap'
import { afterAttempt, parseRetryAfter, scheduleHorizonMs } from '../../src/worker/retry-schedule.js'

const now = new Date('2026-11-26T12:00:00.000Z')

t.test('Retry-After: delay-seconds or an HTTP date; anything else is not read', async (t) => {
  t.equal(parseRetryAfter('120', now), 120)
  t.equal(parseRetryAfter(' 0 ', now), 0)
  t.equal(parseRetryAfter('Thu, 26 Nov 2026 12:02:00 GMT', now), 120, 'an IMF-fixdate')
  t.equal(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', now), 0, 'a date already past is now')
  t.equal(parseRetryAfter('99999999999', now), 365 * 86_400, 'capped at a year')
  for (const bad of ['', '-5', '1.5', 'soon', '2026-11-26T12:02:00Z', 'Thu, 99 Nov 2026 12:02:00 GMT']) {
    t.equal(parseRetryAfter(bad, now), null, `"${bad}" is not read`)
  }
  t.equal(parseRetryAfter(undefined, now), null)
})

t.test('a Retry-After moves the retry later, never earlier, and never past the horizon', async (t) => {
  const schedule = [60_000, 300_000]
  const delivery = { status: 'pending' as const, automatic_attempts: 0, created_at: now }
  const shorter = afterAttempt(delivery, { succeeded: false, retryAfterSeconds: 1 }, false, schedule, now)
  t.ok((shorter.nextAttemptAt?.getTime() ?? 0) - now.getTime() >= 54_000, 'a shorter wait keeps the schedule')
  const longer = afterAttempt(delivery, { succeeded: false, retryAfterSeconds: 200 }, false, schedule, now)
  t.same(longer.nextAttemptAt, new Date(now.getTime() + 200_000), 'a longer wait is honoured exactly')
  t.equal(longer.automaticAttempts, 1, "and counts as one of the schedule's attempts")
  t.equal(scheduleHorizonMs(schedule), 396_000)
  const past = afterAttempt(delivery, { succeeded: false, retryAfterSeconds: 397 }, false, schedule, now)
  t.match(past, { status: 'failed', nextAttemptAt: null, failedBecause: /after 397 s/ })
  const manual = afterAttempt(delivery, { succeeded: false, retryAfterSeconds: 200 }, true, schedule, now)
  t.match(manual, { status: 'pending', nextAttemptAt: null }, 'a manual resend never moves the schedule')
  const spent = afterAttempt(
    { ...delivery, automatic_attempts: 2 },
    { succeeded: false, retryAfterSeconds: 10 },
    false,
    schedule,
    now,
  )
  t.match(spent, { status: 'failed', nextAttemptAt: null }, 'a spent schedule fails whatever the receiver asks')
})
