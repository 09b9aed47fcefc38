declare global {
  interface String {
    // ES2024, present since Node 20; the project's `lib` is ES2023, whose other ES2024 additions
    // (Object.groupBy, Promise.withResolvers) Node 20 lacks, so only this one is declared.
    isWellFormed(): boolean
  }
}

/**
 * Text PostgreSQL can store as given: no NUL (refused by Postgres) and no lone UTF-16 surrogate
 * (written as U+FFFD by the driver, silently). Linear in the length.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed()
}

/**
 * The path to the first string (or object key) of a value that Postgres cannot store (see
 * `isStorableText`); null when there is none. Linear in the value's size.
 */
export function findUnstorableText(value: unknown): string[] | null {
  // The path is built only on the way back from a find: every request passes through here, and
  // almost none holds such text, so the walk allocates nothing per key.
  if (typeof value === 'string') return isStorableText(value) ? null : []
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index])
      if (found) return [String(index), ...found]
    }
  } else if (value && typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      if (!isStorableText(key)) return [key]
      const found = findUnstorableText((value as Record<string, unknown>)[key])
      if (found) return [key, ...found]
    }
  }
  return null
}
