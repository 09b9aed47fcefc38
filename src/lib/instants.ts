/** Response instants: RFC 3339, UTC, `Z` suffix, millisecond precision. */
export function toInstant(value: Date): string {
  return value.toISOString()
}

export function toNullableInstant(value: Date | null): string | null {
  return value === null ? null : value.toISOString()
}
