import FSM

/// What a tool's `validate` prints: per machine `NAME: clean` or one line per diagnostic.
package struct ValidationReport: Sendable, Equatable {
    /// The lines to print, machine by machine.
    package let lines: [String]
    /// Whether no machine has a diagnostic (exit 0), or some has (exit 1).
    package let isClean: Bool

    /// Validates each machine in a mode. A machine listed twice is validated and reported once.
    package init(_ machines: [any MachineDescribing], mode: ValidationMode) {
        var lines: [String] = []
        var clean = true
        var seen: Set<String> = []
        for machine in machines where seen.insert(machine.name).inserted {
            let diagnostics = machine.validate(mode)
            if diagnostics.isEmpty {
                lines.append("\(machine.name): clean")
            } else {
                clean = false
                lines += diagnostics.map { "\(machine.name): \($0)" }
            }
        }
        self.lines = lines
        isClean = clean
    }
}
