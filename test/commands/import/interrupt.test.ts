// Ctrl-C during an import: a real CLI process (bin/run.js over dist/, so `npm run build` first) sent
// SIGINT mid-file. It finishes the batch being written, stops, closes its pool cleanly, says how to
// resume, and exits 130; running the same command again completes the import.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createTestShop, startTestApp } from '../../helpers/app.js'
import { type CliResult, cliEnv, cliPath, runCli } from '../../helpers/cli.js'

t.setTimeout(600_000)

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const env = { DATABASE_URL: api.url }
const dir = await mkdtemp(join(tmpdir(), 'shopapi-import-interrupt-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

/** Starts `shopapi <args>` and collects its output; `done` resolves with its exit. */
function start(args: string[]): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [cliPath, ...args, '--shop', shop.public_id], {
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const done = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
  return { child, done }
}

async function count(sql: string): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(sql, [shop.id])
  return rows[0]?.n ?? 0
}

t.test('import customers: SIGINT stops after whole batches; the same command resumes it', async (t) => {
  const total = 20_000
  const batch = 100
  const lines = ['email,first_name,last_name']
  for (let i = 1; i <= total; i++) lines.push(`stop${i}@example.com,Stop${i},Interrupted`)
  const path = join(dir, 'customers.csv')
  await writeFile(path, `${lines.join('\n')}\n`)
  const args = ['import', 'customers', path, '--key', 'email', '--batch-size', String(batch)]
  const imported = () =>
    count(`select count(*)::int as n from customers where shop_id = $1::uuid and last_name = 'Interrupted'`)

  const run = start(args)
  while ((await imported()) < 5 * batch) await sleep(20)
  run.child.kill('SIGINT')
  const result = await run.done
  t.equal(result.code, 130, describe(result))
  t.match(
    result.stdout,
    /Interrupted after [\d,]+ rows, all committed \(whole batches\); the rest of the file was not read\. To resume, run the same command again: rows already imported are matched and unchanged\./,
    'one line says how to resume',
  )
  t.notMatch(result.stderr, /Cannot use a pool|Warning|Error/, 'the pool closed cleanly; no warning')
  const committed = await imported()
  t.ok(committed > 0 && committed < total, `stopped mid-file: ${committed} of ${total}`)
  t.equal(committed % batch, 0, 'a whole number of batches')
  const [, reported] = /Interrupted after ([\d,]+) rows/.exec(result.stdout) ?? []
  t.equal(Number(reported?.replaceAll(',', '')), committed, 'the rows it reports are the rows committed')

  const resumed = await runCli([...args, '--json', '--shop', shop.public_id], env)
  t.equal(resumed.code, 0, describe(resumed))
  const report = JSON.parse(resumed.stdout) as { created: number; unchanged: number; interrupted: boolean }
  t.same([report.created, report.unchanged, report.interrupted], [total - committed, committed, false])
  t.equal(await imported(), total, 'exactly N rows after the re-run')
})

t.test('inventory import: SIGINT stops after whole batches; the same command resumes it', async (t) => {
  const total = 20_000
  const batch = 100
  const lines = ['part_number,name']
  for (let i = 1; i <= total; i++) lines.push(`INT-${i},Interrupted ${i}`)
  const path = join(dir, 'items.csv')
  await writeFile(path, `${lines.join('\n')}\n`)
  const args = ['inventory', 'import', path, '--batch-size', String(batch)]
  const imported = () =>
    count(`select count(*)::int as n from inventory_items where shop_id = $1::uuid and part_number like 'INT-%'`)

  const run = start(args)
  while ((await imported()) < 5 * batch) await sleep(20)
  run.child.kill('SIGINT')
  const result = await run.done
  t.equal(result.code, 130, describe(result))
  t.match(
    result.stdout,
    /Interrupted after [\d,]+ rows, all committed \(whole batches\)/,
    'one line says how to resume',
  )
  t.notMatch(result.stderr, /Cannot use a pool|Warning|Error/)
  const committed = await imported()
  t.ok(committed > 0 && committed < total, `stopped mid-file: ${committed} of ${total}`)
  t.equal(committed % batch, 0, 'a whole number of batches')
  const [, reported] = /Interrupted after ([\d,]+) rows/.exec(result.stdout) ?? []
  t.equal(Number(reported?.replaceAll(',', '')), committed, 'the rows it reports are the rows committed')

  const resumed = await runCli([...args, '--json', '--shop', shop.public_id], env)
  t.equal(resumed.code, 0, describe(resumed))
  const report = JSON.parse(resumed.stdout) as { created: number; unchanged: number }
  t.same([report.created, report.unchanged], [total - committed, committed])
  t.equal(await imported(), total, 'exactly N items after the re-run')
})
