/**
 * What the published contract (../shared/spec/shop-api-v1.md, 1.0.0-rc.6) names, so that the document
 * can mark everything this product adds with `x-shopapi-addition: true` (issue 25 item 6). The
 * contract is the reference; the additions are derived, never listed by hand, so a field added later
 * is marked without anyone remembering to. Only what the contract lists in full is compared: for
 * resources whose shapes it leaves "not shown" (vehicles, tasks, payments, technicians, pricing and
 * money objects) every field is the product's reading of the contract, not an addition.
 */

/** Operations the contract names ("Endpoints" and "Operations named but without a shape"). */
export const contractOperations: ReadonlySet<string> = new Set([
  'GET /shop',
  'GET /appointments',
  'POST /appointments',
  'GET /appointments/availability',
  'GET /appointments/{public_id}',
  'PATCH /appointments/{public_id}',
  'POST /appointments/{public_id}/cancel',
  'POST /appointments/{public_id}/check-in',
  'POST /appointments/{public_id}/repair-order',
  'GET /customers',
  'POST /customers',
  'GET /customers/{public_id}',
  'PATCH /customers/{public_id}',
  'POST /customers/{public_id}/archive',
  ...['customers', 'vehicles', 'repair-orders', 'tasks'].flatMap((resource) => [
    `PUT /${resource}/{public_id}/external-id`,
    `DELETE /${resource}/{public_id}/external-id`,
  ]),
  'GET /canned-jobs',
  'GET /canned-jobs/{public_id}',
  'GET /events',
  'GET /events/{public_id}',
  'GET /inventory-items',
  'GET /inventory-items/{public_id}',
  'GET /invoices',
  'GET /invoices/{public_id}',
  'GET /jobs/{public_id}',
  'POST /jobs/{public_id}/start',
  'POST /jobs/{public_id}/complete',
  'POST /jobs/{public_id}/unable-to-complete',
  'GET /jobs/{public_id}/labor',
  'GET /jobs/{public_id}/parts',
  'GET /webhook-endpoints',
  'POST /webhook-endpoints',
  'GET /webhook-endpoints/{public_id}',
  'PATCH /webhook-endpoints/{public_id}',
  'POST /webhook-endpoints/{public_id}/rotate-secret',
  'POST /webhook-endpoints/{public_id}/test',
  // "Vehicle operations: list ... and create exist, and vehicles can be archived and merged"
  'GET /vehicles',
  'POST /vehicles',
  'POST /vehicles/{public_id}/archive',
  'GET /repair-orders',
  'POST /repair-orders',
  'PATCH /repair-orders/{public_id}',
  'POST /repair-orders/{public_id}/jobs',
  'GET /repair-orders/{public_id}/jobs',
  'GET /tasks',
  'POST /tasks',
  'PATCH /tasks/{public_id}',
  'POST /tasks/{public_id}/complete',
  'GET /payments',
  'GET /payments/{public_id}',
  'GET /technicians',
  // "The contract is published as an OpenAPI document" (Overview 5).
  'GET /openapi.json',
])

/** The query parameters of the operations whose inputs the contract lists; `limit`, `cursor` are common. */
export const contractQueryParameters: Readonly<Record<string, readonly string[]>> = {
  'GET /appointments': [
    'scheduled_date_from',
    'scheduled_date_to',
    'status',
    'customer',
    'vehicle',
    'technician',
    'updated_after',
    'sort',
  ],
  'GET /appointments/availability': ['date', 'start_date', 'end_date'],
  'GET /customers': ['q', 'email', 'phone', 'external_id', 'updated_after', 'lifecycle', 'sort'],
  'GET /canned-jobs': ['q', 'category', 'active'],
  'GET /events': ['type'],
  'GET /inventory-items': [
    'q',
    'part_number',
    'product_family',
    'in_stock',
    'active',
    'tire_size',
    'tire_width',
    'tire_aspect_ratio',
    'tire_rim_diameter',
  ],
  'GET /invoices': [
    'status',
    'doc_type',
    'customer',
    'repair_order',
    'number',
    'business_date_from',
    'business_date_to',
  ],
  'GET /jobs/{public_id}/labor': [],
  'GET /jobs/{public_id}/parts': [],
  'GET /vehicles': [
    'customer',
    'vin',
    'plate',
    'unit_number',
    'q',
    'external_id',
    'updated_after',
    'lifecycle',
    'sort',
  ],
  'GET /repair-orders': [
    'state',
    'number',
    'customer',
    'vehicle',
    'external_id',
    'created_after',
    'created_before',
    'updated_after',
    'sort',
  ],
  'GET /tasks': ['status', 'assignee', 'external_id', 'updated_after', 'sort'],
  'GET /payments': ['settlement_target', 'repair_order', 'invoice', 'business_date_from', 'business_date_to'],
}
const pagingParameters = ['limit', 'cursor']

