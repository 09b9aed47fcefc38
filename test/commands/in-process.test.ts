// runCommand (test/helpers/cli-in-process.ts) stands in for a `shopapi` process in most CLI tests, so
// it must give what the process gives: for each kind of outcome (output, --json, a usage error, an
// oclif parse error with its help, an exit code a command sets, a database command, a database error,
// a topic, --version, --help), the same stdout, stderr and exit code as bin/run.js in a child process.
// And it must leave the test's process as it found it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { runCli } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { createTestDatabase } from '../helpers/database.js'

const { url } = await createTestDatabase(t)
const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-in-process-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
const payload = path.join(dir, 'body.json')
await writeFile(payload, '{"id":"evt_1"}\n')
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LKLaSw'

t.test('the same stdout, stderr and exit code as a process', async (t) => {
  const database = { DATABASE_URL: url }
  const cases: [string, string[], Record<string, string>][] = [
    ['readable output', ['webhooks', 'sign', '--secret', secret, '--payload', payload, '--timestamp', '5'], {}],
    ['--json', ['webhooks', 'sign', '--secret', secret, '--payload', payload, '--timestamp', '5', '--json'], {}],
    ['a usage error', ['webhooks', 'sign', '--secret', secret.slice(6), '--payload', payload], {}],
    ['a usage error, --json', ['webhooks', 'sign', '--secret', secret.slice(6), '--payload', payload, '--json'], {}],
    ["oclif's parse error and help", ['webhooks', 'sign', '--no-such-flag'], {}],
    [
      'an exit code the command sets',
      ['webhooks', 'verify', '--secret', secret, '--payload', payload, '--header', 't=1,v1=abc'],
      {},
    ],
    ['a database command', ['shops', 'create', '--name', 'Same', '--timezone', 'UTC', '--currency', 'USD'], database],
    ['its table', ['shops', 'list'], database],
    [
      'a refusal after opening the database',
      ['shops', 'create', '--name', 'X', '--timezone', 'Mars/Base', '--currency', 'USD'],
      database,
    ],
    ['an unknown command', ['shops', 'lis'], {}],
    ['a topic', ['webhooks'], {}],
    ['--version', ['--version'], {}],
    ['--help', ['webhooks', 'sign', '--help'], {}],
  ]
  for (const [what, args, env] of cases) {
    const child = await runCli(args, env)
    const inProcess = await runCommand(args, env)
    // A created shop's id and instant differ between the two runs; nothing else may.
    const stable = (text: string) =>
      text.replace(/shop_[0-9A-Za-z]+/g, 'shop_…').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '…Z')
    t.same(
      { ...inProcess, stdout: stable(inProcess.stdout) },
      { ...child, stdout: stable(child.stdout) },
      `${what}: shopapi ${args.join(' ')}`,
    )
  }
})

t.test("the test's process is left as it was", async (t) => {
  const before = {
    env: { ...process.env },
    argv: [...process.argv],
    exitCode: process.exitCode,
    listeners: ['SIGINT', 'SIGTERM', 'exit'].map((event) => process.listenerCount(event)),
    drain: process.stdout.listenerCount('drain'),
    isTTY: [process.stdout.isTTY, process.stderr.isTTY],
    write: [process.stdout.write, process.stderr.write],
  }
  await runCommand(['shops', 'list', '--json'], { DATABASE_URL: url, SHOPAPI_LOG_LEVEL: 'silent' })
  await runCommand(['webhooks', 'verify', '--secret', secret, '--payload', payload, '--header', 'x'], {})
  t.same(process.env, before.env, 'the environment')
  t.same(process.argv, before.argv, 'argv')
  t.equal(process.exitCode, before.exitCode, 'the exit code (verify set 1)')
  t.same(
    ['SIGINT', 'SIGTERM', 'exit'].map((event) => process.listenerCount(event)),
    before.listeners,
    'signal and exit listeners',
  )
  t.equal(process.stdout.listenerCount('drain'), before.drain, "stdout's drain listeners (oclif's flush)")
  t.same([process.stdout.isTTY, process.stderr.isTTY], before.isTTY, 'isTTY')
  t.ok(process.stdout.write === before.write[0] && process.stderr.write === before.write[1], 'the streams write again')
})
