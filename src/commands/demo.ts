import { Flags } from '@oclif/core'
import { BaseCommand } from '../cli/base.js'
import { demoCountColumns, demoCountRows, demoCurlCommands, demoJson, demoProgress } from '../cli/demo/present.js'
import { demoScopes, demoShop, seedDemo } from '../cli/demo/seed.js'
import { resolveShop } from '../cli/staff.js'

export const maxDemoCustomers = 100_000

export default class Demo extends BaseCommand {
  static override description = [
    `Fill a shop with a realistic, reproducible history to try the API on: a new shop "${demoShop.name}" (${demoShop.timezone}), or the one named by --shop.`,
    '',
    [
      'Customers (people and fleet accounts, merged duplicates), vehicles, technicians, hours and holiday closures,',
      'appointments over the past and next weeks (on both daylight-saving changes too), repair orders in every state,',
      'jobs with labor and parts, canned jobs, inventory with tires, invoices, credit notes, payments, a reversal and tasks.',
      'Every change goes through the same write path as the API, so its events are recorded and reach webhooks.',
      'The same --seed gives the same shop (ids and the instants rows were written aside).',
      `Prints an API key of a new integration "Demo" that reads everything: ${demoScopes.join(', ')}.`,
    ].join(' '),
  ].join('\n')
  static override examples = [
    '<%= config.bin %> demo',
    '<%= config.bin %> demo --seed 7 --customers 50 --json',
    '<%= config.bin %> demo --shop shop_123',
  ]
  static override flags = {
    seed: Flags.integer({ description: 'Seed of the random choices: the same seed gives the same shop', default: 42 }),
    customers: Flags.integer({
      description: 'How many customers (each with vehicles and history)',
      default: 500,
      min: 1,
      max: maxDemoCustomers,
    }),
    shop: Flags.string({ description: `Fill this shop (shop_...) instead of creating "${demoShop.name}"` }),
  }

  async run() {
    const { flags } = await this.parse(Demo)
    const database = await this.openDatabase(flags['database-url'])
    const shop = flags.shop === undefined ? undefined : await resolveShop(database.pool, { shop: flags.shop })
    const progress = demoProgress(this.jsonEnabled(), (line) => this.stderrLine(line))
    const started = performance.now()
    let result: Awaited<ReturnType<typeof seedDemo>>
    try {
      result = await seedDemo(database.pool, {
        seed: flags.seed,
        customers: flags.customers,
        ...(shop ? { shop } : {}),
        onProgress: progress.update,
      })
    } finally {
      progress.stop()
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const { shop: filled } = result
    this.log(
      `Filled shop ${filled.public_id} "${filled.name}" (${filled.timezone}, ${filled.currency}) with seed ${flags.seed} in ${seconds} s`,
    )
    this.printTable(demoCountRows(result.counts), demoCountColumns)
    this.log('')
    this.log(`API key of the integration "Demo" (${result.integrationId}), read-only, shown only this once:`)
    this.log('')
    this.log(`  ${result.apiKey}`)
    this.log('')
    this.log('Start the API (shopapi serve) and try:')
    for (const command of demoCurlCommands('http://127.0.0.1:8080/v1', result.apiKey)) this.log(`  ${command}`)
    return demoJson(result)
  }
}
