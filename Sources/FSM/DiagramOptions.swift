/// One transition of a definition, named by its source, event and target: what a coverage
/// view marks as taken.
public struct TransitionKey: Sendable, Hashable, CustomStringConvertible {
    /// The source state's name.
    public let source: String
    /// The event's name.
    public let event: String
    /// The target state's name.
    public let target: String

    /// Creates a key from names.
    public init(source: String, event: String, target: String) {
        self.source = source
        self.event = event
        self.target = target
    }

    /// Creates the key of a transition a machine took.
    public init<State, Event, Effect>(_ transition: Transition<State, Event, Effect>) {
        self.init(source: String(describing: transition.source), event: String(describing: transition.event), target: String(describing: transition.target))
    }

    /// `source --event--> target`.
    public var description: String { "\(source) --\(event)--> \(target)" }
}

/// Which way a diagram's flow runs: the ranks of Graphviz's `rankdir` and Mermaid's
/// `direction`.
public enum DiagramDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right (`LR`): wide; suits a few states in a chain.
    case leftToRight = "LR"
    /// Top to bottom (`TB`): tall; suits many states, or a documentation column.
    case topToBottom = "TB"
}

/// What a diagram shows beyond the definition itself, and how it is laid out.
public struct DiagramOptions: Sendable, Hashable {
    /// The name of a state to highlight (filled), usually the current one.
    public var highlightedState: String?
    /// A coverage view: transitions in the set are drawn solid, the others dashed red.
    /// `nil` (the default) draws every transition normally.
    public var coveredTransitions: Set<TransitionKey>?
    /// The direction of the flow; `nil` uses the machine's own
    /// (``MachineDefinition/diagramDirection``, left to right unless it says otherwise).
    public var direction: DiagramDirection?
    /// Whether effects are drawn (on transitions, and a state's entry and exit effects);
    /// `false` gives an overview of states, events and guards only.
    public var showsEffects: Bool

    /// Creates options.
    public init(highlightedState: String? = nil, coveredTransitions: Set<TransitionKey>? = nil, direction: DiagramDirection? = nil, showsEffects: Bool = true) {
        self.highlightedState = highlightedState
        self.coveredTransitions = coveredTransitions
        self.direction = direction
        self.showsEffects = showsEffects
    }
}
