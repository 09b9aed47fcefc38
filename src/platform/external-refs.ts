import type { Queryable } from '../db/pool.js'
import { ApiError } from '../lib/errors.js'

export type ExternalObjectType = 'customer' | 'vehicle' | 'repair_order' | 'task'

export interface ExternalRefOwner {
  shopId: string
  integrationId: string
}

/**
 * Sets the integration's external id of a record, replacing its previous one (spec "External
 * references"). Another record of the type holding the id is 409 conflict, blocker external_id_in_use.
 */
export async function setExternalId(
  tx: Queryable,
  owner: ExternalRefOwner,
  objectType: ExternalObjectType,
  objectId: string,
  externalId: string,
): Promise<void> {
  const taken = await tx.query<{ object_id: string }>(
    `select object_id from external_refs where shop_id = $1::uuid and integration_id = $2::uuid
       and object_type = $3::text and external_id = $4::text for update`,
    [owner.shopId, owner.integrationId, objectType, externalId],
  )
  const holder = taken.rows[0]
  if (holder && holder.object_id !== objectId) throw externalIdInUse(objectType, externalId)
  if (holder) return
  try {
    await tx.query(
      `insert into external_refs (shop_id, integration_id, object_type, object_id, external_id)
       values ($1::uuid, $2::uuid, $3::text, $4::uuid, $5::text)
       on conflict (shop_id, integration_id, object_type, object_id)
       do update set external_id = excluded.external_id, created_at = now()`,
      [owner.shopId, owner.integrationId, objectType, objectId, externalId],
    )
  } catch (error) {
    // Two requests claiming one id at once: the loser sees the unique index, not the select above.
    throw inUseWhenUnique(error, objectType, externalId)
  }
}

/** A unique violation on external_refs is the id held by another record; anything else stays as it is. */
function inUseWhenUnique(error: unknown, objectType: ExternalObjectType, externalId: string): unknown {
  return (error as { code?: string }).code === '23505' ? externalIdInUse(objectType, externalId) : error
}

/**
 * Sets the external id of a record that has none for this integration (a record an import has just
 * created): one statement. The id held by another record is 409 conflict (external_id_in_use), as in
 * `setExternalId`.
 */
export async function addExternalId(
  tx: Queryable,
  owner: ExternalRefOwner,
  objectType: ExternalObjectType,
  objectId: string,
  externalId: string,
): Promise<void> {
  try {
    await tx.query(
      `insert into external_refs (shop_id, integration_id, object_type, object_id, external_id)
       values ($1::uuid, $2::uuid, $3::text, $4::uuid, $5::text)`,
      [owner.shopId, owner.integrationId, objectType, objectId, externalId],
    )
  } catch (error) {
    throw inUseWhenUnique(error, objectType, externalId)
  }
}

/**
 * `addExternalId` for many new records in one statement (an import's batch). An id already held is
 * a unique violation (23505) that fails the statement: the caller then adds them one by one.
 */
export async function addExternalIds(
  tx: Queryable,
  owner: ExternalRefOwner,
  objectType: ExternalObjectType,
  refs: { objectId: string; externalId: string }[],
): Promise<void> {
  if (refs.length === 0) return
  await tx.query(
    `insert into external_refs (shop_id, integration_id, object_type, object_id, external_id)
     select $1::uuid, $2::uuid, $3::text, r.object_id, r.external_id
     from unnest($4::uuid[], $5::text[]) as r(object_id, external_id)`,
    [owner.shopId, owner.integrationId, objectType, refs.map((ref) => ref.objectId), refs.map((ref) => ref.externalId)],
  )
}

/** The external ids of a batch of creates: each created record's beside the key of the row it came from. */
export function addCreatedExternalIds(
  tx: Queryable,
  owner: ExternalRefOwner,
  objectType: ExternalObjectType,
  created: readonly { id: string }[],
  keys: readonly { key: string }[],
): Promise<void> {
  return addExternalIds(
    tx,
    owner,
    objectType,
    created.map((record, index) => ({ objectId: record.id, externalId: (keys[index] as { key: string }).key })),
  )
}

/**
 * The contract's "409 `conflict` / `external_id_in_use`" read as one rule for every 409 refusal: the
 * code is `conflict` and a blocker says why (`external_id` / `external_id_in_use`), as workflow and
 * booking refusals do (spec "Errors" 5). Every resource with external ids answers through here
 * (docs/decisions/api-conventions.md, "External references").
 */
function externalIdInUse(objectType: ExternalObjectType, externalId: string): ApiError {
  const noun = objectType.replace('_', ' ')
  return new ApiError('conflict', `External id "${externalId}" is already set on another ${noun} by this integration`, {
    param: 'external_id',
    blockers: [
      {
        type: 'external_id',
        reason: 'external_id_in_use',
        message: `Another ${noun} already has external id "${externalId}"`,
        resolution: [
          `Find it with GET /${objectType === 'repair_order' ? 'repair-orders' : `${objectType}s`}?external_id=...`,
          'Remove the id from that record first (DELETE .../external-id), or use another id',
        ],
      },
    ],
  })
}

export async function removeExternalId(
  tx: Queryable,
  owner: ExternalRefOwner,
  objectType: ExternalObjectType,
  objectId: string,
): Promise<void> {
  await tx.query(
    `delete from external_refs where shop_id = $1::uuid and integration_id = $2::uuid
       and object_type = $3::text and object_id = $4::uuid`,
    [owner.shopId, owner.integrationId, objectType, objectId],
  )
}

/**
 * On a merge, each integration's external id moves to the survivor unless that integration already
 * has one there, so its next lookup by external id finds the record that lives on.
 */
export async function moveExternalIdsOnMerge(
  tx: Queryable,
  shopId: string,
  objectType: ExternalObjectType,
  fromId: string,
  intoId: string,
): Promise<void> {
  await tx.query(
    `update external_refs r set object_id = $4::uuid
     where r.shop_id = $1::uuid and r.object_type = $2::text and r.object_id = $3::uuid
       and not exists (select 1 from external_refs s where s.shop_id = r.shop_id and s.integration_id = r.integration_id
         and s.object_type = r.object_type and s.object_id = $4::uuid)`,
    [shopId, objectType, fromId, intoId],
  )
}
