import { getOperation, listOperation } from '../../platform/fields.js'
import { technicianDefinition } from './definition.js'

export const toTechnicianResource = technicianDefinition.present

export const technicianOperations = [
  listOperation(technicianDefinition, {
    description:
      'Newest first by `sort` (default `created_at`); active and inactive technicians unless `active` is given. The shop maintains technicians (`shopapi technicians`).',
    scopes: ['technicians.read'],
  }),
  getOperation(technicianDefinition, {
    description: 'Deactivated technicians are still returned with `active: false`.',
    scopes: ['technicians.read'],
  }),
]
