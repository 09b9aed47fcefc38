import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { withTransaction } from '../../db/pool.js'
import { apiKeyHashMatches, hashApiKey, issueApiKey, parseApiKey } from '../../lib/api-keys.js'
import { ApiError } from '../../lib/errors.js'
import { isPublicId, newPublicId } from '../../lib/ids.js'
import type { Scope } from '../../lib/scopes.js'
import type { AuthCache } from './auth-cache.js'
import { getIntegration, type IntegrationRow } from './integrations.js'
import type { ShopRow } from './shops.js'

export const maxLiveKeysPerIntegration = 2

export interface ApiKeyRow {
  shop_id: string
  id: string
  public_id: string
  integration_public_id: string
  display_prefix: string
  created_at: Date
  last_used_at: Date | null
  revoked_at: Date | null
}

const keyColumns = `k.shop_id, k.id, k.public_id, i.public_id as integration_public_id, k.display_prefix,
  k.created_at, k.last_used_at, k.revoked_at`

/** Issues a key inside the caller's transaction; the plaintext exists only in the return value. */
export async function insertApiKey(
  tx: Queryable,
  integration: Pick<IntegrationRow, 'shop_id' | 'id' | 'public_id'>,
): Promise<{ row: ApiKeyRow; plaintext: string }> {
  const issued = issueApiKey()
  const result = await tx.query<Omit<ApiKeyRow, 'integration_public_id'>>(
    `insert into api_keys (shop_id, public_id, integration_id, lookup_id, display_prefix, secret_hash)
     values ($1::uuid, $2::text, $3::uuid, $4::text, $5::text, $6::bytea)
     returning shop_id, id, public_id, display_prefix, created_at, last_used_at, revoked_at`,
    [integration.shop_id, newPublicId('apiKey'), integration.id, issued.lookupId, issued.displayPrefix, issued.hash],
  )
  const row = {
    ...(result.rows[0] as Omit<ApiKeyRow, 'integration_public_id'>),
    integration_public_id: integration.public_id,
  }
  return { row, plaintext: issued.plaintext }
}

/** A second key for rotation. At most two live keys, so rotation never leaves a pile of old keys. */
export async function createApiKey(pool: pg.Pool, integrationPublicId: string) {
  return withTransaction(pool, async (tx) => {
    const integration = await getIntegration(tx, integrationPublicId, { forUpdate: true })
    if (integration.status !== 'active') {
      throw new ApiError('conflict', `Integration ${integration.public_id} is disabled: enable it before issuing keys`)
    }
    const live = await tx.query<{ count: number }>(
      'select count(*)::int as count from api_keys where shop_id = $1::uuid and integration_id = $2::uuid and revoked_at is null',
      [integration.shop_id, integration.id],
    )
    if ((live.rows[0]?.count ?? 0) >= maxLiveKeysPerIntegration) {
      throw new ApiError(
        'conflict',
        `Integration ${integration.public_id} already has ${maxLiveKeysPerIntegration} live keys: revoke one first (shopapi keys revoke KEY_ID)`,
      )
    }
    return insertApiKey(tx, integration)
  })
}

export async function listApiKeys(
  db: Queryable,
  filter: { integration?: string | undefined; includeRevoked?: boolean } = {},
) {
  if (filter.integration) await getIntegration(db, filter.integration)
  const result = await db.query<ApiKeyRow>(
    `select ${keyColumns} from api_keys k join integrations i on i.shop_id = k.shop_id and i.id = k.integration_id
     where ($1::text is null or i.public_id = $1::text) and ($2::boolean or k.revoked_at is null)
     order by k.created_at, k.id`,
    [filter.integration ?? null, filter.includeRevoked ?? false],
  )
  return result.rows
}

/**
 * Revokes a key named by its id (key_...) or by the prefix `keys list` and the request logs show
 * (shopapi_...): an operator reading a log line should not have to look the id up first.
 */
