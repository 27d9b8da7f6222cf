#!/usr/bin/env bash
# Fault tests that need the real thing: a folder whose README.md an empty --output once
# overwrote, and a disk that fills up while `diagrams` writes (a tiny tmpfs, as root).
# The stream faults (/dev/full, a closed pipe) run in `swift test` (fsmTests), the terminal
# faults (signals, two windows on one history) in Scripts/pty-tests.py.
#
# Usage: Scripts/fault-tests.sh [path/to/fsm]   (default .build/debug/fsm)
set -uo pipefail
fsm=$(realpath "${1:-.build/debug/fsm}")
root=$(pwd)
failed=0
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
pass() { echo "ok   $*"; }
work=$(mktemp -d)
trap 'umount "$work/disk" 2>/dev/null; rm -rf "$work"' EXIT

# 1. `diagrams --output ""` (an unset $DIR) in a folder with a README.md: exit 64, untouched.
mkdir -p "$work/project" && cd "$work/project" || exit 1
printf '# My project\n' > README.md
touch Package.swift
before=$(ls -l --time-style=+%s.%N; sha256sum README.md)
"$fsm" diagrams --output "" >"$work/out" 2>"$work/err"; status=$?
after=$(ls -l --time-style=+%s.%N; sha256sum README.md)
if [ "$status" = 64 ] && [ "$before" = "$after" ]; then pass "diagrams --output '' is bad usage (64), the folder untouched"
else fail "diagrams --output '': exit $status; folder changed: $([ "$before" = "$after" ] && echo no || echo yes)"; fi
"$fsm" diagrams --output . >/dev/null 2>"$work/err"; status=$?
if [ "$status" = 1 ] && grep -q "README.md: it was not written by this tool" "$work/err" && [ "$(cat README.md)" = "# My project" ] && [ "$(ls)" = "$(printf 'Package.swift\nREADME.md')" ]; then
  pass "diagrams --output . beside a README.md of the user's: refused, nothing written"
else fail "diagrams --output . beside the user's README.md: exit $status, files: $(ls | tr '\n' ' ')"; fi
cd "$work" || exit 1

# 2. A disk that fills up while the diagrams are written: no file replaced, no temporary left,
#    the error names the file; with room again, everything is written and --check passes.
if [ "$(id -u)" != 0 ]; then
  echo "skip the full-disk test: mounting a tmpfs needs root (CI runs as root)"
