import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { type Technician, TechnicianListQuerySchema, TechnicianListSchema, TechnicianSchema } from './schema.js'
import { getTechnician, listTechnicians, type TechnicianRow } from './service.js'

export function toTechnicianResource(row: TechnicianRow): Technician {
  return {
    id: row.public_id,
    object: 'technician',
    name: row.name,
    email: row.email,
    active: row.active,
    daily_capacity: row.daily_capacity,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

const tag = 'Technicians'

export const technicianOperations = [
  defineOperation({
    method: 'GET',
    path: '/technicians',
    operationId: 'listTechnicians',
    summary: 'List technicians',
    description:
      'Newest first by `sort` (default `created_at`); active and inactive technicians unless `active` is given. The shop maintains technicians (`shopapi technicians`).',
    tag,
    scopes: ['technicians.read'],
    query: TechnicianListQuerySchema,
    success: { status: 200, description: 'A page of technicians', schema: TechnicianListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listTechnicians', auth, query)
      const { limit: _limit, cursor: _cursor, sort: _sort, ...filters } = query
      return list.envelope(await listTechnicians(db, actor, filters, list.page), toTechnicianResource)
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/technicians/{public_id}',
    operationId: 'getTechnician',
    summary: 'Get a technician',
    tag,
    scopes: ['technicians.read'],
    params: publicIdParams('technician'),
    success: { status: 200, description: 'The technician', schema: TechnicianSchema },
    handler: async ({ params, db, actor }) => toTechnicianResource(await getTechnician(db, actor, params.public_id)),
  }),
]
