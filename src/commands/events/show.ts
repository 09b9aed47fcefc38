import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { keyValueBlock, presentDelivery, presentEvent, requirePublicId } from '../../cli/webhooks.js'
import { listDeliveries } from '../../resources/deliveries/service.js'
import { getEventForOperator } from '../../resources/events/operator.js'

// Far more than an event ever gets (one per endpoint, plus replays and tests): effectively all.
const maxDeliveries = 1000

export default class EventsShow extends BaseCommand {
  static override description = 'Show an event: its envelope as receivers get it, and its deliveries.'
  static override examples = ['<%= config.bin %> events show evt_123', '<%= config.bin %> events show evt_123 --json']
  static override args = { id: Args.string({ description: 'Event id (evt_...)', required: true }) }

  async run() {
    const { args, flags } = await this.parse(EventsShow)
    const id = requirePublicId('event', args.id)
    const db = await this.openDatabase(flags['database-url'])
    const row = await getEventForOperator(db.pool, id)
    const { shop_id, integration_id, deliveries: _count, ...envelope } = presentEvent(row)
    const deliveries = (await listDeliveries(db.pool, { event: id, limit: maxDeliveries })).map(presentDelivery)
    this.log(
      keyValueBlock([
        ['id', envelope.id],
        ['shop', shop_id],
        ['type', envelope.type],
        ['object', `${envelope.data.object_type} ${envelope.data.object_id}`],
        ['test', envelope.test ? 'yes' : 'no'],
        ['caused by', integration_id ?? 'the shop (no integration)'],
        ['created', envelope.created_at],
      ]),
    )
    this.printJsonSection('Envelope:', envelope)
    this.printTableSection('Deliveries:', deliveries, [
      { key: 'id', header: 'ID' },
      { key: 'endpoint_id', header: 'ENDPOINT' },
      { key: 'origin', header: 'ORIGIN' },
      { key: 'status', header: 'STATUS' },
      { key: 'attempt_count', header: 'ATTEMPTS' },
      { key: 'last_response_status', header: 'LAST HTTP' },
      { key: 'created_at', header: 'CREATED' },
    ])
    return { event: envelope, shop_id, integration_id, deliveries }
  }
}
