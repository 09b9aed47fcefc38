// Records of an import file (`shopapi import customers|vehicles|inventory|canned-jobs FILE`): NDJSON
// or CSV, read as a stream so a file of any length is imported in constant memory. Every record carries
// the file line it starts on, so a staff member can open the file at the line a message names. A bad
// record is an error record, not a throw: one typo must not hide the other 9,999 rows' results.
import { isUtf8 } from 'node:buffer'
import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { extname } from 'node:path'
import { type CsvError, parse } from 'csv-parse'
import { restoreFormula } from '../lib/csv-cells.js'
import { UsageError } from '../lib/errors.js'
import { findUnstorableText, isStorableText } from '../lib/text.js'

export type ImportRecord = { line: number; fields: Record<string, unknown> } | { line: number; error: string }

/**
 * A record with what the file held, for a rejects file the user can fix and import again: a CSV row's
 * cells (trimmed, as read), an NDJSON line's text (absent when it was too long or not UTF-8), and its
 * size in the file (`bytes`), so a reader can bound what it holds by bytes as well as by records.
 * `fatal`: the file could not be read past this point (a broken quote, a wrong encoding).
 */
export type RawImportRecord = ImportRecord & { cells?: string[]; text?: string; bytes?: number; fatal?: boolean }

export interface ReadImportOptions {
  /** Called with a CSV file's header cells (as written) before its first row is yielded. */
  onHeader?: (cells: string[]) => void
}

export type ImportFormat = 'ndjson' | 'csv'

/**
 * Why a value cannot be imported although the file is well formed: Postgres stores no NUL, and a lone
 * UTF-16 surrogate (an NDJSON `"\ud800"`) would be written as U+FFFD. The same words as the API's.
 */
const unstorableText = 'text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates'

/** One record (an NDJSON line, a CSV row) longer than this is refused, so memory stays bounded. */
export const maxImportRecordBytes = 1024 * 1024

const newline = 0x0a
const utf8Bom = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * An import reads its file twice (the keys of every row first, to find repeats within the file, then
 * the rows), so the file must be one that can be read again: a pipe or a terminal would be read once
 * and then wait forever. A missing file is left to the reader, which names it.
 */
export async function requireRereadableFile(path: string): Promise<void> {
  let isFile: boolean
  try {
    isFile = (await stat(path)).isFile()
  } catch {
    return
  }
  if (!isFile) {
    throw new UsageError(
      `${path} is not a regular file: an import reads its file twice (keys, then rows); save the data to a file and import that`,
    )
  }
}

/**
 * `.ndjson` and `.jsonl` are NDJSON, `.csv` is CSV; any other name is NDJSON when its first character
 * other than a BOM or white space is `{`, else CSV.
 */
export async function detectImportFormat(path: string): Promise<ImportFormat> {
  const extension = extname(path).toLowerCase()
  if (extension === '.ndjson' || extension === '.jsonl') return 'ndjson'
  if (extension === '.csv') return 'csv'
  return (await firstSignificantCharacter(path)) === '{' ? 'ndjson' : 'csv'
}

async function firstSignificantCharacter(path: string): Promise<string | null> {
  const file = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(64 * 1024)
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) return null
      const found = buffer
        .subarray(0, bytesRead)
        .findIndex(
          (byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && !utf8Bom.includes(byte),
        )
      if (found !== -1) return String.fromCharCode(buffer[found] ?? 0)
    }
  } finally {
    await file.close()
  }
}

/**
 * The records of an NDJSON or CSV file (see `detectImportFormat`), in file order.
 * NDJSON: one JSON object a line; blank lines are skipped.
 * CSV: a header row names the columns (trimmed, lower-cased); an empty cell is an absent field, never
 * ''; unquoted spaces around cells are trimmed; rows with no value at all are skipped.
 * A missing or unreadable file throws; everything wrong inside the file is an error record.
 */
export function readImportRecords(path: string): AsyncGenerator<ImportRecord> {
  return readRawImportRecords(path, {}, false)
}

/**
 * `readImportRecords` keeping what each record held (`cells`, `text`) for a rejects file, and marking
 * the errors after which nothing more is read (`fatal`). A CSV file that is not UTF-8 is refused
 * before its first row, so no half of a mis-encoded file is imported.
 */
export function readImportRecordsWithSource(
  path: string,
  options: ReadImportOptions = {},
): AsyncGenerator<RawImportRecord> {
  return readRawImportRecords(path, options, true)
}

