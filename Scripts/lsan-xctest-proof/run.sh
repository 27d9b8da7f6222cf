#!/usr/bin/env bash
# Proof that the LeakSanitizer reports suppressed in .ci/lsan.supp are not ours: a package
# with one trivial Swift Testing test and nothing else "leaks" the same XCTest harness
# objects (XCTestSuiteRun, XCTMainMisc) under `swift test --sanitize=address`.
# Expected: a LeakSanitizer report whose every stack goes through libXCTest.so; with the
# suppression file, a clean run.
set -u
cd "$(dirname "$0")"
echo "-- without suppressions"
swift test --sanitize=address --scratch-path .build-proof 2>&1 | grep -E "SUMMARY: AddressSanitizer|libXCTest" | head -4
echo "-- with .ci/lsan.supp"
LSAN_OPTIONS="suppressions=$PWD/../../.ci/lsan.supp" swift test --sanitize=address --scratch-path .build-proof 2>&1 | grep -E "SUMMARY: AddressSanitizer|Test run"
