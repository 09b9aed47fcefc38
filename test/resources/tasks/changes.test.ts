// Changing tasks over a real socket and a real database: presence-aware PATCH, expected_version, the
// status rules (any status but done, reopening), the complete action, external ids, and the events
// each change records as GET /events shows them.
import t from 'tap'
import type { Task } from '../../../src/resources/tasks/schema.js'
import { createTestKey, startTestApp } from '../../helpers/app.js'
import { assertError, type ErrorBody } from '../../helpers/http.js'
import {
  addCustomerVehicleOrder,
  addTechnician,
  call,
  createTask,
  markMerged,
  setUp,
  type TaskList,
  taskEvents,
} from './fixtures.js'

t.setTimeout(120_000)

const api = await startTestApp(t)

const patch = (key: string, id: string, body: unknown, idempotencyKey?: string | null) =>
  call(api, 'PATCH', `/tasks/${id}`, key, body, idempotencyKey)
const complete = (key: string, id: string, idempotencyKey?: string | null) =>
  call(api, 'POST', `/tasks/${id}/complete`, key, undefined, idempotencyKey)
const get = async (key: string, id: string) => (await call(api, 'GET', `/tasks/${id}`, key)).body

t.test('PATCH is presence-aware: omitted unchanged, null clears, required fields refuse null', async (t) => {
  const { shop, key } = await setUp(api)
  const grace = await addTechnician(api.pool, shop, 'Grace')
  const { customerId, repairOrderId, vehicleId } = await addCustomerVehicleOrder(api.pool, shop)
  const task = await createTask(api, key, {
    title: 'Road test',
    description: 'After the alignment',
    priority: 'high',
    due_at: '2026-03-02T17:00:00Z',
    assignee_id: grace,
    repair_order_id: repairOrderId,
    customer_id: customerId,
    vehicle_id: vehicleId,
  })

  const titled = await patch(key, task.id, { title: 'Road test, 10 miles' })
  t.equal(titled.status, 200)
  t.same(titled.body, { ...task, title: 'Road test, 10 miles', version: 2, updated_at: titled.body.updated_at })
  t.ok(titled.body.updated_at > task.updated_at, 'updated_at moved')

  const cleared = await patch(key, task.id, {
    description: null,
    due_at: null,
    assignee_id: null,
    repair_order_id: null,
    customer_id: null,
    vehicle_id: null,
  })
  t.equal(cleared.status, 200)
  t.match(cleared.body, {
    title: 'Road test, 10 miles',
    priority: 'high',
    description: null,
    due_at: null,
    assignee_id: null,
    repair_order_id: null,
    customer_id: null,
    vehicle_id: null,
    version: 3,
  })
  t.same(await get(key, task.id), cleared.body, 'GET shows the cleared task')

  // false, 0 and empty string are values: an empty description is kept as "".
  t.equal((await patch(key, task.id, { description: '' })).body.description, '')

  for (const field of ['title', 'status', 'priority']) {
    const reply = await patch(key, task.id, { [field]: null })
    assertError(t, reply, 400, 'invalid_request', field)
    t.match((reply.body as unknown as ErrorBody).error.message, /cannot be null/)
  }
  assertError(t, await patch(key, task.id, { title: '' }), 400, 'invalid_request', 'title')
  assertError(t, await patch(key, task.id, { owner: 'me' }), 400, 'invalid_request', 'owner')
  assertError(
    t,
    await patch(key, task.id, { assignee_id: 'ro_0000000000000000000000' }),
    400,
    'invalid_id',
    'assignee_id',
  )
  t.equal((await get(key, task.id)).version, 4, 'refused requests changed nothing')
})

t.test('no_changes: an empty body, or every value already current (linked ids included)', async (t) => {
  const { shop, key } = await setUp(api)
  const grace = await addTechnician(api.pool, shop, 'Grace')
  const task = await createTask(api, key, { title: 'Same', assignee_id: grace, due_at: '2026-03-02T17:00:00Z' })
  assertError(t, await patch(key, task.id, {}), 400, 'no_changes')
  assertError(
    t,
    await patch(key, task.id, {
      title: ' Same ',
      status: 'open',
      priority: 'normal',
      description: null,
      assignee_id: grace,
      due_at: '2026-03-02T11:00:00-06:00',
      customer_id: null,
    }),
    400,
    'no_changes',
  )
  t.equal((await get(key, task.id)).version, 1)
  t.equal((await taskEvents(api, key, task.id)).length, 1, 'only task.created')
})

