import FSM
import FSMREPL

/// One machine the `fsm` tool knows: the machine, a one-line summary, and how to start a
/// REPL session on it.
public struct CatalogEntry: Sendable {
    /// The machine, seen through names.
    public let machine: any MachineDescribing
    /// What the machine is, in one line (listings and `Diagrams/README.md`).
    public let summary: String
    private let sessionFactory: @Sendable () throws(DefinitionError) -> REPLSession

    /// Creates an entry for a definition.
    public init<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>, summary: String) {
        machine = definition
        self.summary = summary
        sessionFactory = { () throws(DefinitionError) in try REPLSession(definition) }
    }

    /// The machine's name.
    public var name: String { machine.name }

    /// A new REPL session on the machine, in its initial state.
    public func makeSession() throws(DefinitionError) -> REPLSession {
        try sessionFactory()
    }
}
