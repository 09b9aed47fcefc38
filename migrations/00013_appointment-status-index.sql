-- GET /appointments?status=... pages in index order, as the status filters of repair orders and tasks
-- do: without it a status page was read through the partial waiting index and sorted, every earlier
-- appointment of the shop at each page (test/platform/list-plans.test.ts).
create index appointments_status_idx on appointments (shop_id, status, created_at desc, public_id desc);
