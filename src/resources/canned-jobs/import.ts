// `shopapi import canned-jobs`: the canned-job side of the import engine (platform/imports). NDJSON:
// one job a line, with its `parts`. CSV: one part a line; the consecutive lines of one code are one
// canned job, imported or rejected whole. Jobs are matched on code; a job whose fields and parts are
// what the file says is left alone, and its parts are replaced only when they differ.
import { z } from 'zod'
import type { Queryable } from '../../db/pool.js'
import type { ImportFormat } from '../../io/import-file.js'
import { newPublicId } from '../../lib/ids.js'
import { decimalInputs } from '../../lib/money.js'
import type { Actor } from '../../platform/events.js'
import type { ImportFields } from '../../platform/imports/mapping.js'
import { type ImportOutcome, type ImportTarget, type RowPlan, writeImportRows } from '../../platform/imports/runner.js'
import { type SqlType, writeRecordBatch } from '../../platform/resource.js'
import {
  describeIssue,
  type ImportRejection,
  importBoolean,
  importDecimal,
  importMoney,
  importText,
  type ValidRow,
} from '../inventory-items/import-rows.js'
import { type CannedJobRow, type CannedPartRow, cannedJobDefinition } from './definition.js'
import { maxPartsPerCannedJob, partsOf } from './service.js'

/** The fields of a canned job; `labor_rate` in the shop's `currency` (null: no currency mark accepted). */
function jobFieldsFor(currency: string | null) {
  return {
    code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
    name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
    category: importText(100).optional(),
    description: importText(2000).optional(),
    default_hours: importDecimal({ ...decimalInputs.hours, scale: 2 })
      .nullable()
      .optional(),
    // Money as a spreadsheet writes it ("$120.00", "1,234.50"; lib/money-text.ts).
    labor_rate: importMoney({ ...decimalInputs.laborRate, scale: 2 }, currency)
      .nullable()
      .optional(),
    kind: z
      .enum(['service', 'fee', 'discount', 'no_charge'], { error: 'must be service, fee, discount or no_charge' })
      .optional(),
    taxable: importBoolean.optional(),
    active: importBoolean.optional(),
  }
}

/** The fields of a canned job's part; prices and costs in the shop's `currency`. */
function partFieldsFor(currency: string | null) {
  return {
    part_number: importText(100).optional(),
    quantity: importDecimal({ ...decimalInputs.quantity, scale: 3 })
      .nullable()
      .optional(),
    unit_price: importMoney({ ...decimalInputs.unitPrice, scale: 2 }, currency)
      .nullable()
      .optional(),
    unit_cost: importMoney({ ...decimalInputs.unitPrice, scale: 2 }, currency)
      .nullable()
      .optional(),
  }
}

/**
 * The schemas of a canned-job import for a shop whose currency is `currency`: `line`, one NDJSON line
 * (the job with its parts; absent `parts`: keep them); `csv`, one CSV row (one part of a job, or a job
 * without parts).
 */
export function cannedJobImportSchemas(currency: string | null) {
  const jobFields = jobFieldsFor(currency)
  const partFields = partFieldsFor(currency)
  const part = z
    .strictObject({ ...partFields, description: importText(255).optional() })
    .refine((value) => value.part_number || value.description, 'a part needs a part_number or a description')
  return {
    line: z.strictObject({
      ...jobFields,
      parts: z.array(part).max(maxPartsPerCannedJob, `at most ${maxPartsPerCannedJob} parts`).optional(),
    }),
    csv: z.strictObject({
      ...jobFields,
      // Needed on the first row of a code only: later rows of that code may leave the job's fields empty.
      name: jobFields.name.optional(),
      ...partFields,
      part_description: importText(255).optional(),
    }),
  }
}

const withoutCurrency = cannedJobImportSchemas(null)
const jobFields = jobFieldsFor(null)

/** One line of an NDJSON canned-job import, as code that writes validated jobs reads it (the demo seed, tests). */
export const CannedJobImportLineSchema = withoutCurrency.line

/** One row of a CSV canned-job import (amounts without a currency mark). */
export const CannedJobImportCsvRowSchema = withoutCurrency.csv

export type CannedJobImport = z.output<typeof CannedJobImportLineSchema>
export type CsvRow = z.output<typeof CannedJobImportCsvRowSchema>
type ImportedPart = NonNullable<CannedJobImport['parts']>[number]

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

/** The tables a canned-job import writes (the import command analyzes them once it has committed). */
export const cannedJobImportTables = ['canned_jobs', 'canned_job_parts'] as const

/** The most lines one canned job may take in a CSV file (a job without parts, then one part a line). */
const maxLinesPerCannedJob = maxPartsPerCannedJob + 1

interface CannedJobLookup {
  jobs: Map<string, CannedJobRow>
  parts: Map<string, CannedPartRow[]>
}

interface CannedJobWrite {
  insert?: JobState & { public_id: string }
  update?: JobState & { id: string }
  parts?: { code: string; parts: PartState[] }
}

function writeCannedJobs(tx: Queryable, actor: Actor, writes: CannedJobWrite[]): Promise<void> {
  return writeJobs(
    tx,
    actor,
    writes.flatMap((write) => (write.insert ? [write.insert] : [])),
    writes.flatMap((write) => (write.update ? [write.update] : [])),
    writes.flatMap((write) => (write.parts ? [write.parts] : [])),
  )
}

