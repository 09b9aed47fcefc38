// Issue 27 items 4-7, the webhook commands the way Stripe CLI users work: `trigger`, `webhooks
// create|update|delete`, `--follow`, `events replay --failed-only|--dry-run|--yes`, and `deliveries resend`
// from a process without the worker's settings. Over dist/ (run `npm run build` first) on a database of
// this file's own, delivering to a real HTTP receiver on 127.0.0.1. No mocks. Commands run in this process
// (runCommand); `--follow`, which runs until Ctrl-C, is a real process stopped by SIGINT.

import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import t, { type Test } from 'tap'
import { loadConfig } from '../../../src/config.js'
import { deriveSecrets, parseSecretKey } from '../../../src/lib/secrets.js'
import { type Actor, recordEvents } from '../../../src/platform/events.js'
import { getIntegration } from '../../../src/platform/tenancy/integrations.js'
import type { ShopRow } from '../../../src/platform/tenancy/shops.js'
import { createEndpoint, vetWebhookUrl } from '../../../src/resources/webhook-endpoints/service.js'
import { dispatchEvents } from '../../../src/worker/dispatch.js'
import { createTestKey, createTestShop } from '../../helpers/app.js'
import { type CliResult, cliEnv, cliPath, runCli } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { createTestDatabase } from '../../helpers/database.js'

t.setTimeout(300_000)

const secretKeyHex = randomBytes(32).toString('hex')
const { sealKey } = deriveSecrets(parseSecretKey(secretKeyHex))
const { url: databaseUrl, pool } = await createTestDatabase(t)
// The worker's development settings, and the same process without them (the issue's `resend`).
const env = {
  DATABASE_URL: databaseUrl,
  SHOPAPI_SECRET_KEY: secretKeyHex,
  SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
  SHOPAPI_LOG_LEVEL: 'info',
}
const strictEnv = { ...env, SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: undefined }
const cli = (...args: string[]) => runCommand(args, env)
const strictCli = (...args: string[]) => runCommand(args, strictEnv)
const stackTrace = /^\s+at\s|\.[cm]?[jt]s:\d+:\d+/m

const received: { path: string }[] = []
const receiver = http.createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    received.push({ path: request.url ?? '' })
    response.statusCode = request.url === '/fail' ? 500 : 200
    response.end(request.url === '/fail' ? 'down' : 'thanks')
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
t.teardown(() => {
  receiver.closeAllConnections()
  return new Promise<void>((resolve) => receiver.close(() => resolve()))
})
const receiverPort = (receiver.address() as { port: number }).port
const receiverUrl = (path: string) => `http://127.0.0.1:${receiverPort}${path}`

const config = loadConfig({ SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1' })
const context = { sealKey, webhooks: config.webhooks, resolver: async () => ['127.0.0.1'] }

const shop: ShopRow = await createTestShop(pool)
const key = await createTestKey(pool, shop, ['customers.read', 'webhooks.manage'])
const integration = await getIntegration(pool, key.integrationId)
const actor: Actor = { shopId: shop.id, integrationId: integration.id }

async function endpointTo(path: string, eventTypes: string[] = ['*']) {
  const { row } = await createEndpoint(
    pool,
    actor,
    { url: await vetWebhookUrl(receiverUrl(path), context), event_types: eventTypes },
    context,
  )
  return row
}

async function happen(count: number, type: 'customer.created' | 'customer.updated' = 'customer.created') {
  await recordEvents(
    pool,
    actor,
    Array.from({ length: count }, () => ({
      type,
      objectType: 'customer' as const,
      objectId: `cus_${randomBytes(8).toString('hex')}`,
      summary: {},
    })),
  )
  await dispatchEvents(pool)
}

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

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
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '')
  t.equal(lines.length, 1, `${what}: one line on stderr`, { stderr: result.stderr })
  t.match(result.stderr, message, `${what}: says why`)
  t.notMatch(result.stderr, stackTrace, `${what}: no stack trace`)
}

async function deliveryRow(publicId: string) {
  const { rows } = await pool.query<{ status: string; attempt_count: number; origin: string; event_id: string }>(
    'select status, attempt_count, origin, event_id from webhook_deliveries where public_id = $1',
    [publicId],
  )
  return rows[0]
}

