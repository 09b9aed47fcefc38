// Issue 27 items 4-7, the webhook commands the way Stripe CLI users work: `trigger`, `webhooks
// create|update|delete`, `--follow`, `events replay --failed-only|--dry-run|--yes`, and `deliveries resend`
// from a process without the worker's settings. Over dist/ (run `npm run build` first) on a database of
// this file's own, delivering to a real HTTP receiver on 127.0.0.1. No mocks. Commands run in this process
// (runCommand); `--follow`, which runs until Ctrl-C, is a real process stopped by SIGINT.

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
import type { CliResult } from '../../helpers/cli.js'
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
