#!/usr/bin/env bash
# The store's throughput (issue 46): FSMStoreBench sends EVENTS events to MACHINES machines from
# one task (one core of the client), through `MachineStore.send`, then does the same bookkeeping
# by hand in plain SQL (read the row, update its version and snapshot, append the log entry,
# write the outbox effect, in one transaction), on PostgreSQL and on SQLite, and prints events
# per second of each and their ratio. A benchmark, not a test: nothing fails on a figure.
#
# Usage: Scripts/store-bench.sh [--machines 200] [--events 5000] [--release]
# FSM_TEST_POSTGRES_URL names a server; unset, a throwaway one is started (port FSM_POSTGRES_PORT
# or 55432) and stopped after.
set -euo pipefail
cd "$(dirname "$0")/.."
machines=200 events=5000 config=debug
while [ $# -gt 0 ]; do
  case $1 in
    --machines) machines=$2; shift 2 ;;
    --events) events=$2; shift 2 ;;
    --release) config=release; shift ;;
    *) echo "usage: $0 [--machines N] [--events N] [--release]" >&2; exit 64 ;;
  esac
done
build() {
  SWIFT_DETERMINISTIC_HASHING=1 swift build -c "$config" --scratch-path .build-pg --traits default,Postgres "$@"
}
build --product FSMStoreBench
bin=$(build --show-bin-path)
work=$(mktemp -d)
chmod 755 "$work"
server=""
cleanup() {
  if [ -n "$server" ]; then Scripts/postgres-server.sh stop "$server" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
url=${FSM_TEST_POSTGRES_URL:-}
if [ -z "$url" ]; then
  server="$work/postgres"
  url=$(Scripts/postgres-server.sh start "$server" "${FSM_POSTGRES_PORT:-55432}")
fi
"$bin/FSMStoreBench" --engine "$url" --machines "$machines" --events "$events"
"$bin/FSMStoreBench" --engine "$work/bench.sqlite" --machines "$machines" --events "$events"
