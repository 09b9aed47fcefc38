import type { Queryable } from '../db/pool.js'
import { UsageError } from '../lib/errors.js'
import type { Invoice } from '../resources/invoices/schema.js'
import { type Names, nameOf, namesOf } from './names.js'
import { StaffCommand } from './staff.js'

/** The names of the customer and vehicle an invoice or credit note is for, printed beside their ids. */
export function invoiceNames(db: Queryable, shopId: string, invoice: Invoice): Promise<Names> {
  return namesOf(db, shopId, { customers: [invoice.customer_id], vehicles: [invoice.vehicle_id] })
}

const named = (names: Names, id: string): string => {
  const name = nameOf(names, id)
  return name ? `${name} (${id})` : id
}

/** Staff commands of the ledger: a posted document printed for people, as a paper invoice reads. */
export abstract class LedgerCommand extends StaffCommand {
  /** The document: its heading, its lines, discounts, taxes and totals (`--json` prints the object). */
  protected printInvoice(
    invoice: Invoice,
    names: Names,
    account?: { credited: string; paid: string; due: string },
  ): void {
    if (this.jsonEnabled()) return
    const title =
      invoice.doc_type === 'credit_note'
        ? `Credit note ${invoice.number} (${invoice.id}) of invoice ${invoice.credit_note_of}`
        : `Invoice ${invoice.number} (${invoice.id})`
    this.log(`${title}: ${invoice.status}, business date ${invoice.business_date}, posted ${invoice.posted_at}`)
    if (invoice.voided_at) {
      this.log(`Voided ${invoice.voided_at}${invoice.void_reason ? `: ${invoice.void_reason}` : ''}`)
    }
    if (invoice.reason) this.log(`Reason: ${invoice.reason}`)
    this.log(
      `Repair order ${invoice.repair_order_id}, customer ${named(names, invoice.customer_id)}${invoice.vehicle_id ? `, vehicle ${named(names, invoice.vehicle_id)}` : ''}`,
    )
    this.log('')
    const credit = invoice.doc_type === 'credit_note'
    this.printTable(
      (invoice.lines ?? []).map((line) => ({
        ...line,
        quantity: line.quantity ?? '',
        unit_price: line.unit_price ?? '',
      })),
      [
        { key: 'number', header: '#' },
        ...(credit ? [{ key: 'credited_line', header: 'CREDITS LINE' }] : []),
        { key: 'type', header: 'TYPE' },
        { key: 'description', header: 'DESCRIPTION' },
        ...(credit
          ? []
          : [
              { key: 'quantity', header: 'QTY' },
              { key: 'unit_price', header: 'PRICE' },
            ]),
        { key: 'gross_amount', header: credit ? 'NET' : 'GROSS' },
        { key: 'discount_alloc', header: 'DISCOUNT' },
        { key: 'tax_alloc', header: 'TAX' },
        { key: 'line_total', header: 'TOTAL' },
      ],
    )
    this.log('')
    if ((invoice.lines ?? []).some((line) => line.type === 'discount')) {
      this.log('Discount lines are allocated to the charged lines (their DISCOUNT column) and total 0.00 themselves.')
    }
    for (const tax of invoice.taxes ?? []) {
      const base = tax.taxable_amount === null ? '' : ` on ${tax.taxable_amount}`
      this.log(`${tax.name} ${tax.rate} % of ${tax.applies_to.join(', ')}: ${tax.amount}${base}`)
    }
    const { totals } = invoice
    this.log(
      `Labor ${totals.labor}  Parts ${totals.parts}  Fees ${totals.fees}  Discounts ${totals.discounts}  Subtotal ${totals.subtotal}  Tax ${totals.tax}`,
    )
    this.log(`Total ${totals.total} ${invoice.currency}`)
    if (account) {
      this.log(`Credited ${account.credited}  Paid ${account.paid}  Due ${account.due} ${invoice.currency}`)
    }
  }
}

/** A --reason flag: trimmed, empty is none, at most 500 characters. */
export function reasonFlag(reason: string | undefined): string | null {
  const trimmed = reason?.trim() ?? ''
  if (trimmed.length > 500) throw new UsageError('--reason must be at most 500 characters')
  return trimmed === '' ? null : trimmed
}