async function* readRawImportRecords(
  path: string,
  options: ReadImportOptions,
  keepSource: boolean,
): AsyncGenerator<RawImportRecord> {
  const format = await detectImportFormat(path)
  if (format === 'csv' && extname(path).toLowerCase() !== '.csv' && (await firstSignificantCharacter(path)) === '[') {
    // A JSON array read as CSV would turn into one confusing error per line.
    const error = 'a JSON array is not an import file: write one JSON object a line (NDJSON)'
    yield keepSource ? { line: 1, error, fatal: true } : { line: 1, error }
    return
  }
  if (format === 'ndjson') {
    yield* readNdjson(path, keepSource)
    return
  }
  if (keepSource) {
    const encoding = await findEncodingProblem(path)
    if (encoding !== null) {
      yield { ...encoding, fatal: true }
      return
    }
  }
  yield* readCsv(path, options, keepSource)
}

/**
 * Where a file stops being UTF-8, said so a person can act on it: spreadsheets on Windows save
 * "CSV" as Windows-1252 (Latin-1) and "Unicode text" as UTF-16, and decoding those as UTF-8 would
 * store replacement characters (U+FFFD) in place of every accented letter.
 */
export async function findEncodingProblem(path: string): Promise<{ line: number; error: string } | null> {
  let line = 1
  let carry = Buffer.alloc(0)
  let first = true
  for await (const read of createReadStream(path) as AsyncIterable<Buffer>) {
    if (
      first &&
      read.length >= 2 &&
      ((read[0] === 0xff && read[1] === 0xfe) || (read[0] === 0xfe && read[1] === 0xff))
    ) {
      return {
        line: 1,
        error:
          'the file is UTF-16 ("Unicode text"), not UTF-8: save it as "CSV UTF-8" (or convert it with iconv -f UTF-16 -t UTF-8); nothing was imported',
      }
    }
    first = false
    const chunk = carry.length > 0 ? Buffer.concat([carry, read]) : read
    // A character cut by the chunk's end is checked with the next chunk.
    const end = completeUtf8Length(chunk)
    const body = chunk.subarray(0, end)
    if (!isUtf8(body)) {
      const offset = firstInvalidUtf8(body)
      line += countByte(body.subarray(0, offset), newline)
      return {
        line,
        error:
          'the file is not UTF-8 (it is probably Windows-1252 or Latin-1, as spreadsheets save "CSV"): save it as "CSV UTF-8" (or convert it with iconv -f WINDOWS-1252 -t UTF-8); nothing was imported',
      }
    }
    line += countByte(body, newline)
    carry = Buffer.from(chunk.subarray(end))
  }
  if (carry.length > 0) return { line, error: 'the file ends in the middle of a UTF-8 character; nothing was imported' }
  return null
}

function countByte(buffer: Buffer, byte: number): number {
  let count = 0
  for (let at = buffer.indexOf(byte); at !== -1; at = buffer.indexOf(byte, at + 1)) count++
  return count
}

/** The length of `chunk` without a trailing, possibly incomplete, multi-byte sequence. */
function completeUtf8Length(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back] ?? 0
    if ((byte & 0xc0) === 0x80) continue // a continuation byte: look further back for its lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return needed > back ? chunk.length - back : chunk.length
  }
  return chunk.length
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(buffer: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  // Halving keeps this to ~log2(n) decodes of ever smaller prefixes.
  let good = 0
  let bad = buffer.length
  while (bad - good > 4) {
    const middle = good + Math.floor((bad - good) / 2)
    try {
      decoder.decode(buffer.subarray(0, completeUtf8Length(buffer.subarray(0, middle))))
      good = middle
    } catch {
      bad = middle
    }
  }
  return good
}

/** Lines in the file (a last line without a newline counts): a progress bar's total, read fast. */
export async function countImportLines(path: string): Promise<number> {
  let lines = 0
  let lastByte = newline
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(newline); at !== -1; at = chunk.indexOf(newline, at + 1)) lines++
    if (chunk.length > 0) lastByte = chunk[chunk.length - 1] ?? newline
  }
  return lastByte === newline ? lines : lines + 1
}

/** The file's bytes with a leading UTF-8 BOM removed (Excel writes one; JSON.parse and headers choke). */
async function* withoutBom(path: string): AsyncGenerator<Buffer> {
  let first = true
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (first && chunk.length > 0) {
      first = false
      yield chunk.subarray(0, 3).equals(utf8Bom) ? chunk.subarray(3) : chunk
    } else if (chunk.length > 0) {
      yield chunk
    }
  }
}

type Line = { line: number; bytes: Buffer } | { line: number; tooLong: true }

