// The complete scope catalogue (spec "Authentication" 4 names part of it; docs/decisions/identity-and-access.md has the rest).
// Write never implies read: an operation lists every scope it needs.
export const scopeCatalogue = {
  'shop.read': 'Read the shop profile: name, time zone, currency, capabilities.',
  'customers.read': 'Read customers.',
  'customers.write': 'Create, update and archive customers (with customers.read).',
  'vehicles.read': 'Read vehicles.',
  'vehicles.write': 'Create, update and archive vehicles (with vehicles.read).',
  'appointments.read': 'Read appointments and availability.',
  'appointments.write': 'Book, change, cancel and check in appointments (with appointments.read).',
  'repair_orders.read': 'Read repair orders and their jobs, parts and labor.',
  'repair_orders.write': 'Create and update repair orders and add jobs (with repair_orders.read).',
  'jobs.actions': 'Start, complete or mark jobs unable to complete (with repair_orders.read).',
  'technicians.read': 'Read technicians.',
  'canned_jobs.read': 'Read canned jobs.',
  'inventory.read': 'Read inventory items.',
  'invoices.read': 'Read invoices and credit notes.',
  'payments.read': 'Read payments.',
  'tasks.read': 'Read tasks.',
  'tasks.write': 'Create, update and complete tasks (with tasks.read).',
  'external_refs.write': "Set and remove the integration's external ids (with the resource's read scope).",
  'webhooks.manage': "Manage the integration's webhook endpoints.",
  'pricing.read': 'Unredact sale pricing on repair orders, jobs, parts, labor and canned jobs.',
  'inventory.cost.read': 'Unredact acquisition cost on inventory and canned-job parts.',
} as const

export type Scope = keyof typeof scopeCatalogue

export const allScopes = Object.keys(scopeCatalogue) as Scope[]

export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalogue, value)
}

/** Splits and checks a comma-separated scope list; throws with the unknown names. */
export function parseScopeList(input: string): Scope[] {
  const names = [
    ...new Set(
      input
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
  const unknown = names.filter((name) => !isScope(name))
  if (unknown.length > 0) {
    throw new Error(
      `Unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known scopes: ${allScopes.join(', ')}`,
    )
  }
  if (names.length === 0) throw new Error('At least one scope is required')
  return names as Scope[]
}
