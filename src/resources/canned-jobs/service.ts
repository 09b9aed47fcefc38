import type { Queryable } from '../../db/pool.js'
import type { Actor } from '../../platform/events.js'
import type { Page, PageRequest } from '../../platform/pagination.js'
import { getRecord, listRecords } from '../../platform/resource.js'
import { type CannedJobFilters, type CannedJobRow, type CannedPartRow, cannedJobDefinition } from './definition.js'

export type { CannedJobRow, CannedPartRow }

/** A canned job brings its parts along: bounded, so they are embedded rather than paged. */
export const maxPartsPerCannedJob = 100

export interface CannedJobWithParts {
  job: CannedJobRow
  parts: CannedPartRow[]
}

/** The parts of several canned jobs in one query, in each job's order. */
export async function partsOf(db: Queryable, reader: Actor, jobIds: string[]): Promise<Map<string, CannedPartRow[]>> {
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
