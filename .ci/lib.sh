# Sourced by .ci/quick, .ci/judges and .ci/deep (and so by .ci/run): how a tier runs its steps.
#
#   step [--makes THING] [--needs THING] "what it checks" function [arguments...]
#
# runs the function in a subshell, prints its time and whether it passed, and goes on to the
# next step whatever happened: a failure is recorded, not fatal. `finish` prints every step
# with its time and exits 1 if any did not pass. When CI_RESULTS names a file, each step is
# appended there too, so that .ci/run prints one table for the three tiers.
#
# A step that needs what another makes says so: when the build failed, the steps that run
# its binaries are reported as skipped (naming what failed), not as a cascade of failures.

set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# SwiftPM writes the package's traits as -D flags in the order of a Swift Set, which each
# process hashes with its own seed: half of the invocations (`swift build`, a plugin's build,
# `swift test`) saw `-DTool -DMacros` where the last had `-DMacros -DTool`, and compiled the
# whole package again (168 s of one CI run). `swiftpm` runs SwiftPM with one seed, so one
# order; the steps build with it and run what they built with plain `swift test --skip-build`
# or the binaries, which keep Swift's own seed per process: an order of a Set or a Dictionary
# that leaked into an output would still show.
swiftpm() {
  SWIFT_DETERMINISTIC_HASHING=1 swift "$@"
}

tier_started=$SECONDS
tier_results=$(mktemp)
tier_failures=$(mktemp)
failed_things=" "

step() {
  local makes="" needs="" status=""
  while [ $# -gt 0 ]; do
    case $1 in
      --makes) makes=$2; shift 2 ;;
      --needs) needs=$2; shift 2 ;;
      *) break ;;
    esac
  done
  local name=$1
  shift
  echo
  echo "== $name"
  local started=$SECONDS
  for thing in $needs; do
    if [[ "$failed_things" == *" $thing "* ]]; then status="skipped ($thing failed)"; fi
  done
  if [ -z "$status" ]; then
    # A subshell, outside any `if` (where bash would ignore its `set -e`): the step's first
    # failing command ends that step only, and names itself. Its output is kept too, so that
    # a failure's last lines are shown again in the report at the end.
    local log
    log=$(mktemp)
    # (-E: the trap also sees a failure inside a function; it speaks only at the step's own
    # level, not inside a command substitution, where set -e is off and the script goes on.)
    ( set -eEuo pipefail
      level=$BASH_SUBSHELL
      trap 'code=$?; if [ "$BASH_SUBSHELL" = "$level" ]; then echo "== the step stopped at: $BASH_COMMAND (exit $code)" >&2; fi' ERR
      "$@" ) 2>&1 | tee "$log"
    local code=${PIPESTATUS[0]}
    if [ "$code" = 0 ]; then status=ok; else status="FAILED (exit $code)"; fi
    if [ "$code" != 0 ]; then
      { echo; echo "-- $name: $status; its last 40 lines:"; tail -n 40 "$log"; } > "$log.tail"
      cat "$log.tail" >> "$tier_failures"
      if [ -n "${CI_FAILURES:-}" ]; then cat "$log.tail" >> "$CI_FAILURES"; fi
      rm -f "$log.tail"
    fi
    rm -f "$log"
  fi
  local took=$((SECONDS - started))
  echo "== $status: $name ($took s)"
  printf '%s\t%s\t%s\n' "$status" "$took" "$name" >> "$tier_results"
  if [ -n "${CI_RESULTS:-}" ]; then printf '%s\t%s\t%s\n' "$status" "$took" "$name" >> "$CI_RESULTS"; fi
  if [ "$status" != ok ] && [ -n "$makes" ]; then failed_things+="$makes "; fi
}

# Prints the last lines of each failed step (from FAILURES, when given), then a table of the
# steps in the file given (status, seconds, name); returns 1 if one did not pass.
report() {
  local file=$1 title=$2 total=$3 failures_file=${4:-}
  if [ -n "$failures_file" ] && [ -s "$failures_file" ]; then
    echo
    echo "== what the failed steps printed last"
    cat "$failures_file"
  fi
  echo
  echo "== $title"
  awk -F'\t' '{ printf "%-28s %6d s  %s\n", $1, $2, $3 }' "$file"
  local failures
  failures=$(awk -F'\t' '$1 != "ok"' "$file" | wc -l)
  echo "== $(wc -l < "$file") steps, $failures not passed, $total s"
  [ "$failures" -eq 0 ]
}

finish() {
  local name=$1
  report "$tier_results" "$name: every step" "$((SECONDS - tier_started))" "$tier_failures"
  local code=$?
  rm -f "$tier_results" "$tier_failures"
  exit $code
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# Debian packages the judges use, installed once (apt-get update only when one is missing).
apt_updated=0
need_debian_packages() {
  local missing=()
  for package in "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ $apt_updated = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# The Python packages of every judge, at the versions pinned in .ci/requirements.txt. Where
# python3 has no pip (a stock Debian), Debian's pip is installed; where the system's Python is
# marked externally managed, the pins go in beside it as CI's own.
need_python_packages() {
  python3 -m pip --version >/dev/null 2>&1 || need_debian_packages python3-pip
  local options=(-q --disable-pip-version-check --root-user-action=ignore)
  if ls "$(python3 -c 'import sysconfig; print(sysconfig.get_path("stdlib"))')"/EXTERNALLY-MANAGED >/dev/null 2>&1; then
    options+=(--break-system-packages)
  fi
  python3 -m pip install "${options[@]}" -r .ci/requirements.txt
}

# swift test with a filter, its output kept in LOG: on a failure, the failing tests' lines and
# the end of the log are printed; a filter that matched no test fails (swift test passes then,
# so a renamed suite would quietly drop out of a gate). Prints how many tests ran.
#   filtered_tests LOG FILTER [swift test arguments...]
filtered_tests() {
  local log=$1 filter=$2
  shift 2
  mkdir -p "$(dirname "$log")"
  if ! swift test "$@" --filter "$filter" > "$log" 2>&1; then
    grep -aE "✘|error:|: failed|fatal|SUMMARY|WARNING: ThreadSanitizer" "$log" | head -60 || true
    tail -5 "$log"
    return 1
  fi
  local testing xctest
  testing=$(grep -aoE "Test run with [0-9]+ tests?" "$log" | grep -oE "[0-9]+" | tail -1 || true)
  xctest=$(grep -aoE "Executed [0-9]+ tests?" "$log" | grep -oE "[0-9]+" | sort -n | tail -1 || true)
  local total=$(( ${testing:-0} + ${xctest:-0} ))
  if [ "$total" -eq 0 ]; then
    echo "no test matched the filter $filter"
    return 1
  fi
  echo "$total tests passed (filter: $filter; log: $log)"
}
