import { Flags } from '@oclif/core'
import { apiProfileFlag, apiUrlFlag, resolveApiTarget } from '../cli/api-target.js'
import { BaseCommand } from '../cli/base.js'
import { instantFlagHelp, parseInstantFlag } from '../cli/instant-flag.js'
import {
  allowInsecureApiUrlFlag,
  type ListenRecord,
  listen,
  parseEventTypeFilter,
  parseForwardUrl,
  parseSecret,
} from '../cli/listen.js'
import { UsageError } from '../lib/errors.js'
import { escapeForTerminal, escapeForTerminalLine } from '../lib/terminal-text.js'
import { generateWebhookSecret } from '../lib/webhook-signature.js'

export default class Listen extends BaseCommand {
  static override description =
    "Tail an appliance's events over its API (GET /v1/events, no database needed) and forward each one, signed like a real delivery with a secret printed at start, to a local URL, in the order of the feed (GET /v1/events?order=asc, one kept cursor: an event that commits late is forwarded when it commits, never skipped). The receiver down or failing: the event is retried until it answers 2xx, and nothing later is sent before it. The appliance unreachable: listen waits and resumes where it was. Ctrl-C prints where to resume."
  static override examples = [
    '<%= config.bin %> listen --api-url https://shop.example/v1 --api-key shopapi_… --forward-to http://localhost:3000/hooks',
    '<%= config.bin %> listen --api-url https://shop.example --api-key shopapi_… --forward-to http://localhost:3000/hooks --events customer.*,repair_order.status_changed',
    '<%= config.bin %> listen --api-url http://192.0.2.10:8080 --allow-insecure-api-url --api-key shopapi_… --print-json | jq .type',
    '<%= config.bin %> listen --api-url … --api-key … --forward-to http://localhost:3000/hooks --replay-since 2026-01-31T09:00:00+01:00 --secret whsec_…',
  ]
  // No database (so no --database-url): listen reads the appliance through its API, from any machine
  // that reaches it. The cast keeps BaseCommand's static shape; run() never reads that flag.
  static override baseFlags = {} as typeof BaseCommand.baseFlags
  static override flags = {
    'api-url': apiUrlFlag,
    [allowInsecureApiUrlFlag]: Flags.boolean({
      description:
        'Accept a plain http:// --api-url to a host other than this machine (localhost, 127.0.0.0/8 and ::1 need no flag): the key and the events then cross the network unencrypted',
      default: false,
    }),
    'api-key': Flags.string({
      description: 'An API key of the integration whose events to forward (it sees what its scopes allow)',
      env: 'SHOPAPI_API_KEY',
    }),
    profile: apiProfileFlag,
    'forward-to': Flags.string({
      description:
        'POST each event here, signed like a real delivery: http or https, any host, localhost included (only listen may target it)',
    }),
    events: Flags.string({
      description: 'Only these event types, comma-separated: exact types, family.* (customer.*) or * [default: *]',
    }),
    'print-json': Flags.boolean({
      description:
        'Print each event as one line of JSON on stdout (forwarding still happens with --forward-to; its lines go to stderr)',
      default: false,
    }),
    'replay-since': Flags.string({
      description: `Start with the retained events created at or after this, instead of now: ${instantFlagHelp}`,
      exclusive: ['after'],
    }),
    after: Flags.string({
      description: 'Start after this event: the evt_… a stopped listen printed to resume from',
      exclusive: ['replay-since'],
    }),
    secret: Flags.string({
      description: 'Sign with this secret (whsec_…) instead of a new one, so the receiver keeps its configuration',
    }),
    'poll-interval': Flags.integer({
      description: 'Milliseconds between polls of the event log when it has nothing new',
      default: 1000,
      min: 50,
      max: 60_000,
      hidden: true,
    }),
  }

