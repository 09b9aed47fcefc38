import { presentPricingTotals } from '../../platform/money-schemas.js'
import { isoOrNull } from '../../platform/resource.js'
import { publicRepairOrderState } from '../shop-floor/states.js'
import type { RepairOrderRow } from './definition.js'
import type { RepairOrder } from './schema.js'

/**
 * The public object with everything shown: the runner nulls `pricing` for a key without
 * pricing.read and lists `/pricing` in `redacted_fields`; staff commands print it as is.
 */
export function toRepairOrderResource(row: RepairOrderRow): RepairOrder {
  return {
    id: row.public_id,
    object: 'repair_order',
    number: String(row.number_value),
    number_value: row.number_value,
    state: publicRepairOrderState(row.state),
    customer_id: row.customer_public_id,
    vehicle_id: row.vehicle_public_id,
    origin_appointment_id: row.origin_appointment_public_id,
    customer_concern: row.customer_concern,
    odometer_in: row.odometer_in,
    odometer_out: row.odometer_out,
    is_comeback: row.is_comeback,
    tax_exempt: row.tax_exempt,
    promised_at: isoOrNull(row.promised_at),
    completed_at: isoOrNull(row.completed_at),
    invoiced_at: isoOrNull(row.invoiced_at),
    picked_up_at: isoOrNull(row.picked_up_at),
    external_id: row.external_id,
    pricing: presentPricingTotals(row),
    redacted_fields: [],
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
