#!/usr/bin/env bash
# An adopter's package, outside this one: it depends on FSM with `traits: []` and must
# fetch neither swift-syntax, swift-argument-parser nor GRDB, build, and run a machine; asking
# for FSMMacros or FSMStore without its trait must fail with our message, not a missing module.
# An adopter of the SQLite store (the default traits) must fetch neither postgres-nio nor
# swift-nio: PostgreSQL is behind the trait Postgres, off by default.
# Usage: Scripts/check-adopter.sh   (from anywhere; needs no network)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

write_package() { # $1: directory, $2: products, $3: the dependency's traits (none: `traits: []`)
    local traits=${3-", traits: []"}
    mkdir -p "$1/Sources/Adopter"
    cat > "$1/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "Adopter",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "FSM", path: "$root"$traits)],
    targets: [.executableTarget(name: "Adopter", dependencies: [$2])]
)
MANIFEST
}

lean="$work/lean"
write_package "$lean" '.product(name: "FSM", package: "FSM"), .product(name: "FSMTesting", package: "FSM"), .product(name: "FSMRuntime", package: "FSM"), .product(name: "FSMPersistence", package: "FSM")'
cat > "$lean/Sources/Adopter/main.swift" <<'SWIFT'
import FSM
import FSMPersistence
import FSMRuntime
import FSMTesting

enum Door: Hashable, Sendable { case closed, opened, locked }
enum DoorEvent: Hashable, Sendable, CaseIterable, MachineEvent { case open, close, lock }
let door = MachineDefinition<Door, DoorEvent, Never, Void>(name: "door", initial: .closed) {
    In(.closed) { On(.open, to: .opened); On(.lock, to: .locked) }
    In(.opened) { On(.close, to: .closed) }
    Final(.locked)
}
var machine = try Machine(door)
try machine.send(.open)
// Saved by names and restored: nothing runs.
machine = try Machine(door, restoring: machine.snapshot())
try machine.send(.close)
try machine.send(.lock)

// A timer, run over time on a manual clock.
enum Light: Hashable, Sendable { case on, off }
enum LightEvent: Hashable, Sendable, CaseIterable, MachineEvent { case press }
let light = MachineDefinition<Light, LightEvent, String, Void>(name: "light", initial: .off) {
    In(.off) { On(.press, to: .on) }
    In(.on) { On(.press, to: .off); After(.seconds(30), to: .off, emit: "auto off") }
}
let clock = ManualClock()
var performed: [String] = []
let runtime = MachineRuntime(try Machine(light), clock: clock) { effect, _ in performed.append(effect) }
runtime.send(.press)
clock.advance(by: .seconds(30))
await runtime.settle()
print("\(machine.state) finished=\(machine.isFinished) light=\(runtime.state) \(performed)")
SWIFT
(cd "$lean" && swift package resolve >"$work/resolve.log" 2>&1) || { tail -5 "$work/resolve.log"; echo "FAIL: the adopter's dependencies do not resolve"; exit 1; }
fetched="$(ls "$lean/.build/checkouts" 2>/dev/null || true)"
if [ -n "$fetched" ] || grep -qiE "swift-syntax|swift-argument-parser|grdb" "$lean/Package.resolved" 2>/dev/null; then
    echo "FAIL: an FSM-only adopter fetched: ${fetched:-(see Package.resolved)}"; exit 1
fi
out="$(cd "$lean" && swift build 2>&1 && .build/debug/Adopter)" || { echo "$out" | tail -20; echo "FAIL: the FSM-only adopter does not build or run"; exit 1; }
[ "$(echo "$out" | tail -1)" = 'locked finished=true light=off ["auto off"]' ] || { echo "$out" | tail -5; echo "FAIL: unexpected output"; exit 1; }
echo "an FSM-only adopter (traits: []) fetches nothing, builds and runs: $(echo "$out" | tail -1)"

# $1: a product that needs a trait, $2: the trait, $3: what it fetches.
check_needs_trait() {
    local dir="$work/$1"
    write_package "$dir" ".product(name: \"$1\", package: \"FSM\")"
    echo "import $1" > "$dir/Sources/Adopter/main.swift"
    if out="$(cd "$dir" && swift build 2>&1)"; then
        echo "FAIL: $1 built without its trait"; exit 1
    fi
    grep -qE "$1 needs the package trait (\\\\)?\"$2(\\\\)?\"" <<<"$out" || { echo "$out" | grep error | head -5; echo "FAIL: $1 without its trait does not say why"; exit 1; }
    echo "$1 without its trait fails with: $1 needs the package trait \"$2\" ($3) ..."
}
check_needs_trait FSMMacros Macros "swift-syntax"
check_needs_trait FSMStore Store "GRDB"

# The SQLite store's adopter: the default traits resolve GRDB (and the others on by default),
# never postgres-nio nor what it needs.
store="$work/store"
write_package "$store" '.product(name: "FSMStore", package: "FSM")' ""
echo "import FSMStore" > "$store/Sources/Adopter/main.swift"
(cd "$store" && swift package resolve >"$work/resolve-store.log" 2>&1) || { tail -5 "$work/resolve-store.log"; echo "FAIL: the store adopter's dependencies do not resolve"; exit 1; }
fetched="$(ls "$store/.build/checkouts" 2>/dev/null | tr '\n' ' ')"
grep -qi "grdb" <<<"$fetched" || { echo "FAIL: the store adopter did not fetch GRDB (fetched: $fetched): the check proves nothing"; exit 1; }
if grep -qiE "postgres|swift-nio" <<<"$fetched" || grep -qiE "postgres-nio|swift-nio" "$store/Package.resolved" 2>/dev/null; then
    echo "FAIL: an adopter of the SQLite store (default traits) fetched PostgreSQL's client: $fetched"; exit 1
fi
echo "an adopter of FSMStore with the default traits fetches $fetched and neither postgres-nio nor swift-nio"
