import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { percentFlag } from '../../cli/flag-input.js'
import { presentShop } from '../../cli/present.js'
import { withTransaction } from '../../db/pool.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { isPublicId } from '../../lib/ids.js'
import { findShopByPublicId, updateShopSettings } from '../../platform/tenancy/shops.js'
import { presentTax, setTax } from '../../resources/taxes/service.js'

const salesTax = 'Sales tax'

export default class ShopsUpdate extends BaseCommand {
  static override description = [
    "Change a shop's name, time zone, currency or settings.",
    '--name: always. --currency: only while the shop has no repair order, invoice, payment, part or canned job (their amounts are in the current currency). --timezone: the opening hours are read in the new zone and new bookings are made in it; appointments already booked keep the zone, date and time they were booked with (the command says how many upcoming ones), so reschedule them if the shop moved.',
    '--tax-rate (kept for scripts written before named taxes) sets the tax "Sales tax" on labor, parts and fees, in percent like `shopapi taxes set` (8.25 or 8.25%); a value between 0 and 1 without % is refused as ambiguous.',
    '--confirm-bookings makes appointments booked through the API `requested` until the shop confirms them (`shopapi appointments set-status ... booked`); --no-confirm-bookings books them at once (the default).',
  ].join('\n')
  static override examples = [
    '<%= config.bin %> shops update shop_4bW2yXk0fT9QmZr7LcVd1p --name "Main Street Auto" --timezone America/Chicago',
    '<%= config.bin %> shops update shop_4bW2yXk0fT9QmZr7LcVd1p --currency CAD',
    '<%= config.bin %> shops update shop_4bW2yXk0fT9QmZr7LcVd1p --tax-rate 8.25',
    '<%= config.bin %> shops update shop_4bW2yXk0fT9QmZr7LcVd1p --confirm-bookings',
  ]
  static override args = {
    shop: Args.string({ description: 'The shop (shop_...)', required: true }),
  }
  static override flags = {
    name: Flags.string({ description: 'Shop name (1-200 characters)' }),
    timezone: Flags.string({ description: 'IANA time zone, e.g. America/Chicago' }),
    currency: Flags.string({ description: 'ISO 4217 currency code, e.g. USD (only while no amounts exist)' }),
    'tax-rate': Flags.string({ description: 'Sales tax in percent: 8.25 or 8.25%' }),
    'confirm-bookings': Flags.boolean({
      description: 'API bookings wait for the shop to confirm them (--no-confirm-bookings: booked at once)',
      allowNo: true,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(ShopsUpdate)
    const confirmBookings = flags['confirm-bookings']
    const taxRate = percentFlag('tax-rate', flags['tax-rate'])
    const { name, timezone, currency } = flags
    if ([name, timezone, currency, taxRate, confirmBookings].every((value) => value === undefined)) {
      throw new UsageError(
        'Nothing to change: give --name, --timezone, --currency, --tax-rate, --confirm-bookings or --no-confirm-bookings',
      )
    }
    if (!isPublicId('shop', args.shop)) {
      throw new ApiError('invalid_id', `"${args.shop}" is not a shop id (shop_...)`, { param: 'shop' })
    }
    const db = await this.openDatabase(flags['database-url'])
    const found = await findShopByPublicId(db.pool, args.shop)
    if (!found) throw new UsageError(`No shop ${args.shop}: \`shopapi shops list\` shows them`)
    const { change, tax } = await withTransaction(db.pool, async (tx) => {
      const tax =
        taxRate === undefined
          ? undefined
          : (await setTax(tx, { shopId: found.id, integrationId: null }, { name: salesTax, rate: taxRate })).tax
      const change = await updateShopSettings(tx, found.id, { name, timezone, currency, confirmBookings })
      return { change, tax }
    })
    const shop = {
      ...presentShop(change.shop),
      ...(tax === undefined ? {} : { tax_rate: presentTax(tax).rate }),
      appointments_in_previous_timezone: change.appointmentsInPreviousZone,
    }
    const bookings = shop.confirm_bookings ? 'wait for confirmation' : 'are booked at once'
    const taxLine = tax === undefined ? '' : `; ${salesTax} ${shop.tax_rate} %`
    this.log(`Shop ${shop.id} "${shop.name}" (${shop.timezone}, ${shop.currency}): API bookings ${bookings}${taxLine}`)
    if (timezone !== undefined && found.timezone !== change.shop.timezone) {
      const kept = change.appointmentsInPreviousZone
      this.log(
        kept === 0
          ? `Time zone changed from ${found.timezone}: no upcoming appointment was booked in it`
          : `Time zone changed from ${found.timezone}: ${kept} upcoming appointment${kept === 1 ? '' : 's'} keep${kept === 1 ? 's' : ''} the zone, date and time ${kept === 1 ? 'it was' : 'they were'} booked with; reschedule ${kept === 1 ? 'it' : 'them'} if the shop moved`,
      )
    }
    return shop
  }
}
