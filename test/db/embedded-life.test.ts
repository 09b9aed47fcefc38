// The embedded database's life as an operator's machine lives it (issue 24, docs/decisions/operations.md
// "The embedded PostgreSQL's life"), with the real CLI over dist/ (run `npm run build` first): Ctrl-C
// reaches only serve, which drains and then stops the database; a killed postmaster is started again;
// several processes share one cluster and the last one stops it, in either order; every command finds
// the same data directory wherever it runs; `status` never starts a database of its own.
import fs from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { type CliResult, runCli, type ServeProcess, startServe } from '../helpers/cli.js'
import { checkedFetch } from '../helpers/contract.js'

async function scratch(t: Test, name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `shopapi-${name}-`))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** The postmaster of a data directory, from its postmaster.pid: its pid, or null when none runs. */
function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function json<T>(result: CliResult): T {
  if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`)
  return JSON.parse(result.stdout) as T
}

async function createKey(env: Record<string, string>, scopes: string, cwd?: string): Promise<string> {
  const created = await runCli(
    ['integrations', 'create', '--name', `life ${scopes}`, '--scopes', scopes, '--json'],
    env,
    120_000,
    cwd ? { cwd } : {},
  )
  return json<{ api_key: string }>(created).api_key
}

async function getStatus(server: ServeProcess, key: string, route: string): Promise<number> {
  const response = await checkedFetch(`${server.url}${route}`, { headers: { authorization: `Bearer ${key}` } })
  await response.arrayBuffer()
  return response.status
}

// A user's home with no SHOPAPI_DATA_DIR: the default is the user data directory, not ./.shopapi. The
// first test creates its database; the second reuses it, stopped (a new one costs initdb and every
// migration), or creates it when it runs alone.
const home = await scratch(t, 'home')
const homeDataDir = path.join(home, '.local', 'share', 'shopapi')

t.test('one data directory wherever a command runs: Ctrl-C drains serve, a killed postmaster comes back', async (t) => {
  const env = { HOME: home }
  const dataDir = homeDataDir
  const serveDir = path.join(home, 'shop')
  const otherDir = path.join(home, 'elsewhere')
  await mkdir(serveDir)
  await mkdir(otherDir)

  const server = await startServe([], env, 120_000, { cwd: serveDir, processGroup: true })
  t.teardown(() => server.stop('SIGKILL'))
  t.match(server.output().stderr, `Creating a new shopapi database in ${dataDir}`, 'says where it creates it')
  t.notOk(fs.existsSync(path.join(serveDir, '.shopapi')), 'nothing in the current directory')

  // Another command in another directory finds the same database (and says nothing about creating one).
  const key = await createKey(env, 'customers.read,customers.write', otherDir)
  t.notOk(fs.existsSync(path.join(otherDir, '.shopapi')), 'the command made no database of its own')
  t.equal(await getStatus(server, key, '/customers'), 200, "the key made elsewhere works on serve's database")

  // The postmaster is killed outright: serve says so, starts it again and serves again.
  const before = postmasterPid(dataDir)
  t.ok(before, 'the embedded postmaster runs')
  process.kill(before as number, 'SIGKILL')
  await waitFor('the restart line', () => /running again on 127\.0\.0\.1:\d+/.test(server.output().stderr))
  t.match(server.output().stderr, 'stopped unexpectedly; starting it again', 'serve says the database died')
  t.not(postmasterPid(dataDir), before, 'a new postmaster')
  let status = 0
  // Pool connections cut by the crash are replaced on their next use; a 503 meanwhile is the contract's answer.
  for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
    status = await getStatus(server, key, '/customers')
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  t.equal(status, 200, 'the API answers again after the restart')

  // Ctrl-C reaches the whole foreground process group. A request in flight (its body still arriving)
  // must still be answered by the database, which only serve may stop, after draining.
  let release: () => void = () => {}
  const rest = new Promise<void>((resolve) => {
    release = resolve
  })
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode('{"first_name":"Dana",'))
      await rest
      controller.enqueue(new TextEncoder().encode('"last_name":"Ruiz"}'))
      controller.close()
    },
  })
  const inFlight = checkedFetch(`${server.url}/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'life-1' },
    body,
    duplex: 'half',
  } as RequestInit)
  await new Promise((resolve) => setTimeout(resolve, 300))
  const postmaster = postmasterPid(dataDir)
  process.kill(-(server.child.pid as number), 'SIGINT')
  await waitFor('the drain line', () => server.output().stderr.includes('SIGINT: finishing'))
  t.equal(postmasterPid(dataDir), postmaster, 'the database did not receive the terminal signal')
  release()
  const created = await inFlight
  t.equal(created.status, 201, 'the request in flight was answered by the database')
  t.equal(await server.stop(), 0, 'serve exits 0 after draining')
  t.equal(postmasterPid(dataDir), null, 'and stopped the database it was the last to use')
  const log = fs
    .readdirSync(path.join(dataDir, 'postgres', 'log'))
    .map((file) => fs.readFileSync(path.join(dataDir, 'postgres', 'log', file), 'utf8'))
    .join('')
  t.match(log, 'received fast shutdown request', 'a clean stop, asked for by serve')

  // status reports on the database serve uses; with serve stopped it says so and starts nothing.
  const status1 = await runCli(['status', '--json'], env, 60_000, { cwd: otherDir })
  t.equal(status1.code, 1, 'status exits 1 when the database is not running')
  t.match(JSON.parse(status1.stdout), { ok: false, checks: { database: { status: 'fail', message: /not running/ } } })
  t.equal(postmasterPid(dataDir), null, 'status started no database')

  // The worker stopped cleanly: the next start's status sees only its own worker, no silent one.
  const again = await startServe([], env, 120_000, { cwd: serveDir })
  t.teardown(() => again.stop('SIGKILL'))
  const status2 = await runCli(['status', '--json'], env, 60_000, { cwd: otherDir })
  const checks = JSON.parse(status2.stdout).checks as { worker: { status: string; workers: unknown[] } }
  t.match(checks.worker, { status: 'ok', workers: [{ application_name: 'shopapi serve (worker)' }] })
  t.equal(checks.worker.workers.length, 1, 'no worker left silent without a clean stop by Ctrl-C')
  t.equal(await again.stop('SIGTERM'), 0)
})

