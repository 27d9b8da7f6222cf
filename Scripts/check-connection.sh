#!/usr/bin/env bash
# The consumer package in Examples/Connection: a TCP connection machine on FSM alone (no
# macros). Its tool validates it strictly, draws it, drives it from a pipe with segments as
# JSON; its tests assert every cell, run it against its table on random segments, and check
# its committed diagrams; the read-only plugin checks them too.
set -euo pipefail
source "$(dirname "$0")/example-setup.sh" Examples/Connection "$@"

# One build with the tests, the tool run from the build folder (what `swift run connection`
# runs), the plugin last (see Scripts/check-example.sh).
connection="$scratch/debug/connection"

step "swift build --build-tests"
swift build --build-tests

step "connection validate --strict"
"$connection" validate --strict

step "swift test (every cell, the table as an oracle on random segments, diagrams, a REPL handshake)"
swift test --skip-build 2>&1 | tail -3

step "a handshake through a pipe, segments as JSON; a malformed one changes nothing"
out=$(printf 'activeOpen\nreceive {"syn": true, "ack": true}\nreceive {"syn": "yes"}\nclose\n' | "$connection" repl tcp)
echo "$out"
grep -q 'SYN-SENT --receive--> ESTABLISHED / sendACK' <<<"$out"
grep -q "error: receive's data: field 'syn': expected true or false; nothing changed" <<<"$out"
grep -q 'state: FIN-WAIT-1' <<<"$out"

step "connection explore: walks clicked in Chromium agree with its REPL (segments' guards decided by switches)"
if [ -x /usr/bin/chromium ] && python3 -c 'import playwright' 2>/dev/null; then
  python3 ../../Judges/explorer-test.py --fsm "$connection" --only-walks --walks 5 --steps 40
else
  "$connection" explore tcp --output "$(mktemp -d)/tcp.html"
  echo "(no Chromium or Playwright here: the page was written, not clicked; CI installs both)"
fi

step "connection scxml: every machine as SCXML and seeded runs, replayed by python-statemachine 3.2 (configuration and effects after every step)"
if command -v xmllint >/dev/null 2>&1 && python3 -c 'import statemachine' 2>/dev/null; then
  ../../Judges/scxml-gate.sh "$connection" "$(mktemp -d)" 60 60 2026   # 60 of 60: all 11 states reached
else
  echo "(no xmllint or python-statemachine here: CI installs both)"
fi

step "connection scxml, read back: the document is read by the tool as the same table"
read_back=$(mktemp -d)
"$connection" scxml tcp > "$read_back/tcp.scxml"
"$connection" table tcp > "$read_back/tcp.md"
"$connection" table "$read_back/tcp.scxml" > "$read_back/tcp-read.md"
[ -s "$read_back/tcp.md" ] && cmp "$read_back/tcp.md" "$read_back/tcp-read.md" || { echo "tcp read back from SCXML is another table"; exit 1; }
rm -rf "$read_back"

step "the RFC's names are the state names: --highlight SYN-SENT"
# the whole output first: grep -q would stop reading at its match and the tool could die of
# SIGPIPE (pipefail)
dot=$("$connection" dot tcp --highlight SYN-SENT)
grep -q 'SYN-SENT.*penwidth=2' <<<"$dot"
echo "ok"

step "TIME-WAIT's timer in the REPL: :advance 239s fires nothing, one more second closes"
out=$(printf 'activeOpen\nreceive {"syn": true, "ack": true}\nclose\nreceive {"fin": true, "ack": true}\n:advance 239s\n:advance 1s\n' | "$connection" repl tcp)
grep -q 'time 239 s: no timer ran out; next: after 240 s (TIME-WAIT) in 1 s' <<<"$out"
grep -q 'TIME-WAIT --after 240 s--> CLOSED / deleteTCB' <<<"$out"
echo ok

step "check-diagrams (read-only plugin)"
swift package check-diagrams
