import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { saveDefaultShop } from '../../cli/profiles.js'
import { databaseKey, resolveShop } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { escapeForTerminalLine } from '../../lib/terminal-text.js'

export default class ShopsUse extends BaseCommand {
  static override description = [
    'Set the shop every staff command works in when --shop is not given, for this database (saved in your config directory beside the `shopapi login` profiles).',
    "--shop and SHOPAPI_SHOP still win for one command; a command on a record (an id) works in that record's shop. `--clear` forgets the choice.",
  ].join('\n')
  static override examples = [
    '<%= config.bin %> shops use shop_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> shops use --clear',
  ]
  static override args = {
    shop: Args.string({ description: 'The shop (shop_...)' }),
  }
  static override flags = {
    clear: Flags.boolean({ description: 'Forget the default shop of this database', default: false }),
  }

  async run() {
    const { args, flags } = await this.parse(ShopsUse)
    if (flags.clear === (args.shop !== undefined)) {
      throw new UsageError('Name a shop (shopapi shops use shop_...) or pass --clear, not both')
    }
    const db = await this.openDatabase(flags['database-url'])
    const key = await databaseKey(db.pool)
    if (args.shop === undefined) {
      const { file } = await saveDefaultShop(key, null)
      this.log(`No default shop for this database any more (${file}): commands need --shop when there are several`)
      return { shop: null, file }
    }
    const shop = await resolveShop(db.pool, { shop: args.shop })
    const { file } = await saveDefaultShop(key, shop.public_id)
    this.log(
      `Staff commands now work in ${shop.public_id} "${escapeForTerminalLine(shop.name)}" unless --shop says otherwise (${file})`,
    )
    return { shop: { id: shop.public_id, name: shop.name }, file }
  }
}
