import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import {
  deliveryStatuses,
  followIntervalMs,
  followLookbackMs,
  instantFlagHelp,
  parseInstantFlag,
  pollUntilAborted,
  presentDelivery,
  requirePublicId,
  writeJsonLine,
} from '../../cli/webhooks.js'
import type { Queryable } from '../../db/pool.js'
import { type DeliveryFilter, listDeliveries } from '../../resources/deliveries/service.js'

type Delivery = ReturnType<typeof presentDelivery>

// Deliveries --follow keeps re-reading until they end, at most this many at once (the newest).
const maxWatched = 2000

export default class DeliveriesList extends BaseCommand {
  static override description =
    'List webhook deliveries of every shop, newest first: status, attempts, the last HTTP status or error. --follow then prints each new delivery, and each attempt of those shown, as it happens, until Ctrl-C (exit 0); with --json one JSON object per line.'
  static override examples = [
    '<%= config.bin %> deliveries list --status failed --since 3d',
    '<%= config.bin %> deliveries list --endpoint whe_123 --limit 200 --json',
    '<%= config.bin %> deliveries list --event evt_123',
    '<%= config.bin %> deliveries list --follow --endpoint whe_123',
  ]
  static override flags = {
    endpoint: Flags.string({ description: 'Only the deliveries to this webhook endpoint (whe_...)' }),
    status: Flags.string({ description: 'Only deliveries in this state', options: [...deliveryStatuses] }),
    event: Flags.string({ description: 'Only the deliveries of this event (evt_...)' }),
    since: Flags.string({ description: `Only deliveries created at or after this: ${instantFlagHelp}` }),
    limit: Flags.integer({ description: 'At most this many deliveries', default: 50, min: 1, max: 1000 }),
    follow: Flags.boolean({
      char: 'f',
      description:
        'Then print new deliveries and the attempts of those shown as they happen, until Ctrl-C (--json: one object per line)',
      default: false,
    }),
  }

  async run() {
    const { flags } = await this.parse(DeliveriesList)
    if (flags.endpoint) requirePublicId('webhookEndpoint', flags.endpoint, 'endpoint')
    if (flags.event) requirePublicId('event', flags.event, 'event')
    const since = flags.since === undefined ? undefined : parseInstantFlag('since', flags.since)
    const db = await this.openDatabase(flags['database-url'])
    const filter = {
      endpoint: flags.endpoint,
      status: flags.status as (typeof deliveryStatuses)[number] | undefined,
      event: flags.event,
      since,
      limit: flags.limit,
    }
    const deliveries = (await listDeliveries(db.pool, filter)).map(presentDelivery)
    if (flags.follow) {
      await this.follow(db.pool, filter, deliveries)
      return undefined
    }
    this.printTable(deliveries.map(withEndpoint), deliveryColumns)
    return deliveries
  }

  /**
   * `--follow`: what is listed first (oldest first, like a log), then every new delivery matching the
   * filter and every change of one shown (an attempt, its end) as a line, until Ctrl-C.
   */
  private async follow(db: Queryable, filter: DeliveryFilter, listed: Delivery[]): Promise<void> {
    const shown = new Map<string, string>()
    const show = (delivery: Delivery) => {
      const state = `${delivery.status} ${delivery.attempt_count}`
      if (shown.get(delivery.id) === state) return
      shown.set(delivery.id, state)
      if (this.jsonEnabled()) writeJsonLine(delivery)
      else this.log(deliveryLine(delivery))
    }
    if (!this.jsonEnabled()) this.log(`Following deliveries (Ctrl-C to stop)`)
    for (const delivery of [...listed].reverse()) show(delivery)
    await this.interruptible('stopping', (signal) =>
      pollUntilAborted(signal, followIntervalMs, async () => {
        const lookback = new Date(Date.now() - followLookbackMs)
        const fresh = await listDeliveries(db, {
          ...filter,
          since: filter.since && filter.since > lookback ? filter.since : lookback,
          limit: 1000,
        })
        // Those shown and not ended: their attempts appear as they are recorded.
        const open = [...shown].filter(([, state]) => state.startsWith('pending')).map(([id]) => id)
        const watched =
          open.length === 0 ? [] : await listDeliveries(db, { ids: open.slice(-maxWatched), limit: maxWatched })
        const changes = [...fresh, ...watched].map(presentDelivery)
        changes.sort((a, b) => (a.last_attempt_at ?? a.created_at).localeCompare(b.last_attempt_at ?? b.created_at))
        for (const delivery of changes) show(delivery)
        // The map keeps what may still change or still be seen again through the lookback.
        if (shown.size > 4 * maxWatched) {
          for (const [id, state] of shown) {
            if (shown.size <= maxWatched) break
            if (!state.startsWith('pending')) shown.delete(id)
          }
        }
      }),
    )
  }
}

const deliveryColumns = [
  { key: 'id', header: 'ID' },
  { key: 'endpoint', header: 'ENDPOINT' },
  { key: 'event_type', header: 'EVENT' },
  { key: 'origin', header: 'ORIGIN' },
  { key: 'status', header: 'STATUS' },
  { key: 'attempt_count', header: 'ATTEMPTS' },
  { key: 'last_response_status', header: 'LAST HTTP' },
  { key: 'next_attempt_at', header: 'NEXT ATTEMPT' },
  { key: 'created_at', header: 'CREATED' },
]

/** The endpoint's url beside its id. */
function withEndpoint(delivery: Delivery) {
  return { ...delivery, endpoint: `${delivery.endpoint_id} (${delivery.url})` }
}

/** One `--follow` line: when, the delivery, where it goes, and where it stands. */
function deliveryLine(delivery: Delivery): string {
  const when = delivery.last_attempt_at ?? delivery.created_at
  const result =
    delivery.attempt_count === 0
      ? 'not attempted yet'
      : `attempt ${delivery.attempt_count}: ${delivery.last_response_status ?? delivery.last_error ?? '-'}`
  return `${when}  ${delivery.id}  ${delivery.status.padEnd(9)}  ${delivery.event_type} ${delivery.event_id} -> ${delivery.endpoint_id} (${delivery.url})  ${delivery.origin}, ${result}`
}
