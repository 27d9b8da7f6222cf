/// What a definition does in each (state, event) cell, resolved once and shared by the
/// compiler of the runtime, the transition table and validation, so that all three agree.
///
/// Tolerant of broken definitions: a state declared twice keeps its first declaration,
/// an event listed twice its first position, and lines naming undeclared events are left
/// out (validation reports all of these).
///
/// A final class, so that every view shares one resolution without copying its tables.
/// Immutable after `init`.
@usableFromInline
final class Resolution<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    @usableFromInline typealias Declaration = StateDeclaration<State, Event, Effect, Context>
    @usableFromInline typealias Transition = TransitionDeclaration<State, Event, Effect, Context>

    /// What a cell does: transitions (a range of ``refs``), ignored, or illegal.
    @usableFromInline
    enum Cell {
        case transitions(Range<Int>)
        case ignored
        case illegal(declared: Bool)
    }

    /// The cell kind of a cell with transitions.
    @usableFromInline static var transitionsKind: UInt8 { 3 }

    @usableFromInline let states: [State]
    @usableFromInline let stateIndex: [State: Int]
    /// The transitions whose target is not declared: the state's index here, and the
    /// transition's position in its declaration.
    @usableFromInline let undeclaredTargets: [(state: Int, transition: Int)]
    /// Positions in the definition's declarations of states declared again (left out here).
    @usableFromInline let duplicateStates: [Int]
    /// Positions in the definition's events of events listed again (left out here).
    @usableFromInline let duplicateEvents: [Int]
    @usableFromInline let declarations: [Declaration]
    @usableFromInline let events: [Event.Key]
    @usableFromInline let eventIndex: [Event.Key: Int]
    /// The states' and events' names, computed once (`String(describing:)` is not cheap).
    @usableFromInline let stateNames: [String]
    @usableFromInline let eventNames: [String]
    /// Per cell (`state * events.count + event`): 0 illegal, 1 declared illegal, 2 ignored,
    /// 3 (``transitionsKind``) transitions.
    @usableFromInline let cellKinds: [UInt8]
    /// Per cell, where its transitions start in ``refs``; one more entry closes the last.
    @usableFromInline let cellStarts: [Int32]
    /// The transitions of every cell, cell after cell, in declaration order: each the index of
    /// the transition in its state's declaration. Flat, so that a big machine resolves
    /// without an allocation per cell.
    @usableFromInline let refs: [Int32]
    /// Per ref, the index of the transition's target state, or -1 when it is not declared.
    @usableFromInline let refTargets: [Int32]

    /// Resolves a definition's parts (names are `String(describing:)`, as
    /// ``MachineDefinition/name(of:)-(State)`` gives them).
    @inlinable
    init(events definitionEvents: [Event.Key], declarations definitionDeclarations: [Declaration]) {
        let (states, stateIndex, duplicateStates) = Self.firstOccurrences(definitionDeclarations.lazy.map(\.state))
        // Without repeats, the definition's own array (shared, not copied).
        let declarations = duplicateStates.isEmpty
            ? definitionDeclarations
            : Self.removing(Set(duplicateStates), from: definitionDeclarations)
        let (events, eventIndex, duplicateEvents) = Self.firstOccurrences(definitionEvents)
        let eventCount = events.count
        var kinds = [UInt8](repeating: 0, count: states.count * eventCount)
        var starts = [Int32](repeating: 0, count: states.count * eventCount + 1)
        var refs: [Int32] = []
        refs.reserveCapacity(declarations.reduce(0) { $0 + $1.transitions.count })
        var counts = [Int32](repeating: 0, count: eventCount)
        var transitionEvents: [Int] = []
        var transitionTargets: [Int32] = []
        var refTargets: [Int32] = []
        refTargets.reserveCapacity(refs.capacity)
        var undeclaredTargets: [(state: Int, transition: Int)] = []
        for s in declarations.indices {
            let row = s * eventCount
            if declarations[s].ignoresOtherEvents {
                for e in 0..<eventCount { kinds[row + e] = 2 }
            } else if declarations[s].declaresOtherEventsIllegal {
                for e in 0..<eventCount { kinds[row + e] = 1 }
            }
            for event in declarations[s].illegal { if let e = eventIndex[event] { kinds[row + e] = 1 } }
            for event in declarations[s].ignored { if let e = eventIndex[event] { kinds[row + e] = 2 } }
            // Group the state's transitions by event, keeping their order (a counting sort).
            transitionEvents.removeAll(keepingCapacity: true)
            transitionTargets.removeAll(keepingCapacity: true)
            for (j, transition) in declarations[s].transitions.enumerated() {
                let e = eventIndex[transition.event] ?? -1
                transitionEvents.append(e)
                // Each target is looked up once, here, for every view.
                let target = stateIndex[transition.target] ?? -1
                transitionTargets.append(Int32(target))
                if target < 0 { undeclaredTargets.append((s, j)) }
                if e >= 0 {
                    counts[e] += 1
                    kinds[row + e] = 3
                }
            }
            var next = Int32(refs.count)
            for e in 0..<eventCount {
                starts[row + e] = next
                next += counts[e]
            }
            refs.append(contentsOf: repeatElement(0, count: Int(next) - refs.count))
            refTargets.append(contentsOf: repeatElement(-1, count: Int(next) - refTargets.count))
            // Fill in order: walk the transitions again, placing each after the ones before
            // it (`counts` now counts down what each event still has to place).
            for (j, e) in transitionEvents.enumerated().reversed() where e >= 0 {
                counts[e] -= 1
                let ref = Int(starts[row + e] + counts[e])
                refs[ref] = Int32(j)
                refTargets[ref] = transitionTargets[j]
            }
        }
        starts[states.count * eventCount] = Int32(refs.count)
        self.states = states
        self.undeclaredTargets = undeclaredTargets
        self.duplicateStates = duplicateStates
        self.duplicateEvents = duplicateEvents
        self.stateIndex = stateIndex
        self.declarations = declarations
        self.events = events
        self.eventIndex = eventIndex
        cellKinds = kinds
        cellStarts = starts
        self.refs = refs
        self.refTargets = refTargets
        stateNames = states.map { String(describing: $0) }
        eventNames = events.map { String(describing: $0) }
    }

    /// The distinct values in first-seen order, the position of each among them, and the
    /// positions (in `values`) of the repeats.
    @inlinable
    static func firstOccurrences<Value: Hashable>(_ values: some Collection<Value>) -> (unique: [Value], index: [Value: Int], repeats: [Int]) {
        var index: [Value: Int] = [:]
        index.reserveCapacity(values.count)
        var unique: [Value] = []
        unique.reserveCapacity(values.count)
        var repeats: [Int] = []
        for (position, value) in values.enumerated() {
            if let first = index.updateValue(unique.count, forKey: value) {
                index[value] = first
                repeats.append(position)
            } else {
                unique.append(value)
            }
        }
        return (unique, index, repeats)
    }

    /// The declarations but those at `positions`.
    @inlinable
    static func removing(_ positions: Set<Int>, from declarations: [Declaration]) -> [Declaration] {
        declarations.indices.filter { !positions.contains($0) }.map { declarations[$0] }
    }

    /// What the state at `s` does with the event at `e`.
    @inlinable
    func cell(_ s: Int, _ e: Int) -> Cell {
        let index = s * events.count + e
        switch cellKinds[index] {
        case 3: return .transitions(Int(cellStarts[index])..<Int(cellStarts[index + 1]))
        case 2: return .ignored
        case 1: return .illegal(declared: true)
        default: return .illegal(declared: false)
        }
    }

    /// The transition a ref of state `s` stands for.
    @inlinable
    func transition(_ s: Int, _ ref: Int) -> Transition {
        declarations[s].transitions[Int(refs[ref])]
    }

    /// The transitions of a range of refs of state `s`, in order.
    @inlinable
    func transitions(_ s: Int, _ range: Range<Int>) -> [Transition] {
        range.map { transition(s, $0) }
    }
}
