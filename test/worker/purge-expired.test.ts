import t from 'tap'
import { purgeExpired } from '../../src/worker/maintenance.js'
import { createTestKey, createTestShop } from '../helpers/app.js'
import { createTestDatabase } from '../helpers/database.js'

t.test('a purge pass erases replays after 7 days and forgets keys after 30', async (t) => {
  const { pool } = await createTestDatabase(t)
  const shop = await createTestShop(pool)
  const { integrationId } = await createTestKey(pool, shop, ['customers.read'])
  const integration = await pool.query<{ id: string }>('select id from integrations where public_id = $1', [
    integrationId,
  ])
  const insert = (key: string, ageDays: number) =>
    pool.query(
      `insert into idempotency_keys (shop_id, integration_id, key, fingerprint, response_status, response_sealed, created_at, completed_at)
       values ($1, $2, $3, '\\x00', 201, '\\x01', now() - make_interval(days => $4), now() - make_interval(days => $4))`,
      [shop.id, integration.rows[0]?.id, key, ageDays],
    )
  await insert('fresh', 1)
  await insert('week-old', 8)
  await insert('month-old', 31)

  const result = await purgeExpired(pool)
  t.same(result.idempotency, { erased: 1, deleted: 1 })
  const rows = await pool.query<{ key: string; sealed: boolean }>(
    'select key, response_sealed is not null as sealed from idempotency_keys order by key',
  )
  t.same(rows.rows, [
    { key: 'fresh', sealed: true },
    { key: 'week-old', sealed: false },
  ])
  t.same((await purgeExpired(pool)).idempotency, { erased: 0, deleted: 0 }, 'a second pass finds nothing')
})
