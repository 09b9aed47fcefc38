import ct from 'countries-and-timezones'
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js'

/** The country whose dialling rules apply to numbers written without +country code, from the shop's zone. */
export function phoneRegionForTimezone(timezone: string): CountryCode {
  const countries = ct.getTimezone(timezone)?.countries ?? []
  return (countries[0] as CountryCode | undefined) ?? 'US'
}

/**
 * The form phone filters compare: E.164 when libphonenumber can read the number (so `(555) 010-2030`,
 * `555.010.2030` and `+1 555 010 2030` agree in a US shop), else its digits. Null when there are no digits.
 */
export function normalizePhone(value: string | null | undefined, region: CountryCode): string | null {
  if (!value) return null
  const digits = value.replace(/\D/g, '')
  if (digits.length === 0) return null
  const parsed = parsePhoneNumberFromString(value, region)
  return parsed?.number ?? digits
}
