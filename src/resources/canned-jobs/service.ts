import { z } from 'zod'
import type { Queryable } from '../../db/pool.js'
import type { ImportFormat } from '../../io/import-file.js'
import { newPublicId } from '../../lib/ids.js'
import { decimalInputs } from '../../lib/money.js'
import type { Actor } from '../../platform/events.js'
import { ImportInterrupted, lockImport } from '../../platform/imports/concurrency.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import { getRecord, listRecords, type SqlType, writeRecordBatch } from '../../platform/resource.js'
import {
  describeIssue,
  type ImportRejection,
  type ImportReport,
  importBoolean,
  importDecimal,
  importText,
  type ValidRow,
} from '../inventory-items/import-rows.js'
import { type CannedJobFilters, type CannedJobRow, type CannedPartRow, cannedJobDefinition } from './definition.js'

export type { CannedJobRow, CannedPartRow }

/** A canned job brings its parts along: bounded, so they are embedded rather than paged. */
export const maxPartsPerCannedJob = 100

export interface CannedJobWithParts {
  job: CannedJobRow
  parts: CannedPartRow[]
}

/** The parts of several canned jobs in one query, in each job's order. */
async function partsOf(db: Queryable, reader: Actor, jobIds: string[]): Promise<Map<string, CannedPartRow[]>> {
  const byJob = new Map<string, CannedPartRow[]>(jobIds.map((id) => [id, []]))
  if (jobIds.length === 0) return byJob
  const { rows } = await db.query<CannedPartRow>(
    `select canned_job_id, position, part_number, description, quantity::text as quantity,
       unit_price::text as unit_price, unit_cost::text as unit_cost
     from canned_job_parts where shop_id = $1::uuid and canned_job_id = any($2::uuid[])
     order by canned_job_id, position`,
    [reader.shopId, jobIds],
  )
  for (const row of rows) byJob.get(row.canned_job_id)?.push(row)
  return byJob
}

export async function getCannedJob(db: Queryable, reader: Actor, publicId: string): Promise<CannedJobWithParts> {
  const job = await getRecord(cannedJobDefinition, db, reader, publicId)
  const parts = await partsOf(db, reader, [job.id])
  return { job, parts: parts.get(job.id) ?? [] }
}

export async function listCannedJobs(
  db: Queryable,
  reader: Actor,
  filters: CannedJobFilters,
  page: PageRequest,
): Promise<Page<CannedJobWithParts & { public_id: string; created_at: Date; updated_at: Date }>> {
  const jobs = await listRecords(cannedJobDefinition, db, reader, filters, page)
  const parts = await partsOf(
    db,
    reader,
    jobs.rows.map((job) => job.id),
  )
  return {
    hasMore: jobs.hasMore,
    rows: jobs.rows.map((job) => ({
      job,
      parts: parts.get(job.id) ?? [],
      public_id: job.public_id,
      created_at: job.created_at,
      updated_at: job.updated_at,
    })),
  }
}

// ---- import ----

const jobFields = {
  code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  category: importText(100).optional(),
  description: importText(2000).optional(),
  default_hours: importDecimal({ ...decimalInputs.hours, scale: 2 })
    .nullable()
    .optional(),
  labor_rate: importDecimal({ ...decimalInputs.laborRate, scale: 2 })
    .nullable()
    .optional(),
  kind: z
    .enum(['service', 'fee', 'discount', 'no_charge'], { error: 'must be service, fee, discount or no_charge' })
    .optional(),
  taxable: importBoolean.optional(),
  active: importBoolean.optional(),
}

const partFields = {
  part_number: importText(100).optional(),
  quantity: importDecimal({ ...decimalInputs.quantity, scale: 3 })
    .nullable()
    .optional(),
  unit_price: importDecimal({ ...decimalInputs.unitPrice, scale: 2 })
    .nullable()
    .optional(),
  unit_cost: importDecimal({ ...decimalInputs.unitPrice, scale: 2 })
    .nullable()
    .optional(),
}

const PartSchema = z
  .strictObject({ ...partFields, description: importText(255).optional() })
  .refine((part) => part.part_number || part.description, 'a part needs a part_number or a description')

/** One line of an NDJSON canned-job import: the job with its parts (absent `parts`: keep them). */
export const CannedJobImportLineSchema = z.strictObject({
  ...jobFields,
  parts: z.array(PartSchema).max(maxPartsPerCannedJob, `at most ${maxPartsPerCannedJob} parts`).optional(),
})

/** One row of a CSV canned-job import: one part of a job, or a job without parts. */
export const CannedJobImportCsvRowSchema = z.strictObject({
  ...jobFields,
  // Needed on the first row of a code only: later rows of that code may leave the job's fields empty.
  name: jobFields.name.optional(),
  ...partFields,
  part_description: importText(255).optional(),
})

