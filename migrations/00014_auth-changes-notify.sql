-- Every `serve` process caches authenticated keys (their key, integration and shop rows); these
-- triggers tell all of them, whoever the writer is (API, CLI, another process, psql), that a shop's
-- keys must be read again. NOTIFY is delivered at commit, and repeats within one transaction fold
-- into one. The payload is the shop's internal id (every cached entry of that shop is dropped); an
-- empty payload (TRUNCATE) drops everything.
-- tg_argv[0] names the column that holds the shop's id.
create function notify_auth_changed() returns trigger language plpgsql as $$
begin
  if tg_level = 'STATEMENT' then
    perform pg_notify('shopapi_auth', '');
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('shopapi_auth', to_jsonb(old) ->> tg_argv[0]);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_notify('shopapi_auth', to_jsonb(new) ->> tg_argv[0]);
  end if;
  return null;
end
$$;

create trigger shops_auth_changed after insert or update or delete on shops
  for each row execute function notify_auth_changed('id');
create trigger integrations_auth_changed after insert or update or delete on integrations
  for each row execute function notify_auth_changed('shop_id');
create trigger api_keys_auth_changed after insert or delete on api_keys
  for each row execute function notify_auth_changed('shop_id');
-- Authentication writes last_used_at (at most once a minute per key): that alone must not empty
-- every process's cache of the shop.
create trigger api_keys_auth_updated after update on api_keys
  for each row when (to_jsonb(old) - 'last_used_at' is distinct from to_jsonb(new) - 'last_used_at')
  execute function notify_auth_changed('shop_id');
create trigger shops_auth_truncated after truncate on shops
  for each statement execute function notify_auth_changed();
create trigger integrations_auth_truncated after truncate on integrations
  for each statement execute function notify_auth_changed();
create trigger api_keys_auth_truncated after truncate on api_keys
  for each statement execute function notify_auth_changed();
