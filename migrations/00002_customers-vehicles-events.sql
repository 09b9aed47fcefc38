-- Customers, vehicles, integration-private external ids, idempotency records and the event outbox.
-- Same tenancy rules as 00001: shop_id leads every key. List indexes end in public_id because cursors
-- are keyed on (sort column, public_id): the public id is the stable tie-breaker clients may see.
-- Instants are kept at millisecond precision, the precision responses show, so a client's
-- `updated_after=<the updated_at it saw>` means exactly what it says.

-- Trusted extension (PostgreSQL 13+): a database owner may create it without superuser rights.
create extension if not exists pg_trgm;

create table customers (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  first_name text not null,
  last_name text not null,
  company_name text,
  email text,
  phone text,
  phone_normalized text,
  phone_alt text,
  phone_alt_normalized text,
  address_line1 text,
  address_city text,
  address_region text,
  address_postal_code text,
  address_country text,
  preferred_contact text,
  consent_sms_transactional boolean not null default false,
  consent_sms_marketing boolean not null default false,
  consent_email_transactional boolean not null default false,
  consent_email_marketing boolean not null default false,
  consent_voice boolean not null default false,
  consent_do_not_call boolean not null default false,
  notes text,
  tags text[] not null default '{}',
  fleet_account boolean not null default false,
  tax_exempt boolean not null default false,
  archived_at timestamptz,
  archive_reason text,
  merged_into_id uuid,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  -- What `q` searches: names, company, email and phones, lower-cased once at write time.
  search_text text generated always as (
    lower(first_name || ' ' || last_name || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '')
      || ' ' || coalesce(phone, '') || ' ' || coalesce(phone_alt, ''))
  ) stored,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, merged_into_id) references customers (shop_id, id)
);
create index customers_created_idx on customers (shop_id, created_at desc, public_id desc);
create index customers_updated_idx on customers (shop_id, updated_at desc, public_id desc);
-- Not partial: Postgres keeps statistics for an expression index only when it is not partial, and
-- without them it misjudges `lower(email) = ...` at scale and walks the created_at index instead.
create index customers_email_idx on customers (shop_id, lower(email));
create index customers_phone_idx on customers (shop_id, phone_normalized) where phone_normalized is not null;
create index customers_phone_alt_idx on customers (shop_id, phone_alt_normalized) where phone_alt_normalized is not null;
-- The shop's own tools (CLI merges) address records by public id without naming the shop.
create index customers_public_id_idx on customers (public_id);
create index customers_search_idx on customers using gin (search_text gin_trgm_ops);

create table vehicles (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  customer_id uuid not null,
  vin text,
  year integer,
  make text,
  model text,
  trim text,
  engine text,
  color text,
  plate text,
  plate_normalized text,
  plate_region text,
  unit_number text,
  odometer integer,
  notes text,
  archived_at timestamptz,
  archive_reason text,
  merged_into_id uuid,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  search_text text generated always as (
    lower(coalesce(vin, '') || ' ' || coalesce(year::text, '') || ' ' || coalesce(make, '') || ' '
      || coalesce(model, '') || ' ' || coalesce(trim, '') || ' ' || coalesce(color, '') || ' '
      || coalesce(plate, '') || ' ' || coalesce(unit_number, ''))
  ) stored,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, customer_id) references customers (shop_id, id),
  foreign key (shop_id, merged_into_id) references vehicles (shop_id, id)
);
create index vehicles_created_idx on vehicles (shop_id, created_at desc, public_id desc);
create index vehicles_updated_idx on vehicles (shop_id, updated_at desc, public_id desc);
create index vehicles_customer_idx on vehicles (shop_id, customer_id, created_at desc, public_id desc);
create index vehicles_vin_idx on vehicles (shop_id, vin) where vin is not null;
create index vehicles_plate_idx on vehicles (shop_id, plate_normalized) where plate_normalized is not null;
create index vehicles_unit_number_idx on vehicles (shop_id, lower(unit_number));
create index vehicles_public_id_idx on vehicles (public_id);
create index vehicles_search_idx on vehicles using gin (search_text gin_trgm_ops);

-- An integration's own id for a record (spec "External references"): private to that integration,
-- one per record and one record per id, per integration and object type.
create table external_refs (
  shop_id uuid not null,
  integration_id uuid not null,
  object_type text not null check (object_type in ('customer', 'vehicle', 'repair_order', 'task')),
  object_id uuid not null,
  external_id text not null check (char_length(external_id) between 1 and 255),
  created_at timestamptz not null default now(),
  primary key (shop_id, integration_id, object_type, object_id),
  unique (shop_id, integration_id, object_type, external_id),
  foreign key (shop_id, integration_id) references integrations (shop_id, id)
);

-- Idempotency-Key records, scoped to the integration. While `completed_at` is null the first request
-- is still running (its transaction holds the row). The response is kept encrypted for 7 days; the
-- fingerprint (the tombstone) for 30.
create table idempotency_keys (
  shop_id uuid not null,
  integration_id uuid not null,
  key text not null,
  fingerprint bytea not null,
  response_status integer,
  response_sealed bytea,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (shop_id, integration_id, key),
  foreign key (shop_id, integration_id) references integrations (shop_id, id)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

-- The transactional outbox: every change records its events in the transaction that makes it.
-- `sequence` orders the log for GET /events and delivery.
create table events (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  sequence bigint generated always as identity,
  public_id text not null,
  type text not null,
  api_version text not null default 'v1',
  test boolean not null default false,
  object_type text not null,
  object_id text not null,
  summary jsonb not null default '{}',
  -- Who made the change: the integration, or null for the shop itself (CLI, staff, automation).
  integration_id uuid,
  created_at timestamptz not null default now(),
  primary key (shop_id, id),
  unique (shop_id, public_id)
);
create index events_sequence_idx on events (shop_id, sequence);
create index events_object_idx on events (shop_id, object_id);
create index events_created_idx on events (created_at);
