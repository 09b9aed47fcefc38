import { isoOrNull } from '../../platform/resource.js'
import type { Invoice } from './schema.js'
import type { InvoiceRow } from './service.js'

/** The public object: every amount a 2-place decimal string as stored, the lines in order. */
export function toInvoiceResource(document: InvoiceRow): Invoice {
  return {
    id: document.public_id,
    object: 'invoice',
    number: document.number,
    doc_type: document.doc_type,
    status: document.status,
    currency: document.currency,
    customer_id: document.customer_public_id,
    repair_order_id: document.repair_order_public_id,
    vehicle_id: document.vehicle_public_id,
    credit_note_of: document.credit_note_of_public_id,
    business_date: document.business_date,
    posted_at: document.posted_at.toISOString(),
    voided_at: isoOrNull(document.voided_at),
    void_reason: document.void_reason,
    reason: document.reason,
    totals: {
      currency: document.currency,
      labor: document.labor_total,
      parts: document.parts_total,
      fees: document.fees_total,
      discounts: document.discounts_total,
      subtotal: document.subtotal,
      tax: document.tax_total,
      total: document.total,
    },
    lines: document.lines.map((line) => ({
      number: line.number,
      type: line.type,
      job_id: line.job_public_id,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      gross_amount: line.gross_amount,
      discount_alloc: line.discount_alloc,
      tax_alloc: line.tax_alloc,
      line_total: line.line_total,
      credited_line: line.credited_line,
    })),
    taxes: document.taxes.map((tax) => ({
      name: tax.name,
      rate: tax.rate,
      applies_to: tax.applies_to,
      taxable_amount: tax.taxable_amount,
      amount: tax.amount,
    })),
    discounts: document.discounts.map((discount) => ({
      job_id: discount.job_public_id,
      description: discount.description,
      amount: discount.amount,
    })),
    created_at: document.created_at.toISOString(),
  }
}