t.test('expected_version: a stale one is 409 version_conflict naming the current version', async (t) => {
  const { key } = await setUp(api)
  const task = await createTask(api, key, { title: 'Versioned' })
  const ok = await patch(key, task.id, { priority: 'low', expected_version: 1 })
  t.equal(ok.status, 200)
  t.equal(ok.body.version, 2)
  const stale = await patch(key, task.id, { priority: 'high', expected_version: 1 })
  assertError(t, stale, 409, 'version_conflict', 'expected_version')
  t.match((stale.body as unknown as ErrorBody).error.message, /version 2/)
  t.equal((await patch(key, task.id, { priority: 'high', expected_version: null })).status, 200, 'null: no check')
  assertError(
    t,
    await patch(key, task.id, { priority: 'low', expected_version: 0 }),
    400,
    'invalid_request',
    'expected_version',
  )
  t.equal((await get(key, task.id)).priority, 'high')
})

t.test('status: any move between the other statuses, never to done; reopening clears completed_at', async (t) => {
  const { key } = await setUp(api)
  const task = await createTask(api, key, { title: 'Moves' })
  let version = 1
  for (const status of ['in_progress', 'blocked', 'open', 'waiting', 'in_progress', 'waiting', 'blocked', 'open']) {
    const reply = await patch(key, task.id, { status })
    t.equal(reply.status, 200, `to ${status}`)
    version += 1
    t.match(reply.body, { status, version, completed_at: null, available_actions: ['complete'] })
  }

  const refused = await patch(key, task.id, { status: 'done', title: 'Renamed too' })
  assertError(t, refused, 409, 'conflict', 'status')
  t.match((refused.body as unknown as ErrorBody).error.blockers, [
    { type: 'task', reason: 'complete_required', resolution: [new RegExp(`POST /tasks/${task.id}/complete`)] },
  ])
  t.match(await get(key, task.id), { status: 'open', title: 'Moves', version }, 'nothing of the request applied')

  const done = (await complete(key, task.id)).body
  t.equal(done.status, 'done')
  assertError(t, await patch(key, task.id, { status: 'done' }), 409, 'conflict', 'status')
  const reopened = await patch(key, task.id, { status: 'in_progress' })
  t.equal(reopened.status, 200)
  t.match(reopened.body, { status: 'in_progress', completed_at: null, available_actions: ['complete'] })
  const events = await taskEvents(api, key, task.id)
  t.match(events.at(-1), {
    type: 'task.updated',
    data: { summary: { status: 'in_progress', previous_status: 'done', changed_fields: ['status', 'completed_at'] } },
  })

  // A done task's other fields may change without reopening it.
  await complete(key, task.id)
  const renamed = await patch(key, task.id, { title: 'Moves (done)' })
  t.match(renamed.body, { status: 'done', title: 'Moves (done)' })
  t.not(renamed.body.completed_at, null, 'still completed')
})

t.test(
  'complete: done and completed_at from any status; again is 200 unchanged; Idempotency-Key required',
  async (t) => {
    const { key } = await setUp(api)
    for (const status of ['open', 'in_progress', 'blocked', 'waiting']) {
      const task = await createTask(api, key, { title: `From ${status}`, status })
      const before = Date.now()
      const reply = await complete(key, task.id)
      t.equal(reply.status, 200, `from ${status}`)
      t.match(reply.body, { status: 'done', version: 2, available_actions: [] })
      const completedAt = Date.parse(reply.body.completed_at as string)
      t.ok(completedAt >= before - 1000 && completedAt <= Date.now() + 1000, 'completed_at is now')
      t.equal(reply.body.completed_at, reply.body.updated_at)
    }

    const task = await createTask(api, key, { title: 'Twice' })
    const first = (await complete(key, task.id)).body
    const second = await complete(key, task.id)
    t.equal(second.status, 200)
    t.same(second.body, first, 'completing a done task returns it unchanged: same version and completed_at')
    t.same(
      (await taskEvents(api, key, task.id)).map((event) => event.type),
      ['task.created', 'task.completed'],
      'one task.completed',
    )

    // Two people finishing one task at once: both succeed, one completion is recorded.
    const raced = await createTask(api, key, { title: 'Raced' })
    const [one, two] = await Promise.all([complete(key, raced.id), complete(key, raced.id)])
    t.same([one.status, two.status], [200, 200])
    t.same(one.body, two.body, 'both answer the task as completed once')
    t.equal(one.body.version, 2)
    t.same(
      (await taskEvents(api, key, raced.id)).map((event) => event.type),
      ['task.created', 'task.completed'],
    )

    const other = await createTask(api, key, { title: 'Needs a key' })
    assertError(t, await complete(key, other.id, null), 400, 'idempotency_key_required')
    assertError(
      t,
      await call(api, 'POST', `/tasks/${other.id}/complete`, key, { note: 'x' }),
      400,
      'invalid_request',
      'note',
    )
    t.equal((await get(key, other.id)).status, 'open', 'refused requests completed nothing')
    const keyed = await complete(key, other.id, 'complete-once')
    const replayed = await complete(key, other.id, 'complete-once')
    t.equal(replayed.headers.get('idempotent-replayed'), 'true')
    t.same(replayed.body, keyed.body)
  },
)

