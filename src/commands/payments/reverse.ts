import { Args, Flags } from '@oclif/core'
import { LedgerCommand, reasonFlag } from '../../cli/ledger.js'
import { toPaymentResource } from '../../resources/payments/present.js'
import { reversePayment } from '../../resources/payments/service.js'

export default class PaymentsReverse extends LedgerCommand {
  static override description =
    "Reverse a payment: a new, negative payment of the same amount and method, with reversal_of, dated with today's shop-local date. A payment is reversed at most once; reversals and refunds are never reversed, and neither are the payments of a voided invoice. Records payment.reversed; the order returns from paid to invoiced when something is owed again."
  static override examples = [
    '<%= config.bin %> payments reverse pay_4bW2yXk0fT9QmZr7LcVd1p --reason "Card charge disputed"',
  ]
  static override args = {
    payment: Args.string({ description: 'The payment (pay_...)', required: true }),
  }
  static override flags = {
    reason: Flags.string({ description: 'Why (up to 500 characters)' }),
  }

  async run() {
    const { args, flags } = await this.parse(PaymentsReverse)
    const source = {
      ...flags,
      record: { table: 'payments', kind: 'payment' as const, publicId: args.payment, param: 'PAY_ID' },
    }
    const reversal = await this.staffChange(source, async ({ db, actor }) =>
      toPaymentResource(await reversePayment(db, actor, args.payment, { reason: reasonFlag(flags.reason) })),
    )
    this.log(
      `Reversal ${reversal.id} of ${reversal.reversal_of}: ${reversal.amount} ${reversal.currency}, business date ${reversal.business_date}`,
    )
    return reversal
  }
}