// ---- Item 7: resend from a process without the worker's settings ----

t.test(
  'deliveries resend without SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: one line naming it, nothing recorded',
  async (t) => {
    const endpoint = await endpointTo('/ok')
    await happen(1)
    const { rows } = await pool.query<{ public_id: string }>(
      'select public_id from webhook_deliveries where shop_id = $1 and endpoint_id = $2',
      [endpoint.shop_id, endpoint.id],
    )
    const delivery = rows[0]?.public_id as string
    const before = received.length
    const refused = await strictCli('deliveries', 'resend', delivery)
    oneLineFailure(t, refused, 'resend', /SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS=1/)
    t.match(
      refused.stderr,
      /Not sent to http:\/\/127\.0\.0\.1:\d+\/ok: the endpoint url must use https.*--queue.*no attempt was recorded/,
      'says what was refused and the way out',
    )
    t.equal(received.length, before, 'nothing was sent')
    t.match(await deliveryRow(delivery), { status: 'pending', attempt_count: 0 }, 'no failed attempt is recorded')
    const { rows: attempts } = await pool.query(
      'select 1 from webhook_attempts a join webhook_deliveries d on d.shop_id = a.shop_id and d.id = a.delivery_id where d.public_id = $1',
      [delivery],
    )
    t.equal(attempts.length, 0, 'no attempt row')
    const refusedJson = json<{ error: { code: string; message: string } }>(
      t,
      await strictCli('deliveries', 'resend', delivery, '--json'),
      'resend --json',
      1,
    )
    t.match(refusedJson.error, { code: 'invalid_request', message: /SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS/ })

    // --queue: the worker that owns delivery sends it, under its own settings.
    const queued = json<{ queued_delivery_id: string; origin: string; endpoint_id: string; event_id: string }>(
      t,
      await strictCli('deliveries', 'resend', delivery, '--queue', '--json'),
      'resend --queue --json',
    )
    t.match(queued, { origin: 'replay', endpoint_id: endpoint.public_id })
    t.not(queued.queued_delivery_id, delivery, 'a new delivery')
    const original = await deliveryRow(delivery)
    t.match(await deliveryRow(queued.queued_delivery_id), {
      status: 'pending',
      attempt_count: 0,
      origin: 'replay',
      event_id: original?.event_id,
    })
    const text = human(t, await strictCli('deliveries', 'resend', delivery, '--queue'), 'resend --queue')
    t.match(
      text,
      new RegExp(
        `^Queued dlv_\\w+ \\(evt_\\w+ again\\) to ${endpoint.public_id} \\(http://127\\.0\\.0\\.1:\\d+/ok\\): the webhook worker sends it`,
      ),
    )

    // With the setting, the attempt is made from this process as before.
    const sent = json<{ succeeded: boolean; status: string }>(
      t,
      await cli('deliveries', 'resend', delivery, '--json'),
      'resend with the setting',
    )
    t.match(sent, { succeeded: true, status: 'succeeded' })
    t.equal(received.length, before + 1, 'one request')
  },
)

// ---- Item 6: events replay --failed-only, --dry-run, the retention, --yes ----

