import type { Queryable } from '../db/pool.js'
import { queryRows } from '../db/rows.js'
import { SqlParams, searchCondition, statementName } from '../db/sql.js'
import { ApiError, UsageError } from '../lib/errors.js'
import { type IdKind, idPrefixes, isPublicId, newPublicId } from '../lib/ids.js'
import { type Actor, type EventType, insertEventsSql, type NewEvent } from './events.js'
import { type ExternalObjectType, moveExternalIdsOnMerge } from './external-refs.js'
import type { Page, PageRequest, SortColumn } from './pagination.js'

/**
 * The SQL type of a column. Every value the kit writes or compares is cast to it (`$n::numeric`), so
 * the planner never guesses and money is never sent as text; a column without one does not compile.
 */
export type SqlType =
  | 'text'
  | 'uuid'
  | 'integer'
  | 'bigint'
  | 'boolean'
  | 'numeric'
  | 'timestamptz'
  | 'date'
  | 'time'
  | 'text[]'
  | 'jsonb'

/** One selected column of a row: its SQL expression (over the resource's alias and joins) and type. */
export interface Column {
  sql: string
  type: SqlType
}

/** Column -> new value: the API field it comes from (null for derived columns) and its SQL type. */
export type ColumnChanges = Record<string, { field: string | null; value: unknown; type: SqlType }>

/** What every row the kit reads carries, whatever else the resource selects. */
export interface BaseRow {
  shop_id: string
  id: string
  public_id: string
  version: number
  created_at: Date
  updated_at: Date
}

/** Builds the SQL condition of one list filter over the base table (alias as in the definition). */
export type FilterSql<V> = (value: V, sql: { params: SqlParams; reader: Actor; shopId: string }) => string

/** A filter's value when the list request leaves it out, decided from the filters it gives. */
export type FilterDefault = (filters: Record<string, unknown>) => unknown

/**
 * A resource as the kit sees it: one table with an alias, the columns a row selects (typed), the joins
 * they need, the fields an API write may set, the list filters and sorts, the events it records.
 * Get, list, create, update and archive derive from it; a resource adds only its own rules.
 */
export interface ResourceDefinition<Row extends BaseRow, Filters = Record<string, unknown>> {
  /** `object_type` of its events and external references; also the noun of messages. */
  objectType: string
  table: string
  alias: string
  idKind: IdKind
  /** Every property of Row, with the expression that selects it. */
  columns: { [K in keyof Row]: Column }
  /** Joins after `from <table> <alias>` that the columns need; never needed by filters. */
  joins?: (params: SqlParams, reader: Actor) => string
  /** API field -> the column it writes (the type is the column's). */
  writable: Record<string, { column: string; type: SqlType }>
  /** List filters by query-parameter name; each reads only the base table. */
  filters: { [K in keyof Filters]?: FilterSql<NonNullable<Filters[K]>> }
  /** Values of filters a request leaves out that still filter (`lifecycle`), by query-parameter name. */
  filterDefaults?: Record<string, FilterDefault>
  /** Sort columns a list accepts (the first is the default). */
  sorts: readonly SortColumn[]
  /**
   * The lower-cased column `q` searches (a substring, spec "Pagination"), indexed for it by trigrams
   * and bigrams (searchCondition). The kit builds the filter; a list with `q` is planned for its term.
   */
  search?: string
  /**
   * The response budget of a resource whose rows embed a collection (an invoice's lines, a canned
   * job's parts): `count` is the SQL count of one row's embedded items, given the row's id and shop
   * as SQL expressions. A page holds rows while their items add up to at most `maxPerPage`, and always
   * at least one row; a page cut short says `has_more` with a `next_cursor` like any other.
   */
  embedded?: { count: (id: string, shopId: string) => string; maxPerPage: number }
  /** The integration-private external id (spec "External references"): selected and filterable. */
  externalIds?: boolean
  /** Whether the table has `archived_at` / `archive_reason` (archive operation, lifecycle filter). */
  archivable?: boolean
  /** `merged` is recorded by mergeRecords (tables with `merged_into_id`; the staff merges duplicates). */
  events?: { created?: EventType; updated?: EventType; archived?: EventType; merged?: EventType }
  /** The event summary: small, and never pricing or cost (spec "Envelope"). */
  summary?: (row: Row) => Record<string, unknown>
}

