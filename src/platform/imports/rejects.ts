// The rejects file of an import: every refused row as the file held it, in the file's own format and
// header, plus the reason, so a person fixes the rows in place and imports that file again (the
// import ignores the reason column). Written as the import goes: memory holds no list of rejections.
// It is created only when a row is rejected, new and private (src/io/output-files.ts), and a CSV
// cell a spreadsheet would run is neutralised, which the import undoes (src/lib/csv-cells.ts).

import { once } from 'node:events'
import type { RawImportRecord } from '../../io/import-file.js'
import {
  type OutputFile,
  type OutputFileOptions,
  openOutputFile,
  removeStaleOutputFile,
} from '../../io/output-files.js'
import { csvCell } from '../../lib/csv-cells.js'
import { rejectionColumn } from './mapping.js'

export class RejectsFile {
  private file: OutputFile | null = null
  private header: string[] | null = null
  count = 0

  constructor(
    readonly path: string,
    private readonly format: 'csv' | 'ndjson',
    private readonly options: OutputFileOptions,
  ) {}

  /** The CSV header as the input had it; the reason column is added (once) after it. */
  setHeader(cells: string[]): void {
    this.header = cells.filter((cell) => cell.trim().toLowerCase() !== rejectionColumn)
    this.reasonAt = cells.findIndex((cell) => cell.trim().toLowerCase() === rejectionColumn)
  }

  /** Where a re-imported rejects file had its reason column: dropped, so reasons do not pile up. */
  private reasonAt = -1

  async write(record: RawImportRecord, reason: string): Promise<void> {
    const line = this.format === 'csv' ? this.csvLine(record, reason) : this.ndjsonLine(record, reason)
    if (this.file === null) {
      this.file = await openOutputFile(this.path, this.options)
      if (this.format === 'csv') {
        // The BOM spreadsheets need to open UTF-8 as UTF-8; the import skips it.
        const header = [...(this.header ?? []), rejectionColumn].map(csvCell).join(',')
        this.file.stream.write(`\uFEFF${header}\r\n`)
      }
    }
    this.count += 1
    if (!this.file.stream.write(line)) await once(this.file.stream, 'drain')
  }

  private csvLine(record: RawImportRecord, reason: string): string {
    const width = this.header?.length ?? 0
    const cells = (record.cells ?? []).filter((_, index) => index !== this.reasonAt)
    while (cells.length < width) cells.push('')
    return `${[...cells, `line ${record.line}: ${reason}`].map(csvCell).join(',')}\r\n`
  }

  private ndjsonLine(record: RawImportRecord, reason: string): string {
    const text = `line ${record.line}: ${reason}`
    if ('fields' in record) return `${JSON.stringify({ ...record.fields, [rejectionColumn]: text })}\n`
    // A line that is no JSON object cannot carry a field: kept as text beside the reason.
    return `${JSON.stringify({ [rejectionColumn]: text, rejected_text: record.text ?? null })}\n`
  }

  /**
   * Puts the file in place. A run that rejected nothing leaves no file; when it may replace one
   * (`--overwrite`), it removes the one an earlier run left, so the file never describes an older run.
   */
  async close(): Promise<void> {
    const file = this.file
    this.file = null
    if (file !== null) await file.close()
    else if (this.count === 0 && this.options.overwrite) await removeStaleOutputFile(this.path, this.options)
  }
}
