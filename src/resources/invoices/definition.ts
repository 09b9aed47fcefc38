import type { InvoiceLineType } from '../../lib/invoice-math.js'
import type { StoredPricingTotals } from '../../platform/money-schemas.js'
import type { ResourceDefinition } from '../../platform/resource.js'
import type { InvoiceListQuery } from './schema.js'

/**
 * Amounts are decimal strings as stored (numeric cast to text before JSON, never a JS number);
 * `quantity` without trailing zeros ("1.5", "2").
 */
export interface InvoiceLineRow {
  number: number
  type: InvoiceLineType
  job_public_id: string | null
  description: string
  quantity: string | null
  unit_price: string | null
  gross_amount: string
  discount_alloc: string
  tax_alloc: string
  tax_allocs: string[]
  line_total: string
  credited_line: number | null
}

export interface InvoiceTaxRow {
  position: number
  name: string
  /** Percent without trailing zeros ("8.875"). */
  rate: string
  applies_to: string[]
  taxable_amount: string | null
  amount: string
}

export interface InvoiceDiscountRow {
  position: number
  job_public_id: string
  description: string
  amount: string
}

/**
 * An invoice or credit note as read (numeric columns as decimal strings, business_date as text); its
 * totals and currency are the columns a job or repair order keeps (StoredPricingTotals).
 */
export interface InvoiceRow extends StoredPricingTotals {
  shop_id: string
  id: string
  public_id: string
  doc_type: 'invoice' | 'credit_note'
  number: number
  status: 'posted' | 'voided'
  repair_order_id: string
  repair_order_public_id: string
  customer_id: string
  customer_public_id: string
  vehicle_public_id: string | null
  credit_note_of: string | null
  credit_note_of_public_id: string | null
  business_date: string
  posted_at: Date
  reason: string | null
  voided_at: Date | null
  void_reason: string | null
  lines: InvoiceLineRow[]
  taxes: InvoiceTaxRow[]
  discounts: InvoiceDiscountRow[]
  /** Documents never change: version is always 1, updated_at is created_at (the kit's row shape). */
  version: number
  created_at: Date
  updated_at: Date
}

/** The invoice lines a page of invoices embeds at most (always at least one invoice). */
export const maxLinesPerPage = 5_000

export type InvoiceFilters = Omit<InvoiceListQuery, 'limit' | 'cursor'>

const column = (name: string, type: 'text' | 'uuid' | 'numeric' | 'timestamptz' = 'text') => ({
  sql: `inv.${name}`,
  type,
})

