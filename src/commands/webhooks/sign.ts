import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { checkedSecrets, eventIdFlag, readPayload, unixSecondsFlag } from '../../cli/webhook-signing.js'
import { deliverySignatureHeaders, signatureHeader } from '../../lib/webhook-signature.js'

export default class WebhooksSign extends BaseCommand {
  static override description =
    "Print the signature headers a delivery of a file's bytes would carry (Service-Signature; with --id also Service-Event-Id and the Standard Webhooks webhook-id, webhook-timestamp and webhook-signature). The bytes are signed exactly as stored: no newline is trimmed, nothing is re-encoded. Needs no database; the secret is never printed."
  static override examples = [
    '<%= config.bin %> webhooks sign --secret "$WEBHOOK_SECRET" --payload event.json',
    '<%= config.bin %> webhooks sign --secret "$WEBHOOK_SECRET" --payload event.json --id evt_123 --timestamp 1767225600',
    'cat event.json | <%= config.bin %> webhooks sign --secret "$NEW_SECRET" --secret "$OLD_SECRET" --payload - --json',
  ]
  static override flags = {
    secret: Flags.string({
      description: 'Signing secret (whsec_...); repeat it to sign as during a rotation, current first',
      required: true,
      multiple: true,
    }),
    payload: Flags.string({ description: 'File whose bytes are the body; - reads standard input', required: true }),
    timestamp: Flags.string({ description: 't to sign: unix seconds or an RFC 3339 instant (default: now)' }),
    id: Flags.string({ description: 'Event id (evt_...): adds Service-Event-Id and the Standard Webhooks headers' }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksSign)
    const secrets = checkedSecrets(flags.secret)
    const id = eventIdFlag(flags.id)
    const timestamp = unixSecondsFlag('timestamp', flags.timestamp) ?? Math.floor(Date.now() / 1000)
    const body = await readPayload(flags.payload)
    let headers: Record<string, string>
    if (id === undefined) {
      headers = { 'Service-Signature': signatureHeader(body, secrets, timestamp) }
    } else {
      const sent = deliverySignatureHeaders(id, body, secrets, timestamp)
      headers = {
        'Service-Event-Id': sent['service-event-id'] ?? id,
        'Service-Signature': sent['service-signature'] ?? '',
        'webhook-id': sent['webhook-id'] ?? id,
        'webhook-timestamp': sent['webhook-timestamp'] ?? String(timestamp),
        'webhook-signature': sent['webhook-signature'] ?? '',
      }
    }
    // Header lines as curl's -H takes them; the event id is the only text from the user and is ASCII-checked.
    for (const [name, value] of Object.entries(headers)) this.log(`${name}: ${value}`)
    return { timestamp, body_bytes: body.length, signatures: secrets.length, headers }
  }
}