t.test('events replay --failed-only and --dry-run: counts and the first rows, nothing queued', async (t) => {
  const endpoint = await endpointTo('/fail', ['customer.created'])
  await happen(4)
  const { rows } = await pool.query<{ public_id: string; event: string }>(
    `select d.public_id, e.public_id as event from webhook_deliveries d join events e on e.shop_id = d.shop_id and e.id = d.event_id
     where d.shop_id = $1 and d.endpoint_id = $2 order by e.created_at, e.id`,
    [endpoint.shop_id, endpoint.id],
  )
  t.equal(rows.length, 4)
  // Two failed for good, one of which was replayed since and succeeded; one succeeded; one pending.
  const [failed, failedThenReplayed, succeeded] = rows
  await pool.query(
    `update webhook_deliveries set status = 'failed', next_attempt_at = null where public_id = any($1)`,
    [[failed?.public_id, failedThenReplayed?.public_id]],
  )
  await pool.query(`update webhook_deliveries set status = 'succeeded', next_attempt_at = null where public_id = $1`, [
    succeeded?.public_id,
  ])
  const again = json<{ queued_delivery_id: string }>(
    t,
    await cli('deliveries', 'resend', failedThenReplayed?.public_id as string, '--queue', '--json'),
    'queue a resend',
  )
  await pool.query(`update webhook_deliveries set status = 'succeeded', next_attempt_at = null where public_id = $1`, [
    again.queued_delivery_id,
  ])
  const countDeliveries = async () =>
    (
      await pool.query<{ n: number }>(
        'select count(*)::int as n from webhook_deliveries where shop_id = $1 and endpoint_id = $2',
        [endpoint.shop_id, endpoint.id],
      )
    ).rows[0]?.n
  const before = await countDeliveries()

  const args = ['events', 'replay', '--endpoint', endpoint.public_id, '--since', '1h']
  const [dryAll, dryFailed, dryHuman] = await Promise.all([
    cli(...args, '--dry-run', '--json'),
    cli(...args, '--failed-only', '--dry-run', '--json'),
    cli(...args, '--failed-only', '--dry-run'),
  ])
  // The four, and the customer.created of the test above: a replay takes the window, whenever the endpoint was made.
  t.match(json(t, dryAll, 'dry run'), { dry_run: true, would_queue: 5, failed_only: false })
  const onlyFailed = json<{ would_queue: number; first: { id: string; type: string }[] }>(
    t,
    dryFailed,
    '--failed-only --dry-run',
  )
  t.match(onlyFailed, { dry_run: true, would_queue: 1, failed_only: true })
  t.same(
    onlyFailed.first.map((event) => event.id),
    [failed?.event],
    'only the event whose delivery failed and was not delivered since',
  )
  const text = human(t, dryHuman, '--dry-run')
  t.match(
    text,
    new RegExp(`^Would queue 1 delivery to ${endpoint.public_id} \\(http://127.0.0.1:\\d+/fail\\); the first:`),
  )
  t.match(text, /EVENT\s+TYPE\s+OBJECT\s+CREATED/)
  t.match(text, failed?.event as string)
  t.equal(await countDeliveries(), before, 'a dry run queues nothing')

  const replayed = json<{ queued: number }>(t, await cli(...args, '--failed-only', '--json'), '--failed-only')
  t.equal(replayed.queued, 1)
  t.equal(await countDeliveries(), (before ?? 0) + 1, 'one delivery queued')
  t.match(
    json(t, await cli(...args, '--failed-only', '--dry-run', '--json'), 'after the replay'),
    { would_queue: 0 },
    'an event with a pending replay is not queued again',
  )
})

t.test('events replay refuses a window past the retention, and asks above 1,000 deliveries', async (t) => {
  const endpoint = await endpointTo('/ok', ['customer.updated'])
  const base = ['events', 'replay', '--endpoint', endpoint.public_id]
  const [past, pastJson, thirty] = await Promise.all([
    cli(...base, '--since', '40d'),
    cli(...base, '--since', '2000-01-01T00:00:00Z', '--json'),
    cli(...base, '--since', '30d', '--dry-run', '--json'),
  ])
  oneLineFailure(t, past, '--since 40d', /--since 40d reaches past the 30-day retention .*--since 30d or later/)
  t.match(json(t, pastJson, '--json past the retention', 1), {
    error: { code: 'invalid_usage', message: /30-day retention/ },
  })
  t.match(json(t, thirty, '--since 30d'), { dry_run: true }, '30 days is inside the retention')

  await pool.query(
    `insert into events (shop_id, public_id, type, object_type, object_id, summary, integration_id, dispatched)
     select $1, 'evt_many' || g, 'customer.updated', 'customer', 'cus_many' || g, '{}', $2, true
     from generate_series(1, 1001) g`,
    [shop.id, integration.id],
  )
  const queuedFor = async () =>
    (
      await pool.query<{ n: number }>(
        'select count(*)::int as n from webhook_deliveries where shop_id = $1 and endpoint_id = $2',
        [endpoint.shop_id, endpoint.id],
      )
    ).rows[0]?.n
  const window = [...base, '--since', '1h', '--type', 'customer.updated']
  // A real process: its stdin is no terminal, as in a script or a pipe.
  const [refused, refusedJson] = await Promise.all([runCli(window, env), cli(...window, '--json')])
  oneLineFailure(
    t,
    refused,
    'above 1,000 without --yes',
    /queues 1,001 deliveries to whe_\w+ .*more than 1,000: add --yes/,
  )
  t.match(json(t, refusedJson, '--json without --yes', 1), { error: { code: 'invalid_usage', message: /--yes/ } })
  t.equal(await queuedFor(), 0, 'nothing queued')
  const done = json<{ queued: number }>(t, await cli(...window, '--yes', '--json'), '--yes')
  t.equal(done.queued, 1001)
  t.equal(await queuedFor(), 1001)
  await pool.query(`delete from webhook_deliveries where shop_id = $1 and endpoint_id = $2`, [
    endpoint.shop_id,
    endpoint.id,
  ])
})

