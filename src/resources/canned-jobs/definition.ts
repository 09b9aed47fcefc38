import type { ResourceDefinition } from '../../platform/resource.js'
import type { CannedJobListQuery } from './schema.js'

export interface CannedJobRow {
  shop_id: string
  id: string
  public_id: string
  code: string
  name: string
  category: string | null
  description: string | null
  /** numeric(8,2) as text, or null. */
  default_hours: string | null
  /** numeric(12,2) as text, or null. */
  labor_rate: string | null
  kind: string
  taxable: boolean
  active: boolean
  version: number
  created_at: Date
  updated_at: Date
}

/** One part line of a canned job, numerics as Postgres prints them. */
export interface CannedPartRow {
  canned_job_id: string
  position: number
  part_number: string | null
  description: string | null
  quantity: string | null
  unit_price: string | null
  unit_cost: string | null
}

/** The parts a page of canned jobs embeds at most (always at least one canned job). */
export const maxPartsPerPage = 2_000

export type CannedJobFilters = Omit<CannedJobListQuery, 'limit' | 'cursor'>

const column = (name: string, type: 'text' | 'integer' | 'numeric' | 'boolean' = 'text') => ({
  sql: `c.${name}`,
  type,
})

export const cannedJobDefinition: ResourceDefinition<CannedJobRow, CannedJobFilters> = {
  objectType: 'canned_job',
  table: 'canned_jobs',
  alias: 'c',
  idKind: 'cannedJob',
  columns: {
    shop_id: { sql: 'c.shop_id', type: 'uuid' },
    id: { sql: 'c.id', type: 'uuid' },
    public_id: column('public_id'),
    code: column('code'),
    name: column('name'),
    category: column('category'),
    description: column('description'),
    default_hours: column('default_hours', 'numeric'),
    labor_rate: column('labor_rate', 'numeric'),
    kind: column('kind'),
    taxable: column('taxable', 'boolean'),
    active: column('active', 'boolean'),
    version: column('version', 'integer'),
    created_at: { sql: 'c.created_at', type: 'timestamptz' },
    updated_at: { sql: 'c.updated_at', type: 'timestamptz' },
  },
  // Canned jobs are written by the shop (`shopapi canned-jobs import`), never by the API.
  writable: {},
  filters: {
    // lower(category) is what canned_jobs_category_idx indexes; empty means "without a category".
    category: (value, { params }) =>
      value === '' ? 'lower(c.category) is null' : `lower(c.category) = lower(${params.add(value, 'text')})`,
    active: (value, { params }) => `c.active = ${params.add(value, 'boolean')}`,
  },
  sorts: ['created_at'],
  // Parts come with every canned job (at most 100 each): a page holds at most 2,000 of them.
  embedded: {
    count: (id, shopId) =>
      `(select count(*) from canned_job_parts p where p.shop_id = ${shopId} and p.canned_job_id = ${id})`,
    maxPerPage: maxPartsPerPage,
  },
  // `q`: trigram and bigram indexes (00002, 00005, 00018); the kit builds the condition.
  search: 'search_text',
}