const noun = (definition: { objectType: string }) => definition.objectType.replaceAll('_', ' ')
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

// A definition's select list never changes: built once, not on every get and page.
const selectLists = new WeakMap<object, string>()

function selectList(definition: ResourceDefinition<BaseRow>): string {
  let list = selectLists.get(definition)
  if (list === undefined) {
    list = Object.entries(definition.columns as Record<string, Column>)
      .map(([name, column]) => `${column.sql} as "${name}"`)
      .join(', ')
    selectLists.set(definition, list)
  }
  return list
}

/** `source` replaces the table, e.g. by the `inserted` rows of a create. */
function fromClause(
  definition: ResourceDefinition<BaseRow>,
  params: SqlParams,
  reader: Actor,
  source = definition.table,
): string {
  const { alias } = definition
  const externalRef = definition.externalIds
    ? ` left join external_refs r on r.shop_id = ${alias}.shop_id and r.integration_id = ${params.add(reader.integrationId, 'uuid')}
      and r.object_type = '${definition.objectType}' and r.object_id = ${alias}.id`
    : ''
  return `${source} ${alias}${externalRef} ${definition.joins?.(params, reader) ?? ''}`
}

/** The `external_id` column of a definition with external ids: the reading integration's own id. */
export const externalIdColumn: Column = { sql: 'r.external_id', type: 'text' }

/**
 * A get's statement over the reader's shop: the definition's columns and joins, the rows where `where`
 * holds (called after the joins have added their parameters), locked as asked.
 */
function selectInShop(
  base: ResourceDefinition<BaseRow>,
  params: SqlParams,
  reader: Actor,
  where: () => string,
  options: { orderById?: boolean; lock: { forUpdate?: boolean; forShare?: boolean } },
): string {
  const { alias } = base
  const lock = options.lock.forUpdate ? `for update of ${alias}` : options.lock.forShare ? `for share of ${alias}` : ''
  return `select ${selectList(base)} from ${fromClause(base, params, reader)}
    where ${alias}.shop_id = ${params.add(reader.shopId, 'uuid')} and ${where()}
    ${options.orderById ? `order by ${alias}.id` : ''} ${lock}`
}

/** The row of `publicId` in the reader's shop, or 404 not_found naming the id. */
export async function getRecord<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  db: Queryable,
  reader: Actor,
  publicId: string,
  options: { forUpdate?: boolean; param?: string } = {},
): Promise<Row> {
  const found = await findRecord(definition, db, reader, publicId, options)
  if (!found) {
    throw new ApiError('not_found', `No ${noun(definition)} ${publicId} in this shop`, {
      param: options.param ?? 'public_id',
    })
  }
  return found
}

export async function findRecord<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  db: Queryable,
  reader: Actor,
  publicId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Row | undefined> {
  const base = definition as unknown as ResourceDefinition<BaseRow>
  const params = new SqlParams()
  const text = selectInShop(base, params, reader, () => `${base.alias}.public_id = ${params.add(publicId, 'text')}`, {
    lock: options,
  })
  // Prepared per shape: a get is the hottest read, and planning its joins costs more than running them.
  const rows = await queryRows<Row>(db, { name: statementName(`get-${base.table}`, text), text, values: params.values })
  return rows[0]
}

/**
 * The rows of the reader's shop matching `where` (over the definition's alias and joins; the
 * external reference `r` is the reader's own), as a get reads them: an import's lookup of a batch by
 * its keys. `forUpdate` locks them in id order, the order a merge locks records in.
 */
