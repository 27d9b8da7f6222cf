import BenchmarkMachines
import FSM
import FSMCoverage
import FSMRuntime
import MallocCounter

#if canImport(Glibc)
import Glibc
#endif

/// One target of the benchmark: what it says, the measured value, and whether it is met.
struct Target {
    let name: String
    let measured: String
    let met: Bool
}

/// Runs every benchmark in this process (each scaling size in a process of its own);
/// `scale N` measures one size; `dispatch` runs only the dispatch and allocation benchmarks.
func main() throws {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "scale", let states = Int(arguments[2]) {
        printScale(states: states)
        return
    }
    if arguments.count == 2, arguments[1] == "runtime" {
        // For valgrind: the runtime's synchronous path, 4096 events.
        let events = turnstileEvents(count: 4096)
        let checksum = try MainActor.assumeIsolated {
            let runtime = MachineRuntime(try Machine(turnstile), clock: ContinuousClock()) { _, _ in }
            return runtimeTurnstile(runtime, events)
        }
        print(checksum)
        return
    }
    if arguments.count == 5, arguments[1] == "one", let runs = Int(arguments[4]) {
        // For instruction counts under valgrind: one path, one workload, `runs` times.
        let machine = try Machine(loading)
        let count = 1 << 16
        let events = arguments[3] == "rejected" ? illegalLoadingEvents(count: count) : legalLoadingEvents(count: count, random: arguments[3] == "random")
        let paths: [String: () -> UInt64] = [
            "switch": { switchLoading(events) }, "opaque": { opaqueSwitchLoading(events) },
            "send": { sendLoading(machine, events) },
            "ignore": { ignoringLoading(machine, events) },
        ]
        if arguments[2] == "search" {
            let searchMachine = try Machine(search)
            let searchWorkload = searchEvents(count: count)
            var checksum: UInt64 = 0
            for _ in 0..<runs { checksum &+= arguments[3] == "switch" ? switchSearch(searchWorkload) : sendSearch(searchMachine, searchWorkload) }
            print(checksum)
            return
        }
        guard let path = paths[arguments[2]] else {
            print("unknown path \(arguments[2]): one of \(paths.keys.sorted().joined(separator: ", ")), or search")
            exit(1)
        }
        var checksum: UInt64 = 0
        for _ in 0..<runs { checksum &+= path() }
        print(checksum)
        return
    }
    var targets: [Target] = []
    let count = 1 << 20
    print("FSM benchmarks: release build, \(count) events per run, 15 interleaved rounds (each path once per round)")
    print("machine: \(machineDescription())")
    print("")

    // 1. The user's path: plain enums declared in another module, the public API.
    let machine = try Machine(loading)
    print("1. loading: plain enums from another module (BenchmarkMachines), sent through the public API, in the loop a")
    print("   user writes: after each event it counts the effects and reads the state as view code does (`machine.state`).")
    print("   ns per event: median [min-max] over rounds; ratios: per round to the same-module switch and to the switch")
    print("   behind an opaque call into the other module, median [min-max]")
    print("")
    print("| workload | path | ns per event | ratio to switch | ratio to opaque switch | checksum |")
    print("|---|---|---:|---:|---:|---|")
    let workloads: [(String, [LoadEvent])] = [
        ("legal, periodic", legalLoadingEvents(count: count, random: false)),
        ("legal, random", legalLoadingEvents(count: count, random: true)),
        ("rejected", illegalLoadingEvents(count: count)),
    ]
    var ratios: [String: Double] = [:]
    var opaqueRatios: [String: Double] = [:]
    var checksumsAgree = true
    for (workload, events) in workloads {
        let results = interleaved([
            Contender(name: "switch, same module") { switchLoading(events) },
            Contender(name: "switch, other module (opaque call)") { opaqueSwitchLoading(events) },
            Contender(name: "`send(_:)` (throws)") { sendLoading(machine, events) },
            Contender(name: "`send(_:)`, policy `.ignore`") { ignoringLoading(machine, events) },
        ], events: count)
        for result in results {
            let ratio = result.ratio(to: results[0])
            let opaque = result.ratio(to: results[1])
            ratios["\(workload) \(result.name)"] = ratio.median
            opaqueRatios["\(workload) \(result.name)"] = opaque.median
            checksumsAgree = checksumsAgree && result.checksum == results[0].checksum
            print("| \(workload) | \(result.name) | \(fixed(result.median, 2)) [\(fixed(result.min, 2))-\(fixed(result.max, 2))] | \(fixed(ratio.median, 2))x [\(fixed(ratio.min, 2))-\(fixed(ratio.max, 2))] | \(fixed(opaque.median, 2))x [\(fixed(opaque.min, 2))-\(fixed(opaque.max, 2))] | \(result.checksum) |")
        }
    }
    let send = "`send(_:)` (throws)", ignoring = "`send(_:)`, policy `.ignore`"
    let random = ratios["legal, random \(send)"] ?? .infinity
    let randomOpaque = opaqueRatios["legal, random \(send)"] ?? .infinity
    let periodicOpaque = opaqueRatios["legal, periodic \(send)"] ?? .infinity
    let rejectionOpaque = opaqueRatios["rejected \(ignoring)"] ?? .infinity
    targets.append(Target(name: "every path does what the switch does (equal checksums per workload)", measured: checksumsAgree ? "equal" : "differ", met: checksumsAgree))
    targets.append(Target(name: "legal, random: `send` <= 1.5x the same-module switch", measured: fixed(random, 2) + "x", met: random <= 1.5))
    targets.append(Target(name: "legal, random: `send` <= 1.0x the opaque switch", measured: fixed(randomOpaque, 2) + "x", met: randomOpaque <= 1.0))
    targets.append(Target(name: "legal, periodic: `send` <= 2x the opaque switch", measured: fixed(periodicOpaque, 2) + "x", met: periodicOpaque <= 2))
    targets.append(Target(name: "rejected: `send(_:)`, policy `.ignore` <= 1.5x the opaque switch", measured: fixed(rejectionOpaque, 2) + "x", met: rejectionOpaque <= 1.5))

    // 2. A bigger machine.
    print("")
    print("2. 50 states x 50 events (plain enums from another module), `send(_:)`")
    print("")
    print("| workload | switch ns | send ns | ratio |")
    print("|---|---:|---:|---:|")
    let synthetic = try Machine(synthetic50Definition)
    for random in [false, true] {
        let events = syntheticEvents(count: count, random: random)
        let results = interleaved([
            Contender(name: "switch") { switchSynthetic(events) },
            Contender(name: "send") { sendSynthetic(synthetic, events) },
        ], events: count)
        let ratio = results[1].ratio(to: results[0])
        print("| \(random ? "random" : "periodic") | \(fixed(results[0].median, 2)) | \(fixed(results[1].median, 2)) | \(fixed(ratio.median, 2))x [\(fixed(ratio.min, 2))-\(fixed(ratio.max, 2))] |")
    }

    // 3. Allocations.
    print("")
    print("3. allocations (malloc calls counted by interposition, over \(count) events per path)")
    let probeBefore = mc_allocations()
    let probe = (0..<3).map { [Int](repeating: $0, count: 100 + $0) }
    print("(the counter works: making \(probe.count + 1) arrays counted \(mc_allocations() - probeBefore) allocations)")
    print("")
    print("| path | events | allocations |")
    print("|---|---|---:|")
    var allocationsEverywhere = 0
    for (workload, events) in workloads {
        for (path, run) in [(send, { sendLoading(machine, events) }), (ignoring, { ignoringLoading(machine, events) })] {
            let before = mc_allocations()
            let checksum = run()
            let allocations = mc_allocations() - before
            allocationsEverywhere += Int(allocations)
            print("| \(path) | \(workload) (checksum \(checksum)) | \(allocations) |")
        }
    }
    targets.append(Target(name: "0 allocations on every path", measured: "\(allocationsEverywhere)", met: allocationsEverywhere == 0))

    // 3b. Events with data.
    print("")
    print("3b. events with data: a search box (typed text and result counts keyed by case, failures expanded, guards reading the event), `send(_:)`")
    print("")
    print("| path | ns per event | ratio to switch | allocations | checksum |")
    print("|---|---:|---:|---:|---|")
    let searchMachine = try Machine(search)
    let searchWorkload = searchEvents(count: count)
    let searchResults = interleaved([
        Contender(name: "switch over (state, event)") { switchSearch(searchWorkload) },
        Contender(name: "`send(_:)`") { sendSearch(searchMachine, searchWorkload) },
    ], events: count)
    let searchBefore = mc_allocations()
    _ = sendSearch(searchMachine, searchWorkload)
    let searchAllocations = mc_allocations() - searchBefore
    let searchRatio = searchResults[1].ratio(to: searchResults[0])
    for (index, result) in searchResults.enumerated() {
        let ratio = index == 0 ? "1.00x" : "\(fixed(searchRatio.median, 2))x [\(fixed(searchRatio.min, 2))-\(fixed(searchRatio.max, 2))]"
        print("| \(result.name) | \(fixed(result.median, 2)) [\(fixed(result.min, 2))-\(fixed(result.max, 2))] | \(ratio) | \(index == 0 ? "-" : "\(searchAllocations)") | \(result.checksum) |")
    }
    targets.append(Target(name: "events with data: the machine agrees with the switch (checksums)", measured: searchResults[0].checksum == searchResults[1].checksum ? "equal" : "differ", met: searchResults[0].checksum == searchResults[1].checksum))
    targets.append(Target(name: "events with data: 0 allocations", measured: "\(searchAllocations)", met: searchAllocations == 0))

    // 3c. Nested states.
    print("")
    print("3c. nested states: the loading machine declared with a parent (its failures share what they do), against its flat declaration, `send(_:)`")
    print("")
    print("| workload | flat ns | nested ns | ratio nested/flat | nested allocations | checksums |")
    print("|---|---:|---:|---:|---:|---|")
    let nestedMachine = try Machine(nestedLoading)
    var worstNested = 0.0
    var nestedAllocations = 0
    var nestedAgrees = true
    for (workload, events) in workloads.prefix(2) {
        let results = interleaved([
            Contender(name: "flat") { sendLoading(machine, events) },
            Contender(name: "nested") { sendLoading(nestedMachine, events) },
        ], events: count)
        let ratio = results[1].ratio(to: results[0])
        worstNested = max(worstNested, ratio.median)
        let before = mc_allocations()
        _ = sendLoading(nestedMachine, events)
        let allocations = Int(mc_allocations() - before)
        nestedAllocations += allocations
        let agree = results[0].checksum == results[1].checksum
        nestedAgrees = nestedAgrees && agree
        print("| \(workload) | \(fixed(results[0].median, 2)) | \(fixed(results[1].median, 2)) | \(fixed(ratio.median, 2))x [\(fixed(ratio.min, 2))-\(fixed(ratio.max, 2))] | \(allocations) | \(agree ? "equal" : "differ") |")
    }
    targets.append(Target(name: "nested states: dispatch <= 1.2x the flat declaration", measured: fixed(worstNested, 2) + "x", met: worstNested <= 1.2))
    targets.append(Target(name: "nested states: the same behaviour (checksums) and 0 allocations", measured: "\(nestedAgrees ? "equal" : "differ"), \(nestedAllocations)", met: nestedAgrees && nestedAllocations == 0))
    targets.append(Target(name: "events with data: `send(_:)` <= 2x the switch", measured: fixed(searchRatio.median, 2) + "x", met: searchRatio.median <= 2))

    // 3d. The runtime.
    print("")
    print("3d. the runtime (FSMRuntime's MachineRuntime, on the main actor): `send`, then the state, on a turnstile whose steps")
    print("    emit no effect and arm no timer (the synchronous path), against the bare machine")
    print("")
    print("| path | ns per event | ratio to the machine | allocations | checksum |")
    print("|---|---:|---:|---:|---|")
    let turnstileMachine = try Machine(turnstile)
    let turnstileWorkload = turnstileEvents(count: count)
    let runtimeResults = try MainActor.assumeIsolated {
        let runtime = MachineRuntime(try Machine(turnstile), clock: ContinuousClock()) { _, _ in }
        let results = interleaved([
            Contender(name: "machine `send(_:)`") { machineTurnstile(turnstileMachine, turnstileWorkload) },
            Contender(name: "runtime `send(_:)`") { MainActor.assumeIsolated { runtimeTurnstile(runtime, turnstileWorkload) } },
        ], events: count)
        let before = mc_allocations()
        _ = runtimeTurnstile(runtime, turnstileWorkload)
        return (results, Int(mc_allocations() - before))
    }
    for (index, result) in runtimeResults.0.enumerated() {
        let ratio = result.ratio(to: runtimeResults.0[0])
        print("| \(result.name) | \(fixed(result.median, 2)) [\(fixed(result.min, 2))-\(fixed(result.max, 2))] | \(fixed(ratio.median, 2))x [\(fixed(ratio.min, 2))-\(fixed(ratio.max, 2))] | \(index == 1 ? String(runtimeResults.1) : "-") | \(result.checksum) |")
    }
    targets.append(Target(name: "runtime, synchronous path: 0 allocations", measured: "\(runtimeResults.1)", met: runtimeResults.1 == 0))
    targets.append(Target(name: "runtime, synchronous path: the machine's checksum", measured: runtimeResults.0[0].checksum == runtimeResults.0[1].checksum ? "equal" : "differ", met: runtimeResults.0[0].checksum == runtimeResults.0[1].checksum))

    // 3e. Coverage.
    print("")
    print("3e. coverage: `send(_:)` on the loading machine without a recorder and with one attached (`machine.recorder`),")
    print("    legal random and rejected events")
    print("")
    print("| workload | no recorder ns | recorder ns | ratio | allocations with the recorder (after the first run) | checksums |")
    print("|---|---:|---:|---:|---:|---|")
    var recordingAgrees = true
    var recordingAllocations = 0
    for (workload, events) in workloads.dropFirst() {
        var recording = machine
        let recorder = CoverageRecorder()
        recording.recorder = recorder
        let results = interleaved([
            Contender(name: "no recorder") { sendLoading(machine, events) },
            Contender(name: "recorder") { sendLoading(recording, events) },
        ], events: count)
        let ratio = results[1].ratio(to: results[0])
        let before = mc_allocations()
        _ = sendLoading(recording, events)
        let allocations = Int(mc_allocations() - before)
        recordingAllocations += allocations
        let agree = results[0].checksum == results[1].checksum
        recordingAgrees = recordingAgrees && agree
        print("| \(workload) | \(fixed(results[0].median, 2)) | \(fixed(results[1].median, 2)) | \(fixed(ratio.median, 2))x [\(fixed(ratio.min, 2))-\(fixed(ratio.max, 2))] | \(allocations) | \(agree ? "equal" : "differ") |")
    }
    targets.append(Target(name: "coverage: a recorder changes nothing the machine does (checksums) and allocates nothing once its pairs are known", measured: "\(recordingAgrees ? "equal" : "differ"), \(recordingAllocations)", met: recordingAgrees && recordingAllocations == 0))

    if arguments.count == 2, arguments[1] == "dispatch" {
        printTargets(targets)
        return
    }

    // 4. Type-checking a big machine written out.
    print("")
    print("4. type-checking a 50-state machine written out (1,500 `On` lines) with `swiftc -typecheck`, fastest of 3")
    let modules = executableFolder(arguments[0]) + "/Modules"
    if let times = WrittenOut.measure(modules: modules) {
        print("")
        print("| source | seconds |")
        print("|---|---:|")
        print("| DSL, state blocks in the trailing closure | \(fixed(times.closure, 2)) |")
        print("| DSL, state blocks as arguments (`_StateBlock`) | \(fixed(times.arguments, 2)) |")
        print("| nested switch | \(fixed(times.switch, 2)) |")
        let best = min(times.closure, times.arguments)
        targets.append(Target(name: "the written-out 50-state machine type-checks in <= 1.2 s (its faster form)", measured: fixed(best, 2) + " s", met: best <= 1.2))
    } else {
        print("(swiftc or the FSM module at \(modules) not found: not measured)")
        targets.append(Target(name: "the written-out 50-state machine type-checks in <= 1.2 s", measured: "not measured", met: false))
    }

    // 5. Scaling.
    print("")
    print("5. scaling: build + validate + DOT export, 10 transitions per state (each size in its own process)")
    print("")
    print("| states | build ms | validate ms | DOT ms | total ms | peak MiB | time ratio to previous |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    var previous: Double?
    var totals: [Int: Double] = [:]
    var worstRatio = 0.0
    for states in [1_000, 10_000, 100_000, 1_000_000] {
        guard let line = runScale(states: states, executable: arguments[0]) else { continue }
        let fields = line.split(separator: " ")
        let total = Double(fields[3]) ?? 0
        totals[states] = total
        let ratio = previous.map { total / $0 }
        if let ratio, states >= 100_000 { worstRatio = max(worstRatio, ratio) }
        print("| \(states) | \(fields[0]) | \(fields[1]) | \(fields[2]) | \(fields[3]) | \(fields[4]) | \(ratio.map { fixed($0, 1) + "x" } ?? "-") |")
        previous = total
    }
    let hundredThousand = totals[100_000] ?? .infinity
    targets.append(Target(name: "100k states: build + validate + DOT < 1 s", measured: fixed(hundredThousand, 0) + " ms", met: hundredThousand < 1_000))
    targets.append(Target(name: "10x the states <= 11x the time (10k -> 100k -> 1M)", measured: fixed(worstRatio, 1) + "x", met: worstRatio > 0 && worstRatio <= 11))

    printTargets(targets)
}

/// The targets, each with its measured value and PASS or MISS.
func printTargets(_ targets: [Target]) {
    print("")
    print("Targets")
    print("")
    print("| target | measured | |")
    print("|---|---:|---|")
    for target in targets {
        print("| \(target.name) | \(target.measured) | \(target.met ? "PASS" : "MISS") |")
    }
}

/// The folder of the running executable.
func executableFolder(_ path: String) -> String {
    var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard realpath(path, &resolved) != nil else { return "." }
    let full = String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return full.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
}

/// The CPU model and core count, from /proc/cpuinfo.
func machineDescription() -> String {
    guard let file = fopen("/proc/cpuinfo", "r") else { return "unknown" }
    defer { fclose(file) }
    var model = "unknown CPU"
    var cores = 0
    var line = [CChar](repeating: 0, count: 1024)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("model name") {
            cores += 1
            model = text.split(separator: ":", maxSplits: 1).last.map { String($0).trimmingCharacters(in: " \n\t") } ?? model
        }
    }
    return "\(model), \(cores) cores"
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}

do {
    try main()
} catch {
    print("error: \(error)")
    exit(1)
}
