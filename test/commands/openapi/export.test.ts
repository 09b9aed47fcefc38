// `shopapi openapi export --out`: the file is created new and private; an existing one is refused
// unless --overwrite, and a symbolic link never written through (runCommand over dist/: build first).
import { lstat, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

t.setTimeout(120_000)

const umask = process.umask(0o022)
t.teardown(() => {
  process.umask(umask)
})
const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-openapi-out-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))

const describe = (result: CliResult) => `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`

t.test('--out creates a private file, refuses an existing one, replaces it with --overwrite', async (t) => {
  const out = path.join(dir, 'openapi.json')
  const first = await runCommand(['openapi', 'export', '--out', out], {})
  t.equal(first.code, 0, describe(first))
  t.equal((await stat(out)).mode & 0o777, 0o600)
  const document = await readFile(out, 'utf8')

  await writeFile(out, 'an older document')
  const refused = await runCommand(['openapi', 'export', '--out', out], {})
  t.equal(refused.code, 1)
  t.equal(refused.stderr, `Error: --out ${out} exists: add --overwrite to replace it, or name another file\n`)
  t.equal(await readFile(out, 'utf8'), 'an older document', 'left as it was')

  const replaced = await runCommand(['openapi', 'export', '--out', out, '--overwrite'], {})
  t.equal(replaced.code, 0, describe(replaced))
  t.equal(await readFile(out, 'utf8'), document)
  t.equal((await stat(out)).mode & 0o777, 0o600)

  const printed = await runCommand(['openapi', 'export'], {})
  t.equal(printed.code, 0, 'without --out, the document goes to stdout')
  t.equal(printed.stdout, document)
})

t.test('--out naming a symbolic link is refused, with or without --overwrite', async (t) => {
  const victim = path.join(dir, 'profile')
  await writeFile(victim, 'echo hello\n')
  const link = path.join(dir, 'linked.json')
  await symlink(victim, link)
  for (const overwrite of [[], ['--overwrite']]) {
    const result = await runCommand(['openapi', 'export', '--out', link, ...overwrite], {})
    t.equal(result.code, 1, describe(result))
    t.match(result.stderr, /is a symbolic link: shopapi never writes through one/)
  }
  t.equal(await readFile(victim, 'utf8'), 'echo hello\n')
  t.ok((await lstat(link)).isSymbolicLink())
})