export const invoiceDefinition: ResourceDefinition<InvoiceRow, InvoiceFilters> = {
  objectType: 'invoice',
  table: 'invoices',
  alias: 'inv',
  idKind: 'invoice',
  columns: {
    shop_id: column('shop_id', 'uuid'),
    id: column('id', 'uuid'),
    public_id: column('public_id'),
    doc_type: column('doc_type'),
    // bigint in the table; numbers stay far below 2^31.
    number: { sql: 'inv.number::integer', type: 'integer' },
    status: column('status'),
    currency: { sql: 'inv.currency::text', type: 'text' },
    repair_order_id: column('repair_order_id', 'uuid'),
    repair_order_public_id: { sql: 'ro.public_id', type: 'text' },
    customer_id: column('customer_id', 'uuid'),
    customer_public_id: { sql: 'c.public_id', type: 'text' },
    vehicle_public_id: { sql: 'v.public_id', type: 'text' },
    credit_note_of: column('credit_note_of', 'uuid'),
    // A lookup by primary key per row, not a self-join: with statistics that call the table small (a
    // shop's invoices loaded since the last ANALYZE), the self-join was planned as a scan of every
    // invoice of the shop for each row of the page (46,000 rows read for a page of 50, 15 ms).
    credit_note_of_public_id: {
      sql: '(select orig.public_id from invoices orig where orig.shop_id = inv.shop_id and orig.id = inv.credit_note_of)',
      type: 'text',
    },
    business_date: { sql: 'inv.business_date::text', type: 'text' },
    posted_at: column('posted_at', 'timestamptz'),
    reason: column('reason'),
    voided_at: column('voided_at', 'timestamptz'),
    void_reason: column('void_reason'),
    labor_total: column('labor_total', 'numeric'),
    parts_total: column('parts_total', 'numeric'),
    fees_total: column('fees_total', 'numeric'),
    discounts_total: column('discounts_total', 'numeric'),
    subtotal: column('subtotal', 'numeric'),
    tax_total: column('tax_total', 'numeric'),
    total: column('total', 'numeric'),
    // The document's lines, taxes and discounts come with it in the same statement (bounded: at most
    // 500 lines), each a JSON array with numeric values cast to text so no amount becomes a float.
    // Quantities and rates come as the API shows them (trailing zeros trimmed: numeric(14, 3) and
    // numeric(7, 4) hold no more places than the API shows), not parsed and reformatted per line.
    lines: {
      sql: `(select coalesce(json_agg(json_build_object('number', l.number, 'type', l.type, 'job_public_id', j.public_id,
          'description', l.description, 'quantity', trim_scale(l.quantity)::text, 'unit_price', l.unit_price::text,
          'gross_amount', l.gross_amount::text, 'discount_alloc', l.discount_alloc::text, 'tax_alloc', l.tax_alloc::text,
          'tax_allocs', l.tax_allocs::text[], 'line_total', l.line_total::text, 'credited_line', l.credited_line)
          order by l.number), '[]')
        from invoice_lines l left join jobs j on j.shop_id = l.shop_id and j.id = l.job_id
        where l.shop_id = inv.shop_id and l.invoice_id = inv.id)`,
      type: 'jsonb',
    },
    taxes: {
      sql: `(select coalesce(json_agg(json_build_object('position', t.position, 'name', t.name, 'rate', trim_scale(t.rate)::text,
          'applies_to', t.applies_to, 'taxable_amount', t.taxable_amount::text, 'amount', t.amount::text)
          order by t.position), '[]')
        from invoice_taxes t where t.shop_id = inv.shop_id and t.invoice_id = inv.id)`,
      type: 'jsonb',
    },
    discounts: {
      sql: `(select coalesce(json_agg(json_build_object('position', d.position, 'job_public_id', j.public_id,
          'description', d.description, 'amount', d.amount::text) order by d.position), '[]')
        from invoice_discounts d join jobs j on j.shop_id = d.shop_id and j.id = d.job_id
        where d.shop_id = inv.shop_id and d.invoice_id = inv.id)`,
      type: 'jsonb',
    },
    version: { sql: '1', type: 'integer' },
    created_at: column('created_at', 'timestamptz'),
    updated_at: column('created_at', 'timestamptz'),
  },
  joins: () => `join repair_orders ro on ro.shop_id = inv.shop_id and ro.id = inv.repair_order_id
    join customers c on c.shop_id = inv.shop_id and c.id = inv.customer_id
    left join vehicles v on v.shop_id = inv.shop_id and v.id = inv.vehicle_id`,
  // Documents are written by the ledger services only, never field by field.
  writable: {},
  filters: {
    status: (value, { params }) => `inv.status = ${params.add(value, 'text')}`,
    doc_type: (value, { params }) => `inv.doc_type = ${params.add(value, 'text')}`,
    // Unknown customers and orders narrow the list to nothing: filters never 404.
    customer: (value, { params, shopId }) =>
      `inv.customer_id = (select id from customers where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    repair_order: (value, { params, shopId }) =>
      `inv.repair_order_id = (select id from repair_orders where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    number: (value, { params }) => `inv.number = ${params.add(value, 'bigint')}`,
    business_date_from: (value, { params }) => `inv.business_date >= ${params.add(value, 'date')}`,
    business_date_to: (value, { params }) => `inv.business_date <= ${params.add(value, 'date')}`,
  },
  sorts: ['created_at'],
  // Lines come with every document (at most 500 each): a page holds at most 5,000 of them, so a page
  // of 200 heavy invoices (27 MB, seconds of serve's time) becomes a page of 10 and a next_cursor.
  embedded: {
    count: (id, shopId) =>
      `(select count(*) from invoice_lines l where l.shop_id = ${shopId} and l.invoice_id = ${id})`,
    maxPerPage: maxLinesPerPage,
  },
}
