import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentEndpoint, requirePublicId, setEndpointStatus } from '../../resources/webhook-endpoints/admin.js'

export default class WebhooksEnable extends BaseCommand {
  static override description =
    'Enable a disabled webhook endpoint: its disabled reason and failure clock are cleared and the deliveries held while it was disabled are due at once.'
  static override examples = ['<%= config.bin %> webhooks enable whe_123']
  static override args = { id: Args.string({ description: 'Webhook endpoint id (whe_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(WebhooksEnable)
    const id = requirePublicId('webhookEndpoint', args.id)
    const db = await this.openDatabase(flags['database-url'])
    const { row, changed } = await setEndpointStatus(db.pool, id, 'active')
    const endpoint = presentEndpoint(row)
    this.log(
      changed
        ? `Enabled ${endpoint.id} (${endpoint.url}); ${pendingDue(endpoint.pending_deliveries)}`
        : `${endpoint.id} is already enabled: nothing changed`,
    )
    return { ...endpoint, changed }
  }
}

function pendingDue(count: number): string {
  if (count === 0) return 'no deliveries are waiting'
  return `${count} pending ${count === 1 ? 'delivery is' : 'deliveries are'} due now`
}
