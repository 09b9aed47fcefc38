import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { checkedSecrets, readPayload, unixSecondsFlag } from '../../cli/webhook-signing.js'
import { UsageError } from '../../lib/errors.js'
import {
  checkServiceSignature,
  checkStandardWebhookSignature,
  type SignatureReport,
} from '../../lib/webhook-signature-check.js'

/** A pasted `Name: value` line is taken for its value. */
function headerValue(name: string, value: string): string {
  const trimmed = value.trim()
  return trimmed.toLowerCase().startsWith(`${name.toLowerCase()}:`) ? trimmed.slice(name.length + 1).trim() : trimmed
}

export default class WebhooksVerify extends BaseCommand {
  static override description =
    'Check a delivery\'s signature against a file\'s bytes, as a receiver would: exit 0 and "valid", or exit 1 and why not (malformed header, t outside the tolerance by how much, no v1 matched, the body looks re-serialized or lost a newline, the key was built wrongly). Service-Signature by default; --standard-webhooks checks webhook-id, webhook-timestamp and webhook-signature instead. Needs no database; the secret is never printed.'
  static override examples = [
    '<%= config.bin %> webhooks verify --secret "$WEBHOOK_SECRET" --payload body.json --header "t=1767225600,v1=27f0dd64..."',
    '<%= config.bin %> webhooks verify --secret "$WEBHOOK_SECRET" --payload - --header "$SIG" --now 1767225600 --json < body.json',
    '<%= config.bin %> webhooks verify --standard-webhooks --secret "$WEBHOOK_SECRET" --payload body.json --webhook-id evt_123 --webhook-timestamp 1767225600 --webhook-signature "v1,K5oZ..."',
  ]
  static override flags = {
    secret: Flags.string({
      description: 'Secret (whsec_...) to verify with; repeat it to accept any of several, as during a rotation',
      required: true,
      multiple: true,
    }),
    payload: Flags.string({
      description: 'File holding the body exactly as received; - reads standard input',
      required: true,
    }),
    header: Flags.string({ description: 'The Service-Signature value (t=...,v1=...)' }),
    tolerance: Flags.string({ description: 'Largest accepted |now - t| in seconds', default: '300' }),
    now: Flags.string({
      description: 'The clock to check t against: unix seconds or an RFC 3339 instant (default: now)',
    }),
    'standard-webhooks': Flags.boolean({
      description: 'Check the Standard Webhooks headers (--webhook-id, --webhook-timestamp, --webhook-signature)',
      default: false,
    }),
    'webhook-id': Flags.string({ description: 'The webhook-id header (with --standard-webhooks)' }),
    'webhook-timestamp': Flags.string({ description: 'The webhook-timestamp header (with --standard-webhooks)' }),
    'webhook-signature': Flags.string({
      description: 'The webhook-signature header, v1,<base64> (with --standard-webhooks)',
    }),
  }

  async run() {
    const { flags } = await this.parse(WebhooksVerify)
    const secrets = checkedSecrets(flags.secret)
    const tolerance = flags.tolerance.trim()
    if (!/^\d{1,9}$/.test(tolerance)) throw new UsageError('--tolerance must be a whole number of seconds')
    const options = {
      toleranceSeconds: Number(tolerance),
      nowSeconds: unixSecondsFlag('now', flags.now) ?? Math.floor(Date.now() / 1000),
    }
    const standard = flags['standard-webhooks']
    const standardFlags = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const
    if (standard) {
      const missing = standardFlags.filter((name) => flags[name] === undefined)
      if (missing.length > 0)
        throw new UsageError(`--standard-webhooks needs ${missing.map((name) => `--${name}`).join(', ')}`)
      if (flags.header !== undefined)
        throw new UsageError('--header is the Service-Signature; leave it out with --standard-webhooks')
    } else {
      if (flags.header === undefined) {
        throw new UsageError('--header (the Service-Signature value) is required; or use --standard-webhooks')
      }
      const stray = standardFlags.find((name) => flags[name] !== undefined)
      if (stray) throw new UsageError(`--${stray} is read only with --standard-webhooks`)
    }
    const body = await readPayload(flags.payload)
    const report: SignatureReport = standard
      ? checkStandardWebhookSignature(
          body,
          {
            id: headerValue('webhook-id', flags['webhook-id'] ?? ''),
            timestamp: headerValue('webhook-timestamp', flags['webhook-timestamp'] ?? ''),
            signature: headerValue('webhook-signature', flags['webhook-signature'] ?? ''),
          },
          secrets,
          options,
        )
      : checkServiceSignature(body, headerValue('service-signature', flags.header ?? ''), secrets, options)

    this.log(report.valid ? report.message : `invalid: ${report.message}`)
    if (!report.valid) process.exitCode = 1
    return {
      valid: report.valid,
      problem: report.problem,
      message: report.message,
      scheme: standard ? 'standard-webhooks' : 'service-signature',
      timestamp: report.timestamp,
      age_seconds: report.ageSeconds,
      tolerance_seconds: report.toleranceSeconds,
      now: options.nowSeconds,
      signatures_in_header: report.signaturesInHeader,
      secrets_given: secrets.length,
      matched_secret: report.matchedSecret,
      matched_signature: report.matchedSignature,
      body_bytes: body.length,
    }
  }
}
