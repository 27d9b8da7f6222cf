#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server (Debian's postgresql, any installed major version) for the
# store's tests: a cluster made with initdb in DIR, run as the user postgres (the server refuses
# root), listening on loopback only at PORT, with a database and a user `fsm` (password `fsm`).
# Prints the URL to give FSM_TEST_POSTGRES_URL or the load test's --engine.
#
# Usage: Scripts/postgres-server.sh start DIR [PORT]   (PORT: 55432)
#        Scripts/postgres-server.sh stop DIR
set -euo pipefail
action=${1:-}
dir=${2:-}
port=${3:-55432}
[ -n "$action" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR [PORT]" >&2; exit 64; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "no PostgreSQL server installed (apt-get install postgresql)" >&2; exit 1; }
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case $action in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
    fi
    # The store's tests are throwaway: no fsync (a crash of the machine is not what they test:
    # a killed client is, and the server stays up).
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    as_postgres "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q <<SQL >/dev/null
SELECT 'CREATE ROLE fsm LOGIN PASSWORD ''fsm''' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'fsm') \gexec
SELECT 'CREATE DATABASE fsm OWNER fsm' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'fsm') \gexec
SQL
    echo "postgres://fsm:fsm@127.0.0.1:$port/fsm"
    ;;
  stop)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *) echo "usage: $0 start|stop DIR [PORT]" >&2; exit 64 ;;
esac
