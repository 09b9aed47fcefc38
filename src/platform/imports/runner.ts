// The one import engine (`shopapi import customers|vehicles|inventory|canned-jobs`;
// docs/decisions/operations.md "One import engine"): the file is streamed, rows are mapped and keyed,
// then written in batches, each batch one transaction on one connection. A resource supplies what
// differs (its fields, its key, the lookup of existing records, and the plan of a row through its own
// create and update services, which validate with the API's schemas and record events in the same
// transaction); this file holds what every import shares.
//
// One bad row never aborts the others: rows are validated before any write (a refusal is a rejection
// with its line), and when a write still fails inside a batch (a unique index, a row changed
// meanwhile) the batch is rolled back and written again with a savepoint around each row, so only the
// failing row is refused. Re-running a file changes nothing: rows are matched on their key, and a row
// that would change nothing is not written. An interrupted import resumes by running it again: every
// committed batch is then matched and unchanged.
//
// Two imports of one resource in one shop at once (two operators, a retried cron job) take turns batch by
// batch: each batch transaction takes a transaction-level advisory lock on (shop, resource) before it
// looks up existing records, so the second sees what the first created instead of creating it again.
//
// Memory: a batch holds at most `batchSize` rows and `maxBatchBytes` of the file, whichever comes first
// (a record is at most 1 MiB), so an import of any file holds about one batch. An `AbortSignal` (Ctrl-C)
// stops the import between batches: the batch being written commits, the rows read after it do not.
import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import {
  detectImportFormat,
  maxImportRecordBytes,
  type RawImportRecord,
  readImportRecordsWithSource,
  requireRereadableFile,
} from '../../io/import-file.js'
import type { OutputFileOptions } from '../../io/output-files.js'
import { ApiError } from '../../lib/errors.js'
import { lockImport } from './concurrency.js'
import { type ColumnMapping, checkHeader, type ImportFields, mapRecord } from './mapping.js'
import { RejectsFile } from './rejects.js'

/**
 * What a row did. `moved`: a matched record now belongs to another parent (a vehicle to another customer),
 * which an operator checks apart from ordinary updates, so it is counted and listed on its own.
 */
export type ImportOutcome = 'created' | 'updated' | 'moved' | 'unchanged'

/** One side of a move: the parent's public id and its name, for people. */
export interface ImportMoveEnd {
  id: string
  name: string
}

/** A record a row moved to another parent (outcome `moved`), with both parents named beside their ids. */
export interface ImportMove {
  line: number
  /** The record's public id (veh_...) and its key as `describeKey` says it. */
  id: string
  key: string
  from: ImportMoveEnd
  to: ImportMoveEnd
}

const noOutcomes = (): Record<ImportOutcome, number> => ({ created: 0, updated: 0, moved: 0, unchanged: 0 })

/**
 * A row ready to be planned: its first file line, its fields and key, and the records it was read
 * from (one, or several when the target combines consecutive records, as a canned job's parts), all
 * written to the rejects file when the row is refused.
 */
export interface KeyedRow {
  line: number
  key: string
  fields: Record<string, unknown>
  sources: RawImportRecord[]
}

/**
 * What a row will do. `write` runs in the batch's transaction (never in a dry run). `bulk`: the row
 * can also be written with the others of its batch by the target's `writeBulk` (one statement for
 * hundreds of creates); `write` remains the row's own path, taken when a batch is written row by row.
 */
export interface RowPlan {
  outcome: ImportOutcome
  /** With outcome `moved`: from which parent to which (the line is the row's). */
  move?: Omit<ImportMove, 'line'>
  write?: (tx: Queryable) => Promise<void>
  bulk?: unknown
}

/**
 * A resource's side of an import. `plan` validates a row (throwing ApiError for a refusal, whose
 * message becomes the reason) and says what writing it does; it never writes.
 */
