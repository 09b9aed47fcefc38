import t from 'tap'
import { z } from 'zod'
import { defineOperation } from '../../src/platform/operation.js'
import { apiOperations } from '../../src/server/routes/index.js'
import { createTestKey, createTestShop, startTestApp } from '../helpers/app.js'

t.test('closing the server lets in-flight requests finish and refuses new ones', async (t) => {
  let release: () => void = () => {}
  const slow = defineOperation({
    method: 'GET',
    path: '/slow',
    operationId: 'slow',
    summary: 'slow',
    tag: 'Test',
    scopes: ['shop.read'],
    success: { status: 200, description: 'slow', schema: z.unknown() },
    handler: async () => {
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return { finished: true }
    },
  })
  const api = await startTestApp(t, { operations: [...apiOperations, slow] })
  const shop = await createTestShop(api.pool)
  const { key } = await createTestKey(api.pool, shop, ['shop.read'])

  const inFlight = api.request('/v1/slow', { key })
  await new Promise((resolve) => setTimeout(resolve, 100))
  const closing = api.app.close()
  await new Promise((resolve) => setTimeout(resolve, 50))
  await t.rejects(api.request('/v1/shop', { key }), 'a new connection is refused while closing')
  release()
  const response = await inFlight
  t.equal(response.status, 200, 'the in-flight request completes')
  t.same(await response.json(), { finished: true })
  const started = Date.now()
  await closing
  t.ok(Date.now() - started < 5_000, 'shutdown does not wait for the keep-alive timeout of the finished connection')
})
