import type { Queryable } from '../db/pool.js'
import { SqlParams } from '../db/sql.js'
import { ApiError } from '../lib/errors.js'

/** Column -> new value, with the API field it comes from (null for derived columns such as normalized phones). */
export type ColumnChanges = Record<string, { field: string | null; value: unknown }>

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b)
  return a === b
}

/**
 * The columns whose value would change, and the API fields behind them; null when nothing would
 * (presence-aware PATCH: such a request is 400 no_changes).
 */
export function diffColumns(
  current: Record<string, unknown>,
  changes: ColumnChanges,
): { columns: Record<string, unknown>; fields: string[] } | null {
  const columns: Record<string, unknown> = {}
  const fields = new Set<string>()
  for (const [column, change] of Object.entries(changes)) {
    if (change.field === null || same(current[column] ?? null, change.value)) continue
    columns[column] = change.value
    fields.add(change.field)
  }
  if (fields.size === 0) return null
  for (const [column, change] of Object.entries(changes)) {
    if (change.field === null) columns[column] = change.value
  }
  return { columns, fields: [...fields] }
}

/** Writes changed columns and bumps `version` and `updated_at`, as every change does. */
export async function applyChanges(
  tx: Queryable,
  table: string,
  row: { shop_id: string; id: string },
  columns: Record<string, unknown>,
  columnType: (column: string) => string,
): Promise<void> {
  const params = new SqlParams()
  const sets = Object.entries(columns).map(([column, value]) => `${column} = ${params.add(value, columnType(column))}`)
  await tx.query(
    `update ${table} set ${sets.join(', ')}, version = version + 1, updated_at = date_trunc('milliseconds', now())
     where shop_id = ${params.add(row.shop_id, 'uuid')} and id = ${params.add(row.id, 'uuid')}`,
    params.values,
  )
}

/** What every versioned, mergeable record of shop data has. */
export interface MutableRecord {
  shop_id: string
  id: string
  public_id: string
  version: number
  merged_into_public_id: string | null
}

/**
 * The checks before any change to a record: `expected_version` first (409 version_conflict naming the
 * current version), then a merged record refuses every change (409 conflict naming the survivor).
 */
export function checkUpdatable(
  kind: 'customer' | 'vehicle',
  row: MutableRecord,
  expectedVersion: number | null | undefined,
): void {
  const noun = kind.charAt(0).toUpperCase() + kind.slice(1)
  if (expectedVersion !== undefined && expectedVersion !== null && expectedVersion !== row.version) {
    throw new ApiError(
      'version_conflict',
      `${noun} ${row.public_id} is at version ${row.version}, not ${expectedVersion}: fetch it again, reapply your change and send expected_version ${row.version}`,
      { param: 'expected_version' },
    )
  }
  const survivor = row.merged_into_public_id
  if (!survivor) return
  throw new ApiError(
    'conflict',
    `${noun} ${row.public_id} was merged into ${survivor}: update the surviving ${kind} instead`,
    {
      blockers: [
        {
          type: kind,
          reason: 'merged',
          message: `${row.public_id} was merged into ${survivor}`,
          resolution: [`Use the surviving ${kind} ${survivor}`],
        },
      ],
    },
  )
}

/** The diff of a PATCH, or 400 no_changes when it changes nothing. */
export function requireChanges(
  current: object,
  changes: ColumnChanges,
): { columns: Record<string, unknown>; fields: string[] } {
  const changed = diffColumns(current as Record<string, unknown>, changes)
  if (!changed) {
    throw new ApiError('no_changes', 'The request changes nothing: every field given already has that value')
  }
  return changed
}

/** Archives a record (a change like any other: version and updated_at move). */
export async function markArchived(
  tx: Queryable,
  table: 'customers' | 'vehicles',
  row: { shop_id: string; id: string },
  reason: string | null,
): Promise<void> {
  await tx.query(
    `update ${table} set archived_at = now(), archive_reason = $3::text, version = version + 1,
       updated_at = date_trunc('milliseconds', now())
     where shop_id = $1::uuid and id = $2::uuid`,
    [row.shop_id, row.id, reason],
  )
}