export interface ImportTarget<Lookup> {
  /** `customer`, `vehicle`: messages. */
  noun: string
  /**
   * Batches of imports with the same lock name take turns (`<shop id>:customers`): a transaction-level
   * advisory lock, taken before the lookup, so concurrent imports of one key cannot both create it.
   */
  lockName: string
  /** The fields a row may carry, after mapping, with how CSV cells are read. */
  fields: ImportFields
  /**
   * The match key of a row (compared as this string), or why the row has none. It may validate the
   * row too and return the fields `plan` reads (`fields`, replacing the mapped ones).
   */
  keyOf(fields: Record<string, unknown>): { key: string; fields?: Record<string, unknown> } | { reason: string }
  /**
   * With it, consecutive records with the same key are one row (a canned job and its parts, one part
   * a CSV line): they are combined into the row's fields, or all refused with one reason. A row is
   * accepted or refused whole. Without it, each record is a row and a repeated key is refused.
   */
  combine?(
    records: { line: number; fields: Record<string, unknown> }[],
  ): { fields: Record<string, unknown> } | { reason: string }
  /** The most records `combine` gets for one row (memory); a longer run of one key is refused whole. */
  maxRecordsPerRow?: number
  /** How a key is named in a duplicate's reason, e.g. `email "a@b.c"`. */
  describeKey(key: string): string
  /** The existing records (and anything else plans need) for a batch; `lock` while writing. */
  lookup(tx: Queryable, rows: KeyedRow[], lock: boolean): Promise<Lookup>
  plan(row: KeyedRow, lookup: Lookup): RowPlan
  /** Writes the `bulk` items of a batch's plans together, in the batch's transaction. */
  writeBulk?(tx: Queryable, items: unknown[]): Promise<void>
}

export interface ImportRejection {
  line: number
  reason: string
}

export interface ImportRunReport {
  format: 'csv' | 'ndjson'
  dry_run: boolean
  /** Rows read (records of the file, rejected ones included). */
  rows: number
  created: number
  /** Matched records changed in place. */
  updated: number
  /** Matched records moved to another parent (a vehicle to another customer): not counted as updated. */
  moved: number
  unchanged: number
  rejected: number
  /** The first moves (at most `rejectionSample`), with both parents named. */
  moves: ImportMove[]
  /** The first rejections (at most `rejectionSample`); all of them are in the rejects file. */
  rejections: ImportRejection[]
  rejects_file: string | null
  /** False when the file could not be read to its end (a broken quote, a wrong encoding, an interruption). */
  complete: boolean
  /** True when the import was stopped (Ctrl-C) after a batch: running it again resumes it. */
  interrupted: boolean
}

export interface ImportProgress {
  /** Records read so far and the line of the last. */
  rows: number
  line: number
  report: ImportRunReport
}

export const defaultBatchSize = 500
/**
 * The most file bytes a batch holds (rows are read up to `batchSize` or this, whichever comes first):
 * 250 rows of 1 MB would otherwise be 250 MB of source, several times that once mapped and validated.
 * It is the longest record (1 MiB), so a batch of big rows holds one or two; ordinary rows are
 * unaffected (500 rows of a customer export are about 100 KB). Measured in bench/RESULTS.md "Imports".
 */
export const maxBatchBytes = maxImportRecordBytes
const rejectionSample = 100

/** Where refused rows go, and the rules of that file (src/io/output-files.ts). */
export interface RejectsTarget extends OutputFileOptions {
  path: string
}

export interface ImportRunOptions<Lookup> {
  pool: pg.Pool
  path: string
  target: ImportTarget<Lookup>
  mapping: ColumnMapping
  dryRun: boolean
  /** Where refused rows are written; null: nowhere (a dry run without --rejects). */
  rejects: RejectsTarget | null
  batchSize?: number
  onProgress?: (progress: ImportProgress) => void
  /** Stops the import after the batch being written (Ctrl-C); the report says `interrupted`. */
  signal?: AbortSignal
}

