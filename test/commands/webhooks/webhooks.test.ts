// The operator's webhook commands (`shopapi webhooks|deliveries|events ...`, `shopapi worker`) over dist/
// (run `npm run build` first) on a database of this file's own, seeded through the services, delivering
// to a real HTTP receiver on 127.0.0.1. No mocks. The commands run in this process (runCommand,
// test/helpers/cli-in-process.ts); `shopapi worker`, stopped by a signal, is a real process.

import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import t, { type Test } from 'tap'
import { loadConfig } from '../../../src/config.js'
import { deriveSecrets, parseSecretKey } from '../../../src/lib/secrets.js'
import { verifyWebhookSignature } from '../../../src/lib/webhook-signature.js'
import { type Actor, recordEvents } from '../../../src/platform/events.js'
import { getIntegration } from '../../../src/platform/tenancy/integrations.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import {
  createEndpoint,
  signingSecrets,
  vetWebhookUrl,
  type WebhookEndpointRow,
} from '../../../src/resources/webhook-endpoints/service.js'
import { dispatchEvents } from '../../../src/worker/dispatch.js'
import { purgeExpired } from '../../../src/worker/maintenance.js'
import { createTestKey, createTestShop } from '../../helpers/app.js'
import { type CliResult, cliEnv, cliPath } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { createTestDatabase } from '../../helpers/database.js'

t.setTimeout(600_000)

const secretKeyHex = randomBytes(32).toString('hex')
const { sealKey } = deriveSecrets(parseSecretKey(secretKeyHex))
const { url: databaseUrl, pool } = await createTestDatabase(t)
const env = {
  DATABASE_URL: databaseUrl,
  SHOPAPI_SECRET_KEY: secretKeyHex,
  SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
  SHOPAPI_LOG_LEVEL: 'info',
}
const cli = (...args: string[]) => runCommand(args, env)
const stackTrace = /^\s+at\s|\.[cm]?[jt]s:\d+:\d+/m

// ---- A receiver: /ok answers 200, /fail answers 500, /evil 200 with terminal escapes; every request is kept ----

// Sets the window title, erases the line and moves the cursor up: what an integration could make an
// operator's terminal do if its text were printed raw. C1 CSI (U+009B) and a bidi override as well.
const terminalAttack = '\u001b]0;pwned\u0007\u001b[2K\u001b[1A'
const evilBody = `ok${terminalAttack}\u009b2J done`
const evilName = `Ada\u202e\u009b31m${terminalAttack}`

interface Received {
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}
const received: Received[] = []
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
    if (request.url === '/fail') {
      response.statusCode = 500
      response.end('receiver is down for maintenance')
    } else if (request.url === '/evil') {
      response.end(evilBody)
    } else {
      response.end('thanks')
    }
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
t.teardown(() => {
  receiver.closeAllConnections()
  return new Promise<void>((resolve) => receiver.close(() => resolve()))
})
const receiverPort = (receiver.address() as { port: number }).port

// ---- Seed: two shops, an integration and an endpoint in each, one event each, dispatched ----

