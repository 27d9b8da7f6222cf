#!/usr/bin/env bash
# The store's load test (issue 46) on PostgreSQL and on SQLite: FSMStoreLoad runs WORKERS worker
# processes over MACHINES machines (EVENTS events in all, timers on a virtual clock), kills each
# KILLS times with SIGKILL at random points (from outside, or inside a step's transaction) and
# starts it again, then checks the store in one process (snapshots equal to the replays of their
# logs, no request or timer twice, no timer due left, every outbox effect once per id and
# performed). Builds the two executables with the trait Postgres in .build-pg (not the plain
# .build: another trait set there would rebuild the package).
#
# Usage: Scripts/store-load.sh [--machines 10000] [--events 200000] [--workers 4] [--kills 3]
#            [--release] [--only postgres|sqlite]
# The full size of the issue is the default; CI runs a smaller one (.ci/deep).
# FSM_TEST_POSTGRES_URL names a server to use; unset, a throwaway one is started
# (Scripts/postgres-server.sh, loopback, port FSM_POSTGRES_PORT or 55432) and stopped after.
set -euo pipefail
cd "$(dirname "$0")/.."
machines=10000 events=200000 workers=4 kills=3 config=debug only=""
while [ $# -gt 0 ]; do
  case $1 in
    --machines) machines=$2; shift 2 ;;
    --events) events=$2; shift 2 ;;
    --workers) workers=$2; shift 2 ;;
    --kills) kills=$2; shift 2 ;;
    --release) config=release; shift ;;
    --only) only=$2; shift 2 ;;
    *) echo "usage: $0 [--machines N] [--events N] [--workers N] [--kills N] [--release] [--only postgres|sqlite]" >&2; exit 64 ;;
  esac
done
build() {
  SWIFT_DETERMINISTIC_HASHING=1 swift build -c "$config" --scratch-path .build-pg --traits default,Postgres "$@"
}
started=$SECONDS
build --product FSMStoreWorker
build --product FSMStoreLoad
bin=$(build --show-bin-path)
echo "built FSMStoreWorker and FSMStoreLoad ($config, trait Postgres) in $((SECONDS - started)) s"

work=$(mktemp -d)
chmod 755 "$work"
server=""
cleanup() {
  if [ -n "$server" ]; then Scripts/postgres-server.sh stop "$server" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
size=(--machines "$machines" --events "$events" --workers "$workers" --kills "$kills")
if [ "$only" != sqlite ]; then
  url=${FSM_TEST_POSTGRES_URL:-}
  if [ -z "$url" ]; then
    server="$work/postgres"
    url=$(Scripts/postgres-server.sh start "$server" "${FSM_POSTGRES_PORT:-55432}")
  fi
  started=$SECONDS
  "$bin/FSMStoreLoad" --engine "$url" --performed "$work/postgres.performed" "${size[@]}"
  echo "PostgreSQL: $((SECONDS - started)) s"
fi
if [ "$only" != postgres ]; then
  started=$SECONDS
  "$bin/FSMStoreLoad" --engine "$work/load.sqlite" "${size[@]}"
  echo "SQLite: $((SECONDS - started)) s"
fi
