import { archiveOperation } from '../../platform/archive-operation.js'
import { externalIdOperations } from '../../platform/external-id-operations.js'
import { getOperation, listOperation } from '../../platform/fields.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { ArchiveBodySchema } from '../customers/schema.js'
import { vehicleDefinition } from './definition.js'
import { VehicleCreateSchema, VehicleSchema, VehicleUpdateSchema } from './schema.js'
import { archiveVehicle, createVehicle, getVehicle, updateVehicle } from './service.js'

export const toVehicleResource = vehicleDefinition.present

const tag = 'Vehicles'
const params = publicIdParams('vehicle')

export const vehicleOperations = [
  listOperation(vehicleDefinition, {
    description:
      'Newest first by `sort` (default `created_at`). Filters combine with AND. Archived and merged vehicles appear with `lifecycle=archived` or `all`, and in a sync crawl: with `updated_after` and no `lifecycle`, every record changed since is listed, archives and merges included.',
    scopes: ['vehicles.read'],
  }),
  defineOperation({
    method: 'POST',
    path: '/vehicles',
    operationId: 'createVehicle',
    summary: 'Create a vehicle',
    description:
      'The owner (`customer_id`) must be a customer of the shop (404 otherwise); a merged customer is 409 `conflict` naming the survivor.',
    tag,
    scopes: ['vehicles.read', 'vehicles.write'],
    body: VehicleCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: { status: 201, description: 'The new vehicle', schema: VehicleSchema },
    handler: async ({ body, db, actor }) => toVehicleResource(await createVehicle(db, actor, body)),
  }),
  getOperation(vehicleDefinition, {
    description: 'Archived and merged vehicles are still returned (`archived: true`, `merged_into`).',
    scopes: ['vehicles.read'],
  }),
  defineOperation({
    method: 'PATCH',
    path: '/vehicles/{public_id}',
    operationId: 'updateVehicle',
    summary: 'Update a vehicle',
    description:
      'Presence-aware: omitted fields are unchanged, null clears a nullable field. A body that changes nothing is 400 `no_changes`; a stale `expected_version` is 409 `version_conflict`. A merged vehicle cannot be changed (409).',
    tag,
    scopes: ['vehicles.read', 'vehicles.write'],
    params,
    body: VehicleUpdateSchema,
    bodyRequired: true,
    idempotency: 'optional',
    success: { status: 200, description: 'The updated vehicle', schema: VehicleSchema },
    handler: async ({ params, body, db, actor }) =>
      toVehicleResource(await updateVehicle(db, actor, params.public_id, body)),
  }),
  archiveOperation({
    path: '/vehicles',
    noun: 'vehicle',
    operationId: 'archiveVehicle',
    tag,
    idKind: 'vehicle',
    scopes: ['vehicles.read', 'vehicles.write'],
    body: ArchiveBodySchema,
    schema: VehicleSchema,
    archive: archiveVehicle,
    present: toVehicleResource,
  }),
  ...externalIdOperations({
    path: '/vehicles',
    tag,
    objectType: 'vehicle',
    idKind: 'vehicle',
    readScope: 'vehicles.read',
    find: (db, reader, publicId) => getVehicle(db, reader, publicId),
  }),
]
