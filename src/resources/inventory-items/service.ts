import { z } from 'zod'
import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'
import { DecimalInputError, decimalInputs, parseDecimalInput } from '../../lib/money.js'
import { parseTireSize, type TireSize } from '../../lib/tire-sizes.js'
import type { Actor } from '../../platform/events.js'
import { ImportInterrupted, lockImport } from '../../platform/imports/concurrency.js'
import { applyChanges, recordReaders, type SqlType, writeRecordBatch } from '../../platform/resource.js'
import { type InventoryItemRow, inventoryItemDefinition } from './definition.js'
import {
  type ImportRejection,
  type ImportReport,
  importBoolean,
  importDecimal,
  importText,
  type ValidRow,
} from './import-rows.js'

export type { InventoryItemRow }

export const { get: getInventoryItem, list: listInventoryItems } = recordReaders(inventoryItemDefinition)

// The ranges of the list filters (spec "Limits"), so every imported tire can be found by them.
function tireSizeInRange(size: TireSize): string | null {
  if (size.width < 50 || size.width > 999) return `width ${size.width} is outside 50-999`
  if (size.aspectRatio < 10 || size.aspectRatio > 99) return `aspect ratio ${size.aspectRatio} is outside 10-99`
  if (size.rimDiameter < 8 || size.rimDiameter > 30) return `rim diameter ${size.rimDiameter} is outside 8-30`
  return null
}

const importTireSize = z
  .string()
  .trim()
  .max(40, 'must be at most 40 characters')
  .transform((value, ctx) => {
    if (value === '') return null
    const size = parseTireSize(value)
    if (size === null) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" is not a tire size (e.g. 225/45R17, P215/65R15, LT245/75R16)`,
      })
      return z.NEVER
    }
    const outOfRange = tireSizeInRange(size)
    if (outOfRange) {
      ctx.addIssue({ code: 'custom', message: `"${value}": ${outOfRange}` })
      return z.NEVER
    }
    return size
  })
  .nullable()

/**
 * One row of `shopapi inventory import`. An absent field (or an empty CSV cell) leaves an existing
 * item's value as it is (a new item gets the default); an NDJSON null clears a nullable field.
 */
export const InventoryImportRowSchema = z.strictObject({
  part_number: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  name: importText(255).optional(),
  brand: importText(100).optional(),
  category: importText(100).optional(),
  location: importText(100).optional(),
  product_family: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, 'must be a word such as part, tire, battery or fluid_supply')
    .optional(),
  uom: z.string().trim().min(1, 'must not be empty').max(20, 'must be at most 20 characters').optional(),
  quantity_on_hand: importDecimal({ maxScale: 3, scale: 3, maxIntegerDigits: 11 }).optional(),
  unit_price: importDecimal({ ...decimalInputs.unitPrice, scale: 2 })
    .nullable()
    .optional(),
  unit_cost: importDecimal({ ...decimalInputs.unitPrice, scale: 2 })
    .nullable()
    .optional(),
  active: importBoolean.optional(),
  tire_size: importTireSize.optional(),
})

export type InventoryImportRow = z.output<typeof InventoryImportRowSchema>

/** The columns an import writes, as Postgres prints them, so a row from the file compares as text. */
interface ImportedState {
  part_number: string
  name: string | null
  brand: string | null
  category: string | null
  location: string | null
  product_family: string
  uom: string
  quantity_on_hand: string
  unit_price: string | null
  unit_cost: string | null
  active: boolean
  tire_size: string | null
  tire_width: number | null
  tire_aspect_ratio: number | null
  tire_rim_diameter: string | null
  tire_construction: string | null
  tire_service_type: string | null
  tire_load_index: number | null
  tire_speed_rating: string | null
}

const importedColumns: { [K in keyof ImportedState]: SqlType } = {
  part_number: 'text',
  name: 'text',
  brand: 'text',
  category: 'text',
  location: 'text',
  product_family: 'text',
  uom: 'text',
  quantity_on_hand: 'numeric',
  unit_price: 'numeric',
  unit_cost: 'numeric',
  active: 'boolean',
  tire_size: 'text',
  tire_width: 'integer',
  tire_aspect_ratio: 'integer',
  tire_rim_diameter: 'numeric',
  tire_construction: 'text',
  tire_service_type: 'text',
  tire_load_index: 'integer',
  tire_speed_rating: 'text',
}
const columnNames = Object.keys(importedColumns) as (keyof ImportedState)[]

function stateOf(row: InventoryItemRow): ImportedState {
  return Object.fromEntries(columnNames.map((name) => [name, row[name]])) as unknown as ImportedState
}

