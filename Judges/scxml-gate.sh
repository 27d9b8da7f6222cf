#!/usr/bin/env bash
# The SCXML gate for one tool: every machine it lists is written with `TOOL scxml MACHINE`
# and seeded runs with `TOOL scxml MACHINE --runs N --seed S`, into FOLDER; then
# Judges/scxml-judge.py checks every document in FOLDER (these and any others already
# there, e.g. the test machines `swift test` wrote with FSM_SCXML_OUT): xmllint reads it and
# python-statemachine 3.2 replays every run, configuration and effects compared step by step.
#
# Usage: scxml-gate.sh TOOL FOLDER [RUNS STEPS SEED]
set -euo pipefail
tool=$1
folder=$2
runs=${3:-30}
steps=${4:-40}
seed=${5:-2026}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$folder"
machines=$("$tool" list | awk 'NF { print $1 }')
for machine in $machines; do
  "$tool" scxml "$machine" > "$folder/$machine.scxml"
  "$tool" scxml "$machine" --runs "$runs" --steps "$steps" --seed "$seed" > "$folder/$machine.trace.json"
done
echo "$(wc -w <<<"$machines") machines of $(basename "$tool") written to $folder"
python3 "$here/scxml-judge.py" "$folder"
