import { Args, Flags } from '@oclif/core'
import { invoiceNames, LedgerCommand, reasonFlag } from '../../cli/ledger.js'
import { toInvoiceResource } from '../../resources/invoices/present.js'
import { voidInvoice } from '../../resources/invoices/service.js'

export default class InvoicesVoid extends LedgerCommand {
  static override description =
    'Void a posted invoice or credit note: its status becomes voided, nothing else changes, and it keeps its number. An invoice is voided only while its order is invoiced, without credit notes and with its payments reversed; its order returns to ready_for_pickup, to be corrected and posted again. A voided credit note gives its credit back to the balance. Records invoice.voided.'
  static override examples = ['<%= config.bin %> invoices void inv_4bW2yXk0fT9QmZr7LcVd1p --reason "Wrong customer"']
  static override args = {
    invoice: Args.string({ description: 'The invoice or credit note (inv_...)', required: true }),
  }
  static override flags = {
    reason: Flags.string({ description: 'Why (up to 500 characters)' }),
  }

  async run() {
    const { args, flags } = await this.parse(InvoicesVoid)
    const source = {
      ...flags,
      record: { table: 'invoices', kind: 'invoice' as const, publicId: args.invoice, param: 'INV_ID' },
    }
    const { invoice, names } = await this.staffChange(source, async ({ db, actor }) => {
      const invoice = toInvoiceResource(
        await voidInvoice(db, actor, args.invoice, { reason: reasonFlag(flags.reason) }),
      )
      return { invoice, names: await invoiceNames(db, actor.shopId, invoice) }
    })
    this.printInvoice(invoice, names)
    return invoice
  }
}
