import type { ResourceDefinition } from '../../platform/resource.js'
import type { PaymentListQuery } from './schema.js'

export interface PaymentRow {
  shop_id: string
  id: string
  public_id: string
  invoice_id: string
  invoice_public_id: string
  repair_order_public_id: string
  customer_id: string
  customer_public_id: string
  amount: string
  currency: string
  method: string
  business_date: string
  recorded_at: Date
  reversal_of_public_id: string | null
  reason: string | null
  /** Payments never change: version is always 1, updated_at is created_at (the kit's row shape). */
  version: number
  created_at: Date
  updated_at: Date
}

export type PaymentFilters = Omit<PaymentListQuery, 'limit' | 'cursor'>

const column = (name: string, type: 'text' | 'uuid' | 'numeric' | 'timestamptz' = 'text') => ({
  sql: `pay.${name}`,
  type,
})

export const paymentDefinition: ResourceDefinition<PaymentRow, PaymentFilters> = {
  objectType: 'payment',
  table: 'payments',
  alias: 'pay',
  idKind: 'payment',
  columns: {
    shop_id: column('shop_id', 'uuid'),
    id: column('id', 'uuid'),
    public_id: column('public_id'),
    invoice_id: column('invoice_id', 'uuid'),
    invoice_public_id: { sql: 'inv.public_id', type: 'text' },
    repair_order_public_id: { sql: 'ro.public_id', type: 'text' },
    customer_id: column('customer_id', 'uuid'),
    customer_public_id: { sql: 'c.public_id', type: 'text' },
    amount: column('amount', 'numeric'),
    currency: { sql: 'pay.currency::text', type: 'text' },
    method: column('method'),
    business_date: { sql: 'pay.business_date::text', type: 'text' },
    recorded_at: column('recorded_at', 'timestamptz'),
    // By primary key per row, not a self-join (see the invoices' credit_note_of_public_id).
    reversal_of_public_id: {
      sql: '(select orig.public_id from payments orig where orig.shop_id = pay.shop_id and orig.id = pay.reversal_of)',
      type: 'text',
    },
    reason: column('reason'),
    version: { sql: '1', type: 'integer' },
    created_at: column('created_at', 'timestamptz'),
    updated_at: column('created_at', 'timestamptz'),
  },
  joins: () => `join invoices inv on inv.shop_id = pay.shop_id and inv.id = pay.invoice_id
    join repair_orders ro on ro.shop_id = pay.shop_id and ro.id = pay.repair_order_id
    join customers c on c.shop_id = pay.shop_id and c.id = pay.customer_id`,
  // Payments are written by the ledger services only.
  writable: {},
  filters: {
    // Every payment settles an invoice so far: the filter is the contract's, ready for other targets.
    settlement_target: () => 'pay.invoice_id is not null',
    repair_order: (value, { params, shopId }) =>
      `pay.repair_order_id = (select id from repair_orders where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    invoice: (value, { params, shopId }) =>
      `pay.invoice_id = (select id from invoices where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    business_date_from: (value, { params }) => `pay.business_date >= ${params.add(value, 'date')}`,
    business_date_to: (value, { params }) => `pay.business_date <= ${params.add(value, 'date')}`,
  },
  sorts: ['created_at'],
}
