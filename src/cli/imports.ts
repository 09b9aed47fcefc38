import { constants } from 'node:fs'
import { access, readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { Flags } from '@oclif/core'
import cliProgress from 'cli-progress'
import { countImportLines } from '../io/import-file.js'
import { UsageError } from '../lib/errors.js'
import { parseMapping, parseMappingFile, rejectionColumn } from '../platform/imports/mapping.js'
import { defaultBatchSize, type ImportProgress, type ImportRunReport } from '../platform/imports/runner.js'

export const rejectionColumns = [
  { key: 'line', header: 'Line' },
  { key: 'reason', header: 'Reason' },
]

// What every import command (`import customers|vehicles|inventory|canned-jobs`)
// shares: flags, the mapping, the rejects file's name, the
// progress (a bar with rows per second at a terminal, a plain line every few seconds otherwise,
// nothing with --json) and the report.

export const bulkImportFlags = {
  map: Flags.string({
    description:
      'Column mapping, Column=field pairs separated by commas: --map "Phone Number=phone,Cell=phone_alt"; Column= ignores a column. Repeatable.',
    multiple: true,
    // One value per --map, so `--map "A=b" customers.csv` leaves the file to the argument.
    multipleNonGreedy: true,
  }),
  'map-file': Flags.string({
    description: 'A mapping file: a JSON object {"Phone Number": "phone"} or one Column=field a line',
  }),
  'dry-run': Flags.boolean({
    description:
      'Validate every row against the API rules and the existing records, report what would be created, updated, unchanged and rejected, and write nothing to the database (the rejects file only with --rejects)',
    default: false,
  }),
  rejects: Flags.string({
    description:
      'Where rejected rows go (default: FILE with .rejected before its extension, e.g. customers.rejected.csv); created new, mode 0600, only when a row is rejected',
  }),
  overwrite: Flags.boolean({
    description:
      'Replace the rejects file when it exists (a regular file of yours; never through a symbolic link); without it an existing one is refused',
    default: false,
  }),
  integration: Flags.string({
    description: 'The integration (int_...) whose external ids are the keys (--key external_id)',
  }),
  'batch-size': Flags.integer({
    description: 'Rows per transaction',
    default: defaultBatchSize,
    min: 1,
    max: 5000,
  }),
}

/** The flags of an import whose keys are the shop's own (part numbers, codes): no --integration. */
export const fileImportFlags = (({ integration: _integration, ...flags }) => flags)(bulkImportFlags)

/** The mapping of `--map` (repeatable) and `--map-file`. */
export async function readMapping(flags: { map?: string[] | undefined; 'map-file'?: string | undefined }) {
  const mapping = new Map<string, string>()
  if (flags['map-file'] !== undefined) {
    let content: string
    try {
      content = await readFile(flags['map-file'], 'utf8')
    } catch {
      throw new UsageError(`Cannot read the mapping file ${flags['map-file']}`)
    }
    parseMappingFile(content, flags['map-file'], mapping)
  }
  for (const text of flags.map ?? []) parseMapping(text, '--map', mapping)
  return mapping
}

/** `dir/customers.csv` -> `dir/customers.rejected.csv` (NDJSON: `.rejected.ndjson`). */
export function defaultRejectsPath(path: string, format: 'csv' | 'ndjson'): string {
  const extension = extname(path)
  const base = extension ? path.slice(0, -extension.length) : path
  return `${base}.rejected.${extension ? extension.slice(1) : format}`
}

/** Checks the file is readable before anything else, so a typo is one line, not a stack. */
export async function requireReadable(path: string): Promise<void> {
  try {
    await access(path, constants.R_OK)
  } catch {
    throw new UsageError(`Cannot read ${path}: no such file, or not readable`)
  }
}

const plainProgressEveryMs = 5000

/** Progress of an import for people: on stderr, never with --json. */
export async function bulkImportProgress(
  path: string,
  json: boolean,
): Promise<{ onProgress: (progress: ImportProgress) => void; stop: () => void }> {
  if (json) return { onProgress: () => {}, stop: () => {} }
  const started = Date.now()
  const rate = (rows: number) => Math.round(rows / Math.max((Date.now() - started) / 1000, 0.001))
  if (!process.stderr.isTTY) {
    let last = started
    return {
      onProgress: ({ rows, line, report }) => {
        const now = Date.now()
        if (now - last < plainProgressEveryMs) return
        last = now
        process.stderr.write(
          `${rows.toLocaleString('en-US')} rows read (line ${line}, ${rate(rows).toLocaleString('en-US')} rows/s): ${describeCounts(report)}\n`,
        )
      },
      stop: () => {},
    }
  }
  const total = await countImportLines(path)
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'Importing {bar} {percentage}% | line {value}/{total} | {rate} rows/s | {counts}',
      clearOnComplete: true,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  )
  bar.start(total, 0, { rate: 0, counts: '' })
  return {
    onProgress: ({ rows, line, report }) => bar.update(line, { rate: rate(rows), counts: describeCounts(report) }),
    stop: () => bar.stop(),
  }
}

