-- Each running webhook worker (in `serve` or `shopapi worker`) says it is alive every few seconds, so
-- `shopapi status` can tell a stopped or stuck worker from an idle one. A row per process; a graceful
-- stop deletes its row, the maintenance job forgets rows silent for a day.
create table worker_heartbeats (
  id uuid primary key,
  application_name text not null,
  hostname text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  beat_at timestamptz not null default now()
);
