import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import type { Actor } from '../../platform/events.js'
import type { PageRequest } from '../../platform/pagination.js'
import { createRecord, getRecord, listRecords, updateRecord, writableChanges } from '../../platform/resource.js'
import { type TechnicianFilters, type TechnicianRow, technicianDefinition } from './definition.js'
import type { TechnicianInput } from './schema.js'

export type { TechnicianRow }

export const getTechnician = (db: Queryable, reader: Actor, publicId: string, options: { forUpdate?: boolean } = {}) =>
  getRecord(technicianDefinition, db, reader, publicId, options)

export const listTechnicians = (db: Queryable, reader: Actor, filters: TechnicianFilters, page: PageRequest) =>
  listRecords(technicianDefinition, db, reader, filters, page)

export const createTechnician = (tx: Queryable, actor: Actor, input: TechnicianInput & { name: string }) =>
  createRecord(technicianDefinition, tx, actor, writableChanges(technicianDefinition, input))

/** Presence-aware: 400 no_changes when every field given already has that value. */
export async function updateTechnician(tx: Queryable, actor: Actor, publicId: string, input: TechnicianInput) {
  const row = await getTechnician(tx, actor, publicId, { forUpdate: true })
  return (await updateRecord(technicianDefinition, tx, actor, row, writableChanges(technicianDefinition, input))).row
}

/** Deactivating an inactive technician changes nothing (same version) and is not an error. */
export async function deactivateTechnician(tx: Queryable, actor: Actor, publicId: string): Promise<TechnicianRow> {
  const row = await getTechnician(tx, actor, publicId, { forUpdate: true })
  if (!row.active) return row
  return (
    await updateRecord(technicianDefinition, tx, actor, row, {
      active: { field: 'active', value: false, type: 'boolean' },
    })
  ).row
}

/** What booking and assignment need of a technician. */
export interface AssignableTechnician {
  id: string
  public_id: string
  name: string
  daily_capacity: number | null
}

/**
 * An active technician of the shop, locked for share so it cannot be deactivated before the caller's
 * transaction ends: 404 naming `param` when unknown, 409 `technician/inactive` when deactivated.
 */
export async function activeTechnician(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  param: string,
): Promise<AssignableTechnician> {
  const { rows } = await tx.query<AssignableTechnician & { active: boolean }>(
    `select id, public_id, name, active, daily_capacity from technicians
     where shop_id = $1::uuid and public_id = $2::text for share`,
    [actor.shopId, publicId],
  )
  const found = rows[0]
  if (!found) throw new ApiError('not_found', `No technician ${publicId} in this shop`, { param })
  if (!found.active) {
    throw new ApiError('conflict', `Technician ${publicId} (${found.name}) is inactive`, {
      param,
      blockers: [
        {
          type: 'technician',
          reason: 'inactive',
          message: `${publicId} is inactive`,
          resolution: ['Assign an active technician (GET /technicians?active=true)'],
        },
      ],
    })
  }
  const { active: _active, ...technician } = found
  return technician
}

/** The internal id of an active technician (see activeTechnician). */
export async function activeTechnicianId(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  param: string,
): Promise<string> {
  return (await activeTechnician(tx, actor, publicId, param)).id
}
