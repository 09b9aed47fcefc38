import type pg from 'pg'
import { createClient } from './hosts.js'
import { type ConnectionLog, connectionErrorDetails, connectTimeoutMs } from './pool.js'

export interface NotificationListenerOptions {
  connectionString: string
  channel: string
  applicationName: string
  log: ConnectionLog
  /** LISTEN is in place: every commit from now on that notifies the channel will be delivered. */
  onListening(): void
  /** The connection is gone (or stopped answering): notifications may be missed from now on. */
  onLost(): void
  onNotification(payload: string): void
}

const firstRetryMs = 100
const maxRetryMs = 5_000
// A connection that vanished without a word (a cut network, a frozen server) is noticed by a
// heartbeat on it, not by TCP keepalive (minutes): silence longer than this counts as lost.
const heartbeatEveryMs = 5_000
const heartbeatTimeoutMs = 5_000

/**
 * One connection that LISTENs on one channel and says, through its callbacks, exactly when
 * notifications can be trusted: from onListening until onLost. It reconnects with backoff by itself.
 */
export class NotificationListener {
  private readonly options: NotificationListenerOptions
  private client: pg.Client | undefined
  private retryTimer: NodeJS.Timeout | undefined
  private heartbeat: NodeJS.Timeout | undefined
  private failures = 0
  private stopped = false

  constructor(options: NotificationListenerOptions) {
    this.options = options
  }

  /** Resolves after the first attempt, listening or not: a database that is away is retried, fail closed. */
  start(): Promise<void> {
    return this.connect()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retryTimer)
    const client = this.client
    if (client) this.drop(client)
    await client?.end().catch(() => {})
  }

  private async connect(): Promise<void> {
    this.retryTimer = undefined
    if (this.stopped) return
    const client = createClient(this.options.connectionString, {
      application_name: this.options.applicationName,
      // An unreachable server fails the attempt (and it is retried) instead of holding it open.
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    })
    const lose = (error: unknown) => {
      if (this.client !== client) return
      this.drop(client)
      client.end().catch(() => {})
      if (this.stopped) return
      this.options.log.warn(
        connectionErrorDetails(error),
        'lost the auth-change connection: authenticating from the database until it is back',
      )
      this.retry()
    }
    client.on('error', lose)
    client.on('end', () => lose(new Error('Connection terminated')))
    client.on('notification', (message) => {
      if (this.client === client && message.channel === this.options.channel) {
        this.options.onNotification(message.payload ?? '')
      }
    })
    try {
      await client.connect()
      await client.query(`listen ${this.options.channel}`)
    } catch (error) {
      client.end().catch(() => {})
      if (this.stopped) return
      if (this.failures === 0) this.options.log.warn(connectionErrorDetails(error), 'auth-change connection failed')
      this.retry()
      return
    }
    // stop() may have run while this connected: a connection kept now would outlive shutdown.
    if (this.stopped) {
      await client.end().catch(() => {})
      return
    }
    this.failures = 0
    this.client = client
    this.heartbeat = setInterval(() => this.beat(client, lose), heartbeatEveryMs).unref()
    this.options.onListening()
  }

  private beat(client: pg.Client, lose: (error: unknown) => void): void {
    const timer = setTimeout(() => lose(new Error('heartbeat timed out')), heartbeatTimeoutMs).unref()
    client
      .query('select 1')
      .catch(lose)
      .finally(() => clearTimeout(timer))
  }

  /** Forgets the connection, and says so before anything else can trust it. */
  private drop(client: pg.Client): void {
    if (this.client !== client) return
    this.client = undefined
    clearInterval(this.heartbeat)
    this.options.onLost()
  }

  private retry(): void {
    // Jittered so that processes which lost the database together do not return in lockstep.
    const delay = Math.min(maxRetryMs, firstRetryMs * 2 ** this.failures) * (0.5 + Math.random() / 2)
    this.failures += 1
    this.retryTimer = setTimeout(() => this.connect().catch(() => {}), delay).unref()
  }
}
