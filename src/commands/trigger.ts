import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../cli/base.js'
import { integrationCell, presentEndpoint, requirePublicId } from '../cli/webhooks.js'
import { ApiError, UsageError } from '../lib/errors.js'
import { eventTypes, isEventType } from '../platform/events.js'
import {
  getEndpointForOperator,
  listEndpointsForOperator,
  triggerTestEvent,
} from '../resources/webhook-endpoints/operator.js'

export default class Trigger extends BaseCommand {
  static override description =
    'Send a test event of a type to webhook endpoints, as POST /v1/webhook-endpoints/{id}/test does: a synthetic event (`test: true`, a placeholder object id, an empty summary) signed like any delivery, for each endpoint alone, sent by the webhook worker. With --endpoint, that endpoint, even while disabled; otherwise every active endpoint subscribed to the type (of one integration or shop with --integration or --shop). Test events are not in GET /v1/events.'
  static override examples = [
    '<%= config.bin %> trigger customer.created',
    '<%= config.bin %> trigger invoice.posted --endpoint whe_123',
    '<%= config.bin %> trigger customer.updated --integration int_123 --json',
  ]
  static override args = {
    type: Args.string({ description: 'The event type, e.g. customer.created', required: true }),
  }
  static override flags = {
    endpoint: Flags.string({ description: 'Only this webhook endpoint (whe_...), whatever its status or event types' }),
    integration: Flags.string({ description: 'The endpoints of this integration (int_...)', exclusive: ['endpoint'] }),
    shop: Flags.string({ description: 'The endpoints of this shop (shop_...)', exclusive: ['endpoint'] }),
  }

  async run() {
    const { args, flags } = await this.parse(Trigger)
    const type = args.type.trim()
    if (!isEventType(type)) {
      const family = type.split('.')[0] ?? ''
      const near = eventTypes.filter((known) => known.startsWith(`${family}.`))
      throw new UsageError(
        `"${type}" is not an event type: ${near.length > 0 ? `${family} has ${near.join(', ')}` : `one of ${eventTypes.join(', ')}`}`,
      )
    }
    if (flags.endpoint) requirePublicId('webhookEndpoint', flags.endpoint, 'endpoint')
    if (flags.integration) requirePublicId('integration', flags.integration, 'integration')
    if (flags.shop) requirePublicId('shop', flags.shop, 'shop')
    const db = await this.openDatabase(flags['database-url'])
    const targets = flags.endpoint
      ? [await getEndpointForOperator(db.pool, flags.endpoint)]
      : (await listEndpointsForOperator(db.pool, { integration: flags.integration, shop: flags.shop })).filter(
          (endpoint) =>
            endpoint.status === 'active' && (endpoint.event_types.includes('*') || endpoint.event_types.includes(type)),
        )
    if (targets.length === 0) {
      throw new ApiError(
        'not_found',
        `No active webhook endpoint${flags.integration ? ` of ${flags.integration}` : flags.shop ? ` of ${flags.shop}` : ''} subscribes to ${type}: name one with --endpoint whe_...`,
      )
    }
    const sent = []
    for (const row of targets) {
      const queued = await triggerTestEvent(db.pool, row.public_id, type)
      const endpoint = presentEndpoint(row)
      sent.push({
        event_id: queued.eventPublicId,
        delivery_id: queued.deliveryPublicId,
        type,
        endpoint_id: endpoint.id,
        url: endpoint.url,
        endpoint_status: endpoint.status,
        integration_id: endpoint.integration_id,
        integration_name: endpoint.integration_name,
        shop_id: endpoint.shop_id,
      })
    }
    this.log(
      `Queued a test ${type} for ${sent.length} ${sent.length === 1 ? 'endpoint' : 'endpoints'}; the webhook worker sends ${sent.length === 1 ? 'it' : 'them'} (\`shopapi deliveries show DELIVERY\` for the answer):`,
    )
    this.printTable(
      sent.map((row) => ({ ...row, integration: integrationCell(row) })),
      [
        { key: 'endpoint_id', header: 'ENDPOINT' },
        { key: 'url', header: 'URL' },
        { key: 'integration', header: 'INTEGRATION' },
        { key: 'event_id', header: 'EVENT' },
        { key: 'delivery_id', header: 'DELIVERY' },
      ],
    )
    return sent
  }
}
