import { normalizePlate } from '../../lib/plates.js'
import { externalIdColumn, type ResourceDefinition } from '../../platform/resource.js'
import type { VehicleListQuery } from './schema.js'

export interface VehicleRow {
  shop_id: string
  id: string
  public_id: string
  customer_id: string
  /** The owner's cus_ id. */
  customer_public_id: string
  vin: string | null
  year: number | null
  make: string | null
  model: string | null
  trim: string | null
  engine: string | null
  color: string | null
  plate: string | null
  plate_region: string | null
  unit_number: string | null
  odometer: number | null
  notes: string | null
  archived: boolean
  version: number
  created_at: Date
  updated_at: Date
  /** The reading integration's own external id, if it set one. */
  external_id: string | null
  merged_into_public_id: string | null
}

export type VehicleFilters = Omit<VehicleListQuery, 'limit' | 'cursor' | 'sort'>

const text = (column: string) => ({ sql: `v.${column}`, type: 'text' as const })

export const vehicleDefinition: ResourceDefinition<VehicleRow, VehicleFilters> = {
  objectType: 'vehicle',
  table: 'vehicles',
  alias: 'v',
  idKind: 'vehicle',
  columns: {
    shop_id: { sql: 'v.shop_id', type: 'uuid' },
    id: { sql: 'v.id', type: 'uuid' },
    public_id: text('public_id'),
    customer_id: { sql: 'v.customer_id', type: 'uuid' },
    customer_public_id: { sql: 'o.public_id', type: 'text' },
    vin: text('vin'),
    year: { sql: 'v.year', type: 'integer' },
    make: text('make'),
    model: text('model'),
    trim: text('trim'),
    engine: text('engine'),
    color: text('color'),
    plate: text('plate'),
    plate_region: text('plate_region'),
    unit_number: text('unit_number'),
    odometer: { sql: 'v.odometer', type: 'integer' },
    notes: text('notes'),
    archived: { sql: 'v.archived_at is not null', type: 'boolean' },
    version: { sql: 'v.version', type: 'integer' },
    created_at: { sql: 'v.created_at', type: 'timestamptz' },
    updated_at: { sql: 'v.updated_at', type: 'timestamptz' },
    external_id: externalIdColumn,
    merged_into_public_id: { sql: 'm.public_id', type: 'text' },
  },
  joins: () => `join customers o on o.shop_id = v.shop_id and o.id = v.customer_id
    left join vehicles m on m.shop_id = v.shop_id and m.id = v.merged_into_id`,
  // The plate also keeps the normalized form the `plate` filter compares (service.ts adds it).
  writable: {
    vin: { column: 'vin', type: 'text' },
    year: { column: 'year', type: 'integer' },
    make: { column: 'make', type: 'text' },
    model: { column: 'model', type: 'text' },
    trim: { column: 'trim', type: 'text' },
    engine: { column: 'engine', type: 'text' },
    color: { column: 'color', type: 'text' },
    plate: { column: 'plate', type: 'text' },
    plate_region: { column: 'plate_region', type: 'text' },
    unit_number: { column: 'unit_number', type: 'text' },
    odometer: { column: 'odometer', type: 'integer' },
    notes: { column: 'notes', type: 'text' },
  },
  filters: {
    lifecycle: (value) =>
      value === 'active' ? 'v.archived_at is null' : value === 'archived' ? 'v.archived_at is not null' : 'true',
    // An unknown customer narrows the list to nothing: filters never 404.
    customer: (value, { params, shopId }) =>
      `v.customer_id = (select id from customers where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    vin: (value, { params }) => `v.vin = ${params.add(value, 'text')}`,
    plate: (value, { params }) => `v.plate_normalized = ${params.add(normalizePlate(value), 'text')}`,
    unit_number: (value, { params }) => `lower(v.unit_number) = lower(${params.add(value, 'text')})`,
    updated_after: (value, { params }) => `v.updated_at > ${params.add(value, 'timestamptz')}`,
  },
  sorts: ['created_at', 'updated_at'],
  // `q`: trigram and bigram indexes (00002, 00005, 00018); the kit builds the condition.
  search: 'search_text',
  externalIds: true,
  archivable: true,
  events: {
    created: 'vehicle.created',
    updated: 'vehicle.updated',
    archived: 'vehicle.archived',
    merged: 'vehicle.merged',
  },
  summary: (row) => vehicleSummary(row),
}

/** Small and free of anything sensitive (spec "Envelope"): enough to tell which vehicle changed. */
export function vehicleSummary(
  row: Pick<VehicleRow, 'customer_public_id' | 'vin' | 'year' | 'make' | 'model' | 'plate'>,
) {
  return {
    customer_id: row.customer_public_id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    plate: row.plate,
  }
}
