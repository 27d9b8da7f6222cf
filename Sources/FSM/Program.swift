/// A definition compiled into dense indices: one `Int32` per (state, event) cell, a flat
/// array of transition candidates with their full effect lists precomputed, and per-state
/// lists of permitted events, so that dispatch hashes at most once and allocates nothing.
@usableFromInline
final class Program<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable, Context>: Sendable {
    /// A cell code: the event is ignored.
    @usableFromInline static var ignoredCode: Int32 { -1 }
    /// A cell code: the event is rejected.
    @usableFromInline static var illegalCode: Int32 { -2 }

    /// One transition of a cell; guarded alternatives are chained through `next`.
    @usableFromInline
    struct Candidate: Sendable {
        @usableFromInline let target: Int
        @usableFromInline let `guard`: Guard<Context>?
        /// Exit effects of the source, the transition's own, entry effects of the target.
        @usableFromInline let effects: [Effect]
        @usableFromInline let kind: TransitionKind
        /// The next candidate of the same cell, or -1.
        @usableFromInline let next: Int32
    }

    @usableFromInline let definition: MachineDefinition<State, Event, Effect, Context>
    @usableFromInline let states: [State]
    @usableFromInline let stateIndex: [State: Int]
    @usableFromInline let events: [Event]
    @usableFromInline let eventIndex: [Event: Int]
    @usableFromInline let eventCount: Int
    /// `cells[state * eventCount + event]`: a candidate index, ``ignoredCode`` or ``illegalCode``.
    @usableFromInline let cells: [Int32]
    @usableFromInline let candidates: [Candidate]
    /// Per cell, the names of its guards (empty for cells without guards).
    @usableFromInline let guardNames: [[String]]
    /// Per state, the events it handles or ignores.
    @usableFromInline let permitted: [[Event]]
    @usableFromInline let isFinal: [Bool]
    @usableFromInline let initialIndex: Int

    /// Compiles a definition that validation found free of errors.
    init(_ definition: MachineDefinition<State, Event, Effect, Context>, resolution: Resolution<State, Event, Effect, Context>, initialIndex: Int) {
        let eventCount = resolution.events.count
        var cells = [Int32](repeating: Self.illegalCode, count: resolution.states.count * eventCount)
        var guardNames = [[String]](repeating: [], count: cells.count)
        var candidates: [Candidate] = []
        var permitted: [[Event]] = []
        for (s, row) in resolution.cells.enumerated() {
            let source = resolution.declarations[s]
            var permittedHere: [Event] = []
            for (e, cell) in row.enumerated() {
                let index = s * eventCount + e
                switch cell {
                case let .transitions(list):
                    permittedHere.append(resolution.events[e])
                    cells[index] = Int32(candidates.count)
                    for (position, transition) in list.enumerated() {
                        let target = resolution.stateIndex[transition.target] ?? s
                        var effects = transition.effects
                        if !transition.isInternal {
                            effects = source.exitEffects + effects + resolution.declarations[target].entryEffects
                        }
                        let isLast = position == list.count - 1
                        candidates.append(Candidate(
                            target: target, guard: transition.guard, effects: effects,
                            kind: transition.isInternal ? .internal : .external,
                            next: isLast ? -1 : Int32(candidates.count + 1)
                        ))
                    }
                    guardNames[index] = list.compactMap { $0.guard?.name }
                case .ignored:
                    permittedHere.append(resolution.events[e])
                    cells[index] = Self.ignoredCode
                case .illegal:
                    break
                }
            }
            permitted.append(permittedHere)
        }
        self.definition = definition
        self.states = resolution.states
        self.stateIndex = resolution.stateIndex
        self.events = resolution.events
        self.eventIndex = resolution.eventIndex
        self.eventCount = eventCount
        self.cells = cells
        self.candidates = candidates
        self.guardNames = guardNames
        self.permitted = permitted
        self.isFinal = resolution.declarations.map(\.isFinal)
        self.initialIndex = initialIndex
    }
}
