#!/usr/bin/env bash
# Builds the libFuzzer targets: FSM, FSMCoverage, FSMTerminal, FSMRuntime, FSMPersistence, FSMREPL and the app's modules compiled with coverage and AddressSanitizer
# (swiftc -sanitize=fuzzer,address), then each Fuzz/*.swift linked against them.
# Usage: Fuzz/build.sh [OUT]   (default .build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-fuzz}
mkdir -p "$out"
# -j: the driver compiles a module's files on every core (FSM: 60 s on two cores, 121 s on one)
flags=(-O -j "$(nproc)" -swift-version 6 -package-name FSM -D Macros -D Tool -sanitize=fuzzer,address -parse-as-library -I "$out" -L "$out")
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name FSM \
  -emit-module-path "$out/FSM.swiftmodule" -o "$out/libFSM.a" $(find Sources/FSM -name "*.swift") 2> >(grep -v "ld.gold: warning" >&2)
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name FSMCoverage \
  -emit-module-path "$out/FSMCoverage.swiftmodule" -o "$out/libFSMCoverage.a" $(find Sources/FSMCoverage -name "*.swift") 2> >(grep -v "ld.gold: warning" >&2)
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name FSMTerminal \
  -emit-module-path "$out/FSMTerminal.swiftmodule" -o "$out/libFSMTerminal.a" $(find Sources/FSMTerminal -name "*.swift") 2> >(grep -v "ld.gold: warning" >&2)
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name FSMRuntime \
  -emit-module-path "$out/FSMRuntime.swiftmodule" -o "$out/libFSMRuntime.a" $(find Sources/FSMRuntime -name "*.swift") 2> >(grep -v "ld.gold: warning" >&2)
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name FSMPersistence \
  -emit-module-path "$out/FSMPersistence.swiftmodule" -o "$out/libFSMPersistence.a" $(find Sources/FSMPersistence -name "*.swift") 2> >(grep -v "ld.gold: warning" >&2)
# The explorer's page files, embedded as SwiftPM's `.embedInCode` does for `swift build`.
python3 - "$out/FSMREPLResources.swift" Sources/FSMREPL/Explorer/Page/explorer.html \
    Sources/FSMREPL/Explorer/Page/explorer.css Sources/FSMREPL/Explorer/Page/explorer.js <<'PY'
import os, sys
with open(sys.argv[1], "w") as out:
    out.write("struct PackageResources {\n")
    for path in sys.argv[2:]:
        name = os.path.basename(path).replace(".", "_").replace("-", "_")
        out.write(f"static let {name}: [UInt8] = [{','.join(map(str, open(path, 'rb').read()))}]\n")
    out.write("}\n")
PY
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name FSMREPL \
  -emit-module-path "$out/FSMREPL.swiftmodule" -o "$out/libFSMREPL.a" $(find Sources/FSMREPL -name "*.swift") \
  "$out/FSMREPLResources.swift" 2> >(grep -v "ld.gold: warning" >&2)
# The shipped machines use the macros: the plugin as SwiftPM builds it (a host tool, not
# fuzzed), and FSMMacros (macro declarations over FSM) as a module of its own.
# One hash seed for SwiftPM: with another order of the traits' -D flags than the last build's,
# it would compile the package again (see .ci/lib.sh).
SWIFT_DETERMINISTIC_HASHING=1 swift build --target FSMMacrosPlugin >/dev/null
plugin="$(SWIFT_DETERMINISTIC_HASHING=1 swift build --show-bin-path)/FSMMacrosPlugin-tool"
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name FSMMacros \
  -load-plugin-executable "$plugin#FSMMacrosPlugin" -emit-module-path "$out/FSMMacros.swiftmodule" -o "$out/libFSMMacros.a" $(find Sources/FSMMacros -name "*.swift") 2> >(grep -v "ld.gold: warning" >&2)
# The app's modules, for fuzz-app (AppCommand): each a static library, in dependency order.
for module in Entities UseCases APIServices LoginChallengeApp; do
  swiftc "${flags[@]}" -load-plugin-executable "$plugin#FSMMacrosPlugin" -emit-library -static -emit-module -module-name "$module" \
    -emit-module-path "$out/$module.swiftmodule" -o "$out/lib$module.a" $(find "Sources/$module" -name "*.swift") 2> >(grep -v "ld.gold: warning" >&2)
done
for target in Fuzz/Targets/*.swift; do
  name=$(basename "$target" .swift)
  swiftc "${flags[@]}" -lLoginChallengeApp -lAPIServices -lFSMRuntime -lUseCases -lEntities -lFSMREPL -lFSMPersistence -lFSMRuntime -lFSMTerminal -lFSMMacros -lFSMCoverage -lFSM "$target" Fuzz/Support/*.swift -o "$out/$name" 2> >(grep -v "ld.gold: warning" >&2)
  echo "built $out/$name"
done
