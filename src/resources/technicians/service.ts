import type { Queryable } from '../../db/pool.js'
import type { Actor } from '../../platform/events.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import { createRecord, getRecord, listRecords, updateRecord, writableChanges } from '../../platform/resource.js'
import { type TechnicianFilters, type TechnicianRow, technicianDefinition } from './definition.js'
import type { TechnicianInput } from './schema.js'

export type { TechnicianRow }

export function getTechnician(
  db: Queryable,
  reader: Actor,
  publicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TechnicianRow> {
  return getRecord(technicianDefinition, db, reader, publicId, options)
}

export function listTechnicians(
  db: Queryable,
  reader: Actor,
  filters: TechnicianFilters,
  page: PageRequest,
): Promise<Page<TechnicianRow>> {
  return listRecords(technicianDefinition, db, reader, filters, page)
}

export function createTechnician(
  tx: Queryable,
  actor: Actor,
  input: TechnicianInput & { name: string },
): Promise<TechnicianRow> {
  return createRecord(technicianDefinition, tx, actor, writableChanges(technicianDefinition, input))
}

/** Presence-aware: 400 no_changes when every field given already has that value. */
export async function updateTechnician(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  input: TechnicianInput,
): Promise<TechnicianRow> {
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
