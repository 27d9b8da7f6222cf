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
    /// The regions of a parallel machine, in order, each with its states' names; empty for
    /// any other machine.
    var regionStateNames: [(region: String, states: [String])] { get }
    /// The names of the parent (compound) states, in declaration order.
    var parentStateNames: [String] { get }
    /// The direction its diagrams flow in when the options do not say (see
    /// ``MachineDefinition/drawn(_:)``).
    var diagramDirection: DiagramDirection { get }
    /// Where the machine is in the state of that name: `failed > network`, or for a
    /// parallel machine one configuration per region, `loading: waiting | logout: idle`;
    /// `nil` for an unknown name.
    func configuration(ofStateNamed name: String) -> String?
    /// The validation diagnostics (see ``MachineDefinition/validate(_:)``).
    func validate(_ mode: ValidationMode) -> [Diagnostic]
    /// The Graphviz DOT diagram (see ``MachineDefinition/dot(_:)``).
    func dot(_ options: DiagramOptions) -> String
    /// The Mermaid diagram (see ``MachineDefinition/mermaid(_:)``).
    func mermaid(_ options: DiagramOptions) -> String
    /// The full transition table in a format.
    func tableText(_ format: TableFormat) -> String
}

extension MachineDescribing {
    /// No regions: a machine that is not parallel.
    public var regionStateNames: [(region: String, states: [String])] { [] }
    /// No parents.
    public var parentStateNames: [String] { [] }
    /// Left to right.
    public var diagramDirection: DiagramDirection { .leftToRight }
    /// The state's own name, for a machine without parents or regions.
    public func configuration(ofStateNamed name: String) -> String? { stateNames.contains(name) ? name : nil }
}

extension MachineDescribing {
    /// The validation errors that keep the machine from running (``Machine`` refuses its
    /// definition with them): the one rule by which the tool's commands and the test
    /// helpers refuse to show, drive or check a machine.
    package var runErrors: [Diagnostic] { validate(.standard).filter { $0.severity == .error } }
}
