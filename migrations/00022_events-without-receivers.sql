-- Recording an event costs its row and nothing more when no webhook endpoint of the shop can receive
-- it (issue 26; docs/decisions/events-and-webhooks.md, "Events no endpoint can receive").
--
-- Before: every event went into the partial index of undispatched events, its transaction sent NOTIFY
-- (which serializes the commits of every notifying transaction on one database-wide lock), and the
-- worker then updated the row to mark it dispatched (an update of a column in an index's predicate,
-- so a new entry in each of the table's indexes) to find that no endpoint wanted it. A shop without
-- endpoints paid all of it on every write: measured with pgbench (20 clients, customer + event per
-- transaction), the NOTIFY alone took the rate from 441 to 181 transactions per second.
--
-- Now an event that no endpoint of its shop subscribes to (by type or '*', whatever the endpoint's
-- status: a disabled endpoint's deliveries are held, not dropped) is written already dispatched, and a
-- statement wakes the worker only when it wrote an event to dispatch. The exact recipients (scopes,
-- the integration's status, webhook_endpoint.* only to the owner's other endpoints) are still decided
-- by the worker's dispatch: this is a superset test, so no event that would have had a recipient is
-- marked here. Test events are written dispatched by their own statement and are left alone.
create function events_mark_unreceived() returns trigger language plpgsql as $$
begin
  if not exists (
    select 1 from webhook_endpoints w
    where w.shop_id = new.shop_id and (w.event_types = '{*}' or new.type = any(w.event_types))
  ) then
    new.dispatched := true;
  end if;
  return new;
end
$$;
create trigger events_mark_unreceived before insert on events
  for each row when (not new.dispatched) execute function events_mark_unreceived();

-- One notification per statement that wrote an event to dispatch (NOTIFY folds repeats within a
-- transaction into one), none for a statement whose events no endpoint receives.
create or replace function notify_events_inserted() returns trigger language plpgsql as $$
begin
  if exists (select 1 from inserted_events where not dispatched) then
    perform pg_notify('shopapi_events', '');
  end if;
  return null;
end
$$;
drop trigger events_inserted_notify on events;
create trigger events_inserted_notify after insert on events referencing new table as inserted_events
  for each statement execute function notify_events_inserted();

-- (shop_id, object_id) has no reader: no list, feed or command filters events by object. Each event
-- paid an insert into it at a random place (the object's public id), about 1 KB of WAL per event
-- with its full-page images.
drop index events_object_idx;