else
  mkdir -p "$work/disk"
  if ! mount -t tmpfs -o size=4m tmpfs "$work/disk"; then
    fail "cannot mount a tmpfs for the full-disk test"
  else
    mkdir -p "$work/disk/Diagrams"
    "$fsm" diagrams --output "$work/disk/Diagrams" >/dev/null 2>&1
    for f in "$work"/disk/Diagrams/*.dot "$work"/disk/Diagrams/*.mmd; do echo "// stale" >> "$f"; done
    old=$(cd "$work/disk/Diagrams" && sha256sum * | sort)
    # Fill the disk, leaving a few kilobytes: some files fit, the rest do not.
    dd if=/dev/zero of="$work/disk/filler" bs=1k count=100000 2>/dev/null
    rm -f "$work/disk/filler"
    avail=$(df --output=avail -k "$work/disk" | tail -1)
    dd if=/dev/zero of="$work/disk/filler" bs=1k count=$((avail - 6)) 2>/dev/null
    "$fsm" diagrams --output "$work/disk/Diagrams" >"$work/out" 2>"$work/err"; status=$?
    now=$(cd "$work/disk/Diagrams" && sha256sum * | sort)
    leftovers=$(ls -A "$work/disk/Diagrams" | grep -c '\.tmp$')
    if [ "$status" = 1 ] && [ "$old" = "$now" ] && [ "$leftovers" = 0 ] && grep -q "No space left on device; no file was replaced (not written: " "$work/err"; then
      pass "a full disk: exit 1, no file replaced, no temporary left: $(head -c 160 "$work/err")"
    else
      fail "a full disk: exit $status, files changed: $([ "$old" = "$now" ] && echo no || echo yes), temporaries left: $leftovers; $(cat "$work/err")"
    fi
    rm -f "$work/disk/filler"
    "$fsm" diagrams --output "$work/disk/Diagrams" >/dev/null 2>&1; status=$?
    if [ "$status" = 0 ] && "$fsm" diagrams --check --output "$work/disk/Diagrams" >/dev/null 2>&1; then
      pass "with room again: every file written, --check passes"
    else fail "with room again: exit $status, or --check fails"; fi
    # The explorer's page on a full disk: its earlier page kept, no temporary left, exit 74.
    "$fsm" explore login --output "$work/disk/login.html" >/dev/null 2>&1
    printf '<!-- stale -->' >> "$work/disk/login.html"
    old=$(sha256sum "$work/disk/login.html")
    avail=$(df --output=avail -k "$work/disk" | tail -1)
    dd if=/dev/zero of="$work/disk/filler" bs=1k count=$((avail - 8)) 2>/dev/null
    "$fsm" explore login --output "$work/disk/login.html" >"$work/out" 2>"$work/err"; status=$?
    now=$(sha256sum "$work/disk/login.html")
    leftovers=$(ls -A "$work/disk" | grep -cv '^\(login.html\|filler\|Diagrams\)$')
    if [ "$status" = 74 ] && [ "$old" = "$now" ] && [ "$leftovers" = 0 ] && grep -q "cannot write $work/disk/login.html: no space left on the device; nothing written" "$work/err"; then
      pass "explore on a full disk: exit 74, the earlier page kept, no temporary left: $(head -c 160 "$work/err")"
    else
      fail "explore on a full disk: exit $status, page changed: $([ "$old" = "$now" ] && echo no || echo yes), other files: $leftovers ($(ls -A "$work/disk" | tr '\n' ' ')); $(cat "$work/err")"
    fi
    rm -f "$work/disk/filler"
    umount "$work/disk"
  fi
fi

# 2b. `explore --output ""` and `explore --output README.md`: refused (64), the README untouched.
mkdir -p "$work/explore" && cd "$work/explore" || exit 1
printf '# My project\n' > README.md
before=$(ls -l --time-style=+%s.%N; sha256sum README.md)
"$fsm" explore login --output "" >/dev/null 2>"$work/err"; status1=$?
"$fsm" explore login --output README.md >/dev/null 2>>"$work/err"; status2=$?
after=$(ls -l --time-style=+%s.%N; sha256sum README.md)
if [ "$status1" = 64 ] && [ "$status2" = 64 ] && [ "$before" = "$after" ] && grep -q "README.md exists and is not an explorer page" "$work/err"; then
  pass "explore --output '' and --output README.md: bad usage (64), the folder untouched"
else fail "explore --output ''/README.md: exits $status1 $status2; folder changed: $([ "$before" = "$after" ] && echo no || echo yes); $(cat "$work/err")"; fi
cd "$work" || exit 1

# 3. A full standard output and a full standard error, for every subcommand: never a crash.
for args in "list" "table login" "dot login" "mermaid login" "validate" "diagrams --check" "repl login" "app" "explore login --output -" "scxml home" "scxml home --runs 50" "--help"; do
  # shellcheck disable=SC2086
  printf 'logIn\n:events\n' | (cd "$root" && "$fsm" $args >/dev/full 2>"$work/err"); status=$?
  if [ "$status" = 74 ] && [ "$(cat "$work/err")" = "fsm: cannot write to standard output: No space left on device" ]; then
    pass "fsm $args > /dev/full: 74, one line"
  else fail "fsm $args > /dev/full: exit $status: $(head -c 300 "$work/err")"; fi
done

echo "$failed fault test(s) failed"
[ "$failed" = 0 ]
