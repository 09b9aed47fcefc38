import { getOperation, listOperation } from '../../platform/fields.js'
import { inventoryItemDefinition } from './definition.js'

/** The public item, cost included: the runner redacts it for keys without inventory.cost.read. */
export const toInventoryItemResource = inventoryItemDefinition.present

export const inventoryItemOperations = [
  listOperation(inventoryItemDefinition, {
    description:
      'Newest first. Filters combine with AND. `tire_size` matches width, aspect ratio and rim diameter (225/45ZR17 finds 225/45R17 94W). `cost` needs `inventory.cost.read` (else null, listed in `redacted_fields`).',
    scopes: ['inventory.read'],
    present: (row, auth) => toInventoryItemResource(row, auth.shop.currency),
  }),
  getOperation(inventoryItemDefinition, {
    description: '`cost` needs `inventory.cost.read` (else null, listed in `redacted_fields`).',
    scopes: ['inventory.read'],
    present: (row, auth) => toInventoryItemResource(row, auth.shop.currency),
  }),
]
