#!/bin/sh
# Run once by the postgres image on a new data directory (compose.yaml, profile external): the roles
# of README "External database". The owner owns the database and runs the migrations; the runtime
# role, a member of shopapi_app (granted rows by the migrations), is what serve logs in as.
set -eu
: "${SHOPAPI_OWNER_PASSWORD:?set SHOPAPI_OWNER_PASSWORD}"
: "${SHOPAPI_RUNTIME_PASSWORD:?set SHOPAPI_RUNTIME_PASSWORD}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$SHOPAPI_OWNER_PASSWORD" -v runtime_password="$SHOPAPI_RUNTIME_PASSWORD" <<'SQL'
create role shopapi_owner login password :'owner_password';
create database shopapi owner shopapi_owner;
create role shopapi_app nologin;
create role shopapi_runtime login password :'runtime_password' in role shopapi_app;
revoke connect on database shopapi from public;
grant connect, temporary on database shopapi to shopapi_owner, shopapi_runtime;
SQL
