import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { type AuthContext, recordKeyUse } from '../../platform/tenancy/api-keys.js'

export interface IntrospectedKeyRow {
  key_public_id: string
  display_prefix: string
  created_at: Date
  last_used_at: Date | null
  integration_public_id: string
  integration_name: string
}

/**
 * The calling key and its integration. This request is a use of the key: authentication records
 * uses off the request path at most once a minute, so the same conditional write runs here first and
 * the answer never lags behind the request asking for it. Two statements, not one with a CTE: when
 * authentication's own write holds the row, this one waits, finds the use recorded and changes
 * nothing, and only a read started after it sees that committed value.
 */
export async function readIntrospectedKey(db: Queryable, auth: AuthContext): Promise<IntrospectedKeyRow> {
  await recordKeyUse(db, auth)
  const result = await db.query<IntrospectedKeyRow>(
    `select k.public_id as key_public_id, k.display_prefix, k.created_at, k.last_used_at,
       i.public_id as integration_public_id, i.name as integration_name
     from api_keys k join integrations i on i.shop_id = k.shop_id and i.id = k.integration_id
     where k.shop_id = $1::uuid and k.id = $2::uuid`,
    [auth.shopId, auth.keyId],
  )
  const row = result.rows[0]
  // Keys are revoked, never deleted: only a database emptied under a running server gets here.
  if (!row) throw new ApiError('invalid_api_key', 'The API key is not valid: it is unknown or revoked')
  return row
}
