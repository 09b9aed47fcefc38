-- The ledger: the shop's named taxes, invoices and credit notes with their lines, taxes and discounts,
-- and the signed payments ledger. Same tenancy rules as 00001. Posted documents and payments are
-- immutable here, in the database, not only in code (triggers below).

-- Named taxes of a shop (docs/decisions.md "Taxes"): a percentage of the categories it applies to.
-- A job is taxed by every tax of its shop (unless it is not taxable or its order is exempt), each
-- rounded once per job. Changing a tax reprices the orders not yet invoiced, in the same transaction.
create table taxes (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  -- Percent: 8.875 for 8.875 %.
  rate numeric(7, 4) not null check (rate >= 0 and rate < 100),
  applies_to text[] not null check (cardinality(applies_to) between 1 and 3
    and applies_to <@ array['labor', 'parts', 'fees']::text[]),
  created_at timestamptz not null default date_trunc('milliseconds', now()),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  primary key (shop_id, id)
);
create unique index taxes_name_idx on taxes (shop_id, lower(name));

-- The single rate of 00005 becomes the shop's "Sales tax" on labor, parts and fees: the same amounts,
-- since a job's taxable base was its subtotal, which is labor + parts + fees for every taxed job.
insert into taxes (shop_id, name, rate, applies_to)
select id, 'Sales tax', tax_rate * 100, array['labor', 'parts', 'fees'] from shops where tax_rate > 0;
alter table shops drop column tax_rate;

-- Invoices and credit notes (one table: a credit note is an invoice with doc_type credit_note and
-- credit_note_of). Numbers are per shop and document type, from 1, taken from shop_counters in the
-- posting transaction: the counter row stays locked until commit and a rollback takes the increment
-- back with it, so numbers are gap-free and in commit order. A voided document keeps its number.
-- Amounts of a credit note are positive: the document type says they are a credit.
create table invoices (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  doc_type text not null check (doc_type in ('invoice', 'credit_note')),
  number bigint not null check (number >= 1),
  status text not null check (status in ('posted', 'voided')),
  currency char(3) not null,
  repair_order_id uuid not null,
  customer_id uuid not null,
  vehicle_id uuid,
  credit_note_of uuid,
  -- The shop-local date of posting (spec "Value formats": financial documents carry business dates).
  business_date date not null,
  posted_at timestamptz not null,
  -- Why a credit note was issued (staff's words); null on invoices.
  reason text check (char_length(reason) <= 500),
  voided_at timestamptz,
  void_reason text check (char_length(void_reason) <= 500),
  labor_total numeric(14, 2) not null,
  parts_total numeric(14, 2) not null,
  fees_total numeric(14, 2) not null,
  discounts_total numeric(14, 2) not null check (discounts_total <= 0),
  subtotal numeric(14, 2) not null check (subtotal = labor_total + parts_total + fees_total + discounts_total),
  tax_total numeric(14, 2) not null check (tax_total >= 0),
  total numeric(14, 2) not null check (total = subtotal + tax_total and total >= 0),
  created_at timestamptz not null,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  unique (shop_id, doc_type, number),
  foreign key (shop_id, repair_order_id) references repair_orders (shop_id, id),
  foreign key (shop_id, customer_id) references customers (shop_id, id),
  foreign key (shop_id, vehicle_id) references vehicles (shop_id, id),
  foreign key (shop_id, credit_note_of) references invoices (shop_id, id),
  check ((doc_type = 'credit_note') = (credit_note_of is not null)),
  check (doc_type = 'credit_note' or reason is null),
  check ((status = 'voided') = (voided_at is not null)),
  check (status = 'voided' or void_reason is null)
);
-- One live invoice per repair order: a second post (even a concurrent one) cannot add another.
create unique index invoices_live_per_order_idx on invoices (shop_id, repair_order_id)
  where doc_type = 'invoice' and status = 'posted';
create index invoices_created_idx on invoices (shop_id, created_at desc, public_id desc);
create index invoices_business_date_idx on invoices (shop_id, business_date, created_at desc, public_id desc);
create index invoices_repair_order_idx on invoices (shop_id, repair_order_id, created_at desc, public_id desc);
create index invoices_customer_idx on invoices (shop_id, customer_id, created_at desc, public_id desc);
create index invoices_credit_note_of_idx on invoices (shop_id, credit_note_of) where credit_note_of is not null;
create index invoices_public_id_idx on invoices (public_id);

-- The lines of a document, numbered from 1. Invoice lines come from the order's jobs (labor, part,
-- fee); a credit-note line credits one line of the invoice (credited_line). line_total = gross −
-- discount_alloc + tax_alloc; tax_allocs is tax_alloc per tax, in the order of invoice_taxes.
create table invoice_lines (
  shop_id uuid not null,
  invoice_id uuid not null,
  number integer not null check (number >= 1),
  type text not null check (type in ('labor', 'part', 'fee')),
  job_id uuid,
  description text not null,
  -- Hours, quantity, or 1 for a fee; with the rate or unit price. Null on credit-note lines.
  quantity numeric(14, 3),
  unit_price numeric(12, 2),
  gross_amount numeric(14, 2) not null check (gross_amount >= 0),
  discount_alloc numeric(14, 2) not null check (discount_alloc >= 0 and discount_alloc <= gross_amount),
  tax_alloc numeric(14, 2) not null check (tax_alloc >= 0),
  tax_allocs numeric(14, 2)[] not null,
  line_total numeric(14, 2) not null check (line_total = gross_amount - discount_alloc + tax_alloc),
  credited_line integer,
  primary key (shop_id, invoice_id, number),
  foreign key (shop_id, invoice_id) references invoices (shop_id, id),
  foreign key (shop_id, job_id) references jobs (shop_id, id)
);

