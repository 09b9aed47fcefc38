import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentEndpoint, requirePublicId } from '../../cli/webhooks.js'
import { eventRetentionDays } from '../../platform/events.js'
import { setEndpointStatus } from '../../resources/webhook-endpoints/operator.js'

export default class WebhooksEnable extends BaseCommand {
  static override description =
    `Enable a disabled webhook endpoint: its disabled reason and failure clock are cleared and the deliveries held while it was disabled (its retries, and the events of the last ${eventRetentionDays} days that happened meanwhile) are sent now, in the order of the log; says how many. --drop-held fails them unsent instead.`
  static override examples = [
    '<%= config.bin %> webhooks enable whe_123',
    '<%= config.bin %> webhooks enable whe_123 --drop-held',
  ]
  static override args = { id: Args.string({ description: 'Webhook endpoint id (whe_...)', required: true }) }
  static override flags = {
    'drop-held': Flags.boolean({
      description:
        'Do not send the held deliveries: mark them failed ("dropped when the endpoint was enabled"); `shopapi deliveries resend` can still send one',
      default: false,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(WebhooksEnable)
    const id = requirePublicId('webhookEndpoint', args.id)
    const db = await this.openDatabase(flags['database-url'])
    const { row, changed, resumed, dropped } = await setEndpointStatus(db.pool, id, 'active', {
      dropHeld: flags['drop-held'],
    })
    const endpoint = presentEndpoint(row)
    this.log(
      changed
        ? `Enabled ${endpoint.id} (${endpoint.url}); ${flags['drop-held'] ? heldDropped(dropped) : heldResumed(resumed)}`
        : `${endpoint.id} is already enabled: nothing changed`,
    )
    return { ...endpoint, changed, resumed, dropped }
  }
}

function heldResumed(count: number): string {
  if (count === 0) return 'no deliveries were held'
  return `${count} held ${count === 1 ? 'delivery resumes' : 'deliveries resume'} now, in the order of the log`
}

function heldDropped(count: number): string {
  if (count === 0) return 'no deliveries were held'
  return `${count} held ${count === 1 ? 'delivery was' : 'deliveries were'} dropped (failed unsent)`
}