export async function revokeApiKey(pool: pg.Pool, idOrPrefix: string): Promise<ApiKeyRow> {
  const byId = isPublicId('apiKey', idOrPrefix)
  if (!byId && !/^shopapi_[A-Za-z0-9]{6,}$/.test(idOrPrefix)) {
    throw new ApiError(
      'invalid_id',
      `"${idOrPrefix}" is neither an API key id (key_...) nor a key prefix (shopapi_..., as keys list and the request log show)`,
      { param: 'key' },
    )
  }
  return withTransaction(pool, async (tx) => {
    const result = await tx
      .query<ApiKeyRow>(
        `update api_keys k set revoked_at = coalesce(k.revoked_at, now())
       from integrations i where i.shop_id = k.shop_id and i.id = k.integration_id
         and k.id = (select id from api_keys where ${byId ? 'public_id' : 'display_prefix'} = $1::text)
       returning ${keyColumns}`,
        [idOrPrefix],
      )
      .catch((error: { code?: string }) => {
        // 21000: the prefix is shared by more than one key (a subquery returned more than one row).
        if (error.code === '21000') {
          throw new ApiError(
            'invalid_request',
            `More than one key starts with ${idOrPrefix}: revoke it by id (keys list)`,
            {
              param: 'key',
            },
          )
        }
        throw error
      })
    const row = result.rows[0]
    if (!row) {
      throw new ApiError('not_found', `No API key ${byId ? 'with id' : 'with prefix'} ${idOrPrefix}`, { param: 'key' })
    }
    return row
  })
}

export interface AuthContext {
  shopId: string
  shopPublicId: string
  integrationId: string
  integrationPublicId: string
  keyId: string
  keyPublicId: string
  keyPrefix: string
  scopes: ReadonlySet<Scope>
  /** The key's shop, read by the same query, so `GET /shop` costs no second round trip. */
  shop: ShopRow
}

interface AuthRow {
  shop_id: string
  shop_public_id: string
  integration_id: string
  integration_public_id: string
  key_id: string
  key_public_id: string
  display_prefix: string
  secret_hash: Buffer
  scopes: Scope[]
  last_used_at: Date | null
  shop_name: string
  shop_timezone: string
  shop_currency: string
  shop_confirm_bookings: boolean
  shop_created_at: Date
  shop_updated_at: Date
}

/**
 * The caller behind a bearer key, or null for a malformed, unknown, revoked or disabled key.
 * Without a cache every request reads the database. With one, a key read once is served from memory
 * until a change to its shop's keys, integrations or profile is announced (LISTEN/NOTIFY, see
 * AuthCache): revocation and disabling apply as soon as every process has heard of them.
 */
export async function authenticateApiKey(
  db: Queryable,
  plaintext: string,
  cache?: AuthCache,
): Promise<AuthContext | null> {
  const parsed = parseApiKey(plaintext)
  if (!parsed) return null
  const presentedHash = hashApiKey(plaintext)
  // A change announced in the same turn of the event loop as this request (both sockets became
  // readable while the process waited for a core) is heard first: one hop to the loop's check phase
  // lets the LISTEN connection's pending callbacks run before the cache answers.
  if (cache) await new Promise<void>((resolve) => setImmediate(resolve))
  const cached = cache && fromCache(db, cache, parsed.lookupId, presentedHash)
  if (cached) return cached
  const readStartedAt = cache?.readStarted() ?? null
  // A named (prepared) statement: this runs on every request, and planning the three-way join
  // costs more than executing it.
  const result = await db.query<AuthRow>({
    name: 'authenticate-api-key',
    text: `select k.shop_id, s.public_id as shop_public_id, k.integration_id, i.public_id as integration_public_id,
       k.id as key_id, k.public_id as key_public_id, k.display_prefix, k.secret_hash, i.scopes, k.last_used_at,
       s.name as shop_name, s.timezone as shop_timezone, s.currency as shop_currency,
       s.confirm_bookings as shop_confirm_bookings, s.created_at as shop_created_at, s.updated_at as shop_updated_at
     from api_keys k
     join integrations i on i.shop_id = k.shop_id and i.id = k.integration_id
     join shops s on s.id = k.shop_id
     where k.lookup_id = $1::text and k.revoked_at is null and i.status = 'active'`,
    values: [parsed.lookupId],
  })
  const row = result.rows.find((candidate) => apiKeyHashMatches(presentedHash, candidate.secret_hash))
  if (!row) return null
  const context = toAuthContext(row)
  let lastUsedAt = row.last_used_at?.getTime() ?? null
  if (usedLongAgo(lastUsedAt)) {
    lastUsedAt = Date.now()
    recordUse(db, context)
  }
  cache?.store(parsed.lookupId, readStartedAt, { secretHash: row.secret_hash, context, lastUsedAt })
  return context
}

