import { pricingTotalColumns, type StoredPricingTotals } from '../../platform/money-schemas.js'
import { externalIdColumn, type ResourceDefinition } from '../../platform/resource.js'
import { repairOrderSummary, unmappedStates } from '../shop-floor/states.js'
import type { RepairOrderListQuery } from './schema.js'

export interface RepairOrderRow extends StoredPricingTotals {
  shop_id: string
  id: string
  public_id: string
  number_value: number
  /** The internal state (publicRepairOrderState maps it). */
  state: string
  customer_id: string
  customer_public_id: string
  vehicle_id: string
  vehicle_public_id: string
  origin_appointment_public_id: string | null
  customer_concern: string | null
  odometer_in: number | null
  odometer_out: number | null
  is_comeback: boolean
  tax_exempt: boolean
  promised_at: Date | null
  completed_at: Date | null
  invoiced_at: Date | null
  picked_up_at: Date | null
  external_id: string | null
  version: number
  created_at: Date
  updated_at: Date
}

export type RepairOrderFilters = Omit<RepairOrderListQuery, 'limit' | 'cursor' | 'sort'>

const column = (name: string, type: 'text' | 'integer' | 'boolean' | 'timestamptz' | 'numeric' | 'uuid') => ({
  sql: `ro.${name}`,
  type,
})

// A number is the digits of number_value and nothing else: "01001" or "RO-1001" finds nothing.
const numberDigits = /^[1-9][0-9]{0,17}$/

export const repairOrderDefinition: ResourceDefinition<RepairOrderRow, RepairOrderFilters> = {
  objectType: 'repair_order',
  table: 'repair_orders',
  alias: 'ro',
  idKind: 'repairOrder',
  columns: {
    shop_id: column('shop_id', 'uuid'),
    id: column('id', 'uuid'),
    public_id: column('public_id', 'text'),
    // bigint in the table; pg would hand it over as a string, and numbers stay far below 2^31.
    number_value: { sql: 'ro.number_value::integer', type: 'integer' },
    state: column('state', 'text'),
    customer_id: column('customer_id', 'uuid'),
    customer_public_id: { sql: 'c.public_id', type: 'text' },
    vehicle_id: column('vehicle_id', 'uuid'),
    vehicle_public_id: { sql: 'v.public_id', type: 'text' },
    origin_appointment_public_id: {
      sql: '(select a.public_id from appointments a where a.shop_id = ro.shop_id and a.id = ro.origin_appointment_id)',
      type: 'text',
    },
    customer_concern: column('customer_concern', 'text'),
    odometer_in: column('odometer_in', 'integer'),
    odometer_out: column('odometer_out', 'integer'),
    is_comeback: column('is_comeback', 'boolean'),
    tax_exempt: column('tax_exempt', 'boolean'),
    promised_at: column('promised_at', 'timestamptz'),
    completed_at: column('completed_at', 'timestamptz'),
    invoiced_at: column('invoiced_at', 'timestamptz'),
    picked_up_at: column('picked_up_at', 'timestamptz'),
    // Totals kept by the jobs' repricing, and the shop currency (joined as s).
    ...pricingTotalColumns('ro'),
    external_id: externalIdColumn,
    version: column('version', 'integer'),
    created_at: column('created_at', 'timestamptz'),
    updated_at: column('updated_at', 'timestamptz'),
  },
  joins: () => `join customers c on c.shop_id = ro.shop_id and c.id = ro.customer_id
    join vehicles v on v.shop_id = ro.shop_id and v.id = ro.vehicle_id
    join shops s on s.id = ro.shop_id`,
  writable: {
    customer_concern: { column: 'customer_concern', type: 'text' },
    odometer_in: { column: 'odometer_in', type: 'integer' },
    odometer_out: { column: 'odometer_out', type: 'integer' },
    promised_at: { column: 'promised_at', type: 'timestamptz' },
    is_comeback: { column: 'is_comeback', type: 'boolean' },
    tax_exempt: { column: 'tax_exempt', type: 'boolean' },
  },
  filters: {
    state: (value, { params }) =>
      value === 'unknown'
        ? `ro.state = any(${params.add([...unmappedStates], 'text[]')})`
        : `ro.state = ${params.add(value, 'text')}`,
    number: (value, { params }) =>
      numberDigits.test(value) ? `ro.number_value = ${params.add(value, 'bigint')}` : 'false',
    // An unknown customer or vehicle narrows the list to nothing: filters never 404.
    customer: (value, { params, shopId }) =>
      `ro.customer_id = (select id from customers where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    vehicle: (value, { params, shopId }) =>
      `ro.vehicle_id = (select id from vehicles where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    created_after: (value, { params }) => `ro.created_at > ${params.add(value, 'timestamptz')}`,
    created_before: (value, { params }) => `ro.created_at < ${params.add(value, 'timestamptz')}`,
    updated_after: (value, { params }) => `ro.updated_at > ${params.add(value, 'timestamptz')}`,
  },
  sorts: ['created_at', 'updated_at'],
  externalIds: true,
  events: { created: 'repair_order.created', updated: 'repair_order.updated' },
  summary: (row) => repairOrderSummary(row),
}
