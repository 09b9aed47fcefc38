import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentShop } from '../../cli/present.js'
import { createShop } from '../../platform/tenancy/shops.js'

export default class ShopsCreate extends BaseCommand {
  static override description = 'Create a shop. Each shop has its own integrations, keys and data.'
  static override examples = [
    '<%= config.bin %> shops create --name "Main Street Auto" --timezone America/Chicago --currency USD',
  ]
  static override flags = {
    name: Flags.string({ description: 'Shop name (1-200 characters)', required: true }),
    timezone: Flags.string({ description: 'IANA time zone, e.g. America/Chicago', required: true }),
    currency: Flags.string({ description: 'ISO 4217 currency code, e.g. USD', required: true }),
  }

  async run() {
    const { flags } = await this.parse(ShopsCreate)
    const db = await this.openDatabase(flags['database-url'])
    const shop = presentShop(await createShop(db.pool, flags))
    this.log(`Created shop ${shop.id} "${shop.name}" (${shop.timezone}, ${shop.currency})`)
    return shop
  }
}
