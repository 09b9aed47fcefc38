-- Counting the appointments that hold a place on a date (availability, every booking) reads only
-- this index: its predicate is the statuses that hold a place (slotHoldingStatuses in
-- src/resources/appointments/workflow.ts, which the queries write out as literals so the planner can
-- match it), and it carries the technician and the id the counts filter on. Cancelled and no-show
-- appointments, most of a year's rows, are not in it at all.
create index appointments_slots_idx on appointments (shop_id, date, technician_id) include (id)
  where status in ('requested', 'booked', 'arrived', 'fulfilled');
