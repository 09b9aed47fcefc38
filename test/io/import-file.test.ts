import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import {
  countImportLines,
  detectImportFormat,
  findEncodingProblem,
  type ImportRecord,
  maxImportRecordBytes,
  readImportRecords,
  readImportRecordsWithSource,
} from '../../src/io/import-file.js'

async function readAll(path: string): Promise<ImportRecord[]> {
  const records: ImportRecord[] = []
  for await (const record of readImportRecords(path)) records.push(record)
  return records
}

const directories = new WeakMap<Test, string>()

/** Writes `content` to `name` in a temporary directory of the test's own, removed when it ends. */
function file(t: Test, name: string, content: string | Buffer): string {
  let dir = directories.get(t)
  if (dir === undefined) {
    const created = mkdtempSync(join(tmpdir(), 'shopapi-import-'))
    t.teardown(() => rmSync(created, { recursive: true, force: true }))
    directories.set(t, created)
    dir = created
  }
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

t.test('NDJSON: blank lines skipped, bad lines are error records on their own line', async (t) => {
  const path = file(
    t,
    'items.ndjson',
    [
      '{"name":"Oil filter","quantity":"2"}',
      '',
      '   ',
      '{"name": broken}',
      '[1,2]',
      '42',
      'null',
      '{"name":"Wiper blade"}',
      '',
    ].join('\n'),
  )
  const records = await readAll(path)
  t.same(records.length, 6)
  t.same(records[0], { line: 1, fields: { name: 'Oil filter', quantity: '2' } })
  t.equal(records[1]?.line, 4)
  t.match(records[1], { error: /^not a JSON object: / })
  t.same(records[2], { line: 5, error: 'not a JSON object: found an array' })
  t.same(records[3], { line: 6, error: 'not a JSON object: found a number' })
  t.same(records[4], { line: 7, error: 'not a JSON object: found null' })
  t.same(records[5], { line: 8, fields: { name: 'Wiper blade' } })
})

t.test('NDJSON: CRLF, a BOM, no final newline, and a __proto__ key stays a plain field', async (t) => {
  const path = file(t, 'items.jsonl', '\ufeff{"a":1}\r\n\r\n{"__proto__":{"polluted":true},"b":"x"}')
  const records = await readAll(path)
  t.same(records[0], { line: 1, fields: { a: 1 } })
  t.equal(records[1]?.line, 3)
  const fields = records[1] && 'fields' in records[1] ? records[1].fields : {}
  t.ok(Object.hasOwn(fields, '__proto__'), 'an own property')
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was changed')
})

t.test('NDJSON: a line over the size limit is one error record; the next line still reads', async (t) => {
  const long = `{"a":"${'x'.repeat(maxImportRecordBytes)}"}`
  const path = file(t, 'big.ndjson', `{"first":true}\n${long}\n{"last":true}\n`)
  const records = await readAll(path)
  t.same(records, [
    { line: 1, fields: { first: true } },
    { line: 2, error: `not a JSON object: the line is longer than ${maxImportRecordBytes} bytes` },
    { line: 3, fields: { last: true } },
  ])
})

t.test('NDJSON: invalid UTF-8 is an error record, not replacement characters', async (t) => {
  const path = file(t, 'x.ndjson', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}\n')]))
  t.same(await readAll(path), [{ line: 1, error: 'not a JSON object: the line is not valid UTF-8' }])
})

t.test('the format comes from the extension, else from the first character', async (t) => {
  t.equal(await detectImportFormat(file(t, 'a.NDJSON', 'name\nx\n')), 'ndjson', 'extension wins, any case')
  t.equal(await detectImportFormat(file(t, 'a.csv', '{"a":1}\n')), 'csv', 'extension wins')
  t.equal(await detectImportFormat(file(t, 'a.txt', '\ufeff\n  \r\n {"a":1}\n')), 'ndjson')
  t.equal(await detectImportFormat(file(t, 'export', 'name,price\n')), 'csv')
  t.same(await readAll(file(t, 'data.txt', '\n{"a":1}\n')), [{ line: 2, fields: { a: 1 } }])
  t.same(await readAll(file(t, 'data.json', '[{"a":1}]')), [
    { line: 1, error: 'a JSON array is not an import file: write one JSON object a line (NDJSON)' },
  ])
  t.same(await readAll(file(t, 'empty.txt', '')), [])
})

t.test('CSV: header trimmed and lower-cased, empty cells absent, quotes and BOM handled', async (t) => {
  const path = file(
    t,
    'items.csv',
    [
      '\ufeff Part Number ,Name,Price',
      'OF-1,"Filter, oil",4.50',
      'WB-2,"16"" wiper",',
      ' SP-3 ,"  spaced  ",  7.00  ',
      ',,',
      '',
      'BT-4,Battery,129.99',
    ].join('\n'),
  )
  t.same(await readAll(path), [
    { line: 2, fields: { 'part number': 'OF-1', name: 'Filter, oil', price: '4.50' } },
    { line: 3, fields: { 'part number': 'WB-2', name: '16" wiper' } },
    { line: 4, fields: { 'part number': 'SP-3', name: '  spaced  ', price: '7.00' } },
    { line: 7, fields: { 'part number': 'BT-4', name: 'Battery', price: '129.99' } },
  ])
})

t.test('CSV: a quoted cell over several lines; the next record keeps its own line number', async (t) => {
  for (const eol of ['\n', '\r\n']) {
    const path = file(
      t,
      'jobs.csv',
      [
        'name,description',
        `Brake job,"Replace pads${eol}and rotors${eol}${eol}test drive"`,
        'Oil change,Synthetic',
        '',
      ].join(eol),
    )
    t.same(
      await readAll(path),
      [
        { line: 2, fields: { name: 'Brake job', description: `Replace pads${eol}and rotors${eol}${eol}test drive` } },
        { line: 6, fields: { name: 'Oil change', description: 'Synthetic' } },
      ],
      JSON.stringify(eol),
    )
  }
})

t.test('CSV: a ragged row is an error record and reading goes on', async (t) => {
  const path = file(t, 'items.csv', 'a,b,c\n1,2\n1,2,3,4\n1,2,3\n')
  t.same(await readAll(path), [
    { line: 2, error: 'the row has 2 cells, the header has 3' },
    { line: 3, error: 'the row has 4 cells, the header has 3' },
    { line: 4, fields: { a: '1', b: '2', c: '3' } },
  ])
})

t.test('CSV: a nameless column may only be empty; a repeated column name refuses the file', async (t) => {
  const trailing = file(t, 'trailing.csv', 'a,b,\n1,2,\n1,2,3\n')
  t.same(await readAll(trailing), [
    { line: 2, fields: { a: '1', b: '2' } },
    { line: 3, error: 'cell 3 has a value but its column has no name in the header' },
  ])
  const repeated = file(t, 'repeated.csv', 'Name,price,NAME\nx,1,y\n')
  t.same(await readAll(repeated), [{ line: 1, error: 'the header names column "name" twice; no row was read' }])
})

t.test('CSV: a broken quote stops reading with one error, after the rows before it', async (t) => {
  const closing = file(t, 'closing.csv', 'a,b\n1,2\n3,"4"x\n5,6\n')
  t.same(await readAll(closing), [
    { line: 2, fields: { a: '1', b: '2' } },
    {
      line: 3,
      error:
        'a quoted cell has text after its closing quote (write a quote inside a cell as ""); the rest of the file was not read',
    },
  ])
  const unclosed = file(t, 'unclosed.csv', 'a,b\n1,2\n3,"4\n5,6\n')
  const records = await readAll(unclosed)
  t.same(records[0], { line: 2, fields: { a: '1', b: '2' } })
  t.match(records[1], { line: 3, error: /^a quoted cell is never closed; the rest of the file was not read$/ })
  t.equal(records.length, 2)
})

t.test('CSV: line numbers stay right across many read chunks', async (t) => {
  let text = 'sku,note\n'
  let linesSoFar = 1
  const expected: ImportRecord[] = []
  for (let i = 0; i < 20_000; i++) {
    const eol = i % 3 === 0 ? '\r\n' : '\n'
    // Every 7th note holds a line break (LF or CRLF), so every later record starts one line further down.
    const note = i % 7 === 0 ? `first${eol}second` : `note ${i}`
    expected.push({ line: linesSoFar + 1, fields: { sku: `S${i}`, note } })
    const row = i % 7 === 0 ? `S${i},"${note}"${eol}` : `S${i},${note}${eol}`
    text += row
    linesSoFar += row.split('\n').length - 1
    if (i % 1000 === 999) {
      text += '\n' // a blank line is skipped but still counted
      linesSoFar++
    }
  }
  const path = file(t, 'many.csv', text)
  t.ok(text.length > 4 * 64 * 1024, 'larger than several read chunks')
  const records = await readAll(path)
  t.equal(records.length, expected.length)
  const firstWrong = records.findIndex((record, index) => JSON.stringify(record) !== JSON.stringify(expected[index]))
  t.equal(firstWrong, -1, 'every record starts on the line a text editor shows')
  t.equal(await countImportLines(path), linesSoFar)
})

t.test('countImportLines counts lines, the last one with or without a newline', async (t) => {
  t.equal(await countImportLines(file(t, 'a.csv', '')), 0)
  t.equal(await countImportLines(file(t, 'b.csv', 'x')), 1)
  t.equal(await countImportLines(file(t, 'c.csv', 'x\n')), 1)
  t.equal(await countImportLines(file(t, 'd.csv', 'x\r\ny\r\n\r\nz')), 4)
})

t.test('encodings: a file that is not UTF-8 is found with its line, before any row is read', async (t) => {
  // Multi-byte characters across the 64 KiB chunks of the stream are still UTF-8.
  const long = `name\n${'Zoë 日本 🚗\n'.repeat(20_000)}`
  t.equal(await findEncodingProblem(file(t, 'long.csv', long)), null)
  const latin1 = Buffer.concat([Buffer.from(long), Buffer.from('Ren'), Buffer.from([0xe9]), Buffer.from('e\n')])
  const problem = await findEncodingProblem(file(t, 'latin1.csv', latin1))
  t.equal(problem?.line, 20_002)
  t.match(problem?.error, /not UTF-8/)
  const records = []
  for await (const record of readImportRecordsWithSource(file(t, 'latin1.csv', latin1))) records.push(record)
  t.same(records, [{ line: 20_002, error: problem?.error, fatal: true }], 'nothing of the file is read')
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\n', 'utf16le')])
  t.match((await findEncodingProblem(file(t, 'utf16.csv', utf16)))?.error, /UTF-16/)
  t.match((await findEncodingProblem(file(t, 'cut.csv', Buffer.from([0x61, 0xe6, 0x97]))))?.error, /middle of a UTF-8/)
})

t.test('with source: CSV rows keep their cells and the header is announced', async (t) => {
  const headers: string[][] = []
  const records = []
  for await (const record of readImportRecordsWithSource(file(t, 'a.csv', 'Name , Price\n"a, b",=1+1\nx\n'), {
    onHeader: (cells) => headers.push(cells),
  })) {
    records.push(record)
  }
  t.same(headers, [['Name', 'Price']])
  t.same(records, [
    { line: 2, fields: { name: 'a, b', price: '=1+1' }, cells: ['a, b', '=1+1'], bytes: 12 },
    { line: 3, error: 'the row has 1 cells, the header has 2', cells: ['x'], bytes: 2 },
  ])
})

t.test('with source: every record says its size in the file, so a batch can be bounded by bytes', async (t) => {
  const sizes = []
  const big = 'x'.repeat(100_000)
  for await (const record of readImportRecordsWithSource(file(t, 'sizes.csv', `a,b\n1,${big}\n2,3\r\n`))) {
    sizes.push([record.line, record.bytes])
  }
  t.same(sizes, [
    [2, 100_003],
    [3, 5],
  ])
  const ndjson = []
  for await (const record of readImportRecordsWithSource(file(t, 'sizes.ndjson', `{"a":"${big}"}\n{"a":1}\n`))) {
    ndjson.push([record.line, record.bytes])
  }
  t.same(ndjson, [
    [1, 100_009],
    [2, 8],
  ])
})

t.test('CSV: a cell neutralised against spreadsheet formulas reads back as it was', async (t) => {
  const path = file(t, 'neutralised.csv', "'=name,b\n'=1+1,'+1 555 0100\n'-3,''=quoted\n'plain,'\n")
  const records = []
  for await (const record of readImportRecordsWithSource(path, { onHeader: () => {} })) records.push(record)
  t.same(
    records.map((record) => ('fields' in record ? record.fields : record)),
    [
      { '=name': '=1+1', b: '+1 555 0100' },
      { '=name': '-3', b: "'=quoted" },
      { '=name': "'plain", b: "'" },
    ],
    'exactly one quote before = + - @ is removed; any other quote is data',
  )
})

t.test('NUL and lone surrogates are a rejected record with its line, whatever the import', async (t) => {
  const csv = file(t, 'nul.csv', Buffer.from('part_number,name\nA-1,fine\nA-2,bad\u0000name\nA-3,fine\n'))
  t.same(await readAll(csv), [
    { line: 2, fields: { part_number: 'A-1', name: 'fine' } },
    { line: 3, error: 'name: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates' },
    { line: 4, fields: { part_number: 'A-3', name: 'fine' } },
  ])
  const ndjson = file(
    t,
    'nul.ndjson',
    [
      '{"part_number":"B-1","name":"bad\\u0000"}',
      '{"part_number":"B-2","name":"lone \\ud800 surrogate"}',
      '{"part_number":"B-3","parts":[{"description":"\\udc00"}]}',
      '{"bad\\u0000key":1}',
      '{"part_number":"B-5","name":"a pair \\ud83d\\ude97 is fine"}',
      '',
    ].join('\n'),
  )
  t.same(await readAll(ndjson), [
    { line: 1, error: 'name: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates' },
    { line: 2, error: 'name: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates' },
    { line: 3, error: 'parts.0.description: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates' },
    { line: 4, error: 'bad\\u0000key: text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates' },
    { line: 5, fields: { part_number: 'B-5', name: 'a pair \u{1F697} is fine' } },
  ])
})
