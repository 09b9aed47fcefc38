import { Args, Flags } from '@oclif/core'
import { BulkImportCommand } from '../../cli/bulk-import.js'
import { fileImportFlags } from '../../cli/imports.js'
import { cannedJobImportTables, cannedJobImportTarget } from '../../resources/canned-jobs/import.js'

export default class ImportCannedJobs extends BulkImportCommand {
  // The name it had before `shopapi import …` held every import; kept so scripts keep working.
  static override aliases = ['canned-jobs:import']
  static override description =
    `Import canned jobs from an NDJSON file (one job a line, with a \`parts\` array) or a CSV file with a header (one row a part: code, name, category, description, default_hours, labor_rate, kind, taxable, active, part_number, part_description, quantity, unit_price, unit_cost).

Jobs are matched on code. In a CSV file the consecutive rows of one code are one canned job (its fields from the first row, at most 100 parts): the job is imported or rejected whole, all its rows together. A job's parts are replaced only when they differ from the file; unchanged jobs are left untouched, so running the same file again changes nothing and an interrupted import is resumed by running it again.

Amounts (labor_rate, unit_price and unit_cost) are read as a spreadsheet exports them: 8.99, 1,234.50, $8.99, $1,234.50, USD 8.99 or 8.99 USD, in the shop's currency; a row with another currency's mark, a decimal comma (8,99) or a negative amount is rejected, its reason saying how the cell was read.

The file is read as a stream and written in batches of --batch-size rows, one transaction each. A rejected job is reported with its lines and reason and written to the rejects file (same format and header, plus a rejected_reason column) to fix and import again; the other jobs are imported. --dry-run checks every job and writes nothing. Ctrl-C stops after the batch being written and says how to resume (exit 130). Exit code 1 when any row was rejected.`
  static override examples = [
    '<%= config.bin %> import canned-jobs canned-jobs.csv',
    '<%= config.bin %> import canned-jobs canned-jobs.csv --dry-run',
    '<%= config.bin %> import canned-jobs jobs.csv --map "Job Code=code,Labor Rate=labor_rate" --rejects bad-jobs.csv',
    '<%= config.bin %> import canned-jobs canned-jobs.ndjson --json',
  ]
  static override args = {
    file: Args.string({ description: 'An .ndjson or .csv file', required: true }),
  }
  static override flags = {
    key: Flags.string({
      description: 'What matches a job to an existing canned job: its code (the only key)',
      options: ['code'],
      default: 'code',
    }),
    ...fileImportFlags,
  }

  async run() {
    const { args, flags } = await this.parse(ImportCannedJobs)
    return this.importFile(
      { resource: 'canned_jobs', file: args.file, key: 'code', flags, tables: cannedJobImportTables },
      ({ actor, format, shop }) => cannedJobImportTarget(actor, format, shop.currency),
    )
  }
}
