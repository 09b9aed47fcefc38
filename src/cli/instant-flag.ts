import ms from 'ms'
import { UsageError } from '../lib/errors.js'
import { requestInstant } from '../platform/schemas.js'

export const instantFlagHelp =
  'an RFC 3339 instant with Z or an offset (2026-01-31T15:04:05Z), or a duration meaning that long ago (30m, 2h, 3d)'

/** `--since`/`--until`: an RFC 3339 instant with a zone, or `2h`, `3d`… meaning that long before `now`. */
export function parseInstantFlag(flag: string, value: string, now = Date.now()): Date {
  const text = value.trim()
  if (/^\d+(\.\d+)?\s*[a-z]+$/i.test(text)) {
    const duration = ms(text as ms.StringValue)
    if (typeof duration === 'number' && Number.isFinite(duration) && duration > 0) return new Date(now - duration)
  } else {
    const parsed = requestInstant.safeParse(text)
    if (parsed.success) return parsed.data
  }
  throw new UsageError(`--${flag}: "${value}" is not ${instantFlagHelp}`)
}
