import type { Queryable } from '../db/pool.js'
import { type SqlParams, statementName } from '../db/sql.js'
import type { CursorPosition } from '../lib/cursors.js'

export type SortColumn = 'created_at' | 'updated_at'

export interface PageRequest {
  sort: SortColumn
  limit: number
  after?: CursorPosition | undefined
}

export interface Page<Row> {
  rows: Row[]
  hasMore: boolean
}

/**
 * One keyset page, newest first: `(sort column, public_id) < cursor`, so rows inserted while a client
 * pages are never skipped or repeated. `alias` is the listed table's alias in `from`.
 */
export async function fetchPage<Row extends { public_id: string }>(
  db: Queryable,
  query: { select: string; from: string; where: string[]; params: SqlParams; alias: string },
  page: PageRequest,
): Promise<Page<Row>> {
  const { alias, params } = query
  const where = [...query.where]
  if (page.after) {
    where.push(
      `(${alias}.${page.sort}, ${alias}.public_id) < (${params.add(page.after.sortValue, 'timestamptz')}, ${params.add(page.after.publicId, 'text')})`,
    )
  }
  const text = `select ${query.select} from ${query.from} where ${where.join(' and ')}
    order by ${alias}.${page.sort} desc, ${alias}.public_id desc limit ${page.limit + 1}`
  // Prepared per query shape (the filters present, the sort, a cursor or not): planning the joins
  // costs more than running them.
  const { rows } = await db.query<Row>({ name: statementName('page', text), text, values: params.values })
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit }
}
