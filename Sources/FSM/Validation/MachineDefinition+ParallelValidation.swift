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
            // Its combinations times the machine's events: the cells the table gets.
            let combinations = resolution.declarations.indices.count { resolution.chains[$0].last == Int32(p) }
            let (cells, overflow) = combinations.multipliedReportingOverflow(by: max(1, resolution.events.count))
            if overflow || cells > Self.maximumParallelCells {
                found.append(Diagnostic(.error, .tooLarge, states: [parent.name],
                                        "parallel \(quoting: parent.name) is too large to flatten: its \(combinations) combinations of its regions' states × the machine's \(resolution.events.count) events = \(overflow ? "more than \(Int.max)" : "\(cells)") cells; at most \(Self.maximumParallelCells) (give the regions fewer states, or run them as separate machines)"))
            }
            if !parent.timers.isEmpty {
                found.append(Diagnostic(.error, .timerNotSupported, states: [parent.name], "parallel \(quoting: parent.name) has a timer: a parallel parent cannot have timers yet"))
            }
            if !parent.eventless.isEmpty {
                found.append(Diagnostic(.error, .invalidEventless, states: [parent.name],
                                        "parallel \(quoting: parent.name) has transitions without an event (Always, OnDone): a parallel parent cannot have them yet"))
            }
            if resumed.contains(parent.name) {
                found.append(Diagnostic(.error, .invalidHistory, states: [parent.name], "a transition resumes the history of parallel \(quoting: parent.name): a parallel parent cannot resume a history yet"))
            }
        }
        // Where SCXML and this library part ways inside a parallel parent: there, an event a
        // region does not take goes on to the parents around it; here a combination decides
        // the event itself, before its parents. They agree when the nearest parent with a line
        // on the event has none but transitions out, and the regions either leave the event
        // alone or move on it unguarded and not internally (a region's move then preempts the
        // parent's transition, as in SCXML). Reported once per parallel parent, event, parent
        // and way, at the first combination where it happens.
        var reported: Set<[Int]> = []
        for s in resolution.declarations.indices where resolution.isCombination(s) && !resolution.declarations[s].isFinal {
            let chain = resolution.chains[s]
            guard let innermost = chain.last else { continue }
            for e in resolution.events.indices where resolution.owner(s, e) < 0 {
                let event = resolution.events[e]
                // The nearest parent with a line on the event: only its transitions can be hidden.
                guard let outer = chain.reversed().first(where: { p in
                    let parent = resolution.parents[Int(p)]
                    return parent.transitions.contains { $0.event == event } || parent.ignored.contains(event) || parent.illegal.contains(event)
                }) else { continue }
                let parent = resolution.parents[Int(outer)]
                guard let line = parent.transitions.first(where: { $0.event == event }) else { continue }
                let eventName = resolution.eventNames[e], owner = parent.name
                let how: (way: Int, text: String)
                switch resolution.cell(s, e) {
                case .ignored: how = (0, "ignore \(quoting: eventName), which would hide \(quoting: owner)'s transition on it")
                case .illegal: how = (1, "declare \(quoting: eventName) illegal, which would hide \(quoting: owner)'s transition on it")
                case let .transitions(range):
                    let moves = range.map { resolution.transition(s, $0) }
                    if moves.allSatisfy({ $0.guard != nil }) {
                        how = (2, "take \(quoting: eventName) only when a guard holds, which would hide \(quoting: owner)'s transition on it when none does")
                    } else if moves.allSatisfy(\.isInternal) {
                        how = (3, "take \(quoting: eventName) without leaving their states (Internal), where an SCXML interpreter would also take \(quoting: owner)'s transition on it")
                    } else if line.isInternal {
                        how = (4, "move on \(quoting: eventName), where an SCXML interpreter would also take \(quoting: owner)'s internal transition on it")
                    } else {
                        continue
                    }
                }
                guard reported.insert([Int(innermost), e, Int(outer), how.way]).inserted else { continue }
                found.append(Diagnostic(
                    .error, .regionConflict, states: [resolution.stateNames[s], owner], events: [eventName],
                    "in \(quoting: configuration(of: resolution.states[s])) the regions of parallel \(quoting: resolution.parents[Int(innermost)].name) \(how.text) (SCXML passes an event on to the parents around from every region that does not take it): leave \(quoting: eventName) out of those regions, or declare \(quoting: owner)'s line in them instead"
                ))
            }
        }
    }
}
