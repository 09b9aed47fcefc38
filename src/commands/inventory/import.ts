import { Args } from '@oclif/core'
import { describeImport, readImportFile, rejectionColumns } from '../../cli/imports.js'
import { StaffCommand } from '../../cli/staff.js'
import type { ImportReport } from '../../resources/inventory-items/import-rows.js'
import { readValidRows } from '../../resources/inventory-items/import-rows.js'
import {
  InventoryImportRowSchema,
  importInventoryItems,
  inventoryImportTables,
} from '../../resources/inventory-items/service.js'

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
    const report = await this.staffImport(flags, inventoryImportTables, ({ db, actor }) =>
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
