import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { keyValueBlock, presentDelivery, presentEndpoint, requirePublicId } from '../../cli/webhooks.js'
import { deliveryCounts, listDeliveries } from '../../resources/deliveries/service.js'
import { getEndpointForOperator } from '../../resources/webhook-endpoints/operator.js'

export default class WebhooksShow extends BaseCommand {
  static override description =
    'Show a webhook endpoint: every field but the secret, why it is disabled, since when it fails, until when the previous secret still signs, delivery counts by status and the last 10 deliveries.'
  static override examples = [
    '<%= config.bin %> webhooks show whe_123',
    '<%= config.bin %> webhooks show whe_123 --json',
  ]
  static override args = { id: Args.string({ description: 'Webhook endpoint id (whe_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(WebhooksShow)
    const id = requirePublicId('webhookEndpoint', args.id)
    const db = await this.openDatabase(flags['database-url'])
    const row = await getEndpointForOperator(db.pool, id)
    const [counts, recent] = await Promise.all([
      deliveryCounts(db.pool, row),
      listDeliveries(db.pool, { endpoint: id, limit: 10 }),
    ])
    const endpoint = presentEndpoint(row)
    const recentDeliveries = recent.map(presentDelivery)
    this.log(
      keyValueBlock([
        ['id', endpoint.id],
        ['shop', endpoint.shop_id],
        ['integration', endpoint.integration_id],
        ['url', endpoint.url],
        ['description', endpoint.description],
        ['event types', endpoint.event_types],
        ['status', endpoint.status],
        ['disabled reason', endpoint.disabled_reason],
        ['failing since', endpoint.failing_since],
        ['previous secret signs until', endpoint.previous_secret_expires_at],
        ['created', endpoint.created_at],
        ['updated', endpoint.updated_at],
        ['deliveries', `${counts.pending} pending, ${counts.succeeded} succeeded, ${counts.failed} failed`],
      ]),
    )
    this.printTableSection('Last deliveries:', recentDeliveries, [
      { key: 'id', header: 'ID' },
      { key: 'event_type', header: 'EVENT' },
      { key: 'origin', header: 'ORIGIN' },
      { key: 'status', header: 'STATUS' },
      { key: 'attempt_count', header: 'ATTEMPTS' },
      { key: 'last_response_status', header: 'LAST HTTP' },
      { key: 'last_attempt_at', header: 'LAST ATTEMPT' },
      { key: 'created_at', header: 'CREATED' },
    ])
    return { ...endpoint, deliveries: counts, recent_deliveries: recentDeliveries }
  }
}
