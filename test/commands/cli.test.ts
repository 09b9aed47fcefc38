// End-to-end tests of the operator CLI: `shopapi` commands over dist/ (run `npm run build` first), run in
// this process (runCommand, test/helpers/cli-in-process.ts) on a database of this file's own, and a real
// `shopapi serve` process for the "takes effect on the next request" promises. No mocks.
import { readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import t, { type Test } from 'tap'
import { type CliResult, runCli, type ServeProcess, startServe } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { checkedFetch } from '../helpers/contract.js'
import { createEmptyDatabase } from '../helpers/database.js'

t.setTimeout(600_000)

const url = await createEmptyDatabase(t)
const env = { DATABASE_URL: url }

const cli = (args: string[]) => runCommand(args, env)
/**
 * A real `shopapi` process, for the promises about `serve` seeing a change on its next request: a
 * person's command has ended (its process gone) before that request, as in production.
 */
const cliProcess = (args: string[]) => runCli(args, env)

/** A stack trace line as Node prints them, or oclif's own "at ..." frames. */
const stackTrace = /^\s+at\s|\.[cm]?[jt]s:\d+:\d+/m

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

/** Asserts exit 0 and parses stdout, which must be one JSON document and nothing else. */
function okJson<T>(t: Test, result: CliResult, what: string): T {
  t.equal(result.code, 0, `${what} exits 0`, { output: describe(result) })
  try {
    return JSON.parse(result.stdout) as T
  } catch {
    t.fail(`${what}: stdout is not one JSON document`, { stdout: result.stdout })
    throw new Error(`${what}: stdout is not JSON: ${result.stdout}`)
  }
}

/** A failed command: non-zero exit, one readable line on stderr, no stack trace. */
function assertOneLineFailure(t: Test, result: CliResult, what: string) {
  t.not(result.code, 0, `${what} exits non-zero`)
  t.not(result.code, null, `${what} exited by itself (not killed)`)
  const lines = result.stderr
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
  t.equal(lines.length, 1, `${what}: exactly one line on stderr`, { stderr: result.stderr })
  t.notMatch(result.stderr, stackTrace, `${what}: no stack trace`)
}

interface ApiResponse {
  status: number
  headers: Headers
  body: {
    error?: { code: string; message: string; param: string | null; request_id: string | null; blockers: unknown[] }
  } & Record<string, unknown>
}

async function get(apiUrl: string, key: string | undefined, route = '/shop'): Promise<ApiResponse> {
  const response = await checkedFetch(`${apiUrl}${route}`, { headers: key ? { authorization: `Bearer ${key}` } : {} })
  return { status: response.status, headers: response.headers, body: (await response.json()) as ApiResponse['body'] }
}

/** Asserts the spec's error envelope with the given status and code. */
function assertError(t: Test, response: ApiResponse, status: number, code: string, what: string) {
  t.equal(response.status, status, `${what}: HTTP ${status}`)
  t.equal(response.body.error?.code, code, `${what}: error.code ${code}`)
  t.type(response.body.error?.message, 'string', `${what}: has a message`)
  t.ok(Array.isArray(response.body.error?.blockers), `${what}: has blockers (an array)`)
  t.match(response.body.error?.request_id, /^req_/, `${what}: request_id is a req_ id`)
  t.equal(
    response.body.error?.request_id,
    response.headers.get('x-request-id'),
    `${what}: request_id matches X-Request-Id`,
  )
}

interface ShopJson {
  id: string
  name: string
  timezone: string
  currency: string
  created_at: string
}
interface IntegrationJson {
  id: string
  shop_id: string
  name: string
  scopes: string[]
  status: string
  live_keys?: number
}
interface CreatedIntegrationJson {
  integration_id: string
  api_key: string
  key_id: string
  key_prefix: string
  integration: IntegrationJson
}
interface KeyJson {
  id: string
  integration_id: string
  prefix: string
  status: string
  revoked_at: string | null
  api_key?: string
}

// State shared by the subtests below, which run in order on this file's database.
let mainShop: ShopJson
let secondShop: ShopJson
let created: CreatedIntegrationJson

t.test('shops: create and list, human and --json', async (t) => {
  const empty = okJson<unknown[]>(t, await cli(['shops', 'list', '--json']), 'shops list --json on a fresh database')
  t.same(empty, [], 'a fresh (migrated on first use) database has no shop')

  const human = await cli([
    'shops',
    'create',
    '--name',
    'Main Street Auto',
    '--timezone',
    'America/Chicago',
    '--currency',
    'USD',
  ])
  t.equal(human.code, 0, 'shops create exits 0', { output: describe(human) })
  const createdLine = /^Created shop (shop_[0-9A-Za-z]+) "Main Street Auto" \(America\/Chicago, USD\)$/m.exec(
    human.stdout,
  )
  t.ok(createdLine, 'human output names the new shop, its zone and currency', { stdout: human.stdout })
  t.notMatch(human.stdout, /^\s*[{[]/, 'human output is not JSON')

  const table = await cli(['shops', 'list'])
  t.equal(table.code, 0, 'shops list exits 0')
  const [header, ...rows] = table.stdout.trim().split('\n')
  t.match(
    header,
    /^ID\s+NAME\s+TIME ZONE\s+CURRENCY\s+CONFIRM BOOKINGS\s+CREATED\s+DEFAULT\s*$/,
    'the table has headers',
  )
  t.equal(rows.length, 1, 'one row per shop')
  t.match(
    rows[0],
    new RegExp(`^${createdLine?.[1]}\\s+Main Street Auto\\s+America/Chicago\\s+USD\\s+false\\s+\\d{4}-\\d\\d-\\d\\dT`),
  )

  const shops = okJson<ShopJson[]>(t, await cli(['shops', 'list', '--json']), 'shops list --json')
  t.ok(Array.isArray(shops), '--json is an array')
  t.equal(shops.length, 1)
  mainShop = shops[0] as ShopJson
  t.match(mainShop, { id: createdLine?.[1], name: 'Main Street Auto', timezone: 'America/Chicago', currency: 'USD' })
  t.match(mainShop.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'created_at is RFC 3339 UTC')
})

t.test('shops create: invalid time zone or currency is one clear line, and nothing is created', async (t) => {
  const zone = await cli(['shops', 'create', '--name', 'Nowhere', '--timezone', 'Mars/Base', '--currency', 'USD'])
  assertOneLineFailure(t, zone, 'invalid time zone')
  t.match(zone.stderr, /Mars\/Base/, 'the message names the bad time zone')
  t.match(zone.stderr, /time zone/i, 'and says it is not a time zone')
  t.equal(zone.stdout, '', 'nothing on stdout')

  const currency = await cli([
    'shops',
    'create',
    '--name',
    'Nowhere',
    '--timezone',
    'America/Chicago',
    '--currency',
    'XXQ',
  ])
  assertOneLineFailure(t, currency, 'invalid currency')
  t.match(currency.stderr, /XXQ/, 'the message names the bad currency')
  t.match(currency.stderr, /currency/i)

  const offset = await cli(['shops', 'create', '--name', 'Nowhere', '--timezone', '+02:00', '--currency', 'USD'])
  assertOneLineFailure(t, offset, 'a UTC offset is not a time zone')

  const shops = okJson<ShopJson[]>(t, await cli(['shops', 'list', '--json']), 'shops list --json')
  t.equal(shops.length, 1, 'the refused shops were not created')
})

t.test('integrations create: --json, --shop optional with one shop, unknown scopes', async (t) => {
  created = okJson<CreatedIntegrationJson>(
    t,
    await cli(['integrations', 'create', '--name', 'Website', '--scopes', 'shop.read', '--json']),
    'integrations create --json without --shop (one shop)',
  )
  t.match(created.api_key, /^shopapi_/, 'api_key has the shopapi_ prefix')
  t.match(created.integration_id, /^int_[0-9A-Za-z]+$/, 'integration_id is an int_ id')
  t.match(created.key_id, /^key_[0-9A-Za-z]+$/, 'key_id is a key_ id')
  t.ok(created.api_key.startsWith(created.key_prefix), 'the prefix is the start of the key')
  t.ok(created.key_prefix.length < created.api_key.length, 'the prefix is not the whole key')
  t.match(created.integration, {
    id: created.integration_id,
    shop_id: mainShop.id,
    name: 'Website',
    scopes: ['shop.read'],
    status: 'active',
  })

  const human = await cli(['integrations', 'create', '--name', 'Accounting', '--scopes', 'shop.read, invoices.read'])
  t.equal(human.code, 0, 'human integrations create exits 0', { output: describe(human) })
  t.match(human.stdout, /Created integration int_[0-9A-Za-z]+ "Accounting" in shop shop_/)
  t.match(human.stdout, /Scopes: shop\.read, invoices\.read/)
  t.match(human.stdout, /^\s+shopapi_[0-9A-Za-z]+_[0-9A-Za-z]+$/m, 'the key is printed on a line of its own')
  t.match(human.stdout, /shown only this once/)

  const unknown = await cli(['integrations', 'create', '--name', 'Bad', '--scopes', 'shop.read,customers.raed'])
  t.not(unknown.code, 0, 'unknown scope: non-zero exit')
  t.not(unknown.code, null)
  t.match(unknown.stderr, /Unknown scope/, 'says a scope is unknown')
  t.match(unknown.stderr, /customers\.raed/, 'names the unknown scope')
  t.notMatch(unknown.stderr, stackTrace, 'no stack trace')

  const integrations = okJson<IntegrationJson[]>(
    t,
    await cli(['integrations', 'list', '--json']),
    'integrations list --json',
  )
  t.notOk(
    integrations.some((integration) => integration.name === 'Bad'),
    'the refused integration was not created',
  )
})

t.test('--json failures exit non-zero too, with the error as JSON', async (t) => {
  // Scripts use --json and branch on the exit code: an error must not look like success.
  const unknown = await cli(['integrations', 'create', '--name', 'Bad', '--scopes', 'nope.read', '--json'])
  t.not(unknown.code, 0, 'unknown scope with --json: non-zero exit', { output: describe(unknown) })
  const body = JSON.parse(unknown.stdout) as { error: { code: string; message: string } }
  t.match(body.error.message, /nope\.read/, 'the JSON error names the unknown scope')

  const zone = await cli(['shops', 'create', '--name', 'X', '--timezone', 'Mars/Base', '--currency', 'USD', '--json'])
  t.not(zone.code, 0, 'invalid time zone with --json: non-zero exit', { output: describe(zone) })
  t.match(JSON.parse(zone.stdout), { error: { message: /Mars\/Base/ } })
})

t.test('with two shops, --shop must be passed', async (t) => {
  secondShop = okJson<ShopJson>(
    t,
    await cli([
      'shops',
      'create',
      '--name',
      'Second Shop',
      '--timezone',
      'Europe/Berlin',
      '--currency',
      'eur',
      '--json',
    ]),
    'shops create --json',
  )
  t.match(secondShop, { id: /^shop_[0-9A-Za-z]+$/, name: 'Second Shop', timezone: 'Europe/Berlin', currency: 'EUR' })
  t.type(secondShop.created_at, 'string')

  const ambiguous = await cli(['integrations', 'create', '--name', 'Where', '--scopes', 'shop.read'])
  t.not(ambiguous.code, 0, 'two shops and no --shop: non-zero exit')
  t.not(ambiguous.code, null)
  t.match(ambiguous.stderr, /--shop/, 'the message says to pass --shop')
  t.notMatch(ambiguous.stderr, stackTrace, 'no stack trace')

  const named = okJson<CreatedIntegrationJson>(
    t,
    await cli([
      'integrations',
      'create',
      '--name',
      'Berlin site',
      '--scopes',
      'shop.read',
      '--shop',
      secondShop.id,
      '--json',
    ]),
    'integrations create --shop',
  )
  t.equal(named.integration.shop_id, secondShop.id, 'created in the named shop')

  const missing = await cli([
    'integrations',
    'create',
    '--name',
    'Where',
    '--scopes',
    'shop.read',
    '--shop',
    'shop_doesNotExist',
  ])
  t.not(missing.code, 0, 'an unknown --shop: non-zero exit')
  t.match(missing.stderr, /shop_doesNotExist/, 'names the unknown shop')
})

t.test('the key is shown once: lists show the prefix only, the database holds no plaintext', async (t) => {
  const keys = okJson<KeyJson[]>(t, await cli(['keys', 'list', '--json']), 'keys list --json')
  const listed = keys.find((key) => key.id === created.key_id)
  t.ok(listed, 'the key is listed')
  t.equal(listed?.prefix, created.key_prefix, 'with its prefix')
  t.equal(listed?.integration_id, created.integration_id)
  t.equal(listed?.status, 'live')
  const secret = created.api_key.slice(created.key_prefix.length)
  for (const text of [
    JSON.stringify(keys),
    (await cli(['keys', 'list'])).stdout,
    (await cli(['keys', 'list', '--all', '--json'])).stdout,
  ]) {
    t.notOk(text.includes(created.api_key), 'no key list contains the plaintext key')
    t.notOk(text.includes(secret.replace(/^_/, '')), 'nor its secret part')
  }
  for (const key of keys) t.notOk('api_key' in key, `keys list has no api_key field (${key.id})`)

  const integrations = await cli(['integrations', 'list', '--json'])
  t.notOk(integrations.stdout.includes(created.api_key), 'integrations list does not contain the key')

  const client = new pg.Client({ connectionString: url })
  await client.connect()
  t.teardown(() => client.end())
  const rows = (await client.query('select * from api_keys')).rows as Record<string, unknown>[]
  t.ok(rows.length >= 1, 'api_keys has rows')
  const asText = (await client.query('select row_to_json(k)::text as text from api_keys k')).rows as { text: string }[]
  for (const { text } of asText) {
    t.notOk(text.includes(created.api_key), 'no api_keys row (as JSON) contains the plaintext')
    t.notOk(text.includes(secret.replace(/^_/, '')), 'nor the secret part')
  }
  const row = rows.find((candidate) => candidate.public_id === created.key_id)
  t.ok(row, 'the key row exists')
  for (const [column, value] of Object.entries(row ?? {})) {
    const forms =
      value instanceof Buffer
        ? [value.toString('utf8'), value.toString('hex'), value.toString('base64'), value.toString('latin1')]
        : [value instanceof Date ? value.toISOString() : String(value)]
    t.notOk(
      forms.some((form) => form.includes(created.api_key) || form.includes(secret.replace(/^_/, ''))),
      `column ${column} does not contain the plaintext key`,
    )
  }
})

t.test('key and integration changes take effect on the next request', async (t) => {
  let server: ServeProcess | undefined
  t.teardown(async () => {
    await server?.stop()
  })
  server = await startServe([], { DATABASE_URL: url, SHOPAPI_LOG_LEVEL: 'silent' })
  const api = server.url
  t.match(api, /^http:\/\/127\.0\.0\.1:\d+\/v1$/, 'serve prints its URL ending in /v1')

  const first = await get(api, created.api_key)
  t.equal(first.status, 200, 'the new key works')
  t.match(first.body, { id: mainShop.id, object: 'shop', name: 'Main Street Auto', currency: 'USD' })

  assertError(t, await get(api, undefined), 401, 'invalid_api_key', 'no key')

  // Rotation: a second key, at most two live keys.
  const second = okJson<KeyJson>(
    t,
    await cliProcess(['keys', 'create', '--integration', created.integration_id, '--json']),
    'keys create',
  )
  t.match(second.api_key, /^shopapi_/, 'keys create prints the new key')
  t.not(second.api_key, created.api_key, 'a different key')
  t.equal(second.integration_id, created.integration_id)
  t.equal((await get(api, second.api_key)).status, 200, 'the second key works')
  t.equal((await get(api, created.api_key)).status, 200, 'and so does the first')

  const third = await cliProcess(['keys', 'create', '--integration', created.integration_id])
  t.not(third.code, 0, 'a third live key is refused')
  t.not(third.code, null)
  t.match(third.stderr, /revoke one first/, 'the message says to revoke one first')
  t.notMatch(third.stderr, stackTrace, 'no stack trace')
  t.notMatch(third.stdout + third.stderr, /shopapi_[0-9A-Za-z]{12}_/, 'no key is printed')

  // Revocation.
  const revoked = await cliProcess(['keys', 'revoke', created.key_id])
  t.equal(revoked.code, 0, 'keys revoke exits 0', { output: describe(revoked) })
  t.match(revoked.stdout, new RegExp(`Revoked ${created.key_id}`))
  const afterRevoke = await get(api, created.api_key)
  assertError(t, afterRevoke, 401, 'invalid_api_key', 'the very next request with the revoked key')
  t.match(afterRevoke.headers.get('www-authenticate') ?? '', /^Bearer /, 'with a Bearer challenge')
  t.equal((await get(api, second.api_key)).status, 200, 'the other key still works')

  const keys = okJson<KeyJson[]>(
    t,
    await cliProcess(['keys', 'list', '--integration', created.integration_id, '--json']),
    'keys list',
  )
  t.same(
    keys.map((key) => key.id),
    [second.id],
    'keys list leaves revoked keys out',
  )
  const all = okJson<KeyJson[]>(
    t,
    await cliProcess(['keys', 'list', '--integration', created.integration_id, '--all', '--json']),
    'keys list --all',
  )
  t.match(
    all.find((key) => key.id === created.key_id),
    { status: 'revoked', revoked_at: /Z$/ },
    '--all shows the revoked key',
  )

  const replacement = okJson<KeyJson>(
    t,
    await cliProcess(['keys', 'create', '--integration', created.integration_id, '--json']),
    'keys create after a revoke',
  )
  t.equal((await get(api, replacement.api_key)).status, 200, 'after a revoke another key can be issued')
  t.equal((await cliProcess(['keys', 'revoke', replacement.id])).code, 0)

  // Scopes.
  const update = okJson<IntegrationJson>(
    t,
    await cliProcess(['integrations', 'update', created.integration_id, '--scopes', 'customers.read', '--json']),
    'integrations update',
  )
  t.same(update.scopes, ['customers.read'])
  const narrowed = await get(api, second.api_key)
  assertError(t, narrowed, 403, 'insufficient_scope', 'the next request after the scope change')
  t.match(narrowed.body.error?.message, /shop\.read/, 'the message names the missing scope shop.read')

  const badUpdate = await cliProcess(['integrations', 'update', created.integration_id, '--scopes', 'shop.reed'])
  t.not(badUpdate.code, 0, 'update with an unknown scope is refused')
  t.match(badUpdate.stderr, /shop\.reed/)

  t.equal(
    (await cliProcess(['integrations', 'update', created.integration_id, '--scopes', 'shop.read,customers.read'])).code,
    0,
  )
  t.equal((await get(api, second.api_key)).status, 200, 'scope given back: works again')

  // Disable and enable.
  const disabled = okJson<IntegrationJson>(
    t,
    await cliProcess(['integrations', 'disable', created.integration_id, '--json']),
    'integrations disable',
  )
  t.equal(disabled.status, 'disabled')
  assertError(t, await get(api, second.api_key), 401, 'invalid_api_key', 'the next request after disabling')

  const whileDisabled = await cliProcess(['keys', 'create', '--integration', created.integration_id])
  t.not(whileDisabled.code, 0, 'no key is issued for a disabled integration')

  const enabled = await cliProcess(['integrations', 'enable', created.integration_id])
  t.equal(enabled.code, 0, 'integrations enable exits 0')
  t.match(enabled.stdout, /is active/)
  const again = await get(api, second.api_key)
  t.equal(again.status, 200, 'enabled: the key works again')
  t.equal(again.body.id, mainShop.id)

  const unknownKey = await cliProcess(['keys', 'revoke', 'key_doesNotExist'])
  t.not(unknownKey.code, 0, 'revoking an unknown key fails')
  t.match(unknownKey.stderr, /key_doesNotExist/)
  const wrongType = await cliProcess(['integrations', 'disable', created.key_id])
  t.not(wrongType.code, 0, 'a key id where an integration id belongs is refused')
  t.notMatch(wrongType.stderr, stackTrace)

  const code = await server.stop('SIGTERM')
  t.equal(code, 0, 'serve exits 0 on SIGTERM', { stderr: server.output().stderr })
})

t.test('integrations list and keys list: tables with headers, parseable --json', async (t) => {
  const integrations = await cli(['integrations', 'list'])
  t.equal(integrations.code, 0)
  const [iHeader, ...iRows] = integrations.stdout.trim().split('\n')
  t.match(iHeader, /^ID\s+NAME\s+STATUS\s+SCOPES\s+LIVE KEYS\s+SHOP\s+CREATED\s*$/, 'integrations table headers')
  t.ok(
    iRows.some((row) => row.startsWith(created.integration_id) && row.includes('Website') && row.includes(mainShop.id)),
    'a row for the integration',
  )
  const iJson = okJson<IntegrationJson[]>(t, await cli(['integrations', 'list', '--json']), 'integrations list --json')
  t.ok(Array.isArray(iJson))
  t.match(
    iJson.find((integration) => integration.id === created.integration_id),
    {
      status: 'active',
      scopes: ['shop.read', 'customers.read'],
      live_keys: 1,
      shop_id: mainShop.id,
    },
  )
  const byShop = okJson<IntegrationJson[]>(
    t,
    await cli(['integrations', 'list', '--shop', secondShop.id, '--json']),
    '--shop',
  )
  t.ok(byShop.length >= 1 && byShop.every((integration) => integration.shop_id === secondShop.id), '--shop filters')

  const keys = await cli(['keys', 'list'])
  t.equal(keys.code, 0)
  const [kHeader, ...kRows] = keys.stdout.trim().split('\n')
  t.match(kHeader, /^ID\s+PREFIX\s+INTEGRATION\s+STATUS\s+CREATED\s+LAST USED\s*$/, 'keys table headers')
  t.ok(kRows.length >= 1)
  t.ok(
    kRows.every((row) => /^key_[0-9A-Za-z]+\s+shopapi_[0-9A-Za-z]+\s+int_/.test(row)),
    'every row: id, prefix, integration',
  )
  const kJson = okJson<KeyJson[]>(t, await cli(['keys', 'list', '--json']), 'keys list --json')
  t.ok(Array.isArray(kJson) && kJson.length === kRows.length, 'the same keys as the table')
})

t.test('--help of every command exits 0 and shows examples', async (t) => {
  // Every command file, so a new command cannot miss its help and examples.
  const commandsDir = fileURLToPath(new URL('../../src/commands/', import.meta.url))
  const commands = readdirSync(commandsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.replace(/\.ts$/, '').split(path.sep))
    .sort()
  t.ok(commands.length >= 25, `${commands.length} commands found`)
  const results: CliResult[] = []
  for (const command of commands) results.push(await runCommand([...command, '--help'], {}))
  commands.forEach((command, index) => {
    const result = results[index] as CliResult
    t.equal(result.code, 0, `${command.join(' ')} --help exits 0`)
    t.match(result.stdout, /EXAMPLES/, `${command.join(' ')} --help has EXAMPLES`)
    t.match(result.stdout, new RegExp(`\\$ shopapi ${command.join(' ')}`), `${command.join(' ')} --help shows usage`)
  })
})

t.test('openapi export', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-openapi-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const out = path.join(dir, 'openapi.json')

  const written = await runCommand(['openapi', 'export', '--out', out], {})
  t.equal(written.code, 0, 'openapi export --out exits 0', { output: describe(written) })
  t.equal(written.stdout, '', 'nothing on stdout when writing a file')
  const fromFile = JSON.parse(await readFile(out, 'utf8')) as { openapi: string; paths: Record<string, unknown> }
  t.equal(fromFile.openapi, '3.1.0')
  t.ok(fromFile.paths['/shop'], 'has the path /shop')

  const printed = await runCommand(['openapi', 'export'], {})
  t.equal(printed.code, 0)
  const fromStdout = JSON.parse(printed.stdout) as typeof fromFile
  t.equal(fromStdout.openapi, '3.1.0', 'without --out, stdout is the document')
  t.same(fromStdout, fromFile, 'the same document either way')
})

t.test('migrate: applies pending migrations once, then reports the database current', async (t) => {
  const fresh = { DATABASE_URL: await createEmptyDatabase(t) }
  const first = okJson<{ applied: string[] }>(t, await runCommand(['migrate', '--json'], fresh), 'first migrate')
  t.ok(first.applied.includes('tenancy-and-keys'), 'the schema migration is applied')
  const second = okJson<{ applied: string[] }>(t, await runCommand(['migrate', '--json'], fresh), 'second migrate')
  t.same(second.applied, [], 'nothing is applied twice')
  const human = await runCommand(['migrate'], fresh)
  t.equal(human.code, 0)
  t.match(human.stdout, /up to date/)
})