/** Splits on '\n' without holding more than one line (up to `maxImportRecordBytes`) in memory. */
async function* readLines(path: string): AsyncGenerator<Line> {
  let line = 1
  let pending: Buffer[] = []
  let pendingBytes = 0
  let tooLong = false
  for await (const chunk of withoutBom(path)) {
    let start = 0
    for (let end = chunk.indexOf(newline); end !== -1; end = chunk.indexOf(newline, start)) {
      const piece = chunk.subarray(start, end)
      if (tooLong || pendingBytes + piece.length > maxImportRecordBytes) yield { line, tooLong: true }
      else yield { line, bytes: Buffer.concat([...pending, piece]) }
      line++
      pending = []
      pendingBytes = 0
      tooLong = false
      start = end + 1
    }
    const rest = chunk.subarray(start)
    if (!tooLong && pendingBytes + rest.length > maxImportRecordBytes) {
      tooLong = true
      pending = []
    }
    if (!tooLong && rest.length > 0) {
      pending.push(rest)
      pendingBytes += rest.length
    }
  }
  if (tooLong) yield { line, tooLong: true }
  else if (pendingBytes > 0) yield { line, bytes: Buffer.concat(pending) }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** A field's path as a reason names it: a long key shortened, a key holding NUL escaped as JSON would. */
function describePath(path: string[]): string {
  const shown = (key: string) => (isStorableText(key) ? key : JSON.stringify(key).slice(1, -1))
  return path.map((key) => shown(key.length > 100 ? `${key.slice(0, 100)}…` : key)).join('.')
}

function describeJson(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

async function* readNdjson(path: string, keepSource: boolean): AsyncGenerator<RawImportRecord> {
  for await (const read of readLines(path)) {
    const { line } = read
    if ('tooLong' in read) {
      yield { line, error: `not a JSON object: the line is longer than ${maxImportRecordBytes} bytes` }
      continue
    }
    let text: string
    try {
      text = strictUtf8.decode(read.bytes)
    } catch {
      yield { line, error: 'not a JSON object: the line is not valid UTF-8' }
      continue
    }
    if (text.trim() === '') continue
    const source = keepSource ? { text, bytes: read.bytes.length + 1 } : {}
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      yield { line, error: `not a JSON object: ${(error as SyntaxError).message}`, ...source }
      continue
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const unstorable = findUnstorableText(value)
      if (unstorable) yield { line, error: `${describePath(unstorable)}: ${unstorableText}`, ...source }
      else yield { line, fields: value as Record<string, unknown>, ...source }
    } else {
      yield { line, error: `not a JSON object: found ${describeJson(value)}`, ...source }
    }
  }
}

/**
 * Turns byte offsets into line numbers. csv-parse's own `info.lines` counts a CRLF inside a quoted
 * cell as two lines, so lines are counted here from the bytes the parser is fed. Offsets are asked for
 * in increasing order, so newlines already passed are dropped and memory holds only those ahead.
 */
class LineIndex {
  private newlineOffsets: number[] = []
  private head = 0
  private fed = 0
  private passed = 0

  add(chunk: Buffer): void {
    for (let at = chunk.indexOf(newline); at !== -1; at = chunk.indexOf(newline, at + 1)) {
      this.newlineOffsets.push(this.fed + at)
    }
    this.fed += chunk.length
  }

  /** The 1-based line holding the byte at `offset`. */
  lineAt(offset: number): number {
    while (this.head < this.newlineOffsets.length && (this.newlineOffsets[this.head] ?? offset) < offset) {
      this.head++
      this.passed++
    }
    if (this.head > 4096) {
      this.newlineOffsets = this.newlineOffsets.slice(this.head)
      this.head = 0
    }
    return this.passed + 1
  }
}

interface CsvRow {
  line: number
  cells: string[]
  bytes: number
}

function countNewlines(cells: string[]): number {
  let count = 0
  for (const cell of cells) {
    for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) count++
  }
  return count
}

const csvFailures: Partial<Record<string, string>> = {
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell has text after its closing quote (write a quote inside a cell as "")',
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed',
  CSV_MAX_RECORD_SIZE: `a row is longer than ${maxImportRecordBytes} bytes`,
  INVALID_OPENING_QUOTE: 'a quote appears inside an unquoted cell (quote the whole cell and write the quote as "")',
}

