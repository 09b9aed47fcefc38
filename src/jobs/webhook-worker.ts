import pg from 'pg'
import PgBoss from 'pg-boss'
import type { Dispatcher } from 'undici'
import type { WebhookConfig } from '../config.js'
import { createPool } from '../db/pool.js'
import { createDeliveryAgent, type Resolver, webhookResolver } from '../lib/webhook-targets.js'
import {
  claimNextDelivery,
  type DueEndpoint,
  dispatchEvents,
  findDueEndpoints,
} from '../resources/deliveries/service.js'
import { runMaintenance } from './purge-expired.js'
import { attemptDelivery, leaseMs, UnrecordedAttemptError } from './webhook-attempt.js'

export const endpointQueue = 'webhook-endpoint'
export const maintenanceQueue = 'shopapi-maintenance'
// Channels: the events trigger (migration 00003) and writers of deliveries that bypass events.
const wakeChannels = ['shopapi_events', 'shopapi_deliveries']

// One endpoint job works for at most this long before giving its turn back; due work left over is
// queued again by the next scan, so one busy endpoint never monopolizes a worker slot.
const endpointTurnMs = 30_000
const scanIntervalMs = 1000
const maintenanceCheckMs = 10_000

export interface WorkerLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface WebhookWorkerOptions {
  databaseUrl: string
  /** Connections of the worker's own pool (default 10). */
  poolSize?: number
  webhooks: WebhookConfig
  sealKey: Uint8Array
  log: WorkerLog
  /** Tests inject DNS answers; production asks the system resolver. */
  resolver?: Resolver
  applicationName?: string
}

interface EndpointRun {
  /** Starts lanes up to the endpoint's limit (new work arrived). */
  fill(): void
  done: Promise<void>
}

interface EndpointJob {
  shopId: string
  endpointId: string
}

/**
 * The delivery worker: wakes on commit (LISTEN), turns new events into deliveries, and works due
 * deliveries endpoint by endpoint through pg-boss jobs (one queued job per endpoint at most), a few
 * attempts at a time per endpoint so a slow or dead receiver only ever occupies its own lanes.
 * Our tables hold the truth; pg-boss only spreads "endpoint X has due work" over worker processes.
 */
export class WebhookWorker {
  private readonly options: WebhookWorkerOptions
  private readonly agent: Dispatcher
  /**
   * The worker's own connections, apart from the API's, with synchronous_commit off: its writes are
   * bookkeeping whose loss in a crash only means an attempt runs again (dispatch and its deliveries,
   * a claim, an attempt's record commit or vanish together), and not waiting for the disk at each
   * commit triples delivery throughput.
   */
  private readonly pool: pg.Pool
  private boss: PgBoss | undefined
  private listener: pg.Client | undefined
  private scanTimer: NodeJS.Timeout | undefined
  private cycle: Promise<void> | undefined
  private cycleAgain = false
  private stopping = false
  private nextMaintenanceCheck = 0
  /** Endpoint runs in this process: new work for a running endpoint tops its lanes up instead of a job. */
  private readonly running = new Map<string, EndpointRun>()

  constructor(options: WebhookWorkerOptions) {
    this.options = options
    this.pool = createPool(options.databaseUrl, {
      max: options.poolSize ?? 10,
      applicationName: options.applicationName ?? 'shopapi worker',
      synchronousCommit: false,
      log: options.log,
    })
    this.agent = createDeliveryAgent({
      policy: { allowPrivate: options.webhooks.allowPrivateTargets },
      resolver: webhookResolver({ allowPrivate: options.webhooks.allowPrivateTargets }, options.resolver),
      connectTimeoutMs: options.webhooks.timeoutMs,
    })
  }

