-- Shops, integrations and API keys.
-- Tenancy: every row of shop data carries shop_id, and every primary, unique and foreign key of
-- shop data includes it, so the schema can be distributed by shop (Citus) without reshaping.
-- Public ids (shop_..., int_..., key_...) are separate from the internal UUIDs, which never leave
-- the database.

create table shops (
  id uuid primary key default gen_random_uuid(),
  public_id text not null unique,
  name text not null check (char_length(name) between 1 and 200),
  timezone text not null,
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table integrations (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  name text not null check (char_length(name) between 1 and 200),
  scopes text[] not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (shop_id, id),
  unique (shop_id, public_id)
);
-- Operators address integrations by public id without naming the shop.
create index integrations_public_id_idx on integrations (public_id);

create table api_keys (
  shop_id uuid not null,
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  integration_id uuid not null,
  lookup_id text not null,
  display_prefix text not null,
  secret_hash bytea not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  unique (shop_id, lookup_id),
  foreign key (shop_id, integration_id) references integrations (shop_id, id)
);
-- Authentication knows only the key, not yet the shop.
create index api_keys_lookup_id_idx on api_keys (lookup_id);
create index api_keys_public_id_idx on api_keys (public_id);
create index api_keys_integration_idx on api_keys (shop_id, integration_id);