/** The counts of an import; `moved` only when some record moved (only vehicles can). */
export function describeCounts(
  report: Pick<ImportRunReport, 'created' | 'updated' | 'moved' | 'unchanged' | 'rejected'>,
) {
  const n = (value: number) => value.toLocaleString('en-US')
  const moved = report.moved > 0 ? `, ${n(report.moved)} moved` : ''
  return `${n(report.created)} created, ${n(report.updated)} updated${moved}, ${n(report.unchanged)} unchanged, ${n(report.rejected)} rejected`
}

/** The table of moves: each record with the customers it moved from and to, names beside ids. */
export const moveColumns = [
  { key: 'line', header: 'Line' },
  { key: 'record', header: 'Moved' },
  { key: 'from', header: 'From' },
  { key: 'to', header: 'To' },
]

export function moveRows(moves: ImportRunReport['moves']): Record<string, unknown>[] {
  const end = (side: { id: string; name: string }) => (side.name ? `${side.name} (${side.id})` : side.id)
  return moves.map((move) => ({
    line: move.line,
    record: `${move.id} (${move.key})`,
    from: end(move.from),
    to: end(move.to),
  }))
}

export interface BulkImportResult extends ImportRunReport {
  resource: string
  file: string
  key: string
  seconds: number
  rows_per_second: number
  analyzed: boolean
}

/** The one line an interrupted import prints: what committed, and how to resume. */
export function describeResume(result: BulkImportResult): string {
  const rows = result.rows.toLocaleString('en-US')
  const overwrite = result.rejects_file ? ` with --overwrite (it replaces ${result.rejects_file})` : ''
  if (result.dry_run)
    return `Interrupted after ${rows} rows (a dry run: nothing was written); run the same command again${overwrite} to check the whole file.`
  return `Interrupted after ${rows} rows, all committed (whole batches); the rest of the file was not read. To resume, run the same command again${overwrite}: rows already imported are matched and unchanged.`
}

/** The lines a person reads after an import (the rejections' table is printed by the command). */
export function describeBulkImport(result: BulkImportResult): string[] {
  const lines = [
    `${result.file}: ${result.rows.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s (${result.rows_per_second.toLocaleString('en-US')} rows/s)`,
    result.dry_run ? `Dry run, nothing written. It would be: ${describeCounts(result)}` : describeCounts(result),
  ]
  if (result.interrupted) {
    lines.push(describeResume(result))
  } else if (!result.complete) {
    lines.push(
      'The file was not read to its end (see the last rejection): fix it and import it again; the rows already imported will be unchanged.',
    )
  }
  if (result.rejects_file) {
    lines.push(
      `Rejected rows are in ${result.rejects_file}: fix them there and import that file (its ${rejectionColumn} column is ignored).`,
    )
  } else if (result.rejected > 0 && result.dry_run) {
    lines.push('Add --rejects FILE to get the rejected rows in a file.')
  }
  return lines
}
