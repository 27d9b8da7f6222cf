extension MachineDefinition {
    /// Checks the parallel parents (``Parallel``): their regions' own findings and how the
    /// regions combine, what a parallel parent cannot have yet (timers, transitions without
    /// an event, a history resumed), and region lines that would hide a transition of the
    /// parent (or of a parent around it).
    func checkParallelParents(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, mode: ValidationMode, into found: inout [Diagnostic]) {
        let parallel = resolution.parents.indices.filter { resolution.parents[$0].regions != nil }
        guard !parallel.isEmpty else { return }
        let resumed = Set(resolution.histories.map(\.parent))
        for p in parallel {
            let parent = resolution.parents[p]
            if let regions = parent.regions { found += regions.diagnostics(mode) }
            if !parent.timers.isEmpty {
                found.append(Diagnostic(.error, .timerNotSupported, states: [parent.name], "parallel '\(parent.name)' has a timer: a parallel parent cannot have timers yet"))
            }
            if !parent.eventless.isEmpty {
                found.append(Diagnostic(.error, .invalidEventless, states: [parent.name],
                                        "parallel '\(parent.name)' has transitions without an event (Always, OnDone): a parallel parent cannot have them yet"))
            }
            if resumed.contains(parent.name) {
                found.append(Diagnostic(.error, .invalidHistory, states: [parent.name], "a transition resumes the history of parallel '\(parent.name)': a parallel parent cannot resume a history yet"))
            }
        }
        // Per parent (its own and those around it), the events it has transitions on.
        let taken: [Set<Int>] = resolution.parents.map { parent in Set(parent.transitions.compactMap { resolution.eventIndex[$0.event] }) }
        // Reported once per parallel parent, event, parent it would hide and way it hides:
        // the first combination where it does.
        var reported: Set<[Int]> = []
        for s in resolution.declarations.indices {
            guard let innermost = resolution.chains[s].last, resolution.parents[Int(innermost)].regions != nil else { continue }
            let chain = resolution.chains[s]
            for e in resolution.events.indices where resolution.owner(s, e) < 0 {
                guard let outer = chain.reversed().first(where: { taken[Int($0)].contains(e) }) else { continue }
                let how: (way: Int, text: String)
                switch resolution.cell(s, e) {
                case .ignored: how = (0, "ignore it")
                case .illegal: how = (1, "declare it illegal")
                case let .transitions(range):
                    guard range.allSatisfy({ resolution.transition(s, $0).guard != nil }) else { continue }
                    how = (2, "take it only when a guard holds")
                }
                let owner = resolution.parents[Int(outer)].name
                guard reported.insert([Int(innermost), e, Int(outer), how.way]).inserted else { continue }
                let state = resolution.stateNames[s], event = resolution.eventNames[e]
                found.append(Diagnostic(
                    .error, .regionConflict, states: [state], events: [event],
                    "in '\(configuration(of: resolution.states[s]))' the regions of parallel '\(resolution.parents[Int(innermost)].name)' \(how.text), which would hide '\(owner)''s transition on '\(event)' (an SCXML interpreter passes the event on to the parent): leave '\(event)' out of those regions, or give the line no guard"
                ))
            }
        }
    }
}
