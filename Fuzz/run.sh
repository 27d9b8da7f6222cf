#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time from the committed seeds
# (Fuzz/Corpus/TARGET), in a scratch copy so the repository is not written to.
# Usage: Fuzz/run.sh [SECONDS per target, default 60]
# A failed invariant prints "fuzz invariant failed: ..." and the input is kept as
# .build-fuzz/TARGET-crash-* (reproduce: .build-fuzz/fuzz-TARGET .build-fuzz/TARGET-crash-...).
# Two targets fuzz at once, one per core; the export target's kept inputs then go to Graphviz
# and real Mermaid while the last two targets fuzz (Mermaid in two processes: they share the
# cores with the fuzzers for a minute, then have them to themselves).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
Fuzz/build.sh .build-fuzz
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-symbolize=0}

# Graphviz on the DOT of every input in the export corpus, real Mermaid on 150 of them.
judge_export_corpus() {
  local corpus=$1 dots count plain
  dots=$(mktemp -d)
  trap 'rm -rf "$dots" "$corpus"' RETURN
  FSM_FUZZ_DOT_DIR="$dots" .build-fuzz/fuzz-export "$corpus"/* > /dev/null 2> .build-fuzz/fuzz-export-replay.log \
    || { echo "fuzz-export failed on its own corpus:"; tail -20 .build-fuzz/fuzz-export-replay.log; return 1; }
  count=0
  for file in "$dots"/*.dot; do
    plain=$(dot -Tplain "$file" 2>&1) || { echo "Graphviz refused $file:"; cat "$file"; echo "$plain"; return 1; }
    for node in s0 s1 s2 p0h; do
      grep -q "^node $node " <<<"$plain" || { echo "Graphviz lost node $node of $file"; cat "$file"; return 1; }
    done
    count=$((count + 1))
  done
  echo "Graphviz accepted the DOT of all $count inputs in the fuzz-export corpus"
  Judges/mermaid-judge.py --names --sample 150 --workers 2 "$dots"/*.mmd | tail -3
}

judge=""
# The judge is waited for on every way out, and its log printed.
finish_judge() {
  local status=0
  [ -n "$judge" ] || return 0
  wait "$judge" || status=$?
  judge=""
  cat .build-fuzz/judge-export.log
  return "$status"
}
# The scratch corpora, by target: removed on every way out (the export one by its judge).
declare -A corpora
trap 'finish_judge || true; rm -rf "${corpora[@]}"' EXIT

# One fuzzer runs on each core: export with repl and snapshot, then terminal, app and the SCXML
# importer while the judge replays the export corpus.
fuzz_one() {
  local target=$1 corpus=$2
  # (Called as `fuzz_one ... &` under `||`: `set -e` does not hold here, each failure returns.)
  cp Fuzz/Corpus/$target/* "$corpus"/ || { echo "fuzz-$target: its seeds could not be copied"; return 1; }
  # A target's dictionary of the words its inputs are made of, when it has one.
  local dict=()
  [ -f Fuzz/Dictionaries/$target.dict ] && dict=(-dict=Fuzz/Dictionaries/$target.dict)
  if ! .build-fuzz/fuzz-$target -max_total_time="$seconds" -max_len=1100 -print_final_stats=0 "${dict[@]}" \
      -artifact_prefix=.build-fuzz/$target- "$corpus" > .build-fuzz/fuzz-$target.log 2>&1; then
    echo "fuzz-$target failed:"
    grep -a "fuzz invariant failed\|ERROR\|SUMMARY\|Test unit written" .build-fuzz/fuzz-$target.log || tail -20 .build-fuzz/fuzz-$target.log
    return 1
  fi
}

# Runs targets at once; prints each one's result after all have ended.
fuzz_pair() {
  local status=0 target
  local -a pids=()
  for target in "$@"; do
    corpora[$target]=$(mktemp -d)
    echo "fuzz-$target: ${seconds} s from $(ls Fuzz/Corpus/$target | wc -l) seeds"
  done
  for target in "$@"; do
    fuzz_one "$target" "${corpora[$target]}" & pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  for target in "$@"; do
    grep -a "DONE\|^Done" .build-fuzz/fuzz-$target.log | tail -2 || true
  done
  return "$status"
}

# Snapshots restored beside them: three processes on two cores for that minute.
fuzz_pair export repl snapshot || exit 1
rm -rf "${corpora[snapshot]}"
rm -rf "${corpora[repl]}"
if command -v dot >/dev/null 2>&1; then
  judge_export_corpus "${corpora[export]}" > .build-fuzz/judge-export.log 2>&1 &
  judge=$!
else
  rm -rf "${corpora[export]}"
fi
# The SCXML importer with them: three processes on two cores for that minute.
fuzz_pair terminal app scxml || exit 1
rm -rf "${corpora[terminal]}" "${corpora[app]}" "${corpora[scxml]}"
finish_judge
