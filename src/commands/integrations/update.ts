import { Args, Flags } from '@oclif/core'
import { BaseCommand, usage } from '../../cli/base.js'
import { presentIntegration } from '../../cli/present.js'
import { parseScopeList } from '../../lib/scopes.js'
import { updateIntegrationScopes } from '../../platform/tenancy/integrations.js'

export default class IntegrationsUpdate extends BaseCommand {
  static override description =
    "Replace an integration's scopes. Takes effect on the integration's next request, for every key."
  static override examples = ['<%= config.bin %> integrations update int_123 --scopes shop.read,customers.read']
  static override args = { id: Args.string({ description: 'Integration id (int_...)', required: true }) }
  static override flags = {
    scopes: Flags.string({ description: 'The complete new comma-separated scope list', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(IntegrationsUpdate)
    const scopes = usage(() => parseScopeList(flags.scopes))
    const db = await this.openDatabase(flags['database-url'])
    const integration = presentIntegration(await updateIntegrationScopes(db.pool, args.id, scopes))
    this.log(`Integration ${integration.id} now has scopes: ${integration.scopes.join(', ')}`)
    return integration
  }
}
