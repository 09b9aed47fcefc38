import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { attemptResult, bodyPreview, requirePublicId, secretKeyWarning } from '../../cli/webhooks.js'
import { loadSecrets } from '../../io/secret-key.js'
import { createDeliveryAgent } from '../../io/webhook-targets.js'
import { ApiError } from '../../lib/errors.js'
import { eventRetentionDays } from '../../platform/events.js'
import { getDelivery } from '../../resources/deliveries/service.js'
import { withinResendWindow } from '../../resources/events/operator.js'
import { attemptDelivery } from '../../worker/attempt.js'
import { claimForResend, leaseMs } from '../../worker/claim.js'

export default class DeliveriesResend extends BaseCommand {
  static override description =
    `Attempt a webhook delivery of the last ${eventRetentionDays} days once more, now, from this process, whatever its state (also to a disabled endpoint). The attempt is recorded as manual: a success marks the delivery succeeded, a failure leaves its state and retry schedule alone. Exits 0 when the receiver answers 2xx, 1 otherwise.`
  static override examples = [
    '<%= config.bin %> deliveries resend dlv_123',
    '<%= config.bin %> deliveries resend dlv_123 --json',
  ]
  static override args = { id: Args.string({ description: 'Delivery id (dlv_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(DeliveriesResend)
    const id = requirePublicId('delivery', args.id)
    const config = this.appConfig(flags['database-url'])
    const warning = secretKeyWarning(config)
    if (warning) this.stderrLine(warning)
    const { sealKey } = loadSecrets(config, (notice) => this.stderrLine(notice))
    const db = await this.openDatabase(flags['database-url'])
    const found = await getDelivery(db.pool, id)
    if (!found || !withinResendWindow(found.event.created_at)) {
      throw new ApiError('not_found', `No delivery ${id} of the last ${eventRetentionDays} days`)
    }
    const claimed = await claimForResend(db.pool, id, leaseMs(config.webhooks))
    if (claimed === 'not_found')
      throw new ApiError('not_found', `No delivery ${id} of the last ${eventRetentionDays} days`)
    if (claimed === 'in_flight') {
      throw new ApiError(
        'conflict',
        `Delivery ${id} is being attempted right now (by a worker or another resend); try again in a minute`,
      )
    }
    const agent = createDeliveryAgent({
      policy: { allowPrivate: config.webhooks.allowPrivateTargets },
      connectTimeoutMs: config.webhooks.timeoutMs,
    })
    let result: Awaited<ReturnType<typeof attemptDelivery>>
    try {
      result = await attemptDelivery({ pool: db.pool, webhooks: config.webhooks, sealKey, agent }, claimed, {
        manual: true,
      })
    } finally {
      await agent.close().catch(() => {})
    }
    const { outcome, recorded } = result
    const summary = {
      id,
      endpoint_id: claimed.endpoint_public_id,
      url: claimed.url,
      event_id: claimed.event.public_id,
      succeeded: outcome.succeeded,
      response_status: outcome.responseStatus,
      error: outcome.error,
      duration_ms: outcome.durationMs,
      signatures: outcome.signatures,
      response_body: outcome.responseBody,
      status: recorded.status,
    }
    const answer = attemptResult({ response_status: outcome.responseStatus, error: outcome.error })
    this.log(
      `${outcome.succeeded ? 'Delivered' : 'Failed'}: ${id} to ${claimed.url}: ${answer} in ${outcome.durationMs} ms`,
    )
    const preview = bodyPreview(outcome.responseBody)
    if (preview) this.log(`Response body: ${preview}`)
    this.log(`The delivery is now ${recorded.status}.`)
    if (!outcome.succeeded) process.exitCode = 1
    return summary
  }
}
