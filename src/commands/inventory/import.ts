import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { Args } from '@oclif/core'
import cliProgress from 'cli-progress'
import { StaffCommand } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { countImportLines } from '../../lib/import-file.js'
import type { ImportReport } from '../../resources/inventory-items/import-rows.js'
import { readValidRows } from '../../resources/inventory-items/import-rows.js'
import { InventoryImportRowSchema, importInventoryItems } from '../../resources/inventory-items/service.js'

/**
 * A progress bar on stderr while a file is read, only for a person at a terminal: never with --json
 * and never when stderr is a pipe or a file. Returns the tick to call with each record's line.
 */
export async function importProgress(
  path: string,
  json: boolean,
): Promise<{ tick: (line: number) => void; stop: () => void }> {
  if (json || !process.stderr.isTTY) return { tick: () => {}, stop: () => {} }
  const total = await countImportLines(path)
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'Reading {bar} {value}/{total} lines', clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  )
  bar.start(total, 0)
  return { tick: (line) => bar.update(line), stop: () => bar.stop() }
}

/** The first line of the report for people. */
export function describeImport(report: ImportReport): string {
  return report.written
    ? `${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, 0 rejected`
    : `${report.rejected} rejected: nothing was imported (fix the rows below and run it again)`
}

/** Reads the file with its progress bar; a missing or unreadable file is one error line. */
export async function readImportFile<T>(
  path: string,
  json: boolean,
  read: (tick: (line: number) => void) => Promise<T>,
): Promise<T> {
  try {
    await access(path, constants.R_OK)
  } catch {
    throw new UsageError(`Cannot read ${path}: no such file, or not readable`)
  }
  const progress = await importProgress(path, json)
  try {
    return await read(progress.tick)
  } finally {
    progress.stop()
  }
}

export const rejectionColumns = [
  { key: 'line', header: 'Line' },
  { key: 'reason', header: 'Reason' },
]

export default class InventoryImport extends StaffCommand {
  static override description =
    'Import inventory items from an NDJSON or CSV file (with a header row), matched on part_number. Every row is validated first: if any is rejected, the rejected rows are listed with their line numbers and nothing is written. Otherwise items are created or updated in one transaction; an absent field or empty cell keeps the item’s value, and rows that change nothing leave their item untouched. Fields: part_number (required), name, brand, category, location, product_family, uom, quantity_on_hand, unit_price, unit_cost, active, tire_size.'
  static override examples = [
    '<%= config.bin %> inventory import items.csv',
    '<%= config.bin %> inventory import items.ndjson --json',
  ]
  static override args = {
    file: Args.string({ description: 'An .ndjson or .csv file', required: true }),
  }

  async run(): Promise<ImportReport> {
    const { args, flags } = await this.parse(InventoryImport)
    const read = await readImportFile(args.file, this.jsonEnabled(), (tick) =>
      readValidRows(args.file, InventoryImportRowSchema, tick),
    )
    const report = await this.staffChange(flags, ({ db, actor }) =>
      importInventoryItems(db, actor, read.rows, read.rejections),
    )
    this.log(describeImport(report))
    if (report.rejections.length > 0) {
      this.printTable(report.rejections as unknown as Record<string, unknown>[], rejectionColumns)
      process.exitCode = 1
    }
    return report
  }
}