/** Runs an import to the end of the file; the report counts what committed (or would, in a dry run). */
export async function runImport<Lookup>(options: ImportRunOptions<Lookup>): Promise<ImportRunReport> {
  const { target, mapping, dryRun } = options
  const batchSize = options.batchSize ?? defaultBatchSize
  await requireRereadableFile(options.path)
  const format = await detectImportFormat(options.path)
  const rejects = options.rejects === null ? null : new RejectsFile(options.rejects.path, format, options.rejects)
  const report: ImportRunReport = {
    format,
    dry_run: dryRun,
    rows: 0,
    created: 0,
    updated: 0,
    moved: 0,
    unchanged: 0,
    rejected: 0,
    moves: [],
    rejections: [],
    rejects_file: null,
    complete: true,
    interrupted: false,
  }
  const reject = async (record: RawImportRecord, reason: string) => {
    report.rejected += 1
    if (report.rejections.length < rejectionSample) report.rejections.push({ line: record.line, reason })
    await rejects?.write(record, reason)
  }

  const client = await options.pool.connect()
  let broken = false
  try {
    // Keys seen earlier in this run, with their line: a file naming one key twice would otherwise
    // apply both rows, and re-running it would change the record back and forth. Kept in the
    // database, not in memory, so a file of any length is read in constant memory.
    // Keyed by the key's hash: a key may be as long as a record (1 MiB), and a btree entry may not.
    await client.query('create temporary table if not exists import_keys (key text not null, line integer not null)')
    await client.query('create unique index if not exists import_keys_key on import_keys (md5(key))')
    await client.query('truncate import_keys')
    const writer = new BatchWriter(client, target, dryRun)
    let batch: KeyedRow[] = []
    let batchRecords = 0
    // Rows refused before any lookup wait for their batch, so the report and the rejects file list
    // rejections in file order; they count towards the batch size, so memory stays bounded.
    let refused: { record: RawImportRecord; reason: string }[] = []
    // The records of a row still being read (targets that combine consecutive records of one key).
    let pending: {
      key: string
      records: { record: RawImportRecord; fields: Record<string, unknown> }[]
      overflow: boolean
    } | null = null
    // Records read and not yet written or refused: not counted when the import is stopped.
    let unsettled = 0
    let bytes = 0
    const maxRecordsPerRow = target.maxRecordsPerRow ?? Number.POSITIVE_INFINITY
    const settle = () => {
      if (pending === null || !target.combine) return
      const { key, records, overflow } = pending
      pending = null
      const sources = records.map(({ record }) => record)
      const combined = overflow
        ? { reason: `${target.describeKey(key)} has more than ${maxRecordsPerRow} lines` }
        : target.combine(records.map(({ record, fields }) => ({ line: record.line, fields })))
      if ('reason' in combined) {
        for (const record of sources) refused.push({ record, reason: combined.reason })
      } else {
        batch.push({ line: records[0]?.record.line ?? 0, key, fields: combined.fields, sources })
        batchRecords += sources.length
      }
    }
    const flush = async () => {
      const result = batch.length > 0 ? await writer.write(batch) : null
      const rejected = [
        ...refused,
        ...(result?.rejections.flatMap(({ row, reason }) => row.sources.map((record) => ({ record, reason }))) ?? []),
      ].sort((a, b) => a.record.line - b.record.line)
      batch = []
      batchRecords = 0
      refused = []
      unsettled = pending?.records.length ?? 0
      bytes = 0
      if (result) {
        report.created += result.counts.created
        report.updated += result.counts.updated
        report.moved += result.counts.moved
        report.unchanged += result.counts.unchanged
        report.moves.push(...result.moves.slice(0, rejectionSample - report.moves.length))
      }
      for (const { record, reason } of rejected) await reject(record, reason)
    }
    const records = readImportRecordsWithSource(options.path, {
      onHeader: (cells) => {
        checkHeader(cells, mapping, target.fields, target.noun)
        rejects?.setHeader(cells)
      },
    })
    for await (const record of records) {
      // Stopped between batches: the rows read since the last one are not written, and not counted.
      if (options.signal?.aborted) {
        report.interrupted = true
        report.rows -= unsettled
        break
      }
      report.rows += 1
      unsettled += 1
      bytes += record.bytes ?? 0
      if ('error' in record) {
        refused.push({ record, reason: record.error })
        if (record.fatal) {
          report.complete = false
          break
        }
      } else {
        const mapped = mapRecord(record.fields, mapping, target.fields, format, target.noun)
        const keyed = 'reason' in mapped ? mapped : target.keyOf(mapped.fields)
        if ('reason' in keyed) refused.push({ record, reason: keyed.reason })
        else if ('fields' in mapped) {
          const fields = keyed.fields ?? mapped.fields
          if (target.combine) {
            if (pending !== null && pending.key !== keyed.key) settle()
            pending ??= { key: keyed.key, records: [], overflow: false }
            if (pending.records.length < maxRecordsPerRow) pending.records.push({ record, fields })
            else {
              // Refused now (memory holds no more of them); the row's own records are refused with it.
              pending.overflow = true
              refused.push({
                record,
                reason: `${target.describeKey(keyed.key)} has more than ${maxRecordsPerRow} lines`,
              })
            }
          } else {
            batch.push({ line: record.line, key: keyed.key, fields, sources: [record] })
            batchRecords += 1
          }
        }
      }
      if (batchRecords + refused.length >= batchSize || bytes >= maxBatchBytes) await flush()
      options.onProgress?.({ rows: report.rows, line: record.line, report })
    }
    if (report.interrupted) report.complete = false
    else {
      settle()
      await flush()
    }
    await client.query('drop table if exists import_keys')
  } catch (error) {
    // The connection may hold an open transaction or a half-filled key table: it is not reused.
    broken = true
    throw error
  } finally {
    client.release(broken)
    await rejects?.close()
  }
  report.rejects_file = rejects && rejects.count > 0 ? rejects.path : null
  return report
}

