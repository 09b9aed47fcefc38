import { StaffCommand } from '../../cli/staff.js'
import { listTaxes, presentTax } from '../../resources/taxes/service.js'

export default class TaxesList extends StaffCommand {
  static override description = "List the shop's taxes in the order invoices show them."
  static override examples = ['<%= config.bin %> taxes list', '<%= config.bin %> taxes list --json']

  async run() {
    const { flags } = await this.parse(TaxesList)
    const taxes = (await this.staffRead(flags, ({ db, actor }) => listTaxes(db, actor))).map(presentTax)
    this.printTable(taxes, [
      { key: 'name', header: 'NAME' },
      { key: 'rate', header: 'RATE %' },
      { key: 'applies_to', header: 'APPLIES TO' },
      { key: 'updated_at', header: 'UPDATED' },
    ])
    return taxes
  }
}
