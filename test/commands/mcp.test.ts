import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import t from 'tap'
import { allScopes } from '../../src/lib/scopes.js'
import { createTestKey, createTestShopWithKey, startTestApp } from '../helpers/app.js'
import { cliEnv, cliPath, runCli, runNode } from '../helpers/cli.js'
import { customerReader, customerReaderTools, everyScopeTools, frontDesk, frontDeskTools } from '../helpers/mcp.js'

// `shopapi mcp` (the built CLI, npm run build first) spawned by the SDK's own stdio client and by the
// MCP Inspector's CLI, against a real app; the Inspector also reads POST /mcp of the same app.

const api = await startTestApp(t)
const configDir = await mkdtemp(path.join(tmpdir(), 'shopapi-mcp-'))
const env = { SHOPAPI_CONFIG_DIR: configDir }

async function stdioClient(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp', ...args],
    env: cliEnv(env) as Record<string, string>,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const client = new Client({ name: 'shopapi-test', version: '1.0.0' })
  await client.connect(transport)
  t.teardown(() => client.close())
  return { client, stderr: () => stderr }
}

const textOf = (result: unknown) =>
  JSON.parse((result as { content: { text: string }[] }).content[0]?.text ?? 'null') as Record<string, unknown>

t.test('over stdio: the tools of each key, a read, a write, redaction', async (t) => {
  const { shop } = await createTestShopWithKey(api.pool, ['shop.read'])
  for (const [name, scopes, expected] of [
    ['customers read-only', customerReader, customerReaderTools],
    ['front desk', frontDesk, frontDeskTools],
    ['every scope', allScopes, everyScopeTools],
  ] as const) {
    const { key } = await createTestKey(api.pool, shop, [...scopes], name)
    const { client } = await stdioClient(['--api-url', api.baseUrl, '--api-key', key])
    const { tools } = await client.listTools()
    t.same(
      tools.map((tool) => tool.name),
      expected,
      `${name}: ${tools.length} tools`,
    )
  }

  const { key } = await createTestKey(api.pool, shop, frontDesk, 'desk over stdio')
  const { client } = await stdioClient(['--api-url', `${api.baseUrl}/v1`, '--api-key', key])
  const customer = textOf(
    await client.callTool({
      name: 'createCustomer',
      arguments: { body: { first_name: 'Grace', last_name: 'Hopper' } },
    }),
  )
  t.match(customer, { object: 'customer', first_name: 'Grace' })
  const stored = await api.pool.query(
    `select count(*)::int as n from idempotency_keys k join integrations i on i.id = k.integration_id
      where i.public_id = (select public_id from integrations where name = 'desk over stdio' and shop_id = $1)`,
    [shop.id],
  )
  t.equal(stored.rows[0]?.n, 1, 'the write was sent with an Idempotency-Key')
  const events = await api.pool.query('select type from events where shop_id = $1 and object_id = $2', [
    shop.id,
    customer.id,
  ])
  t.same(events.rows, [{ type: 'customer.created' }], 'and recorded its event')
  const vehicle = textOf(
    await client.callTool({ name: 'createVehicle', arguments: { body: { customer_id: customer.id, make: 'Saab' } } }),
  )
  const order = textOf(
    await client.callTool({
      name: 'createRepairOrder',
      arguments: { body: { customer_id: customer.id, vehicle_id: vehicle.id } },
    }),
  )
  const read = await client.callTool({ name: 'getRepairOrder', arguments: { public_id: order.id } })
  t.notOk(read.isError)
  t.match(textOf(read), { id: order.id, pricing: null, redacted_fields: ['/pricing'] }, 'no pricing.read: redacted')
  const refused = await client.callTool({ name: 'getVehicle', arguments: { public_id: 'veh_missing' } })
  t.equal(refused.isError, true)
  t.match(textOf(refused), { error: { code: 'not_found' } })
  const shopProfile = await client.readResource({ uri: 'shopapi://shop' })
  t.match(JSON.parse((shopProfile.contents[0] as { text: string }).text), { object: 'shop' })
})

t.test('without --api-url and --api-key: the saved profile, else a one-line error', async (t) => {
  // login checks the key with GET /shop, so the profile's key is the front desk's.
  const { key } = await createTestShopWithKey(api.pool, frontDesk)
  const login = await runCli(['login', '--api-url', api.baseUrl, '--api-key', key], env)
  t.equal(login.code, 0, login.stderr)
  const { client } = await stdioClient([])
  t.same(
    (await client.listTools()).tools.map((tool) => tool.name),
    frontDeskTools,
  )

  const bad = await runCli(['mcp', '--api-url', api.baseUrl, '--api-key', 'shopapi_nope'], env)
  t.equal(bad.code, 1)
  t.match(bad.stderr, /^Error: .*\/v1\/me answered 401: The API key is not valid/)
  t.equal(bad.stderr.trim().split('\n').length, 1, 'one line')
  t.equal(bad.stdout, '', 'nothing on the protocol channel')
})

const inspector = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/inspector-cli/build/index.js', import.meta.url),
)
// inspector-cli 1.0.3 looks for its package.json relative to the working directory (fs.existsSync) but
// imports it relative to its module: run from its build folder, both resolve to the same file.
const inspectorCwd = path.dirname(inspector)

t.test('the MCP Inspector CLI lists the tools over both transports', async (t) => {
  const { key } = await createTestShopWithKey(api.pool, customerReader)
  const overStdio = await runNode(
    [inspector, '--method', 'tools/list', process.execPath, cliPath, 'mcp', '--api-url', api.baseUrl, '--api-key', key],
    env,
    { cwd: inspectorCwd },
  )
  t.equal(overStdio.code, 0, overStdio.stderr)
  t.same(
    (JSON.parse(overStdio.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name),
    customerReaderTools,
    'stdio',
  )
  const overHttp = await runNode(
    [
      inspector,
      `${api.baseUrl}/mcp`,
      '--transport',
      'http',
      '--method',
      'tools/list',
      '--header',
      `Authorization: Bearer ${key}`,
    ],
    env,
    { cwd: inspectorCwd },
  )
  t.equal(overHttp.code, 0, overHttp.stderr)
  t.same(
    (JSON.parse(overHttp.stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name),
    customerReaderTools,
    'Streamable HTTP',
  )
})

t.test("the README's assistant configuration, run as written", async (t) => {
  const readme = await readFile(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')
  const section = readme.split('\n## AI assistants (MCP)\n')[1]?.split('\n## ')[0] ?? ''
  const block = /```json\n([\s\S]*?)```/.exec(section)?.[1] ?? '{}'
  const server = (JSON.parse(block) as { mcpServers?: Record<string, { command: string; args: string[] }> }).mcpServers
    ?.shopapi
  t.equal(server?.command, 'npx')
  t.same(server?.args.slice(0, 2), ['shopapi', 'mcp'], '`npx shopapi` is the package bin: the built CLI here')
  const { key } = await createTestShopWithKey(api.pool, customerReader)
  // The placeholders of the block replaced by this test's appliance and key; nothing else changed.
  const args = (server?.args ?? [])
    .slice(2)
    .map((arg) => (arg === 'https://shop.example/v1' ? `${api.baseUrl}/v1` : arg === 'shopapi_…' ? key : arg))
  t.same(args, ['--api-url', `${api.baseUrl}/v1`, '--api-key', key])
  const { client } = await stdioClient(args)
  t.same(
    (await client.listTools()).tools.map((tool) => tool.name),
    customerReaderTools,
  )
  t.match(section, /`https:\/\/shop\.example\/mcp`/, 'the /mcp url is given')
})
