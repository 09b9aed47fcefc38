import { externalIdOperations } from '../../platform/external-id-operations.js'
import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { ArchiveBodySchema } from '../customers/schema.js'
import {
  type Vehicle,
  VehicleCreateSchema,
  VehicleListQuerySchema,
  VehicleListSchema,
  VehicleSchema,
  VehicleUpdateSchema,
} from './schema.js'
import { archiveVehicle, createVehicle, getVehicle, listVehicles, updateVehicle, type VehicleRow } from './service.js'

export function toVehicleResource(row: VehicleRow): Vehicle {
  return {
    id: row.public_id,
    object: 'vehicle',
    customer_id: row.customer_public_id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    engine: row.engine,
    color: row.color,
    plate: row.plate,
    plate_region: row.plate_region,
    unit_number: row.unit_number,
    odometer: row.odometer,
    notes: row.notes,
    external_id: row.external_id,
    archived: row.archived,
    merged_into: row.merged_into_public_id,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

const tag = 'Vehicles'
const params = publicIdParams('vehicle')

export const vehicleOperations = [
  defineOperation({
    method: 'GET',
    path: '/vehicles',
    operationId: 'listVehicles',
    summary: 'List vehicles',
    description:
      'Newest first by `sort` (default `created_at`). Filters combine with AND. Archived and merged vehicles appear only with `lifecycle=archived` or `all`.',
    tag,
    scopes: ['vehicles.read'],
    query: VehicleListQuerySchema,
    success: { status: 200, description: 'A page of vehicles', schema: VehicleListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listVehicles', auth, query)
      const { limit: _limit, cursor: _cursor, sort: _sort, ...filters } = query
      const page = await listVehicles(db, actor, filters, list.page)
      return list.envelope(page, toVehicleResource)
    },
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
  defineOperation({
    method: 'GET',
    path: '/vehicles/{public_id}',
    operationId: 'getVehicle',
    summary: 'Get a vehicle',
    description: 'Archived and merged vehicles are still returned (`archived: true`, `merged_into`).',
    tag,
    scopes: ['vehicles.read'],
    params,
    success: { status: 200, description: 'The vehicle', schema: VehicleSchema },
    handler: async ({ params, db, actor }) => toVehicleResource(await getVehicle(db, actor, params.public_id)),
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
