import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import {
  attemptResult,
  bodyPreview,
  keyValueBlock,
  presentAttempt,
  presentDelivery,
  requirePublicId,
} from '../../cli/webhooks.js'
import { ApiError } from '../../lib/errors.js'
import { eventEnvelope } from '../../platform/events.js'
import { getDelivery } from '../../resources/deliveries/service.js'

export default class DeliveriesShow extends BaseCommand {
  static override description =
    'Show a webhook delivery: its state, the event envelope it carries and every attempt (time, duration, HTTP status or error, what the receiver asked for (a Retry-After honoured, a 410 Gone that disabled the endpoint), signatures, manual, the start of the response body).'
  static override examples = [
    '<%= config.bin %> deliveries show dlv_123',
    '<%= config.bin %> deliveries show dlv_123 --json',
  ]
  static override args = { id: Args.string({ description: 'Delivery id (dlv_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(DeliveriesShow)
    const id = requirePublicId('delivery', args.id)
    const db = await this.openDatabase(flags['database-url'])
    const found = await getDelivery(db.pool, id)
    if (!found) throw new ApiError('not_found', `No delivery ${id} (deliveries are kept for 30 days)`)
    const delivery = presentDelivery(found)
    const event = eventEnvelope(found.event)
    const attempts = found.attempts.map(presentAttempt)
    this.log(
      keyValueBlock([
        ['id', delivery.id],
        ['shop', delivery.shop_id],
        ['endpoint', `${delivery.endpoint_id} (${delivery.url})`],
        ['event', `${delivery.event_id} (${delivery.event_type})`],
        ['origin', delivery.origin],
        ['status', delivery.status],
        ['attempts', delivery.attempt_count],
        ['next attempt', delivery.next_attempt_at],
        ['last attempt', delivery.last_attempt_at],
        ['last HTTP status', delivery.last_response_status],
        ['last error', delivery.last_error],
        ['created', delivery.created_at],
        ['completed', delivery.completed_at],
      ]),
    )
    this.printJsonSection('Envelope:', event)
    this.printTableSection(
      'Attempts:',
      attempts.map((attempt) => ({
        ...attempt,
        result: attemptResult(attempt),
        duration: `${attempt.duration_ms} ms`,
        manual: attempt.manual ? 'yes' : 'no',
        body: bodyPreview(attempt.response_body),
      })),
      [
        { key: 'number', header: '#' },
        { key: 'started_at', header: 'STARTED' },
        { key: 'duration', header: 'DURATION' },
        { key: 'result', header: 'RESULT' },
        { key: 'signatures', header: 'SIGNATURES' },
        { key: 'manual', header: 'MANUAL' },
        { key: 'body', header: 'RESPONSE BODY' },
      ],
    )
    return { ...delivery, event, attempts }
  }
}
