import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import type { Test } from 'tap'
import { type Config, loadConfig } from '../../src/config.js'
import type { Scope } from '../../src/lib/scopes.js'
import type { Resolver } from '../../src/lib/webhook-targets.js'
import { buildApp } from '../../src/server/app.js'
import type { Operation } from '../../src/server/operations.js'
import { createApiKey } from '../../src/services/api-keys.js'
import { createIntegration } from '../../src/services/integrations.js'
import { createShop, type ShopRow } from '../../src/services/shops.js'
import { createTestDatabase } from './database.js'

export interface TestApp {
  app: FastifyInstance
  pool: pg.Pool
  url: string
  baseUrl: string
  config: Config
  /** fetch() against the app's real socket; `key` becomes the bearer token. */
  request(path: string, init?: RequestInit & { key?: string }): Promise<Response>
}

/** The app on a real loopback socket over a database of its own. */
export async function startTestApp(
  t: Test,
  options: {
    config?: Partial<Config>
    operations?: Operation[]
    database?: { url: string; pool: pg.Pool }
    logStream?: { write(line: string): void }
    /** DNS answers for webhook url checks (names such as hooks.example.test). */
    resolver?: Resolver
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(t))
  const config = loadConfig(
    {},
    {
      databaseUrl: database.url,
      logLevel: 'silent',
      secretKey: randomBytes(32).toString('hex'),
      // Every test shares 127.0.0.1: only the tests of the edge throttle turn it down.
      edgeRateLimit: { max: 1_000_000 },
      ...options.config,
    },
  )
  const app = await buildApp(
    { pool: database.pool, config, ...(options.resolver ? { resolver: options.resolver } : {}) },
    {
      ...(options.operations ? { operations: options.operations } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    },
  )
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => app.close())
  const address = app.server.address()
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    app,
    pool: database.pool,
    url: database.url,
    baseUrl,
    config,
    request: (path, init = {}) => {
      const { key, headers, ...rest } = init
      return fetch(`${baseUrl}${path}`, {
        ...rest,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(headers as Record<string, string>) },
      })
    },
  }
}

let shopCounter = 0

export async function createTestShop(
  pool: pg.Pool,
  overrides: Partial<{ name: string; timezone: string; currency: string }> = {},
) {
  shopCounter += 1
  return createShop(pool, {
    name: `Test Shop ${shopCounter}`,
    timezone: 'America/Chicago',
    currency: 'USD',
    ...overrides,
  })
}

/** An integration with the given scopes and its first key, as `shopapi integrations create` makes it. */
export async function createTestKey(pool: pg.Pool, shop: ShopRow, scopes: Scope[], name = 'Test integration') {
  const created = await createIntegration(pool, { shop: shop.public_id, name, scopes })
  return { key: created.plaintextKey, keyId: created.apiKey.public_id, integrationId: created.integration.public_id }
}

export { createApiKey }
