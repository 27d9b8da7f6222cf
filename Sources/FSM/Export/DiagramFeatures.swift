/// What a DOT drawing contains, for its legend.
@usableFromInline
package struct DiagramFeatures: OptionSet, Sendable {
    @usableFromInline package let rawValue: Int
    @inlinable package init(rawValue: Int) { self.rawValue = rawValue }
    @inlinable package init() { rawValue = 0 }

    /// The dot and arrow into the initial state.
    @usableFromInline package static let initialState = DiagramFeatures(rawValue: 1 << 0)
    /// Entry, exit or internal transitions under a rule in a state or parent.
    @usableFromInline package static let compartments = DiagramFeatures(rawValue: 1 << 1)
    /// Ignored events, small and grey.
    @usableFromInline package static let ignoredEvents = DiagramFeatures(rawValue: 1 << 2)
    /// Final states' double borders.
    @usableFromInline package static let finalStates = DiagramFeatures(rawValue: 1 << 3)
    /// The dashed boxes of states with payloads, one per case.
    @usableFromInline package static let caseGroups = DiagramFeatures(rawValue: 1 << 4)
    /// The boxes of parent states.
    @usableFromInline package static let parents = DiagramFeatures(rawValue: 1 << 5)
    /// The boxes of a parallel machine's regions.
    @usableFromInline package static let regions = DiagramFeatures(rawValue: 1 << 6)
}

/// A machine that says what its DOT drawing contains (``MachineDefinition`` does).
package protocol DiagramFeatureProviding {
    /// What `dot(options)` draws.
    func diagramFeatures(_ options: DiagramOptions) -> DiagramFeatures
}

extension MachineDefinition: DiagramFeatureProviding {
    package func diagramFeatures(_ options: DiagramOptions) -> DiagramFeatures {
        var options = options
        if options.direction == nil { options.direction = diagramDirection }
        var features = DiagramFeatures()
        _ = MachineGraph(self).dot(options, features: &features)
        return features
    }
}
