import { createHash } from 'node:crypto'

/** Collects positional parameters while a query is assembled from optional parts. */
export class SqlParams {
  readonly values: unknown[] = []

  /** `$n` for `value`, cast to `type` so the planner never has to guess. */
  add(value: unknown, type: string): string {
    this.values.push(value)
    return `$${this.values.length}::${type}`
  }
}

/** LIKE pattern for a literal substring: %, _ and the escape character match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * A prepared-statement name for `text`: queries assembled from optional parts come in few shapes, and
 * each shape is then parsed and planned once per connection instead of on every request.
 */
export function statementName(prefix: string, text: string): string {
  const key = `${prefix}\u0000${text}`
  let name = knownNames.get(key)
  if (name === undefined) {
    name = `${prefix}-${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
    // Shapes are few (filters present, sort, cursor or not), so this stays small; the bound is a guard.
    if (knownNames.size >= maxKnownNames) knownNames.clear()
    knownNames.set(key, name)
  }
  return name
}

// Every get and list names its statement: hashing the text once per shape, not once per request,
// keeps a SHA-1 of a kilobyte of SQL off the hottest path.
const knownNames = new Map<string, string>()
const maxKnownNames = 5000