interface BatchResult {
  counts: Record<ImportOutcome, number>
  moves: ImportMove[]
  rejections: { row: KeyedRow; reason: string }[]
}

class BatchWriter<Lookup> {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly target: ImportTarget<Lookup>,
    private readonly dryRun: boolean,
  ) {}

  /**
   * One transaction; when a write fails, the batch again with a savepoint around each row. A dry run
   * is a read-only transaction (only the temporary key table is written), so it cannot write by
   * mistake.
   */
  async write(rows: KeyedRow[]): Promise<BatchResult> {
    try {
      return await this.attempt(rows, false)
    } catch (error) {
      if (this.dryRun || !(error instanceof RowWriteFailed)) throw error
      return this.attempt(rows, true)
    }
  }

  private async attempt(rows: KeyedRow[], savepoints: boolean): Promise<BatchResult> {
    const { client, target } = this
    const result: BatchResult = { counts: noOutcomes(), moves: [], rejections: [] }
    await client.query(this.dryRun ? 'begin transaction read only' : 'begin')
    try {
      if (!this.dryRun) {
        // Before the lookup, and without the rows' lock timeout: another import's batch is bounded.
        await lockImport(client, target.lockName)
        await client.query("set local lock_timeout = '5s'")
      }
      const fresh = await this.withoutRepeatedKeys(rows, result)
      const lookup = await target.lookup(client, fresh, !this.dryRun)
      const bulk: unknown[] = []
      for (const row of fresh) {
        let plan: RowPlan
        try {
          plan = target.plan(row, lookup)
        } catch (error) {
          if (!(error instanceof ApiError)) throw error
          result.rejections.push({ row, reason: error.message })
          continue
        }
        if (plan.write && !this.dryRun) {
          if (savepoints) {
            await client.query('savepoint import_row')
            try {
              await plan.write(client)
              await client.query('release savepoint import_row')
            } catch (error) {
              await client.query('rollback to savepoint import_row')
              result.rejections.push({ row, reason: describeWriteError(error) })
              continue
            }
          } else if (plan.bulk !== undefined && target.writeBulk) {
            bulk.push(plan.bulk)
          } else {
            try {
              await plan.write(client)
            } catch (error) {
              throw new RowWriteFailed(error)
            }
          }
        }
        result.counts[plan.outcome] += 1
        if (plan.move) result.moves.push({ line: row.line, ...plan.move })
      }
      if (bulk.length > 0) {
        try {
          await target.writeBulk?.(client, bulk)
        } catch (error) {
          throw new RowWriteFailed(error)
        }
      }
      // A dry run's read-only transaction commits only the temporary key table.
      await client.query('commit')
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    }
    result.rejections.sort((a, b) => a.row.line - b.row.line)
    return result
  }

  /** Rows whose key an earlier row of the file (this batch or a committed one) already had are refused. */
  private async withoutRepeatedKeys(rows: KeyedRow[], result: BatchResult): Promise<KeyedRow[]> {
    const first = new Map<string, KeyedRow>()
    const fresh: KeyedRow[] = []
    for (const row of rows) {
      const earlier = first.get(row.key)
      if (earlier) {
        result.rejections.push({ row, reason: this.repeated(row.key, earlier.line) })
        continue
      }
      first.set(row.key, row)
      fresh.push(row)
    }
    const keys = fresh.map((row) => row.key)
    const inserted = await this.client.query<{ key: string }>(
      `insert into import_keys (key, line) select * from unnest($1::text[], $2::integer[])
       on conflict (md5(key)) do nothing returning key`,
      [keys, fresh.map((row) => row.line)],
    )
    if (inserted.rows.length === fresh.length) return fresh
    const isNew = new Set(inserted.rows.map((row) => row.key))
    const seen = await this.client.query<{ key: string; line: number }>(
      'select key, line from import_keys where md5(key) in (select md5(k) from unnest($1::text[]) k)',
      [keys.filter((key) => !isNew.has(key))],
    )
    const lines = new Map(seen.rows.map((row) => [row.key, row.line]))
    return fresh.filter((row) => {
      if (isNew.has(row.key)) return true
      result.rejections.push({ row, reason: this.repeated(row.key, lines.get(row.key) ?? 0) })
      return false
    })
  }

  private repeated(key: string, line: number): string {
    return `${this.target.describeKey(key)} is already on line ${line} of this file: a key may appear once (merge the two rows)`
  }
}

