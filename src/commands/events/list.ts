import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { instantFlagHelp, parseInstantFlag, presentEvent, requirePublicId } from '../../cli/webhooks.js'
import { UsageError } from '../../lib/errors.js'
import { eventRetentionDays, isEventType } from '../../platform/events.js'
import { listEventsForOperator } from '../../resources/events/operator.js'

export default class EventsList extends BaseCommand {
  static override description =
    `List the events of the last ${eventRetentionDays} days of every shop, newest first, with how many deliveries each has. Test events are included and marked.`
  static override examples = [
    '<%= config.bin %> events list --since 2h',
    '<%= config.bin %> events list --type customer.updated --shop shop_123 --json',
  ]
  static override flags = {
    type: Flags.string({ description: 'Only events of this type, e.g. customer.created' }),
    since: Flags.string({ description: `Only events created at or after this: ${instantFlagHelp}` }),
    shop: Flags.string({ description: 'Only the events of this shop (shop_...)' }),
    limit: Flags.integer({ description: 'At most this many events', default: 50, min: 1, max: 1000 }),
  }

  async run() {
    const { flags } = await this.parse(EventsList)
    if (flags.type !== undefined && !isEventType(flags.type)) {
      throw new UsageError(`--type: "${flags.type}" is not an event type, e.g. customer.created`)
    }
    if (flags.shop) requirePublicId('shop', flags.shop, 'shop')
    const since = flags.since === undefined ? undefined : parseInstantFlag('since', flags.since)
    const db = await this.openDatabase(flags['database-url'])
    const events = (
      await listEventsForOperator(db.pool, { type: flags.type, since, shop: flags.shop, limit: flags.limit })
    ).map(presentEvent)
    this.printTable(
      events.map((event) => ({
        ...event,
        object: `${event.data.object_type} ${event.data.object_id}`,
        test: event.test ? 'yes' : '',
      })),
      [
        { key: 'id', header: 'ID' },
        { key: 'shop_id', header: 'SHOP' },
        { key: 'type', header: 'TYPE' },
        { key: 'object', header: 'OBJECT' },
        { key: 'test', header: 'TEST' },
        { key: 'deliveries', header: 'DELIVERIES' },
        { key: 'created_at', header: 'CREATED' },
      ],
    )
    return events
  }
}
