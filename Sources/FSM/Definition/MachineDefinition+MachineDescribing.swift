extension MachineDefinition: MachineDescribing {
    /// The names of the machine's states, events, parents and regions, for this package's
    /// tools.
    public var _outline: _MachineOutline {
        _MachineOutline(
            stateNames: stateNames, eventNames: eventNames, initialStateName: initialStateName,
            regionStateNames: regionStateNames, parentStateNames: parentStateNames,
            diagramDirection: diagramDirection, configuration: { configuration(ofStateNamed: $0) },
            draw: { drawing($0) }, definition: self,
            scxml: { scxmlExport() }
        )
    }

    /// The DOT and Mermaid texts of the definition, printed from one graph.
    package func drawing(_ options: DiagramOptions) -> Drawing {
        var options = options
        if options.direction == nil { options.direction = diagramDirection }
        let graph = MachineGraph(self)
        var features = DiagramFeatures()
        let dot = graph.dot(options, features: &features)
        return Drawing(dot: dot, mermaid: graph.mermaid(options), features: features)
    }
    /// The states' names, in declaration order (a state declared twice counted once).
    package var stateNames: [String] { resolution.stateNames }
    /// The events' names, in declaration order (an event listed twice counted once).
    package var eventNames: [String] { resolution.eventNames }
    /// The initial state's name, if there is one.
    package var initialStateName: String? { initial.map(name(of:)) }
    /// The full transition table in a format.
    public func tableText(_ format: TableFormat) -> String { table.text(format) }
    /// The regions of a parallel machine, each with its states' names.
    package var regionStateNames: [(region: String, states: [String])] { regions.map { ($0.name, $0.stateNames) } }
    /// The names of the parent states, in declaration order.
    package var parentStateNames: [String] { parents.map(\.name) }
    /// Where the machine is in the state of that name (see ``configuration(of:)``).
    package func configuration(ofStateNamed name: String) -> String? {
        guard let index = resolution.stateNames.firstIndex(of: name) else { return nil }
        return configuration(of: resolution.states[index])
    }
}
