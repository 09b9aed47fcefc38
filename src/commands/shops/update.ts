import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentShop } from '../../cli/present.js'
import { withTransaction } from '../../db/pool.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { isPublicId } from '../../lib/ids.js'
import { ExactDecimal } from '../../lib/money.js'
import { findShopByPublicId, updateShopSettings } from '../../platform/tenancy/shops.js'
import { setTax } from '../../resources/taxes/service.js'

/** 0 <= rate < 1 with at most 5 decimal places. */
const taxRatePattern = /^(0(\.\d{1,5})?|\.\d{1,5})$/
const salesTax = 'Sales tax'

export default class ShopsUpdate extends BaseCommand {
  static override description = [
    "Change a shop's settings.",
    '--tax-rate (kept for scripts written before named taxes) sets the tax "Sales tax" on labor, parts and fees to this fraction (0.0825 for 8.25 %), as `shopapi taxes set --name "Sales tax" --rate 8.25` does; several taxes are `shopapi taxes`.',
    '--confirm-bookings makes appointments booked through the API `requested` until the shop confirms them (`shopapi appointments set-status ... booked`); --no-confirm-bookings books them at once (the default).',
  ].join('\n')
  static override examples = [
    '<%= config.bin %> shops update shop_4bW2yXk0fT9QmZr7LcVd1p --no-confirm-bookings',
    '<%= config.bin %> shops update shop_4bW2yXk0fT9QmZr7LcVd1p --confirm-bookings',
  ]
  static override args = {
    shop: Args.string({ description: 'The shop (shop_...)', required: true }),
  }
  static override flags = {
    'tax-rate': Flags.string({ description: 'Sales tax as a fraction from 0 up to 1, at most 5 places (0.0825)' }),
    'confirm-bookings': Flags.boolean({
      description: 'API bookings wait for the shop to confirm them (--no-confirm-bookings: booked at once)',
      allowNo: true,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(ShopsUpdate)
    const confirmBookings = flags['confirm-bookings']
    const taxRate = flags['tax-rate']?.trim()
    if (confirmBookings === undefined && taxRate === undefined) {
      throw new UsageError('Nothing to change: give --tax-rate, --confirm-bookings or --no-confirm-bookings')
    }
    if (taxRate !== undefined && !taxRatePattern.test(taxRate)) {
      throw new ApiError(
        'invalid_request',
        `"${taxRate}" is not a tax rate: give a decimal from 0 up to (not including) 1 with at most 5 places, e.g. 0.0825 for 8.25 %`,
        { param: 'tax-rate' },
      )
    }
    if (!isPublicId('shop', args.shop)) {
      throw new ApiError('invalid_id', `"${args.shop}" is not a shop id (shop_...)`, { param: 'shop' })
    }
    const db = await this.openDatabase(flags['database-url'])
    const found = await findShopByPublicId(db.pool, args.shop)
    if (!found) throw new UsageError(`No shop ${args.shop}: \`shopapi shops list\` shows them`)
    const updated = await withTransaction(db.pool, async (tx) => {
      if (taxRate !== undefined) {
        const percent = new ExactDecimal(taxRate).times(100).toString()
        await setTax(tx, { shopId: found.id, integrationId: null }, { name: salesTax, rate: percent })
      }
      return updateShopSettings(tx, found.id, confirmBookings === undefined ? {} : { confirmBookings })
    })
    const shop = {
      ...presentShop(updated),
      ...(taxRate === undefined ? {} : { tax_rate: new ExactDecimal(taxRate).toFixed(5) }),
    }
    const bookings = shop.confirm_bookings ? 'wait for confirmation' : 'are booked at once'
    const tax = taxRate === undefined ? '' : `; ${salesTax} ${shop.tax_rate}`
    this.log(`Shop ${shop.id} "${shop.name}": API bookings ${bookings}${tax}`)
    return shop
  }
}
