import { z } from 'zod'
import type { Queryable } from '../db/pool.js'
import { type IdKind, idPrefixes } from '../lib/ids.js'
import { isoString } from '../lib/iso-string.js'
import type { Scope } from '../lib/scopes.js'
import type { Actor } from './events.js'
import { pageRequest } from './list-request.js'
import { defineOperation } from './operation.js'
import type { Page, PageRequest } from './pagination.js'
import {
  type BaseRow,
  type Column,
  createRecord,
  type FilterDefault,
  type FilterSql,
  getRecord,
  listRecords,
  type ResourceDefinition,
  type SqlType,
  updateRecord,
  writableChanges,
} from './resource.js'
import {
  cursorParam,
  instant,
  lifecycleParam,
  limitParam,
  listEnvelope,
  publicIdParams,
  requestInstant,
  responseObject,
  searchParam,
  sortParam,
  textInput,
} from './schemas.js'
import type { AuthContext } from './tenancy/api-keys.js'

/**
 * A resource's fields, declared once: each row of the table is a column of the row (its SQL and type),
 * and, when the API shows or writes it, its response schema and its input schema. The row type, the
 * select list, the casts, the writable set, the response schema and the presenter all derive from it.
 * The kit adds what every record has (shop_id, id, public_id, version, created_at, updated_at) and
 * shows `id`, `object` first and `version`, `created_at`, `updated_at` last.
 */
export interface FieldSpec {
  /** The SQL type the column is read and written as (`$n::type`). */
  type: SqlType
  nullable?: boolean
  /** The expression that selects it (default: `<alias>.<key>`). */
  sql?: string
  /** The API's name for it when the row's differs (`customer_public_id` is shown as `customer_id`). */
  api?: string
  /** The API field's schema; absent, the row carries the column and the API does not show it. */
  response?: z.ZodType
  /** The input schema of an API write that sets the column (optional in a PATCH: the kit adds it). */
  input?: z.ZodType
  /** The input field's name when it is not the API name (`address` writes `address_line1`). */
  inputAs?: string
  /** A create must give it (the other inputs are optional there, as in every PATCH). */
  required?: true
}

/**
 * A field no single column holds: shown (`address`, `available_actions`, given by a `present` hook),
 * or an input the service turns into columns itself (`consent`), placed where the input lists it.
 */
export interface ShownSpec {
  response?: z.ZodType
  input?: z.ZodType
  inputAs?: string
  required?: true
}

type Spec = FieldSpec | ShownSpec
type Specs = Record<string, Spec>

/** What node-postgres returns for each SQL type (no custom parsers: numerics and dates as text). */
interface SqlValues {
  text: string
  uuid: string
  integer: number
  bigint: string
  boolean: boolean
  numeric: string
  timestamptz: Date
  date: string
  time: string
  'text[]': string[]
  jsonb: unknown
}

type ValueOf<S> = S extends { type: infer T extends SqlType }
  ? S extends { nullable: true }
    ? SqlValues[T] | null
    : SqlValues[T]
  : never

/** The row a get or a list reads: every column of the table, with what every record carries. */
export type RowOfFields<F extends Specs> = BaseRow & {
  [K in keyof F as F[K] extends FieldSpec ? K : never]: ValueOf<F[K]>
}

/** The row type and the list filters of a resource declared with defineResource. */
export type ResourceRow<D> = D extends ResourceDefinition<infer Row, infer _Filters> ? Row : never
export type ResourceFilters<D extends { listQuery: z.ZodType }> = Omit<
  z.output<D['listQuery']>,
  'limit' | 'cursor' | 'sort'
>

type ApiName<K, S> = S extends { api: infer A extends string } ? A : K
type ShownShape<F extends Specs> = {
  [K in keyof F as F[K] extends { response: z.ZodType } ? ApiName<K, F[K]> & string : never]: F[K] extends {
    response: infer R extends z.ZodType
  }
    ? R
    : never
}
type InputName<K, S> = S extends { inputAs: infer A extends string } ? A : ApiName<K, S>
/** The write schemas of the table by input name, as declared (required and nullable as written). */
export type InputShape<F extends Specs> = {
  [K in keyof F as F[K] extends { input: z.ZodType } ? InputName<K, F[K]> & string : never]: F[K] extends {
    input: infer I extends z.ZodType
  }
    ? I
    : never
}

