// `shopapi serve --demo`: a real process over dist/ (run `npm run build` first) on a database of its
// own. On an empty database it fills the first shop before listening and prints the Demo key with
// requests to try, which work as printed; on a database in use it adds nothing.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { cliEnv, cliPath, startServe } from '../helpers/cli.js'
import { checkedFetch } from '../helpers/contract.js'
import { createEmptyDatabase } from '../helpers/database.js'

t.setTimeout(600_000)

interface Started {
  stderr: string
  stop(): Promise<number | null>
}

/** `serve --demo` for people (no --json): resolves once the last "Try:" line has been printed. */
function startDemoServe(args: string[], env: Record<string, string>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', '--demo', ...args], {
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`serve --demo did not start; stderr: ${stderr}`))
    }, 300_000)
    child.stdout.resume()
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      const tried = stderr.split('Try:\n')[1]
      if (tried && tried.split('\n').filter((line) => line.startsWith('  curl ')).length === 3) {
        clearTimeout(timer)
        resolve({
          stderr,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM')
            return exited
          },
        })
      }
    })
    exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`serve --demo exited with ${code} before starting; stderr: ${stderr}`))
    })
  })
}

t.test('serve --demo fills an empty database, prints a key and requests that work; never twice', async (t) => {
  const url = await createEmptyDatabase(t)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-serve-demo-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const env = { DATABASE_URL: url, SHOPAPI_DATA_DIR: dataDir, SHOPAPI_LOG_LEVEL: 'silent' }

  const server = await startDemoServe(['--customers', '10', '--seed', '3'], env)
  let stopped = false
  t.teardown(async () => {
    if (!stopped) await server.stop()
  })
  const listening = /shopapi is listening on (\S+)/.exec(server.stderr)?.[1] as string
  t.ok(listening, 'the API address is printed')
  t.match(server.stderr, /shop: shop_\w+ "Demo Auto Repair" \(America\/New_York, USD\) \(created now\)/)
  t.match(server.stderr, /Demo data \(seed 3, [\d.]+ s\): Customers \d+/, 'what was made')
  const key = /read-only, shown only this once:\n {2}(shopapi_\S+)\n/.exec(server.stderr)?.[1] as string
  t.ok(key, 'the Demo key is printed')
  const tries = (server.stderr.split('Try:\n')[1] as string).split('\n').filter((line) => line.startsWith('  curl '))
  t.equal(tries.length, 3, 'three curl commands')
  for (const command of tries) {
    // curl -H "Authorization: Bearer KEY" URL, the URL quoted when it has a query.
    const parsed = /^ {2}curl -H "Authorization: Bearer (\S+)" "?([^"\s]+)"?$/.exec(command)
    t.ok(parsed, `a curl command a shell runs as printed: ${command}`)
    if (!parsed) continue
    t.equal(parsed[1], key, 'with the Demo key')
    t.ok((parsed[2] as string).startsWith(`${listening}/`), 'against the API just started')
    const response = await checkedFetch(parsed[2] as string, { headers: { authorization: `Bearer ${parsed[1]}` } })
    t.equal(response.status, 200, `${parsed[2]} answers 200`)
    const body = (await response.json()) as { object: string; data?: unknown[]; name?: string }
    if (body.object === 'list') t.ok((body.data ?? []).length > 0, 'with demo records in it')
    else t.equal(body.name, 'Demo Auto Repair')
  }
  t.equal(await server.stop(), 0, 'stops cleanly')
  stopped = true

  // Started again on the same database: it is in use now, so nothing is added and no key is made.
  const again = await startServe(['--demo', '--customers', '10'], env, 300_000)
  const summary = JSON.parse(again.output().stdout.split('\n')[0] as string) as {
    shop_created: boolean
    demo: { skipped?: string; api_key?: string }
  }
  t.equal(summary.shop_created, false)
  t.match(summary.demo, { skipped: /already holds data/ }, 'says the database is in use')
  t.notOk(summary.demo.api_key, 'and makes no key')
  t.equal(await again.stop(), 0)
})
