-- The service connects as a role that owns nothing (docs/decisions.md "Database and operations"). The
-- owner of the tables may disable their triggers, switch session_replication_role or drop them, so a
-- service connected as the owner could rewrite a posted invoice despite the ledger's triggers. Its
-- rights go to the NOLOGIN group role shopapi_app; the login role the service runs as is a member of it
-- (the embedded database makes shopapi_runtime; an external one's DBA grants shopapi_app to theirs).
-- Migrations keep running as the owner, whose later tables are covered by the default privileges.

-- Roles belong to the server, not to one database: databases sharing a server (tests, staging beside
-- production) share this one, so it is created only when missing, and a concurrent creation is fine.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'shopapi_app') then
    begin
      create role shopapi_app nologin;
    exception
      when duplicate_object or unique_violation then null;
      when insufficient_privilege then
        raise exception 'the role shopapi_app does not exist and % may not create it: as a superuser, run '
          '"create role shopapi_app nologin", then migrate again (README: External database)', current_user
          using errcode = 'insufficient_privilege';
    end;
  end if;
end
$$;

-- Rows, and nothing else: no TRUNCATE, REFERENCES or TRIGGER, and no CREATE in the schema.
grant usage on schema public to shopapi_app;
grant select, insert, update, delete on all tables in schema public to shopapi_app;
grant usage, select on all sequences in schema public to shopapi_app;
alter default privileges in schema public grant select, insert, update, delete on tables to shopapi_app;
alter default privileges in schema public grant usage, select on sequences to shopapi_app;

-- The ledger is append-only for the service whatever its triggers say: posted documents, their lines,
-- taxes and discounts, and payments are inserted, never deleted; only an invoice is updated (voided).
revoke update, delete on invoice_lines, invoice_taxes, invoice_discounts, payments from shopapi_app;
revoke delete on invoices from shopapi_app;

-- Which migrations ran is read by `shopapi status` and /readyz, and written only by migrations.
revoke insert, update, delete on migrations from shopapi_app;

-- pg-boss (the maintenance schedule) keeps its tables in the schema pgboss, which the owner creates and
-- migrates at migrate time (src/db/job-queue.ts). Created here first, so that its default privileges
-- cover the tables pg-boss creates in it later; the grants cover those an earlier version created.
create schema if not exists pgboss;
grant usage on schema pgboss to shopapi_app;
grant select, insert, update, delete on all tables in schema pgboss to shopapi_app;
grant usage, select on all sequences in schema pgboss to shopapi_app;
alter default privileges in schema pgboss grant select, insert, update, delete on tables to shopapi_app;
alter default privileges in schema pgboss grant usage, select on sequences to shopapi_app;

-- ANALYZE is for a table's owner, and a bulk load (imports, the demo) analyzes what it loaded so lists
-- are planned for the new rows at once (src/db/statistics.ts). This function lets the service do that,
-- and only that, to shopapi's own tables: it runs as its owner, with a search path nobody else can add to.
create function shopapi_analyze(tables text[]) returns void
language plpgsql security definer set search_path = pg_catalog, pg_temp as $$
declare
  name text;
begin
  foreach name in array tables loop
    if not exists (
      select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = name and c.relkind in ('r', 'p')
    ) then
      raise exception 'shopapi_analyze: % is not a table of shopapi', name using errcode = 'undefined_table';
    end if;
    execute format('analyze public.%I', name);
  end loop;
end
$$;
revoke all on function shopapi_analyze(text[]) from public;
grant execute on function shopapi_analyze(text[]) to shopapi_app;
