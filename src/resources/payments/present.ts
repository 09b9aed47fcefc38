import type { PaymentRow } from './definition.js'
import type { Payment } from './schema.js'
import { paymentKind } from './service.js'

export function toPaymentResource(row: PaymentRow): Payment {
  return {
    id: row.public_id,
    object: 'payment',
    kind: paymentKind(row),
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    business_date: row.business_date,
    recorded_at: row.recorded_at.toISOString(),
    settlement_target: 'invoice',
    invoice_id: row.invoice_public_id,
    repair_order_id: row.repair_order_public_id,
    customer_id: row.customer_public_id,
    reversal_of: row.reversal_of_public_id,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
  }
}
