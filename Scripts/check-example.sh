#!/usr/bin/env bash
# The consumer package in Examples/Storefront, as an adopter uses FSM: its tool lists its
# machines, the plugin keeps its Diagrams/, its tests pass; and a changed transition makes
# both the tool's `diagrams --check` and its `swift test` fail, naming the stale file.
set -euo pipefail
cd "$(dirname "$0")/../Examples/Storefront"

step() { echo "-- $*"; }

step "swift build"
swift build

step "storefront list"
list=$(swift run -q storefront list)
echo "$list"
grep -q '^door ' <<<"$list" && grep -q '^checkout ' <<<"$list"

step "storefront validate"
swift run -q storefront validate

step "storefront explore: the consumer's own tool writes an explorer page; walks clicked in Chromium agree with its REPL"
page=$(mktemp -d)/checkout.html
swift run -q storefront explore checkout --output "$page"
grep -q '<meta name="generator" content="fsm explore">' "$page"
if [ -x /usr/bin/chromium ] && python3 -c 'import playwright' 2>/dev/null; then
  python3 ../../Judges/explorer-test.py --fsm .build/debug/storefront --only-walks --walks 5 --steps 30
else
  echo "(no Chromium or Playwright here: the page was written, not clicked; CI installs both)"
fi

step "storefront scxml: every machine as SCXML and seeded runs, replayed by python-statemachine 3.2 (configuration and effects after every step)"
if command -v xmllint >/dev/null 2>&1 && python3 -c 'import statemachine' 2>/dev/null; then
  ../../Judges/scxml-gate.sh .build/debug/storefront "$(mktemp -d)" 30 40 2026
else
  echo "(no xmllint or python-statemachine here: CI installs both)"
fi

step "swift package explore checkout: the explore plugin finds the tool and writes the page under .build/plugins"
rm -f .build/plugins/Explore/outputs/checkout.html
out=$(swift package explore checkout 2>&1)
echo "$out" | tail -1
grep -q 'wrote .*/.build/plugins/Explore/outputs/checkout.html' <<<"$out"
grep -q '<meta name="generator" content="fsm explore">' .build/plugins/Explore/outputs/checkout.html

step "swift test"
swift test

step "check-diagrams (the read-only plugin finds the tool, builds and runs it; no write permission asked)"
swift package check-diagrams

step "generate-diagrams writes a missing file back, byte for byte"
rm Diagrams/door.mmd
swift package --allow-writing-to-package-directory generate-diagrams
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git diff --exit-code -- Diagrams/door.dot Diagrams/door.mmd Diagrams/checkout.dot Diagrams/checkout.mmd Diagrams/README.md
  git checkout -q -- Diagrams   # SVG bytes depend on the Graphviz version
fi
test -s Diagrams/door.mmd

step "storefront diagrams --check"
swift run -q storefront diagrams --check

step "a changed transition makes both checks fail, naming the stale file"
door=Sources/StorefrontMachines/Door.swift
cp "$door" "$door.orig"
restore() { mv "$door.orig" "$door"; touch "$door"; }
trap restore EXIT
sed -i 's/On(.open, to: .opened, emit: .chime)/On(.open, to: .opened)/' "$door"
! cmp -s "$door" "$door.orig" || { echo "the edit did not apply"; exit 1; }
if out=$(swift run -q storefront diagrams --check 2>&1); then
  echo "diagrams --check passed on a changed machine"; exit 1
fi
grep -q 'door.dot: stale' <<<"$out" || { echo "diagrams --check did not name door.dot: $out"; exit 1; }
grep -q -- '- .*open / chime' <<<"$out" || { echo "diagrams --check showed no diff of the change: $out"; exit 1; }
echo "diagrams --check failed as it should, with a diff: $(grep -c stale <<<"$out") stale file(s)"
if out=$(swift package check-diagrams 2>&1); then
  echo "check-diagrams passed on a changed machine"; exit 1
fi
grep -q 'door.dot: stale' <<<"$out" || { echo "check-diagrams did not name door.dot: $out"; exit 1; }
echo "check-diagrams (no write permission) failed as it should"
if out=$(swift test 2>&1); then
  echo "swift test passed on a changed machine"; exit 1
fi
grep -q 'door.dot is stale' <<<"$out" || { echo "swift test did not name door.dot: $(tail -20 <<<"$out")"; exit 1; }
echo "swift test failed as it should, naming Diagrams/door.dot"
restore
trap - EXIT

step "back to the committed machine: both checks pass again"
swift run -q storefront diagrams --check
swift test 2>&1 | tail -1