// ---- Item 4: trigger, and webhooks create|update|delete on behalf of an integration ----

t.test('webhooks create|update|delete --integration: the API rules, the secret once', async (t) => {
  const created = json<{
    id: string
    secret: string
    integration_id: string
    integration_name: string
    url: string
    event_types: string[]
  }>(
    t,
    await cli(
      'webhooks',
      'create',
      '--integration',
      key.integrationId,
      '--url',
      receiverUrl('/created'),
      '--events',
      'customer.created, customer.created,customer.updated',
      '--description',
      'CRM',
      '--json',
    ),
    'create --json',
  )
  t.match(
    created,
    {
      integration_id: key.integrationId,
      integration_name: integration.name,
      url: receiverUrl('/created'),
      event_types: ['customer.created', 'customer.updated'],
    },
    'duplicates dropped as the API does',
  )
  t.match(created.secret, /^whsec_/)
  const { rows } = await pool.query('select * from webhook_endpoints where public_id = $1', [created.id])
  t.equal(rows.length, 1, 'stored')
  const { signingSecrets } = await import('../../../src/resources/webhook-endpoints/service.js')
  t.same(signingSecrets(rows[0], sealKey), [created.secret], 'the printed secret signs')
  const createdHuman = human(
    t,
    await cli(
      'webhooks',
      'create',
      '--integration',
      key.integrationId,
      '--url',
      receiverUrl('/other'),
      '--events',
      '*',
    ),
    'create',
  )
  t.match(createdHuman, new RegExp(`^Created whe_\\w+ for ${key.integrationId} \\(${integration.name}\\): `))
  t.match(createdHuman, /\n {2}whsec_\S+\n/, 'the secret on a line of its own')
  t.match(createdHuman, /will not be shown again/)
  const shown = await cli('webhooks', 'show', created.id)
  t.notMatch(shown.stdout, /whsec_/, 'never shown again')

  const [https, unknownType, star, badIntegration, strict] = await Promise.all([
    cli(
      'webhooks',
      'create',
      '--integration',
      key.integrationId,
      '--url',
      'ftp://hooks.example.com/x',
      '--events',
      '*',
    ),
    cli(
      'webhooks',
      'create',
      '--integration',
      key.integrationId,
      '--url',
      receiverUrl('/x'),
      '--events',
      'customer.create',
    ),
    cli(
      'webhooks',
      'create',
      '--integration',
      key.integrationId,
      '--url',
      receiverUrl('/x'),
      '--events',
      '*,customer.created',
    ),
    cli('webhooks', 'create', '--integration', 'int_nope', '--url', receiverUrl('/x'), '--events', '*'),
    strictCli('webhooks', 'create', '--integration', key.integrationId, '--url', receiverUrl('/x'), '--events', '*'),
  ])
  oneLineFailure(t, https, 'ftp url', /url must use http or https/)
  oneLineFailure(t, unknownType, 'unknown type', /--events: unknown event type "customer.create"/)
  oneLineFailure(t, star, '* with others', /--events: "\*" subscribes to every type and must be alone/)
  oneLineFailure(t, badIntegration, 'bad integration', /not an integration id|No integration/)
  oneLineFailure(t, strict, 'http to loopback without the setting', /url must use https/)

  const updated = json<{ url: string; event_types: string[]; description: string | null }>(
    t,
    await cli(
      'webhooks',
      'update',
      created.id,
      '--url',
      receiverUrl('/moved'),
      '--events',
      '*',
      '--no-description',
      '--json',
    ),
    'update --json',
  )
  t.match(updated, { url: receiverUrl('/moved'), event_types: ['*'], description: null })
  const [same, nothing, badUpdate] = await Promise.all([
    cli('webhooks', 'update', created.id, '--events', '*'),
    cli('webhooks', 'update', created.id),
    cli('webhooks', 'update', created.id, '--events', 'nope.nope'),
  ])
  oneLineFailure(t, same, 'a change to nothing', /./)
  t.equal(same.code, 1)
  oneLineFailure(t, nothing, 'no flags', /Nothing to change/)
  oneLineFailure(t, badUpdate, 'update with an unknown type', /--events: unknown event type/)
  t.match(
    human(t, await cli('webhooks', 'update', created.id, '--description', 'CRM v2'), 'update'),
    new RegExp(
      `Updated ${created.id}:\\n(.|\\n)*integration:\\s+${key.integrationId} \\(${integration.name}\\)(.|\\n)*description:\\s+CRM v2`,
    ),
  )

  const deleted = json<{ id: string; deleted: boolean }>(
    t,
    await cli('webhooks', 'delete', created.id, '--json'),
    'delete',
  )
  t.match(deleted, { id: created.id, deleted: true })
  const { rows: gone } = await pool.query('select 1 from webhook_endpoints where public_id = $1', [created.id])
  t.equal(gone.length, 0, 'deleted')
  oneLineFailure(
    t,
    await cli('webhooks', 'delete', created.id),
    'delete again',
    new RegExp(`No webhook endpoint ${created.id}`),
  )
})

