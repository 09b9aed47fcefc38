// `shopapi login` / `logout` and listen reading the saved profile (issue 27 item 8), in-process
// against a real API on a real socket; profiles in a temp config directory (SHOPAPI_CONFIG_DIR).
import { lstat, mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import type { CliResult } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const { key } = await createTestKey(api.pool, shop, ['shop.read', 'customers.read'])

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

async function configDir(t: Test) {
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-login-test-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

function oneLine(t: Test, result: CliResult, message: RegExp) {
  t.equal(result.code, 1, 'exit 1', { output: describe(result) })
  t.equal(result.stderr.trim().split('\n').length, 1, 'one line', { stderr: result.stderr })
  t.match(result.stderr, message)
}

t.test('login checks the key, saves the profile 0600, and listen uses it', async (t) => {
  const dir = await configDir(t)
  const env = { SHOPAPI_CONFIG_DIR: dir }
  const saved = await runCommand(['login', '--api-url', api.baseUrl, '--api-key', key, '--json'], env)
  t.equal(saved.code, 0, 'saved', { output: describe(saved) })
  t.match(JSON.parse(saved.stdout), { profile: 'default', default: true, shop: { id: shop.public_id } })
  const file = path.join(dir, 'profiles.json')
  t.equal((await lstat(file)).mode & 0o777, 0o600, 'the file holds a key: its owner only')
  const stored = JSON.parse(await readFile(file, 'utf8')) as {
    default: string
    profiles: Record<string, { api_key: string }>
  }
  t.equal(stored.default, 'default')
  t.equal(stored.profiles.default?.api_key, key)

  const text = await runCommand(['login', '--profile', 'second', '--api-url', api.baseUrl, '--api-key', key], env)
  t.match(text.stdout, /Saved profile "second": .*shop shop_\w+/, 'a second profile, not the default')
  t.notMatch(text.stdout, new RegExp(key), 'the key is not printed whole')

  // listen with neither flag: the default profile's URL and key reach the API (a bad filter then
  // stops it, after the profile was read; a refused key or a missing URL would say so instead).
  const listen = await runCommand(['listen', '--events', 'customer.made'], env)
  oneLine(t, listen, /--events: "customer\.made" is not an event type/)
  oneLine(
    t,
    await runCommand(['listen', '--profile', 'nope'], env),
    /No profile "nope": saved ones are default, second/,
  )

  t.equal((await runCommand(['logout', '--profile', 'second'], env)).code, 0)
  oneLine(t, await runCommand(['logout', '--profile', 'second'], env), /No profile "second" is saved/)
})

t.test(
  'login refuses a bad key or URL in one line and saves nothing; listen without a profile says what to give',
  async (t) => {
    const dir = await configDir(t)
    const env = { SHOPAPI_CONFIG_DIR: dir }
    oneLine(
      t,
      await runCommand(['login', '--api-url', api.baseUrl, '--api-key', 'shopapi_notakey'], env),
      /refused the key \(401\)/,
    )
    oneLine(t, await runCommand(['login', '--api-url', 'http://127.0.0.1:9', '--api-key', key], env), /Could not reach/)
    oneLine(
      t,
      await runCommand(['login', '--profile', '../x', '--api-url', api.baseUrl, '--api-key', key], env),
      /not a profile name/,
    )
    await t.rejects(lstat(path.join(dir, 'profiles.json')), 'nothing saved')
    oneLine(t, await runCommand(['listen'], env), /Give --api-url and --api-key, or save them once with shopapi login/)
  },
)

t.test('a symlink where the profile file goes is replaced, never written through', async (t) => {
  const dir = await configDir(t)
  const target = path.join(dir, 'elsewhere.txt')
  await symlink(target, path.join(dir, 'profiles.json'))
  const saved = await runCommand(['login', '--api-url', api.baseUrl, '--api-key', key], { SHOPAPI_CONFIG_DIR: dir })
  // A dangling symlink reads as no profiles; the new file takes the link's place.
  t.equal(saved.code, 0, 'saved', { output: describe(saved) })
  t.equal((await lstat(path.join(dir, 'profiles.json'))).isSymbolicLink(), false, 'the link is gone')
  await t.rejects(lstat(target), 'nothing was written where it pointed')
})
