#!/usr/bin/env bash
# Builds main.swift with ThreadSanitizer and runs it with Mutex, then with NSLock.
# Expected: the Mutex run reports a (false) race and exits 66; the NSLock run is clean.
set -u
cd "$(dirname "$0")"
out=$(mktemp -d)
swiftc -sanitize=thread -swift-version 6 main.swift -o "$out/proof" || exit 1
for mode in mutex nslock; do
  "$out/proof" "$mode" 2>"$out/$mode.err"
  echo "$mode: exit $? ($(grep -c 'WARNING: ThreadSanitizer' "$out/$mode.err") ThreadSanitizer report(s))"
done
rm -rf "$out"
