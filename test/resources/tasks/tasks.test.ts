// Tasks over a real socket and a real database: create and get (every field, defaults, linked records,
// the assignee rules), the list with each filter and keyset paging, scopes, and ids of the wrong kind
// or of another shop.
import t from 'tap'
import { createTestKey, createTestShop, startTestApp } from '../../helpers/app.js'
import { assertError, type ErrorBody, type Reply } from '../../helpers/http.js'
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

const taskFields = [
  'assignee_id',
  'available_actions',
  'completed_at',
  'created_at',
  'customer_id',
  'description',
  'due_at',
  'external_id',
  'id',
  'object',
  'priority',
  'repair_order_id',
  'status',
  'title',
  'updated_at',
  'vehicle_id',
  'version',
]

t.test(
  'create with only a title: open, normal, nothing linked, complete available; get returns the same',
  async (t) => {
    const { key } = await setUp(api)
    const reply = await call(api, 'POST', '/tasks', key, { title: '  Call back about the estimate  ' })
    t.equal(reply.status, 201)
    const task = reply.body
    t.same(Object.keys(task).sort(), taskFields, 'exactly the task fields')
    t.match(task.id, /^task_[0-9A-Za-z]{22}$/)
    t.match(task, {
      object: 'task',
      title: 'Call back about the estimate',
      description: null,
      status: 'open',
      priority: 'normal',
      assignee_id: null,
      repair_order_id: null,
      customer_id: null,
      vehicle_id: null,
      due_at: null,
      completed_at: null,
      external_id: null,
      available_actions: ['complete'],
      version: 1,
    })
    t.equal(task.created_at, task.updated_at)
    t.match(task.created_at, /Z$/)
    const got = await call(api, 'GET', `/tasks/${task.id}`, key)
    t.equal(got.status, 200)
    t.same(got.body, task, 'GET shows what the create returned')
  },
)

t.test('create with every field: links, assignee, due instant normalised to UTC', async (t) => {
  const { shop, key } = await setUp(api)
  const techId = await addTechnician(api.pool, shop, 'Grace')
  const { customerId, vehicleId, repairOrderId } = await addCustomerVehicleOrder(api.pool, shop)
  const task = await createTask(api, key, {
    title: 'Order the brake pads',
    description: 'Front axle, ceramic',
    status: 'waiting',
    priority: 'urgent',
    due_at: '2026-03-02T17:00:00-06:00',
    assignee_id: techId,
    repair_order_id: repairOrderId,
    customer_id: customerId,
    vehicle_id: vehicleId,
  })
  t.match(task, {
    title: 'Order the brake pads',
    description: 'Front axle, ceramic',
    status: 'waiting',
    priority: 'urgent',
    due_at: '2026-03-02T23:00:00.000Z',
    assignee_id: techId,
    repair_order_id: repairOrderId,
    customer_id: customerId,
    vehicle_id: vehicleId,
    completed_at: null,
  })
  t.same((await call(api, 'GET', `/tasks/${task.id}`, key)).body, task)
})

t.test('create refuses bad bodies field by field, and done', async (t) => {
  const { key } = await setUp(api)
  const bad: [Record<string, unknown>, string, string][] = [
    [{}, 'invalid_request', 'title'],
    [{ title: '   ' }, 'invalid_request', 'title'],
    [{ title: 'x'.repeat(256) }, 'invalid_request', 'title'],
    [{ title: null }, 'invalid_request', 'title'],
    [{ title: 'T', description: 'x'.repeat(5001) }, 'invalid_request', 'description'],
    [{ title: 'T', status: 'closed' }, 'invalid_request', 'status'],
    [{ title: 'T', priority: 'medium' }, 'invalid_request', 'priority'],
    [{ title: 'T', priority: null }, 'invalid_request', 'priority'],
    [{ title: 'T', due_at: '2026-03-02 17:00' }, 'invalid_request', 'due_at'],
    [{ title: 'T', assignee_id: 'cus_0000000000000000000000' }, 'invalid_id', 'assignee_id'],
    [{ title: 'T', repair_order_id: 'tech_0000000000000000000000' }, 'invalid_id', 'repair_order_id'],
    [{ title: 'T', customer_id: 'veh_0000000000000000000000' }, 'invalid_id', 'customer_id'],
    [{ title: 'T', vehicle_id: 'cus_0000000000000000000000' }, 'invalid_id', 'vehicle_id'],
    [{ title: 'T', assignee: 'tech_0000000000000000000000' }, 'invalid_request', 'assignee'],
  ]
  for (const [body, code, param] of bad) {
    assertError(t, await call(api, 'POST', '/tasks', key, body), 400, code, param)
  }
  const done = await call<ErrorBody>(api, 'POST', '/tasks', key, { title: 'T', status: 'done' })
  assertError(t, done, 409, 'conflict', 'status')
  t.match(done.body.error.blockers, [{ type: 'task', reason: 'complete_required' }])
  t.equal((await call<TaskList>(api, 'GET', '/tasks', key)).body.data.length, 0, 'no task was written')
})

