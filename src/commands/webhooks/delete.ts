import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { integrationCell, presentEndpoint, requirePublicId } from '../../cli/webhooks.js'
import { deleteEndpointForOperator } from '../../resources/webhook-endpoints/operator.js'

export default class WebhooksDelete extends BaseCommand {
  static override description =
    "Delete a webhook endpoint, as its integration's DELETE /v1/webhook-endpoints/{id} would: deliveries to it stop at once and its deliveries and secrets are forgotten; its events stay in the log. Frees one of the integration's endpoint slots."
  static override examples = [
    '<%= config.bin %> webhooks delete whe_123',
    '<%= config.bin %> webhooks delete whe_123 --json',
  ]
  static override args = { id: Args.string({ description: 'Webhook endpoint id (whe_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(WebhooksDelete)
    const id = requirePublicId('webhookEndpoint', args.id)
    const db = await this.openDatabase(flags['database-url'])
    const endpoint = presentEndpoint(await deleteEndpointForOperator(db.pool, id))
    this.log(
      `Deleted ${endpoint.id} (${endpoint.url}) of ${integrationCell(endpoint)}${endpoint.pending_deliveries > 0 ? `; ${endpoint.pending_deliveries} pending ${endpoint.pending_deliveries === 1 ? 'delivery was' : 'deliveries were'} dropped with it` : ''}`,
    )
    return { id: endpoint.id, deleted: true, endpoint }
  }
}
