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
