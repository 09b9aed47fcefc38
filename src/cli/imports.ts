import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import cliProgress from 'cli-progress'
import { UsageError } from '../lib/errors.js'
import { countImportLines } from '../lib/import-file.js'
import type { ImportReport } from '../resources/inventory-items/import-rows.js'

// What the import commands (inventory, canned jobs) share: reading the file with a progress bar
// for people, and the report.

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
