-- The shop floor: technicians, repair orders with their jobs, labor and parts, canned jobs and
-- inventory (with tire sizes). Same tenancy rules as 00001; list indexes end in public_id for the
-- keyset cursors. Money is numeric (never float): 2 decimal places for amounts, 3 for quantities.
-- Pricing totals are kept on jobs and repair orders, recomputed (decimal.js) in the transaction that
-- changes a line, so a page of 200 repair orders never sums thousands of lines.

-- Sales tax applied to taxable jobs (e.g. 0.0825 for 8.25 %); the shop sets it (`shops update`).
alter table shops add column tax_rate numeric(6, 5) not null default 0 check (tax_rate >= 0 and tax_rate < 1);

-- Per-shop human sequences (repair-order numbers). A counter row is locked only until the creating
-- transaction ends; a rolled-back creation leaves a gap, which the contract tolerates.
create table shop_counters (
  shop_id uuid not null references shops (id),
  name text not null,
  value bigint not null,
  primary key (shop_id, name)
);

create table technicians (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  name text not null check (char_length(name) between 1 and 100),
  email text,
  active boolean not null default true,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id),
  unique (shop_id, public_id)
);
create index technicians_created_idx on technicians (shop_id, created_at desc, public_id desc);
create index technicians_updated_idx on technicians (shop_id, updated_at desc, public_id desc);
create index technicians_public_id_idx on technicians (public_id);

create table repair_orders (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  number_value bigint not null,
  -- The internal state: the public states plus states the API shows as `unknown` (on_hold).
  state text not null default 'estimating',
  customer_id uuid not null,
  vehicle_id uuid not null,
  origin_appointment_id uuid,
  customer_concern text,
  odometer_in integer,
  odometer_out integer,
  is_comeback boolean not null default false,
  tax_exempt boolean not null default false,
  promised_at timestamptz,
  completed_at timestamptz,
  invoiced_at timestamptz,
  picked_up_at timestamptz,
  -- Sums of the jobs that count (not declined, deferred or cancelled).
  labor_total numeric(14, 2) not null default 0,
  parts_total numeric(14, 2) not null default 0,
  fees_total numeric(14, 2) not null default 0,
  discounts_total numeric(14, 2) not null default 0,
  subtotal numeric(14, 2) not null default 0,
  tax_total numeric(14, 2) not null default 0,
  total numeric(14, 2) not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id),
  unique (shop_id, public_id),
  unique (shop_id, number_value),
  foreign key (shop_id, customer_id) references customers (shop_id, id),
  foreign key (shop_id, vehicle_id) references vehicles (shop_id, id)
);
create index repair_orders_created_idx on repair_orders (shop_id, created_at desc, public_id desc);
create index repair_orders_updated_idx on repair_orders (shop_id, updated_at desc, public_id desc);
create index repair_orders_state_idx on repair_orders (shop_id, state, created_at desc, public_id desc);
create index repair_orders_customer_idx on repair_orders (shop_id, customer_id, created_at desc, public_id desc);
create index repair_orders_vehicle_idx on repair_orders (shop_id, vehicle_id, created_at desc, public_id desc);
create index repair_orders_public_id_idx on repair_orders (public_id);

create table canned_jobs (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  -- The shop's own key for the canned job: what an import matches rows on.
  code text not null,
  name text not null,
  category text,
  description text,
  default_hours numeric(8, 2),
  labor_rate numeric(12, 2),
  kind text not null default 'service',
  taxable boolean not null default true,
  active boolean not null default true,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  search_text text generated always as (
    lower(code || ' ' || name || ' ' || coalesce(category, '') || ' ' || coalesce(description, ''))
  ) stored,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  unique (shop_id, code)
);
create index canned_jobs_created_idx on canned_jobs (shop_id, created_at desc, public_id desc);
create index canned_jobs_category_idx on canned_jobs (shop_id, lower(category), created_at desc, public_id desc);
create index canned_jobs_search_idx on canned_jobs using gin (search_text gin_trgm_ops);
create index canned_jobs_public_id_idx on canned_jobs (public_id);

