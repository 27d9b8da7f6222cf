import FSM

/// What a tool's `validate` prints: per machine `NAME: clean` or one line per diagnostic.
package struct ValidationReport: Sendable, Equatable {
    /// The lines to print, machine by machine.
    package let lines: [String]
    /// Whether no machine has a diagnostic (exit 0), or some has (exit 1).
    package let isClean: Bool

    /// Validates each machine in a mode. A machine listed twice is validated and reported once.
    /// `labels` names machines in the lines instead of their names (an SCXML document by its
    /// file, as typed: two documents, or a document and a machine, may share a name).
    package init(_ machines: [any MachineDescribing], mode: ValidationMode, labels: [String]? = nil) {
        var lines: [String] = []
        var clean = true
        var seen: Set<String> = []
        for (index, machine) in machines.enumerated() {
            let label = labels.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? machine.name
            guard seen.insert(label).inserted else { continue }
            let diagnostics = machine.validate(mode)
            if diagnostics.isEmpty {
                lines.append("\(label): clean")
            } else {
                clean = false
                lines += diagnostics.map { "\(label): \($0)" }
            }
        }
        self.lines = lines
        isClean = clean
    }
}
