import FSM

/// What `fsm validate` prints: per machine `NAME: clean` or one line per diagnostic.
public struct ValidationReport: Sendable, Equatable {
    /// The lines to print, machine by machine.
    public let lines: [String]
    /// Whether no machine has a diagnostic (exit 0), or some has (exit 1).
    public let isClean: Bool

    /// Validates each entry's machine in a mode.
    public init(_ entries: [CatalogEntry], mode: ValidationMode) {
        var lines: [String] = []
        var clean = true
        for entry in entries {
            let diagnostics = entry.machine.validate(mode)
            if diagnostics.isEmpty {
                lines.append("\(entry.name): clean")
            } else {
                clean = false
                lines += diagnostics.map { "\(entry.name): \($0)" }
            }
        }
        self.lines = lines
        isClean = clean
    }
}
