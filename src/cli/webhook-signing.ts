import { readFile } from 'node:fs/promises'
import { UsageError } from '../lib/errors.js'

// Input of `shopapi webhooks sign|verify`: the payload's bytes as they are (no newline trimmed, no
// re-encoding), secrets checked for their form without ever being echoed, instants as unix seconds.

const secretPattern = /^whsec_[A-Za-z0-9_-]+$/

/** The bytes of FILE, or of standard input for `-`, exactly as stored. */
export async function readPayload(source: string): Promise<Buffer> {
  if (source === '-') {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
    return Buffer.concat(chunks)
  }
  try {
    return await readFile(source)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message
    throw new UsageError(`--payload ${source}: cannot read it (${why})`)
  }
}

/** Secrets as given, current first; the message never repeats a secret, which may be a real one. */
export function checkedSecrets(secrets: readonly string[]): string[] {
  secrets.forEach((secret, index) => {
    if (!secretPattern.test(secret)) {
      const which = secrets.length > 1 ? ` (number ${index + 1})` : ''
      throw new UsageError(
        `--secret${which} must be the whole secret as issued: whsec_ followed by letters, digits, _ or - (the prefix is part of the key)`,
      )
    }
  })
  return [...secrets]
}

/**
 * Unix seconds from `--timestamp`/`--now`: whole seconds, or an RFC 3339 instant with its offset.
 * A 13-digit number is refused: it is milliseconds, the usual mistake.
 */
export function unixSecondsFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d{1,15}$/.test(text)) {
    const seconds = Number(text)
    if (seconds >= 1e12) throw new UsageError(`--${flag} ${text} looks like milliseconds; give unix seconds`)
    return seconds
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(text)) {
    const milliseconds = Date.parse(text)
    if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.floor(milliseconds / 1000)
  }
  throw new UsageError(
    `--${flag} must be unix seconds or an RFC 3339 instant such as 2026-01-01T00:00:00Z (got ${JSON.stringify(value)})`,
  )
}

/** A message id for the Standard Webhooks headers: printable ASCII without spaces, as a header allows. */
export function eventIdFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new UsageError('--id must be an event id such as evt_5wHqTnF2kXc8Lr3VbN9pZa (printable ASCII, no spaces)')
  }
  return value
}
