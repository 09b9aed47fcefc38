// The rejects file of an import: every refused row as the file held it, in the file's own format and
// header, plus the reason, so a person fixes the rows in place and imports that file again (the
// import ignores the reason column). Written as the import goes: memory holds no list of rejections.

import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import type { RawImportRecord } from '../../lib/import-file.js'
import { rejectionColumn } from './mapping.js'

/**
 * A cell as CSV writes it: quoted when it holds a delimiter, a quote, a line break or outer spaces.
 * Cells are written verbatim, a leading `=` included: the rows are the user's own data, going back
 * into this import, and a `'` prefix against spreadsheet formulas would be imported as part of the
 * value next time.
 */
export function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

export class RejectsFile {
  private stream: WriteStream | null = null
  private header: string[] | null = null
  count = 0

  constructor(
    readonly path: string,
    private readonly format: 'csv' | 'ndjson',
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
    if (this.stream === null) {
      this.stream = createWriteStream(this.path, { encoding: 'utf8' })
      if (this.format === 'csv') {
        // The BOM spreadsheets need to open UTF-8 as UTF-8; the import skips it.
        const header = [...(this.header ?? []), rejectionColumn].map(csvCell).join(',')
        this.stream.write(`\uFEFF${header}\r\n`)
      }
    }
    this.count += 1
    if (!this.stream.write(line)) await once(this.stream, 'drain')
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

  async close(): Promise<void> {
    const stream = this.stream
    if (stream === null) return
    this.stream = null
    await new Promise<void>((resolve, reject) =>
      stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
    )
  }
}
