// The rejects file of `shopapi import customers`, as someone who can write the input's folder would
// attack it and as a spreadsheet user round-trips it: the built CLI run in-process (runCommand over
// dist/, so `npm run build` first) on the database of a running test app.
import { chmod, link, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createTestShop, startTestApp } from '../../helpers/app.js'
import type { CliResult } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

// The operator's usual umask: without the fix, files come out 0644, readable by everyone.
const umask = process.umask(0o022)
t.teardown(() => {
  process.umask(umask)
})

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], { DATABASE_URL: api.url })
const dir = await mkdtemp(join(tmpdir(), 'shopapi-rejects-file-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

async function customerCount(lastName: string): Promise<number> {
  const { rows } = await api.pool.query<{ n: number }>(
    'select count(*)::int as n from customers where shop_id = $1::uuid and last_name = $2',
    [shop.id, lastName],
  )
  return rows[0]?.n ?? 0
}

const mode = async (path: string) => (await stat(path)).mode & 0o777

t.test('a rejects path planted as a symlink is refused before any row; its target is untouched', async (t) => {
  const victim = await file('bashrc', 'export PATH=/usr/bin\n')
  const input = await file(
    'planted.csv',
    'email,first_name,last_name\nok@example.com,Ann,Planted\nnot-an-email,Bad,Planted\n',
  )
  await symlink(victim, join(dir, 'planted.rejected.csv'))
  const result = await cli(['import', 'customers', input, '--key', 'email'])
  t.equal(result.code, 1, describe(result))
  t.match(
    result.stderr,
    /^Error: The rejects file \S+planted\.rejected\.csv is a symbolic link: shopapi never writes through one; remove it or name another file\n$/,
    'one line saying what to do',
  )
  t.equal(await readFile(victim, 'utf8'), 'export PATH=/usr/bin\n', 'nothing was written through the link')
  t.equal(await customerCount('Planted'), 0, 'refused before any row was imported')
  const replacing = await cli(['import', 'customers', input, '--key', 'email', '--overwrite'])
  t.equal(replacing.code, 1)
  t.match(replacing.stderr, /is a symbolic link/, '--overwrite never writes through a link either')
  t.equal(await readFile(victim, 'utf8'), 'export PATH=/usr/bin\n')
})

t.test('the rejects file is private, and an existing one is refused unless --overwrite', async (t) => {
  // The input may be a symlink the operator chose (or was handed): it is read, but what the rejects
  // file copies from it is readable by the operator alone.
  const secret = await file('secret.txt', 'email,first_name,last_name\nroot:x:0:0,Secret,Line\n')
  await chmod(secret, 0o600)
  const input = join(dir, 'linked.csv')
  await symlink(secret, input)
  const first = await cli(['import', 'customers', input, '--key', 'email', '--json'])
  t.equal(first.code, 1, describe(first))
  const rejects = join(dir, 'linked.rejected.csv')
  t.equal((JSON.parse(first.stdout) as { rejects_file: string }).rejects_file, rejects)
  t.equal(await mode(rejects), 0o600, 'created 0600 whatever the umask')
  const written = await readFile(rejects, 'utf8')

  const again = await cli(['import', 'customers', input, '--key', 'email'])
  t.equal(again.code, 1)
  t.equal(
    again.stderr,
    `Error: The rejects file ${rejects} exists: add --overwrite to replace it, or name another file\n`,
  )
  t.equal(await readFile(rejects, 'utf8'), written, 'left as it was')

  await chmod(rejects, 0o644)
  const replaced = await cli(['import', 'customers', input, '--key', 'email', '--overwrite', '--json'])
  t.equal(replaced.code, 1, describe(replaced))
  t.equal(await mode(rejects), 0o600, 'the replacement is private too')
  t.equal(await readFile(rejects, 'utf8'), written)

  // Fixed at the source, run again with --overwrite: the old rejects file goes, it described an older run.
  await writeFile(secret, 'email,first_name,last_name\nfixed@example.com,Fixed,Line\n')
  const clean = await cli(['import', 'customers', input, '--key', 'email', '--overwrite', '--json'])
  t.equal(clean.code, 0, describe(clean))
  await t.rejects(stat(rejects), { code: 'ENOENT' })
})

t.test('--rejects naming the input (another spelling, a hard link) is refused; the input survives', async (t) => {
  const content = 'email,first_name,last_name\nnot-an-email,Same,File\n'
  const input = await file('same.csv', content)
  await link(input, join(dir, 'same-hardlink.csv'))
  for (const rejects of [`${dir}/./same.csv`, join(dir, 'same-hardlink.csv')]) {
    for (const overwrite of [[], ['--overwrite']]) {
      const result = await cli(['import', 'customers', input, '--key', 'email', '--rejects', rejects, ...overwrite])
      t.equal(result.code, 1, describe(result))
      t.equal(result.stderr, `Error: --rejects ${rejects} is the file imported (the same file): name another file\n`)
      t.equal(await readFile(input, 'utf8'), content, 'the input is intact')
    }
  }
})

t.test('cells a spreadsheet would run are neutralised, and a fixed rejects file restores them exactly', async (t) => {
  const formula = "=cmd|' /C calc'!A0"
  const input = await file(
    'formulas.csv',
    [
      'email,first_name,last_name,phone,company_name,notes',
      // In CSV a quote before = + - @ is the neutralising one, so a value starting '= is written ''=.
      `bad-email,${formula},@SUM(A1),+1 512 555 0100,''=quoted,-3`,
      'ok@formula.example,"=HYPERLINK(""http://x"")",Formula,-512 555 0199,Plain,+5',
      '',
    ].join('\n'),
  )
  const first = await cli(['import', 'customers', input, '--key', 'email', '--json'])
  t.equal(first.code, 1, describe(first))
  const rejectsPath = (JSON.parse(first.stdout) as { rejects_file: string }).rejects_file
  const rejects = await readFile(rejectsPath, 'utf8')
  const lines = rejects.replace(/^\uFEFF/, '').split('\r\n')
  t.equal(lines[0], 'email,first_name,last_name,phone,company_name,notes,rejected_reason')
  t.match(
    lines[1],
    /^bad-email,'=cmd\|' \/C calc'!A0,'@SUM\(A1\),'\+1 512 555 0100,''=quoted,'-3,"?line 2: email: /,
    'every cell starting with = + - @ carries one leading quote (and a quoted one one more)',
  )

  await writeFile(rejectsPath, rejects.replace('bad-email', 'fixed@formula.example'))
  const fixed = await cli(['import', 'customers', rejectsPath, '--key', 'email', '--json'])
  t.equal(fixed.code, 0, describe(fixed))
  const { rows } = await api.pool.query(
    `select first_name, last_name, phone, company_name, notes from customers
     where shop_id = $1::uuid and email in ('fixed@formula.example', 'ok@formula.example') order by email`,
    [shop.id],
  )
  t.same(
    rows,
    [
      {
        first_name: formula,
        last_name: '@SUM(A1)',
        phone: '+1 512 555 0100',
        company_name: "'=quoted",
        notes: '-3',
      },
      {
        first_name: '=HYPERLINK("http://x")',
        last_name: 'Formula',
        phone: '-512 555 0199',
        company_name: 'Plain',
        notes: '+5',
      },
    ],
    'the values went through rejects and back exactly: formulas, a phone with +, a negative number',
  )
})
