import { Flags } from '@oclif/core'
import { LedgerCommand, reasonFlag } from '../../cli/ledger.js'
import { toPaymentResource } from '../../resources/payments/present.js'
import { paymentMethods } from '../../resources/payments/schema.js'
import { recordPayment } from '../../resources/payments/service.js'

export default class PaymentsRecord extends LedgerCommand {
  static override description =
    "Record a payment on a posted invoice: at most the balance due (no overpayment). A negative amount is a refund, at most what credit notes made the shop owe. The business date is today's shop-local date unless --business-date says otherwise (from a year before today to today). Records payment.recorded; a payment that settles the balance moves the order to paid."
  static override examples = [
    '<%= config.bin %> payments record --invoice inv_4bW2yXk0fT9QmZr7LcVd1p --amount 120.50 --method card',
    '<%= config.bin %> payments record --invoice inv_4bW2yXk0fT9QmZr7LcVd1p --amount 40.00 --method cash --business-date 2026-01-30',
  ]
  static override flags = {
    invoice: Flags.string({ description: 'The invoice (inv_...)', required: true }),
    amount: Flags.string({ description: 'Amount, 2 decimal places; negative for a refund', required: true }),
    method: Flags.string({ description: 'How it was paid', required: true, options: [...paymentMethods] }),
    'business-date': Flags.string({
      description: 'YYYY-MM-DD: the shop-local date it counts on, from a year before today to today (default today)',
    }),
    reason: Flags.string({ description: 'A note (why a refund was made, up to 500 characters)' }),
  }

  async run() {
    const { flags } = await this.parse(PaymentsRecord)
    const source = {
      ...flags,
      record: { table: 'invoices', kind: 'invoice' as const, publicId: flags.invoice, param: 'invoice' },
    }
    const payment = await this.staffChange(source, async ({ db, actor }) =>
      toPaymentResource(
        await recordPayment(db, actor, {
          invoice: flags.invoice,
          amount: flags.amount,
          method: flags.method,
          businessDate: flags['business-date'],
          reason: reasonFlag(flags.reason),
        }),
      ),
    )
    this.log(
      `${payment.kind === 'refund' ? 'Refund' : 'Payment'} ${payment.id}: ${payment.amount} ${payment.currency} by ${payment.method} on invoice ${payment.invoice_id}, business date ${payment.business_date}`,
    )
    return payment
  }
}
