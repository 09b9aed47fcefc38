import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import {
  deliveryStatuses,
  instantFlagHelp,
  parseInstantFlag,
  presentDelivery,
  requirePublicId,
} from '../../cli/webhooks.js'
import { listDeliveries } from '../../resources/deliveries/service.js'

export default class DeliveriesList extends BaseCommand {
  static override description =
    'List webhook deliveries of every shop, newest first: status, attempts, the last HTTP status or error.'
  static override examples = [
    '<%= config.bin %> deliveries list --status failed --since 3d',
    '<%= config.bin %> deliveries list --endpoint whe_123 --limit 200 --json',
    '<%= config.bin %> deliveries list --event evt_123',
  ]
  static override flags = {
    endpoint: Flags.string({ description: 'Only the deliveries to this webhook endpoint (whe_...)' }),
    status: Flags.string({ description: 'Only deliveries in this state', options: [...deliveryStatuses] }),
    event: Flags.string({ description: 'Only the deliveries of this event (evt_...)' }),
    since: Flags.string({ description: `Only deliveries created at or after this: ${instantFlagHelp}` }),
    limit: Flags.integer({ description: 'At most this many deliveries', default: 50, min: 1, max: 1000 }),
  }

  async run() {
    const { flags } = await this.parse(DeliveriesList)
    if (flags.endpoint) requirePublicId('webhookEndpoint', flags.endpoint, 'endpoint')
    if (flags.event) requirePublicId('event', flags.event, 'event')
    const since = flags.since === undefined ? undefined : parseInstantFlag('since', flags.since)
    const db = await this.openDatabase(flags['database-url'])
    const deliveries = (
      await listDeliveries(db.pool, {
        endpoint: flags.endpoint,
        status: flags.status as (typeof deliveryStatuses)[number] | undefined,
        event: flags.event,
        since,
        limit: flags.limit,
      })
    ).map(presentDelivery)
    this.printTable(deliveries, [
      { key: 'id', header: 'ID' },
      { key: 'endpoint_id', header: 'ENDPOINT' },
      { key: 'event_type', header: 'EVENT' },
      { key: 'origin', header: 'ORIGIN' },
      { key: 'status', header: 'STATUS' },
      { key: 'attempt_count', header: 'ATTEMPTS' },
      { key: 'last_response_status', header: 'LAST HTTP' },
      { key: 'next_attempt_at', header: 'NEXT ATTEMPT' },
      { key: 'created_at', header: 'CREATED' },
    ])
    return deliveries
  }
}