export type CannedJobImport = z.output<typeof CannedJobImportLineSchema>
export type CsvRow = z.output<typeof CannedJobImportCsvRowSchema>
type ImportedPart = z.output<typeof PartSchema>

/** The schema a record of this format is validated with. */
export function cannedJobImportSchema(format: ImportFormat): z.ZodType<CannedJobImport | CsvRow> {
  return format === 'ndjson' ? CannedJobImportLineSchema : CannedJobImportCsvRowSchema
}

const jobFieldNames = Object.keys(jobFields) as (keyof typeof jobFields)[]

/**
 * Canned jobs from validated records. NDJSON: one job a line; a code on two lines is rejected. CSV:
 * rows of one code form one job, its fields from the first row (a later row that gives one differently
 * is rejected); a row without part columns adds no part.
 */
export function cannedJobsFromRecords(
  format: ImportFormat,
  records: ValidRow<CannedJobImport | CsvRow>[],
): { jobs: ValidRow<CannedJobImport>[]; rejections: ImportRejection[] } {
  const rejections: ImportRejection[] = []
  const byCode = new Map<string, ValidRow<CannedJobImport>>()
  for (const record of records) {
    const seen = byCode.get(record.value.code)
    if (format === 'ndjson') {
      if (seen)
        rejections.push({ line: record.line, reason: `code "${record.value.code}" is already on line ${seen.line}` })
      else byCode.set(record.value.code, record as ValidRow<CannedJobImport>)
      continue
    }
    const row = record.value as CsvRow
    const part: ImportedPart | null =
      row.part_number || row.part_description
        ? {
            part_number: row.part_number,
            description: row.part_description,
            quantity: row.quantity,
            unit_price: row.unit_price,
            unit_cost: row.unit_cost,
          }
        : null
    if (!part && (row.quantity != null || row.unit_price != null || row.unit_cost != null)) {
      rejections.push({ line: record.line, reason: 'a part needs a part_number or a part_description' })
      continue
    }
    if (!seen && row.name === undefined) {
      rejections.push({ line: record.line, reason: `name: is required on the first row of canned job "${row.code}"` })
      continue
    }
    if (!seen) {
      const job: CannedJobImport = { parts: part ? [part] : [] } as CannedJobImport
      for (const name of jobFieldNames) (job as Record<string, unknown>)[name] = row[name]
      byCode.set(row.code, { line: record.line, value: job })
      continue
    }
    const differing = jobFieldNames.find((name) => row[name] !== undefined && row[name] !== seen.value[name])
    if (differing) {
      rejections.push({
        line: record.line,
        reason: `${differing} differs from line ${seen.line}, which starts canned job "${row.code}"`,
      })
      continue
    }
    const parts = seen.value.parts ?? []
    if (part) parts.push(part)
    if (parts.length > maxPartsPerCannedJob) {
      rejections.push({
        line: record.line,
        reason: `canned job "${row.code}" has more than ${maxPartsPerCannedJob} parts`,
      })
    }
    seen.value.parts = parts
  }
  return { jobs: [...byCode.values()], rejections }
}

export { describeIssue }

interface JobState {
  code: string
  name: string
  category: string | null
  description: string | null
  default_hours: string | null
  labor_rate: string | null
  kind: string
  taxable: boolean
  active: boolean
}

const jobColumns: { [K in keyof JobState]: SqlType } = {
  code: 'text',
  name: 'text',
  category: 'text',
  description: 'text',
  default_hours: 'numeric',
  labor_rate: 'numeric',
  kind: 'text',
  taxable: 'boolean',
  active: 'boolean',
}
const jobColumnNames = Object.keys(jobColumns) as (keyof JobState)[]

interface PartState {
  part_number: string | null
  description: string | null
  quantity: string | null
  unit_price: string | null
  unit_cost: string | null
}

const partState = (part: PartState | ImportedPart): PartState => ({
  part_number: part.part_number ?? null,
  description: part.description ?? null,
  quantity: part.quantity ?? null,
  unit_price: part.unit_price ?? null,
  unit_cost: part.unit_cost ?? null,
})

const samePart = (a: PartState, b: PartState) =>
  a.part_number === b.part_number &&
  a.description === b.description &&
  a.quantity === b.quantity &&
  a.unit_price === b.unit_price &&
  a.unit_cost === b.unit_cost

const sameParts = (a: PartState[], b: PartState[]) =>
  a.length === b.length && a.every((part, index) => samePart(part, b[index] as PartState))

function applyJob(current: JobState, input: CannedJobImport): JobState {
  const next: JobState = { ...current }
  for (const name of jobColumnNames) {
    const value = input[name]
    if (value !== undefined) (next as unknown as Record<string, unknown>)[name] = value
  }
  return next
}

