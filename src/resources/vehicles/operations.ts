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
  defineOperation({
    method: 'POST',
    path: '/vehicles/{public_id}/archive',
    operationId: 'archiveVehicle',
    // Not an MCP tool: Archiving takes the vehicle out of every list: not an assistant's call to make.
    assistant: 'hidden',
    summary: 'Archive a vehicle',
    description:
      'The vehicle stays readable with `archived: true` and leaves the default (`lifecycle=active`) list. Archiving an archived vehicle returns it unchanged.',
    tag,
    scopes: ['vehicles.read', 'vehicles.write'],
    params,
    body: ArchiveBodySchema,
    idempotency: 'required',
    success: { status: 200, description: 'The archived vehicle', schema: VehicleSchema },
    handler: async ({ params, body, db, actor }) =>
      toVehicleResource(await archiveVehicle(db, actor, params.public_id, body?.reason ?? null)),
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
