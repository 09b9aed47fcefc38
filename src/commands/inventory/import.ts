import { Args } from '@oclif/core'
import { describeImport, readImportFile, rejectionColumns } from '../../cli/imports.js'
import { StaffCommand } from '../../cli/staff.js'
import { type ImportReport, validatedRecords } from '../../resources/inventory-items/import-rows.js'
import {
  InventoryImportRowSchema,
  importInventoryRecords,
  inventoryImportTables,
} from '../../resources/inventory-items/service.js'

export default class InventoryImport extends StaffCommand {
  static override description =
    'Import inventory items from an NDJSON or CSV file (with a header row), matched on part_number. Every row is validated: if any is rejected, the rejected rows are listed with their line numbers and nothing is written (items are created or updated in one transaction, which is then rolled back); Ctrl-C stops it and writes nothing (exit 130). The file is read as a stream, so memory stays flat whatever its size; an absent field or empty cell keeps the item’s value, and rows that change nothing leave their item untouched. Fields: part_number (required), name, brand, category, location, product_family, uom, quantity_on_hand, unit_price, unit_cost, active, tire_size.'
  static override examples = [
    '<%= config.bin %> inventory import items.csv',
    '<%= config.bin %> inventory import items.ndjson --json',
  ]
  static override args = {
    file: Args.string({ description: 'An .ndjson or .csv file', required: true }),
  }

  async run(): Promise<ImportReport> {
    const { args, flags } = await this.parse(InventoryImport)
    // The file is read as it is written, in chunks, in one transaction: memory holds one chunk.
    const report = await readImportFile(args.file, this.jsonEnabled(), (tick) =>
      this.staffImport(flags, inventoryImportTables, ({ db, actor }, signal) =>
        importInventoryRecords(db, actor, validatedRecords(args.file, InventoryImportRowSchema, tick), { signal }),
      ),
    )
    this.log(describeImport(report))
    if (report.rejections.length > 0) {
      this.printTable(report.rejections as unknown as Record<string, unknown>[], rejectionColumns)
      process.exitCode = 1
    }
    return report
  }
}
