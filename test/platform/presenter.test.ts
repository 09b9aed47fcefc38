// A resource's presenter (defineResource in src/platform/fields.ts, compiled once per resource): every
// shown field in the order the API shows it, each value as read or as its hook gives it, instants as
// ISO strings, hidden columns left out. Pure: no database.
import t from 'tap'
import { z } from 'zod'
import { defineResource } from '../../src/platform/fields.js'

const instant = new Date('2026-01-31T15:04:05.123Z')
const later = new Date('2026-02-01T08:00:00.000Z')

t.test('fields in table order, hooks in place, instants as ISO strings, hidden columns left out', async (t) => {
  const resource = defineResource({
    objectType: 'widget',
    table: 'widgets',
    alias: 'w',
    idKind: 'customer',
    schemaId: 'Widget',
    fields: {
      name: { type: 'text', response: z.string() },
      secret_column: { type: 'text' },
      owner_public_id: { type: 'text', nullable: true, api: 'owner_id', response: z.string().nullable() },
      size: { response: z.object({ width: z.number(), height: z.number() }) },
      width: { type: 'integer' },
      height: { type: 'integer' },
      seen_at: { type: 'timestamptz', nullable: true, response: z.string().nullable() },
      tags: { type: 'text[]', response: z.array(z.string()) },
      "it's": { type: 'boolean', response: z.boolean() },
    },
    present: { size: (row) => ({ width: row.width, height: row.height }) },
    filters: {},
  })
  const row = {
    shop_id: 's',
    id: 'i',
    public_id: 'cus_1',
    version: 4,
    created_at: instant,
    updated_at: later,
    name: 'A "quoted" name',
    secret_column: 'never shown',
    owner_public_id: null,
    width: 3,
    height: 5,
    seen_at: later,
    tags: ['a', 'b'],
    "it's": true,
  }
  const shown = resource.present(row)
  t.equal(
    JSON.stringify(shown),
    '{"id":"cus_1","object":"widget","name":"A \\"quoted\\" name","owner_id":null,"size":{"width":3,"height":5},' +
      '"seen_at":"2026-02-01T08:00:00.000Z","tags":["a","b"],"it\'s":true,"version":4,' +
      '"created_at":"2026-01-31T15:04:05.123Z","updated_at":"2026-02-01T08:00:00.000Z"}',
  )
  t.equal(resource.present({ ...row, seen_at: null }).seen_at, null, 'a null instant stays null')
  t.equal(shown.tags, row.tags, 'values other than instants are shown as read')
})

t.test('a presenter with a context, and without version or updated_at', async (t) => {
  const resource = defineResource({
    objectType: 'entry',
    table: 'entries',
    alias: 'e',
    idKind: 'customer',
    schemaId: 'Entry',
    showsVersion: false,
    showsUpdatedAt: false,
    fields: {
      amount: { type: 'numeric', response: z.string().nullable() },
      note: { type: 'text', response: z.string() },
    },
    present: {
      amount: (row, context: { canSee: boolean }) => (context.canSee ? row.amount : null),
    },
    filters: {},
  })
  const row = {
    shop_id: 's',
    id: 'i',
    public_id: 'cus_2',
    version: 1,
    created_at: instant,
    updated_at: later,
    amount: '12.50',
    note: 'n',
  }
  t.same(Object.entries(resource.present(row, { canSee: true })), [
    ['id', 'cus_2'],
    ['object', 'entry'],
    ['amount', '12.50'],
    ['note', 'n'],
    ['created_at', '2026-01-31T15:04:05.123Z'],
  ])
  t.equal(resource.present(row, { canSee: false }).amount, null, 'the hook is given the context')
})
