import type { Queryable } from '../db/pool.js'
import type { PricingTotals } from '../platform/money-schemas.js'
import type { Appointment } from '../resources/appointments/schema.js'
import type { Customer } from '../resources/customers/schema.js'
import type { Job } from '../resources/jobs/schema.js'
import type { Vehicle } from '../resources/vehicles/schema.js'
import { type Names, nameOf, namesOf } from './names.js'

// How the front-desk commands show customers and vehicles to people: a name is always printed beside
// an id, and an address or a vehicle reads as a line, not as JSON. `--json` prints the API's objects.

export function customerName(customer: Pick<Customer, 'first_name' | 'last_name' | 'company_name'>): string {
  const name = `${customer.first_name} ${customer.last_name}`
  return customer.company_name ? `${name} (${customer.company_name})` : name
}

export function vehicleName(vehicle: Pick<Vehicle, 'year' | 'make' | 'model' | 'vin' | 'plate'>): string {
  const described = [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null).join(' ')
  const name = described || vehicle.vin || 'Vehicle'
  return vehicle.plate ? `${name} [${vehicle.plate}]` : name
}

export const customerColumns = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'NAME' },
  { key: 'phone', header: 'PHONE' },
  { key: 'email', header: 'EMAIL' },
  { key: 'tags', header: 'TAGS' },
  { key: 'archived', header: 'ARCHIVED' },
]

export function customerRow(customer: Customer): Record<string, unknown> {
  return { ...customer, name: customerName(customer) }
}

/** A customer as the two-column table of `printRecord`: the address on one line. */
export function customerFields(customer: Customer): Record<string, unknown> {
  const { address } = customer
  const line = [
    address.line1,
    address.city,
    [address.region, address.postal_code].filter(Boolean).join(' '),
    address.country,
  ]
    .filter((part) => part)
    .join(', ')
  return {
    id: customer.id,
    name: customerName(customer),
    email: customer.email,
    phone: customer.phone,
    phone_alt: customer.phone_alt,
    address: line || null,
    preferred_contact: customer.preferred_contact,
    tags: customer.tags,
    fleet_account: customer.fleet_account,
    tax_exempt: customer.tax_exempt,
    notes: customer.notes,
    archived: customer.archived,
    merged_into: customer.merged_into,
    version: customer.version,
  }
}

export const vehicleColumns = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'VEHICLE' },
  { key: 'vin', header: 'VIN' },
  { key: 'customer_id', header: 'CUSTOMER ID' },
  { key: 'customer', header: 'CUSTOMER' },
  { key: 'odometer', header: 'ODOMETER' },
]

export function vehicleRow(vehicle: Vehicle, customer?: string | null): Record<string, unknown> {
  return { ...vehicle, name: vehicleName(vehicle), customer: customer ?? null }
}

/** A vehicle as the two-column table of `printRecord`, its owner named beside the id. */
export function vehicleFields(vehicle: Vehicle, owner: string | null): Record<string, unknown> {
  return {
    id: vehicle.id,
    vehicle: vehicleName(vehicle),
    customer_id: vehicle.customer_id,
    customer: owner,
    vin: vehicle.vin,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
    engine: vehicle.engine,
    color: vehicle.color,
    plate: vehicle.plate,
    plate_region: vehicle.plate_region,
    unit_number: vehicle.unit_number,
    odometer: vehicle.odometer,
    notes: vehicle.notes,
    archived: vehicle.archived,
    merged_into: vehicle.merged_into,
    version: vehicle.version,
  }
}

/**
 * An appointment as the two-column table of `printRecord`: each of its customer, vehicle, technician
 * and repair order with a name beside the id (`names`: cli/names.ts).
 */
export function appointmentFields(appointment: Appointment, names: Names): Record<string, unknown> {
  return {
    id: appointment.id,
    status: appointment.status,
    date: appointment.date,
    time: `${appointment.time} (${appointment.timezone})`,
    duration_minutes: appointment.duration_minutes,
    customer_id: appointment.customer_id,
    customer: nameOf(names, appointment.customer_id),
    vehicle_id: appointment.vehicle_id,
    vehicle: nameOf(names, appointment.vehicle_id),
    technician_id: appointment.technician_id,
    technician: nameOf(names, appointment.technician_id),
    reason: appointment.reason,
    notes: appointment.notes,
    repair_order_id: appointment.repair_order_id,
    status_reason: appointment.status_reason,
    arrived_at: appointment.arrived_at,
    cancelled_at: appointment.cancelled_at,
    available_actions: appointment.available_actions,
    version: appointment.version,
  }
}

/** The names an appointment's table shows. */
export function appointmentNames(db: Queryable, shopId: string, appointment: Appointment): Promise<Names> {
  return namesOf(db, shopId, {
    customers: [appointment.customer_id],
    vehicles: [appointment.vehicle_id],
    technicians: [appointment.technician_id],
  })
}

/** Pricing totals on one line, as a paper estimate reads: "Labor 180.00  Parts 90.00 … Total 297.00 USD". */
export function pricingLine(pricing: PricingTotals | null): string | null {
  if (!pricing) return null
  return `Labor ${pricing.labor}  Parts ${pricing.parts}  Fees ${pricing.fees}  Discounts ${pricing.discounts}  Subtotal ${pricing.subtotal}  Tax ${pricing.tax}  Total ${pricing.total} ${pricing.currency}`
}

/** A job as the two-column table of `printRecord`: its technician named beside the id, its pricing on a line. */
export function jobRecord(job: Job, names: Names): Record<string, unknown> {
  return {
    id: job.id,
    repair_order_id: job.repair_order_id,
    name: job.name,
    kind: job.kind,
    decision_state: job.decision_state,
    execution_state: job.execution_state,
    technician_id: job.technician_id,
    technician: nameOf(names, job.technician_id),
    canned_job_id: job.canned_job_id,
    labor_hours: job.labor_hours,
    taxable: job.taxable,
    pricing: pricingLine(job.pricing),
    available_actions: job.available_actions,
    started_at: job.started_at,
    completed_at: job.completed_at,
    version: job.version,
  }
}

/** A job and the names its table shows (its technician's), read in the command's transaction. */
export async function jobWithNames(db: Queryable, shopId: string, job: Job): Promise<{ job: Job; names: Names }> {
  return { job, names: await namesOf(db, shopId, { technicians: [job.technician_id] }) }
}