  async run() {
    const { flags } = await this.parse(Listen)
    const allowInsecure = flags[allowInsecureApiUrlFlag]
    const { apiUrl, apiKey } = await resolveApiTarget({
      apiUrl: flags['api-url'],
      apiKey: flags['api-key'],
      profile: flags.profile,
      allowInsecure,
    })
    if (allowInsecure && new URL(apiUrl).protocol === 'http:') {
      this.stderrLine(`Warning: ${apiUrl} is plain HTTP: the key and the events cross the network unencrypted`)
    }
    const forwardTo = flags['forward-to'] === undefined ? null : parseForwardUrl(flags['forward-to'])
    const filter = parseEventTypeFilter(flags.events)
    const secret = flags.secret === undefined ? generateWebhookSecret() : parseSecret(flags.secret)
    const replaySince =
      flags['replay-since'] === undefined ? undefined : parseInstantFlag('replay-since', flags['replay-since'])
    if (flags.after !== undefined && !/^evt_[A-Za-z0-9]+$/.test(flags.after)) {
      throw new UsageError(`--after: "${flags.after}" is not an event id (evt_…)`)
    }
    const printJson = flags['print-json']
    const json = this.jsonEnabled()

    const controller = new AbortController()
    const onSignal = (signal: NodeJS.Signals) => {
      if (!json) this.stderrLine(`${signal}: stopping`)
      controller.abort()
      // A second Ctrl-C does not wait for anything.
      process.once(signal, () => process.exit(130))
    }
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
    try {
      const stopped = await listen({
        apiUrl,
        apiKey,
        forwardTo,
        secret,
        filter,
        replaySince,
        after: flags.after,
        signal: controller.signal,
        pollIntervalMs: flags['poll-interval'],
        report: (record) => {
          if (json) process.stdout.write(`${JSON.stringify(record)}\n`)
          else this.present(record, { printJson, forwarding: forwardTo !== null })
        },
      })
      if (json) process.stdout.write(`${JSON.stringify(stopped)}\n`)
      else this.present(stopped, { printJson, forwarding: forwardTo !== null })
    } finally {
      process.removeListener('SIGINT', onSignal)
      process.removeListener('SIGTERM', onSignal)
    }
    // Streamed as it happened: nothing more for oclif to print under --json.
    return undefined
  }

  /** Under --json every line is one record, the closing error too (oclif would indent it over lines). */
  override logJson(json: unknown): void {
    process.stdout.write(`${JSON.stringify(json)}\n`)
  }

  /** People's view: one stdout line per event; everything else on stderr, so stdout can be piped. */
  private present(record: ListenRecord, view: { printJson: boolean; forwarding: boolean }): void {
    const line = escapeForTerminalLine
    switch (record.type) {
      case 'ready': {
        const start = record.starting_after
          ? `after ${record.starting_after}`
          : record.starting_at
            ? `with events since ${record.starting_at}`
            : 'with the first event of the log'
        this.stderrLine(
          `Ready! Listening to ${line(record.api_url)} for ${record.events.join(', ')} events, starting ${start}.`,
        )
        if (record.forward_to && record.secret) {
          this.stderrLine(`Forwarding to ${line(record.forward_to)}; your webhook signing secret is ${record.secret}`)
        }
        this.stderrLine('Press Ctrl-C to stop.')
        return
      }
      case 'event': {
        if (view.printJson) {
          // JSON.stringify escapes C0 controls; the terminal escape turns DEL, C1 and bidi characters into
          // \u escapes too, which JSON reads back as the same string.
          process.stdout.write(`${escapeForTerminal(JSON.stringify(record.event))}\n`)
          if (record.forwarded) {
            this.stderrLine(
              `${line(record.event.id)} -> [${record.forwarded.status}] ${record.forwarded.duration_ms} ms${attempts(record.forwarded.attempts)}`,
            )
          }
          return
        }
        const { event, forwarded } = record
        const answer = forwarded
          ? `[${forwarded.status}] ${forwarded.duration_ms} ms${attempts(forwarded.attempts)}`
          : view.forwarding
            ? ''
            : '(not forwarded)'
        process.stdout.write(
          `${[line(event.created_at), line(event.type).padEnd(28), line(String(event.data.object_id)).padEnd(30), answer, line(event.id)].join('  ')}\n`,
        )
        return
      }
      case 'forward_failed':
        this.stderrLine(
          `${line(record.event_id)} ${line(record.event_type)}: ${line(record.error)}${record.status === null ? '' : ` (${record.duration_ms} ms)`}; attempt ${record.attempt}, retrying in ${seconds(record.retry_in_ms)}`,
        )
        return
      case 'api_unavailable':
        this.stderrLine(
          `The appliance is unavailable (${line(record.error)}); retrying in ${seconds(record.retry_in_ms)}`,
        )
        return
      case 'api_recovered':
        this.stderrLine('The appliance answers again; resuming where listen was')
        return
      case 'stopped':
        this.stderrLine(
          `Stopped after forwarding ${record.forwarded} ${record.forwarded === 1 ? 'event' : 'events'}. ${
            record.resume_after
              ? `Resume with --after ${record.resume_after}`
              : record.resume_since
                ? `Resume with --replay-since ${record.resume_since}`
                : 'Nothing to resume from yet.'
          }`,
        )
        return
    }
  }
}

function attempts(count: number): string {
  return count > 1 ? ` after ${count} attempts` : ''
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