/** The create inputs of the table: the `required` ones as declared, the others optional. */
export type CreateShape<F extends Specs> = {
  [K in keyof F as F[K] extends { input: z.ZodType } ? InputName<K, F[K]> & string : never]: F[K] extends {
    input: infer I extends z.ZodType
  }
    ? F[K] extends { required: true }
      ? I
      : z.ZodOptional<I>
    : never
}

type ResponseShape<O extends string, F extends Specs, V extends boolean, U extends boolean> = {
  id: z.ZodString
  object: z.ZodLiteral<O>
} & ShownShape<F> &
  (V extends false ? unknown : { version: z.ZodNumber }) & { created_at: typeof instant } & (U extends false
    ? unknown
    : { updated_at: typeof instant })

/** The query parameter of one list filter and the SQL condition it adds (none: the kit's own, `q`, `external_id`). */
export interface FilterSpec<Q extends z.ZodType = z.ZodType> {
  query: Q
  where?: FilterSql<NonNullable<z.output<Q>>>
  /** The filter's value when the request does not give it, read from the other filters. */
  whenAbsent?: FilterDefault
}

/** One list filter: its query parameter and, typed by it, its SQL condition. */
export function filter<Q extends z.ZodType>(query: Q, where?: FilterSql<NonNullable<z.output<Q>>>): FilterSpec<Q> {
  return where ? { query, where } : { query }
}

/** Any filter, whatever its value's type. */
type AnyFilter = { query: z.ZodType; where?: FilterSql<never>; whenAbsent?: FilterDefault }

type FilterValues<Q extends Record<string, AnyFilter>> = { -readonly [K in keyof Q]?: z.output<Q[K]['query']> }

/** `q` (spec "Pagination"): the kit searches the definition's `search` column. */
export const searchFilter = (description: string): FilterSpec<typeof searchParam> => ({
  query: searchParam.meta({ description }),
})

/** `external_id` (spec "External references"): the kit matches the reading integration's own ids. */
export const externalIdFilter = {
  query: textInput(255).min(1).optional().meta({ description: "This integration's external id" }),
}

/** Records changed strictly after an instant. */
export const updatedAfterFilter = (alias: string) => ({
  query: requestInstant.optional().meta({
    description: 'Only records updated strictly after this instant (RFC 3339, e.g. 2026-01-31T09:04:05-06:00)',
  }),
  where: ((value, { params }) => `${alias}.updated_at > ${params.add(value, 'timestamptz')}`) as FilterSql<Date>,
})

/**
 * Archived records (merged ones too) only with `lifecycle=archived` or `all`, or by default in a sync
 * crawl. The spec says both "lifecycle defaults to active" and "archives and merges appear as updates"
 * (Sync guidance 3) to a client crawling `updated_after=T&sort=updated_at`: a request that gives
 * `updated_after` and no `lifecycle` is a crawl for changes, and an archive or a merge is a change, so
 * it lists every lifecycle. A browsing list (no `updated_after`) still hides them, and an explicit
 * `lifecycle` always wins. Declared here once for every archivable resource.
 */
export const lifecycleFilter = (alias: string) => ({
  query: lifecycleParam,
  where: ((value) =>
    value === 'active'
      ? `${alias}.archived_at is null`
      : value === 'archived'
        ? `${alias}.archived_at is not null`
        : 'true') as FilterSql<'active' | 'archived' | 'all'>,
  whenAbsent: (filters: Record<string, unknown>) => (filters.updated_after === undefined ? 'active' : 'all'),
})

/** Fields of archivable, mergeable resources with external ids, placed where each resource shows them. */
export const externalIdField = {
  type: 'text',
  nullable: true,
  sql: 'r.external_id',
  response: z
    .string()
    .nullable()
    .meta({ description: "This integration's own id for the record; null when it set none" }),
} as const satisfies FieldSpec

