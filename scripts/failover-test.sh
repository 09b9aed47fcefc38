#!/usr/bin/env bash
# The failover test (issue 29, item 3; docs/deploy/failover.md): a primary and a synchronous standby
# managed by pg_auto_failover (a monitor and two nodes on loopback ports, in a temporary directory),
# `shopapi serve` on DATABASE_URL naming both with target_session_attrs=read-write, a webhook receiver
# on loopback, and test/scripts/failover-scenario.ts driving the load, crashing the primary (SIGKILL to its
# keeper and postmaster) and checking what was acknowledged against the new primary.
#
# Installs Debian's postgresql-15-auto-failover when pg_autoctl is missing (quietly, as .ci/run does
# for chromium). When it cannot run at all it says "failover test skipped: <why>" and exits 0. Its
# output ends with tap's "# { total: N, pass: P, fail: F }", which .ci/run adds to the run's sum.
# Bounded: the scenario is stopped after 200 s (then no summary, and .ci/run counts a failure).
# Everything it starts runs in process groups of its own and is killed on exit, and the directory is
# removed, whatever happened (trap).
set -uo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "failover test skipped: $*"
  exit 0
}

pgbin=/usr/lib/postgresql/15/bin
if ! command -v pg_autoctl >/dev/null; then
  [ "$(id -u)" = 0 ] || skip "pg_autoctl is not installed and installing it needs root"
  command -v apt-get >/dev/null || skip "pg_autoctl is not installed and there is no apt-get to install postgresql-15-auto-failover"
  echo "installing postgresql-15-auto-failover (pg_autoctl) with apt-get"
  { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15-auto-failover >/dev/null; } ||
    skip "apt-get could not install postgresql-15-auto-failover"
fi
[ -x "$pgbin/pg_ctl" ] || skip "PostgreSQL 15's server binaries are not in $pgbin"
# pg_autoctl refuses to run as root: the clusters run as the postgres user.
as_postgres=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || skip "there is no postgres user to run pg_autoctl as"
  as_postgres=(runuser -u postgres --)
fi
[ -f dist/index.js ] || npm run build >/dev/null || { echo "npm run build failed"; echo "# { total: 1, pass: 0, fail: 1 }"; exit 1; }

