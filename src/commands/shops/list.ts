import { BaseCommand } from '../../cli/base.js'
import { presentShop } from '../../cli/present.js'
import { savedDefaultShop } from '../../cli/staff.js'
import { listShops } from '../../platform/tenancy/shops.js'

export default class ShopsList extends BaseCommand {
  static override description = 'List shops; DEFAULT marks the one set with `shopapi shops use` for this database.'
  static override examples = ['<%= config.bin %> shops list', '<%= config.bin %> shops list --json']

  async run() {
    const { flags } = await this.parse(ShopsList)
    const db = await this.openDatabase(flags['database-url'])
    const chosen = await savedDefaultShop(db.pool)
    const shops = (await listShops(db.pool)).map((shop) => ({
      ...presentShop(shop),
      default: shop.public_id === chosen,
    }))
    this.printTable(
      shops.map((shop) => ({ ...shop, default: shop.default ? 'yes' : '' })),
      [
        { key: 'id', header: 'ID' },
        { key: 'name', header: 'NAME' },
        { key: 'timezone', header: 'TIME ZONE' },
        { key: 'currency', header: 'CURRENCY' },
        { key: 'confirm_bookings', header: 'CONFIRM BOOKINGS' },
        { key: 'created_at', header: 'CREATED' },
        { key: 'default', header: 'DEFAULT' },
      ],
    )
    return shops
  }
}
