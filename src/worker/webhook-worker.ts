import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type pg from 'pg'
import PgBoss from 'pg-boss'
import type { Dispatcher } from 'undici'
import type { WebhookConfig } from '../config.js'
import { createClient } from '../db/hosts.js'
import { maintenanceQueue } from '../db/job-queue.js'
import { createPool, type PoolOptions } from '../db/pool.js'
import { createDeliveryAgent, type Resolver, webhookResolver } from '../io/webhook-targets.js'
import type { Metrics } from '../platform/metrics.js'
import {
  heartbeatIntervalMs,
  removeHeartbeat,
  type WorkerIdentity,
  writeHeartbeat,
} from '../platform/worker-heartbeat.js'
import { SigningCache, sendDelivery } from './attempt.js'
import {
  type ClaimedDelivery,
  type ClaimWant,
  claimDeliveries,
  type DueEndpoint,
  findDueEndpoints,
  leaseMs,
  releaseLeases,
} from './claim.js'
import { dispatchEvents, firstDispatchEvents, nextDispatchBatch } from './dispatch.js'
import { runScheduledMaintenance } from './maintenance.js'
import { AttemptRecorder } from './record.js'
import { SharedSlots, sharedSlotMs } from './shared-slots.js'

// Channels: the events trigger (migration 00003) and writers of deliveries that bypass events.
const wakeChannels = ['shopapi_events', 'shopapi_deliveries']

const scanIntervalMs = 1000
const maintenanceCheckMs = 10_000
// Rows per claim statement: large enough that a burst of 100 endpoints is one round trip, small enough
// that one statement stays a few milliseconds.
const maxClaimRows = 500
/**
 * Results waiting to be recorded (queued or in the record statement in flight) beyond which nothing
 * more is leased, neither by dispatch nor by claims (the database is slow): every unrecorded result
 * keeps its lease, and leases piling up in front of each endpoint's due deliveries would make each
 * claim and scan slower still, so the backlog would grow faster the further behind the worker is.
 */
const maxUnrecorded = 2000
const idleEndpointForgetMs = 60_000

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
  /** Where attempts, events dispatched and auto-disables are counted (`serve`'s or `worker`'s metrics). */
  metrics?: Metrics
}

/** What this process knows of one endpoint with work. */
interface EndpointState {
  shopId: string
  endpointId: string
  /** Requests in flight: at most `endpointConcurrency` (its lanes). */
  inflight: number
  /** Leased deliveries waiting for a lane. */
  queue: ClaimedDelivery[]
  /** Rows asked for by the claim in progress. */
  reserved: number
  /** Marked due while its claim was in flight: that claim may not have seen the new work. */
  dueAgain: boolean
  /** The last attempt succeeded quickly: worth claiming a lane's worth ahead. */
  healthy: boolean
  lastActive: number
}

/**
 * The worker's connections. synchronous_commit off: its writes are bookkeeping whose loss in a crash
 * only means an attempt runs again (dispatch and its deliveries, a claim, an attempt's record commit or
 * vanish together), and not waiting for the disk at each commit triples delivery throughput. Custom
 * plans: its batch statements are named (parsed once per connection) but their best plan depends on
 * how many rows a batch carries and on webhook_deliveries, which grows by thousands of rows a minute
 * while the connection lives; the generic plan Postgres settles on after five runs keeps the
 * guesses of a small table until the next ANALYZE. Measured with the fan-out bench (100 endpoints,
 * 1,000 deliveries/s offered): Postgres CPU per delivery 1.35 -> 0.22 ms and p99 4.2 -> 0.26 s; at
 * 3,000/s offered the worker sustained 260/s before, 2,300/s after. Planning each batch again costs
 * far less than one bad plan.
 */
export function createWorkerPool(databaseUrl: string, options: Omit<PoolOptions, 'synchronousCommit' | 'customPlans'>) {
  return createPool(databaseUrl, { ...options, synchronousCommit: false, customPlans: true })
}