export async function findRecordsWhere<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  db: Queryable,
  reader: Actor,
  where: (params: SqlParams) => string,
  options: { forUpdate?: boolean; forShare?: boolean } = {},
): Promise<Row[]> {
  const base = definition as unknown as ResourceDefinition<BaseRow>
  const params = new SqlParams()
  const text = selectInShop(base, params, reader, () => where(params), { orderById: true, lock: options })
  const { rows } = await db.query<Row>(text, params.values)
  return rows
}

/**
 * A resource's plain get (404 when the shop has no such record) and list, for its service to export
 * under its own names: `export const { get: getTask, list: listTasks } = recordReaders(taskDefinition)`.
 */
export function recordReaders<Row extends BaseRow, Filters>(definition: ResourceDefinition<Row, Filters>) {
  return {
    get: (
      db: Queryable,
      reader: Actor,
      publicId: string,
      options: { forUpdate?: boolean; param?: string } = {},
    ): Promise<Row> => getRecord(definition, db, reader, publicId, options),
    list: (db: Queryable, reader: Actor, filters: Filters, page: PageRequest): Promise<Page<Row>> =>
      listRecords(definition, db, reader, filters, page),
  }
}

/**
 * One keyset page, newest first. The base table is paged first on its ordered index (filters,
 * cursor, order, limit) and only that page is joined: a plan that does not depend on fresh statistics.
 * Joined first, a deep page right after a bulk load was planned as a scan and join of every earlier
 * row, then a sort (14 ms instead of 0.3 ms).
 */
export async function listRecords<Row extends BaseRow, Filters>(
  definition: ResourceDefinition<Row, Filters>,
  db: Queryable,
  reader: Actor,
  filters: Filters,
  page: PageRequest,
  options: { where?: (params: SqlParams, shopId: string) => string[] } = {},
): Promise<Page<Row>> {
  const base = definition as unknown as ResourceDefinition<BaseRow, Record<string, unknown>>
  const { alias, table } = base
  const params = new SqlParams()
  const shopId = params.add(reader.shopId, 'uuid')
  const where = [`${alias}.shop_id = ${shopId}`, ...(options.where?.(params, shopId) ?? [])]
  // A search is planned for its term, never with a generic plan: whether the index or the list order
  // reads fewer rows depends on how many rows the term matches.
  let searched = false
  const given = filters as Record<string, unknown>
  const resolved = { ...given }
  for (const [name, whenAbsent] of Object.entries(base.filterDefaults ?? {})) {
    if (resolved[name] === undefined) resolved[name] = whenAbsent(given)
  }
  for (const [name, value] of Object.entries(resolved)) {
    if (value === undefined) continue
    if (name === 'q' && base.search) {
      where.push(searchCondition(`${alias}.${base.search}`, value as string, params))
      searched = true
      continue
    }
    if (name === 'external_id' && base.externalIds) {
      where.push(`${alias}.id in (select object_id from external_refs where shop_id = ${shopId}
        and integration_id = ${params.add(reader.integrationId, 'uuid')} and object_type = '${base.objectType}'
        and external_id = ${params.add(value, 'text')})`)
      continue
    }
    const filter = base.filters[name]
    if (filter) where.push(filter(value as never, { params, reader, shopId }))
  }
  if (page.after) {
    where.push(
      `(${alias}.${page.sort}, ${alias}.public_id) < (${params.add(page.after.sortValue, 'timestamptz')}, ${params.add(page.after.publicId, 'text')})`,
    )
  }
  const order = `${alias}.${page.sort} desc, ${alias}.public_id desc`
  const budget = base.embedded
  // The page is joined row by row (LATERAL; `limit 1` keeps the planner from flattening it back into
  // one join), so no estimate can turn it into a hash join over every row of the shop: joined plainly,
  // an unanalyzed table of 20,000 repair orders was read whole (7 ms) to join a page of 51.
  // Without a budget the page is a subquery with its limit (never flattened) that holds whole rows,
  // read once by the ordered index scan; each is joined as a one-row source (`select page.*`) rather
  // than read again by primary key, and comes out in the index's order, so nothing is sorted after
  // (a deep customer page: Postgres CPU ~1,180 -> ~700 µs, EXPLAIN ANALYZE 1.2 -> 0.5 ms).
  if (!budget) {
    const text = `select row.* from (
        select ${alias}.* from ${table} ${alias} where ${where.join(' and ')} order by ${order} limit ${page.limit + 1}
      ) page cross join lateral (
        select ${selectList(base)} from ${fromClause(base, params, reader, '(select page.*)')} limit 1) row
      order by page.${page.sort} desc, page.public_id desc`
    const query = { text, values: params.values }
    const rows = await queryRows<Row>(db, searched ? query : { ...query, name: statementName(`page-${table}`, text) })
    return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit }
  }
  // With a response budget the page keeps its rows, newest first, while their embedded items add up
  // to the budget (always the first row); `fetched`, the rows read, tells that the page was cut. Only
  // the ids are weighed; the rows kept are then read by primary key.
  const text = `with page as materialized (
        select ${alias}.id, ${alias}.${page.sort} as sort_value, ${alias}.public_id from ${table} ${alias}
        where ${where.join(' and ')} order by ${order} limit ${page.limit + 1}),
      weighed as (
        select page.id, row_number() over newest as position, sum(items.count) over newest as running,
          count(*) over () as fetched
        from page cross join lateral (select ${budget.count('page.id', shopId)} as count) items
        window newest as (order by page.sort_value desc, page.public_id desc rows unbounded preceding)),
      kept as materialized (
        select id, fetched from weighed where position = 1 or running <= ${Math.trunc(budget.maxPerPage)})
    select row.*, kept.fetched as "page_fetched" from kept cross join lateral (
      select ${selectList(base)} from ${fromClause(base, params, reader)}
      where ${alias}.shop_id = ${shopId} and ${alias}.id = kept.id limit 1) row
    order by row."${page.sort}" desc, row."public_id" desc`
  const query = { text, values: params.values }
  const rows = await queryRows<Row & { page_fetched?: string }>(
    db,
    searched ? query : { ...query, name: statementName(`page-${table}`, text) },
  )
  const fetched = Number(rows[0]?.page_fetched ?? 0)
  for (const row of rows) delete row.page_fetched
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit || rows.length < fetched }
}

