import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentShop } from '../../cli/present.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { isPublicId } from '../../lib/ids.js'
import { findShopByPublicId, setShopTaxRate } from '../../platform/tenancy/shops.js'

export default class ShopsUpdate extends BaseCommand {
  static override description =
    "Change a shop's settings. --tax-rate is the sales tax applied to taxable jobs: a decimal from 0 up to (not including) 1 with at most 5 places (0.0825 for 8.25 %)."
  static override examples = ['<%= config.bin %> shops update shop_4bW2yXk0fT9QmZr7LcVd1p --tax-rate 0.0825']
  static override args = {
    shop: Args.string({ description: 'The shop (shop_...)', required: true }),
  }
  static override flags = {
    'tax-rate': Flags.string({ description: 'Sales tax rate, e.g. 0.0825 for 8.25 %' }),
  }

  async run() {
    const { args, flags } = await this.parse(ShopsUpdate)
    const taxRate = flags['tax-rate']
    if (taxRate === undefined) throw new UsageError('Nothing to change: give --tax-rate')
    if (!isPublicId('shop', args.shop)) {
      throw new ApiError('invalid_id', `"${args.shop}" is not a shop id (shop_...)`, { param: 'shop' })
    }
    const db = await this.openDatabase(flags['database-url'])
    const found = await findShopByPublicId(db.pool, args.shop)
    if (!found) throw new UsageError(`No shop ${args.shop}: \`shopapi shops list\` shows them`)
    const shop = presentShop(await setShopTaxRate(db.pool, found.id, taxRate.trim()))
    this.log(`Shop ${shop.id} "${shop.name}": tax rate ${shop.tax_rate}`)
    return shop
  }
}
