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
