import { createHash } from 'node:crypto'
import { type Queryable, sqlLiteral } from '../db/pool.js'
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

const uuidLiteral = (value: string) => `${sqlLiteral(value)}::uuid`
const byteaLiteral = (value: Uint8Array) => `${sqlLiteral(`\\x${Buffer.from(value).toString('hex')}`)}::bytea`

/**
 * The key's lock: a transaction-level advisory lock on a 64-bit digest of the scope and key, so two
 * requests with one key run one after the other while requests with different keys never wait on
 * each other (two keys sharing a digest would only wait, never mix: the record is read by its key).
 */
function keyLockLiteral(scope: IdempotencyScope, key: string): string {
  const digest = createHash('sha256').update(`${scope.shopId}\u0000${scope.integrationId}\u0000${key}`).digest()
  return `${digest.readBigInt64BE(0)}::bigint`
}

/**
 * The statements that claim `key`, sent with the write's BEGIN (TransactionSteps.opening: no round
 * trip of their own): the key's lock, then its unexpired record, read after the lock is held (each
 * statement of the message takes its own snapshot), so a request that waited for another with the
 * same key sees that one's committed record. A concurrent request holding the key makes this one
 * wait up to the transaction's lock_timeout (then 55P03: see keyInUse). Nothing is written until the
 * result is known (completeKeyStatement): the record is one row, written once, with the change.
 */
export function claimKeyStatement(scope: IdempotencyScope, key: string): string {
  return `select pg_advisory_xact_lock(${keyLockLiteral(scope, key)});
    select 1 from idempotency_keys
    where shop_id = ${uuidLiteral(scope.shopId)} and integration_id = ${uuidLiteral(scope.integrationId)}
      and key = ${sqlLiteral(key)} and created_at > now() - make_interval(days => ${tombstoneDays})`
}

/** True when the claim's result (its last statement's: the key's unexpired record) shows that this request holds the key. */
export function claimed(result: { rowCount: number | null } | undefined): boolean {
  return result?.rowCount === 0
}

/** The answer when the claim waited out its lock timeout (55P03): another request holds the key. */
export function keyInUse(): ApiError {
  return new ApiError(
    'idempotency_key_in_use',
    'Another request with this Idempotency-Key is still being processed; retry in a few seconds',
    { param: 'Idempotency-Key', headers: { 'retry-after': '2' } },
  )
}

/**
 * The statement that records the key with its result, encrypted, sent with the COMMIT
 * (TransactionSteps.closing): it commits with the change it reports, or not at all. A record older
 * than 30 days under the same key (free again, see claimKeyStatement) is replaced.
 */
export function completeKeyStatement(
  scope: IdempotencyScope,
  key: string,
  fingerprint: Buffer,
  result: StoredResult,
  sealKey: Uint8Array,
): string {
  if (!Number.isInteger(result.status)) throw new Error(`status ${result.status} is not an integer`)
  return `insert into idempotency_keys (shop_id, integration_id, key, fingerprint, response_status, response_sealed,
      completed_at)
    values (${uuidLiteral(scope.shopId)}, ${uuidLiteral(scope.integrationId)}, ${sqlLiteral(key)},
      ${byteaLiteral(fingerprint)}, ${result.status}, ${byteaLiteral(seal(sealKey, result.body))}, now())
    on conflict (shop_id, integration_id, key) do update
      set fingerprint = excluded.fingerprint, response_status = excluded.response_status,
        response_sealed = excluded.response_sealed, created_at = now(), completed_at = now()`
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
