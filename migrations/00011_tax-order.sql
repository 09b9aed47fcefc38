-- A shop's taxes keep the order they were created in (the order of a job's taxes, an invoice's taxes
-- and their allocation). created_at is kept to the millisecond, so two taxes created in one
-- millisecond were ordered by name instead: a sequence orders them exactly.
alter table taxes add column position bigint generated always as identity;
