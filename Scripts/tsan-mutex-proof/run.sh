#!/usr/bin/env bash
# Builds main.swift with ThreadSanitizer and runs it with Mutex, NSLock, and Mutex plus an
# atomic hand-over. Expected: the bare Mutex run reports a (false) race and exits 66; the
# other two are clean.
set -u
cd "$(dirname "$0")"
out=$(mktemp -d)
swiftc -sanitize=thread -swift-version 6 main.swift -o "$out/proof" || exit 1
for mode in mutex nslock handover; do
  "$out/proof" "$mode" 2>"$out/$mode.err"
  echo "$mode: exit $? ($(grep -c 'WARNING: ThreadSanitizer' "$out/$mode.err") ThreadSanitizer report(s))"
done
rm -rf "$out"