/** The changes an API body asks for, from the definition's writable fields (absent fields: none). */
export function writableChanges(definition: { writable: ResourceDefinition<BaseRow>['writable'] }, input: object) {
  const changes: ColumnChanges = {}
  const values = input as Record<string, unknown>
  for (const [field, target] of Object.entries(definition.writable)) {
    const value = values[field]
    if (value !== undefined) changes[target.column] = { field, value, type: target.type }
  }
  return changes
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b)
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  return a === b
}

/**
 * The columns whose value would change, and the API fields behind them; null when nothing would
 * (presence-aware PATCH: such a request is 400 no_changes). Derived columns ride along with a change.
 */
export function diffColumns(
  current: object,
  changes: ColumnChanges,
): { changes: ColumnChanges; fields: string[] } | null {
  const row = current as Record<string, unknown>
  const changed: ColumnChanges = {}
  const fields = new Set<string>()
  for (const [column, change] of Object.entries(changes)) {
    if (change.field === null || same(row[column] ?? null, change.value)) continue
    changed[column] = change
    fields.add(change.field)
  }
  if (fields.size === 0) return null
  for (const [column, change] of Object.entries(changes)) {
    if (change.field === null) changed[column] = change
  }
  return { changes: changed, fields: [...fields] }
}

/** The diff of a PATCH, or 400 no_changes when it changes nothing. */
export function requireChanges(current: object, changes: ColumnChanges) {
  const changed = diffColumns(current, changes)
  if (!changed) {
    throw new ApiError('no_changes', 'The request changes nothing: every field given already has that value')
  }
  return changed
}