/** The fields of the schemas the contract lists in full ("Resources", "Endpoints" bodies). */
const everyResource = ['id', 'object']
export const contractFields: Readonly<Record<string, readonly string[]>> = {
  Shop: [...everyResource, 'name', 'timezone', 'currency', 'capabilities'],
  Appointment: [
    ...everyResource,
    'status',
    'date',
    'time',
    'timezone',
    'starts_at',
    'duration_minutes',
    'reason',
    'notes',
    'customer_id',
    'vehicle_id',
    'technician_id',
    'repair_order_id',
    'confirmed_at',
    'arrived_at',
    'cancelled_at',
    'status_reason',
    'available_actions',
    'version',
    'created_at',
    'updated_at',
  ],
  AppointmentCreate: [
    'customer_id',
    'date',
    'time',
    'duration_minutes',
    'notes',
    'reason',
    'technician_id',
    'vehicle_id',
    'utc_offset',
  ],
  AppointmentUpdate: [
    'date',
    'duration_minutes',
    'expected_version',
    'notes',
    'reason',
    'technician_id',
    'time',
    'utc_offset',
  ],
  AppointmentCancel: ['reason'],
  AppointmentConversion: ['odometer_in'],
  Availability: ['date', 'available', 'reason', 'open_time', 'close_time', 'booked', 'capacity'],
  Customer: [
    ...everyResource,
    'first_name',
    'last_name',
    'company_name',
    'email',
    'phone',
    'phone_alt',
    'notes',
    'external_id',
    'merged_into',
    'address',
    'preferred_contact',
    'consent',
    'fleet_account',
    'tax_exempt',
    'archived',
    'tags',
    'version',
    'created_at',
    'updated_at',
  ],
  Address: ['line1', 'city', 'region', 'postal_code', 'country'],
  Consent: ['sms_transactional', 'sms_marketing', 'email_transactional', 'email_marketing', 'voice', 'do_not_call'],
  CustomerCreate: customerBody(),
  CustomerUpdate: [...customerBody(), 'expected_version'],
  CannedJob: [
    ...everyResource,
    'name',
    'category',
    'description',
    'default_hours',
    'pricing',
    'redacted_fields',
    'active',
    'parts',
    'created_at',
  ],
  CannedPart: ['part_number', 'description', 'quantity', 'pricing', 'cost', 'redacted_fields'],
  Cost: ['currency', 'unit_cost', 'average_cost'],
  InventoryItem: [
    ...everyResource,
    'name',
    'brand',
    'category',
    'part_number',
    'location',
    'product_family',
    'uom',
    'quantity_on_hand',
    'quantity_available',
    'quantity_reserved',
    'active',
    'pricing',
    'cost',
    'tire',
    'redacted_fields',
    'created_at',
    'updated_at',
  ],
  RepairOrder: [
    ...everyResource,
    'number',
    'number_value',
    'state',
    'customer_id',
    'vehicle_id',
    'origin_appointment_id',
    'customer_concern',
    'odometer_in',
    'odometer_out',
    'is_comeback',
    'tax_exempt',
    'promised_at',
    'completed_at',
    'invoiced_at',
    'picked_up_at',
    'external_id',
    'jobs',
    'pricing',
    'redacted_fields',
    'version',
    'created_at',
    'updated_at',
  ],
  Job: [
    ...everyResource,
    'repair_order_id',
    'name',
    'description',
    'kind',
    'decision_state',
    'execution_state',
    'available_actions',
    'canned_job_id',
    'technician_id',
    'labor_hours',
    'taxable',
    'started_at',
    'completed_at',
    'pricing',
    'redacted_fields',
    'created_at',
    'updated_at',
  ],
  Invoice: [
    ...everyResource,
    'number',
    'doc_type',
    'status',
    'currency',
    'customer_id',
    'repair_order_id',
    'vehicle_id',
    'credit_note_of',
    'business_date',
    'posted_at',
    'voided_at',
    'totals',
    'lines',
    'taxes',
    'created_at',
  ],
  ExternalReference: ['object', 'external_id', 'object_type'],
  Event: [...everyResource, 'type', 'api_version', 'test', 'created_at', 'data'],
  EventData: ['object_type', 'object_id', 'summary'],
  QueuedEvent: [...everyResource, 'status', 'test'],
  WebhookEndpoint: webhookEndpointFields(),
  WebhookEndpointWithSecret: [...webhookEndpointFields(), 'secret'],
  Blocker: ['type', 'reason', 'message', 'resolution'],
}

function customerBody(): string[] {
  return [
    'first_name',
    'last_name',
    'company_name',
    'email',
    'phone',
    'phone_alt',
    'address',
    'city',
    'region',
    'postal_code',
    'preferred_contact',
    'notes',
    'tags',
    'fleet_account',
    'tax_exempt',
  ]
}

function webhookEndpointFields(): string[] {
  return [
    ...everyResource,
    'url',
    'description',
    'event_types',
    'status',
    'disabled_reason',
    'api_version',
    'created_at',
    'updated_at',
  ]
}

export const additionMark = 'x-shopapi-addition'

type OpenApiOperation = { parameters?: { in: string; name: string; [key: string]: unknown }[]; [key: string]: unknown }
type SchemaObject = { properties?: Record<string, Record<string, unknown>>; [key: string]: unknown }

/** One addition, as the README's Changelog names it: `GET /me`, `Invoice.void_reason`, `GET /tasks ?q`. */
export type Addition = string

/**
 * Marks every operation, query parameter and field the contract does not name with
 * `x-shopapi-addition: true`, and returns their names. A property that is a bare `$ref` gets the mark
 * beside it (an annotation, which JSON Schema 2020-12 allows beside `$ref`).
 */
export function markAdditions(document: {
  paths?: Record<string, Record<string, OpenApiOperation>>
  components?: { schemas?: Record<string, SchemaObject> }
}): Addition[] {
  const additions: Addition[] = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`
      if (!contractOperations.has(name)) {
        operation[additionMark] = true
        additions.push(name)
        continue
      }
      const named = contractQueryParameters[name]
      if (!named) continue
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || named.includes(parameter.name) || pagingParameters.includes(parameter.name))
          continue
        parameter[additionMark] = true
        additions.push(`${name} ?${parameter.name}`)
      }
    }
  }
  for (const [schemaName, fields] of Object.entries(contractFields)) {
    const schema = document.components?.schemas?.[schemaName]
    for (const [field, property] of Object.entries(schema?.properties ?? {})) {
      if (fields.includes(field)) continue
      property[additionMark] = true
      additions.push(`${schemaName}.${field}`)
    }
  }
  return additions
}
