import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { integrationCell, presentEndpoint, requirePublicId } from '../../cli/webhooks.js'
import { listEndpointsForOperator } from '../../resources/webhook-endpoints/operator.js'

export default class WebhooksList extends BaseCommand {
  static override description =
    'List webhook endpoints of every shop (or of one shop or integration): status, url, event types, failing since, pending deliveries. Secrets are never shown.'
  static override examples = [
    '<%= config.bin %> webhooks list',
    '<%= config.bin %> webhooks list --integration int_123 --json',
  ]
  static override flags = {
    integration: Flags.string({ description: 'Only the endpoints of this integration (int_...)' }),
    shop: Flags.string({ description: 'Only the endpoints of this shop (shop_...)' }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksList)
    if (flags.integration) requirePublicId('integration', flags.integration, 'integration')
    if (flags.shop) requirePublicId('shop', flags.shop, 'shop')
    const db = await this.openDatabase(flags['database-url'])
    const endpoints = (
      await listEndpointsForOperator(db.pool, { integration: flags.integration, shop: flags.shop })
    ).map((row) => presentEndpoint(row))
    this.printTable(
      endpoints.map((endpoint) => ({ ...endpoint, integration: integrationCell(endpoint) })),
      [
        { key: 'id', header: 'ID' },
        { key: 'integration', header: 'INTEGRATION' },
        { key: 'status', header: 'STATUS' },
        { key: 'url', header: 'URL' },
        { key: 'event_types', header: 'EVENT TYPES' },
        { key: 'failing_since', header: 'FAILING SINCE' },
        { key: 'pending_deliveries', header: 'PENDING' },
      ],
    )
    return endpoints
  }
}