t.test('the assignee may change only to an active technician; one deactivated since is kept', async (t) => {
  const { shop, key } = await setUp(api)
  const grace = await addTechnician(api.pool, shop, 'Grace')
  const linus = await addTechnician(api.pool, shop, 'Linus')
  const retired = await addTechnician(api.pool, shop, 'Retired', false)
  const task = await createTask(api, key, { title: 'Assign', assignee_id: grace })

  const moved = await patch(key, task.id, { assignee_id: linus })
  t.equal(moved.body.assignee_id, linus)
  const refused = await patch(key, task.id, { assignee_id: retired })
  assertError(t, refused, 409, 'conflict', 'assignee_id')
  t.match((refused.body as unknown as ErrorBody).error.blockers, [{ type: 'technician', reason: 'inactive' }])
  assertError(
    t,
    await patch(key, task.id, { assignee_id: 'tech_0000000000000000000000' }),
    404,
    'not_found',
    'assignee_id',
  )

  await api.pool.query('update technicians set active = false where public_id = $1', [linus])
  const kept = await patch(key, task.id, { assignee_id: linus, priority: 'high' })
  t.equal(kept.status, 200, 'naming the current, now inactive, assignee again is not a new assignment')
  t.match(kept.body, { assignee_id: linus, priority: 'high' })
  const listed = await call<TaskList>(api, 'GET', `/tasks?assignee=${linus}`, key)
  t.same(
    listed.body.data.map((item: Task) => item.id),
    [task.id],
  )
})

t.test('links: a customer merged since creation is kept; a new merged one is refused', async (t) => {
  const { shop, key } = await setUp(api)
  const first = await addCustomerVehicleOrder(api.pool, shop)
  const survivor = await addCustomerVehicleOrder(api.pool, shop)
  const task = await createTask(api, key, { title: 'Call', customer_id: first.customerId })
  await markMerged(api.pool, 'customers', first.customerId, survivor.customerId)
  const kept = await patch(key, task.id, { customer_id: first.customerId, title: 'Call back' })
  t.match(kept.body, { customer_id: first.customerId, title: 'Call back' })
  const other = await createTask(api, key, { title: 'Other' })
  assertError(t, await patch(key, other.id, { customer_id: first.customerId }), 409, 'conflict', 'customer_id')
  const repointed = await patch(key, task.id, { customer_id: survivor.customerId })
  t.equal(repointed.body.customer_id, survivor.customerId)
})