-- The shop's taxes as they were when the document was posted (name, rate, categories copied), with
-- what each came to. taxable_amount is null on credit notes, which credit tax line by line.
create table invoice_taxes (
  shop_id uuid not null,
  invoice_id uuid not null,
  position integer not null check (position >= 1),
  name text not null,
  rate numeric(7, 4) not null,
  applies_to text[] not null,
  taxable_amount numeric(14, 2) check (taxable_amount >= 0),
  amount numeric(14, 2) not null check (amount >= 0),
  primary key (shop_id, invoice_id, position),
  foreign key (shop_id, invoice_id) references invoices (shop_id, id)
);

-- The order's discount jobs, each a document-level discount allocated to the lines.
create table invoice_discounts (
  shop_id uuid not null,
  invoice_id uuid not null,
  position integer not null check (position >= 1),
  job_id uuid not null,
  description text not null,
  amount numeric(14, 2) not null check (amount > 0),
  primary key (shop_id, invoice_id, position),
  foreign key (shop_id, invoice_id) references invoices (shop_id, id),
  foreign key (shop_id, job_id) references jobs (shop_id, id)
);

-- The signed payments ledger. A payment settles an invoice; a refund is negative; a reversal is the
-- negative of one payment (reversal_of), at most once per payment, never of a reversal.
create table payments (
  shop_id uuid not null references shops (id),
  id uuid not null default gen_random_uuid(),
  public_id text not null,
  invoice_id uuid not null,
  repair_order_id uuid not null,
  customer_id uuid not null,
  amount numeric(14, 2) not null check (amount <> 0),
  currency char(3) not null,
  method text not null check (method in ('card', 'cash', 'check', 'other')),
  business_date date not null,
  recorded_at timestamptz not null,
  reversal_of uuid,
  reason text check (char_length(reason) <= 500),
  created_at timestamptz not null,
  primary key (shop_id, id),
  unique (shop_id, public_id),
  foreign key (shop_id, invoice_id) references invoices (shop_id, id),
  foreign key (shop_id, repair_order_id) references repair_orders (shop_id, id),
  foreign key (shop_id, customer_id) references customers (shop_id, id),
  foreign key (shop_id, reversal_of) references payments (shop_id, id),
  check (reversal_of is null or amount < 0)
);
create unique index payments_reversed_once_idx on payments (shop_id, reversal_of) where reversal_of is not null;
create index payments_created_idx on payments (shop_id, created_at desc, public_id desc);
create index payments_business_date_idx on payments (shop_id, business_date, created_at desc, public_id desc);
create index payments_invoice_idx on payments (shop_id, invoice_id, created_at desc, public_id desc);
create index payments_repair_order_idx on payments (shop_id, repair_order_id, created_at desc, public_id desc);
create index payments_public_id_idx on payments (public_id);

-- Immutability, enforced here whatever the client: posted documents, their lines, taxes and discounts,
-- and payments never change and are never deleted. The one change allowed is voiding a posted
-- document: status posted -> voided with voided_at (and void_reason), every other column as it was.

create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% rows are immutable: % refused', tg_table_name, lower(tg_op)
    using errcode = 'object_not_in_prerequisite_state',
      hint = 'Correct a posted document with a credit note or a void, and a payment with a reversal';
end
$$;

create function invoices_allow_void_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.status = 'posted' and new.status = 'voided' and new.voided_at is not null
     and (to_jsonb(new) - 'status' - 'voided_at' - 'void_reason')
       = (to_jsonb(old) - 'status' - 'voided_at' - 'void_reason') then
    return new;
  end if;
  raise exception 'invoices are immutable once posted: % refused (only posted -> voided is allowed)', lower(tg_op)
    using errcode = 'object_not_in_prerequisite_state',
      hint = 'Correct a posted document with a credit note or a void';
end
$$;

create trigger invoices_immutable before update or delete on invoices
  for each row execute function invoices_allow_void_only();
