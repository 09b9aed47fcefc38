import type { Decimal } from 'decimal.js'
import { ExactDecimal, formatMoney, formatQuantity, lineAmount } from '../../lib/money.js'
import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import {
  type CannedJob,
  CannedJobListQuerySchema,
  CannedJobListSchema,
  CannedJobSchema,
  type CannedPart,
} from './schema.js'
import { type CannedJobWithParts, type CannedPartRow, getCannedJob, listCannedJobs } from './service.js'

const decimal = (value: string | null): Decimal | null => (value === null ? null : new ExactDecimal(value))
const one = new ExactDecimal(1)

/** A part line's amount: quantity × unit price, a missing quantity counting as one; null without a price. */
function partAmount(part: CannedPartRow): Decimal | null {
  const unitPrice = decimal(part.unit_price)
  return unitPrice === null ? null : lineAmount(decimal(part.quantity) ?? one, unitPrice)
}

function toCannedPart(part: CannedPartRow, currency: string): CannedPart {
  const amount = partAmount(part)
  const unitCost = decimal(part.unit_cost)
  return {
    part_number: part.part_number,
    description: part.description,
    quantity: part.quantity === null ? null : formatQuantity(new ExactDecimal(part.quantity)),
    pricing: {
      currency,
      unit_price: part.unit_price === null ? null : formatMoney(new ExactDecimal(part.unit_price)),
      amount: amount === null ? null : formatMoney(amount),
    },
    cost: {
      currency,
      unit_cost: unitCost === null ? null : { amount: formatMoney(unitCost), currency },
      average_cost: null,
    },
    redacted_fields: [],
  }
}

/** The public canned job, pricing and costs included: the runner redacts them by scope. */
export function toCannedJobResource({ job, parts }: CannedJobWithParts, currency: string): CannedJob {
  const hours = decimal(job.default_hours)
  const rate = decimal(job.labor_rate)
  const labor = hours !== null && rate !== null ? lineAmount(hours, rate) : new ExactDecimal(0)
  const partsTotal = parts.reduce((sum, part) => sum.plus(partAmount(part) ?? 0), new ExactDecimal(0))
  return {
    id: job.public_id,
    object: 'canned_job',
    code: job.code,
    name: job.name,
    category: job.category,
    description: job.description,
    kind: job.kind,
    taxable: job.taxable,
    default_hours: hours === null ? null : formatMoney(hours),
    pricing: {
      currency,
      labor_rate: rate === null ? null : formatMoney(rate),
      labor: formatMoney(labor),
      parts: formatMoney(partsTotal),
      total: formatMoney(labor.plus(partsTotal)),
    },
    redacted_fields: [],
    active: job.active,
    parts: parts.map((part) => toCannedPart(part, currency)),
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
  }
}

const tag = 'Canned jobs'
const redactionNote =
  '`pricing` (of the job and of each part) needs `pricing.read` and each part’s `cost` needs `inventory.cost.read`; without them they are null and listed in `redacted_fields`.'

export const cannedJobOperations = [
  defineOperation({
    method: 'GET',
    path: '/canned-jobs',
    operationId: 'listCannedJobs',
    summary: 'List canned jobs',
    description: `Newest first. Filters combine with AND. Parts are embedded (at most 100 a job; at most 2,000 a page, so with heavy canned jobs a page holds fewer than \`limit\`: page by \`next_cursor\` until \`has_more\` is false). ${redactionNote}`,
    tag,
    scopes: ['canned_jobs.read'],
    query: CannedJobListQuerySchema,
    success: { status: 200, description: 'A page of canned jobs', schema: CannedJobListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listCannedJobs', auth, query)
      const { limit: _limit, cursor: _cursor, ...filters } = query
      const page = await listCannedJobs(db, actor, filters, list.page)
      return list.envelope(page, (row) => toCannedJobResource(row, auth.shop.currency))
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/canned-jobs/{public_id}',
    operationId: 'getCannedJob',
    summary: 'Get a canned job',
    description: redactionNote,
    tag,
    scopes: ['canned_jobs.read'],
    params: publicIdParams('cannedJob'),
    success: { status: 200, description: 'The canned job', schema: CannedJobSchema },
    handler: async ({ params, auth, db, actor }) =>
      toCannedJobResource(await getCannedJob(db, actor, params.public_id), auth.shop.currency),
  }),
]