create table inventory_items (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  name text,
  brand text,
  category text,
  -- The import key; unique per shop when present.
  part_number text,
  location text,
  product_family text not null default 'part',
  uom text not null default 'each',
  quantity_on_hand numeric(14, 3) not null default 0,
  quantity_reserved numeric(14, 3) not null default 0,
  active boolean not null default true,
  unit_price numeric(12, 2),
  unit_cost numeric(12, 2),
  average_cost numeric(12, 2),
  tire_size text,
  tire_width integer,
  tire_aspect_ratio integer,
  tire_rim_diameter numeric(4, 1),
  tire_construction text,
  tire_service_type text,
  tire_load_index integer,
  tire_speed_rating text,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  search_text text generated always as (
    lower(coalesce(name, '') || ' ' || coalesce(brand, '') || ' ' || coalesce(part_number, '') || ' '
      || coalesce(category, '') || ' ' || coalesce(tire_size, ''))
  ) stored,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  unique (shop_id, part_number)
);
create index inventory_items_created_idx on inventory_items (shop_id, created_at desc, public_id desc);
create index inventory_items_family_idx on inventory_items (shop_id, product_family, created_at desc, public_id desc);
create index inventory_items_tire_idx on inventory_items (shop_id, tire_width, tire_aspect_ratio, tire_rim_diameter)
  where tire_width is not null;
create index inventory_items_search_idx on inventory_items using gin (search_text gin_trgm_ops);
create index inventory_items_public_id_idx on inventory_items (public_id);

-- Parts a canned job brings with it, in the order the shop lists them.
create table canned_job_parts (
  shop_id uuid not null,
  id uuid not null default gen_random_uuid(),
  canned_job_id uuid not null,
  position integer not null,
  inventory_item_id uuid,
  part_number text,
  description text,
  quantity numeric(14, 3),
  unit_price numeric(12, 2),
  unit_cost numeric(12, 2),
  primary key (shop_id, id),
  unique (shop_id, canned_job_id, position),
  foreign key (shop_id, canned_job_id) references canned_jobs (shop_id, id) on delete cascade,
  foreign key (shop_id, inventory_item_id) references inventory_items (shop_id, id)
);

create table jobs (
  shop_id uuid not null,
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  repair_order_id uuid not null,
  name text not null,
  description text,
  kind text not null default 'service',
  decision_state text not null default 'pending',
  execution_state text not null default 'not_started',
  canned_job_id uuid,
  technician_id uuid,
  labor_hours numeric(8, 2),
  taxable boolean not null default true,
  -- The amount of a fee, or of a discount (stored positive, shown negative).
  flat_amount numeric(12, 2),
  started_at timestamptz,
  completed_at timestamptz,
  labor_total numeric(14, 2) not null default 0,
  parts_total numeric(14, 2) not null default 0,
  fees_total numeric(14, 2) not null default 0,
  discounts_total numeric(14, 2) not null default 0,
  subtotal numeric(14, 2) not null default 0,
  tax_total numeric(14, 2) not null default 0,
  total numeric(14, 2) not null default 0,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, repair_order_id) references repair_orders (shop_id, id),
  foreign key (shop_id, canned_job_id) references canned_jobs (shop_id, id),
  foreign key (shop_id, technician_id) references technicians (shop_id, id)
);
create index jobs_repair_order_idx on jobs (shop_id, repair_order_id, created_at desc, public_id desc);
create index jobs_public_id_idx on jobs (public_id);

create table job_labor (
  shop_id uuid not null,
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  job_id uuid not null,
  technician_id uuid,
  description text,
  hours numeric(8, 2) not null,
  rate numeric(12, 2) not null,
  amount numeric(14, 2) not null,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, job_id) references jobs (shop_id, id),
  foreign key (shop_id, technician_id) references technicians (shop_id, id)
);
create index job_labor_job_idx on job_labor (shop_id, job_id, created_at desc, public_id desc);

create table job_parts (
  shop_id uuid not null,
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  job_id uuid not null,
  inventory_item_id uuid,
  part_number text,
  description text not null,
  quantity numeric(14, 3) not null,
  unit_price numeric(12, 2) not null,
  amount numeric(14, 2) not null,
  unit_cost numeric(12, 2),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, job_id) references jobs (shop_id, id),
  foreign key (shop_id, inventory_item_id) references inventory_items (shop_id, id)
);
create index job_parts_job_idx on job_parts (shop_id, job_id, created_at desc, public_id desc);