t.test('the assignee is an active technician of the shop; linked records are the shop’s', async (t) => {
  const { shop, key } = await setUp(api)
  const inactive = await addTechnician(api.pool, shop, 'Retired', false)
  const other = await createTestShop(api.pool)
  const foreignTech = await addTechnician(api.pool, other, 'Elsewhere')
  const foreign = await addCustomerVehicleOrder(api.pool, other)

  const refused = await call<ErrorBody>(api, 'POST', '/tasks', key, { title: 'T', assignee_id: inactive })
  assertError(t, refused, 409, 'conflict', 'assignee_id')
  t.match(refused.body.error.blockers, [{ type: 'technician', reason: 'inactive' }])
  assertError(
    t,
    await call(api, 'POST', '/tasks', key, { title: 'T', assignee_id: foreignTech }),
    404,
    'not_found',
    'assignee_id',
  )
  for (const [field, id] of [
    ['repair_order_id', foreign.repairOrderId],
    ['customer_id', foreign.customerId],
    ['vehicle_id', foreign.vehicleId],
  ] as const) {
    assertError(t, await call(api, 'POST', '/tasks', key, { title: 'T', [field]: id }), 404, 'not_found', field)
  }

  const first = await addCustomerVehicleOrder(api.pool, shop)
  const survivor = await addCustomerVehicleOrder(api.pool, shop)
  await markMerged(api.pool, 'customers', first.customerId, survivor.customerId)
  await markMerged(api.pool, 'vehicles', first.vehicleId, survivor.vehicleId)
  const mergedCustomer = await call<ErrorBody>(api, 'POST', '/tasks', key, {
    title: 'T',
    customer_id: first.customerId,
  })
  assertError(t, mergedCustomer, 409, 'conflict', 'customer_id')
  t.match(mergedCustomer.body.error, {
    message: new RegExp(survivor.customerId),
    blockers: [{ type: 'customer', reason: 'merged', resolution: [new RegExp(survivor.customerId)] }],
  })
  const mergedVehicle = await call<ErrorBody>(api, 'POST', '/tasks', key, { title: 'T', vehicle_id: first.vehicleId })
  assertError(t, mergedVehicle, 409, 'conflict', 'vehicle_id')
  t.match(mergedVehicle.body.error.blockers, [{ type: 'vehicle', reason: 'merged' }])
  // The order of a merged customer stays linkable: orders are not merged.
  const task = await createTask(api, key, { title: 'T', repair_order_id: first.repairOrderId })
  t.equal(task.repair_order_id, first.repairOrderId)
})

t.test('Idempotency-Key is required on create and replays the first task', async (t) => {
  const { key } = await setUp(api)
  assertError(t, await call(api, 'POST', '/tasks', key, { title: 'T' }, null), 400, 'idempotency_key_required')
  const first = await call(api, 'POST', '/tasks', key, { title: 'Once' }, 'create-once')
  const again = await call(api, 'POST', '/tasks', key, { title: 'Once' }, 'create-once')
  t.equal(again.status, 201)
  t.equal(again.headers.get('idempotent-replayed'), 'true')
  t.same(again.body, first.body, 'the same task, not a second one')
  assertError(
    t,
    await call(api, 'POST', '/tasks', key, { title: 'Twice' }, 'create-once'),
    422,
    'idempotency_key_reused',
  )
  t.equal((await call<TaskList>(api, 'GET', '/tasks', key)).body.data.length, 1, 'one task')
  t.equal((await taskEvents(api, key, first.body.id)).length, 1, 'one task.created')
})