const config = loadConfig({ SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1' })
const context = { sealKey, webhooks: config.webhooks, resolver: async () => ['127.0.0.1'] }

async function seedShop(path: string) {
  const shop: ShopRow = await createTestShop(pool)
  const key = await createTestKey(pool, shop, ['customers.read', 'webhooks.manage'])
  const integration = await getIntegration(pool, key.integrationId)
  const actor: Actor = { shopId: shop.id, integrationId: integration.id }
  const { row } = await createEndpoint(
    pool,
    actor,
    { url: await vetWebhookUrl(`http://127.0.0.1:${receiverPort}${path}`, context), event_types: ['*'] },
    context,
  )
  const customerId = `cus_${randomBytes(8).toString('hex')}`
  await recordEvents(pool, actor, [
    { type: 'customer.created', objectType: 'customer', objectId: customerId, summary: { name: 'Ada' } },
  ])
  return { shop, integrationId: key.integrationId, actor, endpoint: row }
}

const a = await seedShop('/ok')
const b = await seedShop('/fail')
await dispatchEvents(pool)

const { rows: seeded } = await pool.query<{ endpoint: string; delivery: string; event: string }>(
  `select w.public_id as endpoint, d.public_id as delivery, e.public_id as event
   from webhook_deliveries d join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id
   join events e on e.shop_id = d.shop_id and e.id = d.event_id`,
)
const seedOf = (endpoint: WebhookEndpointRow) => {
  const row = seeded.find((r) => r.endpoint === endpoint.public_id)
  if (!row) throw new Error(`no delivery seeded for ${endpoint.public_id}`)
  return row
}
const seedA = seedOf(a.endpoint)
const seedB = seedOf(b.endpoint)

// ---- Helpers ----

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

/** Exit 0 (or `code`) and stdout is one JSON document. */
function json<T>(t: Test, result: CliResult, what: string, code = 0): T {
  t.equal(result.code, code, `${what} exits ${code}`, { output: describe(result) })
  try {
    return JSON.parse(result.stdout) as T
  } catch {
    t.fail(`${what}: stdout is not one JSON document`, { stdout: result.stdout })
    throw new Error(`${what}: stdout is not JSON`)
  }
}

function human(t: Test, result: CliResult, what: string): string {
  t.equal(result.code, 0, `${what} exits 0`, { output: describe(result) })
  return result.stdout
}

function oneLineFailure(t: Test, result: CliResult, what: string, message: RegExp) {
  t.not(result.code, 0, `${what} exits non-zero`)
  t.not(result.code, null, `${what} exited by itself`)
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '')
  t.equal(lines.length, 1, `${what}: one line on stderr`, { stderr: result.stderr })
  t.match(result.stderr, message, `${what}: says why`)
  t.notMatch(result.stderr, stackTrace, `${what}: no stack trace`)
}

async function endpointSecrets(publicId: string): Promise<string[]> {
  const { rows } = await pool.query<WebhookEndpointRow>('select * from webhook_endpoints where public_id = $1', [
    publicId,
  ])
  return signingSecrets(rows[0] as WebhookEndpointRow, sealKey)
}

interface EndpointJson {
  id: string
  shop_id: string
  integration_id: string
  url: string
  event_types: string[]
  status: string
  disabled_reason: string | null
  failing_since: string | null
  previous_secret_expires_at: string | null
  pending_deliveries: number
  changed?: boolean
}
interface DeliveryJson {
  id: string
  endpoint_id: string
  event_id: string
  origin: string
  status: string
  attempt_count: number
}
interface AttemptJson {
  number: number
  started_at: string
  duration_ms: number
  response_status: number | null
  error: string | null
  signatures: number
  manual: boolean
  response_body: string | null
}

// ---- Tests, in order on the shared database ----

t.test('webhooks list and show: every shop, filters, never a secret', async (t) => {
  const [all, byShop, byIntegration, table, shown, shownHuman] = await Promise.all([
    cli('webhooks', 'list', '--json'),
    cli('webhooks', 'list', '--shop', b.shop.public_id, '--json'),
    cli('webhooks', 'list', '--integration', a.integrationId, '--json'),
    cli('webhooks', 'list'),
    cli('webhooks', 'show', a.endpoint.public_id, '--json'),
    cli('webhooks', 'show', a.endpoint.public_id),
  ])
  const list = json<EndpointJson[]>(t, all, 'webhooks list --json')
  t.same(
    list.map((e) => e.id).sort(),
    [a.endpoint.public_id, b.endpoint.public_id].sort(),
    'lists the endpoints of both shops',
  )
  t.match(
    list.find((e) => e.id === a.endpoint.public_id),
    {
      shop_id: a.shop.public_id,
      integration_id: a.integrationId,
      url: `http://127.0.0.1:${receiverPort}/ok`,
      status: 'active',
      event_types: ['*'],
      failing_since: null,
      pending_deliveries: 1,
    },
  )
  t.same(
    json<EndpointJson[]>(t, byShop, 'list --shop').map((e) => e.id),
    [b.endpoint.public_id],
    '--shop filters',
  )
  t.same(
    json<EndpointJson[]>(t, byIntegration, 'list --integration').map((e) => e.id),
    [a.endpoint.public_id],
    '--integration filters',
  )
  const text = human(t, table, 'webhooks list')
  t.match(text, /ID\s+INTEGRATION\s+STATUS\s+URL\s+EVENT TYPES\s+FAILING SINCE\s+PENDING/, 'a table with headers')
  t.match(text, a.endpoint.public_id)

  const detail = json<EndpointJson & { deliveries: Record<string, number>; recent_deliveries: DeliveryJson[] }>(
    t,
    shown,
    'webhooks show --json',
  )
  t.match(detail, { id: a.endpoint.public_id, status: 'active', disabled_reason: null, failing_since: null })
  t.same(detail.deliveries, { pending: 1, succeeded: 0, failed: 0 }, 'delivery counts by status')
  t.same(
    detail.recent_deliveries.map((d) => d.id),
    [seedA.delivery],
    'the last deliveries',
  )
  for (const output of [all.stdout, shown.stdout, shownHuman.stdout, table.stdout]) {
    t.notMatch(output, /whsec_|secret_sealed/, 'no secret in any output')
  }
  const block = human(t, shownHuman, 'webhooks show')
  t.match(block, /disabled reason:\s+-/)
  t.match(block, /previous secret signs until:\s+-/)
  t.match(block, /deliveries:\s+1 pending, 0 succeeded, 0 failed/)
  t.match(block, seedA.delivery)
})

t.test('webhooks rotate-secret: the secret once, both secrets sign during the overlap', async (t) => {
  const rotated = json<{ id: string; secret: string; previous_secret_expires_at: string }>(
    t,
    await cli('webhooks', 'rotate-secret', a.endpoint.public_id, '--json'),
    'rotate-secret --json',
  )
  t.match(rotated.secret, /^whsec_/, 'the new secret')
  const expires = Date.parse(rotated.previous_secret_expires_at)
  t.ok(Math.abs(expires - (Date.now() + 24 * 3600_000)) < 120_000, 'the previous secret signs for 24 hours')
  let secrets = await endpointSecrets(a.endpoint.public_id)
  t.equal(secrets.length, 2, 'two secrets sign now')
  t.equal(secrets[0], rotated.secret, 'the new one first')

  const again = await cli('webhooks', 'rotate-secret', a.endpoint.public_id)
  const text = human(t, again, 'rotate-secret')
  t.match(text, /will not be shown again/, 'warns that it is shown once')
  t.match(text, /previous secret keeps signing deliveries until \d{4}-\d\d-\d\dT/, 'says until when')
  const secret = /whsec_\S+/.exec(text)?.[0]
  secrets = await endpointSecrets(a.endpoint.public_id)
  t.equal(secrets[0], secret, 'the printed secret is the current one')
  t.equal(secrets[1], rotated.secret, 'the one before keeps signing')
})

t.test('webhooks disable and enable, and already in that state', async (t) => {
  const disabled = json<EndpointJson>(
    t,
    await cli('webhooks', 'disable', b.endpoint.public_id, '--reason', 'Receiver moving', '--json'),
    'disable --json',
  )
  t.match(disabled, { id: b.endpoint.public_id, status: 'disabled', disabled_reason: 'Receiver moving', changed: true })
  const [twice, plain] = await Promise.all([
    cli('webhooks', 'disable', b.endpoint.public_id),
    cli('webhooks', 'disable', a.endpoint.public_id),
  ])
  t.match(human(t, twice, 'disable again'), /already disabled \(Receiver moving\)/, 'already disabled: says so')
  t.match(human(t, plain, 'disable without --reason'), /Disabled by shop staff/, 'the default reason')
  // A due time far ahead, as a retry would have: enabling makes it due at once.
  await pool.query(`update webhook_deliveries set next_attempt_at = now() + interval '2 hours' where public_id = $1`, [
    seedB.delivery,
  ])
  const enabled = json<EndpointJson>(t, await cli('webhooks', 'enable', b.endpoint.public_id, '--json'), 'enable')
  t.match(enabled, { status: 'active', disabled_reason: null, failing_since: null, changed: true })
  const { rows } = await pool.query<{ due: boolean }>(
    'select next_attempt_at <= now() as due from webhook_deliveries where public_id = $1',
    [seedB.delivery],
  )
  t.equal(rows[0]?.due, true, 'held deliveries are due again')
  const [enabledTwice, enableA] = await Promise.all([
    cli('webhooks', 'enable', b.endpoint.public_id, '--json'),
    cli('webhooks', 'enable', a.endpoint.public_id),
  ])
  t.match(json<EndpointJson>(t, enabledTwice, 'enable again'), { status: 'active', changed: false })
  t.match(human(t, enableA, 'enable a'), /Enabled/)
})

t.test('deliveries list with filters', async (t) => {
  const [all, byEndpoint, succeeded, byEvent, recent, future, table] = await Promise.all([
    cli('deliveries', 'list', '--json'),
    cli('deliveries', 'list', '--endpoint', a.endpoint.public_id, '--status', 'pending', '--json'),
    cli('deliveries', 'list', '--status', 'succeeded', '--json'),
    cli('deliveries', 'list', '--event', seedB.event, '--json'),
    cli('deliveries', 'list', '--since', '1h', '--limit', '1', '--json'),
    cli('deliveries', 'list', '--since', '2099-01-01T00:00:00+02:00', '--json'),
    cli('deliveries', 'list'),
  ])
  t.same(
    json<DeliveryJson[]>(t, all, 'list')
      .map((d) => d.id)
      .sort(),
    [seedA.delivery, seedB.delivery].sort(),
  )
  t.match(json<DeliveryJson[]>(t, byEndpoint, '--endpoint --status'), [
    {
      id: seedA.delivery,
      endpoint_id: a.endpoint.public_id,
      event_id: seedA.event,
      origin: 'event',
      status: 'pending',
    },
  ])
  t.same(json(t, succeeded, '--status succeeded'), [], 'none succeeded yet')
  t.same(
    json<DeliveryJson[]>(t, byEvent, '--event').map((d) => d.id),
    [seedB.delivery],
  )
  t.equal(json<DeliveryJson[]>(t, recent, '--since 1h --limit 1').length, 1, '--limit')
  t.same(json(t, future, '--since in the future'), [])
  t.match(human(t, table, 'deliveries list'), /ID\s+ENDPOINT\s+EVENT\s+ORIGIN\s+STATUS/)
})

t.test('deliveries resend: a signed POST now, recorded as a manual attempt', async (t) => {
  const before = received.length
  const result = json<{ succeeded: boolean; response_status: number; duration_ms: number; signatures: number }>(
    t,
    await cli('deliveries', 'resend', seedA.delivery, '--json'),
    'resend --json',
  )
  t.match(result, { succeeded: true, response_status: 200, signatures: 2, status: 'succeeded' })
  t.type(result.duration_ms, 'number')
  const request = received[before]
  t.equal(received.length, before + 1, 'the receiver got one request')
  t.equal(request?.path, '/ok')
  const [current] = await endpointSecrets(a.endpoint.public_id)
  t.ok(
    verifyWebhookSignature(request?.body ?? '', request?.headers['service-signature'] as string, current ?? ''),
    'Service-Signature verifies with the current secret',
  )
  t.equal(request?.headers['service-event-id'], seedA.event)
  t.equal(JSON.parse(request?.body.toString() ?? '{}').id, seedA.event, 'the body is the envelope')

  const [shown, shownHuman] = await Promise.all([
    cli('deliveries', 'show', seedA.delivery, '--json'),
    cli('deliveries', 'show', seedA.delivery),
  ])
  const detail = json<DeliveryJson & { event: { id: string; type: string }; attempts: AttemptJson[] }>(
    t,
    shown,
    'deliveries show --json',
  )
  t.match(detail, { id: seedA.delivery, status: 'succeeded', attempt_count: 1, event: { id: seedA.event } })
  t.equal(detail.attempts.length, 1)
  t.match(detail.attempts[0], { number: 1, response_status: 200, error: null, signatures: 2, manual: true })
  t.equal(detail.attempts[0]?.response_body, 'thanks')
  const text = human(t, shownHuman, 'deliveries show')
  t.match(text, /Envelope:/)
  t.match(text, /"type": "customer.created"/)
  t.match(text, /#\s+STARTED\s+DURATION\s+RESULT\s+SIGNATURES\s+MANUAL\s+RESPONSE BODY/)
  t.match(text, /\b200\b.*\b2\b.*yes.*thanks/)
})

t.test('deliveries resend to a receiver answering 500: exit 1, the attempt shows it', async (t) => {
  const resent = await cli('deliveries', 'resend', seedB.delivery)
  t.equal(resent.code, 1, 'exit code 1', { output: describe(resent) })
  t.match(resent.stdout, /Failed: .*500 in \d+ ms/, 'says what the receiver answered and how long it took')
  t.match(resent.stdout, /receiver is down/, 'with the start of the body')
  const detail = json<DeliveryJson & { attempts: AttemptJson[] }>(
    t,
    await cli('deliveries', 'show', seedB.delivery, '--json'),
    'deliveries show',
  )
  t.equal(detail.status, 'pending', 'a failed manual attempt leaves the state alone')
  t.match(detail.attempts, [{ response_status: 500, manual: true, signatures: 1 }])

  // A delivery with a live lease is being attempted elsewhere.
  await pool.query(
    `update webhook_deliveries set lease_expires_at = now() + interval '1 minute' where public_id = $1`,
    [seedB.delivery],
  )
  const busy = await cli('deliveries', 'resend', seedB.delivery)
  oneLineFailure(t, busy, 'resend in flight', /being attempted right now/)
  await pool.query('update webhook_deliveries set lease_expires_at = null where public_id = $1', [seedB.delivery])
})

t.test('events list and show', async (t) => {
  const [all, byShop, byType, shown, table] = await Promise.all([
    cli('events', 'list', '--json'),
    cli('events', 'list', '--shop', a.shop.public_id, '--since', '10m', '--json'),
    cli('events', 'list', '--type', 'customer.updated', '--json'),
    cli('events', 'show', seedA.event, '--json'),
    cli('events', 'list'),
  ])
  const events = json<{ id: string; shop_id: string; type: string; deliveries: number; test: boolean }[]>(
    t,
    all,
    'events list',
  )
  t.same(events.map((e) => e.id).sort(), [seedA.event, seedB.event].sort(), 'events of both shops')
  t.match(
    events.find((e) => e.id === seedA.event),
    {
      object: 'event',
      type: 'customer.created',
      test: false,
      shop_id: a.shop.public_id,
      deliveries: 1,
      data: { object_type: 'customer' },
    },
  )
  t.same(
    json<{ id: string }[]>(t, byShop, '--shop --since').map((e) => e.id),
    [seedA.event],
  )
  t.same(json(t, byType, '--type'), [])
  const detail = json<{ event: { id: string; api_version: string }; shop_id: string; deliveries: DeliveryJson[] }>(
    t,
    shown,
    'events show',
  )
  t.match(detail, { event: { id: seedA.event, api_version: 'v1' }, shop_id: a.shop.public_id })
  t.same(
    detail.deliveries.map((d) => d.id),
    [seedA.delivery],
  )
  t.match(human(t, table, 'events list'), /ID\s+SHOP\s+TYPE\s+OBJECT/)
})

t.test('events replay: new deliveries for a window, progress on stderr only', async (t) => {
  // 1200 retained events: more than one batch, so progress shows.
  await pool.query(
    `insert into events (shop_id, public_id, type, object_type, object_id, summary, integration_id, dispatched)
     select $1, 'evt_replay' || g, 'customer.updated', 'customer', 'cus_replay' || g, '{}', $2, true
     from generate_series(1, 1200) g`,
    [a.actor.shopId, a.actor.integrationId],
  )
  const replayed = await cli(
    'events',
    'replay',
    '--endpoint',
    a.endpoint.public_id,
    '--since',
    '1h',
    '--type',
    'customer.updated',
    '--yes',
    '--json',
  )
  t.match(json(t, replayed, 'replay --json'), {
    endpoint_id: a.endpoint.public_id,
    type: 'customer.updated',
    until: null,
    queued: 1200,
  })
  t.match(replayed.stderr, /1200\/1200 \(100%\)/, 'progress lines on stderr')
  const { rows } = await pool.query<{ count: number }>(
    `select count(*)::int as count from webhook_deliveries where origin = 'replay'`,
  )
  t.equal(rows[0]?.count, 1200, '1200 replay deliveries')
  // Out of the way of the worker test below.
  await pool.query(`delete from webhook_deliveries where origin = 'replay'`)

  const small = await cli(
    'events',
    'replay',
    '--endpoint',
    a.endpoint.public_id,
    '--since',
    new Date(Date.now() - 3600_000).toISOString(),
    '--until',
    '1s',
    '--type',
    'customer.created',
  )
  t.match(human(t, small, 'replay'), /Queued 1 delivery to whe_/)
  t.equal(small.stderr, '', 'no progress for a small window')
})

t.test('help shows serve --no-worker and the worker command', async (t) => {
  const [serveHelp, workerHelp] = await Promise.all([cli('serve', '--help'), cli('worker', '--help')])
  t.match(human(t, serveHelp, 'serve --help'), /--\[no-\]worker/)
  t.match(human(t, workerHelp, 'worker --help'), /webhook worker/)
})

t.test('shopapi worker delivers due deliveries and stops on SIGTERM', async (t) => {
  const before = received.filter((r) => r.path === '/ok').length
  const child: ChildProcess = spawn(process.execPath, [cliPath, 'worker', '--json'], {
    env: cliEnv({ ...env, SHOPAPI_WEBHOOK_RETRY_SCHEDULE: '1h' }),
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
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  // The replay above queued one delivery to /ok: the worker sends it.
  const deadline = Date.now() + 30_000
  while (received.filter((r) => r.path === '/ok').length === before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.equal(received.filter((r) => r.path === '/ok').length, before + 1, 'the worker delivered the due delivery')
  child.kill('SIGTERM')
  t.equal(await exited, 0, 'exits 0 on SIGTERM', { stdout, stderr })
  const first = JSON.parse(stdout.split('\n')[0] ?? '{}')
  t.match(first, { worker: true, database: 'DATABASE_URL' }, 'a JSON start-up line')
  t.match(stdout, /"msg":"webhook worker started"/, 'pino log lines on stdout')
  t.match(stderr, /development only: webhooks may target http:\/\/ and private addresses/, 'warns')
  t.match(stderr, /SIGTERM: finishing attempts in flight/)
})

t.test('bad ids and flags: one line, non-zero', async (t) => {
  const [shape, kind, missing, since, missingJson] = await Promise.all([
    cli('webhooks', 'show', 'nope'),
    cli('deliveries', 'resend', a.endpoint.public_id),
    cli('events', 'show', 'evt_doesnotexist'),
    cli('events', 'replay', '--endpoint', a.endpoint.public_id, '--since', 'yesterday'),
    cli('webhooks', 'enable', 'whe_doesnotexist', '--json'),
  ])
  oneLineFailure(t, shape, 'webhooks show nope', /"nope" is not a webhook endpoint id \(whe_\.\.\.\)/)
  oneLineFailure(t, kind, 'resend a whe_ id', /is not a delivery id \(dlv_\.\.\.\)/)
  oneLineFailure(t, missing, 'events show of a missing event', /No event evt_doesnotexist/)
  oneLineFailure(t, since, 'replay --since yesterday', /--since: "yesterday" is not an RFC 3339 instant/)
  t.equal(missingJson.code, 1)
  t.same(JSON.parse(missingJson.stdout), {
    error: { code: 'not_found', message: 'No webhook endpoint whe_doesnotexist' },
  })
})

t.test('integration-controlled text is escaped in human output and exact in --json', async (t) => {
  const shop: ShopRow = await createTestShop(pool)
  const key = await createTestKey(pool, shop, ['customers.read', 'webhooks.manage'])
  const integration = await getIntegration(pool, key.integrationId)
  const actor: Actor = { shopId: shop.id, integrationId: integration.id }
  const { row: endpoint } = await createEndpoint(
    pool,
    actor,
    {
      url: await vetWebhookUrl(`http://127.0.0.1:${receiverPort}/evil`, context),
      event_types: ['*'],
      description: terminalAttack,
    },
    context,
  )
  const customerId = `cus_${randomBytes(8).toString('hex')}`
  await recordEvents(pool, actor, [
    { type: 'customer.created', objectType: 'customer', objectId: customerId, summary: { name: evilName } },
  ])
  await dispatchEvents(pool)
  const { rows } = await pool.query<{ delivery: string; event: string }>(
    `select d.public_id as delivery, e.public_id as event
     from webhook_deliveries d join events e on e.shop_id = d.shop_id and e.id = d.event_id
     where d.shop_id = $1 and d.endpoint_id = $2`,
    [shop.id, endpoint.id],
  )
  const delivery = rows[0]?.delivery ?? ''
  const eventId = rows[0]?.event ?? ''

  const resent = await cli('deliveries', 'resend', delivery)
  const humanRuns: Record<string, CliResult> = {
    'deliveries resend': resent,
    ...Object.fromEntries(
      await Promise.all(
        [
          ['webhooks', 'list'],
          ['webhooks', 'show', endpoint.public_id],
          ['deliveries', 'list'],
          ['deliveries', 'show', delivery],
          ['events', 'list'],
          ['events', 'show', eventId],
        ].map(async (args) => [args.join(' '), await cli(...args)] as const),
      ),
    ),
  }
  // ESC, BEL, any other C0 control but the line feed, DEL, C1, bidi overrides and isolates.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must not reach the terminal
  const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
  for (const [what, result] of Object.entries(humanRuns)) {
    t.equal(result.code, 0, `${what} exits 0`, { output: describe(result) })
    t.notMatch(result.stdout, raw, `${what}: no control character reaches the terminal`)
    t.notMatch(result.stderr, raw, `${what}: nor on stderr`)
  }
  const escaped = '\\u001b]0;pwned\\u0007\\u001b[2K\\u001b[1A'
  t.ok(
    humanRuns[`webhooks show ${endpoint.public_id}`]?.stdout.includes(escaped),
    'webhooks show shows the description escaped',
  )
  t.ok(humanRuns['deliveries resend']?.stdout.includes(`ok${escaped}\\u009b2J done`), 'resend shows the answer escaped')
  t.ok(humanRuns[`deliveries show ${delivery}`]?.stdout.includes(`ok${escaped}`), 'deliveries show: the body escaped')
  t.ok(humanRuns[`events show ${eventId}`]?.stdout.includes('Ada\\u202e\\u009b31m'), 'events show: the name escaped')

  const [shownJson, deliveryJson, eventJson, badId] = await Promise.all([
    cli('webhooks', 'show', endpoint.public_id, '--json'),
    cli('deliveries', 'show', delivery, '--json'),
    cli('events', 'show', eventId, '--json'),
    cli('webhooks', 'show', `whe_${terminalAttack}`),
  ])
  t.equal(json<{ description: string }>(t, shownJson, 'webhooks show --json').description, terminalAttack)
  t.same(
    json<{ attempts: AttemptJson[] }>(t, deliveryJson, 'deliveries show --json').attempts.map((a) => a.response_body),
    [evilBody],
    '--json carries the exact response body',
  )
  t.equal(
    json<{ event: { data: { summary: { name: string } } } }>(t, eventJson, 'events show --json').event.data.summary
      .name,
    evilName,
    '--json carries the exact name',
  )
  oneLineFailure(t, badId, 'an id with escapes', /is not a webhook endpoint id/)
  t.notMatch(badId.stderr, raw, 'the error line echoes the id escaped')
})

/**
 * Deletes the endpoint on a connection of its own and keeps that transaction open (the row and its
 * deliveries locked, the deletion not yet visible) until `commit`.
 */
async function holdDeletion(publicId: string) {
  const client = await pool.connect()
  await client.query('begin')
  await client.query('delete from webhook_endpoints where public_id = $1', [publicId])
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid as number
  return {
    async commit() {
      await client.query('commit')
      client.release()
    },
    /** Resolves once another backend waits for a lock this transaction holds. */
    async blocking() {
      for (let i = 0; i < 800; i++) {
        const { rows } = await pool.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [pid],
        )
        if ((rows[0]?.n ?? 0) > 0) return
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error('nothing waited for the deletion')
    },
  }
}

/** A fresh endpoint of shop a (to /ok) with one dispatched delivery of a new event. */
async function endpointWithDelivery(): Promise<{ endpoint: WebhookEndpointRow; delivery: string }> {
  const { row: endpoint } = await createEndpoint(
    pool,
    a.actor,
    { url: await vetWebhookUrl(`http://127.0.0.1:${receiverPort}/ok`, context), event_types: ['*'] },
    context,
  )
  await recordEvents(pool, a.actor, [
    {
      type: 'customer.created',
      objectType: 'customer',
      objectId: `cus_${randomBytes(8).toString('hex')}`,
      summary: {},
    },
  ])
  await dispatchEvents(pool)
  const { rows } = await pool.query<{ public_id: string }>(
    'select public_id from webhook_deliveries where shop_id = $1 and endpoint_id = $2',
    [endpoint.shop_id, endpoint.id],
  )
  return { endpoint, delivery: rows[0]?.public_id as string }
}

t.test('events replay to an endpoint deleted meanwhile: one line naming it, not a foreign key', async (t) => {
  for (const json of [false, true]) {
    const { endpoint } = await endpointWithDelivery()
    const deletion = await holdDeletion(endpoint.public_id)
    // A small window (no progress lines on stderr): the error is the one line.
    const args = ['events', 'replay', '--endpoint', endpoint.public_id, '--since', '1h', '--type', 'customer.created']
    const replay = cli(...args, ...(json ? ['--json'] : []))
    await deletion.blocking()
    await deletion.commit()
    const result = await replay
    if (json) {
      t.equal(result.code, 1, 'exit 1', { output: describe(result) })
      t.match(JSON.parse(result.stdout), {
        error: { code: 'not_found', message: new RegExp(`${endpoint.public_id} was deleted`) },
      })
    } else {
      oneLineFailure(t, result, 'replay', new RegExp(`webhook endpoint ${endpoint.public_id} was deleted`))
      t.notMatch(result.stderr, /foreign key/, 'no database error')
    }
  }
})

t.test('deliveries resend of a delivery whose endpoint is being deleted: not found, one line', async (t) => {
  const { endpoint, delivery } = await endpointWithDelivery()
  const deletion = await holdDeletion(endpoint.public_id)
  const resend = cli('deliveries', 'resend', delivery)
  await deletion.blocking()
  await deletion.commit()
  oneLineFailure(t, await resend, 'resend', new RegExp(`No delivery ${delivery}`))
})

t.test('webhooks enable says how many held deliveries resume; --drop-held drops them; held ones expire', async (t) => {
  const { row: endpoint } = await createEndpoint(
    pool,
    a.actor,
    { url: await vetWebhookUrl(`http://127.0.0.1:${receiverPort}/ok`, context), event_types: ['customer.created'] },
    context,
  )
  const id = endpoint.public_id
  const heldStatuses = async () => {
    const { rows } = await pool.query<{ status: string; last_error: string | null }>(
      'select status, last_error from webhook_deliveries where shop_id = $1 and endpoint_id = $2',
      [endpoint.shop_id, endpoint.id],
    )
    return rows
  }
  const happen = async (count: number) => {
    const recorded = await recordEvents(
      pool,
      a.actor,
      Array.from({ length: count }, () => ({
        type: 'customer.created' as const,
        objectType: 'customer' as const,
        objectId: `cus_${randomBytes(8).toString('hex')}`,
        summary: {},
      })),
    )
    await dispatchEvents(pool)
    return recorded
  }
  human(t, await cli('webhooks', 'disable', id), 'disable')
  await happen(3)
  t.equal((await heldStatuses()).length, 3, 'events while disabled are held as deliveries')
  // One of them leaves the 30-day retention: the purge takes its held delivery with it.
  await pool.query(
    `update events set created_at = now() - interval '31 days'
     where id = (select event_id from webhook_deliveries where shop_id = $1 and endpoint_id = $2 limit 1)`,
    [endpoint.shop_id, endpoint.id],
  )
  await purgeExpired(pool)
  t.equal((await heldStatuses()).length, 2, 'a held delivery expires with its event')

  const shown = json<EndpointJson>(t, await cli('webhooks', 'show', id, '--json'), 'show')
  t.equal(shown.pending_deliveries, 2, 'show counts them')
  const enabled = await cli('webhooks', 'enable', id)
  t.match(
    human(t, enabled, 'enable'),
    new RegExp(`^Enabled ${id} \\(.*\\); 2 held deliveries resume now, in the order of the log\\n$`),
  )
  t.same(
    (await heldStatuses()).map((row) => row.status),
    ['pending', 'pending'],
  )

  human(t, await cli('webhooks', 'disable', id), 'disable again')
  await happen(1)
  const dropped = json<EndpointJson & { resumed: number; dropped: number }>(
    t,
    await cli('webhooks', 'enable', id, '--drop-held', '--json'),
    'enable --drop-held',
  )
  t.match(dropped, { id, status: 'active', changed: true, resumed: 0, dropped: 3, pending_deliveries: 0 })
  for (const row of await heldStatuses()) {
    t.match(row, { status: 'failed', last_error: /^not sent: dropped when the endpoint was enabled/ })
  }
  human(t, await cli('webhooks', 'disable', id), 'disable a third time')
  t.match(
    human(t, await cli('webhooks', 'enable', id, '--drop-held'), 'enable --drop-held with none held'),
    /; no deliveries were held\n$/,
  )
})
