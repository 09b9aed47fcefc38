-- Attempts whose result could not be stored (a database refusal, not a lost connection): counted so a
-- delivery that cannot be recorded fails visibly after a few tries instead of being sent forever.
alter table webhook_deliveries add column record_failures integer not null default 0;
