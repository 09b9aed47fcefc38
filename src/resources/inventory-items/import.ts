// `shopapi import inventory`: the inventory side of the import engine (platform/imports). A row is an
// item's fields as a spreadsheet has them, matched on its part number (case-insensitive); an absent
// field or empty cell keeps the item's value, and a row that changes nothing leaves its item alone.
import { z } from 'zod'
import type { Queryable } from '../../db/pool.js'
import { newPublicId } from '../../lib/ids.js'
import { decimalInputs } from '../../lib/money.js'
import { parseTireSize, type TireSize } from '../../lib/tire-sizes.js'
import type { Actor } from '../../platform/events.js'
import type { ImportFields } from '../../platform/imports/mapping.js'
import { type ImportOutcome, type ImportTarget, type RowPlan, writeImportRows } from '../../platform/imports/runner.js'
import { type SqlType, writeRecordBatch } from '../../platform/resource.js'
import { type InventoryItemRow, inventoryItemDefinition } from './definition.js'
import { describeIssue, importBoolean, importDecimal, importMoney, importText, type ValidRow } from './import-rows.js'

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
 * One row of `shopapi import inventory`. An absent field (or an empty CSV cell) leaves an existing
 * item's value as it is (a new item gets the default); an NDJSON null clears a nullable field. Prices and
 * costs are read as a spreadsheet writes them (lib/money-text.ts), in the shop's `currency`.
 */
export function inventoryImportRowSchema(currency: string | null) {
  return z.strictObject({
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
    unit_price: importMoney({ ...decimalInputs.unitPrice, scale: 2 }, currency)
      .nullable()
      .optional(),
    unit_cost: importMoney({ ...decimalInputs.unitPrice, scale: 2 }, currency)
      .nullable()
      .optional(),
    active: importBoolean.optional(),
    tire_size: importTireSize.optional(),
  })
}

/** The rows of code that writes validated rows (the demo seed, tests): amounts without a currency mark. */
export const InventoryImportRowSchema = inventoryImportRowSchema(null)

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

/** The tables an inventory import writes (the import command analyzes them once it has committed). */
export const inventoryImportTables = ['inventory_items'] as const

/** Every field is read by the row schema, from CSV text or NDJSON values alike. */
const inventoryImportFields: ImportFields = Object.fromEntries(
  Object.keys(InventoryImportRowSchema.shape).map((name) => [name, 'text' as const]),
)

type InventoryLookup = Map<string, InventoryItemRow>

type InventoryWrite = { insert: ImportedState & { public_id: string } } | { update: ImportedState & { id: string } }

async function writeInventory(tx: Queryable, actor: Actor, writes: InventoryWrite[]): Promise<void> {
  const inserts = writes.flatMap((write) => ('insert' in write ? [write.insert] : []))
  const updates = writes.flatMap((write) => ('update' in write ? [write.update] : []))
  await writeRecordBatch(tx, 'inventory_items', actor.shopId, importedColumns, inserts, updates)
}

/**
 * The import target of one shop's inventory: rows validated by inventoryImportRowSchema (amounts in the
 * shop's `currency`), keyed on part number.
 */
export function inventoryImportTarget(actor: Actor, currency: string | null): ImportTarget<InventoryLookup> {
  const schema = inventoryImportRowSchema(currency)
  return {
    noun: 'inventory item',
    lockName: `${actor.shopId}:inventory_items`,
    fields: inventoryImportFields,
    keyOf(fields) {
      const parsed = schema.safeParse(fields)
      if (!parsed.success) return { reason: describeIssue(parsed.error) }
      return { key: parsed.data.part_number.toLowerCase(), fields: parsed.data }
    },
    describeKey: (key) => `part_number "${key}"`,
    lookup: (tx, rows, lock) =>
      lockedItemsByPartNumber(
        tx,
        actor,
        rows.map((row) => row.key),
        lock,
      ),
    plan(row, lookup): RowPlan {
      const value = row.fields as InventoryImportRow
      const current = lookup.get(row.key)
      let write: InventoryWrite
      let outcome: ImportOutcome
      if (!current) {
        write = { insert: { ...applyRow(newItemDefaults(value), value), public_id: newPublicId('inventoryItem') } }
        outcome = 'created'
      } else {
        const before = stateOf(current)
        const after = applyRow(before, value)
        if (sameState(before, after)) return { outcome: 'unchanged' }
        write = { update: { ...after, id: current.id } }
        outcome = 'updated'
      }
      return { outcome, bulk: write, write: (tx) => writeInventory(tx, actor, [write]) }
    },
    writeBulk: (tx, items) => writeInventory(tx, actor, items as InventoryWrite[]),
  }
}

/**
 * Writes validated rows in the caller's transaction (the demo seed, tests) through the import target;
 * part numbers must be distinct.
 */
export async function importInventoryItems(
  tx: Queryable,
  actor: Actor,
  rows: ValidRow<InventoryImportRow>[],
): Promise<Record<ImportOutcome, number>> {
  return writeImportRows(
    tx,
    inventoryImportTarget(actor, null),
    rows.map(({ line, value }) => ({ line, key: value.part_number.toLowerCase(), fields: value, sources: [] })),
  )
}

async function lockedItemsByPartNumber(
  tx: Queryable,
  actor: Actor,
  keys: string[],
  lock: boolean,
): Promise<Map<string, InventoryItemRow>> {
  const { columns } = inventoryItemDefinition
  const select = Object.entries(columns)
    .map(([name, column]) => `${column.sql} as "${name}"`)
    .join(', ')
  const { rows } = await tx.query<InventoryItemRow>(
    `select ${select} from inventory_items i
     where i.shop_id = $1::uuid and lower(i.part_number) = any($2::text[])${lock ? ' for update' : ''}`,
    [actor.shopId, keys],
  )
  return new Map(rows.map((row) => [(row.part_number ?? '').toLowerCase(), row]))
}
