import type { FastifyInstance } from 'fastify'
import { migrationsCurrent } from '../../db/migrate.js'
import { ApiError } from '../../lib/errors.js'
import type { AppDeps } from '../../platform/deps.js'

// Outside /v1 and without a key: for load balancers and orchestrators.
export async function healthRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/healthz', { config: { operationId: 'healthz' } }, async () => ({ status: 'ok' }))

  app.get('/readyz', { config: { operationId: 'readyz' } }, async () => {
    let current: boolean
    try {
      current = await migrationsCurrent(deps.pool)
    } catch {
      throw new ApiError('service_unavailable', 'The database is not reachable', { headers: { 'retry-after': '1' } })
    }
    if (!current) throw new ApiError('service_unavailable', 'Database migrations are pending: run `shopapi migrate`')
    return { status: 'ok', database: 'reachable', migrations: 'current' }
  })
}
