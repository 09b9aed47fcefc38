import { canonicalJson, decodeCursor, encodeCursor } from '../lib/cursors.js'
import { ApiError } from '../lib/errors.js'
import { isoString } from '../lib/iso-string.js'
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
                sortValue: isoString(last[sort]),
                publicId: last.public_id,
              })
            : null,
      }
    },
  }
}

/** A position in the event feed: after the event of this transaction id and sequence (platform/events.ts). */
export interface FeedCursorPosition {
  xactId: string
  sequence: string
}

const digits = /^\d{1,20}$/

/**
 * The page a feed request (GET /events?order=asc) asks for. Unlike a list, every page answers a
 * cursor, the last one included: it is where the reader stands, and later returns exactly the events
 * committed since (spec "Sync guidance" 4: keep the last cursor). Bound like a list's cursor, to the
 * operation, the caller and every filter, `order` included, so a list cursor never reads as a feed's.
 */
export function feedRequest(
  deps: AppDeps,
  operationId: string,
  auth: AuthContext,
  query: ListQuery & { order: 'asc' },
  options: { maxAgeSeconds: number; start: FeedCursorPosition },
) {
  const { limit, cursor, ...filters } = query
  const binding = canonicalJson([operationId, auth.shopId, auth.integrationId, filters])
  let after = options.start
  if (cursor) {
    // The feed's position travels in the list cursor's two fields: the transaction id, then the sequence.
    const position = decodeCursor(deps.secrets.cursorKey, binding, cursor, { maxAgeSeconds: options.maxAgeSeconds })
    if (!digits.test(position.sortValue) || !digits.test(position.publicId)) {
      throw new ApiError('invalid_cursor', 'The cursor is not one this API issued: start again without it', {
        param: 'cursor',
      })
    }
    after = { xactId: position.sortValue, sequence: position.publicId }
  }
  return {
    page: { after, limit },
    /** The envelope of a fetched feed page: its cursor is after its last event, or where it began. */
    envelope<Row extends { xact_id: string; sequence: string }, Item>(result: Page<Row>, toItem: (row: Row) => Item) {
      const last = result.rows.at(-1)
      const reached = last ? { xactId: last.xact_id, sequence: last.sequence } : after
      return {
        object: 'list' as const,
        data: result.rows.map(toItem),
        has_more: result.hasMore,
        next_cursor: encodeCursor(deps.secrets.cursorKey, binding, {
          sortValue: reached.xactId,
          publicId: reached.sequence,
        }),
      }
    },
  }
}
