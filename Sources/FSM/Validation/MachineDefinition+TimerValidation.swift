extension MachineDefinition {
    /// The timers' own rules: a declared target; none on a final state; and none that can never
    /// fire. A timer never fires when an unguarded timer of the same state (or parent) runs
    /// out first (shorter, or as long and declared before it: an error, as for shadowed
    /// transitions), or when an unguarded, shorter timer of a parent around it leaves the
    /// parent first (a warning: the parent's timeout may be meant to win).
    func checkTimers(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, into found: inout [Diagnostic]) {
        let owners: [(name: String, isFinal: Bool, chain: [Int32], node: Int32, timers: [TimerDeclaration<State, Event, Effect, Context>])] =
            resolution.declarations.indices.map { s in
                (resolution.stateNames[s], resolution.declarations[s].isFinal, resolution.hasHierarchy ? resolution.chains[s] : [], -1, resolution.declarations[s].timers)
            }
            + resolution.parents.indices.map { p in
                (resolution.parents[p].name, false, Self.chain(of: p, resolution), Int32(p), resolution.parents[p].timers)
            }
        for owner in owners where !owner.timers.isEmpty {
            if owner.isFinal {
                let durations = owner.timers.map { "after " + DurationText.words($0.duration) }
                found.append(Diagnostic(.error, .finalStateWithTransitions, states: [owner.name], events: durations,
                                        "final state \(quoting: owner.name) has \(owner.timers.count == 1 ? "a timer" : "timers") (\(durations.joined(separator: ", ")))"))
                continue
            }
            for (position, timer) in owner.timers.enumerated() {
                let label = "after " + DurationText.words(timer.duration)
                if timer.duration <= .zero {
                    found.append(Diagnostic(.error, .timerNotSupported, states: [owner.name], events: [label],
                                            "the timer \(quoting: owner.name) --\(label)--> does not last: a timer must be longer than zero"))
                    continue
                }
                if resolution.leafIndex(of: timer.target) == nil {
                    let target = name(of: timer.target)
                    found.append(Diagnostic(.error, .undeclaredState, states: [owner.name, target], events: [label],
                                            "the timer \(quoting: owner.name) --\(label)--> \(quoting: target) goes to the undeclared state \(quoting: target)"))
                }
                if let earlier = owner.timers[..<position].first(where: { $0.guard == nil && $0.duration <= timer.duration })
                    ?? owner.timers[(position + 1)...].first(where: { $0.guard == nil && $0.duration < timer.duration }) {
                    let first = "after " + DurationText.words(earlier.duration)
                    found.append(Diagnostic(.error, .shadowedTransition, states: [owner.name], events: [label],
                                            "the timer \(quoting: owner.name) --\(label)--> never fires: the unguarded timer \(first) of \(quoting: owner.name) runs out first"))
                    continue
                }
                // A parent around the owner whose unguarded timer runs out first and leaves it.
                for p in owner.chain.reversed() where p != owner.node {
                    let parent = resolution.parents[Int(p)]
                    if let shorter = parent.timers.first(where: { $0.guard == nil && $0.duration < timer.duration }) {
                        let first = "after " + DurationText.words(shorter.duration)
                        found.append(Diagnostic(.warning, .shadowedTransition, states: [owner.name, parent.name], events: [label],
                                                "the timer \(quoting: owner.name) --\(label)--> never fires: the unguarded timer \(first) of parent \(quoting: parent.name) runs out first"))
                        break
                    }
                }
            }
        }
    }

    /// The parents around parent `p`, outermost first (from any state inside it).
    static func chain(of p: Int, _ resolution: ResolvedDefinition<State, Event, Effect, Context>) -> [Int32] {
        for chain in resolution.chains {
            if let depth = chain.firstIndex(of: Int32(p)) { return Array(chain[..<depth]) }
        }
        return []
    }
}
