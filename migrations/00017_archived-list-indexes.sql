-- `lifecycle=archived` lists (archived and merged customers and vehicles): few rows of a shop, which
-- the full order indexes reach only by reading past every active row (8.6 ms over 14,000 customers,
-- and growing with the shop). Partial indexes in each list order read just the archived ones.
create index customers_archived_created_idx on customers (shop_id, created_at desc, public_id desc)
  where archived_at is not null;
create index customers_archived_updated_idx on customers (shop_id, updated_at desc, public_id desc)
  where archived_at is not null;
create index vehicles_archived_created_idx on vehicles (shop_id, created_at desc, public_id desc)
  where archived_at is not null;
create index vehicles_archived_updated_idx on vehicles (shop_id, updated_at desc, public_id desc)
  where archived_at is not null;
