// Secrets never reach a log line, whatever a log call passes in: every property with one of these
// names, at the top of the logged object or up to two objects down (`headers.authorization`,
// `req.headers.authorization`, `key.plaintextKey`, an error's `secret`), is written as the censor.
export const secretLogKeys: ReadonlySet<string> = new Set([
  'authorization',
  'api_key',
  'apiKey',
  'secret',
  'password',
  'plaintextKey',
])

export const logCensor = '[redacted]'

const maxDepth = 3

/**
 * `value` with every secret-named property (to depth 3) censored. The same object when it holds none,
 * which is every request line: checking its few keys costs well under a microsecond, where pino's
 * path-based redaction (`*.x` paths run on every value of every line) cost ~9 us per line, about 4 %
 * of a GET by id. What needs censoring is copied (prototype kept, so an Error is still serialized as
 * one); the caller's object is never changed.
 */
export function redactSecrets<T>(value: T): T {
  return redactObject(value, 1) as T
}

function redactObject(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value
  const source = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue
    const child = source[key]
    let next: unknown
    if (secretLogKeys.has(key) && child !== undefined && child !== null) next = logCensor
    else if (depth < maxDepth && child !== null && typeof child === 'object') next = redactObject(child, depth + 1)
    else continue
    if (next === child) continue
    copy ??= shallowCopy(source)
    copy[key] = next
  }
  return copy ?? value
}

function shallowCopy(value: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(value)) return [...value] as unknown as Record<string, unknown>
  const copy = Object.assign(Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>, value)
  // An error's message and stack are its own, not enumerable: carried over so it logs as it was.
  if (value instanceof Error) {
    copy.message = value.message
    copy.stack = value.stack
  }
  return copy
}
