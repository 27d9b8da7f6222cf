#!/usr/bin/env bash
# Fails when a public symbol of a library target has no /// documentation comment.
# Synthesised and inherited members (no source location: hashValue, init(from:), ...) are exempt.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FSM FSMMacros FSMTesting FSMREPL FSMTerminal FSMTool Entities UseCases APIServices LoginChallengeApp)
for target in "${targets[@]}"; do
  swift build --target "$target" -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$dir" >/dev/null
done
python3 - "$dir" "${targets[@]}" <<'PY'
import json, sys, os
folder, targets = sys.argv[1], sys.argv[2:]
exempt = {"hashValue", "hash(into:)", "init(rawValue:)", "==(_:_:)"}
missing = []
for target in targets:
  for file in sorted(os.listdir(folder)):
    if file != f"{target}.symbols.json" and not file.startswith(f"{target}@"):
        continue
    for symbol in json.load(open(os.path.join(folder, file)))["symbols"]:
        name = symbol["pathComponents"][-1]
        written_here = "location" in symbol  # synthesised and inherited members have none
        if symbol["accessLevel"] in ("public", "open") and written_here and "docComment" not in symbol and name not in exempt:
            missing.append(f"{target}: {'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName']})")
if missing:
    print("public symbols without a /// comment:")
    print("\n".join("  " + m for m in missing))
    sys.exit(1)
print(f"every public symbol of {', '.join(targets)} is documented")
PY

# The DocC catalog of FSM builds without a warning (broken or ambiguous links included).
if command -v docc >/dev/null 2>&1 || [ -x "$(dirname "$(command -v swift)")/docc" ]; then
  DOCC=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
  out=$(mktemp -d)
  mkdir -p "$out/graphs"
  cp "$dir"/FSM.symbols.json "$out/graphs/"
  if ! "$DOCC" convert Sources/FSM/Documentation.docc --additional-symbol-graph-dir "$out/graphs" \
      --fallback-display-name FSM --fallback-bundle-identifier fsm --output-path "$out/FSM.doccarchive" \
      --warnings-as-errors >"$out/log" 2>&1; then
    cat "$out/log"
    echo "the DocC catalog of FSM has warnings"
    exit 1
  fi
  echo "the DocC catalog of FSM builds without warnings"
fi
