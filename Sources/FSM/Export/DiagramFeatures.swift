/// What a DOT drawing contains, for its legend.
package struct DiagramFeatures: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package init() { rawValue = 0 }

    /// The dot and arrow into the initial state.
    package static let initialState = DiagramFeatures(rawValue: 1 << 0)
    /// Entry, exit or internal transitions under a rule in a state or parent.
    package static let compartments = DiagramFeatures(rawValue: 1 << 1)
    /// Ignored events, small and grey.
    package static let ignoredEvents = DiagramFeatures(rawValue: 1 << 2)
    /// Final states' double borders.
    package static let finalStates = DiagramFeatures(rawValue: 1 << 3)
    /// The dashed boxes of states with payloads, one per case.
    package static let caseGroups = DiagramFeatures(rawValue: 1 << 4)
    /// The boxes of parent states.
    package static let parents = DiagramFeatures(rawValue: 1 << 5)
    /// The boxes of a parallel machine's regions.
    package static let regions = DiagramFeatures(rawValue: 1 << 6)
    /// A parent's history pseudo-states (`H`, `H*`).
    package static let history = DiagramFeatures(rawValue: 1 << 7)
    /// The point inside a parent's box that its lines to states inside it leave from.
    package static let innerLines = DiagramFeatures(rawValue: 1 << 8)
    /// A state's transition back to itself (a loop; in Mermaid a line of its description ending `(re-enters)`).
    package static let stateLoops = DiagramFeatures(rawValue: 1 << 9)
}