t.test('two serves on one data directory: the database outlives whichever stops first', async (t) => {
  const dataDir = homeDataDir
  const env = { SHOPAPI_DATA_DIR: dataDir }
  t.equal(postmasterPid(dataDir), null, 'no database runs in the data directory yet')
  const first = await startServe(['--no-worker'], env)
  t.teardown(() => first.stop('SIGKILL'))
  const key = await createKey(env, 'shop.read')
  const second = await startServe(['--no-worker'], env)
  t.teardown(() => second.stop('SIGKILL'))

  t.equal(await first.stop('SIGTERM'), 0, 'the serve that started the database stops')
  t.ok(postmasterPid(dataDir), 'the database still runs: the other serve uses it')
  t.equal(await getStatus(second, key, '/shop'), 200, 'the second serve still answers')

  // The other order: a serve that joined later outlives the one that started the database.
  const third = await startServe(['--no-worker'], env)
  t.teardown(() => third.stop('SIGKILL'))
  t.equal(await second.stop('SIGTERM'), 0)
  t.equal(await getStatus(third, key, '/shop'), 200, 'the serve that joined still answers')
  t.equal(await third.stop('SIGTERM'), 0)
  t.equal(postmasterPid(dataDir), null, 'the last one stopped the database')
})

t.test('status never creates a database; ./.shopapi of an older version is still found, with a notice', async (t) => {
  const home = await scratch(t, 'status-home')
  const status = await runCli(['status', '--json'], { HOME: home }, 60_000, { cwd: home })
  t.equal(status.code, 1)
  t.match(JSON.parse(status.stdout), { checks: { database: { status: 'fail', message: /No shopapi database in/ } } })
  t.notOk(fs.existsSync(path.join(home, '.local', 'share', 'shopapi', 'postgres')), 'no database was created')

  // A data directory an older version made in the current directory (only its marker is needed here).
  const legacy = path.join(home, 'shop', '.shopapi')
  await mkdir(path.join(legacy, 'postgres'), { recursive: true, mode: 0o700 })
  fs.writeFileSync(path.join(legacy, 'postgres', 'PG_VERSION'), '15\n')
  const found = await runCli(['status', '--json'], { HOME: home }, 60_000, { cwd: path.join(home, 'shop') })
  t.match(found.stderr, `notice: using ${legacy}, the data directory of an older shopapi`, 'says how to move it')
  t.match(JSON.parse(found.stdout), {
    checks: { database: { message: `The embedded PostgreSQL in ${path.join(legacy, 'postgres')} is not running` } },
  })
})

t.test("oclif's plugin list is never read from the data directory", async (t) => {
  const dataDir = path.join(await scratch(t, 'plugins'), 'data')
  await mkdir(dataDir, { mode: 0o700 })
  // What `plugins install` would leave there, naming a plugin that would run code at every start.
  fs.writeFileSync(
    path.join(dataDir, 'package.json'),
    JSON.stringify({ oclif: { plugins: [{ name: 'shopapi-evil-plugin', type: 'user' }] } }),
  )
  const result = await runCli(['--version'], { SHOPAPI_DATA_DIR: dataDir, DEBUG: 'oclif:*' })
  t.equal(result.code, 0)
  t.match(result.stderr, /oclif:config/, 'oclif debug output is on')
  t.notMatch(result.stderr, /shopapi-evil-plugin|user plugins/, 'the file was not read')
})