export const archivedField = (alias: string) =>
  ({ type: 'boolean', sql: `${alias}.archived_at is not null`, response: z.boolean() }) as const satisfies FieldSpec

/** The survivor's public id, from the join `m` on `merged_into_id`. */
export const mergedIntoField = (description: string) =>
  ({
    type: 'text',
    nullable: true,
    sql: 'm.public_id',
    api: 'merged_into',
    response: z.string().nullable().meta({ description }),
  }) as const satisfies FieldSpec

/** Every input field of a table made optional: a presence-aware PATCH, or a create without requirements. */
export function optionalInputs<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof S]: z.ZodOptional<S[K]>
  }
}

const isColumn = (spec: Spec): spec is FieldSpec => 'type' in spec

/** The default presentation of a value: instants as ISO strings (toISOString's), everything else as read. */
function presentValue(value: unknown): unknown {
  return value instanceof Date ? isoString(value) : value
}

type Hooks<Row, C> = Record<string, (row: Row, context: C) => unknown>

/**
 * A resource's presenter as one function built at start-up, whose object literal names every field
 * in the order the API shows them (fast-json-stringify builds its serializers the same way). A page
 * presents 50 rows; the loop it replaces, a closure and a keyed store per field, cost ~6 µs a
 * customer, about 10 % of serve's CPU for a page. Names and keys are our own definitions', written
 * as JSON string literals; values are read and shown exactly as before (`presentValue`, the hooks).
 */
function compilePresenter<Row, C>(
  objectType: string,
  presenters: ({ name: string; hook: (row: Row, context: C) => unknown } | { name: string; key: string })[],
  shows: { version: boolean; updatedAt: boolean },
): (row: Row, context: C) => Record<string, unknown> {
  const literal = JSON.stringify
  const hooks: ((row: Row, context: C) => unknown)[] = []
  const entries = [`id: row.public_id`, `object: ${literal(objectType)}`]
  for (const presenter of presenters) {
    if ('hook' in presenter) {
      hooks.push(presenter.hook)
      entries.push(`${literal(presenter.name)}: hooks[${hooks.length - 1}](row, context)`)
    } else {
      entries.push(`${literal(presenter.name)}: presentValue(row[${literal(presenter.key)}])`)
    }
  }
  if (shows.version) entries.push('version: row.version')
  entries.push('created_at: isoString(row.created_at)')
  if (shows.updatedAt) entries.push('updated_at: isoString(row.updated_at)')
  const build = new Function(
    'hooks',
    'presentValue',
    'isoString',
    `return function present(row, context) {\n  return {\n    ${entries.join(',\n    ')}\n  }\n}`,
  ) as (
    hooks: ((row: Row, context: C) => unknown)[],
    value: typeof presentValue,
    iso: typeof isoString,
  ) => (row: Row, context: C) => Record<string, unknown>
  return build(hooks, presentValue, isoString)
}

/**
 * Declares a resource from its field table. `filters` pairs each list query parameter with its SQL;
 * `present` holds the hooks of fields whose API value is not a column's value as read (by API name).
 */
export function defineResource<
  const O extends string,
  const F extends Specs,
  const Q extends Record<string, AnyFilter>,
  C = undefined,
  const V extends boolean = true,
  const U extends boolean = true,
  const S extends boolean = true,
