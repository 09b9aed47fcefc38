import { externalIdOperations } from '../../platform/external-id-operations.js'
import { getOperation, listOperation } from '../../platform/fields.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { repairOrderDefinition } from './definition.js'
import { repairOrderJobOperations } from './job-operations.js'
import { toRepairOrderResource } from './present.js'
import { RepairOrderCreateSchema, RepairOrderSchema, RepairOrderUpdateSchema } from './schema.js'
import { createRepairOrder, getRepairOrder, updateRepairOrder } from './service.js'

const tag = 'Repair orders'
const params = publicIdParams('repairOrder')

export const repairOrderOperations = [
  listOperation(repairOrderDefinition, {
    description:
      'Newest first by `sort` (default `created_at`). Filters combine with AND; `created_after`, `created_before` and `updated_after` are strict. Jobs are not embedded: use `GET /repair-orders/{id}/jobs`.',
    scopes: ['repair_orders.read'],
  }),
  defineOperation({
    method: 'POST',
    path: '/repair-orders',
    operationId: 'createRepairOrder',
    summary: 'Create a repair order',
    description:
      "A walk-in order, state `checked_in`, numbered from the shop's sequence. The vehicle must belong to the customer (409 `conflict` naming the owner otherwise); a merged customer or vehicle is 409 naming the survivor, an archived one 409. `tax_exempt` defaults to the customer's.",
    tag,
    scopes: ['repair_orders.read', 'repair_orders.write'],
    body: RepairOrderCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: { status: 201, description: 'The new repair order', schema: RepairOrderSchema },
    handler: async ({ body, db, actor }) => toRepairOrderResource(await createRepairOrder(db, actor, body)),
  }),
  getOperation(repairOrderDefinition, {
    description:
      'Without `pricing.read` the `pricing` is null and listed in `redacted_fields`; jobs are read from `GET /repair-orders/{public_id}/jobs`.',
    scopes: ['repair_orders.read'],
  }),
  defineOperation({
    method: 'PATCH',
    path: '/repair-orders/{public_id}',
    operationId: 'updateRepairOrder',
    summary: 'Update a repair order',
    description:
      'Presence-aware: omitted fields are unchanged, null clears a nullable field. Editable: customer_concern, odometer_in, odometer_out, promised_at, is_comeback, tax_exempt (which reprices the jobs). A body that changes nothing is 400 `no_changes`; a stale `expected_version` is 409 `version_conflict`; an invoiced, paid, picked-up, closed or cancelled order is 409 `conflict`.',
    tag,
    scopes: ['repair_orders.read', 'repair_orders.write'],
    params,
    body: RepairOrderUpdateSchema,
    bodyRequired: true,
    idempotency: 'optional',
    success: { status: 200, description: 'The updated repair order', schema: RepairOrderSchema },
    handler: async ({ params, body, db, actor }) =>
      toRepairOrderResource(await updateRepairOrder(db, actor, params.public_id, body)),
  }),
  ...externalIdOperations({
    path: '/repair-orders',
    tag,
    objectType: 'repair_order',
    idKind: 'repairOrder',
    readScope: 'repair_orders.read',
    find: (db, reader, publicId) => getRepairOrder(db, reader, publicId),
  }),
  ...repairOrderJobOperations,
]