  async start(): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.options.databaseUrl,
      application_name: this.options.applicationName ?? 'shopapi worker',
      // pg-boss only fetches, inserts and completes a few jobs a second: two connections are plenty.
      max: 2,
      schedule: true,
      supervise: true,
      // Expired jobs (a worker that died) are noticed quickly; our leases decide what is retried.
      maintenanceIntervalSeconds: 30,
    })
    boss.on('error', (error) => this.options.log.error({ err: error }, 'job queue error'))
    await boss.start()
    this.boss = boss
    await this.createQueues(boss)
    await boss.schedule(maintenanceQueue, '* * * * *', {}, { retryLimit: 0 })
    await this.listen()
    this.scanTimer = setInterval(() => this.wake(), scanIntervalMs)
    this.scanTimer.unref()
    this.wake()
  }

  /**
   * pg-boss 10 deadlocks when two sessions create queues at once (serve and worker starting
   * together), so creation runs one process at a time under an advisory lock.
   */
  private async createQueues(boss: PgBoss): Promise<void> {
    const client = await this.pool.connect()
    try {
      await client.query("select pg_advisory_lock(hashtext('shopapi:create-queues'))")
      await boss.createQueue(endpointQueue, {
        name: endpointQueue,
        policy: 'short',
        retryLimit: 0,
        expireInSeconds: Math.ceil((endpointTurnMs + leaseMs(this.options.webhooks)) / 1000),
        retentionMinutes: 10,
      })
      await boss.createQueue(maintenanceQueue, { name: maintenanceQueue, retryLimit: 0, expireInSeconds: 600 })
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('shopapi:create-queues'))").catch(() => {})
      client.release()
    }
  }

  /**
   * The scheduled maintenance job (purges), fetched by the scan rather than `boss.work`, whose
   * unawaited completion can crash a process when the database goes away during shutdown.
   */
  private async runDueMaintenance(boss: PgBoss): Promise<void> {
    if (Date.now() < this.nextMaintenanceCheck) return
    this.nextMaintenanceCheck = Date.now() + maintenanceCheckMs
    const [job] = await boss.fetch(maintenanceQueue)
    if (!job) return
    try {
      const result = await runMaintenance(this.pool)
      if (Object.values(result).some((count) => count > 0)) this.options.log.info(result, 'purged expired records')
      await boss.complete(maintenanceQueue, job.id)
    } catch (error) {
      this.options.log.error({ err: error }, 'maintenance failed; it runs again next minute')
      await boss.fail(maintenanceQueue, job.id, { message: String(error) }).catch(() => {})
    }
  }

  /** A dedicated connection for LISTEN; it reconnects after a database blip. */
  private async listen(): Promise<void> {
    if (this.stopping) return
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: `${this.options.applicationName ?? 'shopapi worker'} (listen)`,
    })
    client.on('notification', () => this.wake())
    client.on('error', (error) => {
      if (this.listener === client) this.listener = undefined
      client.end().catch(() => {})
      if (this.stopping) return
      this.options.log.warn({ err: error }, 'lost the wake-up connection; reconnecting (polling meanwhile)')
      setTimeout(() => this.listen().catch(() => {}), 1000).unref()
    })
    try {
      await client.connect()
      for (const channel of wakeChannels) await client.query(`listen ${channel}`)
      // stop() may have run while this reconnected after a database blip: a connection kept now would
      // outlive it and hold the process open after shutdown.
      if (this.stopping) {
        await client.end().catch(() => {})
        return
      }
      this.listener = client
    } catch (error) {
      client.end().catch(() => {})
      if (this.stopping) return
      this.options.log.warn({ err: error }, 'wake-up connection failed; retrying (polling meanwhile)')
      setTimeout(() => this.listen().catch(() => {}), 1000).unref()
    }
  }

  /** Runs a cycle now, or once more right after the one in progress. */
  wake(): void {
    if (this.stopping || !this.boss) return
    if (this.cycle) {
      this.cycleAgain = true
      return
    }
    this.cycle = this.runCycle()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'webhook cycle failed; retrying shortly'))
      .finally(() => {
        this.cycle = undefined
        if (this.cycleAgain) {
          this.cycleAgain = false
          this.wake()
        }
      })
  }

  private async runCycle(): Promise<void> {
    const boss = this.boss as PgBoss
    const batchSize = 1000
    const endpoints = new Map<string, DueEndpoint>()
    for (;;) {
      const dispatched = await dispatchEvents(this.pool, batchSize)
      for (const endpoint of dispatched.endpoints) endpoints.set(endpoint.endpoint_id, endpoint)
      if (dispatched.events < batchSize) break
    }
    for (const endpoint of await findDueEndpoints(this.pool)) endpoints.set(endpoint.endpoint_id, endpoint)
    const jobs: PgBoss.JobInsert<EndpointJob>[] = []
    for (const endpoint of endpoints.values()) {
      const local = this.running.get(endpoint.endpoint_id)
      if (local) {
        local.fill()
      } else {
        const data = { shopId: endpoint.shop_id, endpointId: endpoint.endpoint_id }
        jobs.push({ name: endpointQueue, data, singletonKey: endpoint.endpoint_id })
      }
    }
    // One statement for all; an endpoint that already has a queued job keeps it (queue policy short).
    if (jobs.length > 0) await boss.insert(jobs)
    await this.pump()
    await this.runDueMaintenance(boss)
  }

  /** Takes endpoint jobs while this process has room for more endpoints. */
  private async pump(): Promise<void> {
    const boss = this.boss as PgBoss
    for (;;) {
      const room = this.options.webhooks.concurrency - this.running.size
      if (room <= 0 || this.stopping) return
      const jobs = await boss.fetch<EndpointJob>(endpointQueue, { batchSize: Math.min(room, 50) })
      if (jobs.length === 0) return
      for (const job of jobs) this.runEndpointJob(job.id, job.data)
      if (jobs.length < Math.min(room, 50)) return
    }
  }

  private runEndpointJob(jobId: string, job: EndpointJob): void {
    const boss = this.boss as PgBoss
    const existing = this.running.get(job.endpointId)
    if (existing) {
      existing.fill()
      boss.complete(endpointQueue, jobId).catch(() => {})
      return
    }
    const endpoint = { shop_id: job.shopId, endpoint_id: job.endpointId }
    const run = this.startEndpointRun(endpoint)
    this.running.set(job.endpointId, run)
    run.done
      .then(() => boss.complete(endpointQueue, jobId))
      .catch((error: unknown) => {
        this.options.log.error({ err: error, endpoint: job.endpointId }, 'webhook endpoint run failed')
        return boss.fail(endpointQueue, jobId, { message: String(error) })
      })
      .catch(() => {})
      // A slot is free: take the next endpoint at once rather than at the next scan.
      .finally(() => this.wake())
  }

  /**
   * Lanes of claim-attempt-record for one endpoint: up to `endpointConcurrency` at once, each ending
   * when nothing is due; `fill` adds lanes when new work arrives. The run ends when its last lane does,
   * or when its turn is over (due work left is queued again by the next scan).
   */
  private startEndpointRun(endpoint: DueEndpoint): EndpointRun {
    const runtime = {
      pool: this.pool,
      webhooks: this.options.webhooks,
      sealKey: this.options.sealKey,
      agent: this.agent,
    }
    const deadline = Date.now() + endpointTurnMs
    const lease = leaseMs(this.options.webhooks)
    let lanes = 0
    let closed = false
    let finish: () => void = () => {}
    const done = new Promise<void>((resolve) => {
      finish = resolve
    })
    const lane = async () => {
      while (!this.stopping && Date.now() < deadline) {
        const delivery = await claimNextDelivery(this.pool, endpoint, lease)
        if (!delivery) return
        try {
          await attemptDelivery(runtime, delivery)
        } catch (error) {
          if (error instanceof UnrecordedAttemptError) {
            // Counted on the delivery: retried a few times, then failed with the reason (never a silent loop).
            this.options.log.error(
              {
                err: error.cause,
                deliveryId: delivery.public_id,
                recordFailures: error.counted?.recordFailures,
                deliveryFailed: error.counted?.failed ?? false,
              },
              error.message,
            )
            continue
          }
          // Passing trouble (a lost connection): the lease lapses and the delivery is attempted again.
          this.options.log.error({ err: error, deliveryId: delivery.public_id }, 'recording a webhook attempt failed')
          return
        }
      }
    }
    const fill = () => {
      while (!closed && lanes < this.options.webhooks.endpointConcurrency && !this.stopping && Date.now() < deadline) {
        lanes += 1
        lane()
          .catch((error: unknown) =>
            this.options.log.warn({ err: error }, 'a delivery lane stopped; the scan resumes it'),
          )
          .finally(() => {
            lanes -= 1
            if (lanes === 0 && !closed) {
              closed = true
              // Out of the map before the job completes, so new work starts a new run, not a closing one.
              this.running.delete(endpoint.endpoint_id)
              finish()
            }
          })
      }
      if (lanes === 0 && !closed) {
        closed = true
        this.running.delete(endpoint.endpoint_id)
        finish()
      }
    }
    queueMicrotask(fill)
    return { fill, done }
  }

  /** Stops taking work, lets attempts in flight finish and record, then closes the queue. */
  async stop(): Promise<void> {
    if (this.stopping) return
    this.stopping = true
    if (this.scanTimer) clearInterval(this.scanTimer)
    await this.listener?.end().catch(() => {})
    await this.cycle
    await Promise.all([...this.running.values()].map((run) => run.done))
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {})
    await this.agent.close().catch(() => {})
    await this.pool.end().catch(() => {})
  }
}
