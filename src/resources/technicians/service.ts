import type { Queryable } from '../../db/pool.js'
import { ApiError, inactiveReferenceError } from '../../lib/errors.js'
import type { Actor } from '../../platform/events.js'
import { recordService } from '../../platform/fields.js'
import { findRecordsWhere, updateRecord } from '../../platform/resource.js'
import { type TechnicianRow, technicianDefinition } from './definition.js'

export type { TechnicianRow }

export const {
  get: getTechnician,
  list: listTechnicians,
  create: createTechnician,
  update: updateTechnician,
} = recordService(technicianDefinition)

/** Deactivating an inactive technician changes nothing (same version) and is not an error. */
export async function deactivateTechnician(tx: Queryable, actor: Actor, publicId: string): Promise<TechnicianRow> {
  const row = await getTechnician(tx, actor, publicId, { forUpdate: true })
  if (!row.active) return row
  const deactivate = { active: { field: 'active', value: false, type: 'boolean' as const } }
  return (await updateRecord(technicianDefinition, tx, actor, row, deactivate)).row
}

/** What booking and assignment need of a technician. */
export type AssignableTechnician = Pick<TechnicianRow, 'id' | 'public_id' | 'name' | 'daily_capacity'>

/**
 * An active technician of the shop, locked for share so it cannot be deactivated before the caller's
 * transaction ends: 404 naming `param` when unknown, 409 `technician/inactive` when deactivated.
 */
export async function activeTechnician(tx: Queryable, actor: Actor, publicId: string, param: string) {
  const [found] = await findRecordsWhere(
    technicianDefinition,
    tx,
    actor,
    (params) => `t.public_id = ${params.add(publicId, 'text')}`,
    { forShare: true },
  )
  if (!found) throw new ApiError('not_found', `No technician ${publicId} in this shop`, { param })
  if (!found.active) {
    throw inactiveReferenceError({
      type: 'technician',
      noun: 'Technician',
      publicId,
      name: found.name,
      param,
      resolution: 'Assign an active technician (GET /technicians?active=true)',
    })
  }
  return found
}

/** The internal id of an active technician (see activeTechnician). */
export const activeTechnicianId = async (...args: Parameters<typeof activeTechnician>) =>
  (await activeTechnician(...args)).id