t.test('trigger EVENT_TYPE: a test event per subscribed endpoint, or the one named', async (t) => {
  const { rows: before } = await pool.query<{ public_id: string; event_types: string[]; status: string }>(
    `select public_id, event_types, status from webhook_endpoints where shop_id = $1`,
    [shop.id],
  )
  const subscribed = before.filter(
    (e) => e.status === 'active' && (e.event_types.includes('*') || e.event_types.includes('customer.updated')),
  )
  t.ok(subscribed.length >= 2, 'several endpoints subscribe')
  const all = json<{ endpoint_id: string; event_id: string; delivery_id: string; integration_name: string }[]>(
    t,
    await cli('trigger', 'customer.updated', '--integration', key.integrationId, '--json'),
    'trigger --json',
  )
  t.same(
    all.map((row) => row.endpoint_id).sort(),
    subscribed.map((e) => e.public_id).sort(),
    'each subscribed endpoint',
  )
  for (const row of all) {
    const { rows } = await pool.query<{ test: boolean; type: string; origin: string; endpoint: string }>(
      `select e.test, e.type, d.origin, w.public_id as endpoint from webhook_deliveries d
       join events e on e.shop_id = d.shop_id and e.id = d.event_id
       join webhook_endpoints w on w.shop_id = d.shop_id and w.id = d.endpoint_id where d.public_id = $1`,
      [row.delivery_id],
    )
    t.same(
      rows,
      [{ test: true, type: 'customer.updated', origin: 'test', endpoint: row.endpoint_id }],
      'a test delivery to that endpoint alone',
    )
  }
  // A named endpoint gets it whatever it subscribes to, also while disabled (as the API's test does).
  const only = await endpointTo('/ok', ['customer.created'])
  human(t, await cli('webhooks', 'disable', only.public_id), 'disable')
  const one = await cli('trigger', 'invoice.posted', '--endpoint', only.public_id)
  const text = human(t, one, 'trigger --endpoint')
  t.match(text, /^Queued a test invoice.posted for 1 endpoint; the webhook worker sends it/)
  t.match(text, /ENDPOINT\s+URL\s+INTEGRATION\s+EVENT\s+DELIVERY/)
  t.match(text, new RegExp(`${only.public_id}.*${key.integrationId} \\(${integration.name}\\).*evt_\\w+.*dlv_\\w+`))

  const [unknown, nobody, events] = await Promise.all([
    cli('trigger', 'customer.create'),
    cli('trigger', 'task.completed', '--shop', shop.public_id, '--integration', 'int_00000000000000000000000'),
    cli('events', 'list', '--json', '--limit', '1000'),
  ])
  oneLineFailure(
    t,
    unknown,
    'an unknown type',
    /"customer.create" is not an event type: customer has customer.created, customer.updated/,
  )
  t.not(nobody.code, 0, 'no endpoint subscribes: non-zero')
  t.match(
    json<{ test: boolean; type: string }[]>(t, events, 'events list').filter((e) => e.type === 'invoice.posted'),
    [{ test: true }],
    'the test event is in the operator log, marked',
  )
})

