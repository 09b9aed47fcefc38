import { Args, Flags } from '@oclif/core'
import { BulkImportCommand } from '../../cli/bulk-import.js'
import { fileImportFlags } from '../../cli/imports.js'
import { inventoryImportTables, inventoryImportTarget } from '../../resources/inventory-items/import.js'

export default class ImportInventory extends BulkImportCommand {
  // The name it had before `shopapi import …` held every import; kept so scripts keep working.
  static override aliases = ['inventory:import']
  static override description =
    `Import inventory items from an NDJSON or CSV file (with a header row), matched on part_number (case-insensitive).

Fields: part_number (required), name, brand, category, location, product_family, uom, quantity_on_hand, unit_price, unit_cost, active, tire_size; other column names are mapped with --map or --map-file. An absent field or empty CSV cell keeps the item's value; a row that changes nothing leaves its item untouched, so running the same file again changes nothing and an interrupted import is resumed by running it again.

Amounts (unit_price and unit_cost) are read as a spreadsheet exports them: 8.99, 1,234.50, $8.99, $1,234.50, USD 8.99 or 8.99 USD, in the shop's currency; a row with another currency's mark, a decimal comma (8,99) or a negative amount is rejected, its reason saying how the cell was read.

The file is read as a stream and written in batches of --batch-size, one transaction each. A rejected row is reported with its line and reason and written to the rejects file (same format and header, plus a rejected_reason column) to fix and import again; the other rows are imported. --dry-run checks every row and writes nothing. Ctrl-C stops after the batch being written and says how to resume (exit 130). Exit code 1 when any row was rejected.`
  static override examples = [
    '<%= config.bin %> import inventory items.csv',
    '<%= config.bin %> import inventory items.csv --dry-run',
    '<%= config.bin %> import inventory export.csv --map "SKU=part_number,Retail=unit_price,Cost=unit_cost"',
    '<%= config.bin %> import inventory items.ndjson --json',
  ]
  static override args = {
    file: Args.string({ description: 'An .ndjson or .csv file', required: true }),
  }
  static override flags = {
    key: Flags.string({
      description: 'What matches a row to an existing item: its part number, case-insensitive (the only key)',
      options: ['part_number'],
      default: 'part_number',
    }),
    ...fileImportFlags,
  }

  async run() {
    const { args, flags } = await this.parse(ImportInventory)
    return this.importFile(
      { resource: 'inventory_items', file: args.file, key: 'part_number', flags, tables: inventoryImportTables },
      ({ actor, shop }) => inventoryImportTarget(actor, shop.currency),
    )
  }
}
