// Imports hold one batch, never the file, and bad bytes are rejected rows: the built CLI run in-process
// (runCommand over dist/, so `npm run build` first) on the database of a running test app. Memory
// itself is measured outside tests (`/usr/bin/time -v`, see bench/RESULTS.md "Imports"); these
// assert the structure that bounds it.
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createTestShop, startTestApp } from '../../helpers/app.js'
import { type CliResult, runCli } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

t.setTimeout(600_000)

const api = await startTestApp(t)
const shop = await createTestShop(api.pool)
// In-process (runCommand); the named pipe's refusal is a real process, which a blocked open would hang.
const cli = (args: string[]) => runCommand([...args, '--shop', shop.public_id], { DATABASE_URL: api.url })
const dir = await mkdtemp(join(tmpdir(), 'shopapi-import-memory-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))

function describe(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

t.test('a batch is bounded by bytes as well as rows: big rows make more, smaller transactions', async (t) => {
  // 3,000 rows of about 4 KB: 12 MB, which --batch-size 5000 alone would write in one transaction.
  const notes = 'n'.repeat(4000)
  const lines = ['email,first_name,last_name,notes']
  for (let i = 1; i <= 3000; i++) lines.push(`wide${i}@example.com,Wide,Rows,${notes}`)
  const path = join(dir, 'wide.csv')
  await writeFile(path, `${lines.join('\n')}\n`)
  const result = await cli(['import', 'customers', path, '--key', 'email', '--batch-size', '5000', '--json'])
  t.equal(result.code, 0, describe(result))
  // Each batch is one transaction: the customers it created share its xmin.
  const { rows } = await api.pool.query<{ batch: string; n: number }>(
    `select xmin::text as batch, count(*)::int as n from customers
     where shop_id = $1::uuid and last_name = 'Rows' group by xmin`,
    [shop.id],
  )
  t.equal(
    rows.reduce((sum, row) => sum + row.n, 0),
    3000,
  )
  const largest = Math.max(...rows.map((row) => row.n))
  const rowBytes = Buffer.byteLength(lines[1] as string) + 1
  t.ok(rows.length >= 11, `${rows.length} transactions, not one`)
  t.ok(
    largest * rowBytes <= 1024 * 1024 + rowBytes,
    `the largest batch held ${largest} rows, at most 1 MiB of the file`,
  )
})

// A named pipe: one import engine reads its file twice (the keys of every row, then the rows), so a
// pipe, which can be read only once, is refused in one line before anything is read or written,
// instead of waiting forever for a second reading (docs/decisions/operations.md, "One import engine").
const fifo = join(dir, 'streamed.csv')
const fifoMade = spawnSync('mkfifo', [fifo]).status === 0

t.test(
  'an import of a pipe is refused in one line, nothing written: the engine reads its file twice',
  {
    skip: fifoMade ? false : 'mkfifo is not available',
  },
  async (t) => {
    // Nobody writes to the pipe: an import that opened it would wait, and runCli's timeout would fail.
    const result = await runCli(['inventory', 'import', fifo, '--shop', shop.public_id], { DATABASE_URL: api.url })
    t.equal(result.code, 1, describe(result))
    t.equal(result.stdout, '', describe(result))
    t.equal(result.stderr.trim().split('\n').length, 1, `one line: ${result.stderr}`)
    t.match(result.stderr, /not a regular file.*save the data to a file/, 'says why, and what to do')
    const { rows } = await api.pool.query<{ n: number }>(
      `select count(*)::int as n from inventory_items where shop_id = $1::uuid`,
      [shop.id],
    )
    t.equal(rows[0]?.n, 0, 'nothing written')
  },
)

t.test('NUL and lone surrogates are rejected rows with their line, never a database error', async (t) => {
  const inventoryCsv = join(dir, 'nul-items.csv')
  await writeFile(inventoryCsv, Buffer.from('part_number,name\nN-1,fine\nN-2,bad\u0000name\nN-3,fine\n'))
  const csv = await cli(['inventory', 'import', inventoryCsv, '--json'])
  t.equal(csv.code, 1, describe(csv))
  t.same(JSON.parse(csv.stdout).rejections, [
    { line: 3, reason: 'name: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates' },
  ])

  const inventoryNdjson = join(dir, 'surrogates.ndjson')
  await writeFile(
    inventoryNdjson,
    '{"part_number":"U-1","name":"fine"}\n{"part_number":"U-2","name":"lone \\ud800"}\n{"part_number":"U-3\\u0000"}\n',
  )
  const ndjson = await cli(['inventory', 'import', inventoryNdjson, '--json'])
  t.equal(ndjson.code, 1, describe(ndjson))
  t.same(
    (JSON.parse(ndjson.stdout) as { rejections: { line: number; reason: string }[] }).rejections.map((r) => [
      r.line,
      r.reason,
    ]),
    [
      [2, 'name: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates'],
      [3, 'part_number: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates'],
    ],
  )

  // The key itself: it is looked up before any row is written.
  const customers = join(dir, 'nul-customers.csv')
  await writeFile(
    customers,
    Buffer.from(
      'email,first_name,last_name\nnul1@example.com,A,Nul\nbad\u0000@example.com,B,Nul\nnul2@example.com,C,Nul\n',
    ),
  )
  const keyed = await cli(['import', 'customers', customers, '--key', 'email', '--json'])
  t.equal(keyed.code, 1, describe(keyed))
  const report = JSON.parse(keyed.stdout) as { created: number; rejections: { line: number; reason: string }[] }
  t.equal(report.created, 2, 'the other rows are imported')
  t.same(report.rejections, [
    { line: 3, reason: 'email: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates' },
  ])
  const lone = join(dir, 'lone.ndjson')
  await writeFile(lone, '{"email":"lone@example.com","first_name":"\\udc00","last_name":"Nul"}\n')
  const surrogate = await cli(['import', 'customers', lone, '--key', 'email', '--json'])
  t.equal(surrogate.code, 1, describe(surrogate))
  t.match(JSON.parse(surrogate.stdout).rejections, [{ line: 1, reason: /^first_name: text must not contain NUL/ }])
})
