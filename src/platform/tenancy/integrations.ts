import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { withTransaction } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { isPublicId, newPublicId } from '../../lib/ids.js'
import type { Scope } from '../../lib/scopes.js'
import { type ApiKeyRow, insertApiKey } from './api-keys.js'
import { resolveShop } from './shops.js'

export interface IntegrationRow {
  shop_id: string
  id: string
  public_id: string
  shop_public_id: string
  name: string
  scopes: Scope[]
  status: 'active' | 'disabled'
  disabled_at: Date | null
  created_at: Date
  updated_at: Date
}

const integrationColumns = `i.shop_id, i.id, i.public_id, s.public_id as shop_public_id, i.name, i.scopes, i.status,
  i.disabled_at, i.created_at, i.updated_at`

export interface CreatedIntegration {
  integration: IntegrationRow
  apiKey: ApiKeyRow
  plaintextKey: string
}

export async function createIntegration(
  pool: pg.Pool,
  input: { shop?: string | undefined; name: string; scopes: Scope[] },
): Promise<CreatedIntegration> {
  const name = input.name.trim()
  if (name.length < 1 || name.length > 200) {
    throw new ApiError('invalid_request', 'Integration name must be 1-200 characters', { param: 'name' })
  }
  return withTransaction(pool, async (tx) => {
    const shop = await resolveShop(tx, input.shop)
    const inserted = await tx.query<{ id: string }>(
      `insert into integrations (shop_id, public_id, name, scopes) values ($1::uuid, $2::text, $3::text, $4::text[])
       returning id`,
      [shop.id, newPublicId('integration'), name, input.scopes],
    )
    const integration = (await findIntegrationByInternalId(
      tx,
      shop.id,
      inserted.rows[0]?.id as string,
    )) as IntegrationRow
    const { row, plaintext } = await insertApiKey(tx, integration)
    return { integration, apiKey: row, plaintextKey: plaintext }
  })
}

async function findIntegrationByInternalId(db: Queryable, shopId: string, id: string): Promise<IntegrationRow | null> {
  const result = await db.query<IntegrationRow>(
    `select ${integrationColumns} from integrations i join shops s on s.id = i.shop_id
     where i.shop_id = $1::uuid and i.id = $2::uuid`,
    [shopId, id],
  )
  return result.rows[0] ?? null
}

export async function getIntegration(db: Queryable, publicId: string, options: { forUpdate?: boolean } = {}) {
  if (!isPublicId('integration', publicId)) {
    throw new ApiError('invalid_id', `"${publicId}" is not an integration id (int_...)`, { param: 'integration' })
  }
  const result = await db.query<IntegrationRow>(
    `select ${integrationColumns} from integrations i join shops s on s.id = i.shop_id
     where i.public_id = $1::text ${options.forUpdate ? 'for update of i' : ''}`,
    [publicId],
  )
  const row = result.rows[0]
  if (!row) throw new ApiError('not_found', `No integration with id ${publicId}`, { param: 'integration' })
  return row
}

export async function listIntegrations(db: Queryable, filter: { shop?: string | undefined } = {}) {
  const result = await db.query<IntegrationRow & { live_keys: number }>(
    `select ${integrationColumns},
       (select count(*)::int from api_keys k
         where k.shop_id = i.shop_id and k.integration_id = i.id and k.revoked_at is null) as live_keys
     from integrations i join shops s on s.id = i.shop_id
     where ($1::text is null or s.public_id = $1::text)
     order by i.created_at, i.id`,
    [filter.shop ?? null],
  )
  return result.rows
}

/** What `integrations update` changes: its name, its whole scope list, or single scopes added and removed. */
export interface IntegrationChange {
  name?: string | undefined
  scopes?: Scope[] | undefined
  add?: Scope[] | undefined
  remove?: Scope[] | undefined
}

/** Changes an integration's name or scopes in one transaction; scope changes apply to its next request. */
export async function updateIntegration(pool: pg.Pool, publicId: string, change: IntegrationChange) {
  return withTransaction(pool, async (tx) => {
    const integration = await getIntegration(tx, publicId, { forUpdate: true })
    const name = change.name?.trim() ?? integration.name
    if (name.length < 1 || name.length > 200) {
      throw new ApiError('invalid_request', 'Integration name must be 1-200 characters', { param: 'name' })
    }
    const removed = new Set(change.remove ?? [])
    const scopes = [...new Set([...(change.scopes ?? integration.scopes), ...(change.add ?? [])])].filter(
      (scope) => !removed.has(scope),
    )
    await tx.query(
      'update integrations set name = $3::text, scopes = $4::text[], updated_at = now() where shop_id = $1::uuid and id = $2::uuid',
      [integration.shop_id, integration.id, name, scopes],
    )
    return getIntegration(tx, publicId)
  })
}

/** Replaces an integration's scopes. */
export function updateIntegrationScopes(pool: pg.Pool, publicId: string, scopes: Scope[]) {
  return updateIntegration(pool, publicId, { scopes })
}

export async function setIntegrationStatus(pool: pg.Pool, publicId: string, status: 'active' | 'disabled') {
  return withTransaction(pool, async (tx) => {
    const integration = await getIntegration(tx, publicId, { forUpdate: true })
    await tx.query(
      `update integrations set status = $3::text, updated_at = now(),
         disabled_at = case when $3::text = 'disabled' then coalesce(disabled_at, now()) else null end
       where shop_id = $1::uuid and id = $2::uuid`,
      [integration.shop_id, integration.id, status],
    )
    return getIntegration(tx, publicId)
  })
}