/** What writing one canned job does: created, updated (fields or parts) or unchanged. */
function planCannedJob(
  value: CannedJobImport,
  lookup: CannedJobLookup,
): { outcome: ImportOutcome; write?: CannedJobWrite } {
  const current = lookup.jobs.get(value.code)
  const parts = value.parts?.map(partState)
  if (!current) {
    return {
      outcome: 'created',
      write: {
        insert: { ...applyJob(newJobDefaults(value), value), public_id: newPublicId('cannedJob') },
        ...(parts && parts.length > 0 ? { parts: { code: value.code, parts } } : {}),
      },
    }
  }
  const before: JobState = Object.fromEntries(jobColumnNames.map((name) => [name, current[name]])) as never
  const after = applyJob(before, value)
  const fieldsChanged = jobColumnNames.some((name) => before[name] !== after[name])
  const partsChanged = parts !== undefined && !sameParts((lookup.parts.get(current.id) ?? []).map(partState), parts)
  if (!fieldsChanged && !partsChanged) return { outcome: 'unchanged' }
  return {
    outcome: 'updated',
    write: { update: { ...after, id: current.id }, ...(partsChanged ? { parts: { code: value.code, parts } } : {}) },
  }
}

/**
 * The import target of one shop's canned jobs, for a file of `format`. NDJSON: a line is a job, and a
 * code may appear once. CSV: consecutive lines of one code are combined into one job (the first gives
 * its fields), accepted or rejected together; a code that comes back after another code is refused
 * as a repeated key (the lines of one job must be together).
 */
export function cannedJobImportTarget(
  actor: Actor,
  format: ImportFormat,
  currency: string | null,
): ImportTarget<CannedJobLookup> {
  const schemas = cannedJobImportSchemas(currency)
  const schema: z.ZodType<CannedJobImport | CsvRow> = format === 'ndjson' ? schemas.line : schemas.csv
  const fieldNames = Object.keys((format === 'ndjson' ? schemas.line : schemas.csv).shape)
  const fields: ImportFields = Object.fromEntries(
    fieldNames.map((name) => [name, name === 'parts' ? ('json' as const) : ('text' as const)]),
  )
  const target: ImportTarget<CannedJobLookup> = {
    noun: 'canned job',
    lockName: `${actor.shopId}:canned_jobs`,
    fields,
    keyOf(fields) {
      const code = jobFields.code.safeParse(fields.code)
      if (!code.success) return { reason: `code: ${describeIssue(code.error)}` }
      if (format === 'csv') return { key: code.data }
      const parsed = schema.safeParse(fields)
      if (!parsed.success) return { reason: describeIssue(parsed.error) }
      return { key: code.data, fields: parsed.data as Record<string, unknown> }
    },
    describeKey: (key) => `canned job "${key}"`,
    async lookup(tx, rows, lock) {
      const jobs = await jobsByCode(
        tx,
        actor,
        rows.map((row) => row.key),
        lock,
      )
      const parts = await partsOf(
        tx,
        actor,
        [...jobs.values()].map((job) => job.id),
      )
      return { jobs, parts }
    },
    plan(row, lookup): RowPlan {
      const { outcome, write } = planCannedJob(row.fields as CannedJobImport, lookup)
      if (!write) return { outcome }
      return { outcome, bulk: write, write: (tx) => writeCannedJobs(tx, actor, [write]) }
    },
    writeBulk: (tx, items) => writeCannedJobs(tx, actor, items as CannedJobWrite[]),
  }
  if (format === 'ndjson') return target
  return {
    ...target,
    maxRecordsPerRow: maxLinesPerCannedJob,
    combine(records) {
      const rows: ValidRow<CsvRow>[] = []
      const whole = (line: number, reason: string) =>
        records.length === 1
          ? reason
          : `line ${line}: ${reason} (canned job "${String(records[0]?.fields.code ?? '').trim()}" takes lines ${records[0]?.line}-${records.at(-1)?.line}, imported or rejected whole)`
      for (const record of records) {
        const parsed = schemas.csv.safeParse(record.fields)
        if (!parsed.success) return { reason: whole(record.line, describeIssue(parsed.error)) }
        rows.push({ line: record.line, value: parsed.data })
      }
      const { jobs, rejections } = cannedJobsFromRecords('csv', rows)
      const rejection = rejections[0]
      if (rejection) return { reason: whole(rejection.line, rejection.reason) }
      const job = jobs[0]
      if (!job) return { reason: 'no canned job' }
      return { fields: job.value as Record<string, unknown> }
    },
  }
}

/**
 * Writes validated canned jobs in the caller's transaction (the demo seed, tests) through the import
 * target; codes must be distinct.
 */
export async function importCannedJobs(
  tx: Queryable,
  actor: Actor,
  jobs: ValidRow<CannedJobImport>[],
): Promise<Record<ImportOutcome, number>> {
  return writeImportRows(
    tx,
    cannedJobImportTarget(actor, 'ndjson', null),
    jobs.map(({ line, value }) => ({ line, key: value.code, fields: value, sources: [] })),
  )
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

async function jobsByCode(
  tx: Queryable,
  actor: Actor,
  codes: string[],
  lock: boolean,
): Promise<Map<string, CannedJobRow>> {
  const select = Object.entries(cannedJobDefinition.columns)
    .map(([name, column]) => `${column.sql} as "${name}"`)
    .join(', ')
  const { rows } = await tx.query<CannedJobRow>(
    `select ${select} from canned_jobs c where c.shop_id = $1::uuid and c.code = any($2::text[])${lock ? ' for update' : ''}`,
    [actor.shopId, codes],
  )
  return new Map(rows.map((row) => [row.code, row]))
}
