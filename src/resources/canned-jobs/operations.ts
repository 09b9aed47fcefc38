import { getOperation, listOperation } from '../../platform/fields.js'
import { cannedJobDefinition } from './definition.js'
import { type CannedJobWithParts, getCannedJob, listCannedJobs } from './service.js'

/** The public canned job, pricing and costs included: the runner redacts them by scope. */
export const toCannedJobResource = ({ job, parts }: CannedJobWithParts, currency: string) =>
  cannedJobDefinition.present(job, { currency, parts })

const redactionNote =
  '`pricing` (of the job and of each part) needs `pricing.read` and each part’s `cost` needs `inventory.cost.read`; without them they are null and listed in `redacted_fields`.'
const scopes = ['canned_jobs.read'] as const
const present = (item: CannedJobWithParts, auth: { shop: { currency: string } }) =>
  toCannedJobResource(item, auth.shop.currency)

export const cannedJobOperations = [
  listOperation(
    cannedJobDefinition,
    {
      description: `Newest first. Filters combine with AND. Parts are embedded (at most 100 a job; at most 2,000 a page, so with heavy canned jobs a page holds fewer than \`limit\`: page by \`next_cursor\` until \`has_more\` is false). ${redactionNote}`,
      scopes: [...scopes],
      present,
    },
    ({ db, actor }, filters, page) => listCannedJobs(db, actor, filters, page),
  ),
  getOperation(cannedJobDefinition, { description: redactionNote, scopes: [...scopes], present }, ({ db, actor }, id) =>
    getCannedJob(db, actor, id),
  ),
]
