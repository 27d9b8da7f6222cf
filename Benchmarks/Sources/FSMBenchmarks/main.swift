import FSM
import MallocCounter
import UseCases

#if canImport(Glibc)
import Glibc
#endif

/// Runs every benchmark; `scale N` (used by the scaling benchmark) measures one size.
func main() throws {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "scale", let states = Int(arguments[2]) {
        printScale(states: states)
        return
    }
    let count = 1 << 22
    if arguments.count == 2, arguments[1].hasPrefix("illegal") {
        let homeLoading = try Machine(HomeLoadingMachine.definition)
        let events = illegalHomeLoadingEvents(count: count, random: arguments[1] == "illegal-random")
        print(measure(events: count, repetitions: 30) { fsmHomeLoadingResult(homeLoading, events) })
        return
    }
    print("FSM benchmarks: \(count) events per run, fastest of 9 runs, ns per event")
    print("")
    print("| case | switch ns | FSM ns | ratio | checksums |")
    print("|---|---:|---:|---:|---|")

    let homeLoading = try Machine(HomeLoadingMachine.definition)
    for random in [false, true] {
        let events = legalHomeLoadingEvents(count: count, random: random)
        report("1. home-loading, legal, \(random ? "random" : "periodic")", count,
               measure(events: count) { switchHomeLoading(events) }, measure(events: count) { fsmHomeLoading(homeLoading, events) })
    }
    for random in [false, true] {
        let events = illegalHomeLoadingEvents(count: count, random: random)
        let baseline = measure(events: count) { switchHomeLoading(events) }
        report("2. home-loading, illegal, \(random ? "random" : "periodic"), `transition(on:)`", count,
               baseline, measure(events: count) { fsmHomeLoadingResult(homeLoading, events) })
        report("2. home-loading, illegal, \(random ? "random" : "periodic"), `send` (throws)", count,
               baseline, measure(events: count) { fsmHomeLoading(homeLoading, events) })
    }
    let login = try Machine(LoginMachine.definition)
    let credentials = Credentials(id: "koher", password: "1234")
    let loginSequence = loginEvents(count: count)
    report("3. login, a guard reading a context", count,
           measure(events: count) { switchLogin(loginSequence, credentials) }, measure(events: count) { fsmLogin(login, loginSequence, credentials) })
    let synthetic = try Machine(synthetic50Definition)
    for random in [false, true] {
        let events = syntheticEvents(count: count, random: random)
        report("\(random ? 5 : 4). 50 states x 50 events, \(random ? "random" : "periodic")", count,
               measure(events: count) { switchSynthetic(events) }, measure(events: count) { fsmSynthetic(synthetic, events) })
    }

    let evens = (0..<count).map { UInt8(($0 &* 2) & 0xFF) }
    report("(for comparison) a typed throw vs a returned Result, no state machine", count,
           measure(events: count) { bareResults(evens) }, measure(events: count) { bareThrows(evens) })

    print("")
    print("6. allocations per send (malloc calls counted by interposition, over \(count) sends)")
    let legal = legalHomeLoadingEvents(count: count, random: true)
    let illegal = illegalHomeLoadingEvents(count: count, random: true)
    let emptyBefore = mc_allocations()
    let emptyAfter = mc_allocations()
    let probeBefore = mc_allocations()
    let probe = (0..<3).map { [Int](repeating: $0, count: 100 + $0) }
    let probeAllocations = mc_allocations() - probeBefore
    print("(the counter works: making \(probe.count + 1) arrays counted \(probeAllocations) allocations)")
    let legalBefore = mc_allocations()
    let legalChecksum = fsmHomeLoading(homeLoading, legal)
    let legalAllocations = mc_allocations() - legalBefore - (emptyAfter - emptyBefore)
    let illegalBefore = mc_allocations()
    let illegalChecksum = fsmHomeLoading(homeLoading, illegal)
    let illegalAllocations = mc_allocations() - illegalBefore - (emptyAfter - emptyBefore)
    print("| send | allocations | per send | checksum |")
    print("|---|---:|---:|---|")
    print("| legal | \(legalAllocations) | \(Double(legalAllocations) / Double(count)) | \(legalChecksum) |")
    print("| rejected | \(illegalAllocations) | \(Double(illegalAllocations) / Double(count)) | \(illegalChecksum) |")

    print("")
    print("7. scaling: build + validate + DOT export, 10 transitions per state (each size in its own process)")
    print("| states | build ms | validate ms | DOT ms | total ms | peak MiB | time ratio to previous |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    var previous: Double?
    for states in [1_000, 10_000, 100_000] {
        guard let line = runScale(states: states, executable: arguments[0]) else { continue }
        let total = Double(line.split(separator: " ")[3]) ?? 0
        let ratio = previous.map { fixed(total / $0, 1) } ?? "-"
        let fields = line.split(separator: " ")
        print("| \(states) | \(fields[0]) | \(fields[1]) | \(fields[2]) | \(fields[3]) | \(fields[4]) | \(ratio) |")
        previous = total
    }
}

func report(_ name: String, _ events: Int, _ baseline: (ns: Double, checksum: UInt64), _ library: (ns: Double, checksum: UInt64)) {
    let ratio = library.ns / baseline.ns
    print("| \(name) | \(fixed(baseline.ns, 2)) | \(fixed(library.ns, 2)) | \(fixed(ratio, 1))x | \(baseline.checksum) / \(library.checksum) |")
}

do {
    try main()
} catch {
    print("error: \(error)")
    exit(1)
}
