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
    package let name: String
    /// The region's states, by name, in declaration order.
    package let stateNames: [String]
    /// The events the region's definition lists, in order.
    let eventKeys: [Event.Key]
    /// Per state, where the region is in it (`failed > network`).
    let configurations: [String]
    /// Per state, whether it is final.
    let finals: [Bool]
    /// The index of the region's initial state, or -1.
    let initialIndex: Int
    /// The region's own definition and where the parallel state keeps its state: what the
    /// parallel machine asks a region, answered from the region's resolution.
    let body: any RegionBody<State, Event, Effect, Context>

    /// Sets the region's part of a parallel state to the region's state at an index.
    func assign(_ whole: inout State, _ index: Int) { body.assign(&whole, index) }
    /// The region's state index in a parallel state, or -1.
    func indexIn(_ whole: State) -> Int { body.index(in: whole) }
    /// What the region does with an event in the state at an index.
    func cell(_ s: Int, _ key: Event.Key) -> Cell { body.cell(s, key) }
    /// The region as diagrams draw it, node identifiers starting with a prefix.
    func graph(_ prefix: String) -> MachineGraph { body.graph(prefix) }
    /// The effects of entering the region's state at an index (its parents' first).
    func entryEffects(_ s: Int) -> [Effect] { body.entryEffects(s) }
    /// The effects of leaving the region's state at an index (its parents' last).
    func exitEffects(_ s: Int) -> [Effect] { body.exitEffects(s) }
    /// The region definition's own diagnostics, each prefixed with the region's name.
    func diagnostics(_ mode: ValidationMode) -> [Diagnostic] {
        body.diagnostics(mode).map { Diagnostic($0.severity, $0.kind, states: $0.states, events: $0.events, "region \(quoting: name): \($0.message)") }
    }

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
        body = TypedRegion(part: part, definition: definition)
    }
}

/// What a parallel machine asks one of its regions, whatever the region's state type.
protocol RegionBody<State, Event, Effect, Context>: Sendable {
    associatedtype State: Hashable & Sendable
    associatedtype Event: MachineEvent
    associatedtype Effect: Sendable
    associatedtype Context
    func assign(_ whole: inout State, _ index: Int)
    func index(in whole: State) -> Int
    func cell(_ s: Int, _ key: Event.Key) -> Region<State, Event, Effect, Context>.Cell
    func graph(_ prefix: String) -> MachineGraph
    func diagnostics(_ mode: ValidationMode) -> [Diagnostic]
    /// Writes the region's states as SCXML (see ``MachineDefinition/writeSCXMLBody(_:indent:events:)``).
    func writeSCXML(_ writer: inout SCXMLWriter, indent: Int, events: [String: String]) -> (chains: [[String]], initial: String?)
    /// The effects of entering the region's state at an index: its parents' (outermost
    /// first), then its own.
    func entryEffects(_ s: Int) -> [Effect]
    /// The effects of leaving the region's state at an index: its own, then its parents'
    /// (innermost first).
    func exitEffects(_ s: Int) -> [Effect]
}

/// A region's definition and the key path to its part of the parallel state.
struct TypedRegion<State: Hashable & Sendable, RegionState: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: RegionBody {
    let part: WritableKeyPath<State, RegionState> & Sendable
    let definition: MachineDefinition<RegionState, Event, Effect, Context>

    func assign(_ whole: inout State, _ index: Int) { whole[keyPath: part] = definition.resolution.states[index] }

    func index(in whole: State) -> Int { definition.resolution.leafIndex(of: whole[keyPath: part]) ?? -1 }

    func cell(_ s: Int, _ key: Event.Key) -> Region<State, Event, Effect, Context>.Cell {
        let resolution = definition.resolution
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

    func graph(_ prefix: String) -> MachineGraph { MachineGraph(definition, idPrefix: prefix) }


    func entryEffects(_ s: Int) -> [Effect] {
        let resolution = definition.resolution
        guard resolution.declarations.indices.contains(s) else { return [] }
        let parents = resolution.hasHierarchy ? resolution.chains[s].flatMap { resolution.parents[Int($0)].entryEffects } : []
        return parents + resolution.declarations[s].entryEffects
    }

    func exitEffects(_ s: Int) -> [Effect] {
        let resolution = definition.resolution
        guard resolution.declarations.indices.contains(s) else { return [] }
        let parents = resolution.hasHierarchy ? resolution.chains[s].reversed().flatMap { resolution.parents[Int($0)].exitEffects } : []
        return resolution.declarations[s].exitEffects + parents
    }

    func writeSCXML(_ writer: inout SCXMLWriter, indent: Int, events: [String: String]) -> (chains: [[String]], initial: String?) {
        definition.writeSCXMLBody(&writer, indent: indent, events: events)
    }

    func diagnostics(_ mode: ValidationMode) -> [Diagnostic] {
        let resolution = definition.resolution
        let histories = resolution.histories
        let refusedHistory = histories.isEmpty ? [] : [Diagnostic(.error, .invalidHistory, states: MachineDefinition<RegionState, Event, Effect, Context>.unique(histories.map(\.parent)),
                                                                  "\(histories.map(\.label).joined(separator: ", ")): a region cannot resume a history yet")]
        let refusedEventless = (resolution.hasEventless ? [Diagnostic(.error, .invalidEventless, "a region cannot have transitions without an event (Always, OnDone) yet")] : [])
            + resolution.parents.filter { $0.regions != nil }.map { Diagnostic(.error, .regionConflict, states: [$0.name], "a parallel parent (\(quoting: $0.name)) inside a region is not supported yet") }
        guard resolution.hasTimers else { return refusedHistory + refusedEventless + definition.validate(mode) }
        let owners = resolution.declarations.filter { !$0.timers.isEmpty }.map { definition.name(of: $0.state) }
            + resolution.parents.filter { !$0.timers.isEmpty }.map(\.name)
        return [Diagnostic(.error, .timerNotSupported, states: owners,
                           "\(MachineDefinition<RegionState, Event, Effect, Context>.list(owners)) \(owners.count == 1 ? "has a timer" : "have timers"): a region cannot have timers yet")]
            + refusedHistory + refusedEventless + definition.validate(mode)
    }
}