function tireColumns(size: TireSize | null) {
  return {
    tire_size: size?.normalized ?? null,
    tire_width: size?.width ?? null,
    tire_aspect_ratio: size?.aspectRatio ?? null,
    tire_rim_diameter: size ? size.rimDiameter.toFixed(1) : null,
    tire_construction: size?.construction ?? null,
    tire_service_type: size?.serviceType ?? null,
    tire_load_index: size?.loadIndex ?? null,
    tire_speed_rating: size?.speedRating ?? null,
  }
}

const newItemDefaults = (row: InventoryImportRow): ImportedState => ({
  part_number: row.part_number,
  name: null,
  brand: null,
  category: null,
  location: null,
  // A row with a tire size is a tire unless it says otherwise.
  product_family: row.tire_size ? 'tire' : 'part',
  uom: 'each',
  quantity_on_hand: '0.000',
  unit_price: null,
  unit_cost: null,
  active: true,
  ...tireColumns(null),
})

/** `current` with the fields the row gives; absent fields keep their value. */
function applyRow(current: ImportedState, row: InventoryImportRow): ImportedState {
  const { tire_size: tireSize, ...plain } = row
  const next: ImportedState = { ...current }
  for (const [name, value] of Object.entries(plain)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[name] = value
  }
  return tireSize === undefined ? next : { ...next, ...tireColumns(tireSize) }
}

const sameState = (a: ImportedState, b: ImportedState) => columnNames.every((name) => a[name] === b[name])

const chunkSize = 500

/** The tables importInventoryItems writes (the import command analyzes them once it has committed). */
export const inventoryImportTables = ['inventory_items'] as const

/**
 * Upserts the rows by part number (case-insensitive) in the caller's transaction, or writes nothing
 * when any row (or `rejections` from reading) is rejected. A row that changes nothing leaves its item
 * alone: no version or updated_at bump, counted as unchanged.
 */
export async function importInventoryItems(
  tx: Queryable,
  actor: Actor,
  rows: ValidRow<InventoryImportRow>[],
  readRejections: ImportRejection[],
): Promise<ImportReport> {
  return importInventoryRecords(tx, actor, [...readRejections, ...rows])
}

/**
 * `importInventoryItems` over records as a file yields them (rows and rejections, in any order), in
 * constant memory: rows are written in chunks as they come, each chunk's part numbers checked against
 * the earlier ones in a temporary table; the first rejection stops the writing (the rest is still
 * validated, so every rejection is reported) and rolls back what was written, so nothing is. Concurrent
 * imports of one shop take turns (an advisory lock held by the transaction). `signal` (Ctrl-C) stops it
 * between chunks with ImportInterrupted, so the caller's transaction rolls back.
 */
