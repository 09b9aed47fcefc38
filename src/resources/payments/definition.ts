import { z } from 'zod'
import { defineResource, filter, type ResourceFilters, type ResourceRow } from '../../platform/fields.js'
import { moneyString } from '../../platform/money-schemas.js'
import { instant, publicIdSchema } from '../../platform/schemas.js'
import { businessDate, businessDateParam } from '../invoices/schema.js'

// Spec "Payment" shows only `id` and `reversal_of` and the list filters; the record is ours
// (docs/decisions/money-and-ledger.md "Payments"). Payments are recorded and reversed by the shop (`shopapi payments`),
// by the ledger services only: nothing is writable through the kit.

export const paymentMethods = ['card', 'cash', 'check', 'other'] as const

/** `payment`, `refund` or `reversal`, from the sign and `reversal_of`. */
export function paymentKind(row: { amount: string; reversal_of_public_id: string | null }): string {
  if (row.reversal_of_public_id !== null) return 'reversal'
  return row.amount.startsWith('-') ? 'refund' : 'payment'
}

const publicIdOf = (alias: string) => ({ type: 'text', sql: `${alias}.public_id` }) as const

export const paymentDefinition = defineResource({
  objectType: 'payment',
  table: 'payments',
  alias: 'pay',
  idKind: 'payment',
  schemaId: 'Payment',
  description:
    'One entry of the signed payments ledger. Posted payments never change (the database refuses it): a mistake is corrected by a reversal, once per payment, and a reversal is never reversed.',
  // Payments never change: version is always 1, updated_at is created_at (the kit's row shape).
  showsVersion: false,
  showsUpdatedAt: false,
  recordColumns: { version: '1', updated_at: 'pay.created_at' },
  sortable: false,
  sorts: ['created_at'],
  fields: {
    invoice_id: { type: 'uuid' },
    customer_id: { type: 'uuid' },
    kind: {
      response: z.string().meta({
        description:
          '`payment` (positive), `refund` (negative: money back after a credit note) or `reversal` (the negative of one payment, `reversal_of`); other strings may appear',
        example: 'payment',
      }),
    },
    amount: {
      type: 'numeric',
      response: moneyString('Signed decimal string, 2 places: what the customer paid (negative: paid back)', '120.50'),
    },
    currency: {
      type: 'text',
      sql: 'pay.currency::text',
      response: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
    },
    method: {
      type: 'text',
      response: z
        .string()
        .meta({ description: `One of ${paymentMethods.join(', ')}; other strings may appear`, example: 'card' }),
    },
    business_date: {
      type: 'text',
      sql: 'pay.business_date::text',
      response: businessDate.meta({
        description: 'The shop-local date the payment counts on (the day it was recorded unless the shop dated it)',
      }),
    },
    recorded_at: { type: 'timestamptz', response: instant.meta({ description: 'When the shop recorded it' }) },
    settlement_target: {
      response: z.string().meta({
        description: 'What the payment settles: `invoice` (other strings may appear)',
        example: 'invoice',
      }),
    },
    invoice_public_id: {
      ...publicIdOf('inv'),
      api: 'invoice_id',
      response: z.string().meta({ description: 'The inv_ id of the invoice it settles' }),
    },
    repair_order_public_id: {
      ...publicIdOf('ro'),
      api: 'repair_order_id',
      response: z.string().meta({ description: 'ro_ id of that invoice' }),
    },
    customer_public_id: {
      ...publicIdOf('c'),
      api: 'customer_id',
      response: z.string().meta({ description: 'cus_ id of that invoice' }),
    },
    // By primary key per row, not a self-join (see the invoices' credit_note_of_public_id).
    reversal_of_public_id: {
      type: 'text',
      nullable: true,
      sql: '(select orig.public_id from payments orig where orig.shop_id = pay.shop_id and orig.id = pay.reversal_of)',
      api: 'reversal_of',
      response: z.string().nullable().meta({ description: 'On a reversal: the pay_ id it reverses; null otherwise' }),
    },
    reason: {
      type: 'text',
      nullable: true,
      response: z.string().nullable().meta({ description: "The shop's note (why a reversal or refund was made)" }),
    },
  },
  present: { kind: paymentKind, settlement_target: () => 'invoice' },
  joins: () => `join invoices inv on inv.shop_id = pay.shop_id and inv.id = pay.invoice_id
    join repair_orders ro on ro.shop_id = pay.shop_id and ro.id = pay.repair_order_id
    join customers c on c.shop_id = pay.shop_id and c.id = pay.customer_id`,
  filters: {
    // Every payment settles an invoice so far: the filter is the contract's, ready for other targets.
    settlement_target: filter(
      z.enum(['invoice']).optional().meta({ description: 'Only payments settling this kind of document' }),
      () => 'pay.invoice_id is not null',
    ),
    repair_order: filter(
      publicIdSchema('repairOrder', "Only payments of this repair order's invoices (a ro_ id)").optional(),
      (value, { params, shopId }) =>
        `pay.repair_order_id = (select id from repair_orders where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    ),
    invoice: filter(
      publicIdSchema('invoice', 'Only payments of this invoice (an inv_ id)').optional(),
      (value, { params, shopId }) =>
        `pay.invoice_id = (select id from invoices where shop_id = ${shopId} and public_id = ${params.add(value, 'text')})`,
    ),
    business_date_from: filter(
      businessDateParam('Only payments with business_date on or after this date (inclusive)'),
      (value, { params }) => `pay.business_date >= ${params.add(value, 'date')}`,
    ),
    business_date_to: filter(
      businessDateParam('Only payments with business_date on or before this date (inclusive)'),
      (value, { params }) => `pay.business_date <= ${params.add(value, 'date')}`,
    ),
  },
})

export type PaymentRow = ResourceRow<typeof paymentDefinition>
export type PaymentFilters = ResourceFilters<typeof paymentDefinition>
