// docs/deploy/haproxy.cfg in front of two `shopapi serve --no-worker` nodes (over dist/: run `npm run
// build` first): the file as shipped passes `haproxy -c`, and run (its ports rewritten, without the
// chroot and user switch a test cannot do) it spreads requests over both nodes, health-checks GET /readyz,
// takes a stopped node out without a failed request, and answers in the API's error envelope when no node
// is left. Skipped, saying so, where Debian's haproxy is not installed (`apt-get install haproxy`).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { createTestKey, createTestShop } from '../helpers/app.js'
import { type ServeProcess, startServe } from '../helpers/cli.js'
import { checkedFetch } from '../helpers/contract.js'
import { createTestDatabase } from '../helpers/database.js'
import { eventually } from '../helpers/receiver.js'

const shipped = path.resolve(import.meta.dirname, '../../docs/deploy/haproxy.cfg')
const haproxyVersion = spawnSync('haproxy', ['-v'], { encoding: 'utf8' })
const haproxyMissing = haproxyVersion.error ? 'haproxy is not installed (apt-get install haproxy)' : false

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address ? address.port : 0
}

/** The runtime API of the test's HAProxy: `show stat` as CSV, the status (UP, DOWN, ...) of each server. */
async function serverStates(socketPath: string): Promise<Record<string, string>> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(socketPath)
    let output = ''
    socket.on('data', (chunk) => {
      output += chunk
    })
    socket.on('end', () => resolve(output))
    socket.on('error', reject)
    socket.end('show stat\n')
  })
  const lines = text.split('\n').filter((line) => line.startsWith('shopapi_nodes,node'))
  return Object.fromEntries(lines.map((line) => [line.split(',')[1] as string, line.split(',')[17] as string]))
}

t.test('haproxy -c accepts docs/deploy/haproxy.cfg as shipped', { skip: haproxyMissing }, async (t) => {
  const checked = spawnSync('haproxy', ['-c', '-f', shipped], { encoding: 'utf8' })
  t.equal(checked.status, 0, 'haproxy -c exits 0', { output: `${checked.stdout}${checked.stderr}` })
  t.comment(haproxyVersion.stdout.split('\n')[0] ?? '')
})