const newJobDefaults = (input: CannedJobImport): JobState => ({
  code: input.code,
  name: input.name,
  category: null,
  description: null,
  default_hours: null,
  labor_rate: null,
  kind: 'service',
  taxable: true,
  active: true,
})

const chunkSize = 200

/** The tables importCannedJobs writes (the import command analyzes them once it has committed). */
export const cannedJobImportTables = ['canned_jobs', 'canned_job_parts'] as const

/**
 * Upserts canned jobs by code in the caller's transaction, or writes nothing when any record was
 * rejected. A job whose fields and parts are what the file says is left alone (no version or
 * updated_at bump); its parts are replaced only when they differ.
 */
export async function importCannedJobs(
  tx: Queryable,
  actor: Actor,
  jobs: ValidRow<CannedJobImport>[],
  rejections: ImportRejection[],
  options: { signal?: AbortSignal | undefined } = {},
): Promise<ImportReport> {
  const sorted = [...rejections].sort((a, b) => a.line - b.line)
  const report: ImportReport = {
    written: false,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: sorted.length,
    rejections: sorted,
  }
  if (sorted.length > 0) return report
  // Concurrent imports of one shop's canned jobs take turns: the second sees what the first wrote.
  await lockImport(tx, `${actor.shopId}:canned_jobs`)
  for (let start = 0; start < jobs.length; start += chunkSize) {
    if (options.signal?.aborted) throw new ImportInterrupted()
    const chunk = jobs.slice(start, start + chunkSize)
    const existing = await lockedJobsByCode(
      tx,
      actor,
      chunk.map((job) => job.value.code),
    )
    const existingParts = await partsOf(
      tx,
      actor,
      [...existing.values()].map((job) => job.id),
    )
    const inserts: (JobState & { public_id: string })[] = []
    const updates: (JobState & { id: string })[] = []
    const newParts: { code: string; parts: PartState[] }[] = []
    for (const { value } of chunk) {
      const current = existing.get(value.code)
      const parts = value.parts?.map(partState)
      if (!current) {
        inserts.push({ ...applyJob(newJobDefaults(value), value), public_id: newPublicId('cannedJob') })
        if (parts && parts.length > 0) newParts.push({ code: value.code, parts })
        continue
      }
      const before: JobState = Object.fromEntries(jobColumnNames.map((name) => [name, current[name]])) as never
      const after = applyJob(before, value)
      const fieldsChanged = jobColumnNames.some((name) => before[name] !== after[name])
      const partsChanged =
        parts !== undefined && !sameParts((existingParts.get(current.id) ?? []).map(partState), parts)
      if (!fieldsChanged && !partsChanged) {
        report.unchanged += 1
        continue
      }
      updates.push({ ...after, id: current.id })
      if (partsChanged) newParts.push({ code: value.code, parts })
    }
    await writeJobs(tx, actor, inserts, updates, newParts)
    report.created += inserts.length
    report.updated += updates.length
  }
  report.written = true
  return report
}

async function writeJobs(
  tx: Queryable,
  actor: Actor,
  inserts: (JobState & { public_id: string })[],
  updates: (JobState & { id: string })[],
  newParts: { code: string; parts: PartState[] }[],
): Promise<void> {
  await writeRecordBatch(tx, 'canned_jobs', actor.shopId, jobColumns, inserts, updates)
  if (newParts.length === 0) return
  const codes = newParts.map((entry) => entry.code)
  await tx.query(
    `delete from canned_job_parts p using canned_jobs c
     where p.shop_id = $1::uuid and c.shop_id = p.shop_id and c.id = p.canned_job_id and c.code = any($2::text[])`,
    [actor.shopId, codes],
  )
  const lines = newParts.flatMap((entry) =>
    entry.parts.map((part, index) => ({ code: entry.code, position: index + 1, ...part })),
  )
  await tx.query(
    `insert into canned_job_parts (shop_id, canned_job_id, position, part_number, description, quantity, unit_price, unit_cost)
     select $1::uuid, c.id, x.position, x.part_number, x.description, x.quantity, x.unit_price, x.unit_cost
     from jsonb_to_recordset($2::jsonb) as x(code text, position integer, part_number text, description text,
       quantity numeric, unit_price numeric, unit_cost numeric)
     join canned_jobs c on c.shop_id = $1::uuid and c.code = x.code`,
    [actor.shopId, JSON.stringify(lines)],
  )
}

async function lockedJobsByCode(tx: Queryable, actor: Actor, codes: string[]): Promise<Map<string, CannedJobRow>> {
  const select = Object.entries(cannedJobDefinition.columns)
    .map(([name, column]) => `${column.sql} as "${name}"`)
    .join(', ')
  const { rows } = await tx.query<CannedJobRow>(
    `select ${select} from canned_jobs c where c.shop_id = $1::uuid and c.code = any($2::text[]) for update`,
    [actor.shopId, codes],
  )
  return new Map(rows.map((row) => [row.code, row]))
}
