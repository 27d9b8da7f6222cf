extension MachineDefinition: MachineDescribing {
    /// The states' names, in declaration order (a state declared twice counted once).
    public var stateNames: [String] { resolution.stateNames }
    /// The events' names, in declaration order (an event listed twice counted once).
    public var eventNames: [String] { resolution.eventNames }
    /// The initial state's name, if there is one.
    public var initialStateName: String? { initial.map(name(of:)) }
    /// The full transition table in a format.
    public func tableText(_ format: TableFormat) -> String { table.text(format) }
    /// The regions of a parallel machine, each with its states' names.
    public var regionStateNames: [(region: String, states: [String])] { regions.map { ($0.name, $0.stateNames) } }
    /// The names of the parent states, in declaration order.
    public var parentStateNames: [String] { parents.map(\.name) }
    /// Where the machine is in the state of that name (see ``configuration(of:)``).
    public func configuration(ofStateNamed name: String) -> String? {
        guard let index = resolution.stateNames.firstIndex(of: name) else { return nil }
        return configuration(of: resolution.states[index])
    }
}
