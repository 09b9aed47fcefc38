import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { attemptResult, bodyPreview, requirePublicId, secretKeyWarning } from '../../cli/webhooks.js'
import type { Queryable } from '../../db/pool.js'
import { loadSecrets } from '../../io/secret-key.js'
import { checkWebhookUrl, createDeliveryAgent, type Resolver, webhookResolver } from '../../io/webhook-targets.js'
import { ApiError } from '../../lib/errors.js'
import { eventRetentionDays } from '../../platform/events.js'
import { getDelivery, queueResend } from '../../resources/deliveries/service.js'
import { withinResendWindow } from '../../resources/events/operator.js'
import { getEndpointForOperator } from '../../resources/webhook-endpoints/operator.js'
import { attemptDelivery } from '../../worker/attempt.js'
import { claimForResend, leaseMs } from '../../worker/claim.js'

export default class DeliveriesResend extends BaseCommand {
  static override description =
    `Attempt a webhook delivery of the last ${eventRetentionDays} days once more, now, from this process, whatever its state (also to a disabled endpoint). The attempt is recorded as manual: a success marks the delivery succeeded, a failure leaves its state and retry schedule alone. Exits 0 when the receiver answers 2xx, 1 otherwise. A target this process's settings refuse (a private address without SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS=1 here) is not attempted and no attempt is recorded. --queue leaves the sending to the webhook worker (serve or worker), under its settings: a new delivery of the same event, due now.`
  static override examples = [
    '<%= config.bin %> deliveries resend dlv_123',
    '<%= config.bin %> deliveries resend dlv_123 --json',
    '<%= config.bin %> deliveries resend dlv_123 --queue',
  ]
  static override flags = {
    queue: Flags.boolean({
      description:
        'Queue a new delivery of the same event to the same endpoint for the webhook worker instead of sending from this process (a disabled endpoint holds it, test events aside)',
      default: false,
    }),
  }
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
    if (flags.queue) return this.queueForWorker(db.pool, id, found)
    // Vetted here, before the lease: a target this process may not reach is refused in one line, and no
    // failed attempt is written for what is this process's configuration, not the receiver's fault.
    const refusal = await targetRefusal(found.url, config.webhooks.allowPrivateTargets)
    if (refusal) throw new ApiError('invalid_request', refusal)
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

  private async queueForWorker(
    db: Queryable,
    id: string,
    found: { endpoint_public_id: string; url: string; event_public_id: string },
  ) {
    const queued = await queueResend(db, id)
    if (!queued) throw new ApiError('not_found', `No delivery ${id} of the last ${eventRetentionDays} days`)
    const endpoint = await getEndpointForOperator(db, found.endpoint_public_id)
    this.log(
      `Queued ${queued.public_id} (${found.event_public_id} again) to ${endpoint.public_id} (${endpoint.url}): the webhook worker sends it; see \`shopapi deliveries show ${queued.public_id}\``,
    )
    const held = endpoint.status === 'disabled' && queued.origin !== 'test'
    if (held) {
      this.log(
        `The endpoint is disabled: it waits until it is enabled (shopapi webhooks enable ${endpoint.public_id}).`,
      )
    }
    return {
      id,
      queued_delivery_id: queued.public_id,
      origin: queued.origin,
      endpoint_id: endpoint.public_id,
      endpoint_status: endpoint.status,
      url: endpoint.url,
      event_id: found.event_public_id,
    }
  }
}

/**
 * Why this process may not send to `url`, or null. A name that does not resolve is no refusal: the
 * attempt goes ahead and records that failure, as the worker's would.
 */
async function targetRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
  const refused = await checkTarget(url, allowPrivate)
  if (refused === null) return null
  const reason = refused.replace(/^url /, 'the endpoint url ')
  // The setting is named only when it is what stands in the way (a development receiver on this
  // machine or the LAN), never for a target refused under every policy.
  if (allowPrivate || (await checkTarget(url, true)) !== null)
    return `Not sent to ${url}: ${reason}; no attempt was recorded`
  return `Not sent to ${url}: ${reason}, and this process does not allow private targets: run it with SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS=1 as the worker has it (development only), or leave the sending to the worker with --queue; no attempt was recorded`
}

async function checkTarget(url: string, allowPrivate: boolean): Promise<string | null> {
  const policy = { allowPrivate }
  const system = webhookResolver(policy)
  let unresolved = false
  const resolver: Resolver = async (host, signal) => {
    try {
      const addresses = await system(host, signal)
      if (addresses.length === 0) unresolved = true
      return addresses
    } catch (error) {
      unresolved = true
      throw error
    }
  }
  const checked = await checkWebhookUrl(url, policy, resolver)
  return checked.ok || unresolved ? null : checked.reason
}
