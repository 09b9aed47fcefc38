import { Flags } from '@oclif/core'
import { BaseCommand, usage } from '../../cli/base.js'
import { presentApiKey, presentIntegration } from '../../cli/present.js'
import { savedDefaultShop } from '../../cli/staff.js'
import { parseScopeList } from '../../lib/scopes.js'
import { createIntegration } from '../../platform/tenancy/integrations.js'

export default class IntegrationsCreate extends BaseCommand {
  static override description =
    'Create an integration with its first API key. The key is printed once: copy it now, it cannot be shown again.'
  static override examples = [
    '<%= config.bin %> integrations create --name "Shop website" --scopes shop.read,customers.read,customers.write',
    '<%= config.bin %> integrations create --name Accounting --scopes shop.read,invoices.read,payments.read --json',
  ]
  static override flags = {
    name: Flags.string({ description: 'Name people will recognise, e.g. the partner or app', required: true }),
    scopes: Flags.string({ description: 'Comma-separated scopes, e.g. shop.read,customers.read', required: true }),
    shop: Flags.string({
      description:
        'Shop id (shop_...); may be left out when exactly one shop exists or one is set with `shopapi shops use`',
      env: 'SHOPAPI_SHOP',
    }),
  }

  async run() {
    const { flags } = await this.parse(IntegrationsCreate)
    const scopes = usage(() => parseScopeList(flags.scopes))
    const db = await this.openDatabase(flags['database-url'])
    const shop = flags.shop ?? (await savedDefaultShop(db.pool))
    const created = await createIntegration(db.pool, { shop, name: flags.name, scopes })
    const integration = presentIntegration(created.integration)
    const key = presentApiKey(created.apiKey)
    this.log(`Created integration ${integration.id} "${integration.name}" in shop ${integration.shop_id}`)
    this.log(`Scopes: ${integration.scopes.join(', ')}`)
    this.log('')
    this.log(`API key (${key.id}), shown only this once; store it in a secret manager now:`)
    this.log('')
    this.log(`  ${created.plaintextKey}`)
    this.log('')
    return {
      integration_id: integration.id,
      api_key: created.plaintextKey,
      key_id: key.id,
      key_prefix: key.prefix,
      integration,
    }
  }
}
