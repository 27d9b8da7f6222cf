/// One orthogonal region of a parallel machine: a definition of its own, the part of the
/// parallel machine's state it keeps (a key path), and a name.
///
/// ```swift
/// struct Editor: Hashable, Sendable { var bold: Toggle; var italic: Toggle }
///
/// let editor = MachineDefinition<Editor, Key, Never, Void>(
///     name: "editor", initial: Editor(bold: .off, italic: .off),
///     regions: Region("bold", \.bold, boldDefinition), Region("italic", \.italic, italicDefinition)
/// )
/// ```
///
/// Every region receives every event. The regions share the machine's event, effect and
/// context types; each region's own `events` are the columns it knows (an event it does
/// not list leaves it where it is).
public struct Region<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// One transition of a region: target state index, guard, effects in order (its exit and
    /// entry effects included), internal or not.
    typealias Move = (target: Int, guard: TransitionGuard<Context, Event>?, effects: [Effect], isInternal: Bool)

    /// What a region does with an event in one of its states.
    enum Cell {
        /// The region does not list the event.
        case unknown
        case ignored
        case illegal(declared: Bool)
        /// Its transitions, in order, and what happens when none of their guards holds
        /// (``CellDefault``).
        case transitions([Move], otherwise: CellDefault)
    }

    /// The region's name.
    public let name: String
    /// The region's states, by name, in declaration order.
    public let stateNames: [String]
    /// The events the region's definition lists, in order.
    let eventKeys: [Event.Key]
    /// Per state, where the region is in it (`failed > network`).
    let configurations: [String]
    /// Per state, whether it is final.
    let finals: [Bool]
    /// The index of the region's initial state, or -1.
    let initialIndex: Int
    /// Sets the region's part of a parallel state to the region's state at an index.
    let assign: @Sendable (inout State, Int) -> Void
    /// The region's state index in a parallel state, or -1.
    let indexIn: @Sendable (State) -> Int
    /// What the region does with an event in the state at an index.
    let cell: @Sendable (Int, Event.Key) -> Cell
    /// The region as diagrams draw it, node identifiers starting with a prefix.
    let graph: @Sendable (_ prefix: String) -> MachineGraph
    /// The region definition's own diagnostics, each prefixed with the region's name.
    let diagnostics: @Sendable (ValidationMode) -> [Diagnostic]

    /// A region: its name, the part of the parallel machine's state it keeps, and its
    /// definition (which may nest states; it may not have regions of its own).
    /// - Parameters:
    ///   - name: The region's name, for diagrams, listings and configurations.
    ///   - part: Where the parallel machine's state keeps the region's state.
    ///   - definition: What the region does.
    public init<RegionState>(
        _ name: String, _ part: WritableKeyPath<State, RegionState> & Sendable,
        _ definition: MachineDefinition<RegionState, Event, Effect, Context>
    ) {
        let resolution = definition.resolution
        self.name = name
        stateNames = resolution.stateNames
        eventKeys = resolution.events
        configurations = resolution.states.map { definition.configuration(of: $0) }
        finals = resolution.declarations.map(\.isFinal)
        initialIndex = definition.initial.flatMap { resolution.leafIndex(of: $0) } ?? -1
        assign = { whole, index in whole[keyPath: part] = resolution.states[index] }
        indexIn = { whole in resolution.leafIndex(of: whole[keyPath: part]) ?? -1 }
        cell = { s, key in
            guard let e = resolution.eventIndex[key] else { return .unknown }
            switch resolution.cell(s, e) {
            case .ignored: return .ignored
            case let .illegal(declared): return .illegal(declared: declared)
            case let .transitions(range):
                // A transition to an undeclared state is left out: the region's own
                // diagnostics report it, and the machine refuses to run.
                return .transitions(range.compactMap { ref in
                    guard resolution.candidateTargets[ref] >= 0 else { return nil }
                    let transition = resolution.transition(s, ref)
                    return (Int(resolution.candidateTargets[ref]), transition.guard, resolution.effects(s, e, ref), transition.isInternal)
                }, otherwise: resolution.otherwise(s, e))
            }
        }
        graph = { prefix in MachineGraph(definition, idPrefix: prefix) }
        diagnostics = { mode in
            definition.validate(mode).map { Diagnostic($0.severity, $0.kind, states: $0.states, events: $0.events, "region '\(name)': \($0.message)") }
        }
    }
}
