#if canImport(Glibc)
import Glibc
#endif

/// A 50-state, 50-event machine written out in the DSL, 30 `On(...)` lines per state
/// (1,500 in all), and the same machine as a nested switch: the sources whose type-checking
/// time the benchmark measures.
enum WrittenOut {
    static let states = 50, events = 50, perState = 30

    static func target(_ state: Int, _ event: Int) -> Int { (state * 7 + event * 3 + 1) % states }

    /// The enums; the machine's event type also conforms to `MachineEvent` (the switch has no FSM).
    static func enums(machine: Bool) -> String {
        """
        enum S: Hashable, Sendable { case \((0..<states).map { "s\($0)" }.joined(separator: ", ")) }
        enum E: \(machine ? "MachineEvent, " : "")Hashable, Sendable, CaseIterable { case \((0..<events).map { "e\($0)" }.joined(separator: ", ")) }
        enum X: Hashable, Sendable { case a, b }

        """
    }

    /// The machine in the DSL, every line written out as a user would: the state blocks in
    /// the definition's trailing closure, or (`arguments`) as its arguments.
    static func dsl(arguments: Bool) -> String {
        let open = arguments ? "(name: \"written-out\", initial: .s0," : "(name: \"written-out\", initial: .s0) {"
        var lines = ["import FSM", "", enums(machine: true), "let machine = MachineDefinition<S, E, X, Void>" + open]
        for state in 0..<states {
            lines.append("    In(.s\(state)) {")
            for event in 0..<perState {
                let effect = event % 3 == 0 ? ", emit: .a" : (event % 3 == 1 ? ", emit: .a, .b" : "")
                lines.append("        On(.e\(event), to: .s\(target(state, event))\(effect))")
            }
            lines.append(arguments && state < states - 1 ? "    }," : "    }")
        }
        lines.append(arguments ? ")" : "}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same transitions as a nested switch returning the target and the effects.
    static var switchSource: String {
        var lines = [enums(machine: false), "func step(_ state: S, _ event: E) -> (S, [X])? {", "    switch state {"]
        for state in 0..<states {
            lines.append("    case .s\(state):")
            lines.append("        switch event {")
            for event in 0..<perState {
                let effect = event % 3 == 0 ? "[.a]" : (event % 3 == 1 ? "[.a, .b]" : "[]")
                lines.append("        case .e\(event): return (.s\(target(state, event)), \(effect))")
            }
            lines.append("        default: return nil")
            lines.append("        }")
        }
        lines += ["    }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds `swiftc -typecheck` takes on each source (fastest of `runs`), or `nil` when
    /// swiftc or the FSM module cannot be found.
    static func measure(modules: String, runs: Int = 3) -> (closure: Double, arguments: Double, switch: Double)? {
        let folder = "/tmp/fsm-benchmarks-typecheck-\(getpid())"
        mkdir(folder, 0o755)
        defer {
            unlink(folder + "/dsl.swift")
            unlink(folder + "/arguments.swift")
            unlink(folder + "/switch.swift")
            rmdir(folder)
        }
        guard write(dsl(arguments: false), to: folder + "/dsl.swift"), write(dsl(arguments: true), to: folder + "/arguments.swift"),
              write(switchSource, to: folder + "/switch.swift") else { return nil }
        func time(_ file: String, _ extra: [String]) -> Double? {
            var best = Double.infinity
            for _ in 0..<runs {
                let start = now()
                guard spawn(["swiftc", "-typecheck", "-swift-version", "6"] + extra + [file]).status == 0 else { return nil }
                best = Swift.min(best, Double(now() - start) / 1e9)
            }
            return best
        }
        guard let closureTime = time(folder + "/dsl.swift", ["-I", modules]), let argumentsTime = time(folder + "/arguments.swift", ["-I", modules]),
              let switchTime = time(folder + "/switch.swift", []) else { return nil }
        return (closureTime, argumentsTime, switchTime)
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        return fputs(text, file) >= 0
    }
}
