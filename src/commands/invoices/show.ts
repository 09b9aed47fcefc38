import { Args } from '@oclif/core'
import { invoiceNames, LedgerCommand } from '../../cli/ledger.js'
import { toInvoiceResource } from '../../resources/invoices/present.js'
import { getInvoice, invoiceAccount } from '../../resources/invoices/service.js'

export default class InvoicesShow extends LedgerCommand {
  static override description =
    'Show an invoice or credit note as it was posted: its lines with their discounts and taxes, the taxes, the totals, and (for an invoice) what is credited, paid and still due. --json prints the invoice with a `balance` object.'
  static override examples = ['<%= config.bin %> invoices show inv_4bW2yXk0fT9QmZr7LcVd1p']
  static override args = {
    invoice: Args.string({ description: 'The invoice or credit note (inv_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(InvoicesShow)
    const source = {
      ...flags,
      record: { table: 'invoices', kind: 'invoice' as const, publicId: args.invoice, param: 'INV_ID' },
    }
    const { invoice, account, names } = await this.staffRead(source, async ({ db, actor }) => {
      const document = await getInvoice(db, actor, args.invoice)
      const invoice = toInvoiceResource(document)
      return {
        invoice,
        account: document.doc_type === 'invoice' ? await invoiceAccount(db, actor.shopId, document.id) : undefined,
        names: await invoiceNames(db, actor.shopId, invoice),
      }
    })
    this.printInvoice(invoice, names, account)
    return account ? { ...invoice, balance: account } : invoice
  }
}
