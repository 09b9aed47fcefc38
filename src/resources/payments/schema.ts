import { z } from 'zod'
import { moneyString } from '../../platform/money-schemas.js'
import {
  cursorParam,
  instant,
  limitParam,
  listEnvelope,
  publicIdSchema,
  responseObject,
} from '../../platform/schemas.js'
import { businessDate, businessDateParam } from '../invoices/schema.js'

// Spec "Payment" shows only `id` and `reversal_of` and the list filters; the record is ours
// (docs/decisions.md "Payments"). Payments are recorded and reversed by the shop (`shopapi payments`).

export const paymentMethods = ['card', 'cash', 'check', 'other'] as const

export const PaymentSchema = responseObject({
  id: z.string().meta({ description: 'pay_ id', example: 'pay_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('payment'),
  kind: z.string().meta({
    description:
      '`payment` (positive), `refund` (negative: money back after a credit note) or `reversal` (the negative of one payment, `reversal_of`); other strings may appear',
    example: 'payment',
  }),
  amount: moneyString('Signed decimal string, 2 places: what the customer paid (negative: paid back)', '120.50'),
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
  method: z
    .string()
    .meta({ description: `One of ${paymentMethods.join(', ')}; other strings may appear`, example: 'card' }),
  business_date: businessDate.meta({
    description: 'The shop-local date the payment counts on (the day it was recorded unless the shop dated it)',
  }),
  recorded_at: instant.meta({ description: 'When the shop recorded it' }),
  settlement_target: z.string().meta({
    description: 'What the payment settles: `invoice` (other strings may appear)',
    example: 'invoice',
  }),
  invoice_id: z.string().meta({ description: 'The inv_ id of the invoice it settles' }),
  repair_order_id: z.string().meta({ description: 'ro_ id of that invoice' }),
  customer_id: z.string().meta({ description: 'cus_ id of that invoice' }),
  reversal_of: z.string().nullable().meta({ description: 'On a reversal: the pay_ id it reverses; null otherwise' }),
  reason: z.string().nullable().meta({ description: "The shop's note (why a reversal or refund was made)" }),
  created_at: instant,
}).meta({
  id: 'Payment',
  description:
    'One entry of the signed payments ledger. Posted payments never change (the database refuses it): a mistake is corrected by a reversal, once per payment, and a reversal is never reversed.',
})

export type Payment = z.infer<typeof PaymentSchema>

export const PaymentListSchema = listEnvelope(PaymentSchema, 'PaymentList')

export const PaymentListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam,
  settlement_target: z
    .enum(['invoice'])
    .optional()
    .meta({ description: 'Only payments settling this kind of document' }),
  repair_order: publicIdSchema('repairOrder', "Only payments of this repair order's invoices (a ro_ id)").optional(),
  invoice: publicIdSchema('invoice', 'Only payments of this invoice (an inv_ id)').optional(),
  business_date_from: businessDateParam('Only payments with business_date on or after this date (inclusive)'),
  business_date_to: businessDateParam('Only payments with business_date on or before this date (inclusive)'),
})

export type PaymentListQuery = z.output<typeof PaymentListQuerySchema>
