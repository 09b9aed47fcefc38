import { BaseCommand } from '../cli/base.js'
import {
  type ApplianceStatus,
  applianceStatus,
  type CheckStatus,
  nearDisableAfterHours,
  overdueAfterSeconds,
  unreachableStatus,
  unusedKeyDays,
} from '../cli/status.js'
import { heartbeatStaleMs } from '../platform/worker-heartbeat.js'

const marks: Record<CheckStatus, string> = { ok: 'OK', warn: 'WARN', fail: 'FAIL', unknown: '-' }

export default class Status extends BaseCommand {
  static override description =
    `The appliance's health at a glance, from the database: database reachable and its version, migrations applied and pending, the webhook workers' heartbeats, pending and failing deliveries, endpoints failing for more than ${nearDisableAfterHours} h (near their automatic disabling), API keys unused for ${unusedKeyDays} days. Never migrates. Checks that cannot run because an earlier one failed are shown as "-" (unknown). Exits 1 when a check FAILs: the database unreachable, a migration pending or one this build does not know (a newer shopapi migrated the database; every other command refuses it), no worker heartbeat within ${heartbeatStaleMs / 1000} s, or deliveries to active endpoints due more than ${overdueAfterSeconds / 60} min ago and not attempted. WARNs (exit 0): deliveries failed for good in the last 24 h, endpoints near automatic disabling, unused keys, a worker that went silent beside a live one.`

  static override examples = [
    '<%= config.bin %> status',
    '<%= config.bin %> status --json | jq .ok   # for a monitoring script; also exit code 0/1',
  ]

  async run(): Promise<ApplianceStatus> {
    const { flags } = await this.parse(Status)
    const config = this.appConfig(flags['database-url'])
    let status: ApplianceStatus
    try {
      // Never migrates: pending migrations are what it reports. Never starts the embedded database:
      // it reports on the one serve runs.
      const database = await this.openDatabase(flags['database-url'], { migrate: false, startEmbedded: false })
      status = await applianceStatus(database.pool, { disableAfterMs: config.webhooks.disableAfterMs })
    } catch (error) {
      status = await unreachableStatus((error as Error).message || String(error))
    }
    if (!status.ok) process.exitCode = 1
    if (!this.jsonEnabled()) this.print(status)
    return status
  }

  private print(status: ApplianceStatus): void {
    const { checks } = status
    this.log(`shopapi status: ${marks[status.status]} (checked at ${status.checked_at})`)
    this.log('')
    this.printTable(
      Object.entries(checks).map(([name, check]) => ({
        check: name.replace('_', ' '),
        status: marks[check.status],
        detail: check.message,
      })),
      [
        { key: 'check', header: 'CHECK' },
        { key: 'status', header: 'STATUS' },
        { key: 'detail', header: 'DETAIL' },
      ],
    )
    this.printSection('Workers:', checks.worker.workers, [
      { key: 'application_name', header: 'PROCESS' },
      { key: 'hostname', header: 'HOST' },
      { key: 'pid', header: 'PID' },
      { key: 'started_at', header: 'STARTED' },
      { key: 'seconds_since_beat', header: 'LAST BEAT (S AGO)' },
    ])
    this.printSection(
      `Endpoints failing for more than ${nearDisableAfterHours} h:`,
      checks.endpoints.near_auto_disable,
      [
        { key: 'id', header: 'ENDPOINT' },
        { key: 'integration_id', header: 'INTEGRATION' },
        { key: 'url', header: 'URL' },
        { key: 'failing_since', header: 'FAILING SINCE' },
        { key: 'disables_at', header: 'DISABLED AT' },
      ],
    )
    this.printSection(
      `API keys unused for ${unusedKeyDays} days:`,
      checks.api_keys.unused.map((key) => ({ ...key, last_used_at: key.last_used_at ?? 'never' })),
      [
        { key: 'prefix', header: 'PREFIX' },
        { key: 'integration_id', header: 'INTEGRATION' },
        { key: 'integration_name', header: 'NAME' },
        { key: 'created_at', header: 'CREATED' },
        { key: 'last_used_at', header: 'LAST USED' },
      ],
    )
  }

  /** A titled table below the checks, left out when it has no rows. */
  private printSection(
    title: string,
    rows: Record<string, unknown>[],
    columns: { key: string; header: string }[],
  ): void {
    if (rows.length > 0) this.printTableSection(title, rows, columns)
  }
}