export async function importInventoryRecords(
  tx: Queryable,
  actor: Actor,
  records:
    | Iterable<ValidRow<InventoryImportRow> | ImportRejection>
    | AsyncIterable<ValidRow<InventoryImportRow> | ImportRejection>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<ImportReport> {
  const report: ImportReport = { written: false, created: 0, updated: 0, unchanged: 0, rejected: 0, rejections: [] }
  await lockImport(tx, `${actor.shopId}:inventory_items`)
  await tx.query('savepoint inventory_import')
  await tx.query(
    'create temporary table inventory_import_keys (key text primary key, line integer not null) on commit drop',
  )
  let chunk: ValidRow<InventoryImportRow>[] = []
  const flush = async () => {
    const fresh = await withoutRepeatedPartNumbers(tx, chunk, report.rejections)
    chunk = []
    // After a rejection nothing more is written: it will all be rolled back.
    if (report.rejections.length === 0) await writeInventoryChunk(tx, actor, fresh, report)
  }
  for await (const record of records) {
    if ('reason' in record) report.rejections.push(record)
    else chunk.push(record)
    if (chunk.length >= chunkSize) {
      if (options.signal?.aborted) throw new ImportInterrupted()
      await flush()
    }
  }
  if (options.signal?.aborted) throw new ImportInterrupted()
  await flush()
  report.rejections.sort((a, b) => a.line - b.line)
  report.rejected = report.rejections.length
  if (report.rejected > 0) {
    await tx.query('rollback to savepoint inventory_import')
    return { ...report, created: 0, updated: 0, unchanged: 0 }
  }
  await tx.query('drop table inventory_import_keys')
  await tx.query('release savepoint inventory_import')
  report.written = true
  return report
}

/** The rows whose part number no earlier row had (this chunk or an earlier one); the others are rejected. */
async function withoutRepeatedPartNumbers(
  tx: Queryable,
  rows: ValidRow<InventoryImportRow>[],
  rejections: ImportRejection[],
): Promise<ValidRow<InventoryImportRow>[]> {
  const firstLine = new Map<string, number>()
  const candidates: ValidRow<InventoryImportRow>[] = []
  for (const row of rows) {
    const key = row.value.part_number.toLowerCase()
    const first = firstLine.get(key)
    if (first === undefined) {
      firstLine.set(key, row.line)
      candidates.push(row)
    } else {
      rejections.push({ line: row.line, reason: `part_number "${row.value.part_number}" is already on line ${first}` })
    }
  }
  if (candidates.length === 0) return candidates
  const { rows: earlier } = await tx.query<{ key: string; line: number }>(
    `with given as (select * from unnest($1::text[], $2::integer[]) as g (key, line)),
       added as (insert into inventory_import_keys (key, line) select key, line from given
                 on conflict (key) do nothing returning key)
     select k.key, k.line from inventory_import_keys k join given g using (key)
     where g.key not in (select key from added)`,
    [candidates.map((row) => row.value.part_number.toLowerCase()), candidates.map((row) => row.line)],
  )
  if (earlier.length === 0) return candidates
  const lines = new Map(earlier.map((row) => [row.key, row.line]))
  return candidates.filter((row) => {
    const line = lines.get(row.value.part_number.toLowerCase())
    if (line === undefined) return true
    rejections.push({ line: row.line, reason: `part_number "${row.value.part_number}" is already on line ${line}` })
    return false
  })
}

async function writeInventoryChunk(
  tx: Queryable,
  actor: Actor,
  chunk: ValidRow<InventoryImportRow>[],
  report: ImportReport,
): Promise<void> {
  if (chunk.length === 0) return
  const existing = await lockedItemsByPartNumber(
    tx,
    actor,
    chunk.map((row) => row.value.part_number.toLowerCase()),
  )
  const inserts: (ImportedState & { public_id: string })[] = []
  const updates: (ImportedState & { id: string })[] = []
  for (const { value } of chunk) {
    const current = existing.get(value.part_number.toLowerCase())
    if (!current) {
      inserts.push({ ...applyRow(newItemDefaults(value), value), public_id: newPublicId('inventoryItem') })
      continue
    }
    const before = stateOf(current)
    const after = applyRow(before, value)
    if (sameState(before, after)) report.unchanged += 1
    else updates.push({ ...after, id: current.id })
  }
  await writeRecordBatch(tx, 'inventory_items', actor.shopId, importedColumns, inserts, updates)
  report.created += inserts.length
  report.updated += updates.length
}

async function lockedItemsByPartNumber(
  tx: Queryable,
  actor: Actor,
  keys: string[],
): Promise<Map<string, InventoryItemRow>> {
  const { columns } = inventoryItemDefinition
  const select = Object.entries(columns)
    .map(([name, column]) => `${column.sql} as "${name}"`)
    .join(', ')
  const { rows } = await tx.query<InventoryItemRow>(
    `select ${select} from inventory_items i
     where i.shop_id = $1::uuid and lower(i.part_number) = any($2::text[]) for update`,
    [actor.shopId, keys],
  )
  return new Map(rows.map((row) => [(row.part_number ?? '').toLowerCase(), row]))
}

/** Reads `--on-hand`: a decimal of at least 0 with at most 3 places, as the column keeps it. */
export function parseOnHand(value: string): string {
  try {
    return parseDecimalInput(value.trim(), { maxScale: 3, maxIntegerDigits: 11 }).toFixed(3)
  } catch (error) {
    if (!(error instanceof DecimalInputError)) throw error
    throw new ApiError('invalid_request', `--on-hand ${error.message}`, { param: 'on-hand' })
  }
}

/**
 * Sets the quantity on hand of an item (a count after a stocktake). A change moves version and
 * updated_at; setting the quantity it already has changes nothing, as an unchanged import row.
 */
export async function adjustQuantityOnHand(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  onHand: string,
): Promise<{ item: InventoryItemRow; changed: boolean }> {
  const item = await getInventoryItem(tx, actor, publicId, { forUpdate: true, param: 'id' })
  if (item.quantity_on_hand === onHand) return { item, changed: false }
  await applyChanges(tx, 'inventory_items', item, {
    quantity_on_hand: { field: 'quantity_on_hand', value: onHand, type: 'numeric' },
  })
  return { item: await getInventoryItem(tx, actor, publicId), changed: true }
}
