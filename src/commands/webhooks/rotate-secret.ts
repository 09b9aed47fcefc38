import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { operatorEndpointContext, presentEndpoint, requirePublicId, secretKeyWarning } from '../../cli/webhooks.js'
import { loadSecrets } from '../../io/secret-key.js'
import { rotateEndpointSecret } from '../../resources/webhook-endpoints/operator.js'

export default class WebhooksRotateSecret extends BaseCommand {
  static override description =
    'Give a webhook endpoint a new signing secret, printed once. The previous secret keeps signing (deliveries carry both signatures) for SHOPAPI_WEBHOOK_SECRET_OVERLAP (24 hours), so the receiver can switch without losing deliveries.'
  static override examples = [
    '<%= config.bin %> webhooks rotate-secret whe_123',
    '<%= config.bin %> webhooks rotate-secret whe_123 --json',
  ]
  static override args = { id: Args.string({ description: 'Webhook endpoint id (whe_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(WebhooksRotateSecret)
    const id = requirePublicId('webhookEndpoint', args.id)
    const config = this.appConfig(flags['database-url'])
    const warning = secretKeyWarning(config)
    if (warning) this.stderrLine(warning)
    const context = operatorEndpointContext(config, loadSecrets(config, (notice) => this.stderrLine(notice)).sealKey)
    const db = await this.openDatabase(flags['database-url'])
    const { row, secret } = await rotateEndpointSecret(db.pool, id, context)
    const endpoint = presentEndpoint(row)
    this.log(`New signing secret for ${endpoint.id} (${endpoint.url}), shown only this once:`)
    this.log('')
    this.log(`  ${secret}`)
    this.log('')
    this.log('Warning: it will not be shown again; give it to the receiver now.')
    this.log(`The previous secret keeps signing deliveries until ${endpoint.previous_secret_expires_at ?? '-'}.`)
    return { id: endpoint.id, secret, previous_secret_expires_at: endpoint.previous_secret_expires_at, endpoint }
  }
}
