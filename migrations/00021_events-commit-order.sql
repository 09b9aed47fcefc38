-- GET /v1/events?order=asc is a feed read in commit order (docs/decisions/events-and-webhooks.md, "The
-- feed: a kept cursor in commit order"). Each event records the id of the transaction that wrote it;
-- the feed shows only events whose transaction is older than every transaction still in flight
-- (pg_snapshot_xmin of the reader's snapshot) and pages on (xact_id, sequence). An event whose
-- transaction commits late therefore sorts after everything a reader was shown before it committed,
-- so a kept cursor never passes over it.
-- Events written before this migration are all committed: they take 0, before every new one, and keep
-- their order among themselves by sequence. A constant default adds the column without rewriting the table.
alter table events add column xact_id xid8 not null default '0';
alter table events alter column xact_id set default pg_current_xact_id();
-- The feed's keyset: a shop's events in commit-horizon order.
create index events_feed_idx on events (shop_id, xact_id, sequence);
-- Its place on the write path: (shop_id, sequence) had no reader (dispatch reads the partial index of
-- undispatched events, lists read events_list_idx), so recording an event still updates as many indexes.
drop index events_sequence_idx;
