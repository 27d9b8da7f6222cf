#!/usr/bin/env bash
# The consumer package in Examples/Storefront, as an adopter uses FSM: its tool lists its
# machines, the plugin keeps its Diagrams/, its tests pass; and a changed transition makes
# both the tool's `diagrams --check` and its `swift test` fail, naming the stale file.
set -euo pipefail
source "$(dirname "$0")/example-setup.sh" Examples/Storefront "$@"

# Switching between `swift build`/`swift run`, `swift build --build-tests`/`swift test` and a
# command plugin made SwiftPM compile FSM and the package again (about 35 s each, measured
# while its hash seed was random): the script builds once with the tests, runs the tool that
# `swift run storefront` would run from the build folder, and runs the plugins together last.
storefront="$scratch/debug/storefront"

step "swift build --build-tests"
swift build --build-tests

step "storefront list"
list=$("$storefront" list)
echo "$list"
grep -q '^door ' <<<"$list" && grep -q '^checkout ' <<<"$list"

step "storefront validate"
"$storefront" validate

step "storefront explore: the consumer's own tool writes an explorer page; walks clicked in Chromium agree with its REPL"
page=$(mktemp -d)/checkout.html
"$storefront" explore checkout --output "$page"
grep -q '<meta name="generator" content="fsm explore">' "$page"
if [ -x /usr/bin/chromium ] && python3 -c 'import playwright' 2>/dev/null; then
  python3 ../../Judges/explorer-test.py --fsm "$storefront" --only-walks --walks 5 --steps 30
else
  echo "(no Chromium or Playwright here: the page was written, not clicked; CI installs both)"
fi

step "storefront scxml: every machine as SCXML and seeded runs, replayed by python-statemachine 3.2 (configuration and effects after every step)"
if command -v xmllint >/dev/null 2>&1 && python3 -c 'import statemachine' 2>/dev/null; then
  ../../Judges/scxml-gate.sh "$storefront" "$(mktemp -d)" 30 40 2026
else
  echo "(no xmllint or python-statemachine here: CI installs both)"
fi

step "storefront scxml, read back: each machine's document is read by the tool as the same table"
read_back=$(mktemp -d)
for machine in door checkout; do
  "$storefront" scxml "$machine" > "$read_back/$machine.scxml"
  "$storefront" table "$machine" > "$read_back/$machine.md"
  "$storefront" table "$read_back/$machine.scxml" > "$read_back/$machine-read.md"
  [ -s "$read_back/$machine.md" ] && cmp "$read_back/$machine.md" "$read_back/$machine-read.md" || { echo "$machine read back from SCXML is another table"; exit 1; }
done
rm -rf "$read_back"

step "storefront's DocC catalog: its drawings current, rendered by docc without a warning, with each machine's SVG and article (Sources/FSM/Documentation.docc/DiagramsInYourCatalog.md)"
catalog=Sources/StorefrontMachines/Documentation.docc
"$storefront" diagrams --docc "$catalog" --check
docs=$(mktemp -d)
mkdir -p "$docs/graphs"
triple=$(command swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
command swift symbolgraph-extract -module-name StorefrontMachines -I "$scratch/debug/Modules" -target "$triple" \
  -minimum-access-level public -output-dir "$docs/graphs"
"$(dirname "$(type -P swift)")/docc" convert "$catalog" --additional-symbol-graph-dir "$docs/graphs" \
  --fallback-display-name StorefrontMachines --fallback-bundle-identifier StorefrontMachines \
  --output-path "$docs/StorefrontMachines.doccarchive" --warnings-as-errors
archive="$docs/StorefrontMachines.doccarchive"
for file in images/StorefrontMachines/door.svg images/StorefrontMachines/checkout.svg \
    data/documentation/storefrontmachines/door-machine.json data/documentation/storefrontmachines/checkout-machine.json \
    data/documentation/storefrontmachines/door.json; do
  [ -f "$archive/$file" ] || { echo "the rendered catalog has no $file"; exit 1; }
done
grep -q '"title":"Door"' "$archive/data/documentation/storefrontmachines/door.json" || { echo "the Door type's page is not its own"; exit 1; }
grep -q '"identifier":"door.svg"' "$archive/data/documentation/storefrontmachines.json" || { echo "the root page does not show door.svg"; exit 1; }
rm -rf "$docs"

step "swift test"
swift test --skip-build

step "storefront diagrams --check"
"$storefront" diagrams --check

# The committed Door.swift is kept outside the package (a new file in a target would make
# SwiftPM plan the build again, and compile everything again).
door=Sources/StorefrontMachines/Door.swift
original=$(mktemp)
cp "$door" "$original"
restore() { cp "$original" "$door"; }
trap 'restore; rm -f "$original"' EXIT
change() {
  sed -i 's/On(.open, to: .opened, emit: .chime)/On(.open, to: .opened)/' "$door"
  ! cmp -s "$door" "$original" || { echo "the edit did not apply"; exit 1; }
}

step "a changed transition makes the tool's check and swift test fail, naming the stale file"
change
swift build --build-tests
if out=$("$storefront" diagrams --check 2>&1); then
  echo "diagrams --check passed on a changed machine"; exit 1
fi
grep -q 'door.dot: stale' <<<"$out" || { echo "diagrams --check did not name door.dot: $out"; exit 1; }
grep -q -- '- .*open / chime' <<<"$out" || { echo "diagrams --check showed no diff of the change: $out"; exit 1; }
echo "diagrams --check failed as it should, with a diff: $(grep -c stale <<<"$out") stale file(s)"
if out=$(swift test --skip-build 2>&1); then
  echo "swift test passed on a changed machine"; exit 1
fi
grep -q 'door.dot is stale' <<<"$out" || { echo "swift test did not name door.dot: $(tail -20 <<<"$out")"; exit 1; }
echo "swift test failed as it should, naming Diagrams/door.dot"
restore

step "back to the committed machine: both pass again"
swift build --build-tests
"$storefront" diagrams --check
swift test --skip-build 2>&1 | tail -1

step "swift package explore checkout: the explore plugin finds the tool and writes the page under the build folder's plugins/"
rm -f "$scratch/plugins/Explore/outputs/checkout.html"
out=$(swift package explore checkout 2>&1)
echo "$out" | tail -1
grep -q 'wrote .*/plugins/Explore/outputs/checkout.html' <<<"$out"
grep -q '<meta name="generator" content="fsm explore">' "$scratch/plugins/Explore/outputs/checkout.html"

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

step "a changed transition makes check-diagrams fail, naming the stale file; back to the committed machine, it passes"
change
if out=$(swift package check-diagrams 2>&1); then
  echo "check-diagrams passed on a changed machine"; exit 1
fi
grep -q 'door.dot: stale' <<<"$out" || { echo "check-diagrams did not name door.dot: $out"; exit 1; }
echo "check-diagrams (no write permission) failed as it should"
restore
swift package check-diagrams
