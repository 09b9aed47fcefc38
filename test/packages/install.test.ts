// Issue 28 item 5: what a partner does, as the README says it, against a real appliance. Both packages
// are built and packed (`node scripts/packages.js`), installed from their tarballs into an empty folder
// with npm, and the README's own receiver (receiver.mjs) and client (client.mts) are taken from
// README.md as the test runs, so the README cannot drift from what works. `shopapi serve` delivers a
// real signed event to the receiver; a forged one is refused; the client lists customers with a real key
// and type-checks against the tarball's types with the README's tsc flags. Two substitutions, both
// for time: typescript, tsx and @types/node are this repository's (the README installs them from npm),
// and the receiver's port comes from PORT (the README's default 3000 may be taken on a test machine).

import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { signWebhookPayload } from '../../src/lib/service-signature.js'
import { createTestShopWithKey } from '../helpers/app.js'
import { startServe } from '../helpers/cli.js'
import { createTestDatabase } from '../helpers/database.js'
import { eventually } from '../helpers/receiver.js'

const execFileAsync = promisify(execFile)
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const tscPath = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc')
const tsxPath = join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs')

/** The one fenced block of `language` in README.md that contains `marker`. */
async function readmeBlock(language: string, marker: string): Promise<string> {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8')
  const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)]
    .filter((match) => match[1] === language && match[2]?.includes(marker))
    .map((match) => match[2] as string)
  if (blocks.length !== 1) throw new Error(`README.md: ${blocks.length} \`\`\`${language} blocks contain ${marker}`)
  return blocks[0] as string
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

async function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  return execFileAsync(command, args, { ...options, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 })
}

