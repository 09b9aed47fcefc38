import { Flags } from '@oclif/core'
import pino from 'pino'
import { BaseCommand, migrationDatabaseUrlFlag } from '../cli/base.js'
import { privateTargetsWarning, secretKeyWarning } from '../cli/webhooks.js'
import { redactSecrets } from '../lib/log-redaction.js'
import { limitHeapGrowth } from '../server/heap-growth.js'
import { startWorkerProcess } from '../server/runtime.js'

export default class Worker extends BaseCommand {
  static override description =
    'Run only the webhook worker: dispatches events, delivers and retries webhooks, purges expired records; no HTTP API. Run several (and `serve --no-worker`) on one DATABASE_URL to scale deliveries apart from requests. Logs JSON lines to stdout at SHOPAPI_LOG_LEVEL; stops gracefully on SIGINT/SIGTERM, letting attempts in flight finish.'
  static override examples = [
    'DATABASE_URL=postgres://shopapi_runtime@db/shopapi SHOPAPI_SECRET_KEY=... <%= config.bin %> worker',
    '<%= config.bin %> serve --no-worker & <%= config.bin %> worker',
    '<%= config.bin %> worker --metrics-port 9465   # Prometheus scrapes http://127.0.0.1:9465/metrics',
  ]

  static override flags = {
    'migration-database-url': migrationDatabaseUrlFlag,
    'metrics-port': Flags.integer({
      description:
        "Serve this worker's GET /metrics, without a token, on this port (0: any free port, printed at start); off unless given",
      min: 0,
      max: 65535,
      env: 'SHOPAPI_WORKER_METRICS_PORT',
    }),
    'metrics-host': Flags.string({
      description: 'Address of the --metrics-port listener; keep it private (no token guards it)',
      default: '127.0.0.1',
      env: 'SHOPAPI_METRICS_HOST',
    }),
  }

  async run() {
    const { flags } = await this.parse(Worker)
    const config = this.appConfig(flags['database-url'], flags['migration-database-url'])
    limitHeapGrowth(config.heapGrowthPercent)
    const json = this.jsonEnabled()
    const warning = secretKeyWarning(config)
    if (warning) this.stderrLine(warning)
    if (config.webhooks.allowPrivateTargets) this.stderrLine(privateTargetsWarning)
    const log = pino({ level: config.logLevel, formatters: { log: redactSecrets } })
    const running = await startWorkerProcess({
      config,
      log,
      onProgress: (message) => this.stderrLine(message),
      ...(flags['metrics-port'] === undefined
        ? {}
        : { metricsListener: { host: flags['metrics-host'], port: flags['metrics-port'] } }),
    })
    const summary = {
      worker: true,
      database: running.database.embedded ? `embedded (${config.dataDir})` : 'DATABASE_URL',
      concurrency: config.webhooks.concurrency,
      endpoint_concurrency: config.webhooks.endpointConcurrency,
      allow_private_targets: config.webhooks.allowPrivateTargets,
      metrics_url: running.metricsUrl ?? null,
    }
    if (json) {
      process.stdout.write(`${JSON.stringify(summary)}\n`)
    } else {
      process.stderr.write(
        `${[
          'shopapi webhook worker is running (no HTTP API)',
          `  database: ${summary.database}`,
          `  concurrency: ${summary.concurrency} endpoints, ${summary.endpoint_concurrency} attempts per endpoint`,
          `  metrics: ${summary.metrics_url ?? 'off (--metrics-port)'}`,
          '',
        ].join('\n')}\n`,
      )
    }
    log.info(summary, 'webhook worker started')

    await this.runUntilSignal(() => running.stop(), 'attempts in flight')
    return undefined
  }
}
