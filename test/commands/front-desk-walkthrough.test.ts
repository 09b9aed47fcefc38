// The README's "Front desk from the terminal" walkthrough, run as written: its sh block, taken from
// README.md, in bash, against the database of a running API server, with `npx shopapi` meaning the built
// CLI (bin/run.js, the package's bin, which `npx shopapi` runs from an install; `npm run build` first).
// Every step must succeed in order; the result is checked through the API and the event log.
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import { type CliResult, cliEnv, cliPath, describeResult } from '../helpers/cli.js'
import { sendJson } from '../helpers/http.js'

const readme = await readFile(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')
const section = readme.split('\n### Front desk from the terminal\n')[1]?.split('\n## ')[0] ?? ''
const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? ''

function runBash(script: string, env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

t.test('the README block is there and uses the CLI only', async (t) => {
  t.match(block, /appointments book/, 'the walkthrough block is found')
  t.notMatch(block, /curl/, 'no curl')
  const steps = block.split('\n').filter((line) => line.includes('shopapi '))
  for (const step of [
    'appointments book',
    'appointments arrive',
    'appointments convert',
    'jobs add ',
    'jobs decide',
    'jobs complete',
    'invoices post',
    'payments record',
  ]) {
    t.ok(
      steps.some((line) => line.includes(step)),
      `a step runs ${step}`,
    )
  }
})

t.test('every step runs, in order, and the order ends paid', async (t) => {
  const api = await startTestApp(t)
  const shop = await createTestShop(api.pool, { timezone: 'America/New_York' })
  const { key } = await createTestKey(api.pool, shop, ['appointments.read', 'repair_orders.read', 'pricing.read'])
  // `npx shopapi …` is the package's bin; anything else given to npx would be a mistake in the block.
  const prelude = `set -euo pipefail
npx() { if [ "$1" = shopapi ]; then shift; node ${JSON.stringify(cliPath)} "$@"; else echo "npx $1 is not shopapi" >&2; return 1; fi; }
`
  const result = await runBash(`${prelude}${block}\necho "RO=$RO APPT=$APPT JOB=$JOB INV=$INV"`, {
    DATABASE_URL: api.url,
  })
  t.equal(result.code, 0, 'the whole block exits 0', { output: describeResult(result) })
  const ids = Object.fromEntries(
    [...(/RO=(\S+) APPT=(\S+) JOB=(\S+) INV=(\S+)/.exec(result.stdout) ?? [])]
      .slice(1)
      .map((id, i) => [['ro', 'appt', 'job', 'inv'][i], id]),
  ) as { ro: string; appt: string; job: string; inv: string }
  t.match(ids, { ro: /^ro_/, appt: /^appt_/, job: /^job_/, inv: /^inv_/ })

  const order = await sendJson<{
    state: string
    origin_appointment_id: string
    customer_concern: string
    pricing: { total: string }
  }>(api, 'GET', `/v1/repair-orders/${ids.ro}`, key)
  t.match(order.body, { state: 'paid', origin_appointment_id: ids.appt, customer_concern: 'Squeal when braking' })
  const appointment = await sendJson<{ status: string; repair_order_id: string }>(
    api,
    'GET',
    `/v1/appointments/${ids.appt}`,
    key,
  )
  t.match(appointment.body, { status: 'arrived', repair_order_id: ids.ro })

  const { rows } = await api.pool.query<{ type: string }>(
    `select type from events where shop_id = $1::uuid and object_id = any($2::text[]) order by sequence`,
    [shop.id, [ids.appt, ids.ro, ids.job, ids.inv]],
  )
  const types = rows.map((row) => row.type)
  for (const type of [
    'appointment.created',
    'appointment.status_changed',
    'appointment.converted_to_repair_order',
    'repair_order.created',
    'job.created',
    'job.status_changed',
    'repair_order.status_changed',
    'invoice.posted',
  ]) {
    t.ok(types.includes(type), `${type} recorded`)
  }
  t.ok(
    types.indexOf('appointment.created') < types.indexOf('appointment.converted_to_repair_order') &&
      types.indexOf('job.created') < types.indexOf('invoice.posted'),
    'in the order of the steps',
  )
  const payments = await api.pool.query<{ n: number }>(
    "select count(*)::int as n from events where shop_id = $1::uuid and type = 'payment.recorded'",
    [shop.id],
  )
  t.equal(payments.rows[0]?.n, 1, 'one payment')

  // What people read: the final show names the customer and vehicle, and the balance is settled.
  const lastShow = result.stdout.slice(result.stdout.lastIndexOf('Repair order '))
  t.match(lastShow, /customer\s+Ann Lee/)
  t.match(lastShow, /vehicle\s+2003 Honda Accord/)
  t.match(lastShow, new RegExp(`${ids.job}\\s+Front brake pads\\s+authorized\\s+completed\\s+tech_\\w+\\s+Sam Ortiz`))
  t.match(lastShow, new RegExp(`\\nTotal\\s+${order.body.pricing.total.replace('.', '\\.')}\\s*\\n`))
  t.match(lastShow, /\nBalance\s+0\.00\s*\n/)
})