t.test('the list pages newest first without loss or repeat, by created_at or updated_at', async (t) => {
  const { key } = await setUp(api)
  const ids: string[] = []
  for (let index = 0; index < 7; index++) ids.push((await createTask(api, key, { title: `Task ${index}` })).id)
  const other = await setUp(api)
  await createTask(api, other.key, { title: 'Not this shop' })

  const crawl = async (query: string) => {
    const seen: string[] = []
    let cursor: string | null = null
    for (let pages = 0; pages < 10; pages++) {
      const reply: Reply<TaskList> = await call<TaskList>(
        api,
        'GET',
        `/tasks?${query}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        key,
      )
      t.equal(reply.status, 200)
      t.ok(reply.body.data.length <= 3, 'at most limit items')
      seen.push(...reply.body.data.map((task) => task.id))
      if (!reply.body.has_more) {
        t.equal(reply.body.next_cursor, null)
        break
      }
      cursor = reply.body.next_cursor
    }
    return seen
  }
  t.same(await crawl('sort=created_at'), [...ids].reverse(), 'every task of the shop once, newest first')

  // Touch the oldest: it leads the updated_at order.
  t.equal((await call(api, 'PATCH', `/tasks/${ids[0]}`, key, { priority: 'high' })).status, 200)
  t.same(await crawl('sort=updated_at'), [ids[0], ...ids.slice(1).reverse()], 'updated_at order')
  t.same(await crawl('sort=created_at'), [...ids].reverse(), 'created_at order unchanged by the update')

  const page = await call<TaskList>(api, 'GET', '/tasks?limit=3', key)
  const cursor = encodeURIComponent(page.body.next_cursor as string)
  assertError(
    t,
    await call(api, 'GET', `/tasks?limit=3&status=open&cursor=${cursor}`, key),
    400,
    'invalid_cursor',
    'cursor',
  )
  assertError(t, await call(api, 'GET', `/tasks?cursor=${cursor}`, other.key), 400, 'invalid_cursor', 'cursor')
  assertError(t, await call(api, 'GET', '/tasks?sort=title', key), 400, 'invalid_request', 'sort')
})

t.test('filters: status, assignee, external_id, updated_after (strict), combined with AND', async (t) => {
  const { shop, key } = await setUp(api)
  const grace = await addTechnician(api.pool, shop, 'Grace')
  const linus = await addTechnician(api.pool, shop, 'Linus')
  await createTask(api, key, { title: 'A', assignee_id: grace })
  const b = await createTask(api, key, { title: 'B', assignee_id: grace, status: 'blocked' })
  const c = await createTask(api, key, { title: 'C', assignee_id: linus, status: 'blocked' })
  const d = await createTask(api, key, { title: 'D' })
  t.equal((await call(api, 'POST', `/tasks/${d.id}/complete`, key)).status, 200)

  const ids = async (query: string) => {
    const reply = await call<TaskList>(api, 'GET', `/tasks?${query}`, key)
    t.equal(reply.status, 200, query)
    return reply.body.data.map((task) => task.title)
  }
  t.same(await ids(''), ['D', 'C', 'B', 'A'], 'no filter: all, done included')
  t.same(await ids('status=blocked'), ['C', 'B'])
  t.same(await ids('status=done'), ['D'])
  t.same(await ids('status=in_progress'), [])
  t.same(await ids(`assignee=${grace}`), ['B', 'A'])
  t.same(await ids(`assignee=${grace}&status=blocked`), ['B'], 'filters combine with AND')
  t.same(await ids('assignee=tech_0000000000000000000000'), [], 'an unknown technician is an empty list, not 404')
  assertError(
    t,
    await call(api, 'GET', '/tasks?assignee=cus_0000000000000000000000', key),
    400,
    'invalid_id',
    'assignee',
  )
  assertError(t, await call(api, 'GET', '/tasks?status=closed', key), 400, 'invalid_request', 'status')
  assertError(t, await call(api, 'GET', '/tasks?assignee_id=x', key), 400, 'invalid_request', 'assignee_id')

  t.equal((await call(api, 'PUT', `/tasks/${b.id}/external-id`, key, { external_id: 'JIRA-7' })).status, 200)
  t.same(await ids('external_id=JIRA-7'), ['B'])
  t.same(await ids('external_id=JIRA-8'), [])
  const listed = (await call<TaskList>(api, 'GET', '/tasks?external_id=JIRA-7', key)).body.data[0]
  t.equal(listed?.external_id, 'JIRA-7', 'the list shows the external id')

  const cUpdated = (await call(api, 'PATCH', `/tasks/${c.id}`, key, { status: 'in_progress' })).body
  t.same(
    await ids(`updated_after=${encodeURIComponent(cUpdated.updated_at)}`),
    [],
    'strictly after: not the task itself',
  )
  const justBefore = new Date(Date.parse(cUpdated.updated_at) - 1).toISOString()
  t.same(await ids(`updated_after=${encodeURIComponent(justBefore)}&sort=updated_at`), ['C'])
  assertError(
    t,
    await call(api, 'GET', '/tasks?updated_after=2026-01-01T00:00', key),
    400,
    'invalid_request',
    'updated_after',
  )
})

t.test('get: 404 for an unknown id or another shop’s task, invalid_id for another kind', async (t) => {
  const { key } = await setUp(api)
  const other = await setUp(api)
  const foreign = await createTask(api, other.key, { title: 'Theirs' })
  assertError(t, await call(api, 'GET', `/tasks/${foreign.id}`, key), 404, 'not_found', 'public_id')
  assertError(
    t,
    await call(api, 'PATCH', `/tasks/${foreign.id}`, key, { title: 'Mine' }),
    404,
    'not_found',
    'public_id',
  )
  assertError(t, await call(api, 'POST', `/tasks/${foreign.id}/complete`, key), 404, 'not_found', 'public_id')
  assertError(
    t,
    await call(api, 'PUT', `/tasks/${foreign.id}/external-id`, key, { external_id: 'X' }),
    404,
    'not_found',
  )
  assertError(t, await call(api, 'GET', '/tasks/task_0000000000000000000000', key), 404, 'not_found', 'public_id')
  for (const wrong of ['job_0000000000000000000000', 'tech_0000000000000000000000', 'task-1']) {
    assertError(t, await call(api, 'GET', `/tasks/${wrong}`, key), 400, 'invalid_id', 'public_id')
    assertError(t, await call(api, 'POST', `/tasks/${wrong}/complete`, key), 400, 'invalid_id', 'public_id')
  }
  t.equal((await call(api, 'GET', `/tasks/${foreign.id}`, other.key)).body.title, 'Theirs', 'untouched')
})

t.test(
  'scopes: reads need tasks.read; writes need tasks.read and tasks.write; external ids external_refs.write',
  async (t) => {
    const { shop, key } = await setUp(api)
    const task = await createTask(api, key, { title: 'Scoped' })
    const keyWith = async (scopes: Parameters<typeof createTestKey>[2]) =>
      (await createTestKey(api.pool, shop, scopes)).key

    const writeOnly = await keyWith(['tasks.write'])
    for (const [method, path, body] of [
      ['GET', '/tasks', undefined],
      ['GET', `/tasks/${task.id}`, undefined],
      ['POST', '/tasks', { title: 'T' }],
      ['PATCH', `/tasks/${task.id}`, { title: 'T' }],
      ['POST', `/tasks/${task.id}/complete`, undefined],
    ] as const) {
      const reply = await call<ErrorBody>(api, method, path, writeOnly, body)
      assertError(t, reply, 403, 'insufficient_scope')
      t.match(reply.body.error.message, /tasks\.read/, `${method} ${path} names tasks.read`)
    }

    const readOnly = await keyWith(['tasks.read'])
    t.equal((await call(api, 'GET', `/tasks/${task.id}`, readOnly)).status, 200)
    t.same(
      (await call(api, 'GET', `/tasks/${task.id}`, readOnly)).body.available_actions,
      [],
      'complete is not offered to a key that cannot write',
    )
    for (const [method, path, body] of [
      ['POST', '/tasks', { title: 'T' }],
      ['PATCH', `/tasks/${task.id}`, { title: 'T' }],
      ['POST', `/tasks/${task.id}/complete`, undefined],
      ['PUT', `/tasks/${task.id}/external-id`, { external_id: 'X' }],
      ['DELETE', `/tasks/${task.id}/external-id`, undefined],
    ] as const) {
      assertError(t, await call(api, method, path, readOnly, body), 403, 'insufficient_scope')
    }
    const noTasks = await keyWith(['customers.read', 'external_refs.write'])
    assertError(
      t,
      await call(api, 'PUT', `/tasks/${task.id}/external-id`, noTasks, { external_id: 'X' }),
      403,
      'insufficient_scope',
    )
    const refs = await keyWith(['tasks.read', 'external_refs.write'])
    t.equal((await call(api, 'PUT', `/tasks/${task.id}/external-id`, refs, { external_id: 'X' })).status, 200)
    t.same((await taskEvents(api, await keyWith(['customers.read']), task.id)).length, 0, 'task events need tasks.read')
  },
)
