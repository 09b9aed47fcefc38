-- Tasks: the shop's to-do items, assigned to technicians and optionally about a repair order, a customer
-- or a vehicle. Same tenancy rules as 00001; list indexes end in public_id for the keyset cursors.

create table tasks (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  title text not null check (char_length(title) between 1 and 255),
  description text check (char_length(description) <= 5000),
  -- The contract's values (spec "States and transitions", Task); `done` only through the complete action.
  status text not null default 'open' check (status in ('open', 'in_progress', 'blocked', 'waiting', 'done')),
  priority text not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent')),
  assignee_id uuid,
  repair_order_id uuid,
  customer_id uuid,
  vehicle_id uuid,
  due_at timestamptz,
  completed_at timestamptz,
  version integer not null default 1,
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, assignee_id) references technicians (shop_id, id),
  foreign key (shop_id, repair_order_id) references repair_orders (shop_id, id),
  foreign key (shop_id, customer_id) references customers (shop_id, id),
  foreign key (shop_id, vehicle_id) references vehicles (shop_id, id),
  -- A done task carries the instant it was completed, and only a done task does (reopening clears it).
  check ((status = 'done') = (completed_at is not null))
);
create index tasks_created_idx on tasks (shop_id, created_at desc, public_id desc);
create index tasks_updated_idx on tasks (shop_id, updated_at desc, public_id desc);
create index tasks_status_idx on tasks (shop_id, status, created_at desc, public_id desc);
create index tasks_assignee_idx on tasks (shop_id, assignee_id, created_at desc, public_id desc)
  where assignee_id is not null;
