import { canonicalJson, decodeCursor, encodeCursor } from '../lib/cursors.js'
import type { AppDeps } from './deps.js'
import type { Page, PageRequest, SortColumn } from './pagination.js'
import type { AuthContext } from './tenancy/api-keys.js'

// Resource-list cursors live a day: long enough for any crawl, short enough that a leaked one dies.
export const cursorMaxAgeSeconds = 24 * 60 * 60

export interface ListQuery {
  limit: number
  cursor?: string | undefined
  sort?: SortColumn
}

/**
 * The page a list request asks for. The cursor is bound to the operation, the key's shop and
 * integration, and every filter (all of `query` but `limit` and `cursor`).
 */
export function pageRequest(
  deps: AppDeps,
  operationId: string,
  auth: AuthContext,
  query: ListQuery,
  options: { maxAgeSeconds?: number } = {},
) {
  const { limit, cursor, ...filters } = query
  const sort = query.sort ?? 'created_at'
  const binding = canonicalJson([operationId, auth.shopId, auth.integrationId, { ...filters, sort }])
  const page: PageRequest = {
    sort,
    limit,
    after: cursor
      ? decodeCursor(deps.secrets.cursorKey, binding, cursor, {
          maxAgeSeconds: options.maxAgeSeconds ?? cursorMaxAgeSeconds,
        })
      : undefined,
  }
  return {
    page,
    /** The list envelope of a fetched page. */
    envelope<Row extends { public_id: string; created_at: Date; updated_at: Date }, Item>(
      result: Page<Row>,
      toItem: (row: Row) => Item,
    ) {
      const last = result.rows.at(-1)
      return {
        object: 'list' as const,
        data: result.rows.map(toItem),
        has_more: result.hasMore,
        next_cursor:
          result.hasMore && last
            ? encodeCursor(deps.secrets.cursorKey, binding, {
                sortValue: last[sort].toISOString(),
                publicId: last.public_id,
              })
            : null,
      }
    },
  }
}
