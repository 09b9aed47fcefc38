import { Flags } from '@oclif/core'
import type { z } from 'zod'
import { ApiError } from '../lib/errors.js'
import { parseInput } from '../platform/operation.js'

// The flags of `customers create|update` and `vehicles create|update`: one per field of the API's
// body, spelled as the field (`postal_code` is `--postal-code`). The values go to the API's own
// schema (parseFlags), so the CLI and an integration are held to the same rules and limits.

/** A text flag of an update: '' clears the field (null), as the API's explicit null does. */
export function clearable(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined
  return value.trim() === '' ? null : value
}

/** A comma-separated list flag: `--tags "fleet, vip"`; '' is an empty list. */
export function listFlag(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

/** A whole-number flag given to a schema as a number (the schema says what range it takes). */
export function numberFlag(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined
  return /^-?\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : value
}

export const customerFlags = {
  'company-name': Flags.string({ description: 'Company (up to 255 characters)' }),
  email: Flags.string({ description: 'Email address' }),
  phone: Flags.string({ description: "Phone, any format (normalised for the shop's region)" }),
  'phone-alt': Flags.string({ description: 'A second phone' }),
  address: Flags.string({ description: 'Street address (line 1)' }),
  city: Flags.string({ description: 'City' }),
  region: Flags.string({ description: 'State or province' }),
  'postal-code': Flags.string({ description: 'Postal code' }),
  country: Flags.string({ description: 'Country, ISO 3166-1 alpha-2 (US)' }),
  'preferred-contact': Flags.string({ description: 'sms, email or phone' }),
  notes: Flags.string({ description: 'Notes (up to 5000 characters)' }),
  tags: Flags.string({ description: 'Comma-separated tags: "fleet, vip"' }),
  'fleet-account': Flags.boolean({ description: 'A fleet account (takes vehicles on terms)', allowNo: true }),
  'tax-exempt': Flags.boolean({ description: 'Exempt from sales tax', allowNo: true }),
}

type CustomerFlagValues = {
  'first-name'?: string | undefined
  'last-name'?: string | undefined
  'company-name'?: string | undefined
  email?: string | undefined
  phone?: string | undefined
  'phone-alt'?: string | undefined
  address?: string | undefined
  city?: string | undefined
  region?: string | undefined
  'postal-code'?: string | undefined
  country?: string | undefined
  'preferred-contact'?: string | undefined
  notes?: string | undefined
  tags?: string | undefined
  'fleet-account'?: boolean | undefined
  'tax-exempt'?: boolean | undefined
}

/** The API body fields of the customer flags given ('' clears a text field); absent flags are absent. */
export function customerInput(flags: CustomerFlagValues): Record<string, unknown> {
  return {
    first_name: flags['first-name'],
    last_name: flags['last-name'],
    company_name: clearable(flags['company-name']),
    email: clearable(flags.email),
    phone: clearable(flags.phone),
    phone_alt: clearable(flags['phone-alt']),
    address: clearable(flags.address),
    city: clearable(flags.city),
    region: clearable(flags.region),
    postal_code: clearable(flags['postal-code']),
    country: clearable(flags.country),
    preferred_contact: clearable(flags['preferred-contact']),
    notes: clearable(flags.notes),
    tags: listFlag(flags.tags),
    fleet_account: flags['fleet-account'],
    tax_exempt: flags['tax-exempt'],
  }
}

export const vehicleFlags = {
  vin: Flags.string({ description: '17-character VIN (check digit verified for North American VINs)' }),
  year: Flags.string({ description: 'Model year' }),
  make: Flags.string({ description: 'Make: Honda' }),
  model: Flags.string({ description: 'Model: Civic' }),
  trim: Flags.string({ description: 'Trim' }),
  engine: Flags.string({ description: 'Engine' }),
  color: Flags.string({ description: 'Color' }),
  plate: Flags.string({ description: 'Licence plate' }),
  'plate-region': Flags.string({ description: 'Where the plate is issued: TX, ON' }),
  'unit-number': Flags.string({ description: "A fleet customer's unit number" }),
  odometer: Flags.string({ description: 'Last known odometer reading' }),
  notes: Flags.string({ description: 'Notes (up to 5000 characters)' }),
}

type VehicleFlagValues = { [K in keyof typeof vehicleFlags]?: string | undefined } & {
  customer?: string | undefined
}

/** The API body fields of the vehicle flags given ('' clears a field); absent flags are absent. */
export function vehicleInput(flags: VehicleFlagValues): Record<string, unknown> {
  return {
    customer_id: flags.customer,
    vin: clearable(flags.vin),
    year: flags.year?.trim() === '' ? null : numberFlag(flags.year),
    make: clearable(flags.make),
    model: clearable(flags.model),
    trim: clearable(flags.trim),
    engine: clearable(flags.engine),
    color: clearable(flags.color),
    plate: clearable(flags.plate),
    plate_region: clearable(flags['plate-region']),
    unit_number: clearable(flags['unit-number']),
    odometer: flags.odometer?.trim() === '' ? null : numberFlag(flags.odometer),
    notes: clearable(flags.notes),
  }
}

/**
 * A list's flags checked by the API's own query schema; a refusal names the flag that was given
 * (`--search must be at least 2 characters long`), not the query parameter it became (`q`).
 */
export function parseQueryFlags<S extends z.ZodType>(
  schema: S,
  query: Record<string, string | undefined>,
  flagOf: Record<string, string> = {},
): z.output<S> {
  const present = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined))
  try {
    return parseInput(schema, present, 'query')
  } catch (error) {
    if (!(error instanceof ApiError) || error.param === null) throw error
    const flag = `--${flagOf[error.param] ?? error.param.replaceAll('_', '-')}`
    const message = error.message.startsWith(`${error.param}: `)
      ? `${flag} ${error.message.slice(error.param.length + 2)}`
      : error.message
    throw new ApiError(error.code, message, { param: error.param })
  }
}