t.test('the README receiver and client, installed from the packed tarballs into an empty folder', async (t) => {
  const started = Date.now()
  const work = await mkdtemp(join(tmpdir(), 'shopapi-packages-'))
  t.teardown(() => rm(work, { recursive: true, force: true }))
  const partner = join(work, 'partner')
  await mkdir(partner)

  // Packing (two tsc runs) and the appliance's start overlap.
  const database = await createTestDatabase(t)
  const [packed, server] = await Promise.all([
    run(process.execPath, ['scripts/packages.js', '--out', join(work, 'tarballs')], { cwd: repoRoot }),
    startServe([], {
      DATABASE_URL: database.url,
      SHOPAPI_SECRET_KEY: randomBytes(32).toString('hex'),
      SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
      SHOPAPI_LOG_LEVEL: 'error',
    }),
  ])
  t.teardown(() => server.stop())
  const tarballs = [...packed.stdout.matchAll(/^(@shopapi\/\w+)@[\d.]+ (\S+\.tgz) \((\d+) bytes\)$/gm)]
  t.same(
    tarballs.map((line) => line[1]),
    ['@shopapi/webhooks', '@shopapi/client'],
    'npm run packages packs both',
  )
  for (const line of tarballs) t.comment(`${line[1]}: ${line[3]} bytes`)
  const packedAt = Date.now()

  const install = await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      ...tarballs.map((line) => join(repoRoot, line[2] as string)),
    ],
    { cwd: partner },
  )
  t.ok(
    JSON.parse(await readFile(join(partner, 'package.json'), 'utf8')).dependencies['@shopapi/webhooks'],
    'installed here',
    {
      output: install.stdout,
    },
  )
  const installed = [
    ...(await readdir(join(partner, 'node_modules'))).filter((name) => !name.startsWith('.') && !name.startsWith('@')),
    ...(await readdir(join(partner, 'node_modules', '@shopapi'))).map((name) => `@shopapi/${name}`),
  ].sort()
  t.same(
    installed,
    ['@shopapi/client', '@shopapi/webhooks', 'openapi-fetch', 'openapi-typescript-helpers'],
    'the webhooks package brings nothing; the client brings openapi-fetch (and its helper types)',
  )
  const installedAt = Date.now()

  // The installed package against every published vector.
  const vectorsCheck = `
    import { readFileSync } from 'node:fs'
    import { verifyWebhookSignature } from '@shopapi/webhooks'
    const { vectors, tolerance_seconds } = JSON.parse(readFileSync(process.argv[1], 'utf8'))
    let checks = 0
    for (const vector of vectors) for (const check of vector.checks) {
      const body = Buffer.from(check.received_body_base64 ?? vector.body_base64, 'base64')
      const verdict = verifyWebhookSignature(body, vector.headers['Service-Signature'], check.secrets,
        { nowSeconds: check.now, toleranceSeconds: tolerance_seconds })
      if (verdict !== check.expected) throw new Error(vector.name + ': ' + check.why)
      checks += 1
    }
    console.log(checks)`
  const vectors = await run(
    process.execPath,
    ['--input-type=module', '-e', vectorsCheck, join(repoRoot, 'docs', 'webhook-signature-vectors.json')],
    { cwd: partner },
  )
  t.ok(Number(vectors.stdout) >= 10, `the installed package passes all ${vectors.stdout.trim()} vector checks`)

  // The README's receiver, registered with the running appliance.
  const apiBase = server.url.replace(/\/v1$/, '')
  const { key } = await createTestShopWithKey(database.pool, ['customers.read', 'customers.write', 'webhooks.manage'])
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${apiBase}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'idempotency-key': randomUUID(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
  const port = await freePort()
  const endpoint = await api('POST', '/webhook-endpoints', {
    url: `http://127.0.0.1:${port}/hooks`,
    event_types: ['customer.created'],
  })
  t.equal(endpoint.status, 201, 'the endpoint is registered', { body: endpoint.json })
  const secret = endpoint.json.secret as string

  await writeFile(join(partner, 'receiver.mjs'), await readmeBlock('js', "from '@shopapi/webhooks'\n\nconst secrets"))
  const receiver: ChildProcess = spawn(process.execPath, ['receiver.mjs'], {
    cwd: partner,
    env: { PATH: process.env.PATH, WEBHOOK_SECRET: secret, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => {
    receiver.kill()
  })
  let receiverOutput = ''
  receiver.stdout?.on('data', (chunk) => {
    receiverOutput += chunk
  })
  receiver.stderr?.on('data', (chunk) => {
    receiverOutput += chunk
  })
  const post = (headers: Record<string, string>, body: string) =>
    fetch(`http://127.0.0.1:${port}/hooks`, { method: 'POST', headers, body }).then((response) => response.status)
  const forgedBody = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.created' })
  const unsigned = await eventually(
    () => post({}, forgedBody).catch(() => undefined),
    10_000,
    `the receiver listening (its output: ${receiverOutput})`,
  )
  t.equal(unsigned, 400, 'no signature: 400')
  const wrongSecret = 'whsec_wrongWrongWrongWrongWrongWrongWrongWrongWron'
  t.equal(
    await post({ 'service-signature': signWebhookPayload(forgedBody, wrongSecret) }, forgedBody),
    400,
    'wrong secret: 400',
  )
  const stale = signWebhookPayload(forgedBody, secret, Math.floor(Date.now() / 1000) - 301)
  t.equal(await post({ 'service-signature': stale }, forgedBody), 400, 'the right secret 301 s ago: 400')

  const customer = await api('POST', '/customers', { first_name: 'Ada', last_name: 'Partner' })
  t.equal(customer.status, 201, 'a customer is created', { body: customer.json })
  const line = `customer.created customer ${customer.json.id as string}`
  await eventually(
    async () => (receiverOutput.includes(line) ? true : undefined),
    20_000,
    `the receiver printing "${line}" (its output: ${receiverOutput})`,
  )
  t.notMatch(receiverOutput, /evt_forged/, 'nothing forged got through')
  t.pass('the appliance delivered a signed event and the README receiver accepted it')
  const deliveredAt = Date.now()

  // The README's client: type-checked with the README's flags, then run against the appliance.
  await writeFile(join(partner, 'client.mts'), await readmeBlock('ts', 'createShopApiClient'))
  const commands = await readmeBlock('sh', 'npx tsc --noEmit')
  const tscLine = commands.split('\n').find((text) => text.startsWith('npx tsc '))
  const tscArgs = (tscLine ?? '').slice('npx tsc '.length).split(' ')
  const typeRoots = ['--typeRoots', join(repoRoot, 'node_modules', '@types')]
  // One tsc run over the README's file and a copy with a misspelt field: only the copy may fail.
  await writeFile(
    join(partner, 'wrong.mts'),
    (await readFile(join(partner, 'client.mts'), 'utf8')).replace('customer.first_name', 'customer.firstName'),
  )
  const files = tscArgs.flatMap((arg) => (arg === 'client.mts' ? ['client.mts', 'wrong.mts'] : [arg]))
  const checked = await run(process.execPath, [tscPath, ...files, ...typeRoots], { cwd: partner }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? '',
  )
  t.notMatch(checked, /client\.mts/, 'client.mts type-checks against the installed types', { output: checked })
  t.match(
    checked,
    /^wrong\.mts\(.*Property 'firstName' does not exist/m,
    'and the types are real: a misspelt field is an error',
  )
  t.equal(checked.trim().split('\n').length, 1, 'that one error only')

  const listed = await run(process.execPath, [tsxPath, 'client.mts'], {
    cwd: partner,
    env: { PATH: process.env.PATH, KEY: key, SHOPAPI_URL: apiBase },
  })
  t.equal(listed.stdout, `${customer.json.id as string} Ada Partner\n`, 'the client lists the customer')
  const badKey = await run(process.execPath, [tsxPath, 'client.mts'], {
    cwd: partner,
    env: { PATH: process.env.PATH, KEY: 'shopapi_not_a_key', SHOPAPI_URL: apiBase },
  }).then(
    () => '',
    (error: { stderr?: string }) => error.stderr ?? '',
  )
  t.match(badKey, /Error: \w+: /, 'with a wrong key it ends on the error the API answered')

  t.comment(
    `pack + serve ${((packedAt - started) / 1000).toFixed(1)} s, npm install ${((installedAt - packedAt) / 1000).toFixed(1)} s, ` +
      `delivery ${((deliveredAt - installedAt) / 1000).toFixed(1)} s, client ${((Date.now() - deliveredAt) / 1000).toFixed(1)} s`,
  )
})
