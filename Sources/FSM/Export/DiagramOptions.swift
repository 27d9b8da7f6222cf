/// What a diagram shows beyond the definition itself, and how it is laid out.
public struct DiagramOptions: Sendable, Hashable {
    /// The name of a state to highlight (filled), usually the current one.
    public var highlightedState: String?
    /// A coverage view, as the drawing reads it (for a region: its own states and
    /// transitions): set by the `FSMCoverage` product's `coverage`.
    package var paint: CoveragePaint?
    /// The direction of the flow; `nil` uses the machine's own
    /// (``MachineDefinition/drawn(_:)``), or when it declares none, left to right if that
    /// drawing fits an 800-pixel documentation column, else the narrower way.
    public var direction: DiagramDirection?
    /// Whether effects are drawn (on transitions, and a state's entry and exit effects);
    /// `false` gives an overview of states, events and guards only.
    public var showsEffects: Bool
    /// Whether each drawn edge carries a DOT `id` (`e3`, `r0e3` in a region), which Graphviz
    /// keeps in its SVG: for the explorer, which maps a clicked edge to its event
    /// (``MachineDefinition/explorerLayout``). Off for every committed diagram.
    package var edgeIDs = false

    /// Creates options.
    public init(highlightedState: String? = nil, direction: DiagramDirection? = nil, showsEffects: Bool = true) {
        self.highlightedState = highlightedState
        self.direction = direction
        self.showsEffects = showsEffects
    }
}

/// What a coverage view paints: how often each transition was taken, and the states entered.
/// Equal when made from equal coverages (or, without one, when they paint the same).
package struct CoveragePaint: Sendable, Hashable {
    var counts: [TransitionName: Int]
    var entered: Set<String>
    /// The coverage it was made from (the `FSMCoverage` product's `MachineCoverage`), given
    /// back by `DiagramOptions.coverage`; `nil` for a region's share of it.
    package let source: (any Hashable & Sendable)?

    package init(counts: [TransitionName: Int], entered: Set<String>, source: (any Hashable & Sendable)? = nil) {
        self.counts = counts
        self.entered = entered
        self.source = source
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.counts == rhs.counts && lhs.entered == rhs.entered && lhs.erasedSource == rhs.erasedSource
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(counts)
        hasher.combine(entered)
        hasher.combine(erasedSource)
    }

    /// The source, comparable with another paint's.
    private var erasedSource: AnyHashable? { source.map { AnyHashable($0) } }

    /// How often the transitions with these keys were taken, together (saturating at
    /// `Int.max`: see ``CoverageCount``).
    func count(_ keys: [TransitionName]) -> Int {
        keys.reduce(0) { CoverageCount.add($0, counts[$1] ?? 0) }
    }
}
