// Time zones and currencies are checked against the ICU data that ships with Node (Intl), which
// follows the IANA tz database and ISO 4217: no hand-kept lists.
const timeZoneName = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/
const zones = new Set(Intl.supportedValuesOf('timeZone'))
const currencies = new Set(Intl.supportedValuesOf('currency'))

/** IANA zone names, aliases included (`US/Eastern`, `UTC`); offsets such as `+02:00` are not zones. */
export function isIanaTimeZone(value: string): boolean {
  if (zones.has(value)) return true
  if (!timeZoneName.test(value)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export function isIsoCurrency(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && currencies.has(value)
}
