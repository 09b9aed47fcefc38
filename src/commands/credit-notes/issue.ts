import { Args, Flags } from '@oclif/core'
import { invoiceNames, LedgerCommand, reasonFlag } from '../../cli/ledger.js'
import { toInvoiceResource } from '../../resources/invoices/present.js'
import { issueCreditNote } from '../../resources/invoices/service.js'

export default class CreditNotesIssue extends LedgerCommand {
  static override description =
    "Issue a credit note on a posted invoice: --amount (tax included) spread over the invoice's lines in proportion to what remains to credit on each, or --line N (repeatable) for everything that remains of those lines. Never more than the invoice charged less its earlier credit notes, per line and per tax. The credit note has its own number and today's shop-local date; its amounts are positive. Records credit_note.issued; the order becomes paid when nothing is owed any more."
  static override examples = [
    '<%= config.bin %> credit-notes issue inv_4bW2yXk0fT9QmZr7LcVd1p --amount 25.00 --reason "Goodwill"',
    '<%= config.bin %> credit-notes issue inv_4bW2yXk0fT9QmZr7LcVd1p --line 2 --line 3',
  ]
  static override args = {
    invoice: Args.string({ description: 'The invoice (inv_...)', required: true }),
  }
  static override flags = {
    amount: Flags.string({ description: 'Amount to credit, tax included, e.g. 25.00', exclusive: ['line'] }),
    line: Flags.integer({
      description: 'A line number of the invoice to credit whole (repeatable)',
      multiple: true,
      min: 1,
      exclusive: ['amount'],
    }),
    reason: Flags.string({ description: 'Why (up to 500 characters)' }),
  }

  async run() {
    const { args, flags } = await this.parse(CreditNotesIssue)
    const source = {
      ...flags,
      record: { table: 'invoices', kind: 'invoice' as const, publicId: args.invoice, param: 'INV_ID' },
    }
    const { creditNote, names } = await this.staffChange(source, async ({ db, actor }) => {
      const creditNote = toInvoiceResource(
        await issueCreditNote(db, actor, args.invoice, {
          amount: flags.amount,
          lines: flags.line,
          reason: reasonFlag(flags.reason),
        }),
      )
      return { creditNote, names: await invoiceNames(db, actor.shopId, creditNote) }
    })
    this.printInvoice(creditNote, names)
    return creditNote
  }
}
