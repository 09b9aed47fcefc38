import cliProgress from 'cli-progress'
import type { DemoCounts, DemoResult } from './seed.js'

// What `shopapi demo` and `serve --demo` show a person: progress while the shop fills, then what
// was made and how to try it.

export interface DemoProgress {
  update: (phase: string, done: number, total: number) => void
  stop: () => void
}

/**
 * A bar on stderr at a terminal; plain lines (a phase as it starts and ends, and every tenth of a long
 * one) when stderr is a pipe or a file; nothing with --json.
 */
export function demoProgress(json: boolean, line: (text: string) => void): DemoProgress {
  if (json) return { update: () => {}, stop: () => {} }
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { stream: process.stderr, format: 'Demo shop: {phase} {bar} {value}/{total}', clearOnComplete: true },
      cliProgress.Presets.shades_classic,
    )
    let current: string | undefined
    return {
      update: (phase, done, total) => {
        if (phase !== current) {
          if (current !== undefined) bar.stop()
          current = phase
          bar.start(total, done, { phase })
        } else {
          bar.update(done, { phase })
        }
      },
      stop: () => bar.stop(),
    }
  }
  let current: string | undefined
  let lastTenth = -1
  return {
    update: (phase, done, total) => {
      if (phase !== current) {
        current = phase
        lastTenth = -1
      }
      const tenth = Math.floor((done * 10) / Math.max(total, 1))
      if (tenth === lastTenth) return
      lastTenth = tenth
      if (done === 0 || tenth > 0) line(`demo: ${phase} ${done}/${total}`)
    },
    stop: () => {},
  }
}

/** What `--json` prints: exactly these four fields. */
export function demoJson(result: DemoResult) {
  return {
    shop_id: result.shop.public_id,
    integration_id: result.integrationId,
    api_key: result.apiKey,
    counts: result.counts,
  }
}

const countLabels: Record<keyof DemoCounts, string> = {
  customers: 'Customers',
  fleet_accounts: '  of them fleet accounts',
  merged_customers: '  merged duplicates',
  vehicles: 'Vehicles',
  technicians: 'Technicians',
  appointments: 'Appointments',
  repair_orders: 'Repair orders',
  jobs: 'Jobs',
  labor_entries: 'Labor entries',
  parts: 'Parts on jobs',
  canned_jobs: 'Canned jobs',
  inventory_items: 'Inventory items',
  invoices: 'Invoices',
  credit_notes: 'Credit notes',
  payments: 'Payments',
  tasks: 'Tasks',
  events: 'Events recorded',
}

/** The summary table's rows: what was made, and how many. */
export function demoCountRows(counts: DemoCounts): Record<string, unknown>[] {
  return (Object.keys(countLabels) as (keyof DemoCounts)[]).map((key) => ({
    what: countLabels[key],
    count: counts[key],
  }))
}

export const demoCountColumns = [
  { key: 'what', header: 'Made' },
  { key: 'count', header: 'Count' },
]

/** Three requests to try with the Demo key. */
export function demoCurlCommands(apiUrl: string, apiKey: string): string[] {
  const auth = `-H "Authorization: Bearer ${apiKey}"`
  return [
    `curl ${auth} ${apiUrl}/shop`,
    `curl ${auth} "${apiUrl}/repair-orders?limit=5"`,
    `curl ${auth} "${apiUrl}/invoices?limit=3"`,
  ]
}
