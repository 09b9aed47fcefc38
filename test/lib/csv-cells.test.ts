import t from 'tap'
import { csvCell, neutraliseFormula, restoreFormula } from '../../src/lib/csv-cells.js'

t.test('cells a spreadsheet would run get one leading quote', async (t) => {
  for (const value of ['=1+1', "=cmd|' /C calc'!A0", '+1 555 0100', '-12.50', '@SUM(A1)', '\t=1', '\r=1', '-']) {
    t.equal(neutraliseFormula(value), `'${value}`, JSON.stringify(value))
  }
  for (const value of ['Ann', '12.50', ' =1', 'a=b', "O'Neil", '', "'quoted"]) {
    t.equal(neutraliseFormula(value), value, `${JSON.stringify(value)} is left alone`)
  }
})

t.test('every value survives neutralise then restore exactly', async (t) => {
  const values = [
    '=1+1',
    '+1 555 0100',
    '-3',
    '-12.50',
    '@x',
    '\t=1',
    '\r',
    "'=already quoted",
    "''=twice",
    "'plain",
    "'",
    'plain',
    '',
    '5',
  ]
  for (const value of values) t.equal(restoreFormula(neutraliseFormula(value)), value, JSON.stringify(value))
  t.equal(restoreFormula("'plain"), "'plain", 'a quote before ordinary text is data, kept')
})

t.test('csvCell neutralises, then quotes what CSV needs quoted', async (t) => {
  t.equal(csvCell('=HYPERLINK("http://x")'), `"'=HYPERLINK(""http://x"")"`)
  t.equal(csvCell('-3'), "'-3")
  t.equal(csvCell('a,b'), '"a,b"')
  t.equal(csvCell(' padded '), '" padded "')
  t.equal(csvCell('\r=1'), `"'\r=1"`)
})
