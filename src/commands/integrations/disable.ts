import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentIntegration } from '../../cli/present.js'
import { setIntegrationStatus } from '../../platform/tenancy/integrations.js'

export default class IntegrationsDisable extends BaseCommand {
  static override description =
    'Disable an integration: every one of its keys gets 401 from the next request on, until it is enabled again.'
  static override examples = ['<%= config.bin %> integrations disable int_123']
  static override args = { id: Args.string({ description: 'Integration id (int_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(IntegrationsDisable)
    const db = await this.openDatabase(flags['database-url'])
    const integration = presentIntegration(await setIntegrationStatus(db.pool, args.id, 'disabled'))
    this.log(`Integration ${integration.id} "${integration.name}" is ${integration.status}`)
    return integration
  }
}