>(spec: {
  objectType: O
  table: string
  alias: string
  idKind: IdKind
  /** The response schema's component id (`Technician`); the list's is `<id>List`. */
  schemaId: string
  /** False when the API object does not show `version` (records the API never writes). */
  showsVersion?: V
  /** False when the API object does not show `updated_at` (records that never change). */
  showsUpdatedAt?: U
  /** The response schema's description. */
  description?: string
  /** The SQL of `version` and `updated_at` when the table has no such column (a payment: 1, created_at). */
  recordColumns?: { version?: string; updated_at?: string }
  /** False when the list has no `sort` parameter (newest first by `created_at` only). */
  sortable?: S
  /** The list's `limit` parameter when its description says more (a page's embedded budget). */
  limit?: typeof limitParam
  fields: F
  filters: Q
  present?: Hooks<RowOfFields<F>, C>
  joins?: ResourceDefinition<BaseRow>['joins']
  sorts?: ResourceDefinition<BaseRow>['sorts']
  search?: string
  externalIds?: boolean
  archivable?: boolean
  embedded?: ResourceDefinition<BaseRow>['embedded']
  events?: ResourceDefinition<BaseRow>['events']
  summary?: (row: RowOfFields<F>) => Record<string, unknown>
  /**
   * The order a change names its fields in (`changed_fields`), when it is not the table's: an
   * appointment shows `reason` before `notes` but has always named `notes` first.
   */
  writableOrder?: readonly string[]
}) {
  type Row = RowOfFields<F>
  const { alias } = spec
  const prefix = idPrefixes[spec.idKind]
  const base: Record<string, Column> = {
    shop_id: { sql: `${alias}.shop_id`, type: 'uuid' },
    id: { sql: `${alias}.id`, type: 'uuid' },
    public_id: { sql: `${alias}.public_id`, type: 'text' },
  }
  const columns: Record<string, Column> = { ...base }
  const writable: Record<string, { column: string; type: SqlType }> = {}
  const inputs: Record<string, z.ZodType> = {}
  const createInputs: Record<string, z.ZodType> = {}
  const shown: Record<string, z.ZodType> = {}
  // Each shown field in order: a hook's API value, or the column (`key`) it shows as read.
  const presenters: ({ name: string; hook: (row: Row, context: C) => unknown } | { name: string; key: string })[] = []
  for (const [key, field] of Object.entries(spec.fields as Specs)) {
    const name = ('api' in field && field.api) || key
    if (field.input) {
      inputs[field.inputAs ?? name] = field.input
      createInputs[field.inputAs ?? name] = field.required ? field.input : field.input.optional()
    }
    if (isColumn(field)) {
      columns[key] = { sql: field.sql ?? `${alias}.${key}`, type: field.type }
      if (field.input) writable[field.inputAs ?? name] = { column: key, type: field.type }
    }
    if (!field.response) continue
    shown[name] = field.response
    const hook = spec.present?.[name]
    presenters.push(hook ? { name, hook } : { name, key })
  }
  columns.version = { sql: spec.recordColumns?.version ?? `${alias}.version`, type: 'integer' }
  columns.created_at = { sql: `${alias}.created_at`, type: 'timestamptz' }
  columns.updated_at = { sql: spec.recordColumns?.updated_at ?? `${alias}.updated_at`, type: 'timestamptz' }

  const filterSql: Record<string, FilterSql<unknown>> = {}
  const filterQueries: Record<string, z.ZodType> = {}
  const filterDefaults: Record<string, FilterDefault> = {}
  for (const [name, filter] of Object.entries(spec.filters as Record<string, AnyFilter>)) {
    filterQueries[name] = filter.query
    if (filter.where) filterSql[name] = filter.where as FilterSql<unknown>
    if (filter.whenAbsent) filterDefaults[name] = filter.whenAbsent
  }

  const schema = responseObject({
    id: z.string().meta({ description: `${prefix}_ id`, example: `${prefix}_4bW2yXk0fT9QmZr7LcVd1p` }),
    object: z.literal(spec.objectType),
    ...shown,
    ...(spec.showsVersion === false
      ? {}
      : { version: z.number().int().meta({ description: 'Starts at 1; +1 on every change' }) }),
    created_at: instant,
    ...(spec.showsUpdatedAt === false ? {} : { updated_at: instant }),
  }).meta(
    spec.description ? { id: spec.schemaId, description: spec.description } : { id: spec.schemaId },
  ) as unknown as z.ZodObject<ResponseShape<O, F, V, U>>
  type Shown = z.infer<typeof schema>

  const listQuery = z.strictObject({
    limit: spec.limit ?? limitParam,
    cursor: cursorParam,
    ...filterQueries,
    ...(spec.sortable === false ? {} : { sort: sortParam }),
  }) as unknown as z.ZodObject<
    { limit: typeof limitParam; cursor: typeof cursorParam } & { [K in keyof Q]: Q[K]['query'] } & (S extends false
        ? unknown
        : { sort: typeof sortParam }),
    z.core.$strict
  >

  const definition: ResourceDefinition<Row, FilterValues<Q>> = {
    objectType: spec.objectType,
    table: spec.table,
    alias,
    idKind: spec.idKind,
    columns: columns as ResourceDefinition<Row>['columns'],
    ...(spec.joins ? { joins: spec.joins } : {}),
    writable: spec.writableOrder
      ? Object.fromEntries(spec.writableOrder.map((name) => [name, writable[name] as (typeof writable)[string]]))
      : writable,
    filters: filterSql as ResourceDefinition<Row, FilterValues<Q>>['filters'],
    ...(Object.keys(filterDefaults).length > 0 ? { filterDefaults } : {}),
    sorts: spec.sorts ?? ['created_at', 'updated_at'],
    ...(spec.search ? { search: spec.search } : {}),
    ...(spec.embedded ? { embedded: spec.embedded } : {}),
    ...(spec.externalIds ? { externalIds: true } : {}),
    ...(spec.archivable ? { archivable: true } : {}),
    ...(spec.events ? { events: spec.events } : {}),
    ...(spec.summary ? { summary: spec.summary } : {}),
  }

  const presentRow = compilePresenter<Row, C>(spec.objectType, presenters, {
    version: spec.showsVersion !== false,
    updatedAt: spec.showsUpdatedAt !== false,
  })
  /** The row as the API shows it (one function, so ids and instants are turned in one place). */
  function present(row: Row, ...context: unknown extends C ? [] : C extends undefined ? [] : [C]): Shown {
    return presentRow(row, context[0] as C) as Shown
  }

  return {
    ...definition,
    schema,
    listSchema: listEnvelope(schema, `${spec.schemaId}List`),
    listQuery,
    /** Input schemas by input name, in table order (compose create and update bodies from them). */
    inputs: inputs as InputShape<F>,
    /** The create inputs by input name, in table order: `required` ones as declared, the others optional. */
    createInputs: createInputs as CreateShape<F>,
    present,
  }
}