/** Writes changed columns and bumps `version` and `updated_at`, as every change does. */
export async function applyChanges(
  tx: Queryable,
  table: string,
  row: { shop_id: string; id: string },
  changes: ColumnChanges,
): Promise<void> {
  const params = new SqlParams()
  const sets = Object.entries(changes).map(([column, change]) => `${column} = ${params.add(change.value, change.type)}`)
  await tx.query(
    `update ${table} set ${[...sets, 'version = version + 1', "updated_at = date_trunc('milliseconds', now())"].join(', ')}
     where shop_id = ${params.add(row.shop_id, 'uuid')} and id = ${params.add(row.id, 'uuid')}`,
    params.values,
  )
}

/** 409 version_conflict naming the current version when `expected_version` is given and stale. */
export function checkVersion(
  definition: { objectType: string },
  row: { public_id: string; version: number },
  expectedVersion: number | null | undefined,
): void {
  if (expectedVersion === undefined || expectedVersion === null || expectedVersion === row.version) return
  throw new ApiError(
    'version_conflict',
    `${capitalised(noun(definition))} ${row.public_id} is at version ${row.version}, not ${expectedVersion}: fetch it again, reapply your change and send expected_version ${row.version}`,
    { param: 'expected_version' },
  )
}

/**
 * The checks before any change to a mergeable record: `expected_version` first (409 version_conflict
 * naming the current version), then a merged record refuses every change (409 conflict naming the
 * survivor).
 */
export function checkUpdatable(
  definition: { objectType: string },
  row: { public_id: string; version: number; merged_into_public_id: string | null },
  expectedVersion: number | null | undefined,
): void {
  checkVersion(definition, row, expectedVersion)
  const survivor = row.merged_into_public_id
  if (!survivor) return
  const kind = noun(definition)
  throw new ApiError(
    'conflict',
    `${capitalised(kind)} ${row.public_id} was merged into ${survivor}: update the surviving ${kind} instead`,
    {
      blockers: [
        {
          type: definition.objectType,
          reason: 'merged',
          message: `${row.public_id} was merged into ${survivor}`,
          resolution: [`Use the surviving ${kind} ${survivor}`],
        },
      ],
    },
  )
}

/**
 * Inserts a record from column changes and returns the new row as a get reads it (one statement), then
 * records its `created` event. When the caller knows the event's summary before the insert
 * (`createdSummary`, from the input), the event is written by that same statement: one round trip.
 */
export async function createRecord<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  changes: ColumnChanges,
  options: {
    events?: (row: Row) => NewEvent[]
    createdSummary?: Record<string, unknown>
    /** Added to the `created` event's summary (an import's `source`). */
    extraSummary?: Record<string, unknown>
  } = {},
): Promise<Row> {
  const base = definition as unknown as ResourceDefinition<BaseRow>
  const params = new SqlParams()
  const publicId = newPublicId(definition.idKind)
  const names = Object.keys(changes)
  const values = [params.add(actor.shopId, 'uuid'), params.add(publicId, 'text')]
  for (const name of names) {
    const change = changes[name] as ColumnChanges[string]
    values.push(params.add(change.value, change.type))
  }
  const createdType = definition.events?.created
  const eventInStatement = options.createdSummary !== undefined && createdType !== undefined && !options.events
  const recorded = eventInStatement
    ? `, recorded as (${insertEventsSql(params, actor, [
        {
          type: createdType,
          objectType: definition.objectType,
          objectId: publicId,
          summary: { ...options.createdSummary, ...options.extraSummary },
        },
      ])})`
    : ''
  const text = `with inserted as (
      insert into ${definition.table} (shop_id, public_id${names.map((n) => `, ${n}`).join('')})
      values (${values.join(', ')}) returning *)${recorded}
    select ${selectList(base)} from ${fromClause(base, params, actor, 'inserted')}`
  const { rows } = await tx.query<Row>({
    name: statementName(`create-${definition.table}`, text),
    text,
    values: params.values,
  })
  const row = rows[0] as Row
  if (!eventInStatement) {
    await recordEventsFor(
      definition,
      tx,
      actor,
      row,
      options.events?.(row) ?? createdEvents(definition, row, options.extraSummary),
    )
  }
  return row
}

