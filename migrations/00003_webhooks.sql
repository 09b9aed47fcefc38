-- Webhook endpoints, their deliveries and every attempt. Our tables are the truth about a delivery
-- (state, attempts, next attempt time); pg-boss only carries "this endpoint has due work" between
-- processes, so a lost or expired job never loses a delivery.

create table webhook_endpoints (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  integration_id uuid not null,
  url text not null check (char_length(url) between 12 and 2000),
  description text check (char_length(description) <= 255),
  event_types text[] not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  disabled_reason text,
  -- secretbox(whsec_...) under the seal key; the plaintext exists only in the create/rotate response.
  secret_sealed bytea not null,
  -- The secret before the last rotation keeps signing until previous_secret_expires_at, then is erased.
  previous_secret_sealed bytea,
  previous_secret_expires_at timestamptz,
  -- Start of the current unbroken run of failed attempts; any success clears it.
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, integration_id) references integrations (shop_id, id),
  check ((previous_secret_sealed is null) = (previous_secret_expires_at is null))
);
create index webhook_endpoints_integration_idx on webhook_endpoints (shop_id, integration_id, created_at);
-- Operators address endpoints by public id without naming the shop.
create index webhook_endpoints_public_id_idx on webhook_endpoints (public_id);
create index webhook_endpoints_previous_secret_idx on webhook_endpoints (previous_secret_expires_at)
  where previous_secret_expires_at is not null;

-- Events committed before this migration are history, not news: only new events are dispatched.
alter table events add column dispatched boolean not null default true;
alter table events alter column dispatched set default false;
create index events_undispatched_idx on events (sequence) where not dispatched;
-- GET /events pages newest first on (created_at, public_id), like every list.
create index events_list_idx on events (shop_id, created_at desc, public_id desc);

-- Wakes the webhook dispatcher at commit (NOTIFY is delivered only when the transaction commits, and
-- repeated notifications within one transaction fold into one).
create function notify_events_inserted() returns trigger language plpgsql as $$
begin
  perform pg_notify('shopapi_events', '');
  return null;
end
$$;
create trigger events_inserted_notify after insert on events
  for each statement execute function notify_events_inserted();

create table webhook_deliveries (
  shop_id uuid not null,
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  endpoint_id uuid not null,
  event_id uuid not null,
  -- event: dispatched from the outbox; test: POST .../test; replay: `shopapi events replay`.
  origin text not null check (origin in ('event', 'test', 'replay')),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  -- Every attempt, and those that follow the retry schedule (manual resends do not move it).
  attempt_count integer not null default 0,
  automatic_attempts integer not null default 0,
  next_attempt_at timestamptz,
  -- Held while an attempt is in flight; a worker that dies lets it lapse and the attempt runs again.
  lease_expires_at timestamptz,
  last_attempt_at timestamptz,
  last_response_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, endpoint_id) references webhook_endpoints (shop_id, id) on delete cascade,
  -- Purging an event after 30 days takes its deliveries with it: the resend window is the same.
  foreign key (shop_id, event_id) references events (shop_id, id) on delete cascade,
  check ((status = 'pending') = (next_attempt_at is not null))
);
create index webhook_deliveries_due_idx on webhook_deliveries (endpoint_id, next_attempt_at)
  where status = 'pending';
-- Test deliveries go out even while their endpoint is disabled and its other deliveries are held.
create index webhook_deliveries_due_test_idx on webhook_deliveries (endpoint_id, next_attempt_at)
  where status = 'pending' and origin = 'test';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (shop_id, endpoint_id, created_at desc);
create index webhook_deliveries_event_idx on webhook_deliveries (shop_id, event_id);
create index webhook_deliveries_created_idx on webhook_deliveries (created_at desc);
create index webhook_deliveries_public_id_idx on webhook_deliveries (public_id);

create table webhook_attempts (
  shop_id uuid not null,
  delivery_id uuid not null,
  number integer not null,
  started_at timestamptz not null,
  duration_ms integer not null,
  -- The HTTP status when a response came back; otherwise error says what went wrong.
  response_status integer,
  error text,
  -- The first 4 KB of the response body, for support staff.
  response_body text,
  -- Which secrets signed it: 1, or 2 during a rotation's overlap.
  signatures integer not null,
  manual boolean not null default false,
  primary key (shop_id, delivery_id, number),
  foreign key (shop_id, delivery_id) references webhook_deliveries (shop_id, id) on delete cascade
);

-- Event instants are kept to the millisecond, like every other instant: list cursors carry them.
update events set created_at = date_trunc('milliseconds', created_at);
alter table events alter column created_at set default date_trunc('milliseconds', now());
