import type { Queryable } from '../db/pool.js'
import type { IdKind } from '../lib/ids.js'
import type { Scope } from '../lib/scopes.js'
import type { Actor } from './events.js'
import { ExternalIdBodySchema, ExternalReferenceSchema } from './external-reference-schema.js'
import { type ExternalObjectType, type ExternalRefOwner, removeExternalId, setExternalId } from './external-refs.js'
import { defineOperation } from './operation.js'
import { publicIdParams } from './schemas.js'

/** The external ids a request sets or removes are those of its caller's integration. */
const ownerOf = (actor: Actor): ExternalRefOwner => ({
  shopId: actor.shopId,
  integrationId: actor.integrationId as string,
})

/**
 * PUT and DELETE `/{resource}/{public_id}/external-id` (spec "External references"): the same two
 * operations for every resource that has them.
 */
export function externalIdOperations(options: {
  path: string
  tag: string
  objectType: ExternalObjectType
  idKind: IdKind
  readScope: Scope
  /** The record's internal id; 404 when the shop has no such record. */
  find: (db: Queryable, reader: Actor, publicId: string) => Promise<{ id: string }>
}) {
  const scopes: Scope[] = [options.readScope, 'external_refs.write']
  const params = publicIdParams(options.idKind)
  const noun = options.objectType.replace('_', ' ')
  const reference = (publicId: string, externalId: string | null) => ({
    object: 'external_reference' as const,
    object_type: options.objectType,
    object_id: publicId,
    external_id: externalId,
  })
  const camel = options.tag.replace(/s$/, '').replace(/ (\w)/g, (_, c: string) => c.toUpperCase())
  return [
    defineOperation({
      method: 'PUT',
      path: `${options.path}/{public_id}/external-id`,
      operationId: `set${camel}ExternalId`,
      summary: `Set this integration's external id of a ${noun}`,
      description:
        'Replaces any previous external id this integration set on the record. Private to the integration; an id already on another record of the type is 409 `conflict` with the blocker reason `external_id_in_use`.',
      tag: options.tag,
      scopes,
      params,
      body: ExternalIdBodySchema,
      bodyRequired: true,
      idempotency: 'optional',
      success: { status: 200, description: 'The external reference', schema: ExternalReferenceSchema },
      handler: async ({ params, body, db, actor }) => {
        const record = await options.find(db, actor, params.public_id)
        await setExternalId(db, ownerOf(actor), options.objectType, record.id, body.external_id)
        return reference(params.public_id, body.external_id)
      },
    }),
    defineOperation({
      method: 'DELETE',
      path: `${options.path}/{public_id}/external-id`,
      operationId: `delete${camel}ExternalId`,
      // Not an MCP tool: it removes the link another system keeps to this record.
      assistant: 'hidden',
      summary: `Remove this integration's external id from a ${noun}`,
      description: 'Answers with `external_id: null`, also when none was set.',
      tag: options.tag,
      scopes,
      params,
      idempotency: 'optional',
      success: { status: 200, description: 'The external reference, now empty', schema: ExternalReferenceSchema },
      handler: async ({ params, db, actor }) => {
        const record = await options.find(db, actor, params.public_id)
        await removeExternalId(db, ownerOf(actor), options.objectType, record.id)
        return reference(params.public_id, null)
      },
    }),
  ]
}