/**
 * `createRecord` for many records in one statement (an import's batch): the rows and their `created`
 * events are inserted together, in the caller's transaction, from the same column changes a create
 * of one computes. A column some records lack takes its default in theirs (multi-row VALUES with
 * DEFAULT), as it would in a create of one. Returns the new records' ids, in input order.
 */
export async function createRecords<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  records: { changes: ColumnChanges; summary: Record<string, unknown> }[],
): Promise<{ id: string; public_id: string }[]> {
  if (records.length === 0) return []
  const params = new SqlParams()
  const types = new Map<string, SqlType>()
  for (const record of records) {
    for (const [column, change] of Object.entries(record.changes))
      if (!types.has(column)) types.set(column, change.type)
  }
  const columns = [...types.keys()]
  const shop = params.add(actor.shopId, 'uuid')
  const publicIds = records.map(() => newPublicId(definition.idKind))
  const values = records.map((record, index) => {
    const cells = columns.map((column) => {
      const change = record.changes[column]
      return change ? params.add(change.value, change.type) : 'default'
    })
    return `(${shop}, ${params.add(publicIds[index], 'text')}${cells.map((cell) => `, ${cell}`).join('')})`
  })
  const createdType = definition.events?.created
  const recorded = createdType
    ? `, recorded as (${insertEventsSql(
        params,
        actor,
        records.map((record, index) => ({
          type: createdType,
          objectType: definition.objectType,
          objectId: publicIds[index] as string,
          summary: record.summary,
        })),
      )})`
    : ''
  const { rows } = await tx.query<{ id: string; public_id: string }>(
    `with inserted as (
       insert into ${definition.table} (shop_id, public_id${columns.map((column) => `, ${column}`).join('')})
       values ${values.join(', ')} returning id, public_id)${recorded}
     select id, public_id from inserted`,
    params.values,
  )
  const byPublicId = new Map(rows.map((row) => [row.public_id, row]))
  return publicIds.map((publicId) => byPublicId.get(publicId) as { id: string; public_id: string })
}

function createdEvents<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  row: Row,
  extraSummary: Record<string, unknown> = {},
): NewEvent[] {
  return lifecycleEvents(definition, row, definition.events?.created, extraSummary)
}

/**
 * The event of a change of `row` as `type`, when the resource declares that event: the resource's
 * summary of the row as it is now, then `details` (what changed, why, where from).
 */
function lifecycleEvents<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  row: Row,
  type: EventType | undefined,
  details: Record<string, unknown>,
): NewEvent[] {
  if (!type) return []
  return [
    {
      type,
      objectType: definition.objectType,
      objectId: row.public_id,
      summary: { ...definition.summary?.(row), ...details },
    },
  ]
}

/** Records the event of a change of `row` as `type` (nothing when the resource does not declare it). */
function recordLifecycleEvent<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  row: Row,
  type: EventType | undefined,
  details: Record<string, unknown>,
): Promise<void> {
  return recordEventsFor(definition, tx, actor, row, lifecycleEvents(definition, row, type, details))
}

async function recordEventsFor<Row extends BaseRow, F>(
  _definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  _row: Row,
  events: NewEvent[],
): Promise<void> {
  if (events.length === 0) return
  const params = new SqlParams()
  await tx.query(insertEventsSql(params, actor, events), params.values)
}

/**
 * Applies a presence-aware change to a locked row: 400 no_changes when nothing would change, else
 * the columns, `version` and `updated_at` move, and the `updated` event (with `changed_fields`) is
 * recorded. Returns the row as a get now reads it.
 */
export async function updateRecord<Row extends BaseRow, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  row: Row,
  changes: ColumnChanges,
  options: { extraSummary?: Record<string, unknown> } = {},
): Promise<{ row: Row; changedFields: string[] }> {
  const changed = requireChanges(row, changes)
  await applyChanges(tx, definition.table, row, changed.changes)
  const updated = await getRecord(definition, tx, actor, row.public_id)
  await recordLifecycleEvent(definition, tx, actor, updated, definition.events?.updated, {
    changed_fields: changed.fields,
    ...options.extraSummary,
  })
  return { row: updated, changedFields: changed.fields }
}

