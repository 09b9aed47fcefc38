import { getOperation, listOperation } from '../../platform/fields.js'
import { technicianDefinition } from './definition.js'

export const toTechnicianResource = technicianDefinition.present

const path = '/technicians'
const tag = 'Technicians'
const scopes = ['technicians.read'] as const

export const technicianOperations = [
  listOperation(technicianDefinition, {
    path,
    operationId: 'listTechnicians',
    summary: 'List technicians',
    description:
      'Newest first by `sort` (default `created_at`); active and inactive technicians unless `active` is given. The shop maintains technicians (`shopapi technicians`).',
    tag,
    scopes: [...scopes],
  }),
  getOperation(technicianDefinition, {
    path,
    operationId: 'getTechnician',
    summary: 'Get a technician',
    tag,
    scopes: [...scopes],
  }),
]
