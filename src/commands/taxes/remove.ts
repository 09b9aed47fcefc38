import { Args } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { presentTax, removeTax } from '../../resources/taxes/service.js'

export default class TaxesRemove extends StaffCommand {
  static override description =
    "Remove one of the shop's taxes. The repair orders not yet invoiced are repriced at once; posted invoices keep the taxes they were posted with."
  static override examples = ['<%= config.bin %> taxes remove "Tire fee"']
  static override args = {
    name: Args.string({ description: 'The name of the tax', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(TaxesRemove)
    const result = await this.staffChange(flags, ({ db, actor }) => removeTax(db, actor, args.name))
    const tax = presentTax(result.tax)
    this.log(
      `Removed "${tax.name}"; repriced ${result.repriced} repair order${result.repriced === 1 ? '' : 's'} not yet invoiced`,
    )
    return { ...tax, repriced_repair_orders: result.repriced }
  }
}
