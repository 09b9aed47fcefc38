import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { Flags } from '@oclif/core'
import ms from 'ms'
import { readPassphrase } from '../cli/backup.js'
import { type BackupSchedule, startBackupSchedule } from '../cli/backup-schedule.js'
import { BaseCommand, migrationDatabaseUrlFlag } from '../cli/base.js'
import { demoCountRows, demoCurlCommands, demoJson, demoProgress } from '../cli/demo/present.js'
import { type DemoResult, demoShop, seedDemo } from '../cli/demo/seed.js'
import { invokedAs } from '../cli/invocation.js'
import { privateTargetsWarning } from '../cli/webhooks.js'
import { metricsTokenPattern, metricsTokenRule } from '../config.js'
import { databaseHasData } from '../db/demo-queries.js'
import { type ApiError, UsageError } from '../lib/errors.js'
import { shopDefaults, validateNewShop } from '../platform/tenancy/shops.js'
import { limitHeapGrowth } from '../server/heap-growth.js'
import { startServer } from '../server/runtime.js'
import { maxDemoCustomers } from './demo.js'

export default class Serve extends BaseCommand {
  static override description =
    'Run the API. Uses DATABASE_URL, or the embedded PostgreSQL in SHOPAPI_DATA_DIR (default: the user data directory, ~/.local/share/shopapi on Linux); migrates it, and creates the first shop when there is none.'

  static override examples = [
    '<%= config.bin %> serve',
    '<%= config.bin %> serve --port 8080 --shop-name "Main Street Auto" --timezone America/Chicago --currency USD',
    'DATABASE_URL=postgres://shopapi_runtime@db/shopapi <%= config.bin %> serve --host 0.0.0.0   # after `shopapi migrate` as the owner',
    'DATABASE_URL=postgres://shopapi_runtime@db/shopapi <%= config.bin %> serve --no-worker   # deliveries by `shopapi worker`',
    '<%= config.bin %> serve --demo   # an empty database gets the demo shop first (see `shopapi demo`)',
    'SHOPAPI_BACKUP_PASSPHRASE=... <%= config.bin %> serve --backup-every 24h --backup-keep 7 --backup-dir /backups/shopapi',
    '<%= config.bin %> serve --metrics-port 9464   # Prometheus on this host scrapes http://127.0.0.1:9464/metrics',
    'SHOPAPI_METRICS_TOKEN=$(openssl rand -hex 24) <%= config.bin %> serve   # GET /metrics on the API port with that bearer token',
  ]

  static override flags = {
    'migration-database-url': migrationDatabaseUrlFlag,
    port: Flags.integer({ description: 'TCP port to listen on', default: 8080, min: 0, max: 65535, env: 'PORT' }),
    host: Flags.string({ description: 'Address to listen on', default: '127.0.0.1', env: 'HOST' }),
    'shop-name': Flags.string({
      description: `Name of the first shop, used only when the database has none [default: ${shopDefaults.name}; with --demo: ${demoShop.name}]`,
    }),
    timezone: Flags.string({ description: 'IANA time zone of the first shop', default: shopDefaults.timezone }),
    currency: Flags.string({ description: 'ISO 4217 currency of the first shop', default: shopDefaults.currency }),
    worker: Flags.boolean({
      description:
        'Also run the webhook worker in this process (deliveries, retries, purging); --no-worker leaves that to `shopapi worker` processes',
      default: true,
      allowNo: true,
    }),
    demo: Flags.boolean({
      description:
        'On an empty database, fill the first shop with the demo history (as `shopapi demo`) before listening, and print an API key that reads it with requests to try',
      default: false,
    }),
    seed: Flags.integer({ description: 'With --demo: the seed of the demo data', default: 42, dependsOn: ['demo'] }),
    'metrics-token': Flags.string({
      description: `Serve GET /metrics on the API port to requests with "Authorization: Bearer <token>" (${metricsTokenRule}); without a token that route does not exist`,
      env: 'SHOPAPI_METRICS_TOKEN',
    }),
    'metrics-port': Flags.integer({
      description:
        'Also serve GET /metrics, without a token, on this port (0: any free port, printed at start); off unless given',
      min: 0,
      max: 65535,
      env: 'SHOPAPI_METRICS_PORT',
    }),
    'metrics-host': Flags.string({
      description: 'Address of the --metrics-port listener; keep it private (no token guards it)',
      default: '127.0.0.1',
      env: 'SHOPAPI_METRICS_HOST',
    }),
    'backup-every': Flags.string({
      description:
        'Back the database up this often (24h, 6h, 30m) into --backup-dir, as `shopapi backup` does; the first when the newest backup there is this old, or at start when there is none',
      dependsOn: ['backup-dir'],
    }),
    'backup-keep': Flags.integer({
      description: 'With --backup-every: how many backups to keep in --backup-dir (the oldest go) [default: 7]',
      min: 1,
      dependsOn: ['backup-every'],
    }),
    'backup-dir': Flags.string({
      description: 'With --backup-every: the directory of the backups (created 0700); best on another disk',
      dependsOn: ['backup-every'],
    }),
    'backup-passphrase-file': Flags.string({
      description: 'With --backup-every: a file whose first line is the passphrase (else SHOPAPI_BACKUP_PASSPHRASE)',
      dependsOn: ['backup-every'],
    }),
    customers: Flags.integer({
      description: 'With --demo: how many customers',
      default: 500,
      min: 1,
      max: maxDemoCustomers,
      dependsOn: ['demo'],
    }),
  }