/** Options of a write: `eventSummary` is added to the summary of the event it records (an import's `source`). */
export interface WriteOptions {
  eventSummary?: Record<string, unknown>
}

/**
 * PATCH of a record that merges may retire: locked, `expected_version` and "not merged" checked, then
 * `changes` (computed after those checks, so a stale or merged record is the answer first) written.
 */
export async function updateMergeableRecord<Row extends BaseRow & { merged_into_public_id: string | null }, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  publicId: string,
  expectedVersion: number | null | undefined,
  changes: () => ColumnChanges,
  options: WriteOptions = {},
): Promise<Row> {
  const row = await getRecord(definition, tx, actor, publicId, { forUpdate: true })
  checkUpdatable(definition, row, expectedVersion)
  return (await updateRecord(definition, tx, actor, row, changes(), { extraSummary: options.eventSummary })).row
}

/** Archives the record of `publicId` (404 when the shop has none), locked first. */
export async function archiveRecordByPublicId<Row extends BaseRow & { archived: boolean }, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  publicId: string,
  reason: string | null,
): Promise<Row> {
  const row = await getRecord(definition, tx, actor, publicId, { forUpdate: true })
  return archiveRecord(definition, tx, actor, row, reason)
}

/** Archives a record (a change like any other: version and updated_at move) and records the event. */
export async function archiveRecord<Row extends BaseRow & { archived: boolean }, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  row: Row,
  reason: string | null,
): Promise<Row> {
  // Archiving an archived record changes nothing and records nothing.
  if (row.archived) return row
  await tx.query(
    `update ${definition.table} set archived_at = now(), archive_reason = $3::text, version = version + 1,
       updated_at = date_trunc('milliseconds', now())
     where shop_id = $1::uuid and id = $2::uuid`,
    [row.shop_id, row.id, reason],
  )
  const archived = await getRecord(definition, tx, actor, row.public_id)
  await recordLifecycleEvent(definition, tx, actor, archived, definition.events?.archived, { reason })
  return archived
}

/** A merge: the duplicate (archived, `merged_into` set) and the survivor, as a get now reads them. */
export interface MergeResult<Row> {
  merged: Row
  survivor: Row
}

/**
 * A shop-side merge of a duplicate record into the one that survives, in the caller's transaction:
 * the duplicate stays readable, archived, with `merged_into`; external ids move to the survivor; both
 * versions move; `merged` and `updated` events are recorded (after `moveDependents`' own, which come
 * last). No field is copied. Refusals are one-line usage errors naming the record.
 */
