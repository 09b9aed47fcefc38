// The appliance's own tarball (package.json "files") carries every file its README links a reader to:
// someone who installed shopapi from npm follows README.md inside node_modules/shopapi, where only the
// packed files exist. The one exception, by decision: docs/decisions/ is the contributors' record of
// why, read in the repository, not part of what is installed (docs/decisions/code.md, "Packages").

import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const notPacked = [/^docs\/decisions\//]

t.test('every repo-relative link in README.md is in `npm pack --dry-run`', async (t) => {
  const readme = await readFile(new URL('README.md', `file://${repoRoot}`), 'utf8')
  const links = [
    ...new Set(
      [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => (match[1] as string).split('#')[0] as string)
        .filter((link) => link !== '' && !/^[a-z]+:/i.test(link)),
    ),
  ].sort()
  t.ok(links.includes('docs/webhook-signature-vectors.json'), 'the signature vectors are linked')
  // --ignore-scripts: the listing needs no build (prepare), only "files" and what exists.
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  })
  const [pack] = JSON.parse(stdout) as { files: { path: string }[] }[]
  const packed = new Set(pack?.files.map((file) => file.path))
  const followed = links.filter((link) => !notPacked.some((pattern) => pattern.test(link)))
  t.ok(followed.length >= 4, `${followed.length} links a reader of the package follows`)
  for (const link of followed) t.ok(packed.has(link), `${link} is in the tarball`)
  for (const link of links.filter((link) => !followed.includes(link))) {
    t.notOk(packed.has(link), `${link} stays in the repository (docs/decisions/)`)
  }
  t.ok(packed.has('README.md') && packed.has('package.json'), 'the README itself, beside them')
})