  async run() {
    const { flags } = await this.parse(Serve)
    const config = this.appConfig(flags['database-url'], flags['migration-database-url'])
    limitHeapGrowth(config.heapGrowthPercent)
    const metricsToken = flags['metrics-token']?.trim() ? flags['metrics-token'] : undefined
    if (metricsToken !== undefined && !metricsTokenPattern.test(metricsToken)) {
      throw new UsageError(`--metrics-token must be ${metricsTokenRule}`)
    }
    config.metrics = { token: metricsToken }
    let firstShop: ReturnType<typeof validateNewShop>
    try {
      firstShop = validateNewShop({
        name: flags['shop-name'] ?? (flags.demo ? demoShop.name : shopDefaults.name),
        timezone: flags.timezone,
        currency: flags.currency,
      })
    } catch (error) {
      throw new UsageError(
        `--${(error as ApiError).param === 'name' ? 'shop-name' : (error as ApiError).param}: ${(error as Error).message}`,
      )
    }
    const backups = await this.backupOptions(config, flags)
    const json = this.jsonEnabled()
    if (config.databaseUrl && !config.secretKey) {
      // Several processes on one database with different generated keys would reject each other's
      // cursors and could not read each other's stored idempotent results.
      process.stderr.write(
        `warning: SHOPAPI_SECRET_KEY is not set; using the key in ${config.dataDir}/secret.key. Set SHOPAPI_SECRET_KEY (the same on every process) when several processes share DATABASE_URL or the data directory is not kept.\n`,
      )
    }
    if (config.webhooks.allowPrivateTargets) this.stderrLine(privateTargetsWarning)
    let demo: { result: DemoResult; seconds: string } | { skipped: string } | undefined
    const server = await startServer({
      config,
      host: flags.host,
      port: flags.port,
      firstShop,
      worker: flags.worker,
      onProgress: (message) => this.stderrLine(message),
      ...(flags['metrics-port'] === undefined
        ? {}
        : { metricsListener: { host: flags['metrics-host'], port: flags['metrics-port'] } }),
      ...(flags.demo
        ? {
            beforeListening: async (database, first) => {
              if (await databaseHasData(database.pool)) {
                demo = { skipped: 'the database already holds data: no demo data was added' }
                return
              }
              const progress = demoProgress(json, (line) => this.stderrLine(line))
              const started = performance.now()
              try {
                const result = await seedDemo(database.pool, {
                  seed: flags.seed,
                  customers: flags.customers,
                  shop: first.shop,
                  onProgress: progress.update,
                })
                demo = { result, seconds: ((performance.now() - started) / 1000).toFixed(1) }
              } finally {
                progress.stop()
              }
            },
          }
        : {}),
    })

    const summary = {
      url: server.url,
      database: server.database.embedded ? `embedded (${config.dataDir})` : 'DATABASE_URL',
      shop: {
        id: server.shop.public_id,
        name: server.shop.name,
        timezone: server.shop.timezone,
        currency: server.shop.currency,
      },
      shop_created: server.shopCreated,
      worker: flags.worker,
      backups: backups ? { every: flags['backup-every'], keep: backups.keep, dir: backups.dir } : null,
      metrics: {
        token: metricsToken !== undefined,
        url: server.metricsUrl ?? null,
      },
      ...(demo === undefined
        ? {}
        : {
            demo:
              'skipped' in demo
                ? { skipped: demo.skipped }
                : { ...demoJson(demo.result), try: demoCurlCommands(server.url, demo.result.apiKey) },
          }),
    }
    if (json) {
      process.stdout.write(`${JSON.stringify(summary)}\n`)
    } else {
      const lines = [
        `shopapi is listening on ${server.url}`,
        `  database: ${summary.database}`,
        `  shop: ${server.shop.public_id} "${server.shop.name}" (${server.shop.timezone}, ${server.shop.currency})${server.shopCreated ? ' (created now)' : ''}`,
        `  contract: ${server.url}/openapi.json`,
        `  webhook worker: ${flags.worker ? 'in this process' : 'off (--no-worker): run `shopapi worker` for deliveries'}`,
        `  metrics: ${metricsLine(server.metricsUrl, server.url, metricsToken !== undefined)}`,
        `  backups: ${backups ? `every ${flags['backup-every']} into ${backups.dir}, keeping ${backups.keep}` : 'off (shopapi backup, or --backup-every)'}`,
        '',
        'Create an integration and its API key (shown once) in another terminal:',
        `  ${invokedAs()} integrations create --name "My website" --scopes shop.read,customers.read`,
        'then call:',
        `  curl -H "Authorization: Bearer <API_KEY>" ${server.url}/shop`,
        '',
      ]
      if (demo !== undefined) lines.splice(7, lines.length - 7, '', ...this.demoLines(demo, server.url, flags.seed))
      this.stderrLine(lines.join('\n'))
    }

    let schedule: BackupSchedule | undefined
    if (backups) {
      schedule = startBackupSchedule({
        ...backups,
        config,
        database: server.database,
        shopapiVersion: this.config.version,
        report: (line) => this.stderrLine(line),
      })
    }
    await this.runUntilSignal(async () => {
      await schedule?.stop()
      await server.stop()
    }, 'in-flight requests and attempts')
    return undefined
  }

