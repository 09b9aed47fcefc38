import { repairOrderDefinition } from './definition.js'

/**
 * The public object with everything shown: the runner nulls `pricing` for a key without
 * pricing.read and lists `/pricing` in `redacted_fields`; staff commands print it as is.
 */
export const toRepairOrderResource = repairOrderDefinition.present