create trigger invoice_lines_immutable before update or delete on invoice_lines
  for each row execute function ledger_refuse_change();
create trigger invoice_taxes_immutable before update or delete on invoice_taxes
  for each row execute function ledger_refuse_change();
create trigger invoice_discounts_immutable before update or delete on invoice_discounts
  for each row execute function ledger_refuse_change();
create trigger payments_immutable before update or delete on payments
  for each row execute function ledger_refuse_change();
create trigger invoices_no_truncate before truncate on invoices
  for each statement execute function ledger_refuse_change();
create trigger invoice_lines_no_truncate before truncate on invoice_lines
  for each statement execute function ledger_refuse_change();
create trigger invoice_taxes_no_truncate before truncate on invoice_taxes
  for each statement execute function ledger_refuse_change();
create trigger invoice_discounts_no_truncate before truncate on invoice_discounts
  for each statement execute function ledger_refuse_change();
create trigger payments_no_truncate before truncate on payments
  for each statement execute function ledger_refuse_change();

-- A document is born posted, and its lines, taxes and discounts are written only by the transaction
-- that posts it: none can be added to a document later. (xmin of the document row is the transaction
-- that inserted it, compared modulo 2^32 with the current transaction id.)
create function invoice_children_only_at_posting() returns trigger language plpgsql as $$
begin
  if not exists (
    select 1 from invoices i
    where i.shop_id = new.shop_id and i.id = new.invoice_id and i.status = 'posted'
      and i.xmin::text::bigint = pg_current_xact_id()::text::bigint % 4294967296
  ) then
    raise exception '% of a posted document cannot be added after it was posted', tg_table_name
      using errcode = 'object_not_in_prerequisite_state';
  end if;
  return new;
end
$$;

create trigger invoice_lines_at_posting before insert on invoice_lines
  for each row execute function invoice_children_only_at_posting();
create trigger invoice_taxes_at_posting before insert on invoice_taxes
  for each row execute function invoice_children_only_at_posting();
create trigger invoice_discounts_at_posting before insert on invoice_discounts
  for each row execute function invoice_children_only_at_posting();

create function invoices_born_posted() returns trigger language plpgsql as $$
begin
  if new.status <> 'posted' or new.voided_at is not null then
    raise exception 'a document is inserted posted, and voided only later' using errcode = 'check_violation';
  end if;
  return new;
end
$$;

create trigger invoices_insert_posted before insert on invoices
  for each row execute function invoices_born_posted();

-- At commit, a document's lines add up to its header to the cent: gross by type to labor, parts and
-- fees, discount_alloc to the discounts, tax_alloc to the tax and to its taxes, line_total to the total.
create function invoice_lines_match_header() returns trigger language plpgsql as $$
declare
  header invoices%rowtype;
  sums record;
  taxes_sum numeric;
begin
  select * into header from invoices where shop_id = new.shop_id and id = new.id;
  select coalesce(sum(gross_amount) filter (where type = 'labor'), 0) as labor,
         coalesce(sum(gross_amount) filter (where type = 'part'), 0) as parts,
         coalesce(sum(gross_amount) filter (where type = 'fee'), 0) as fees,
         coalesce(sum(discount_alloc), 0) as discounts,
         coalesce(sum(tax_alloc), 0) as tax,
         coalesce(sum(line_total), 0) as total
    into sums from invoice_lines where shop_id = new.shop_id and invoice_id = new.id;
  select coalesce(sum(amount), 0) into taxes_sum from invoice_taxes where shop_id = new.shop_id and invoice_id = new.id;
  if sums.labor <> header.labor_total or sums.parts <> header.parts_total or sums.fees <> header.fees_total
     or -sums.discounts <> header.discounts_total or sums.tax <> header.tax_total or taxes_sum <> header.tax_total
     or sums.total <> header.total then
    raise exception 'the lines of % % do not add up to its header', header.doc_type, header.public_id
      using errcode = 'check_violation';
  end if;
  return null;
end
$$;

create constraint trigger invoices_lines_add_up after insert on invoices
  deferrable initially deferred for each row execute function invoice_lines_match_header();

-- Reversals: of a payment that is not itself a reversal, of the same invoice, for exactly its amount.
create function payments_reversal_rules() returns trigger language plpgsql as $$
declare
  original payments%rowtype;
begin
  if new.reversal_of is null then
    return new;
  end if;
  select * into original from payments where shop_id = new.shop_id and id = new.reversal_of;
  if original.reversal_of is not null then
    raise exception 'a reversal cannot be reversed' using errcode = 'check_violation';
  end if;
  if original.invoice_id <> new.invoice_id or new.amount <> -original.amount then
    raise exception 'a reversal is the negative of its payment, on the same invoice' using errcode = 'check_violation';
  end if;
  return new;
end
$$;

create trigger payments_reversal_check before insert on payments
  for each row execute function payments_reversal_rules();