dir=$(mktemp -d /tmp/shopapi-failover.XXXXXX)
chmod 0755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
groups=()
cleanup() {
  local group pgdata pid
  for group in "${groups[@]}"; do kill -KILL -- "-$group" 2>/dev/null; done
  # A postmaster whose keeper was killed first may outlive it for a moment: stop every one left.
  for pgdata in "$dir/monitor" "$dir/node1" "$dir/node2"; do
    pid=$(head -n 1 "$pgdata/postmaster.pid" 2>/dev/null)
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
  done
  sleep 0.5
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Three free loopback ports in a row.
free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
base=0
for candidate in $(shuf -i 20000-40000 -n 20); do
  if free "$candidate" && free $((candidate + 1)) && free $((candidate + 2)); then
    base=$candidate
    break
  fi
done
[ "$base" != 0 ] || skip "found no three free ports on 127.0.0.1"
monitor_port=$base node1_port=$((base + 1)) node2_port=$((base + 2))

autoctl() {
  "${as_postgres[@]}" env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/share" XDG_RUNTIME_DIR="$dir/run" \
    PATH="$pgbin:$PATH" pg_autoctl "$@"
}
# `pg_autoctl run` for a data directory, leading a process group of its own (setsid), with the
# postmaster it starts in the same group: killing the group is a crash of that node.
run_node() {
  setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' _ "$dir/$1.pgid" \
    "${as_postgres[@]}" env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/share" XDG_RUNTIME_DIR="$dir/run" \
    PATH="$pgbin:$PATH" pg_autoctl run --pgdata "$dir/$1" >"$dir/$1.log" 2>&1 </dev/null &
  disown
  for _ in $(seq 1 50); do [ -s "$dir/$1.pgid" ] && break; sleep 0.1; done
  groups+=("$(cat "$dir/$1.pgid")")
}
fail_setup() {
  echo "failover set-up failed: $*"
  for log in "$dir"/*.log; do
    echo "--- $log"
    tail -n 15 "$log"
  done
  echo "# { total: 1, pass: 0, fail: 1 }"
  exit 1
}
sql() { psql -X -q -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -Atc "$2" -p "$1" "${3:-postgres}"; }
state() { autoctl show state --pgdata "$dir/monitor" 2>/dev/null; }
wait_for_states() {
  local i
  for i in $(seq 1 120); do
    if state | grep -Eq "$1"; then return 0; fi
    sleep 0.5
  done
  return 1
}

started=$SECONDS
echo "==> pg_auto_failover in $dir: monitor :$monitor_port, node1 :$node1_port, node2 :$node2_port"
monitor_uri="postgres://autoctl_node@127.0.0.1:$monitor_port/pg_auto_failover?sslmode=disable"
autoctl create monitor --pgdata "$dir/monitor" --pgport "$monitor_port" --hostname 127.0.0.1 \
  --auth trust --no-ssl >"$dir/monitor-create.log" 2>&1 || fail_setup "pg_autoctl create monitor"
run_node monitor
for _ in $(seq 1 50); do sql "$monitor_port" 'select 1' pg_auto_failover >/dev/null 2>&1 && break; sleep 0.2; done
# Decisions in seconds, not the production defaults (a node unhealthy after 20 s, the old primary
# given 30 s to demote itself): the test stays short; docs/deploy/failover.md lists both.
sql "$monitor_port" "alter system set pgautofailover.health_check_period = 1000" pg_auto_failover &&
  sql "$monitor_port" "alter system set pgautofailover.health_check_timeout = 1000" pg_auto_failover &&
  sql "$monitor_port" "alter system set pgautofailover.health_check_max_retries = 1" pg_auto_failover &&
  sql "$monitor_port" "alter system set pgautofailover.health_check_retry_delay = 500" pg_auto_failover &&
  sql "$monitor_port" "alter system set pgautofailover.node_considered_unhealthy_timeout = 3000" pg_auto_failover &&
  sql "$monitor_port" "alter system set pgautofailover.primary_demote_timeout = 5000" pg_auto_failover &&
  sql "$monitor_port" "select pg_reload_conf()" pg_auto_failover >/dev/null || fail_setup "tuning the monitor"

for node in node1 node2; do
  port_var=${node}_port
  autoctl create postgres --pgdata "$dir/$node" --pgport "${!port_var}" --listen 127.0.0.1 --hostname 127.0.0.1 \
    --name "$node" --dbname shop --monitor "$monitor_uri" --auth trust --no-ssl \
    --replication-quorum true >"$dir/$node-create.log" 2>&1 ||
    fail_setup "pg_autoctl create postgres ($node)"
  run_node "$node"
  if [ "$node" = node1 ]; then
    wait_for_states 'node1 .*\| +single \| +single' || fail_setup "node1 did not become a single primary"
  fi
done
wait_for_states 'node2 .*\| +secondary \| +secondary' || fail_setup "node2 did not become a secondary"
wait_for_states 'node1 .*\| +primary \| +primary' || fail_setup "node1 did not become the primary"
state

# The roles of README "External database" (as docs/deploy/postgres-init.sh makes them), on the primary.
sql "$node1_port" "create role shopapi_owner login" &&
  sql "$node1_port" "create database shopapi owner shopapi_owner" &&
  sql "$node1_port" "create role shopapi_app nologin" &&
  sql "$node1_port" "create role shopapi_runtime login in role shopapi_app" || fail_setup "creating the roles"
echo "synchronous_standby_names on the primary: $(sql "$node1_port" 'show synchronous_standby_names')"
autoctl show settings --pgdata "$dir/monitor"
echo "set-up took $((SECONDS - started)) s"

hosts="127.0.0.1:$node1_port,127.0.0.1:$node2_port"
export DATABASE_URL="postgres://shopapi_runtime@$hosts/shopapi?target_session_attrs=read-write"
export SHOPAPI_MIGRATION_DATABASE_URL="postgres://shopapi_owner@$hosts/shopapi?target_session_attrs=read-write"
export FAILOVER_NODES="node1=127.0.0.1:$node1_port:$(cat "$dir/node1.pgid"),node2=127.0.0.1:$node2_port:$(cat "$dir/node2.pgid")"
export FAILOVER_DIR="$dir"
# The scenario runs as a plain node process, not under tap's runner: .ci/run runs this script beside the
# suite, and two tap runners in one project would share .tap/. A tap test file run on its own prints the
# same TAP and summary line. The loader is .taprc's (src/ from the build, test files through esbuild).
timeout --kill-after=10 200 node --import=./test/helpers/loader.js test/scripts/failover-scenario.ts
status=$?
echo "==> pg_auto_failover after the test"
state
exit "$status"
