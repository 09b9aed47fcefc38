import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentIntegration } from '../../cli/present.js'
import { setIntegrationStatus } from '../../platform/tenancy/integrations.js'

export default class IntegrationsEnable extends BaseCommand {
  static override description = 'Enable a disabled integration: its live keys work again.'
  static override examples = ['<%= config.bin %> integrations enable int_123']
  static override args = { id: Args.string({ description: 'Integration id (int_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(IntegrationsEnable)
    const db = await this.openDatabase(flags['database-url'])
    const integration = presentIntegration(await setIntegrationStatus(db.pool, args.id, 'active'))
    this.log(`Integration ${integration.id} "${integration.name}" is ${integration.status}`)
    return integration
  }
}
