/// What a definition does in each (state, event) cell, resolved once and shared by the
/// compiler of the runtime, the transition table and validation, so that all three agree.
///
/// Tolerant of broken definitions: a state declared twice keeps its first declaration,
/// an event listed twice its first position, and lines naming undeclared events are left
/// out (validation reports all of these).
@usableFromInline
struct Resolution<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable, Context>: Sendable {
    @usableFromInline typealias Declaration = StateDeclaration<State, Event, Effect, Context>
    @usableFromInline typealias Transition = TransitionDeclaration<State, Event, Effect, Context>

    /// What a cell does: transitions (a range of ``refs``), ignored, or illegal.
    @usableFromInline
    enum Cell {
        case transitions(Range<Int>)
        case ignored
        case illegal(declared: Bool)
    }

    @usableFromInline let states: [State]
    @usableFromInline let stateIndex: [State: Int]
    @usableFromInline let declarations: [Declaration]
    @usableFromInline let events: [Event]
    @usableFromInline let eventIndex: [Event: Int]
    /// The states' and events' names, computed once (`String(describing:)` is not cheap).
    @usableFromInline let stateNames: [String]
    @usableFromInline let eventNames: [String]
    /// Per cell (`state * events.count + event`): 0 illegal, 1 declared illegal, 2 ignored,
    /// 3 transitions.
    @usableFromInline let cellKinds: [UInt8]
    /// Per cell, where its transitions start in ``refs``; one more entry closes the last.
    @usableFromInline let cellStarts: [Int32]
    /// The transitions of every cell, cell after cell, in declaration order: each the index of
    /// the transition in its state's declaration. Flat, so that a big machine resolves
    /// without an allocation per cell.
    @usableFromInline let refs: [Int32]
    /// Per ref, the index of the transition's target state, or -1 when it is not declared.
    @usableFromInline let refTargets: [Int32]

    @inlinable
    init(_ definition: MachineDefinition<State, Event, Effect, Context>) {
        self.init(events: definition.events, declarations: definition.declarations)
    }

    /// Resolves a definition's parts (names are `String(describing:)`, as
    /// ``MachineDefinition/name(of:)-(State)`` gives them).
    @inlinable
    init(events definitionEvents: [Event], declarations definitionDeclarations: [Declaration]) {
        var stateIndex: [State: Int] = [:]
        var states: [State] = []
        var declarations: [Declaration] = []
        for declaration in definitionDeclarations where stateIndex[declaration.state] == nil {
            stateIndex[declaration.state] = states.count
            states.append(declaration.state)
            declarations.append(declaration)
        }
        var eventIndex: [Event: Int] = [:]
        var events: [Event] = []
        for event in definitionEvents where eventIndex[event] == nil {
            eventIndex[event] = events.count
            events.append(event)
        }
        let eventCount = events.count
        var kinds = [UInt8](repeating: 0, count: states.count * eventCount)
        var starts = [Int32](repeating: 0, count: states.count * eventCount + 1)
        var refs: [Int32] = []
        refs.reserveCapacity(declarations.reduce(0) { $0 + $1.transitions.count })
        var counts = [Int32](repeating: 0, count: eventCount)
        var transitionEvents: [Int] = []
        for (s, declaration) in declarations.enumerated() {
            let row = s * eventCount
            if declaration.ignoresOtherEvents {
                for e in 0..<eventCount { kinds[row + e] = 2 }
            }
            for event in declaration.illegal { if let e = eventIndex[event] { kinds[row + e] = 1 } }
            for event in declaration.ignored { if let e = eventIndex[event] { kinds[row + e] = 2 } }
            // Group the state's transitions by event, keeping their order (a counting sort).
            transitionEvents.removeAll(keepingCapacity: true)
            for transition in declaration.transitions {
                let e = eventIndex[transition.event] ?? -1
                transitionEvents.append(e)
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
            // Fill in order: walk the transitions again, placing each after the ones before
            // it (`counts` now counts down what each event still has to place).
            for (j, e) in transitionEvents.enumerated().reversed() where e >= 0 {
                counts[e] -= 1
                refs[Int(starts[row + e] + counts[e])] = Int32(j)
            }
        }
        starts[states.count * eventCount] = Int32(refs.count)
        var refTargets = [Int32](repeating: -1, count: refs.count)
        for s in declarations.indices {
            let transitions = declarations[s].transitions
            for ref in Int(starts[s * eventCount])..<Int(starts[(s + 1) * eventCount]) {
                refTargets[ref] = Int32(stateIndex[transitions[Int(refs[ref])].target] ?? -1)
            }
        }
        self.states = states
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

/// A definition's ``Resolution``, computed when the definition is made and shared by every
/// copy and every view of it (running, validating, tabulating, drawing, listing names). A
/// definition never changes, so neither does its resolution: no lock is needed.
@usableFromInline
final class ResolutionBox<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable, Context>: Sendable {
    @usableFromInline let value: Resolution<State, Event, Effect, Context>

    @inlinable
    init(_ value: Resolution<State, Event, Effect, Context>) {
        self.value = value
    }
}
