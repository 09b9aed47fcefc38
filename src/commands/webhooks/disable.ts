import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentEndpoint, requirePublicId } from '../../cli/webhooks.js'
import { UsageError } from '../../lib/errors.js'
import { eventRetentionDays } from '../../platform/events.js'
import { setEndpointStatus, staffDisabledReason } from '../../resources/webhook-endpoints/operator.js'

export default class WebhooksDisable extends BaseCommand {
  static override description =
    `Disable a webhook endpoint: nothing but test events is sent to it until it is enabled again. Its deliveries, and those of the events that happen meanwhile, are held (for at most the ${eventRetentionDays}-day retention) and sent in the order of the log by \`webhooks enable\` (or dropped with \`--drop-held\`).`
  static override examples = [
    '<%= config.bin %> webhooks disable whe_123',
    '<%= config.bin %> webhooks disable whe_123 --reason "Receiver being migrated"',
  ]
  static override args = { id: Args.string({ description: 'Webhook endpoint id (whe_...)', required: true }) }
  static override flags = {
    reason: Flags.string({
      description: `Why, shown to the integration as disabled_reason (default "${staffDisabledReason}")`,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(WebhooksDisable)
    const id = requirePublicId('webhookEndpoint', args.id)
    const reason = flags.reason?.trim() ?? staffDisabledReason
    if (reason === '') throw new UsageError('--reason: give a reason, or leave the flag out')
    if (reason.length > 500) throw new UsageError('--reason: at most 500 characters')
    const db = await this.openDatabase(flags['database-url'])
    const { row, changed } = await setEndpointStatus(db.pool, id, 'disabled', { reason })
    const endpoint = presentEndpoint(row)
    this.log(
      changed
        ? `Disabled ${endpoint.id} (${endpoint.url}): ${endpoint.disabled_reason}`
        : `${endpoint.id} is already disabled (${endpoint.disabled_reason ?? 'no reason recorded'}): nothing changed`,
    )
    return { ...endpoint, changed }
  }
}
