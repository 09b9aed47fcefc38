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
