import { Flags } from '@oclif/core'
import { percentFlag } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { presentTax, setTax } from '../../resources/taxes/service.js'

export default class TaxesSet extends StaffCommand {
  static override description =
    "Create or change one of the shop's named taxes: a rate in percent (8.875 or 8.875%, up to 4 decimal places; a rate between 0 and 1 needs its % to say it is not a fraction) applied to some of a job's labor, parts and fees. Every tax applies to every taxable job of an order that is not tax-exempt, rounded half-up once per job and tax; discount and no-charge jobs are never taxed. The repair orders not yet invoiced are repriced at once; posted invoices keep the taxes they were posted with."
  static override examples = [
    '<%= config.bin %> taxes set --name "Sales tax" --rate 8.875 --applies-to labor,parts,fees',
    '<%= config.bin %> taxes set --name "Tire fee" --rate 1.5 --applies-to parts',
    '<%= config.bin %> taxes set --name "Sales tax" --rate 9',
  ]
  static override flags = {
    name: Flags.string({
      description: 'The name of the tax (1-100 characters; case does not tell taxes apart)',
      required: true,
    }),
    rate: Flags.string({
      description: 'Percent: 8.875 or 8.875% (required for a new tax; between 0 and 1 write the %)',
    }),
    'applies-to': Flags.string({
      description: 'Comma-separated: labor, parts, fees (a new tax defaults to all three)',
    }),
  }

  async run() {
    const { flags } = await this.parse(TaxesSet)
    const result = await this.staffChange(flags, ({ db, actor }) =>
      setTax(db, actor, { name: flags.name, rate: percentFlag('rate', flags.rate), appliesTo: flags['applies-to'] }),
    )
    const tax = presentTax(result.tax)
    this.log(
      `${result.created ? 'Created' : 'Changed'} "${tax.name}": ${tax.rate} % of ${tax.applies_to.join(', ')}; repriced ${result.repriced} repair order${result.repriced === 1 ? '' : 's'} not yet invoiced`,
    )
    return { ...tax, created: result.created, repriced_repair_orders: result.repriced }
  }
}
