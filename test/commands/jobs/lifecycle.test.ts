// `shopapi jobs add|start|complete|unable-to-complete`: the built CLI run in-process (runCommand over
// dist/, so `npm run build` first) on the database of a running test app, checked through the API and the
// event log.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'
import { createRepairOrder, createTechnician, setTaxRate } from '../../resources/jobs/fixtures.js'

const api = await startTestApp(t)
const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-jobs-lifecycle-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
const env = { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: dir }
const cli = (args: string[]) => runCommand(args, env)
const shop = await createTestShop(api.pool)
await createTestShop(api.pool)
await setTaxRate(api.pool, shop, '0.10')
const { key } = await createTestKey(api.pool, shop, ['repair_orders.read', 'pricing.read', 'jobs.actions'])
const order = await createRepairOrder(api.pool, shop)
const technician = await createTechnician(api.pool, shop, 'Sam Ortiz')

interface JobJson {
  id: string
  name: string
  kind: string
  canned_job_id: string | null
  technician_id: string | null
  decision_state: string
  execution_state: string
  labor_hours: string | null
  started_at: string | null
  completed_at: string | null
  available_actions: string[]
  pricing: Record<string, string>
}

async function eventTypes(objectId: string): Promise<string[]> {
  const { rows } = await api.pool.query<{ type: string }>(
    'select type from events where object_id = $1::text order by sequence',
    [objectId],
  )
  return rows.map((row) => row.type)
}

t.test('jobs add from a canned job (by code) and by hand, as the API makes them', async (t) => {
  const file = path.join(dir, 'canned.ndjson')
  await writeFile(
    file,
    `${JSON.stringify({
      code: 'BRAKE-FRONT',
      name: 'Front brakes',
      default_hours: '1.5',
      labor_rate: '120.00',
      parts: [{ part_number: 'BP-1', description: 'Brake pads', quantity: '1', unit_price: '45.00' }],
    })}\n`,
  )
  const imported = await cli(['canned-jobs', 'import', file, '--shop', shop.public_id])
  t.equal(imported.code, 0, { output: describeResult(imported) })

  const canned = jsonOutput<JobJson>(
    t,
    await cli(['jobs', 'add', order.public_id, '--canned', 'BRAKE-FRONT', '--json']),
  )
  t.match(canned, {
    name: 'Front brakes',
    decision_state: 'pending',
    execution_state: 'not_started',
    labor_hours: '1.50',
    pricing: { labor: '180.00', parts: '45.00', tax: '22.50', total: '247.50' },
  })
  t.match(canned.canned_job_id, /^cj_/)
  const fromApi = await sendJson<JobJson>(api, 'GET', `/v1/jobs/${canned.id}`, key)
  t.same(fromApi.body, { ...canned, available_actions: [] }, 'the API object (no actions for a pending job)')
  t.same(await eventTypes(canned.id), ['job.created'])

  const byHand = await cli([
    'jobs',
    'add',
    order.public_id,
    '--name',
    'Diagnose squeal',
    '--hours',
    '0.5',
    '--rate',
    '100.00',
    '--technician',
    technician,
  ])
  t.equal(byHand.code, 0, { output: describeResult(byHand) })
  t.match(byHand.stdout, /Added job job_\w+ "Diagnose squeal" to repair order \d+/)
  t.match(byHand.stdout, new RegExp(`technician_id\\s+${technician}\\s*\\ntechnician\\s+Sam Ortiz`), 'named')
  t.match(byHand.stdout, /pricing\s+Labor 50.00 {2}Parts 0.00 .*Total 55.00 USD/, 'pricing readable')

  const fee = jsonOutput<JobJson>(
    t,
    await cli([
      'jobs',
      'add',
      order.public_id,
      '--name',
      'Shop supplies',
      '--kind',
      'fee',
      '--amount',
      '12.50',
      '--json',
    ]),
  )
  t.match(fee, { kind: 'fee', pricing: { fees: '12.50', total: '13.75' } })
})

t.test('start, complete, unable-to-complete: the API actions, their events and blockers', async (t) => {
  const job = jsonOutput<JobJson>(t, await cli(['jobs', 'add', order.public_id, '--name', 'Rotate tires', '--json']))
  assertOneLineFailure(t, await cli(['jobs', 'start', job.id]), /Cannot start: The job is pending/)
  jsonOutput(t, await cli(['jobs', 'decide', job.id, 'authorized', '--json']))
  assertOneLineFailure(t, await cli(['jobs', 'complete', job.id]), /not started/)

  const started = await cli(['jobs', 'start', job.id])
  t.equal(started.code, 0, { output: describeResult(started) })
  t.match(started.stdout, /not_started -> in_progress/)
  const completed = jsonOutput<JobJson>(t, await cli(['jobs', 'complete', job.id, '--json']))
  t.match(completed, { execution_state: 'completed' })
  t.not(completed.started_at, null)
  t.not(completed.completed_at, null)
  const fromApi = await sendJson<JobJson>(api, 'GET', `/v1/jobs/${job.id}`, key)
  t.same(fromApi.body, completed, 'the API object')
  t.same(await eventTypes(job.id), ['job.created', 'job.status_changed', 'job.status_changed', 'job.status_changed'])
  assertOneLineFailure(t, await cli(['jobs', 'start', job.id]), /completed/)

  const other = jsonOutput<JobJson>(
    t,
    await cli(['jobs', 'add', order.public_id, '--name', 'Align', '--technician', technician, '--json']),
  )
  // decide, add-labor, add-part and pause print the same table: the technician named, pricing on a line.
  const decided = await cli(['jobs', 'decide', other.id, 'authorized'])
  t.equal(decided.code, 0, { output: describeResult(decided) })
  t.match(decided.stdout, new RegExp(`technician_id\\s+${technician}\\s*\\ntechnician\\s+Sam Ortiz`))
  t.match(decided.stdout, /pricing\s+Labor 0\.00 .*Total 0\.00 USD/)
  t.notMatch(decided.stdout, /\{"/, 'no raw JSON')
  const unable = jsonOutput<JobJson>(t, await cli(['jobs', 'unable-to-complete', other.id, '--json']))
  t.equal(unable.execution_state, 'unable_to_complete')
})

t.test('jobs add refusals: one line, exit 1, nothing added', async (t) => {
  const before = await api.pool.query('select count(*)::int as n from jobs')
  assertOneLineFailure(
    t,
    await cli(['jobs', 'add', order.public_id]),
    /--name is required unless canned_job_id is given/,
  )
  assertOneLineFailure(
    t,
    await cli(['jobs', 'add', order.public_id, '--canned', 'NOPE']),
    /No canned job with code NOPE/,
  )
  assertOneLineFailure(
    t,
    await cli(['jobs', 'add', order.public_id, '--name', 'Fee', '--kind', 'fee']),
    /--amount is required/,
  )
  assertOneLineFailure(
    t,
    await cli(['jobs', 'add', order.public_id, '--name', 'X', '--hours', '1']),
    /--hours and --rate/,
  )
  assertOneLineFailure(
    t,
    await cli(['jobs', 'add', order.public_id, '--name', 'X', '--hours', '0', '--rate', '1']),
    /hours must be more than 0/,
  )
  const invoiced = await createRepairOrder(api.pool, shop, { state: 'invoiced' })
  assertOneLineFailure(
    t,
    await cli(['jobs', 'add', invoiced.public_id, '--name', 'Late']),
    /is invoiced: adding a job is refused/,
  )
  const after = await api.pool.query('select count(*)::int as n from jobs')
  t.equal(after.rows[0].n, before.rows[0].n, 'no job added (the labor refusal rolled its job back)')
})
