import t from 'tap'
import { z } from 'zod'
import { applyRedaction, redactable, redactedFieldsOf } from '../../src/platform/redaction.js'
import { listEnvelope, responseObject } from '../../src/platform/schemas.js'

const Part = responseObject({
  part_number: z.string(),
  pricing: redactable(z.object({ amount: z.string() }), 'pricing.read'),
  cost: redactable(z.object({ unit_cost: z.string() }), 'inventory.cost.read'),
  redacted_fields: z.array(z.string()),
})
const CannedJob = responseObject({
  name: z.string(),
  pricing: redactable(z.object({ total: z.string() }), 'pricing.read'),
  parts: z.array(Part),
  redacted_fields: z.array(z.string()),
})
const CannedJobList = listEnvelope(CannedJob, 'TestCannedJobList')

const cannedJob = () => ({
  name: 'Brakes',
  pricing: { total: '100.00' },
  parts: [
    { part_number: 'P1', pricing: { amount: '40.00' }, cost: { unit_cost: '20.00' }, redacted_fields: [] },
    { part_number: 'P2', pricing: { amount: '10.00' }, cost: { unit_cost: '5.00' }, redacted_fields: [] },
  ],
  redacted_fields: [] as string[],
})

t.test('the redactable fields of a schema are found with the pointers of spec "Redaction"', async (t) => {
  t.same(
    redactedFieldsOf(CannedJobList).map((field) => [field.pointer, field.scope]),
    [
      ['/data/*/pricing', 'pricing.read'],
      ['/data/*/parts/*/pricing', 'pricing.read'],
      ['/data/*/parts/*/cost', 'inventory.cost.read'],
    ],
  )
  t.same(
    redactedFieldsOf(CannedJob).map((field) => field.pointer),
    ['/pricing', '/parts/*/pricing', '/parts/*/cost'],
  )
})

t.test('without the scopes: null values, and each object lists the pointers redacted within it', async (t) => {
  const body = { object: 'list', data: [cannedJob(), cannedJob()], has_more: false, next_cursor: null }
  applyRedaction(body, redactedFieldsOf(CannedJobList), new Set())
  for (const item of body.data) {
    t.equal(item.pricing, null)
    t.same(item.redacted_fields.sort(), ['/data/*/parts/*/cost', '/data/*/parts/*/pricing', '/data/*/pricing'])
    for (const part of item.parts) {
      t.equal(part.pricing, null)
      t.equal(part.cost, null)
      t.same(part.redacted_fields.sort(), ['/data/*/parts/*/cost', '/data/*/parts/*/pricing'])
    }
  }
})

t.test('a held scope unredacts exactly its fields', async (t) => {
  const body = cannedJob()
  applyRedaction(body, redactedFieldsOf(CannedJob), new Set(['pricing.read']))
  t.same(body.pricing, { total: '100.00' })
  t.same(body.parts[0]?.pricing, { amount: '40.00' })
  t.equal(body.parts[0]?.cost, null)
  t.same(body.redacted_fields, ['/parts/*/cost'])
  const all = cannedJob()
  applyRedaction(all, redactedFieldsOf(CannedJob), new Set(['pricing.read', 'inventory.cost.read']))
  t.same(all, cannedJob(), 'both scopes: nothing changes')
})

t.test('pointers depend on the operation and the scopes, not on the data', async (t) => {
  // A null price and an empty parts list are still listed: the key could not see them either way.
  const body = { ...cannedJob(), pricing: null, parts: [] }
  applyRedaction(body, redactedFieldsOf(CannedJob), new Set())
  t.equal(body.pricing, null)
  t.same(body.redacted_fields.sort(), ['/parts/*/cost', '/parts/*/pricing', '/pricing'])
})

t.test('each redactable field names the resource that holds it and its pointer inside it', async (t) => {
  const Item = responseObject({
    object: z.literal('inventory_item'),
    cost: redactable(z.object({ unit_cost: z.string() }), 'inventory.cost.read'),
    redacted_fields: z.array(z.string()),
  })
  const Job = responseObject({ ...CannedJob.shape, object: z.literal('canned_job') })
  t.same(
    redactedFieldsOf(listEnvelope(Job, 'TestOwnedCannedJobList')).map((field) => [field.pointer, field.owner]),
    [
      ['/data/*/pricing', { object: 'canned_job', pointer: '/pricing' }],
      // A part has no `object` of its own: its fields belong to the canned job around it.
      ['/data/*/parts/*/pricing', { object: 'canned_job', pointer: '/parts/*/pricing' }],
      ['/data/*/parts/*/cost', { object: 'canned_job', pointer: '/parts/*/cost' }],
    ],
    'the list envelope (object "list") is no resource',
  )
  t.same(
    redactedFieldsOf(Item).map((field) => field.owner),
    [{ object: 'inventory_item', pointer: '/cost' }],
  )
  t.same(
    redactedFieldsOf(CannedJob).map((field) => field.owner.object),
    [null, null, null],
    'no object anywhere: none named',
  )
})
