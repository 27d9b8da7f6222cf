/// A machine definition seen through names only: what tools need (command lines, REPLs,
/// diagram generators) without knowing its state, event, effect or context types.
///
/// ``MachineDefinition`` conforms, and is the only type meant to; keep a heterogeneous list as
/// `[any MachineDescribing]`. The one type-erased machine of the package: `FSMREPL` makes a
/// REPL session from it (`makeSession()`), `FSMTool` runs its commands on a list of them.
/// What a tool of this package reads besides the requirements below (the states' and events'
/// names, parents, regions, configurations) travels in an opaque outline.
public protocol MachineDescribing: Sendable {
    /// The machine's name.
    var name: String { get }
    /// What the machine is for, in one line (empty when not given).
    var summary: String { get }
    /// The names of the machine's states, events, parents and regions, for this package's
    /// tools.
    var _outline: _MachineOutline { get }
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
    /// The states' names, in declaration order.
    package var stateNames: [String] { _outline.stateNames }
    /// The events' names, in declaration order.
    package var eventNames: [String] { _outline.eventNames }
    /// The initial state's name, if there is one.
    package var initialStateName: String? { _outline.initialStateName }
    /// The regions of a parallel machine, in order, each with its states' names; empty for
    /// any other machine.
    package var regionStateNames: [(region: String, states: [String])] { _outline.regionStateNames }
    /// The names of the parent (compound) states, in declaration order.
    package var parentStateNames: [String] { _outline.parentStateNames }
    /// The direction its diagrams flow in when the options do not say (see
    /// ``MachineDefinition/drawn(_:)``).
    package var diagramDirection: DiagramDirection? { _outline.diagramDirection }
    /// Where the machine is in the state of that name: `failed > network`, or for a
    /// parallel machine one configuration per region, `loading: waiting | logout: idle`;
    /// `nil` for an unknown name.
    package func configuration(ofStateNamed name: String) -> String? { _outline.configuration(name) }

    /// The validation errors that keep the machine from running (``Machine`` refuses its
    /// definition with them): the one rule by which the tool's commands and the test
    /// helpers refuse to show, drive or check a machine.
    package var runErrors: [Diagnostic] { validate(.standard).filter { $0.severity == .error } }
}
