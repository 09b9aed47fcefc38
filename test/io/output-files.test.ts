// The files a command writes for the operator (src/io/output-files.ts), on the real filesystem: new,
// 0600 whatever the umask, never through a symlink, an existing file refused unless replacing is asked
// for, and "the same file" by device and inode.
import { chmod, link, lstat, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { checkOutputFile, openOutputFile, writeOutputFile } from '../../src/io/output-files.js'

const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-output-files-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
const at = (name: string) => path.join(dir, name)
const options = { label: '--out', overwrite: false, overwriteFlag: '--overwrite' }
const mode = async (file: string) => (await stat(file)).mode & 0o777

const umask = process.umask(0o000)
t.teardown(() => {
  process.umask(umask)
})

t.test('a new file is mode 0600 even under umask 000', async (t) => {
  await writeOutputFile(at('new.json'), 'hello\n', options)
  t.equal(await readFile(at('new.json'), 'utf8'), 'hello\n')
  t.equal(await mode(at('new.json')), 0o600)
})

t.test('an existing file is refused with the flag that replaces it, and left alone', async (t) => {
  await writeFile(at('existing.txt'), 'keep me')
  await t.rejects(writeOutputFile(at('existing.txt'), 'new', options), {
    name: 'UsageError',
    message: `--out ${at('existing.txt')} exists: add --overwrite to replace it, or name another file`,
  })
  t.equal(await readFile(at('existing.txt'), 'utf8'), 'keep me')
})

t.test('a symbolic link is never written through, even when replacing', async (t) => {
  await writeFile(at('victim'), 'secret start-up file\n')
  await chmod(at('victim'), 0o644)
  await symlink(at('victim'), at('link.csv'))
  await symlink(at('does-not-exist'), at('dangling.csv'))
  for (const overwrite of [false, true]) {
    for (const name of ['link.csv', 'dangling.csv']) {
      await t.rejects(
        writeOutputFile(at(name), 'crafted row\n', { ...options, overwrite }),
        { message: /is a symbolic link: shopapi never writes through one/ },
        `${name}, overwrite ${overwrite}`,
      )
    }
  }
  t.equal(await readFile(at('victim'), 'utf8'), 'secret start-up file\n', 'the target is untouched')
  await t.rejects(lstat(at('does-not-exist')), { code: 'ENOENT' }, 'a dangling link creates nothing')
  t.ok((await lstat(at('link.csv'))).isSymbolicLink(), 'the link itself is left')
})

t.test('replacing writes a new 0600 file and renames it into place; the old inode is untouched', async (t) => {
  await writeFile(at('old.csv'), 'old content')
  await chmod(at('old.csv'), 0o644)
  await link(at('old.csv'), at('other-name-of-old.csv'))
  const file = await openOutputFile(at('old.csv'), { ...options, overwrite: true })
  file.stream.write('new content')
  t.equal(await readFile(at('old.csv'), 'utf8'), 'old content', 'until close, the old file is whole')
  await file.close()
  t.equal(await readFile(at('old.csv'), 'utf8'), 'new content')
  t.equal(await mode(at('old.csv')), 0o600, 'the replacement is private')
  t.equal(
    await readFile(at('other-name-of-old.csv'), 'utf8'),
    'old content',
    'a hard link to the old file was not written through',
  )
})

t.test('"the same file" is the same device and inode, whatever the spelling', async (t) => {
  await writeFile(at('input.csv'), 'a,b\n1,2\n')
  await link(at('input.csv'), at('input-hardlink.csv'))
  await symlink(at('input.csv'), at('input-symlink.csv'))
  const notSameAs = [{ path: at('input.csv'), label: 'the file imported' }]
  for (const target of [at('input.csv'), `${dir}/./input.csv`, at('input-hardlink.csv')]) {
    await t.rejects(
      checkOutputFile(target, { ...options, overwrite: true, notSameAs }),
      { message: /is the file imported \(the same file\)/ },
      target,
    )
  }
  await t.rejects(checkOutputFile(at('input-symlink.csv'), { ...options, overwrite: true, notSameAs }), {
    message: /symbolic link/,
  })
  t.equal(await readFile(at('input.csv'), 'utf8'), 'a,b\n1,2\n')
})

t.test('discard removes what was written', async (t) => {
  const file = await openOutputFile(at('discarded.txt'), options)
  file.stream.write('half')
  await file.discard()
  await t.rejects(lstat(at('discarded.txt')), { code: 'ENOENT' })
})
