// `shopapi keys revoke` by the prefix the logs show, and `shopapi integrations update` renaming an
// integration and adding or removing single scopes (issue 27 item 12), in-process on a test database.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertOneLineFailure, describeResult, jsonOutput } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'
import { sendJson } from '../../helpers/http.js'

const api = await startTestApp(t)
const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-admin-test-'))
t.teardown(() => rm(dataDir, { recursive: true, force: true }))
const env = { DATABASE_URL: api.url, SHOPAPI_DATA_DIR: dataDir }
const shop = await createTestShop(api.pool)

t.test('keys revoke takes the prefix that keys list and the request log show', async (t) => {
  const { key, keyId } = await createTestKey(api.pool, shop, ['shop.read'])
  const listed = jsonOutput<{ id: string; prefix: string }[]>(t, await runCommand(['keys', 'list', '--json'], env))
  const prefix = listed.find((row) => row.id === keyId)?.prefix as string
  t.match(prefix, /^shopapi_/, 'keys list shows the prefix')
  t.equal(key.startsWith(prefix), true, 'the prefix begins the key')
  t.equal((await sendJson(api, 'GET', '/v1/shop', key)).status, 200, 'the key works')

  const revoked = jsonOutput<{ id: string; revoked_at: string | null }>(
    t,
    await runCommand(['keys', 'revoke', prefix, '--json'], env),
  )
  t.equal(revoked.id, keyId, 'the key with that prefix')
  t.ok(revoked.revoked_at, 'revoked')
  t.equal((await sendJson(api, 'GET', '/v1/shop', key)).status, 401, 'its next request is refused')

  assertOneLineFailure(t, await runCommand(['keys', 'revoke', 'shopapi_nothere000'], env), /No API key with prefix/)
  assertOneLineFailure(
    t,
    await runCommand(['keys', 'revoke', 'not-a-key'], env),
    /neither an API key id \(key_\.\.\.\) nor a key prefix/,
  )
})

t.test('integrations update renames and adds or removes single scopes', async (t) => {
  const { key, integrationId } = await createTestKey(api.pool, shop, ['shop.read', 'customers.read'], 'Website')
  const renamed = jsonOutput<{ name: string; scopes: string[] }>(
    t,
    await runCommand(['integrations', 'update', integrationId, '--name', 'Booking site', '--json'], env),
  )
  t.same(renamed, { ...renamed, name: 'Booking site', scopes: ['shop.read', 'customers.read'] }, 'renamed, scopes kept')

  const changed = jsonOutput<{ scopes: string[] }>(
    t,
    await runCommand(
      [
        'integrations',
        'update',
        integrationId,
        '--add-scope',
        'appointments.read',
        '--add-scope',
        'appointments.write,customers.read',
        '--remove-scope',
        'shop.read',
        '--json',
      ],
      env,
    ),
  )
  t.same(changed.scopes, ['customers.read', 'appointments.read', 'appointments.write'], 'added and removed')
  t.equal((await sendJson(api, 'GET', '/v1/shop', key)).status, 403, 'the removed scope is gone on the next request')
  t.equal((await sendJson(api, 'GET', '/v1/appointments', key)).status, 200, 'the added one is there')

  const text = await runCommand(['integrations', 'update', integrationId, '--remove-scope', 'appointments.write'], env)
  t.equal(text.code, 0, 'exit 0', { output: describeResult(text) })
  t.match(text.stdout, /"Booking site" now has scopes: customers\.read, appointments\.read/)
  assertOneLineFailure(t, await runCommand(['integrations', 'update', integrationId], env), /Nothing to change/)
  assertOneLineFailure(
    t,
    await runCommand(['integrations', 'update', integrationId, '--add-scope', 'apointments.read'], env),
    /Unknown scope: apointments\.read/,
  )
  assertOneLineFailure(
    t,
    await runCommand(['integrations', 'update', integrationId, '--name', ''], env),
    /name must be 1-200 characters/,
  )
})