async function* readCsv(
  path: string,
  options: ReadImportOptions,
  keepSource: boolean,
): AsyncGenerator<RawImportRecord> {
  const lines = new LineIndex()
  const parsed: CsvRow[] = []
  let consumed = 0
  const parser = parse({
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: maxImportRecordBytes,
    on_record: (cells: string[], context) => {
      // `bytes` is just past the row's delimiter (or the end of the file): the row ends on the line of
      // the byte before it, and starts as many lines earlier as its quoted cells hold line breaks.
      const lastLine = lines.lineAt(Math.max(context.bytes - 1, 0))
      const bytes = context.bytes - consumed
      consumed = context.bytes
      // A cell the rejects file neutralised against spreadsheet formulas reads as it was (csv-cells.ts).
      const restored = cells.map(restoreFormula)
      parsed.push({ line: lastLine - countNewlines(cells), cells: restored, bytes })
      return null // kept here, not in the stream, so an error later in a chunk cannot discard it
    },
  })
  // Failures arrive through the write and end callbacks below; this keeps them from being unhandled.
  parser.on('error', () => {})
  const write = (chunk: Buffer) =>
    new Promise<CsvError | null>((resolve) => parser.write(chunk, (error) => resolve((error as CsvError) ?? null)))
  const end = () =>
    new Promise<CsvError | null>((resolve) => {
      parser.once('error', resolve)
      parser.end((error?: Error | null) => resolve((error as CsvError) ?? null))
    })

  const readRow = csvRowReader(options.onHeader, keepSource)
  try {
    for await (const chunk of withoutBom(path)) {
      lines.add(chunk)
      const failure = await write(chunk)
      yield* namedRecords(parsed.splice(0), readRow)
      if (failure !== null) {
        yield { ...csvFailure(failure, lines), ...(keepSource ? { fatal: true } : {}) }
        return
      }
    }
    const failure = await end()
    yield* namedRecords(parsed.splice(0), readRow)
    if (failure !== null) yield { ...csvFailure(failure, lines), ...(keepSource ? { fatal: true } : {}) }
  } finally {
    parser.destroy()
  }
}

function* namedRecords(rows: CsvRow[], readRow: (row: CsvRow) => RawImportRecord | null): Generator<RawImportRecord> {
  for (const row of rows) {
    const record = readRow(row)
    if (record !== null) yield record
  }
}

/** After a broken quote csv-parse cannot tell where rows end, so reading stops there with one error. */
function csvFailure(failure: CsvError, lines: LineIndex): ImportRecord {
  const offset = (failure as CsvError & { bytes?: number }).bytes ?? 0
  const reason = csvFailures[failure.code] ?? failure.message
  return { line: lines.lineAt(offset), error: `${reason}; the rest of the file was not read` }
}

/** Reads the header row, then names each row's cells by it; null for a row that carries nothing. */
function csvRowReader(
  onHeader: ((cells: string[]) => void) | undefined,
  keepSource: boolean,
): (row: CsvRow) => RawImportRecord | null {
  let columns: (string | null)[] | null = null
  return (row) => {
    if (columns === null) {
      const names = row.cells.map((cell) => cell.trim().toLowerCase())
      const repeated = names.find((name, index) => name !== '' && names.indexOf(name) !== index)
      if (repeated !== undefined) {
        columns = []
        return {
          line: row.line,
          error: `the header names column "${repeated}" twice; no row was read`,
          ...(keepSource ? { fatal: true } : {}),
        }
      }
      onHeader?.(row.cells)
      // A trailing comma in the header (spreadsheets write them) makes a nameless, normally empty column.
      columns = names.map((name) => (name === '' ? null : name))
      return null
    }
    if (columns.length === 0) return null // the header was refused: nothing can be named
    if (row.cells.every((cell) => cell === '')) return null
    const source = keepSource ? { cells: row.cells, bytes: row.bytes } : {}
    if (row.cells.length !== columns.length) {
      return {
        line: row.line,
        error: `the row has ${row.cells.length} cells, the header has ${columns.length}`,
        ...source,
      }
    }
    const unstorable = row.cells.findIndex((cell) => !isStorableText(cell))
    if (unstorable !== -1) {
      const name = columns[unstorable] ?? `cell ${unstorable + 1}`
      return { line: row.line, error: `${describePath([name])}: ${unstorableText}`, ...source }
    }
    const entries: [string, string][] = []
    for (const [index, cell] of row.cells.entries()) {
      if (cell === '') continue
      const name = columns[index]
      if (name === null || name === undefined) {
        return {
          line: row.line,
          error: `cell ${index + 1} has a value but its column has no name in the header`,
          ...source,
        }
      }
      entries.push([name, cell])
    }
    // fromEntries defines own properties, so a column named __proto__ stays a plain field.
    return { line: row.line, fields: Object.fromEntries(entries), ...source }
  }
}