/**
 * The caller behind a bearer key when the cache knows it, else null: no statement on the request path
 * (a due last_used_at write goes off it). The edge throttle asks this of an address that spent its
 * failed-authentication budget, so keys in use keep working and guesses cost nothing.
 */
export function authenticateCachedApiKey(db: Queryable, plaintext: string, cache: AuthCache): AuthContext | null {
  const parsed = parseApiKey(plaintext)
  if (!parsed) return null
  return fromCache(db, cache, parsed.lookupId, hashApiKey(plaintext))
}

function fromCache(db: Queryable, cache: AuthCache, lookupId: string, presentedHash: Buffer): AuthContext | null {
  const cached = cache.find(lookupId, presentedHash)
  if (!cached) return null
  if (usedLongAgo(cached.lastUsedAt)) {
    cached.lastUsedAt = Date.now()
    recordUse(db, cached.context)
  }
  return cached.context
}

// Minute resolution is enough for "last used", and it keeps a write off most requests.
const usedLongAgo = (lastUsedAt: number | null) => lastUsedAt === null || Date.now() - lastUsedAt > 60_000

/**
 * Records a use of the key, at most once a minute. It changes only last_used_at, which the auth-change
 * trigger ignores.
 */
export async function recordKeyUse(db: Queryable, auth: Pick<AuthContext, 'shopId' | 'keyId'>): Promise<void> {
  await db.query(
    `update api_keys set last_used_at = now() where shop_id = $1::uuid and id = $2::uuid
       and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
    [auth.shopId, auth.keyId],
  )
}

/** Off the request path: a failed bookkeeping write never fails the request. */
function recordUse(db: Queryable, auth: AuthContext): void {
  recordKeyUse(db, auth).catch(() => {})
}

/** Frozen: a cached context is shared by every request of its key. */
function toAuthContext(row: AuthRow): AuthContext {
  return Object.freeze({
    shopId: row.shop_id,
    shopPublicId: row.shop_public_id,
    integrationId: row.integration_id,
    integrationPublicId: row.integration_public_id,
    keyId: row.key_id,
    keyPublicId: row.key_public_id,
    keyPrefix: row.display_prefix,
    scopes: new Set(row.scopes),
    shop: Object.freeze({
      id: row.shop_id,
      public_id: row.shop_public_id,
      name: row.shop_name,
      timezone: row.shop_timezone,
      currency: row.shop_currency,
      confirm_bookings: row.shop_confirm_bookings,
      created_at: row.shop_created_at,
      updated_at: row.shop_updated_at,
    }),
  })
}

/**
 * Live keys of active integrations not used for `days` (never used: created that long ago), for
 * `shopapi status`; the longest unused first.
 */
export async function keysUnusedFor(
  db: Queryable,
  days: number,
): Promise<
  { prefix: string; integration_id: string; integration_name: string; created_at: Date; last_used_at: Date | null }[]
> {
  const { rows } = await db.query<{
    prefix: string
    integration_id: string
    integration_name: string
    created_at: Date
    last_used_at: Date | null
  }>(
    `select k.display_prefix as prefix, i.public_id as integration_id, i.name as integration_name, k.created_at,
       k.last_used_at
     from api_keys k join integrations i on i.shop_id = k.shop_id and i.id = k.integration_id
     where k.revoked_at is null and i.status = 'active'
       and coalesce(k.last_used_at, k.created_at) < now() - make_interval(days => $1)
     order by coalesce(k.last_used_at, k.created_at), k.display_prefix`,
    [days],
  )
  return rows
}
