import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import {
  endpointWriteContext,
  parseEndpointFlags,
  presentEndpoint,
  requirePublicId,
  secretKeyWarning,
  splitEventTypes,
} from '../../cli/webhooks.js'
import { loadSecrets } from '../../io/secret-key.js'
import { createEndpointForIntegration } from '../../resources/webhook-endpoints/operator.js'
import { WebhookEndpointCreateSchema } from '../../resources/webhook-endpoints/schema.js'
import { maxEndpointsPerIntegration, vetWebhookUrl } from '../../resources/webhook-endpoints/service.js'

export default class WebhooksCreate extends BaseCommand {
  static override description =
    `Register a webhook endpoint on behalf of an integration, as its API key would (POST /v1/webhook-endpoints): the same url rules (https on port 443 or 8443 to a public address, checked after resolving DNS), event types and limit (${maxEndpointsPerIntegration} per integration). Prints the signing secret once.`
  static override examples = [
    '<%= config.bin %> webhooks create --integration int_123 --url https://hooks.example.com/shopapi --events customer.created,customer.updated',
    '<%= config.bin %> webhooks create --integration int_123 --url https://hooks.example.com/all --events "*" --description "CRM sync" --json',
  ]
  static override flags = {
    integration: Flags.string({ description: 'The integration the endpoint belongs to (int_...)', required: true }),
    url: Flags.string({ description: 'Where deliveries are POSTed', required: true }),
    events: Flags.string({
      description: 'Event types, comma-separated, or "*" for every type the scopes allow ("" for none)',
      required: true,
    }),
    description: Flags.string({ description: 'Up to 255 characters' }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksCreate)
    const integration = requirePublicId('integration', flags.integration, 'integration')
    const input = parseEndpointFlags(WebhookEndpointCreateSchema, {
      url: flags.url,
      event_types: splitEventTypes(flags.events),
      ...(flags.description === undefined ? {} : { description: flags.description }),
    })
    const config = this.appConfig(flags['database-url'])
    const warning = secretKeyWarning(config)
    if (warning) this.stderrLine(warning)
    const context = endpointWriteContext(config, loadSecrets(config, (notice) => this.stderrLine(notice)).sealKey)
    // DNS before the database, as the API vets before its transaction.
    const url = await vetWebhookUrl(input.url, context)
    const db = await this.openDatabase(flags['database-url'])
    const { row, secret } = await createEndpointForIntegration(db.pool, integration, { ...input, url }, context)
    const endpoint = presentEndpoint(row)
    this.log(
      `Created ${endpoint.id} for ${endpoint.integration_id} (${endpoint.integration_name}): ${endpoint.url}, ${endpoint.event_types.length === 0 ? 'no event types' : endpoint.event_types.join(', ')}`,
    )
    this.log('Signing secret, shown only this once:')
    this.log('')
    this.log(`  ${secret}`)
    this.log('')
    this.log('Warning: it will not be shown again; give it to the receiver now.')
    return { ...endpoint, secret }
  }
}