  /** --backup-every and its companions, checked before anything starts (the passphrase too). */
  private async backupOptions(
    config: Parameters<typeof readPassphrase>[0],
    flags: {
      'backup-every'?: string
      'backup-keep'?: number
      'backup-dir'?: string
      'backup-passphrase-file'?: string
    },
  ): Promise<{ everyMs: number; keep: number; dir: string; passphrase: string } | undefined> {
    const every = flags['backup-every']
    if (every === undefined) return undefined
    const everyMs = ms(every.trim() as ms.StringValue)
    if (typeof everyMs !== 'number' || !Number.isFinite(everyMs) || everyMs < 1000) {
      throw new UsageError(`--backup-every "${every}" is not a duration of at least 1s such as 24h, 6h or 30m`)
    }
    const dir = path.resolve(flags['backup-dir'] as string)
    const passphrase = await readPassphrase(config, flags['backup-passphrase-file'])
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 })
    } catch (error) {
      throw new UsageError(`--backup-dir ${dir}: ${(error as Error).message}`)
    }
    return { everyMs, keep: flags['backup-keep'] ?? 7, dir, passphrase }
  }

  /** What `--demo` tells a person: what it made, the Demo key, and requests to try with it. */
  private demoLines(
    demo: { result: DemoResult; seconds: string } | { skipped: string },
    apiUrl: string,
    seed: number,
  ): string[] {
    if ('skipped' in demo) {
      return [
        `Demo: ${demo.skipped}. \`shopapi demo\` adds a demo shop beside the existing ones.`,
        'Create an integration and its API key (shown once) in another terminal:',
        `  ${invokedAs()} integrations create --name "My website" --scopes shop.read,customers.read`,
        `then call: curl -H "Authorization: Bearer <API_KEY>" ${apiUrl}/shop`,
        '',
      ]
    }
    const { result } = demo
    const counts = demoCountRows(result.counts)
      .map((row) => `${String(row.what).trim()} ${row.count}`)
      .join(', ')
    return [
      `Demo data (seed ${seed}, ${demo.seconds} s): ${counts}`,
      '',
      `API key of the integration "Demo" (${result.integrationId}), read-only, shown only this once:`,
      `  ${result.apiKey}`,
      '',
      'Try:',
      ...demoCurlCommands(apiUrl, result.apiKey).map((command) => `  ${command}`),
      '',
    ]
  }
}

/** Where Prometheus scrapes this process, in the start-up summary. */
function metricsLine(listenerUrl: string | undefined, apiUrl: string, token: boolean): string {
  const onApiPort = `${apiUrl.replace(/\/v1$/, '')}/metrics (bearer SHOPAPI_METRICS_TOKEN)`
  if (listenerUrl && token) return `${listenerUrl} (no token), and ${onApiPort}`
  if (listenerUrl) return `${listenerUrl} (no token)`
  if (token) return onApiPort
  return 'off (--metrics-port or SHOPAPI_METRICS_TOKEN)'
}
