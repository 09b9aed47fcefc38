import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { instantFlagHelp, parseInstantFlag, requirePublicId } from '../../cli/webhooks.js'
import { UsageError } from '../../lib/errors.js'
import { eventRetentionDays, isEventType } from '../../platform/events.js'
import { replayEvents } from '../../resources/deliveries/service.js'
import { getEndpointForOperator } from '../../resources/webhook-endpoints/operator.js'

// Windows at least this large show progress on stderr (replayEvents queues 1000 per batch).
const progressThreshold = 1000
// Without a terminal, a progress line at most this often (plus the first and the last).
const progressLineIntervalMs = 2000

export default class EventsReplay extends BaseCommand {
  static override description =
    `Queue new deliveries to one webhook endpoint for the retained events (last ${eventRetentionDays} days) of a window: every event the endpoint subscribes to and its integration may see, whether or not it was delivered before. Receivers de-duplicate on the event id. Progress goes to stderr; stdout carries only the result.`
  static override examples = [
    '<%= config.bin %> events replay --endpoint whe_123 --since 6h',
    '<%= config.bin %> events replay --endpoint whe_123 --since 2026-01-30T00:00:00Z --until 2026-01-31T00:00:00Z --type customer.updated --json',
  ]
  static override flags = {
    endpoint: Flags.string({ description: 'The webhook endpoint to deliver to (whe_...)', required: true }),
    since: Flags.string({ description: `Events created at or after this: ${instantFlagHelp}`, required: true }),
    until: Flags.string({ description: `Events created before this (default: now): ${instantFlagHelp}` }),
    type: Flags.string({ description: 'Only events of this type, e.g. customer.updated' }),
  }

  async run() {
    const { flags } = await this.parse(EventsReplay)
    const endpointId = requirePublicId('webhookEndpoint', flags.endpoint, 'endpoint')
    const now = Date.now()
    const since = parseInstantFlag('since', flags.since, now)
    const until = flags.until === undefined ? undefined : parseInstantFlag('until', flags.until, now)
    if (until && until <= since) throw new UsageError('--until must be later than --since')
    if (flags.type !== undefined && !isEventType(flags.type)) {
      throw new UsageError(`--type: "${flags.type}" is not an event type, e.g. customer.updated`)
    }
    const db = await this.openDatabase(flags['database-url'])
    const endpoint = await getEndpointForOperator(db.pool, endpointId)
    const progress = progressReporter(process.stderr)
    let result: Awaited<ReturnType<typeof replayEvents>>
    try {
      result = await replayEvents(
        db.pool,
        { endpointPublicId: endpointId, since, until, type: flags.type },
        progress.update,
      )
    } finally {
      progress.end()
    }
    this.log(
      `Queued ${result.queued} ${result.queued === 1 ? 'delivery' : 'deliveries'} to ${endpointId} (${endpoint.url})`,
    )
    if (endpoint.status === 'disabled' && result.queued > 0) {
      this.log(`The endpoint is disabled: they wait until it is enabled (shopapi webhooks enable ${endpointId}).`)
    }
    return {
      endpoint_id: endpointId,
      endpoint_status: endpoint.status,
      since: since.toISOString(),
      until: until?.toISOString() ?? null,
      type: flags.type ?? null,
      queued: result.queued,
    }
  }
}

/** An in-place `\r` bar on a terminal, occasional plain lines otherwise; silent for small windows. */
function progressReporter(stream: NodeJS.WriteStream) {
  let shown = false
  let lastLineAt = 0
  let latest = ''
  let written = ''
  const render = (done: number, total: number) => {
    const fraction = total === 0 ? 1 : Math.min(done / total, 1)
    const width = 30
    const filled = Math.round(fraction * width)
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`
    return `Queuing deliveries ${bar} ${done}/${total} (${Math.round(fraction * 100)}%)`
  }
  const writeLine = (text: string) => {
    stream.write(`${text}\n`)
    written = text
    lastLineAt = Date.now()
  }
  return {
    update: (done: number, total: number) => {
      if (total < progressThreshold) return
      latest = render(done, total)
      shown = true
      if (stream.isTTY) stream.write(`\r${latest}`)
      else if (written === '' || Date.now() - lastLineAt >= progressLineIntervalMs) writeLine(latest)
    },
    /** Ends the bar's line, or prints the last state when no line showed it yet. */
    end: () => {
      if (!shown) return
      if (stream.isTTY) stream.write('\n')
      else if (written !== latest) writeLine(latest)
    },
  }
}
