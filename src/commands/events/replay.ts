import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { instantFlagHelp, parseInstantFlag, requirePublicId } from '../../cli/webhooks.js'
import { UsageError } from '../../lib/errors.js'
import { escapeForTerminalLine } from '../../lib/terminal-text.js'
import { eventRetentionDays, isEventType } from '../../platform/events.js'
import { previewReplay, type ReplayWindow, replayEvents } from '../../resources/deliveries/service.js'
import { getEndpointForOperator } from '../../resources/webhook-endpoints/operator.js'

// Above this many deliveries a replay asks first (or needs --yes): `--since 40d` once queued 200,028.
export const confirmAbove = 1000
// What --dry-run shows of the window.
const dryRunRows = 10

// Windows at least this large show progress on stderr (replayEvents queues 1000 per batch).
const progressThreshold = 1000
// Without a terminal, a progress line at most this often (plus the first and the last).
const progressLineIntervalMs = 2000

export default class EventsReplay extends BaseCommand {
  static override description =
    `Queue new deliveries to one webhook endpoint for the retained events (last ${eventRetentionDays} days) of a window: every event the endpoint subscribes to and its integration may see, whether or not it was delivered before. Receivers de-duplicate on the event id. --failed-only takes only the events whose delivery to the endpoint failed (and none succeeded or is pending); --dry-run counts and shows the first ones without queuing. A window reaching past the retention is refused; above ${confirmAbove.toLocaleString('en-US')} deliveries it asks first (--yes to skip; without a terminal --yes is required). Progress goes to stderr; stdout carries only the result.`
  static override examples = [
    '<%= config.bin %> events replay --endpoint whe_123 --since 6h',
    '<%= config.bin %> events replay --endpoint whe_123 --since 3d --failed-only --dry-run',
    '<%= config.bin %> events replay --endpoint whe_123 --since 30d --yes',
    '<%= config.bin %> events replay --endpoint whe_123 --since 2026-01-30T00:00:00Z --until 2026-01-31T00:00:00Z --type customer.updated --json',
  ]
  static override flags = {
    endpoint: Flags.string({ description: 'The webhook endpoint to deliver to (whe_...)', required: true }),
    since: Flags.string({ description: `Events created at or after this: ${instantFlagHelp}`, required: true }),
    until: Flags.string({ description: `Events created before this (default: now): ${instantFlagHelp}` }),
    type: Flags.string({ description: 'Only events of this type, e.g. customer.updated' }),
    'failed-only': Flags.boolean({
      description:
        'Only events whose delivery to this endpoint failed for good, and that have no delivery to it succeeded or pending',
      default: false,
    }),
    'dry-run': Flags.boolean({
      description: `Queue nothing: say how many deliveries would be queued and show the first ${dryRunRows}`,
      default: false,
    }),
    yes: Flags.boolean({
      char: 'y',
      description: `Queue more than ${confirmAbove.toLocaleString('en-US')} deliveries without asking`,
      default: false,
    }),
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
    const oldest = now - eventRetentionDays * 86_400_000
    if (since.getTime() < oldest) {
      throw new UsageError(
        `--since ${flags.since} reaches past the ${eventRetentionDays}-day retention (events before ${new Date(oldest).toISOString()} are gone): give --since ${eventRetentionDays}d or later`,
      )
    }
    const window: ReplayWindow = {
      endpointPublicId: endpointId,
      since,
      until,
      type: flags.type,
      failedOnly: flags['failed-only'],
    }
    const db = await this.openDatabase(flags['database-url'])
    const endpoint = await getEndpointForOperator(db.pool, endpointId)
    const described = {
      endpoint_id: endpointId,
      endpoint_status: endpoint.status,
      since: since.toISOString(),
      until: until?.toISOString() ?? null,
      type: flags.type ?? null,
      failed_only: flags['failed-only'],
    }
    const target = `${endpointId} (${endpoint.url})`
    if (flags['dry-run'] || !flags.yes) {
      const preview = await previewReplay(db.pool, window, dryRunRows)
      if (flags['dry-run']) {
        this.log(`Would queue ${deliveries(preview.total)} to ${target}${preview.total > 0 ? '; the first:' : ''}`)
        if (preview.total > 0) {
          this.printTable(
            preview.first.map((event) => ({ ...event, created_at: event.created_at.toISOString() })),
            [
              { key: 'public_id', header: 'EVENT' },
              { key: 'type', header: 'TYPE' },
              { key: 'object_id', header: 'OBJECT' },
              { key: 'created_at', header: 'CREATED' },
            ],
          )
        }
        return {
          ...described,
          dry_run: true,
          would_queue: preview.total,
          first: preview.first.map((event) => ({
            id: event.public_id,
            type: event.type,
            object_id: event.object_id,
            created_at: event.created_at.toISOString(),
          })),
        }
      }
      if (preview.total > confirmAbove && !(await this.confirmLarge(preview.total, target))) {
        this.log('Nothing queued.')
        return { ...described, dry_run: false, queued: 0 }
      }
    }
    const progress = progressReporter(process.stderr)
    let result: Awaited<ReturnType<typeof replayEvents>>
    try {
      result = await replayEvents(db.pool, window, progress.update)
    } finally {
      progress.end()
    }
    this.log(`Queued ${deliveries(result.queued)} to ${target}`)
    if (endpoint.status === 'disabled' && result.queued > 0) {
      this.log(`The endpoint is disabled: they wait until it is enabled (shopapi webhooks enable ${endpointId}).`)
    }
    return { ...described, dry_run: false, queued: result.queued }
  }

  /**
   * Asks on the terminal before queuing `count` deliveries; without one (a script, a pipe, --json)
   * refuses with the line that names --yes, so nothing large is ever queued unasked.
   */
  private async confirmLarge(count: number, target: string): Promise<boolean> {
    const question = `This replay queues ${deliveries(count)} to ${target}`
    if (this.jsonEnabled() || !process.stdin.isTTY) {
      throw new UsageError(
        `${question}, more than ${confirmAbove.toLocaleString('en-US')}: add --yes to queue them (--dry-run shows the first ones)`,
      )
    }
    const { createInterface } = await import('node:readline/promises')
    const prompt = createInterface({ input: process.stdin, output: process.stderr })
    try {
      const answer = await prompt.question(`${escapeForTerminalLine(question)}. Queue them? [y/N] `)
      return /^y(es)?$/i.test(answer.trim())
    } finally {
      prompt.close()
    }
  }
}

function deliveries(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'delivery' : 'deliveries'}`
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
