/// One transition without an event that applies in a state: an ``Always`` line of the state
/// or of a parent, or a parent's ``OnDone`` line in one of its final children.
struct EventlessLine<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    let declaration: EventlessDeclaration<State, Event, Effect, Context>
    /// Who declares it: -1 for the state itself, otherwise the parent's index.
    let owner: Int32
    /// Its position among its owner's eventless lines.
    let position: Int
    /// The index of the state it goes to (a parent: its initial leaf), or -1 when the target
    /// is not declared.
    let target: Int
}

/// Where a chain of transitions without an event, started in a state, comes to rest: one
/// alternative, taken when all its guards hold (the alternatives are tried in order).
struct Settlement<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// The guards of the lines taken, in order (none: taken unconditionally).
    let guards: [TransitionGuard<Context, Event>]
    /// The state it rests in; -1 when the chain comes back to a state it passed (it would
    /// never settle).
    let target: Int
    /// The effects of every step, in order.
    let effects: [Effect]
    /// The states the chain passes, from the start (and, when it never settles, the state it
    /// comes back to last).
    let passed: [Int]
    /// The lines taken, as (owner, position) of ``EventlessLine``.
    let lines: [(owner: Int32, position: Int)]
}

extension ResolvedDefinition {
    /// The most alternatives one state's chains may have: beyond it, validation refuses the
    /// machine (`tooLarge`).
    static var maximumSettlements: Int { 1024 }

    /// The transitions without an event that apply in state `s`, in the order they are tried
    /// (SCXML's): its own ``Always`` lines (a final state has none), its parents' from the
    /// innermost out, then, in a final state, its parent's ``OnDone`` lines (SCXML raises
    /// `done.state.ID` on entering the final child and takes it once no line without an event
    /// holds).
    func eventlessLines(of s: Int) -> [EventlessLine<State, Event, Effect, Context>] {
        guard hasEventless else { return [] }
        let declaration = declarations[s]
        func lines(_ list: [EventlessDeclaration<State, Event, Effect, Context>], owner: Int32, completion: Bool) -> [EventlessLine<State, Event, Effect, Context>] {
            list.enumerated().filter { $0.element.isCompletion == completion }.map {
                EventlessLine(declaration: $0.element, owner: owner, position: $0.offset, target: leafIndex(of: $0.element.target) ?? -1)
            }
        }
        var found = declaration.isFinal ? [] : lines(declaration.eventless, owner: -1, completion: false)
        guard hasHierarchy else { return found }
        for p in chains[s].reversed() { found += lines(parents[Int(p)].body.eventless, owner: p, completion: false) }
        if declaration.isFinal, let parent = chains[s].last { found += lines(parents[Int(parent)].body.eventless, owner: parent, completion: true) }
        return found
    }

    /// Where the chains of transitions without an event started in state `s` come to rest,
    /// in the order they are tried: the last alternative always holds (the machine stays in
    /// `s` when no line's guard holds, or the last line is unguarded). `nil` when there are
    /// more than ``maximumSettlements``; `[]` when `s` has no such line (it is stable).
    ///
    /// `waiting`: the machine rests in `s` (it did not just enter it), so its parent's
    /// ``OnDone`` lines are not tried there: SCXML raises `done.state.ID` once, when the final
    /// child is entered, and a completion whose guards failed then is not taken later.
    func settlements(from s: Int, waiting: Bool = false) -> [Settlement<State, Event, Effect, Context>]? {
        guard hasEventless, !eventlessLines(of: s).isEmpty else { return [] }
        var count = 0
        func settle(_ state: Int, passed: [Int]) -> [Settlement<State, Event, Effect, Context>]? {
            var alternatives: [Settlement<State, Event, Effect, Context>] = []
            let here = passed + [state]
            for line in eventlessLines(of: state) where line.target >= 0 && !(waiting && passed.isEmpty && line.declaration.isCompletion) {
                let step = path(from: state, declaredBy: line.owner, to: line.target, named: line.declaration.target, emitting: line.declaration.effects).effects
                let guards = line.declaration.guard.map { [$0] } ?? []
                let taken = [(line.owner, line.position)]
                if here.contains(line.target) {
                    count += 1
                    alternatives.append(Settlement(guards: guards, target: -1, effects: step, passed: here + [line.target], lines: taken))
                } else {
                    guard let rest = settle(line.target, passed: here) else { return nil }
                    for next in rest {
                        alternatives.append(Settlement(guards: guards + next.guards, target: next.target, effects: step + next.effects,
                                                       passed: next.passed, lines: taken + next.lines))
                    }
                }
                if count > Self.maximumSettlements { return nil }
                if line.declaration.guard == nil { return alternatives }
            }
            count += 1
            alternatives.append(Settlement(guards: [], target: state, effects: [], passed: here, lines: []))
            return count > Self.maximumSettlements ? nil : alternatives
        }
        return settle(s, passed: [])
    }

    /// Where a machine put in state `s` rests before any event: it follows unguarded
    /// transitions without an event (guarded ones wait for the first event, the first
    /// context), stopping at a state it passed.
    func restingState(from s: Int) -> Int {
        guard hasEventless else { return s }
        var state = s
        var passed: Set<Int> = [s]
        while let line = eventlessLines(of: state).first, line.declaration.guard == nil, line.target >= 0, passed.insert(line.target).inserted {
            state = line.target
        }
        return state
    }

    /// The states of a chain that never settles, as `a -> b -> a`.
    func cycleText(_ passed: [Int]) -> String {
        guard let last = passed.last, let start = passed.firstIndex(of: last) else { return passed.map { stateNames[$0] }.joined(separator: " -> ") }
        return passed[start...].map { stateNames[$0] }.joined(separator: " -> ")
    }
}
