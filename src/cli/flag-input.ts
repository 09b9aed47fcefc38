import type { z } from 'zod'
import { ApiError } from '../lib/errors.js'

/** Flags checked by a resource's input schema; the first problem is the one error line. */
export function parseFlags<S extends z.ZodType>(schema: S, flags: Record<string, string | null | undefined>) {
  const present = Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined))
  const parsed = schema.safeParse(present)
  if (parsed.success) return parsed.data as z.output<S>
  const issue = parsed.error.issues[0]
  const field = String(issue?.path[0] ?? 'input')
  throw new ApiError('invalid_request', `--${field} ${issue?.message ?? 'is invalid'}`, { param: field })
}
