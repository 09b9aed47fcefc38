-- Appointments and the shop's booking rules: weekly opening hours with a daily capacity, closures
-- (holidays), a daily capacity per technician, and whether bookings wait for the shop's confirmation.
-- Same tenancy rules as 00001; list indexes end in public_id for the keyset cursors.

-- When true, a booking through the API is `requested` until the shop confirms it (`booked`).
alter table shops add column confirm_bookings boolean not null default false;

-- Appointments per day this technician takes; null: no limit of their own.
alter table technicians add column daily_capacity integer check (daily_capacity between 0 and 1000);

-- The week of a shop. No rows at all: the shop has not set its hours, and takes bookings at any time
-- (up to the default daily capacity). Once set, a weekday without opening times is closed.
create table shop_hours (
  shop_id uuid not null references shops (id),
  -- ISO weekday: 1 Monday ... 7 Sunday.
  weekday smallint not null check (weekday between 1 and 7),
  open_time time,
  close_time time,
  -- Appointments per day (all technicians together).
  capacity integer not null check (capacity between 0 and 10000),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, weekday),
  check ((open_time is null) = (close_time is null)),
  check (open_time is null or open_time < close_time)
);

-- Dates the shop is closed whatever its week says (holidays, stock-taking).
create table shop_closures (
  shop_id uuid not null references shops (id),
  date date not null,
  reason text check (char_length(reason) <= 255),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, date)
);

create table appointments (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  status text not null,
  -- The wall clock the customer booked, read in `timezone` (the shop's zone when booked).
  date date not null,
  local_time time not null,
  timezone text not null,
  -- The resolved instant and the offset it was resolved with (so a fall-back time stays the one chosen).
  starts_at timestamptz,
  utc_offset text not null,
  duration_minutes integer not null check (duration_minutes between 15 and 600),
  reason text check (char_length(reason) <= 255),
  notes text check (char_length(notes) <= 5000),
  customer_id uuid not null,
  vehicle_id uuid,
  technician_id uuid,
  repair_order_id uuid,
  confirmed_at timestamptz,
  arrived_at timestamptz,
  cancelled_at timestamptz,
  status_reason text check (char_length(status_reason) <= 255),
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, customer_id) references customers (shop_id, id),
  foreign key (shop_id, vehicle_id) references vehicles (shop_id, id),
  foreign key (shop_id, technician_id) references technicians (shop_id, id),
  foreign key (shop_id, repair_order_id) references repair_orders (shop_id, id)
);
create index appointments_created_idx on appointments (shop_id, created_at desc, public_id desc);
create index appointments_updated_idx on appointments (shop_id, updated_at desc, public_id desc);
create index appointments_date_idx on appointments (shop_id, date, created_at desc, public_id desc);
create index appointments_customer_idx on appointments (shop_id, customer_id, created_at desc, public_id desc);
create index appointments_vehicle_idx on appointments (shop_id, vehicle_id, created_at desc, public_id desc)
  where vehicle_id is not null;
create index appointments_technician_idx on appointments (shop_id, technician_id, date)
  where technician_id is not null;
create index appointments_public_id_idx on appointments (public_id);
-- The no-show sweep reads only appointments still waiting for their customer.
create index appointments_waiting_idx on appointments (date) where status in ('requested', 'booked');

-- One repair order per appointment, held by the database: concurrent conversions cannot both create one.
alter table repair_orders
  add foreign key (shop_id, origin_appointment_id) references appointments (shop_id, id);
create unique index repair_orders_origin_appointment_idx on repair_orders (shop_id, origin_appointment_id)
  where origin_appointment_id is not null;
