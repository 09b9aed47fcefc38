-- Counting the appointments that hold a place on a date (availability, every booking) reads only
-- this index: the date's entries carry the status, the technician and the id the counts filter on,
-- so no table page is read (once the visibility map is set) and a year of rows is never walked.
-- Not partial on the slot-holding statuses: such an index also matches `status = 'booked'` list
-- filters, where the planner without statistics preferred it to the ordered status index and sorted.
create index appointments_slots_idx on appointments (shop_id, date) include (status, technician_id, id);