t.test('the shipped front balances two nodes and takes a stopped one out', { skip: haproxyMissing }, async (t) => {
  const { url, owner, pool } = await createTestDatabase(t)
  const shop = await createTestShop(pool)
  const { key } = await createTestKey(pool, shop, ['shop.read'])
  const env = {
    DATABASE_URL: url,
    SHOPAPI_MIGRATION_DATABASE_URL: owner.url,
    SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPAPI_TRUST_PROXY: 'loopback',
    SHOPAPI_LOG_LEVEL: 'error',
  }
  const nodes: ServeProcess[] = []
  t.teardown(() => Promise.all(nodes.map((node) => node.stop())))
  for (const started of await Promise.allSettled([
    startServe(['--no-worker'], env),
    startServe(['--no-worker'], env),
  ])) {
    if (started.status === 'rejected') throw started.reason
    nodes.push(started.value)
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-haproxy-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const frontPort = await freePort()
  const socketPath = path.join(dir, 'admin.sock')
  const serverLines = nodes.map((node, index) => `\tserver node${index + 1} ${new URL(node.url).host}`)
  const config = (await readFile(shipped, 'utf8'))
    .split('\n')
    // What only root does (chroot, the user switch) and syslog; the runtime API on a socket of the test's.
    .filter((line) => !/^\t(log \/dev\/log|chroot|user|group|daemon|stats socket)\b/.test(line))
    .filter((line) => !/^\tserver node\d/.test(line))
    .map((line) => (line === 'global' ? `global\n\tstats socket ${socketPath} mode 600 level admin` : line))
    .map((line) => (line === '\tbind :8080' ? `\tbind 127.0.0.1:${frontPort}` : line))
    // Which node answered, for this test only.
    .map((line) => (line === 'backend shopapi_nodes' ? `${line}\n\thttp-response set-header x-test-node %s` : line))
    .join('\n')
    .concat(`${serverLines.join('\n')}\n`)
  const configPath = path.join(dir, 'haproxy.cfg')
  await writeFile(configPath, config, { mode: 0o600, flag: 'wx' })
  const haproxy = spawn('haproxy', ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] })
  let haproxyOutput = ''
  haproxy.stdout.on('data', (chunk) => {
    haproxyOutput += chunk
  })
  haproxy.stderr.on('data', (chunk) => {
    haproxyOutput += chunk
  })
  const haproxyExited = new Promise((resolve) => haproxy.once('close', resolve))
  t.teardown(async () => {
    haproxy.kill('SIGTERM')
    const killer = setTimeout(() => haproxy.kill('SIGKILL'), 5_000)
    await haproxyExited
    clearTimeout(killer)
  })
  const front = `http://127.0.0.1:${frontPort}`
  const get = async () => {
    const response = await checkedFetch(`${front}/v1/shop`, { headers: { authorization: `Bearer ${key}` } })
    await response.arrayBuffer()
    return { status: response.status, node: response.headers.get('x-test-node') }
  }

  // Both nodes pass their first checks (rise 2, every 2 s) before they take requests.
  await eventually(
    async () => {
      const states = await serverStates(socketPath).catch(() => ({}) as Record<string, string>)
      return states.node1 === 'UP' && states.node2 === 'UP' ? true : undefined
    },
    20_000,
    `both nodes UP (haproxy output: ${haproxyOutput})`,
  )
  const spread: Record<string, number> = {}
  for (let i = 0; i < 10; i++) {
    const { status, node } = await get()
    t.equal(status, 200, `request ${i} answered 200`)
    spread[node ?? 'none'] = (spread[node ?? 'none'] ?? 0) + 1
  }
  t.same(spread, { node1: 5, node2: 5 }, 'round robin: half the requests to each node')

  // The second node stops (SIGTERM, as systemd stops it); requests keep coming meanwhile.
  const stoppedAt = Date.now()
  const stopping = (nodes[1] as ServeProcess).stop()
  const statuses: Record<number, number> = {}
  let downAfterMs: number | undefined
  for (let i = 0; i < 400 && Date.now() - stoppedAt < 15_000 && downAfterMs === undefined; i++) {
    const { status } = await get()
    statuses[status] = (statuses[status] ?? 0) + 1
    if ((await serverStates(socketPath)).node2 === 'DOWN') downAfterMs = Date.now() - stoppedAt
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  t.equal(await stopping, 0, 'the node stopped cleanly')
  t.ok(downAfterMs !== undefined, `the stopped node is marked DOWN (after ${downAfterMs} ms)`)
  t.same(Object.keys(statuses), ['200'], 'every request meanwhile was answered 200 (redispatched, none lost)', {
    statuses,
  })
  t.comment(`node2 stopped: DOWN after ${downAfterMs} ms; meanwhile ${JSON.stringify(statuses)}`)
  for (let i = 0; i < 4; i++) t.equal((await get()).node, 'node1', `request ${i} after: the remaining node answers`)

  // No node left: the proxy's own 503, in the API's envelope with Retry-After (checkedFetch checks it).
  await (nodes[0] as ServeProcess).stop()
  await eventually(
    async () => ((await serverStates(socketPath)).node1 === 'DOWN' ? true : undefined),
    15_000,
    'node1 DOWN',
  )
  const refused = await checkedFetch(`${front}/v1/shop`, { headers: { authorization: `Bearer ${key}` } })
  t.equal(refused.status, 503, 'no node: 503')
  t.equal(refused.headers.get('retry-after'), '1', 'with Retry-After')
  t.equal(
    ((await refused.json()) as { error: { code: string } }).error.code,
    'service_unavailable',
    "in the API's error envelope",
  )
})
