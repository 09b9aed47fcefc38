import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import {
  followIntervalMs,
  followLookbackMs,
  instantFlagHelp,
  parseInstantFlag,
  pollUntilAborted,
  presentEvent,
  requirePublicId,
  writeJsonLine,
} from '../../cli/webhooks.js'
import type { Queryable } from '../../db/pool.js'
import { UsageError } from '../../lib/errors.js'
import { eventRetentionDays, isEventType } from '../../platform/events.js'
import { listEventsForOperator, type OperatorEventFilter } from '../../resources/events/operator.js'

type Event = ReturnType<typeof presentEvent>

export default class EventsList extends BaseCommand {
  static override description =
    `List the events of the last ${eventRetentionDays} days of every shop, newest first, with how many deliveries each has. Test events are included and marked. --follow then prints each new event as it happens, until Ctrl-C (exit 0); with --json one JSON object per line.`
  static override examples = [
    '<%= config.bin %> events list --since 2h',
    '<%= config.bin %> events list --type customer.updated --shop shop_123 --json',
    '<%= config.bin %> events list --follow',
  ]
  static override flags = {
    type: Flags.string({ description: 'Only events of this type, e.g. customer.created' }),
    since: Flags.string({ description: `Only events created at or after this: ${instantFlagHelp}` }),
    shop: Flags.string({ description: 'Only the events of this shop (shop_...)' }),
    limit: Flags.integer({ description: 'At most this many events', default: 50, min: 1, max: 1000 }),
    follow: Flags.boolean({
      char: 'f',
      description: 'Then print new events as they happen, until Ctrl-C (--json: one object per line)',
      default: false,
    }),
  }

  async run() {
    const { flags } = await this.parse(EventsList)
    if (flags.type !== undefined && !isEventType(flags.type)) {
      throw new UsageError(`--type: "${flags.type}" is not an event type, e.g. customer.created`)
    }
    if (flags.shop) requirePublicId('shop', flags.shop, 'shop')
    const since = flags.since === undefined ? undefined : parseInstantFlag('since', flags.since)
    const db = await this.openDatabase(flags['database-url'])
    const filter = { type: flags.type, since, shop: flags.shop, limit: flags.limit }
    const events = (await listEventsForOperator(db.pool, filter)).map(presentEvent)
    if (flags.follow) {
      await this.follow(db.pool, filter, events)
      return undefined
    }
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

  /** `--follow`: the events listed, oldest first, then each new one as a line, until Ctrl-C. */
  private async follow(db: Queryable, filter: OperatorEventFilter, listed: Event[]): Promise<void> {
    const shown = new Set<string>()
    const show = (event: Event) => {
      if (shown.has(event.id)) return
      shown.add(event.id)
      if (this.jsonEnabled()) writeJsonLine(event)
      else
        this.log(
          `${event.created_at}  ${event.id}  ${event.type}  ${event.data.object_type} ${event.data.object_id}  ${event.shop_id}${event.test ? '  (test)' : ''}`,
        )
    }
    if (!this.jsonEnabled()) this.log('Following events (Ctrl-C to stop)')
    for (const event of [...listed].reverse()) show(event)
    await this.interruptible('stopping', (signal) =>
      pollUntilAborted(signal, followIntervalMs, async () => {
        const lookback = new Date(Date.now() - followLookbackMs)
        const since = filter.since && filter.since > lookback ? filter.since : lookback
        const fresh = (await listEventsForOperator(db, { ...filter, since, limit: 1000 })).map(presentEvent)
        for (const event of fresh.reverse()) show(event)
        // Ids older than the lookback cannot come back: forget them, so a long tail stays small.
        if (shown.size > 20_000) {
          const recent = new Set(fresh.map((event) => event.id))
          for (const id of shown) if (!recent.has(id)) shown.delete(id)
        }
      }),
    )
  }
}
