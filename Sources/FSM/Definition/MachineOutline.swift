/// The names of a machine's states, events, parents and regions, as the package's tools (the
/// command line, the REPL, the diagram generator) list, parse and print them. Opaque: a
/// ``MachineDefinition`` makes its own; read a definition itself, or its
/// ``MachineDefinition/table``, for the typed states and events.
public struct _MachineOutline: Sendable {
    package let stateNames: [String]
    package let eventNames: [String]
    package let initialStateName: String?
    package let regionStateNames: [(region: String, states: [String])]
    package let parentStateNames: [String]
    package let diagramDirection: DiagramDirection?
    /// Where the machine is in the state of a name, `nil` for an unknown name.
    package let configuration: @Sendable (String) -> String?
    /// The machine drawn with some options: one graph, printed as DOT and as Mermaid.
    package let draw: @Sendable (DiagramOptions) -> Drawing
    /// The definition, for code that needs it typed (see ``DefinitionVisitor``).
    package let definition: any DefinitionOpener
    /// The machine as an SCXML document, with what its elements stand for.
    package let scxml: @Sendable () -> SCXMLExport
}

/// A machine's DOT and Mermaid text printed from one graph, and what the DOT draws (for a
/// legend).
package struct Drawing: Sendable {
    package let dot: String
    package let mermaid: String
    package let features: DiagramFeatures
}