/**
 * The delivery worker: wakes on commit (LISTEN), turns new events into deliveries, and delivers due
 * deliveries. Our tables hold the truth (state, next attempt, lease); this process only decides what
 * to claim next. Work moves in batches, not one round trip per delivery: one statement claims the due
 * deliveries of every endpoint with free lanes (SKIP LOCKED, so worker processes share the work), each
 * endpoint sends on up to `endpointConcurrency` lanes, and the results of the attempts that ended
 * meanwhile are recorded by one statement. pg-boss runs the minute maintenance job.
 *
 * This class only paces the work; each step's rules have a file of their own in src/worker/:
 * dispatch.ts (events become deliveries), claim.ts (due endpoints, leases), attempt.ts (sign and
 * send), record.ts (write the result, in batches), retry-schedule.ts (the next attempt or failure),
 * auto-disable.ts (the endpoint's failure clock), shared-slots.ts (how much one process leases) and
 * maintenance.ts (the minute's purges).
 */
export class WebhookWorker {
  private readonly options: WebhookWorkerOptions
  private readonly agent: Dispatcher
  /** The worker's own connections, apart from the API's: see createWorkerPool. */
  private readonly pool: pg.Pool
  private readonly lease: number
  private readonly lanes: number
  /** Attempts in their first second plus deliveries claimed and waiting: see SharedSlots. */
  private readonly slots: SharedSlots
  private boss: PgBoss | undefined
  private bossPool: pg.Pool | undefined
  private listener: pg.Client | undefined
  private scanTimer: NodeJS.Timeout | undefined
  private cycle: Promise<void> | undefined
  private scanAgain = false
  private stopping = false
  private nextMaintenanceCheck = 0
  private readonly endpoints = new Map<string, EndpointState>()
  /** Endpoints that may have due work not yet claimed, in the order they are served (round robin). */
  private readonly due = new Set<string>()
  private pumping: Promise<void> | undefined
  private pumpAgain = false
  private dispatchWanted = false
  /** Events per dispatch statement: see nextDispatchBatch. */
  private dispatchBatch = firstDispatchEvents
  /** After a failed pass the next one waits for the scan, rather than hammering a database that is away. */
  private pumpPausedUntil = 0
  /** The results of attempts that ended, waiting to be recorded. */
  private readonly recorder: AttemptRecorder
  private readonly attempts = new Set<Promise<void>>()
  private readonly signing: SigningCache
  /** This process's row in worker_heartbeats (`shopapi status`). */
  private readonly identity: WorkerIdentity
  private nextHeartbeat = 0

  constructor(options: WebhookWorkerOptions) {
    this.options = options
    this.identity = {
      id: randomUUID(),
      applicationName: options.applicationName ?? 'shopapi worker',
      hostname: hostname(),
      pid: process.pid,
    }
    this.lease = leaseMs(options.webhooks)
    this.lanes = options.webhooks.endpointConcurrency
    this.slots = new SharedSlots(options.webhooks.concurrency * options.webhooks.endpointConcurrency, () =>
      this.requestPump(),
    )
    this.pool = createWorkerPool(options.databaseUrl, {
      max: options.poolSize ?? 10,
      applicationName: options.applicationName ?? 'shopapi worker',
      log: options.log,
    })
    this.agent = createDeliveryAgent({
      policy: { allowPrivate: options.webhooks.allowPrivateTargets },
      resolver: webhookResolver({ allowPrivate: options.webhooks.allowPrivateTargets }, options.resolver),
      connectTimeoutMs: options.webhooks.timeoutMs,
    })
    this.signing = new SigningCache(options.sealKey)
    this.recorder = new AttemptRecorder({
      pool: this.pool,
      webhooks: options.webhooks,
      log: options.log,
      metrics: options.metrics,
      onFlushed: () => this.requestPump(),
      onEndpointDisabled: (endpointId) => this.dropQueue(endpointId),
    })
    options.metrics?.watchPool('worker', this.pool)
  }

