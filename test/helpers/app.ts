import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import type { Test } from 'tap'
import { type Config, loadConfig } from '../../src/config.js'
import type { Resolver } from '../../src/io/webhook-targets.js'
import type { Scope } from '../../src/lib/scopes.js'
import type { Operation } from '../../src/platform/operation.js'
import { createApiKey } from '../../src/platform/tenancy/api-keys.js'
import { type AuthCache, authChangesChannel, startAuthCache } from '../../src/platform/tenancy/auth-cache.js'
import { createIntegration } from '../../src/platform/tenancy/integrations.js'
import { createShop, type ShopRow } from '../../src/platform/tenancy/shops.js'
import { buildApp } from '../../src/server/app.js'
import { contractChecker, describeViolation } from './contract.js'
import { createTestDatabase, type TestDatabase } from './database.js'

/** The LISTEN connection of a test app started with `authCache: true`. */
export const authCacheApplicationName = 'shopapi test (auth changes)'

export interface TestApp {
  app: FastifyInstance
  /** The app's pool: a runtime login that owns nothing, as the service's (test/helpers/database.ts). */
  pool: pg.Pool
  url: string
  /** The owner of the tables, for what only a test does (DDL, session settings the service may not change). */
  owner: TestDatabase['owner']
  baseUrl: string
  config: Config
  /** fetch() against the app's real socket; `key` becomes the bearer token. */
  request(path: string, init?: RequestInit & { key?: string }): Promise<Response>
  /**
   * Declares that the next `count` 500 responses are injected on purpose by the test. Any other 500 the
   * app answers fails the test: no client input may ever cause one.
   */
  allowInternalErrors(count?: number): void
  /**
   * With `authCache: true`: resolves once the app's LISTEN connection has heard every auth change
   * committed before the call (a change made by this test, the CLI or plain SQL). Postgres delivers
   * notifications in commit order, so a marker notified now arrives after all of them: a test waits
   * for that event instead of hoping the clock was enough.
   */
  authChangesHeard(): Promise<void>
}

/**
 * Every response the app answers during a test, whoever sent the request (helper, fetch, inject), is
 * checked against the OpenAPI document it serves, and a 500 nobody declared fails the test. Fastify 5
 * applies a root hook added before `ready` to every route, including those in the /v1 prefix.
 */
function guardResponses(app: FastifyInstance, operations: Operation[] | undefined, report: (message: string) => void) {
  const checker = contractChecker(operations)
  let allowedInternalErrors = 0
  app.addHook('onSend', async (request, reply, payload) => {
    const observed = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type')?.toString(),
      body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined,
    }
    if (observed.status === 500) {
      if (allowedInternalErrors > 0) allowedInternalErrors -= 1
      else report(`unexpected 500 from ${observed.method} ${observed.url}: ${observed.body ?? ''}`)
    }
    const problems = checker.problems(observed)
    if (problems.length > 0) report(describeViolation(observed, problems))
    return payload
  })
  return (count = 1) => {
    allowedInternalErrors += count
  }
}

/** The app on a real loopback socket over a database of its own. */
export async function startTestApp(
  t: Test,
  options: {
    config?: Partial<Config>
    operations?: Operation[]
    /** Without `owner`, the test's own pool stands in for it. */
    database?: { url: string; pool: pg.Pool; owner?: TestDatabase['owner'] }
    logStream?: { write(line: string): void }
    /** DNS answers for webhook url checks (names such as hooks.example.test). */
    resolver?: Resolver
    /** Where the response guard reports a broken contract or an undeclared 500: `t.fail` unless given. */
    reportViolation?: (message: string) => void
    /**
     * Keep authenticated keys in memory with a LISTEN connection, as `serve` does. Off by default: a
     * change written by this test process is then seen by the very next request, not a moment later.
     */
    authCache?: boolean
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
      // Tests of races send dozens of one key's requests at once: only the tests of the cap on
      // requests in flight turn it down (test/server/in-flight.test.ts).
      maxInFlightPerKey: 1_000,
      ...options.config,
    },
  )
  const authCache = options.authCache
    ? await startAuthCache({
        connectionString: database.url,
        applicationName: authCacheApplicationName,
        log: { warn: () => {} },
      })
    : undefined
  const authChangesHeard = authCache
    ? heardMarkers(authCache.cache, database.pool)
    : () => Promise.reject(new Error('authChangesHeard: start the test app with authCache: true'))
  const app = await buildApp(
    {
      pool: database.pool,
      config,
      ...(options.resolver ? { resolver: options.resolver } : {}),
      ...(authCache ? { authCache: authCache.cache } : {}),
    },
    {
      ...(options.operations ? { operations: options.operations } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    },
  )
  const allowInternalErrors = guardResponses(
    app,
    options.operations,
    options.reportViolation ?? ((message) => t.fail(message)),
  )
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(async () => {
    await app.close()
    await authCache?.stop()
  })
  const address = app.server.address()
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    app,
    pool: database.pool,
    url: database.url,
    owner: database.owner ?? { url: database.url, pool: database.pool },
    baseUrl,
    config,
    allowInternalErrors,
    authChangesHeard,
    request: (path, init = {}) => {
      const { key, headers, ...rest } = init
      return fetch(`${baseUrl}${path}`, {
        ...rest,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(headers as Record<string, string>) },
      })
    },
  }
}

/**
 * Notifies a marker on the auth-change channel and resolves when `cache` hears it. The listener hands
 * every notification to `cache.invalidate`; observing that call changes nothing it does (a marker names
 * no shop, so it drops no entry).
 */
function heardMarkers(cache: AuthCache, pool: pg.Pool): () => Promise<void> {
  const waiting = new Map<string, () => void>()
  const invalidate = cache.invalidate.bind(cache)
  cache.invalidate = (shopId: string) => {
    invalidate(shopId)
    waiting.get(shopId)?.()
    waiting.delete(shopId)
  }
  return async () => {
    const marker = `test-marker-${randomUUID()}`
    const heard = new Promise<void>((resolve) => waiting.set(marker, resolve))
    await pool.query('select pg_notify($1::text, $2::text)', [authChangesChannel, marker])
    await heard
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

/** A new shop and an integration on it with the given scopes and its first key: most tests' set-up. */
export async function createTestShopWithKey(
  pool: pg.Pool,
  scopes: Scope[],
  options: { name?: string; shop?: Parameters<typeof createTestShop>[1] } = {},
) {
  const shop = await createTestShop(pool, options.shop)
  return { shop, ...(await createTestKey(pool, shop, scopes, options.name)) }
}

export { createApiKey }
