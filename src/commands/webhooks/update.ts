import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import {
  endpointWriteContext,
  integrationCell,
  keyValueBlock,
  parseEndpointFlags,
  presentEndpoint,
  requirePublicId,
  splitEventTypes,
} from '../../cli/webhooks.js'
import { UsageError } from '../../lib/errors.js'
import { updateEndpointForOperator } from '../../resources/webhook-endpoints/operator.js'
import { WebhookEndpointUpdateSchema } from '../../resources/webhook-endpoints/schema.js'
import { vetWebhookUrl } from '../../resources/webhook-endpoints/service.js'

export default class WebhooksUpdate extends BaseCommand {
  static override description =
    "Change a webhook endpoint's url, event types or description, as its integration's PATCH /v1/webhook-endpoints/{id} would (the same rules; a change to nothing is refused). Enable and disable it with `webhooks enable|disable`."
  static override examples = [
    '<%= config.bin %> webhooks update whe_123 --url https://hooks.example.com/v2',
    '<%= config.bin %> webhooks update whe_123 --events customer.created --no-description --json',
  ]
  static override args = { id: Args.string({ description: 'Webhook endpoint id (whe_...)', required: true }) }
  static override flags = {
    url: Flags.string({ description: 'Where deliveries are POSTed' }),
    events: Flags.string({ description: 'Event types, comma-separated, or "*" ("" for none)' }),
    description: Flags.string({ description: 'Up to 255 characters', exclusive: ['no-description'] }),
    'no-description': Flags.boolean({ description: 'Remove the description', default: false }),
  }

  async run() {
    const { args, flags } = await this.parse(WebhooksUpdate)
    const id = requirePublicId('webhookEndpoint', args.id)
    const changes = parseEndpointFlags(WebhookEndpointUpdateSchema, {
      ...(flags.url === undefined ? {} : { url: flags.url }),
      ...(flags.events === undefined ? {} : { event_types: splitEventTypes(flags.events) }),
      ...(flags.description === undefined ? {} : { description: flags.description }),
      ...(flags['no-description'] ? { description: null } : {}),
    })
    if (Object.keys(changes).length === 0) {
      throw new UsageError('Nothing to change: give --url, --events, --description or --no-description')
    }
    const config = this.appConfig(flags['database-url'])
    // No secret is read or written here: the seal key is not needed.
    const context = endpointWriteContext(config, new Uint8Array())
    const url = changes.url === undefined ? undefined : await vetWebhookUrl(changes.url, context)
    const db = await this.openDatabase(flags['database-url'])
    const row = await updateEndpointForOperator(db.pool, id, {
      ...(changes.event_types === undefined ? {} : { event_types: changes.event_types }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      url,
    })
    const endpoint = presentEndpoint(row)
    this.log(`Updated ${endpoint.id}:`)
    this.log(
      keyValueBlock([
        ['integration', integrationCell(endpoint)],
        ['url', endpoint.url],
        ['event types', endpoint.event_types],
        ['description', endpoint.description],
        ['status', endpoint.status],
      ]),
    )
    return endpoint
  }
}
