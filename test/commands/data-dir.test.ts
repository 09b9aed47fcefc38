// The data directory and the secrets in it, as the real CLI (bin/run.js over dist/) sees them: created
// 0700, a key file or database password others may read refused in one line naming the fix (as ssh
// does), and, as root, the directories on the way to the embedded database opened for traversal only
// where needed, said once.

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import { type CliResult, runCli } from '../helpers/cli.js'
import { createTestDatabase } from '../helpers/database.js'

const mode = (file: string) => fs.statSync(file).mode & 0o777
const stackTrace = /^\s+at\s|\.[cm]?[jt]s:\d+:\d+/m

async function scratch(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-data-dir-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

function oneLineFailure(t: Test, result: CliResult, what: string, message: string) {
  t.equal(result.code, 1, `${what} exits 1`, { stdout: result.stdout, stderr: result.stderr })
  // The warning that DATABASE_URL runs on a generated key may come first; the error is one line.
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('warning:'))
  t.same(lines, [`Error: ${message}`], `${what}: one line naming the fix`)
  t.notMatch(result.stderr, stackTrace, `${what}: no stack trace`)
}

t.test('a secret.key others may read is refused; after chmod 600 it is used', async (t) => {
  const { url } = await createTestDatabase(t)
  const dataDir = path.join(await scratch(t), 'data')
  fs.mkdirSync(dataDir, { mode: 0o700 })
  const file = path.join(dataDir, 'secret.key')
  fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`)
  fs.chmodSync(file, 0o644)
  // rotate-secret reads the key before it looks the endpoint up: an unknown endpoint shows how far it got.
  const args = ['webhooks', 'rotate-secret', 'whe_doesnotexist']
  const env = { DATABASE_URL: url, SHOPAPI_DATA_DIR: dataDir }
  const refused = await runCli(args, env)
  oneLineFailure(t, refused, 'a 0644 key', `Permissions 0644 for '${file}' are too open: run chmod 600 ${file}`)
  t.equal(mode(file), 0o644, 'the file is left as it was')

  fs.chmodSync(file, 0o600)
  const used = await runCli(args, env)
  t.equal(used.code, 1)
  t.match(used.stderr, /No webhook endpoint whe_doesnotexist/, 'past the key: the endpoint is looked up')
  t.notMatch(used.stderr, /Permissions/)
})

t.test('an embedded-postgres.json others may read is refused before anything starts', async (t) => {
  const dataDir = await scratch(t)
  const file = path.join(dataDir, 'embedded-postgres.json')
  fs.writeFileSync(file, JSON.stringify({ user: 'shopapi', password: 'x', database: 'shopapi' }))
  fs.chmodSync(file, 0o604)
  const refused = await runCli(['migrate'], { SHOPAPI_DATA_DIR: dataDir })
  oneLineFailure(
    t,
    refused,
    'a 0604 password file',
    `Permissions 0604 for '${file}' are too open: run chmod 600 ${file}`,
  )
  t.notOk(fs.existsSync(path.join(dataDir, 'postgres')), 'no database was initialised')
})

t.test('the embedded data directory: 0700, and as root only the needed parents get o+x, said once', async (t) => {
  const parent = await scratch(t) // mkdtemp: 0700, like a home directory
  const dataDir = path.join(parent, 'shopapi')
  const env = { SHOPAPI_DATA_DIR: dataDir }
  const first = await runCli(['migrate'], env, 240_000)
  t.equal(first.code, 0, 'migrate on a new embedded database exits 0', { stderr: first.stderr })
  t.equal(mode(path.join(dataDir, 'embedded-postgres.json')), 0o600, 'the database password is 0600')
  t.equal(mode(path.join(dataDir, 'embedded-postgres-runtime.json')), 0o600, "the runtime role's password is 0600")
  const reports = first.stderr.split('\n').filter((line) => line.startsWith('Running as root'))
  if (userInfo().uid === 0) {
    t.equal(mode(dataDir), 0o701, 'as root: the data directory is 0700 plus o+x for the postgres user')
    t.equal(mode(parent), 0o701, 'and its 0700 parent gets o+x, not read')
    t.equal(mode(tmpdir()), fs.statSync(tmpdir()).mode & 0o777, 'directories others could enter are untouched')
    t.same(
      reports,
      [
        `Running as root: PostgreSQL runs as the postgres user, so others may now enter (o+x, not list) ${dataDir} (0700 -> 0701), ${parent} (0700 -> 0701); run shopapi as a non-root user to avoid this`,
      ],
      'one line names each directory changed and how',
    )
  } else {
    t.equal(mode(dataDir), 0o700, 'the data directory is 0700')
    t.equal(mode(parent), 0o700, 'its parent is untouched')
    t.same(reports, [], 'nothing to report')
  }
  const again = await runCli(['migrate'], env, 240_000)
  t.equal(again.code, 0, { stderr: again.stderr })
  t.notMatch(again.stderr, /Running as root|Tightened/, 'the next run has nothing to change or say')
  t.equal(mode(parent), userInfo().uid === 0 ? 0o701 : 0o700, 'and changes nothing')
})
