import t from 'tap'
import { UsageError } from '../../../src/lib/errors.js'
import { checkHeader, mapRecord, parseMapping, parseMappingFile } from '../../../src/platform/imports/mapping.js'

const fields = {
  first_name: 'text',
  phone: 'text',
  phone_alt: 'text',
  year: 'integer',
  fleet: 'boolean',
  tags: 'list',
} as const

t.test('mappings from --map and from a file', async (t) => {
  t.same(
    [...parseMapping(' Phone Number = phone ,Cell=phone_alt,Fax=')],
    [
      ['phone number', 'phone'],
      ['cell', 'phone_alt'],
      ['fax', ''],
    ],
  )
  t.throws(() => parseMapping('Phone'), UsageError)
  t.throws(() => parseMapping('A=phone,a=phone_alt'), /mapped twice/)
  t.same([...parseMappingFile('{"Phone, mobile": "phone"}', 'm.json')], [['phone, mobile', 'phone']])
  t.same([...parseMappingFile('# comment\n\nPhone, mobile=phone\r\n', 'm.txt')], [['phone, mobile', 'phone']])
  t.throws(() => parseMappingFile('{"a": 1}', 'm.json'), /must be a string/)
})

t.test('a header is checked before any row', async (t) => {
  const mapping = parseMapping('Phone Number=phone,Fax=')
  t.doesNotThrow(() =>
    checkHeader(['First_Name', 'Phone Number', 'Fax', 'rejected_reason', ''], mapping, fields, 'customer'),
  )
  t.throws(() => checkHeader(['first_name', 'Phone Number', 'Fax', 'Points'], mapping, fields, 'customer'), {
    message: /^Column "Points" is not a customer field: map it with --map "Points=field"/,
  })
  t.throws(() => checkHeader(['phone', 'Phone Number', 'Fax'], mapping, fields, 'customer'), /both feed phone/)
  t.throws(() => checkHeader(['first_name', 'Fax'], mapping, fields, 'customer'), /names column "phone number"/)
})

t.test('CSV cells are read by kind; NDJSON values stay JSON', async (t) => {
  const none = new Map<string, string>()
  t.same(mapRecord({ year: ' 2019 ', fleet: 'Yes', tags: 'a; b;;', first_name: '=1+1' }, none, fields, 'csv', 'x'), {
    fields: { year: 2019, fleet: true, tags: ['a', 'b'], first_name: '=1+1' },
  })
  t.same(mapRecord({ year: '1e3' }, none, fields, 'csv', 'x'), { reason: 'year: must be a whole number' })
  t.same(mapRecord({ fleet: 'maybe' }, none, fields, 'csv', 'x'), {
    reason: 'fleet: must be true or false (yes/no and 1/0 are read too)',
  })
  t.same(mapRecord({ year: '2019', fleet: 'yes' }, none, fields, 'ndjson', 'x'), {
    fields: { year: '2019', fleet: 'yes' },
  })
  t.same(mapRecord({ color: 'red' }, none, fields, 'ndjson', 'vehicle'), {
    reason: 'unknown field "color" (not a vehicle field)',
  })
  t.same(mapRecord({ Phone: '1', phone: '2' }, none, fields, 'ndjson', 'x'), {
    reason: 'phone is given twice ("phone" and another key)',
  })
  t.same(mapRecord({ rejected_reason: 'line 2: ...', first_name: 'A' }, none, fields, 'ndjson', 'x'), {
    fields: { first_name: 'A' },
  })
})
