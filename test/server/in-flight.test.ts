// A key has a cap on requests in flight at once in a process (issue 22 item 4): one integration
// cannot take every database connection and stall the others. Beyond the cap: 429 `rate_limited` with
// Retry-After in the envelope; another key is served meanwhile; a slot comes back on every path (a
// response, an error, a refusal before the handler, a client that hung up: once its handler is done).
import net from 'node:net'
import t from 'tap'
import { z } from 'zod'
import { defineOperation } from '../../src/platform/operation.js'
import { apiOperations } from '../../src/server/routes/index.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'
import { type ErrorBody, sendJson } from '../helpers/http.js'

/** Requests of the test operation wait here until the test lets them go. */
class Gate {
  waiting = 0
  #open: (() => void)[] = []
  #handlerDone: (() => void)[] = []
  finished = 0
  wait(): Promise<void> {
    this.waiting += 1
    return new Promise((resolve) => this.#open.push(resolve))
  }
  releaseAll(): void {
    for (const open of this.#open.splice(0)) open()
    this.waiting = 0
  }
  done(): void {
    this.finished += 1
    for (const notify of this.#handlerDone.splice(0)) notify()
  }
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const gate = new Gate()

/** The status of a response, its body read so the connection is free again. */
async function statusOf(response: Response): Promise<number> {
  await response.arrayBuffer()
  return response.status
}
const heldOperations = [
  defineOperation({
    method: 'GET',
    path: '/held',
    operationId: 'held',
    summary: 'held until the test releases it',
    tag: 'Test',
    scopes: ['shop.read'],
    query: z.strictObject({ fail: z.enum(['true']).optional() }),
    success: { status: 200, description: 'released', schema: z.unknown() },
    handler: async ({ query, db }) => {
      try {
        await gate.wait()
        await db.query('select 1')
        if (query.fail) throw new Error('the held request failed on purpose')
        return { released: true }
      } finally {
        gate.done()
      }
    },
  }),
]

t.test('the cap answers 429 beyond it, serves other keys, and gives slots back on every path', async (t) => {
  const api = await startTestApp(t, {
    operations: [...apiOperations, ...heldOperations],
    config: { maxInFlightPerKey: 3 },
  })
  const shop = await createTestShop(api.pool)
  const other = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])
  const { key: otherKey } = await createTestKey(api.pool, other, ['shop.read'])

  // Three held requests fill the key's slots.
  const held = Array.from({ length: 3 }, () => api.request('/v1/held', { key }))
  await gate.until(() => gate.waiting === 3)

  const refused = await sendJson<ErrorBody>(api, 'GET', '/v1/shop', key)
  t.equal(refused.status, 429, 'the fourth request of the key is 429')
  t.equal(refused.body.error.code, 'rate_limited')
  t.match(refused.body.error.message, /3 requests in flight/, 'the message names the cap')
  t.equal(refused.headers.get('retry-after'), '1', 'Retry-After: 1')
  t.ok(refused.headers.get('ratelimit-limit'), "with the key's RateLimit-* headers")
  t.match(refused.body.error.request_id, /^req_/)

  const elsewhere = await api.request('/v1/shop', { key: otherKey })
  t.equal(elsewhere.status, 200, "another shop's key is served meanwhile")
  await elsewhere.text()

  gate.releaseAll()
  const statuses = await Promise.all(held.map(async (pending) => statusOf(await pending)))
  t.same(statuses, [200, 200, 200], 'the held requests complete')
  const again = await api.request('/v1/shop', { key })
  t.equal(again.status, 200, 'the slots came back once they were answered')
  await again.text()

  // A handler that fails (500) and a request refused before its handler (400) give their slots back.
  api.allowInternalErrors(3)
  const failing = Array.from({ length: 3 }, () => api.request('/v1/held?fail=true', { key }))
  await gate.until(() => gate.waiting === 3)
  gate.releaseAll()
  t.same(await Promise.all(failing.map(async (pending) => statusOf(await pending))), [500, 500, 500])
  for (let i = 0; i < 5; i++) {
    const invalid = await api.request('/v1/held?unknown=1', { key })
    t.equal(invalid.status, 400, 'a refused query is 400')
    await invalid.text()
    const forbidden = await api.request('/v1/customers', { key })
    t.equal(forbidden.status, 403, 'a scope refusal before the handler is 403')
    await forbidden.text()
  }
  const afterErrors = await api.request('/v1/shop', { key })
  t.equal(afterErrors.status, 200, 'errors and refusals gave their slots back')
  await afterErrors.text()

  // Clients that hang up (raw sockets, closed while their handlers wait): the slot is held while the
  // handler still works, then given back.
  const finishedBefore = gate.finished
  const clients = Array.from({ length: 3 }, () => {
    const socket = net.connect(Number(new URL(api.baseUrl).port), '127.0.0.1')
    socket.write(`GET /v1/held HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n`)
    return socket
  })
  await gate.until(() => gate.waiting === 3)
  for (const socket of clients) socket.destroy()
  await new Promise((resolve) => setTimeout(resolve, 100))
  const whileWorking = await api.request('/v1/shop', { key })
  t.equal(whileWorking.status, 429, 'the work of the abandoned requests still counts')
  await whileWorking.text()
  gate.releaseAll()
  await gate.until(() => gate.finished === finishedBefore + 3)
  await new Promise((resolve) => setTimeout(resolve, 50))
  const afterAborts = await api.request('/v1/shop', { key })
  t.equal(afterAborts.status, 200, 'and their slots came back once their handlers were done')
  await afterAborts.text()
})