export async function mergeRecords<Row extends BaseRow & { merged_into_public_id: string | null }, F>(
  definition: ResourceDefinition<Row, F>,
  tx: Queryable,
  actor: Actor,
  fromPublicId: string,
  intoPublicId: string,
  options: { moveDependents?: (source: Row, target: Row) => Promise<NewEvent[]> } = {},
): Promise<MergeResult<Row>> {
  const kind = noun(definition)
  for (const id of [fromPublicId, intoPublicId]) {
    if (!isPublicId(definition.idKind, id)) {
      throw new ApiError('invalid_id', `"${id}" is not a ${kind} id (${idPrefixes[definition.idKind]}_...)`)
    }
  }
  if (fromPublicId === intoPublicId) throw new UsageError(`A ${kind} cannot be merged into itself`)
  const { table } = definition
  // Both rows locked in one order, so two merges of one pair in opposite directions serialize.
  const locked = await tx.query<{ public_id: string }>(
    `select public_id from ${table} where shop_id = $1::uuid and public_id = any($2::text[]) order by id for update`,
    [actor.shopId, [fromPublicId, intoPublicId]],
  )
  for (const id of [fromPublicId, intoPublicId]) {
    if (locked.rows.some((row) => row.public_id === id)) continue
    const elsewhere = await tx.query(`select 1 from ${table} where public_id = $1::text`, [id])
    if (elsewhere.rows.length > 0) {
      throw new UsageError(`${id} belongs to another shop: both ${kind}s must belong to the same shop`)
    }
    throw new UsageError(`No ${kind} ${id}`)
  }
  const source = await getRecord(definition, tx, actor, fromPublicId)
  const target = await getRecord(definition, tx, actor, intoPublicId)
  if (source.merged_into_public_id) {
    throw new UsageError(`${fromPublicId} was already merged into ${source.merged_into_public_id}`)
  }
  if (target.merged_into_public_id) {
    throw new UsageError(`${intoPublicId} was merged into ${target.merged_into_public_id}: merge into that one`)
  }
  await tx.query(
    `update ${table} set merged_into_id = $3::uuid, archived_at = coalesce(archived_at, now()),
       version = version + 1, updated_at = date_trunc('milliseconds', now())
     where shop_id = $1::uuid and id = $2::uuid`,
    [actor.shopId, source.id, target.id],
  )
  const dependentEvents = (await options.moveDependents?.(source, target)) ?? []
  if (definition.externalIds) {
    await moveExternalIdsOnMerge(tx, actor.shopId, definition.objectType as ExternalObjectType, source.id, target.id)
  }
  await tx.query(
    `update ${table} set version = version + 1, updated_at = date_trunc('milliseconds', now())
     where shop_id = $1::uuid and id = $2::uuid`,
    [actor.shopId, target.id],
  )
  const events: NewEvent[] = []
  const { objectType } = definition
  if (definition.events?.merged) {
    events.push({
      type: definition.events.merged,
      objectType,
      objectId: intoPublicId,
      summary: { merged_from_id: fromPublicId, merged_into_id: intoPublicId },
    })
  }
  if (definition.events?.updated) {
    events.push({
      type: definition.events.updated,
      objectType,
      objectId: intoPublicId,
      summary: { ...definition.summary?.(target), changed_fields: [], merged_from_id: fromPublicId },
    })
  }
  await recordEventsFor(definition, tx, actor, target, [...events, ...dependentEvents])
  return {
    merged: await getRecord(definition, tx, actor, fromPublicId),
    survivor: await getRecord(definition, tx, actor, intoPublicId),
  }
}

/** ISO strings for instants: what every presenter does with a Date column. */
export function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString()
}

/**
 * Writes a batch of rows in two statements (imports): `inserts` as new records of the shop, `updates`
 * onto the records whose internal `id` they carry (version and `updated_at` move, as every change
 * does). Rows travel as one JSON array each, typed by `columns`, so a batch of 500 is one round trip.
 */
export async function writeRecordBatch<State extends object>(
  tx: Queryable,
  table: string,
  shopId: string,
  columns: { [K in keyof State]: SqlType },
  inserts: (State & { public_id: string })[],
  updates: (State & { id: string })[],
): Promise<void> {
  const names = Object.keys(columns)
  const recordset = (key: string) =>
    `${key}, ${names.map((name) => `${name} ${(columns as Record<string, SqlType>)[name]}`).join(', ')}`
  if (inserts.length > 0) {
    await tx.query(
      `insert into ${table} (shop_id, public_id, ${names.join(', ')})
       select $1::uuid, x.public_id, ${names.map((name) => `x.${name}`).join(', ')}
       from jsonb_to_recordset($2::jsonb) as x(${recordset('public_id text')})`,
      [shopId, JSON.stringify(inserts)],
    )
  }
  if (updates.length > 0) {
    await tx.query(
      `update ${table} t set ${names.map((name) => `${name} = x.${name}`).join(', ')},
         version = t.version + 1, updated_at = date_trunc('milliseconds', now())
       from jsonb_to_recordset($2::jsonb) as x(${recordset('id uuid')})
       where t.shop_id = $1::uuid and t.id = x.id`,
      [shopId, JSON.stringify(updates)],
    )
  }
}