  async start(): Promise<void> {
    // pg-boss only runs the minute maintenance job: two connections are plenty. Its statements go
    // through a pool of ours (pg-boss's documented `db` adapter), so they reach the host the rest of
    // the process resolved from DATABASE_URL (several hosts, target_session_attrs: src/db/hosts.ts).
    this.bossPool = createPool(this.options.databaseUrl, {
      max: 2,
      applicationName: `${this.options.applicationName ?? 'shopapi worker'} (pg-boss)`,
      log: this.options.log,
    })
    const bossPool = this.bossPool
    const boss = new PgBoss({
      db: { executeSql: (text, values) => bossPool.query(text, values) },
      // Its schema and queues are the owner's, made at migrate time (src/db/job-queue.ts): this role
      // only checks the version, and reads and writes jobs.
      migrate: false,
      schedule: true,
      supervise: true,
      maintenanceIntervalSeconds: 30,
    })
    // pg-boss attaches the failing pg client to the error, which would be logged whole (its connection
    // parameters and internals): the code and message are what an operator acts on.
    boss.on('error', (error: Error & { code?: string }) =>
      this.options.log.error(
        { err: { type: error.name, code: error.code, message: error.message } },
        'job queue error',
      ),
    )
    await boss.start()
    this.boss = boss
    await this.beat()
    await boss.schedule(maintenanceQueue, '* * * * *', {}, { retryLimit: 0 })
    await this.listen()
    this.scanTimer = setInterval(() => this.wake(true), scanIntervalMs)
    this.scanTimer.unref()
    this.wake(true)
  }

