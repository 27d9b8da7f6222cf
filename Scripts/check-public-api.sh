#!/usr/bin/env bash
# The public API of each library product's target, read from the compiler's symbol graphs
# (SwiftPM with one hash seed: see .ci/lib.sh):
#   - fails when a public symbol has no /// documentation comment (synthesised and inherited
#     members, which have no source location, are exempt);
#   - compares the public declarations with the committed baseline, API/TARGET.txt, and fails
#     with a unified diff when they differ: a change of the public API is a deliberate diff of
#     that file, made with --update (and a line in CHANGELOG.md);
#   - builds the DocC catalogs of FSM and FSMCoverage with docc (it ships with the toolchain),
#     warnings as errors.
# Usage: Scripts/check-public-api.sh [--update] [TARGET...]   (default: every library product's target)
set -euo pipefail
cd "$(dirname "$0")/.."
update=0
targets=()
for argument in "$@"; do
  if [ "$argument" = "--update" ]; then update=1; else targets+=("$argument"); fi
done
dir=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$dir" "$out"' EXIT
# Every library product's target (the Login Challenge's targets are the demo, not products).
[ ${#targets[@]} -gt 0 ] || targets=(FSM FSMCoverage FSMMacros FSMTesting FSMRuntime FSMPersistence FSMREPL FSMTerminal FSMTool FSMStore)
# The symbol graphs are read from the modules of the debug build (`swift build`, which CI has
# made already): swift-symbolgraph-extract takes about a second for every product. No library
# target expands a macro (FSMMacros declares them; the demo and the tests use them), so the
# modules hold every public declaration as written.
for target in "${targets[@]}"; do
  if [ "$target" != FSMMacros ] && grep -rlE --include="*.swift" "^(@_exported )?import FSMMacros" "Sources/$target" >/dev/null 2>&1; then
    echo "Sources/$target imports FSMMacros: its macro expansions would be missing from the modules read here; read its symbol graph from a build with -emit-symbol-graph instead"
    exit 1
  fi
done
# FSMStorePostgres is read from a build with the trait Postgres (without it the module is
# empty): FSM_API_SCRATCH=.build-pg FSM_API_TRAITS=default,Postgres, as Scripts/store-load.sh builds.
scratch=${FSM_API_SCRATCH:-.build}
build_options=(--scratch-path "$scratch")
if [ -n "${FSM_API_TRAITS:-}" ]; then build_options+=(--traits "$FSM_API_TRAITS"); fi
# (In another build folder nothing is built: its modules are read as they are. Building a
# library product there also builds the package's macro and plugin tools, swift-syntax
# included; Scripts/store-load.sh has built FSMStorePostgres for its executables.)
build_failed() { tail -30 "$out/build.log"; echo "the debug build failed"; exit 1; }
if [ "$scratch" = .build ]; then
  SWIFT_DETERMINISTIC_HASHING=1 swift build "${build_options[@]}" >"$out/build.log" 2>&1 || build_failed
fi
bin="$(SWIFT_DETERMINISTIC_HASHING=1 swift build "${build_options[@]}" --show-bin-path)"
modules="$bin/Modules"
for target in "${targets[@]}"; do
  [ -f "$modules/$target.swiftmodule" ] || { echo "no module $target in $modules: build it first (in $scratch)"; exit 1; }
done
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
# The C modules the targets import (FSMStore's GRDB imports the system's SQLite through one).
cmodules=()
for map in "$scratch"/checkouts/*/Sources/*/module.modulemap; do
  [ -f "$map" ] && cmodules+=(-Xcc "-fmodule-map-file=$PWD/$map")
done
# (and, for FSMStorePostgres, the module maps of C targets in include folders, and those SwiftPM
# writes for the others: swift-nio's, swift-atomics', BoringSSL's)
if [ "$scratch" != .build ]; then
  for map in "$scratch"/checkouts/*/Sources/*/include/module.modulemap; do
    cmodules+=(-Xcc "-fmodule-map-file=$PWD/$map")
  done
  for map in "$bin"/*.build/module.modulemap; do
    case $map in *-tool.build/*) continue ;; esac  # (the same modules built for the host's tools)
    [ -f "$map" ] && cmodules+=(-Xcc "-fmodule-map-file=$map")
  done
fi
for target in "${targets[@]}"; do
  swift symbolgraph-extract -module-name "$target" -I "$modules" -target "$triple" \
    -minimum-access-level public -output-dir "$dir" "${cmodules[@]}"
done
python3 - "$dir" "$update" "$PWD" "${targets[@]}" <<'PY'
import difflib, json, os, re, sys
folder, update, root, targets = sys.argv[1], sys.argv[2] == "1", sys.argv[3], sys.argv[4:]
prefix = "file://" + root.rstrip("/") + "/Sources/"
exempt = {"hashValue", "hash(into:)", "init(rawValue:)", "==(_:_:)"}
missing, changed = [], []
os.makedirs("API", exist_ok=True)
for target in targets:
    lines = set()
    for file in sorted(os.listdir(folder)):
        if file != f"{target}.symbols.json" and not file.startswith(f"{target}@"):
            continue
        graph = json.load(open(os.path.join(folder, file)))
        listed = {}
        for symbol in graph["symbols"]:
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            name = symbol["pathComponents"][-1]
            written_here = "location" in symbol  # synthesised and inherited members have none
            uri = symbol["location"]["uri"] if written_here else ""
            if uri.startswith(prefix) and not uri.startswith(prefix + target + "/"):
                continue  # another module's symbol, re-exported (FSMMacros exports FSM); macro expansions stay
            if written_here and "docComment" not in symbol and name not in exempt:
                missing.append(f"{target}: {'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName']})")
            if not written_here:
                continue
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            where = symbol.get("swiftExtension", {}).get("constraints", [])
            context = ""
            if where:
                context = " (in an extension where " + ", ".join(
                    f"{c['lhs']} {':' if c['kind'] == 'conformance' else '=='} {c['rhs']}" for c in where) + ")"
            path = ".".join(symbol["pathComponents"])
            listed[symbol["identifier"]["precise"]] = path
            lines.add(f"{path}: {declaration}{context}")
        # What each listed type conforms to or inherits from (a conformance dropped, such as
        # Sendable or Equatable, is an API change too), with the conditions of a
        # conditional conformance.
        names = {s["identifier"]["precise"]: ".".join(s["pathComponents"]) for s in graph["symbols"]}
        for relation in graph.get("relationships", []):
            if relation["kind"] not in ("conformsTo", "inheritsFrom") or relation["source"] not in listed:
                continue
            other = relation.get("targetFallback") or names.get(relation["target"], relation["target"])
            conditions = relation.get("swiftConstraints", [])
            where = ""
            if conditions:
                where = " where " + ", ".join(
                    f"{c['lhs']} {':' if c['kind'] == 'conformance' else '=='} {c['rhs']}" for c in conditions)
            verb = "conforms to" if relation["kind"] == "conformsTo" else "inherits from"
            lines.add(f"{listed[relation['source']]}: {verb} {other}{where}")
    text = "".join(line + "\n" for line in sorted(lines))
    path = f"API/{target}.txt"
    old = open(path).read() if os.path.exists(path) else ""
    if update:
        if old != text:
            open(path, "w").write(text)
            print(f"{path}: {len(lines)} public declarations (updated)")
        else:
            print(f"{path}: {len(lines)} public declarations (unchanged)")
    elif old != text:
        changed.append(path)
        sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True), path + " (committed)", path + " (the code)"))
    else:
        print(f"{path}: {len(lines)} public declarations, as committed")
if missing:
    print("public symbols without a /// comment:")
    print("\n".join("  " + m for m in missing))
if changed:
    print("the public API differs from the committed baseline in: " + ", ".join(changed))
    print("if the change is deliberate: Scripts/check-public-api.sh --update, and say it in CHANGELOG.md")
if missing or (changed and not update):
    sys.exit(1)
if not update:
    print(f"every public symbol of {len(targets)} targets documented, and the public API as committed")
PY

# The DocC catalogs of FSM and FSMCoverage build without a warning (broken or ambiguous links
# included).
if { command -v docc >/dev/null 2>&1 || [ -x "$(dirname "$(command -v swift)")/docc" ]; }; then
  DOCC=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
  for module in FSM FSMCoverage; do
    [ -f "$dir/$module.symbols.json" ] || continue
    rm -rf "$out/graphs" && mkdir -p "$out/graphs"
    cp "$dir/$module".symbols.json "$out/graphs/"
    for extension in "$dir/$module"@*.symbols.json; do [ -f "$extension" ] && cp "$extension" "$out/graphs/"; done
    if ! "$DOCC" convert "Sources/$module/Documentation.docc" --additional-symbol-graph-dir "$out/graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" --output-path "$out/$module.doccarchive" \
        --warnings-as-errors >"$out/log" 2>&1; then
      cat "$out/log"
      echo "the DocC catalog of $module has warnings"
      exit 1
    fi
    echo "the DocC catalog of $module builds without warnings"
  done
fi
