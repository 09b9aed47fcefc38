-- A job's labor and part lines keep the order they were added in (an invoice numbers its lines in
-- that order). created_at is kept to the millisecond, and a canned job's parts are copied in one
-- statement, so lines shared a created_at and were ordered by their random public ids: a sequence
-- orders them exactly (a multi-row insert takes its values in order).
alter table job_labor add column position bigint generated always as identity;
alter table job_parts add column position bigint generated always as identity;
