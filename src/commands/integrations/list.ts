import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentIntegration } from '../../cli/present.js'
import { listIntegrations } from '../../platform/tenancy/integrations.js'

export default class IntegrationsList extends BaseCommand {
  static override description = 'List integrations with their scopes and number of live keys.'
  static override examples = [
    '<%= config.bin %> integrations list',
    '<%= config.bin %> integrations list --shop shop_123 --json',
  ]
  static override flags = {
    shop: Flags.string({ description: 'Only the integrations of this shop (shop_...)' }),
  }

  async run() {
    const { flags } = await this.parse(IntegrationsList)
    const db = await this.openDatabase(flags['database-url'])
    const integrations = (await listIntegrations(db.pool, { shop: flags.shop })).map(presentIntegration)
    this.printTable(integrations, [
      { key: 'id', header: 'ID' },
      { key: 'name', header: 'NAME' },
      { key: 'status', header: 'STATUS' },
      { key: 'scopes', header: 'SCOPES' },
      { key: 'live_keys', header: 'LIVE KEYS' },
      { key: 'shop_id', header: 'SHOP' },
      { key: 'created_at', header: 'CREATED' },
    ])
    return integrations
  }
}