/** The list filters of a list query: all of it but the page (`limit`, `cursor`, `sort`). */
export function listFilters<T extends { limit: number; cursor?: string | undefined; sort?: string }>(query: T) {
  const { limit: _limit, cursor: _cursor, sort: _sort, ...filters } = query
  return filters
}

interface StandardResource<Row extends BaseRow, Filters, Shown> extends ResourceDefinition<Row, Filters> {
  schema: z.ZodType
  listSchema: z.ZodType
  listQuery: z.ZodType<{ limit: number; cursor?: string | undefined; sort?: 'created_at' | 'updated_at' } & Filters>
  /** Its presenter; one that needs a context (the key's scopes) is given as the operation's `present`. */
  present: (row: Row, context: never) => Shown
}

/**
 * What a read operation says of itself. By default its path, operation id, summary and tag are the
 * resource's names (`/inventory-items`, `listInventoryItems`, `Get an inventory item`, `Inventory items`).
 */
interface ReadOperation<Row, Shown> {
  path?: string
  operationId?: string
  summary?: string
  description?: string
  tag?: string
  scopes: Scope[]
  /** A presenter that depends on the reading key (its scopes, its shop's currency). */
  present?: (row: Row, auth: AuthContext) => Shown
}

/** The names a resource's standard operations take by default, from its object type. */
function resourceNames(objectType: string) {
  const noun = objectType.replaceAll('_', ' ')
  const plural = `${noun}s`
  const pascal = (text: string) => text.replace(/(^|_)([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase())
  return {
    noun,
    plural,
    path: `/${plural.replaceAll(' ', '-')}`,
    tag: plural.charAt(0).toUpperCase() + plural.slice(1),
    list: { operationId: `list${pascal(objectType)}s`, summary: `List ${plural}` },
    get: { operationId: `get${pascal(objectType)}`, summary: `Get ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}` },
  }
}

type ReadContext = { db: Queryable; actor: Actor; auth: AuthContext }
/** What a list's page holds: the rows, or what a resource reads with each (a canned job with its parts). */
type ListItem = { public_id: string; created_at: Date; updated_at: Date }

/**
 * `GET /<path>`: one page of the shop's records, newest first, filtered by the definition's filters.
 * A list whose filters need the key's shop (a phone read in its region), or whose records are more than
 * their row (a canned job's parts), reads its page itself (`fetch`) and gives its `present`.
 */
export function listOperation<Row extends BaseRow, Filters, Shown, Item = Row>(
  resource: StandardResource<Row, Filters, Shown>,
  operation: ReadOperation<Item, Shown> & { description: string },
  fetch: (context: ReadContext, filters: Filters, page: PageRequest) => Promise<Page<Item & ListItem>> = (
    { db, actor },
    filters,
    page,
  ) => listRecords(resource, db, actor, filters, page) as Promise<Page<never>>,
) {
  const { present = resource.present as unknown as (item: Item) => Shown, ...route } = operation
  const names = resourceNames(resource.objectType)
  const operationId = route.operationId ?? names.list.operationId
  return defineOperation({
    method: 'GET',
    path: names.path,
    tag: names.tag,
    ...names.list,
    ...route,
    query: resource.listQuery,
    success: { status: 200, description: `A page of ${names.plural}`, schema: resource.listSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, operationId, auth, query)
      const page = await fetch({ db, actor, auth }, listFilters(query) as Filters, list.page)
      return list.envelope(page, (row) => present(row, auth))
    },
  })
}

/** `GET /<path>/{public_id}`: one record of the shop, or 404 (`fetch`: a record that is more than its row). */
export function getOperation<Row extends BaseRow, Filters, Shown, Item = Row>(
  resource: StandardResource<Row, Filters, Shown>,
  operation: ReadOperation<Item, Shown> & { description: string },
  fetch: (context: ReadContext, publicId: string) => Promise<Item> = ({ db, actor }, publicId) =>
    getRecord(resource, db, actor, publicId) as Promise<never>,
) {
  const { present = resource.present as unknown as (item: Item) => Shown, ...route } = operation
  const names = resourceNames(resource.objectType)
  return defineOperation({
    method: 'GET',
    tag: names.tag,
    ...names.get,
    ...route,
    path: `${route.path ?? names.path}/{public_id}`,
    params: publicIdParams(resource.idKind),
    success: { status: 200, description: `The ${names.noun}`, schema: resource.schema },
    handler: async ({ params, auth, db, actor }) => present(await fetch({ db, actor, auth }, params.public_id), auth),
  })
}

/**
 * A plain resource's service: get (404 when the shop has none), list, create from the create inputs
 * and a presence-aware update (400 no_changes when every field given already has that value).
 */
export function recordService<
  D extends {
    objectType: string
    createInputs: Record<string, z.ZodType>
    inputs: Record<string, z.ZodType>
    listQuery: z.ZodType
  },
>(resource: D) {
  type Row = ResourceRow<D>
  type Filters = ResourceFilters<D>
  const definition = resource as unknown as ResourceDefinition<Row, Filters>
  const get = (db: Queryable, reader: Actor, publicId: string, options: { forUpdate?: boolean; param?: string } = {}) =>
    getRecord(definition, db, reader, publicId, options)
  return {
    get,
    list: (db: Queryable, reader: Actor, filters: Filters, page: PageRequest) =>
      listRecords(definition, db, reader, filters, page),
    create: (tx: Queryable, actor: Actor, input: z.output<z.ZodObject<D['createInputs']>>) =>
      createRecord(definition, tx, actor, writableChanges(definition, input)),
    update: async (
      tx: Queryable,
      actor: Actor,
      publicId: string,
      input: z.output<z.ZodObject<ReturnType<typeof optionalInputs<D['inputs']>>>>,
    ) => {
      const row = await get(tx, actor, publicId, { forUpdate: true })
      return (await updateRecord(definition, tx, actor, row, writableChanges(definition, input))).row
    },
  }
}
