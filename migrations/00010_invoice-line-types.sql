-- Invoice lines follow the contract's line types (spec "Invoice": service, fee, discount, and others).
-- A labor entry of a service job is a `service` line; `labor` stays for labor of other jobs (no-charge,
-- fee) and for documents posted before this migration, which are immutable and keep their types.
-- A discount job becomes a `discount` line as well as a document-level discount allocated to the
-- charged lines: gross −amount, discount_alloc −amount (all of it allocated away), no tax, line_total 0,
-- so the lines still add up to the header with each discount counted once.
alter table invoice_lines drop constraint invoice_lines_type_check;
alter table invoice_lines drop constraint invoice_lines_gross_amount_check;
-- 00009's unnamed check (discount_alloc >= 0 and discount_alloc <= gross_amount), named by Postgres.
alter table invoice_lines drop constraint invoice_lines_check;
alter table invoice_lines add constraint invoice_lines_type_check
  check (type in ('service', 'labor', 'part', 'fee', 'discount'));
alter table invoice_lines add constraint invoice_lines_amounts_check check (
  case when type = 'discount'
    then gross_amount < 0 and discount_alloc = gross_amount and tax_alloc = 0 and credited_line is null
    else gross_amount >= 0 and discount_alloc >= 0 and discount_alloc <= gross_amount
  end
);

-- At commit, a document's lines add up to its header to the cent: gross by type to labor (service and
-- labor lines), parts and fees; the discount lines' gross less every discount_alloc to the discounts;
-- tax_alloc to the tax and to its taxes, line_total to the total.
create or replace function invoice_lines_match_header() returns trigger language plpgsql as $$
declare
  header invoices%rowtype;
  sums record;
  taxes_sum numeric;
begin
  select * into header from invoices where shop_id = new.shop_id and id = new.id;
  select coalesce(sum(gross_amount) filter (where type in ('service', 'labor')), 0) as labor,
         coalesce(sum(gross_amount) filter (where type = 'part'), 0) as parts,
         coalesce(sum(gross_amount) filter (where type = 'fee'), 0) as fees,
         coalesce(sum(gross_amount) filter (where type = 'discount'), 0) - coalesce(sum(discount_alloc), 0)
           as discounts,
         coalesce(sum(tax_alloc), 0) as tax,
         coalesce(sum(line_total), 0) as total
    into sums from invoice_lines where shop_id = new.shop_id and invoice_id = new.id;
  select coalesce(sum(amount), 0) into taxes_sum from invoice_taxes where shop_id = new.shop_id and invoice_id = new.id;
  if sums.labor <> header.labor_total or sums.parts <> header.parts_total or sums.fees <> header.fees_total
     or sums.discounts <> header.discounts_total or sums.tax <> header.tax_total or taxes_sum <> header.tax_total
     or sums.total <> header.total then
    raise exception 'the lines of % % do not add up to its header', header.doc_type, header.public_id
      using errcode = 'check_violation';
  end if;
  return null;
end
$$;
