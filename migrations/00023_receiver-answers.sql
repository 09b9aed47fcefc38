-- What a receiver asked for, kept on the attempt that brought the answer (issue 28;
-- docs/decisions/events-and-webhooks.md, "Receivers steer deliveries"):
--   retry_after_seconds: a 429 or 503 answer's Retry-After, in seconds from the attempt (an HTTP date
--     is turned into seconds); the next attempt was due no earlier than that.
--   disabled_endpoint: this attempt's 410 Gone disabled its endpoint (set in the transaction that
--     disabled it, with the webhook_endpoint.disabled event).
-- Both are new columns with a constant default or none, so adding them rewrites no row.
alter table webhook_attempts
  add column retry_after_seconds integer,
  add column disabled_endpoint boolean not null default false;