t.test(
  'events: created, updated with changed_fields, completed; summaries small; in the write’s transaction',
  async (t) => {
    const { shop, key } = await setUp(api)
    const grace = await addTechnician(api.pool, shop, 'Grace')
    const { customerId } = await addCustomerVehicleOrder(api.pool, shop)
    const task = await createTask(api, key, {
      title: 'Order parts',
      description: 'Secret supplier discount code 1234',
      priority: 'high',
      assignee_id: grace,
      customer_id: customerId,
    })
    await patch(key, task.id, { status: 'in_progress', due_at: '2026-03-02T17:00:00Z' })
    await patch(key, task.id, { assignee_id: null, description: 'Updated' })
    const done = (await complete(key, task.id)).body

    const events = await taskEvents(api, key, task.id)
    t.same(
      events.map((event) => [event.type, event.data.object_type, event.data.object_id]),
      [
        ['task.created', 'task', task.id],
        ['task.updated', 'task', task.id],
        ['task.updated', 'task', task.id],
        ['task.completed', 'task', task.id],
      ],
    )
    t.same(
      events.map((event) => event.data.summary),
      [
        { title: 'Order parts', status: 'open', priority: 'high', assignee_id: grace },
        {
          title: 'Order parts',
          status: 'in_progress',
          priority: 'high',
          assignee_id: grace,
          changed_fields: ['status', 'due_at'],
          previous_status: 'open',
        },
        {
          title: 'Order parts',
          status: 'in_progress',
          priority: 'high',
          assignee_id: null,
          changed_fields: ['description', 'assignee_id'],
        },
        {
          title: 'Order parts',
          status: 'done',
          priority: 'high',
          assignee_id: null,
          previous_status: 'in_progress',
          completed_at: done.completed_at,
        },
      ],
      'summaries: title, status, priority, assignee; never the description',
    )
    const byType = await call<{ data: { data: { object_id: string } }[] }>(
      api,
      'GET',
      '/events?type=task.completed',
      key,
    )
    t.same(
      byType.body.data.map((event) => event.data.object_id),
      [task.id],
    )

    // A refused write records nothing.
    assertError(t, await patch(key, task.id, { status: 'done' }), 409, 'conflict')
    assertError(
      t,
      await call(api, 'POST', '/tasks', key, { title: 'T', assignee_id: 'tech_0000000000000000000000' }),
      404,
      'not_found',
    )
    t.equal((await taskEvents(api, key, task.id)).length, 4)
    const { rows } = await api.pool.query<{ n: number }>(
      "select count(*)::int as n from events where shop_id = $1::uuid and type like 'task.%'",
      [shop.id],
    )
    t.equal(rows[0]?.n, 4, 'no event of the refused create either')
  },
)

t.test('external ids: PUT, replace, filter, DELETE; private to the integration; no version bump', async (t) => {
  const { shop, key } = await setUp(api)
  const a = await createTask(api, key, { title: 'A' })
  const b = await createTask(api, key, { title: 'B' })
  const put = await call<Record<string, unknown>>(api, 'PUT', `/tasks/${a.id}/external-id`, key, {
    external_id: 'LIN-42',
  })
  t.equal(put.status, 200)
  t.same(put.body, { object: 'external_reference', object_type: 'task', object_id: a.id, external_id: 'LIN-42' })
  t.match(await get(key, a.id), { external_id: 'LIN-42', version: 1 }, 'the record shows it; its version did not move')

  const taken = await call(api, 'PUT', `/tasks/${b.id}/external-id`, key, { external_id: 'LIN-42' })
  assertError(t, taken, 409, 'conflict')
  t.match(taken.body, { error: { blockers: [{ type: 'external_id', reason: 'external_id_in_use' }] } })

  const { key: otherKey } = await createTestKey(
    api.pool,
    shop,
    ['tasks.read', 'tasks.write', 'external_refs.write'],
    'Other',
  )
  t.equal((await get(otherKey, a.id)).external_id, null, 'another integration sees null')
  t.same((await call<TaskList>(api, 'GET', '/tasks?external_id=LIN-42', otherKey)).body.data, [], 'and cannot find it')
  t.equal(
    (await call(api, 'PUT', `/tasks/${b.id}/external-id`, otherKey, { external_id: 'LIN-42' })).status,
    200,
    'its own namespace',
  )

  t.equal((await call(api, 'PUT', `/tasks/${a.id}/external-id`, key, { external_id: 'LIN-43' })).status, 200)
  t.same(
    (await call<TaskList>(api, 'GET', '/tasks?external_id=LIN-43', key)).body.data.map((task) => task.id),
    [a.id],
    'PUT replaced the id',
  )
  t.same((await call<TaskList>(api, 'GET', '/tasks?external_id=LIN-42', key)).body.data, [])
  const removed = await call<Record<string, unknown>>(api, 'DELETE', `/tasks/${a.id}/external-id`, key)
  t.same(removed.body, { object: 'external_reference', object_type: 'task', object_id: a.id, external_id: null })
  t.equal((await get(key, a.id)).external_id, null)
  assertError(
    t,
    await call(api, 'PUT', `/tasks/${a.id}/external-id`, key, { external_id: '' }),
    400,
    'invalid_request',
    'external_id',
  )
  t.equal((await taskEvents(api, key, a.id)).length, 1, 'external ids record no event')
})
