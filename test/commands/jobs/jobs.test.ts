// `shopapi jobs decide|add-labor|add-part|pause` end to end: the built CLI run in-process (runCommand
// over dist/, so `npm run build` first) on the database of a running test app, checked through the API and SQL.
import { randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'
import {
  addJob,
  createInventoryItem,
  createRepairOrder,
  createTechnician,
  quantityReserved,
  repairOrderTotals,
  setTaxRate,
} from '../../resources/jobs/fixtures.js'

const api = await startTestApp(t)
const cli = (args: string[]) => runCommand(args, { DATABASE_URL: api.url })
const shop = await createTestShop(api.pool)
// A second shop: the commands find the job's shop from the job id, without --shop.
await createTestShop(api.pool)
await setTaxRate(api.pool, shop, '0.10')
const { key } = await createTestKey(api.pool, shop, ['repair_orders.read', 'pricing.read', 'jobs.actions'])

interface JobJson {
  id: string
  decision_state: string
  execution_state: string
  labor_hours: string | null
  available_actions: string[]
  pricing: Record<string, string>
}

function okJson<T>(t: Test, result: CliResult, what: string): T {
  t.equal(result.code, 0, `${what} exits 0`, { stderr: result.stderr })
  return JSON.parse(result.stdout) as T
}

function oneLineError(t: Test, result: CliResult, pattern: RegExp, what: string) {
  t.not(result.code, 0, `${what} fails`)
  const lines = result.stderr.trim().split('\n')
  t.equal(lines.length, 1, `${what}: one line`, { stderr: result.stderr })
  t.match(lines[0], pattern, what)
}

const order = await createRepairOrder(api.pool, shop)
const job = await addJob(api.pool, shop, order, { name: 'Brakes' })

t.test('jobs decide', async (t) => {
  const decided = okJson<JobJson>(t, await cli(['jobs', 'decide', job.public_id, 'authorized', '--json']), 'decide')
  t.match(decided, { id: job.public_id, decision_state: 'authorized', execution_state: 'not_started' })
  const read = await sendJson<JobJson>(api, 'GET', `/v1/jobs/${job.public_id}`, key)
  t.same(read.body.available_actions, ['start', 'unable_to_complete'], 'the API sees the decision')
  oneLineError(
    t,
    await cli(['jobs', 'decide', job.public_id, 'declined']),
    /cannot move from authorized to declined; allowed: cancelled/,
    'an impossible move names the allowed ones',
  )
  oneLineError(t, await cli(['jobs', 'decide', 'job_nope', 'authorized']), /No job job_nope/, 'unknown job')
  const people = await cli(['jobs', 'decide', job.public_id, 'cancelled'])
  t.equal(people.code, 0)
  t.match(people.stdout, /decision_state\s+cancelled/, 'a table for people')
  oneLineError(
    t,
    await cli(['jobs', 'decide', job.public_id, 'pending']),
    /allowed: none \(it is final\)/,
    'cancelled is final',
  )
})

t.test('jobs add-labor and add-part', async (t) => {
  const target = await addJob(api.pool, shop, order, { name: 'Service' })
  const technician = await createTechnician(api.pool, shop)
  const labor = okJson<{ labor_entry: { id: string; hours: string; technician_id: string }; job: JobJson }>(
    t,
    await cli([
      'jobs',
      'add-labor',
      target.public_id,
      '--hours',
      '1.5',
      '--rate',
      '120.00',
      '--technician',
      technician,
      '--json',
    ]),
    'add-labor',
  )
  t.match(labor.labor_entry, { hours: '1.50', technician_id: technician, pricing: { amount: '180.00' } })
  t.match(labor.job, { labor_hours: '1.50', pricing: { labor: '180.00', tax: '18.00', total: '198.00' } })

  const item = await createInventoryItem(api.pool, shop, {
    partNumber: `BP-${randomUUID().slice(0, 8)}`,
    name: 'Brake pads',
    unitPrice: '45.00',
    unitCost: '30.00',
  })
  const part = okJson<{ part: Record<string, unknown>; job: JobJson }>(
    t,
    await cli(['jobs', 'add-part', target.public_id, '--item', item, '--quantity', '2', '--json']),
    'add-part from inventory',
  )
  t.match(part.part, {
    inventory_item_id: item,
    description: 'Brake pads',
    quantity: '2',
    pricing: { unit_price: '45.00', amount: '90.00' },
    cost: { unit_cost: { amount: '30.00' } },
  })
  t.match(part.job.pricing, { parts: '90.00', subtotal: '270.00', tax: '27.00', total: '297.00' })
  t.equal(await quantityReserved(api.pool, item), '2.000', 'the item reserves the quantity')

  const byHand = okJson<{ part: Record<string, unknown> }>(
    t,
    await cli([
      'jobs',
      'add-part',
      target.public_id,
      '--part-number',
      'X-1',
      '--description',
      'Clip',
      '--quantity',
      '0.5',
      '--price',
      '3.33',
      '--json',
    ]),
    'add-part by hand',
  )
  t.match(byHand.part, { part_number: 'X-1', quantity: '0.5', pricing: { amount: '1.67' }, cost: { unit_cost: null } })
  t.match(await repairOrderTotals(api.pool, order), { parts_total: '91.67' })

  oneLineError(
    t,
    await cli(['jobs', 'add-labor', target.public_id, '--hours', '0', '--rate', '1']),
    /hours must be more than 0/,
    'zero hours',
  )
  oneLineError(
    t,
    await cli(['jobs', 'add-labor', target.public_id, '--hours', '1', '--rate', '1.234']),
    /rate must be a decimal string with at most 2 decimal places/,
    'rate with 3 places',
  )
  oneLineError(
    t,
    await cli(['jobs', 'add-labor', target.public_id, '--hours', '1000', '--rate', '1']),
    /hours must be at most 999.99/,
    'too many hours',
  )
  oneLineError(
    t,
    await cli(['jobs', 'add-part', target.public_id, '--description', 'Nut', '--quantity', '1.2345', '--price', '1']),
    /quantity must be a decimal string with at most 3 decimal places/,
    'quantity with 4 places',
  )
  oneLineError(
    t,
    await cli(['jobs', 'add-part', target.public_id, '--description', 'Nut', '--quantity', '1']),
    /price is required/,
    'no price to default from',
  )
  const unchanged = await sendJson<JobJson>(api, 'GET', `/v1/jobs/${target.public_id}`, key)
  t.equal(unchanged.body.pricing.total, '298.84', 'refused commands change nothing (270.00 + 1.67, 10 % tax)')
})

t.test('jobs pause', async (t) => {
  const target = await addJob(api.pool, shop, order, { name: 'Paused' })
  okJson(t, await cli(['jobs', 'decide', target.public_id, 'authorized', '--json']), 'authorize')
  const started = await sendJson<JobJson>(api, 'POST', `/v1/jobs/${target.public_id}/start`, key, {
    idempotencyKey: randomUUID(),
  })
  t.equal(started.status, 200)
  const paused = okJson<JobJson>(t, await cli(['jobs', 'pause', target.public_id, '--json']), 'pause')
  t.equal(paused.execution_state, 'paused')
  oneLineError(
    t,
    await cli(['jobs', 'pause', target.public_id]),
    /allowed: in_progress, completed, unable_to_complete/,
    'pausing twice',
  )
})