// ---- Item 5: --follow until Ctrl-C ----

/** `shopapi <args>` as a real process, its output read as it comes; stopped by `interrupt` (Ctrl-C). */
function startFollowing(args: string[]) {
  const child = spawn(process.execPath, [cliPath, ...args], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  return {
    output: () => ({ stdout, stderr }),
    /** Waits (at most 30 s) until stdout matches. */
    async waitFor(pattern: RegExp): Promise<boolean> {
      const deadline = Date.now() + 30_000
      while (!pattern.test(stdout) && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return pattern.test(stdout)
    },
    async interrupt(): Promise<number | null> {
      child.kill('SIGINT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}

t.test(
  'deliveries list --follow and events list --follow: new rows as they happen, Ctrl-C stops cleanly',
  async (t) => {
    const endpoint = await endpointTo('/ok', ['customer.updated'])
    const deliveries = startFollowing(['deliveries', 'list', '--follow', '--json', '--endpoint', endpoint.public_id])
    const events = startFollowing([
      'events',
      'list',
      '--follow',
      '--shop',
      shop.public_id,
      '--type',
      'customer.updated',
      '--limit',
      '1',
    ])
    t.ok(await events.waitFor(/^Following events \(Ctrl-C to stop\)\n/), 'events: started', events.output())
    // Give both a first poll, so what follows is new to them.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await happen(2, 'customer.updated')
    const { rows } = await pool.query<{ delivery: string; event: string }>(
      `select d.public_id as delivery, e.public_id as event from webhook_deliveries d join events e on e.shop_id = d.shop_id and e.id = d.event_id
     where d.shop_id = $1 and d.endpoint_id = $2 order by e.created_at`,
      [endpoint.shop_id, endpoint.id],
    )
    t.equal(rows.length, 2)
    const [first, second] = rows
    t.ok(
      await deliveries.waitFor(new RegExp(`${second?.delivery}`)),
      'deliveries: the new ones appear',
      deliveries.output(),
    )
    t.ok(await events.waitFor(new RegExp(`${second?.event}`)), 'events: the new ones appear', events.output())
    // An attempt of one shown: its change is a line too.
    json(t, await cli('deliveries', 'resend', first?.delivery as string, '--json'), 'resend')
    t.ok(await deliveries.waitFor(/"status":"succeeded"/), 'deliveries: the attempt appears', deliveries.output())

    const [deliveriesCode, eventsCode] = await Promise.all([deliveries.interrupt(), events.interrupt()])
    t.equal(deliveriesCode, 0, 'deliveries --follow: Ctrl-C exits 0', deliveries.output())
    t.equal(eventsCode, 0, 'events --follow: Ctrl-C exits 0', events.output())
    const lines = deliveries
      .output()
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; status: string; attempt_count: number })
    const states = lines.map((line) => [line.id, line.status, line.attempt_count])
    // The two were written in one transaction (the same instant): either may come first.
    t.same(
      states.slice(0, 2).sort(),
      [
        [first?.delivery, 'pending', 0],
        [second?.delivery, 'pending', 0],
      ].sort(),
      '--json: one object per line, each new delivery once',
    )
    t.same(states.slice(2), [[first?.delivery, 'succeeded', 1]], 'then the change, once')
    const eventLines = events
      .output()
      .stdout.split('\n')
      .filter((line) => line.includes('customer.updated'))
    t.equal(eventLines.filter((line) => line.includes(first?.event as string)).length, 1, 'each event once')
    t.equal(eventLines.filter((line) => line.includes(second?.event as string)).length, 1)
    t.match(
      events.output().stdout,
      new RegExp(`Z  ${second?.event}  customer.updated  customer cus_\\w+  ${shop.public_id}\\n`),
    )
    t.notMatch(events.output().stderr, stackTrace, 'no stack trace')
    t.notMatch(deliveries.output().stdout, /SIGINT/, '--json: stdout holds only the rows')
  },
)
