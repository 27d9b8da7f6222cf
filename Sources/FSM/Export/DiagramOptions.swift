/// What a diagram shows beyond the definition itself, and how it is laid out.
public struct DiagramOptions: Sendable, Hashable {
    /// The name of a state to highlight (filled), usually the current one.
    public var highlightedState: String?
    /// A coverage view: transitions taken are drawn solid with how often (`×3`), those never
    /// taken dashed red (in Mermaid, which cannot style one transition, labelled `never taken`
    /// in red), states never entered dashed red. `nil` (the default) draws every transition
    /// normally.
    public var coverage: MachineCoverage? {
        didSet { paint = coverage.map(CoveragePaint.init) }
    }
    /// The coverage as the drawing reads it (for a region: its own states and transitions).
    var paint: CoveragePaint?
    /// The direction of the flow; `nil` uses the machine's own
    /// (``MachineDefinition/diagramDirection``, left to right unless it says otherwise).
    public var direction: DiagramDirection?
    /// Whether effects are drawn (on transitions, and a state's entry and exit effects);
    /// `false` gives an overview of states, events and guards only.
    public var showsEffects: Bool
    /// Whether each drawn edge carries a DOT `id` (`e3`, `r0e3` in a region), which Graphviz
    /// keeps in its SVG: for the explorer, which maps a clicked edge to its event
    /// (``MachineDefinition/explorerLayout``). Off for every committed diagram.
    package var edgeIDs = false

    /// Creates options.
    public init(highlightedState: String? = nil, coverage: MachineCoverage? = nil, direction: DiagramDirection? = nil, showsEffects: Bool = true) {
        self.highlightedState = highlightedState
        self.coverage = coverage
        paint = coverage.map(CoveragePaint.init)
        self.direction = direction
        self.showsEffects = showsEffects
    }
}

/// What a coverage view paints: how often each transition was taken, and the states entered.
struct CoveragePaint: Sendable, Hashable {
    var counts: [TransitionKey: Int]
    var entered: Set<String>

    init(_ coverage: MachineCoverage) {
        counts = coverage.takenCounts
        entered = Set(coverage.states.filter { $0.entered > 0 }.map(\.state))
    }

    init(counts: [TransitionKey: Int], entered: Set<String>) {
        self.counts = counts
        self.entered = entered
    }

    /// How often the transitions with these keys were taken, together (saturating at
    /// `Int.max`: see ``CoverageCount``).
    func count(_ keys: [TransitionKey]) -> Int {
        keys.reduce(0) { CoverageCount.add($0, counts[$1] ?? 0) }
    }
}
