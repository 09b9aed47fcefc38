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
 * The condition of a `q` substring search (spec: 2-100 characters, case-insensitive, `%` and `_`
 * literal) over `column`, a lower-cased text column with two GIN indexes: `gin_trgm_ops` on the column
 * and `search_bigrams(column)` (migrations 00018, 00024). A trigram index can only narrow a LIKE pattern
 * that yields a trigram, which a term needs three letters or digits in a row for; shorter terms (`zq`,
 * `a-`) are narrowed by the bigram index instead (every bigram of the term is a bigram of a matching
 * row, exactly), and the LIKE decides either way.
 */
export function searchCondition(column: string, term: string, params: SqlParams): string {
  const text = term.toLowerCase()
  const like = `${column} like ${params.add(containsPattern(text), 'text')}`
  if (trigramRun.test(text)) return like
  const characters = Array.from(text)
  const bigrams = new Set<string>()
  for (let i = 0; i + 1 < characters.length; i++) bigrams.add(`${characters[i]}${characters[i + 1]}`)
  return `search_bigrams(${column}) @> ${params.add([...bigrams], 'text[]')} and ${like}`
}

// Three letters or digits in a row: what pg_trgm surely extracts a trigram from.
const trigramRun = /[\p{L}\p{N}]{3}/u

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
