import { createHash } from 'node:crypto'
import type { Queryable } from '../db/pool.js'
import { canonicalJson } from '../lib/cursors.js'
import { ApiError } from '../lib/errors.js'
import { seal, unseal } from '../lib/secrets.js'

// Spec "Limits": a result is replayed for 7 days; the key stays refused for other bodies for 30.
export const replayDays = 7
export const tombstoneDays = 30

export interface IdempotencyScope {
  shopId: string
  integrationId: string
}

export interface StoredResult {
  status: number
  body: string
}

/** What makes two requests "the same": method, path and the body with its keys in canonical order. */
export function requestFingerprint(method: string, path: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(canonicalJson([method, path, body ?? {}]))
    .digest()
}

interface IdempotencyRow {
  fingerprint: Buffer
  response_status: number | null
  response_sealed: Buffer | null
  created_at: Date
}

/**
 * The result recorded under `key`, or null when there is none. A different request under the same key
 * is refused for 30 days; an identical one is answered from the record while it is kept (7 days).
 */
export async function findCompletedResult(
  db: Queryable,
  scope: IdempotencyScope,
  key: string,
  fingerprint: Buffer,
  sealKey: Uint8Array,
): Promise<StoredResult | null> {
  const { rows } = await db.query<IdempotencyRow>({
    name: 'idempotency-find',
    text: `select fingerprint, response_status, response_sealed, created_at from idempotency_keys
      where shop_id = $1::uuid and integration_id = $2::uuid and key = $3::text
        and completed_at is not null and created_at > now() - make_interval(days => $4::int)`,
    values: [scope.shopId, scope.integrationId, key, tombstoneDays],
  })
  const row = rows[0]
  if (!row) return null
  if (!row.fingerprint.equals(fingerprint)) {
    throw new ApiError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request',
      { param: 'Idempotency-Key' },
    )
  }
  const expired = row.created_at.getTime() < Date.now() - replayDays * 86_400_000
  const body = !expired && row.response_sealed ? unseal(sealKey, row.response_sealed) : null
  if (row.response_status === null || body === null) {
    throw new ApiError(
      'idempotency_key_reused',
      `This Idempotency-Key was used more than ${replayDays} days ago and its result is no longer kept; use a new key`,
      { param: 'Idempotency-Key' },
    )
  }
  return { status: row.response_status, body }
}

/**
 * Claims `key` inside the write's own transaction. A concurrent request holding the key makes this
 * wait (up to the transaction's lock_timeout) and then returns false once the holder commits; when
 * the holder rolls back, the claim goes through. A key older than 30 days is free again.
 */
export async function claimKey(
  tx: Queryable,
  scope: IdempotencyScope,
  key: string,
  fingerprint: Buffer,
): Promise<boolean> {
  try {
    const { rowCount } = await tx.query({
      name: 'idempotency-claim',
      text: `insert into idempotency_keys (shop_id, integration_id, key, fingerprint)
        values ($1::uuid, $2::uuid, $3::text, $4::bytea)
        on conflict (shop_id, integration_id, key) do update
          set fingerprint = excluded.fingerprint, response_status = null, response_sealed = null,
            created_at = now(), completed_at = null
          where idempotency_keys.created_at <= now() - make_interval(days => $5::int)`,
      values: [scope.shopId, scope.integrationId, key, fingerprint, tombstoneDays],
    })
    return rowCount === 1
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') {
      throw new ApiError(
        'idempotency_key_in_use',
        'Another request with this Idempotency-Key is still being processed; retry in a few seconds',
        { param: 'Idempotency-Key', headers: { 'retry-after': '2' } },
      )
    }
    throw error
  }
}

/** Stores the result in the same transaction as the change it reports, encrypted. */
export async function completeKey(
  tx: Queryable,
  scope: IdempotencyScope,
  key: string,
  result: StoredResult,
  sealKey: Uint8Array,
): Promise<void> {
  await tx.query({
    name: 'idempotency-complete',
    text: `update idempotency_keys set response_status = $4::int, response_sealed = $5::bytea, completed_at = now()
      where shop_id = $1::uuid and integration_id = $2::uuid and key = $3::text`,
    values: [scope.shopId, scope.integrationId, key, result.status, seal(sealKey, result.body)],
  })
}

/** Erases replays older than 7 days and forgets keys older than 30. Returns what it did. */
export async function purgeIdempotencyKeys(db: Queryable): Promise<{ erased: number; deleted: number }> {
  const deleted = await db.query(
    'delete from idempotency_keys where created_at < now() - make_interval(days => $1::int)',
    [tombstoneDays],
  )
  const erased = await db.query(
    `update idempotency_keys set response_sealed = null
     where response_sealed is not null and created_at < now() - make_interval(days => $1::int)`,
    [replayDays],
  )
  return { erased: erased.rowCount ?? 0, deleted: deleted.rowCount ?? 0 }
}
