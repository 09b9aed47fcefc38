import { Args } from '@oclif/core'
import { describeImport, readImportFile, rejectionColumns } from '../../cli/imports.js'
import { StaffCommand } from '../../cli/staff.js'
import { detectImportFormat } from '../../io/import-file.js'
import {
  cannedJobImportSchema,
  cannedJobImportTables,
  cannedJobsFromRecords,
  importCannedJobs,
} from '../../resources/canned-jobs/service.js'
import { type ImportReport, readValidRows } from '../../resources/inventory-items/import-rows.js'

export default class CannedJobsImport extends StaffCommand {
  static override description =
    'Import canned jobs from an NDJSON file (one job a line, with a `parts` array) or a CSV file with a header (one row a part: code, name, category, description, default_hours, labor_rate, kind, taxable, active, part_number, part_description, quantity, unit_price, unit_cost; rows of one code form one job). Jobs are matched on code. Every record is validated first: if any is rejected, the rejected rows are listed with their line numbers and nothing is written. A job’s parts are replaced only when they differ from the file; unchanged jobs are left untouched.'
  static override examples = [
    '<%= config.bin %> canned-jobs import canned-jobs.csv',
    '<%= config.bin %> canned-jobs import canned-jobs.ndjson --json',
  ]
  static override args = {
    file: Args.string({ description: 'An .ndjson or .csv file', required: true }),
  }

  async run(): Promise<ImportReport> {
    const { args, flags } = await this.parse(CannedJobsImport)
    const { jobs, rejections } = await readImportFile(args.file, this.jsonEnabled(), async (tick) => {
      const format = await detectImportFormat(args.file)
      const read = await readValidRows(args.file, cannedJobImportSchema(format), tick)
      const grouped = cannedJobsFromRecords(format, read.rows)
      return { jobs: grouped.jobs, rejections: [...read.rejections, ...grouped.rejections] }
    })
    const report = await this.staffImport(flags, cannedJobImportTables, ({ db, actor }, signal) =>
      importCannedJobs(db, actor, jobs, rejections, { signal }),
    )
    this.log(describeImport(report))
    if (report.rejections.length > 0) {
      this.printTable(report.rejections as unknown as Record<string, unknown>[], rejectionColumns)
      process.exitCode = 1
    }
    return report
  }
}