/** A write of the fast path failed: the batch is rolled back and written again, row by row. */
class RowWriteFailed extends Error {
  constructor(readonly failure: unknown) {
    super((failure as Error).message)
  }
}

function describeWriteError(error: unknown): string {
  if (error instanceof ApiError) return error.message
  const failure = error as { code?: string; message?: string; detail?: string }
  if (failure.code === '55P03')
    return 'the record is being changed by someone else (lock timeout): import the row again'
  return failure.detail ? `${failure.message} (${failure.detail})` : (failure.message ?? String(error))
}

/**
 * Writes rows already read and validated (the demo seed, tests) in the caller's transaction, through
 * the same lookup, plans and writes as a batch of a file; a refused row throws its ApiError.
 */
export async function writeImportRows<Lookup>(
  tx: Queryable,
  target: ImportTarget<Lookup>,
  rows: KeyedRow[],
): Promise<Record<ImportOutcome, number>> {
  const counts = noOutcomes()
  await lockImport(tx, target.lockName)
  const lookup = await target.lookup(tx, rows, true)
  const bulk: unknown[] = []
  for (const row of rows) {
    const plan = target.plan(row, lookup)
    if (plan.write) {
      if (plan.bulk !== undefined && target.writeBulk) bulk.push(plan.bulk)
      else await plan.write(tx)
    }
    counts[plan.outcome] += 1
  }
  if (bulk.length > 0) await target.writeBulk?.(tx, bulk)
  return counts
}
