import FSM

/// One machine the `fsm` tool knows: the machine and a one-line summary.
public struct CatalogEntry: Sendable {
    /// The machine, seen through names.
    public let machine: any MachineDescribing
    /// What the machine is, in one line (listings and `Diagrams/README.md`).
    public let summary: String

    /// Creates an entry.
    public init(_ machine: any MachineDescribing, summary: String) {
        self.machine = machine
        self.summary = summary
    }

    /// The machine's name.
    public var name: String { machine.name }
}