  /** A dedicated connection for LISTEN; it reconnects after a database blip. */
  private async listen(): Promise<void> {
    if (this.stopping) return
    const client = createClient(this.options.databaseUrl, {
      application_name: `${this.options.applicationName ?? 'shopapi worker'} (listen)`,
    })
    // New events are dispatched; deliveries written without an event (replay, re-enabling) need the scan.
    client.on('notification', (message) => this.wake(message.channel === 'shopapi_deliveries'))
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

  /**
   * Runs a cycle now, or once more right after the one in progress. A notification dispatches new
   * events; the scan (every second) also finds retries come due and leases that lapsed.
   */
  wake(scan = false): void {
    if (this.stopping || !this.boss) return
    this.dispatchWanted = true
    this.requestPump()
    if (!scan) return
    if (this.cycle) {
      this.scanAgain = true
      return
    }
    this.cycle = this.scan()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'webhook scan failed; retrying shortly'))
      .finally(() => {
        this.cycle = undefined
        if (this.scanAgain) {
          this.scanAgain = false
          this.wake(true)
        }
      })
  }

  /** Finds retries come due, lapsed leases and deliveries written without an event; runs maintenance. */
  private async scan(): Promise<void> {
    this.pumpPausedUntil = 0
    // In the scan, not on a timer of its own: a worker whose scan is stuck stops beating, as it should.
    if (Date.now() >= this.nextHeartbeat) {
      await this.beat().catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'writing the worker heartbeat failed; retrying at the next scan'),
      )
    }
    for (const endpoint of await findDueEndpoints(this.pool)) this.markDue(endpoint)
    this.forgetIdleEndpoints()
    this.requestPump()
    if (Date.now() >= this.nextMaintenanceCheck) {
      this.nextMaintenanceCheck = Date.now() + maintenanceCheckMs
      await runScheduledMaintenance(this.boss as PgBoss, this.pool, this.options.log)
    }
  }

  private async beat(): Promise<void> {
    this.nextHeartbeat = Date.now() + heartbeatIntervalMs
    await writeHeartbeat(this.pool, this.identity)
  }

  private stateOf(endpoint: DueEndpoint): EndpointState {
    let state = this.endpoints.get(endpoint.endpoint_id)
    if (!state) {
      state = {
        shopId: endpoint.shop_id,
        endpointId: endpoint.endpoint_id,
        inflight: 0,
        queue: [],
        reserved: 0,
        dueAgain: false,
        healthy: false,
        lastActive: Date.now(),
      }
      this.endpoints.set(endpoint.endpoint_id, state)
    }
    return state
  }

  private markDue(endpoint: DueEndpoint): void {
    const state = this.stateOf(endpoint)
    if (state.reserved > 0) state.dueAgain = true
    this.due.add(endpoint.endpoint_id)
  }

  /** Deliveries an endpoint may take now: its free lanes, and one lane's worth ahead while it answers quickly. */
  private roomOf(state: EndpointState): number {
    return Math.max(0, this.lanes * (state.healthy ? 2 : 1) - state.inflight - state.queue.length - state.reserved)
  }

  private forgetIdleEndpoints(): void {
    const before = Date.now() - idleEndpointForgetMs
    for (const [id, state] of this.endpoints) {
      const idle = state.inflight === 0 && state.queue.length === 0 && state.reserved === 0 && !this.due.has(id)
      if (idle && state.lastActive < before) this.endpoints.delete(id)
    }
  }

  /**
   * Dispatches and claims now, or once more right after the pass in progress. One pass at a time, so
   * the lanes counted for a statement are not counted again by another in flight.
   */
  private requestPump(): void {
    if (this.stopping || (this.due.size === 0 && !this.dispatchWanted) || Date.now() < this.pumpPausedUntil) return
    if (this.pumping) {
      this.pumpAgain = true
      return
    }
    this.pumping = this.pump()
      .catch((error: unknown) => {
        // A database that is away: the scan (every second) tries again, rather than a tight loop.
        this.pumpPausedUntil = Date.now() + scanIntervalMs
        this.options.log.warn(
          { err: error },
          'dispatching or claiming webhook deliveries failed; the next scan retries',
        )
      })
      .finally(() => {
        this.pumping = undefined
        if (this.pumpAgain) {
          this.pumpAgain = false
          this.requestPump()
        }
      })
  }

  private async pump(): Promise<void> {
    if (this.dispatchWanted) {
      this.dispatchWanted = false
      await this.dispatch()
    }
    await this.claimDue()
  }

  /** New events become deliveries; those that fit the endpoints' free lanes are leased and sent at once. */
  private async dispatch(): Promise<void> {
    for (;;) {
      const batchSize = this.dispatchBatch
      const rooms = new Map<string, number>()
      for (const [id, state] of this.endpoints) rooms.set(id, this.roomOf(state))
      const total = this.holdingBack() ? 0 : Math.max(0, this.slots.free)
      const dispatched = await dispatchEvents(this.pool, batchSize, {
        leaseMs: this.lease,
        rooms,
        defaultRoom: this.lanes,
        total,
      })
      this.dispatchBatch = nextDispatchBatch(batchSize, dispatched)
      if (dispatched.events > 0) this.options.metrics?.countEvents(dispatched.types)
      for (const endpoint of dispatched.endpoints) this.markDue(endpoint)
      const started = new Set<EndpointState>()
      for (const delivery of dispatched.leased) {
        const state = this.stateOf(delivery)
        state.queue.push(delivery)
        this.slots.take()
        started.add(state)
      }
      for (const state of started) this.startLanes(state)
      if (dispatched.events < batchSize || this.stopping) return
    }
  }

  /**
   * One statement for every due endpoint with room: its free lanes (and one lane's worth ahead while it
   * answers quickly), within the shared slots. An endpoint that yields all it was asked for goes to the
   * back of the line, still due; one that yields less has nothing more due for now.
   */
  private async claimDue(): Promise<void> {
    if (this.stopping || this.holdingBack()) return
    let free = this.slots.free
    let rows = 0
    const wants: (ClaimWant & { state: EndpointState })[] = []
    for (const id of this.due) {
      if (free <= 0 || rows >= maxClaimRows) {
        this.pumpAgain ||= rows >= maxClaimRows
        break
      }
      const state = this.endpoints.get(id)
      if (!state) {
        this.due.delete(id)
        continue
      }
      const room = this.roomOf(state)
      if (room <= 0) continue
      const n = Math.min(room, free, maxClaimRows - rows)
      state.reserved += n
      state.dueAgain = false
      this.slots.take(n)
      free -= n
      rows += n
      wants.push({ shop_id: state.shopId, endpoint_id: id, n, state })
    }
    if (wants.length === 0) return
    let claimed: Awaited<ReturnType<typeof claimDeliveries>>
    try {
      claimed = await claimDeliveries(this.pool, wants, this.lease)
    } catch (error) {
      for (const want of wants) {
        want.state.reserved -= want.n
        this.slots.give(want.n)
      }
      throw error
    }
    for (const want of wants) {
      want.state.reserved -= want.n
      this.slots.give(want.n)
      this.due.delete(want.endpoint_id)
      if ((claimed.taken.get(want.endpoint_id) ?? 0) >= want.n || want.state.dueAgain) this.due.add(want.endpoint_id)
    }
    for (const delivery of claimed.deliveries) {
      const state = this.endpoints.get(delivery.endpoint_id) as EndpointState
      state.queue.push(delivery)
      this.slots.take()
    }
    for (const want of wants) this.startLanes(want.state)
  }

  /** True while too many results wait to be recorded: nothing more is leased (see maxUnrecorded). */
  private holdingBack(): boolean {
    return this.recorder.waiting >= maxUnrecorded
  }

  /** Starts queued deliveries on the endpoint's free lanes. */
  private startLanes(state: EndpointState): void {
    if (this.stopping) return
    while (state.inflight < this.lanes && state.queue.length > 0) {
      const delivery = state.queue.shift() as ClaimedDelivery
      state.inflight += 1
      state.lastActive = Date.now()
      const attempt = this.attempt(state, delivery)
      this.attempts.add(attempt)
      attempt.finally(() => this.attempts.delete(attempt))
    }
  }

  /** Signs and sends one claimed delivery; its result joins the next record batch. */
  private async attempt(state: EndpointState, delivery: ClaimedDelivery): Promise<void> {
    // The slot it held while queued is held for the attempt's first second.
    const hold = this.slots.holdForAttempt()
    try {
      let secrets: string[]
      try {
        secrets = this.signing.secretsFor(delivery)
      } catch (error) {
        // A configuration fault costs the receiver nothing: no attempt, the lease is given back.
        this.options.log.error({ err: error, deliveryId: delivery.public_id }, 'a webhook secret cannot be read')
        await releaseLeases(this.pool, [delivery]).catch(() => {})
        return
      }
      const outcome = await sendDelivery(
        delivery,
        secrets,
        { webhooks: this.options.webhooks, agent: this.agent },
        this.signing.bodyFor(delivery),
      )
      state.healthy = outcome.succeeded && outcome.durationMs < sharedSlotMs
      this.options.metrics?.countAttempt(outcome)
      this.recorder.add({ delivery, outcome })
    } finally {
      this.slots.endAttempt(hold)
      state.inflight -= 1
      state.lastActive = Date.now()
      this.startLanes(state)
      this.requestPump()
    }
  }

  /** A disabled endpoint's deliveries waiting for a lane are not sent: their leases are given back. */
  private async dropQueue(endpointId: string): Promise<void> {
    const state = this.endpoints.get(endpointId)
    if (!state || state.queue.length === 0) return
    const dropped = state.queue.splice(0)
    this.slots.give(dropped.length)
    await releaseLeases(this.pool, dropped).catch(() => {})
  }

  /** Stops taking work, lets attempts in flight finish and record, then closes the queue. */
  async stop(): Promise<void> {
    if (this.stopping) return
    this.stopping = true
    if (this.scanTimer) clearInterval(this.scanTimer)
    this.slots.stop()
    await this.listener?.end().catch(() => {})
    await this.cycle
    await this.pumping
    // Claimed but not started: given back now, not when the lease lapses.
    const queued: ClaimedDelivery[] = []
    for (const state of this.endpoints.values()) queued.push(...state.queue.splice(0))
    this.slots.give(queued.length)
    await releaseLeases(this.pool, queued).catch(() => {})
    await Promise.all([...this.attempts])
    await this.recorder.drain()
    await this.boss?.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {})
    await this.bossPool?.end().catch(() => {})
    await this.agent.close().catch(() => {})
    await removeHeartbeat(this.pool, this.identity.id).catch(() => {})
    this.options.metrics?.unwatchPool('worker')
    await this.pool.end().catch(() => {})
  }
}
