import type { Queryable } from '../db/pool.js'

/** How often a worker writes its heartbeat, and how old the newest may be before status calls it stale. */
export const heartbeatIntervalMs = 5_000
export const heartbeatStaleMs = 30_000

export interface WorkerIdentity {
  id: string
  applicationName: string
  hostname: string
  pid: number
}

/** This worker is alive now (one upsert on its own row). */
export async function writeHeartbeat(db: Queryable, worker: WorkerIdentity): Promise<void> {
  await db.query({
    name: 'shopapi-worker-heartbeat',
    text: `insert into worker_heartbeats (id, application_name, hostname, pid) values ($1, $2, $3, $4)
       on conflict (id) do update set beat_at = now()`,
    values: [worker.id, worker.applicationName, worker.hostname, worker.pid],
  })
}

/** A graceful stop: the worker is gone, not stale. */
export async function removeHeartbeat(db: Queryable, id: string): Promise<void> {
  await db.query('delete from worker_heartbeats where id = $1', [id])
}

/** Rows of workers silent for a day (crashed or killed): forgotten by the maintenance job. */
export async function purgeSilentWorkers(db: Queryable): Promise<number> {
  const { rowCount } = await db.query("delete from worker_heartbeats where beat_at < now() - interval '1 day'")
  return rowCount ?? 0
}

export interface HeartbeatRow {
  application_name: string
  hostname: string
  pid: number
  started_at: Date
  beat_at: Date
  age_seconds: number
}

/** Every worker heard from in the last day, newest beat first. */
export async function readHeartbeats(db: Queryable): Promise<HeartbeatRow[]> {
  const { rows } = await db.query<HeartbeatRow>(
    `select application_name, hostname, pid, started_at, beat_at,
       greatest(0, extract(epoch from now() - beat_at))::float8 as age_seconds
     from worker_heartbeats order by beat_at desc`,
  )
  return rows
}
