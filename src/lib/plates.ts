/**
 * The form licence-plate filters compare: upper-case without spaces, hyphens or dots, so `abc 123`,
 * `ABC-123` and `A.B.C 123` find the same vehicle.
 */
export function normalizePlate(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '')
}
