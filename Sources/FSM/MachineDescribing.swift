/// A machine definition seen through names only: what tools need (command lines, REPLs,
/// diagram generators) without knowing its state, event, effect or context types.
///
/// ``MachineDefinition`` conforms; keep a heterogeneous list as `[any MachineDescribing]`.
public protocol MachineDescribing: Sendable {
    /// The machine's name.
    var name: String { get }
    /// What the machine is for, in one line (empty when not given).
    var summary: String { get }
    /// The states' names, in declaration order.
    var stateNames: [String] { get }
    /// The events' names, in declaration order.
    var eventNames: [String] { get }
    /// The initial state's name, if there is one.
    var initialStateName: String? { get }
    /// The validation diagnostics (see ``MachineDefinition/validate(_:)``).
    func validate(_ mode: ValidationMode) -> [Diagnostic]
    /// The Graphviz DOT diagram (see ``MachineDefinition/dot(_:)``).
    func dot(_ options: DiagramOptions) -> String
    /// The Mermaid diagram (see ``MachineDefinition/mermaid(_:)``).
    func mermaid(_ options: DiagramOptions) -> String
    /// The full transition table in a format.
    func tableText(_ format: TableFormat) -> String
}

/// A text format of a ``TransitionTable``.
public enum TableFormat: String, Sendable, Hashable, CaseIterable {
    /// ``TransitionTable/markdown``.
    case markdown
    /// ``TransitionTable/json``.
    case json
    /// ``TransitionTable/csv``.
    case csv
}

extension TransitionTable {
    /// The table in a format.
    public func text(_ format: TableFormat) -> String {
        switch format {
        case .markdown: markdown
        case .json: json
        case .csv: csv
        }
    }
}

extension MachineDefinition: MachineDescribing {
    /// The states' names, in declaration order (a state declared twice counted once).
    public var stateNames: [String] { resolution.stateNames }
    /// The events' names, in declaration order (an event listed twice counted once).
    public var eventNames: [String] { resolution.eventNames }
    /// The initial state's name, if there is one.
    public var initialStateName: String? { initial.map(name(of:)) }
    /// The full transition table in a format.
    public func tableText(_ format: TableFormat) -> String { table.text(format) }
}
