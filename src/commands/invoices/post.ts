import { Args } from '@oclif/core'
import { invoiceNames, LedgerCommand } from '../../cli/ledger.js'
import { toInvoiceResource } from '../../resources/invoices/present.js'
import { postInvoice } from '../../resources/invoices/service.js'

export default class InvoicesPost extends LedgerCommand {
  static override description =
    "Post the invoice of a repair order that is ready for pickup: one line per labor entry (service), part entry and fee of its authorized jobs, and per discount job (a discount line, its amount allocated to the charged lines), and the shop's taxes (each job's tax allocated to its lines), numbered in the shop's invoice sequence and dated with today's shop-local date. Refused while a job is still pending or the order already has an invoice. The order moves to invoiced; records invoice.posted and repair_order.status_changed."
  static override examples = ['<%= config.bin %> invoices post ro_4bW2yXk0fT9QmZr7LcVd1p']
  static override args = {
    repair_order: Args.string({ description: 'The repair order (ro_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(InvoicesPost)
    const source = {
      ...flags,
      record: { table: 'repair_orders', kind: 'repairOrder' as const, publicId: args.repair_order, param: 'RO_ID' },
    }
    const { invoice, names } = await this.staffChange(source, async ({ db, actor }) => {
      const invoice = toInvoiceResource(await postInvoice(db, actor, args.repair_order))
      return { invoice, names: await invoiceNames(db, actor.shopId, invoice) }
    })
    this.printInvoice(invoice, names)
    return invoice
  }
}
