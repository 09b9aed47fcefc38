// `shopapi shops use`: the default shop of staff commands, saved per database in the config directory
// (issue 27 item 12). The built CLI run in-process (`npm run build` first) on real databases.
import { lstat, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import type { Technician } from '../../../src/resources/technicians/schema.js'
import { createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

const api = await startTestApp(t)
const other = await startTestApp(t)
const scratch = await mkdtemp(path.join(tmpdir(), 'shopapi-shops-use-test-'))
t.teardown(() => rm(scratch, { recursive: true, force: true }))
const configDir = path.join(scratch, 'config')
const env = { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: scratch, SHOPAPI_CONFIG_DIR: configDir }
const first = await createTestShop(api.pool)
const second = await createTestShop(api.pool)
/** A well-formed shop id that the first database does not hold (a shop of the other one). */
let goneShop = ''

async function shopOfTechnician(id: string): Promise<string> {
  const { rows } = await api.pool.query<{ public_id: string }>(
    'select s.public_id from technicians t join shops s on s.id = t.shop_id where t.public_id = $1',
    [id],
  )
  return rows[0]?.public_id ?? 'none'
}

t.test('with several shops and none chosen, a staff command names both ways out', async (t) => {
  assertOneLineFailure(
    t,
    await runCommand(['technicians', 'list'], env),
    /serves \d+ shops: name one with --shop shop_\.\.\., or set one for every command with `shopapi shops use shop_\.\.\.`/,
  )
})

t.test('shops use saves the shop for this database; --shop and SHOPAPI_SHOP still win', async (t) => {
  const used = await runCommand(['shops', 'use', first.public_id, '--json'], env)
  t.match(jsonOutput(t, used), { shop: { id: first.public_id, name: first.name } })
  const file = path.join(configDir, 'profiles.json')
  t.equal((await lstat(file)).mode & 0o777, 0o600, "the config file is its owner's only")

  const created = jsonOutput<Technician>(t, await runCommand(['technicians', 'create', '--name', 'Sam', '--json'], env))
  t.equal(await shopOfTechnician(created.id), first.public_id, 'no --shop: the default shop')

  const viaEnv = jsonOutput<Technician>(
    t,
    await runCommand(['technicians', 'create', '--name', 'Kim', '--json'], { ...env, SHOPAPI_SHOP: second.public_id }),
  )
  t.equal(await shopOfTechnician(viaEnv.id), second.public_id, 'SHOPAPI_SHOP wins over the default')
  const viaFlag = jsonOutput<Technician>(
    t,
    await runCommand(['technicians', 'create', '--name', 'Lee', '--shop', second.public_id, '--json'], env),
  )
  t.equal(await shopOfTechnician(viaFlag.id), second.public_id, '--shop wins over the default')

  const integration = jsonOutput<{ integration: { shop_id: string } }>(
    t,
    await runCommand(['integrations', 'create', '--name', 'Site', '--scopes', 'shop.read', '--json'], env),
  )
  t.equal(integration.integration.shop_id, first.public_id, 'integrations create uses the default shop too')

  const listed = jsonOutput<{ id: string; default: boolean }[]>(t, await runCommand(['shops', 'list', '--json'], env))
  t.same(
    listed.filter((shop) => shop.default).map((shop) => shop.id),
    [first.public_id],
    'shops list marks the default',
  )
  const table = await runCommand(['shops', 'list'], env)
  t.equal(table.code, 0, 'the table exits 0', { output: describeResult(table) })
  t.match(table.stdout, /CREATED\s+DEFAULT/, 'a DEFAULT column')
  t.match(table.stdout, new RegExp(`${first.public_id}\\s.*\\syes\\s*$`, 'm'), 'the default shop reads yes')
  t.notMatch(table.stdout, new RegExp(`${second.public_id}\\s.*\\syes\\s*$`, 'm'), 'the other does not')

  // Another database has its own choice: the saved shop is not used there.
  goneShop = (await createTestShop(other.pool)).public_id
  await createTestShop(other.pool)
  assertOneLineFailure(
    t,
    await runCommand(['technicians', 'list'], { ...env, DATABASE_URL: other.url }),
    /serves \d+ shops/,
  )
})

t.test('a saved shop that is gone, --clear, and bad arguments are one-line errors', async (t) => {
  const file = path.join(configDir, 'profiles.json')
  const saved = JSON.parse(await readFile(file, 'utf8')) as { default_shops: Record<string, string> }
  const [databaseKey] = Object.keys(saved.default_shops)
  t.ok(databaseKey, 'the choice is kept by database')
  await writeFile(file, JSON.stringify({ ...saved, default_shops: { [databaseKey as string]: goneShop } }), {
    mode: 0o600,
  })
  assertOneLineFailure(t, await runCommand(['technicians', 'list'], env), /no longer exists: pick another/)

  const cleared = await runCommand(['shops', 'use', '--clear', '--json'], env)
  t.match(jsonOutput(t, cleared), { shop: null })
  assertOneLineFailure(t, await runCommand(['technicians', 'list'], env), /serves \d+ shops/)

  assertOneLineFailure(t, await runCommand(['shops', 'use'], env), /Name a shop .* or pass --clear/)
  assertOneLineFailure(t, await runCommand(['shops', 'use', first.public_id, '--clear'], env), /not both/)
  assertOneLineFailure(t, await runCommand(['shops', 'use', 'shop_nope'], env), /not a shop id|No shop/)
})
