extension MachineDefinition {
    /// Checks the definition and returns its diagnostics, errors first, each naming the
    /// states and events involved. An empty array means the definition is clean.
    ///
    /// Errors: no or an undeclared initial state; a state declared twice; a target or
    /// event that is not declared; two states or two events with the same name;
    /// nondeterministic or shadowed transitions; conflicting declarations for one pair;
    /// a final state with transitions. Warnings: unreachable states, non-final states with
    /// no way out, events no state accepts, an event listed twice. In ``ValidationMode/strict``
    /// mode, a pair that is neither handled, ignored nor declared illegal is an error.
    ///
    /// With parents: a parent whose `initial` is not its child, two `Parent` blocks of one name,
    /// conflicting parent lines, children that shadow a parent's line without ``Overrides``
    /// (a warning), children that can never be entered. With regions: guards on one event in
    /// two regions, an initial state that does not hold each region's initial state, and each
    /// region's own diagnostics (a parallel machine's unhandled pairs are reported by region).
    ///
    /// Validation reads the declarations only; it never calls a guard.
    public func validate(_ mode: ValidationMode = .standard) -> [Diagnostic] {
        validate(resolution: resolution, mode: mode)
    }

    func validate(resolution: ResolvedDefinition<State, Event, Effect, Context>, mode: ValidationMode) -> [Diagnostic] {
        if let parallel, let tooLarge = parallel.tooLarge {
            return [tooLarge] + parallel.regions.flatMap { $0.diagnostics(mode) }
        }
        var found: [Diagnostic] = []
        checkDeclarations(resolution, into: &found)
        checkCells(resolution, mode: mode, into: &found)
        checkGraph(resolution, into: &found)
        checkHierarchy(resolution, into: &found)
        if resolution.hasTimers { checkTimers(resolution, into: &found) }
        checkHistory(resolution, into: &found)
        if resolution.hasHierarchy { checkParallelParents(resolution, mode: mode, into: &found) }
        if resolution.hasEventless { checkEventless(resolution, into: &found) }
        if let parallel {
            found += parallel.conflicts
            for region in parallel.regions { found += region.diagnostics(mode) }
        }
        return found.enumerated().sorted { ($0.element.severity.rank, $0.offset) < ($1.element.severity.rank, $1.offset) }.map(\.element)
    }

    func checkDeclarations(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, into found: inout [Diagnostic]) {
        if let initial {
            if resolution.leafIndex(of: initial) == nil {
                found.append(Diagnostic(.error, .undeclaredState, states: [name(of: initial)], "the initial state \(quoting: name(of: initial)) is not declared"))
            }
        } else {
            found.append(Diagnostic(.error, .missingInitialState, "the machine has no initial state"))
        }
        for position in resolution.duplicateStates {
            let state = name(of: declarations[position].state)
            found.append(Diagnostic(.error, .duplicateState, states: [state], "state \(quoting: state) is declared more than once"))
        }
        for position in resolution.duplicateEvents {
            let event = name(of: events[position])
            found.append(Diagnostic(.warning, .duplicateEvent, events: [event], "event \(quoting: event) is listed more than once"))
        }
        for group in Self.sameNames(resolution.stateNames) {
            found.append(Diagnostic(.error, .duplicateName, states: group, "\(group.count) different states are all named \(quoting: group[0])"))
        }
        for group in Self.sameNames(resolution.eventNames) {
            found.append(Diagnostic(.error, .duplicateName, events: group, "\(group.count) different events are all named \(quoting: group[0])"))
        }
        var undeclaredTargets = resolution.undeclaredTargets[...]
        for s in resolution.declarations.indices {
            let declaration = resolution.declarations[s]
            let state = resolution.stateNames[s]
            while let (source, position) = undeclaredTargets.first, source == s {
                undeclaredTargets.removeFirst()
                let transition = declaration.transitions[position]
                let target = name(of: transition.target)
                found.append(Diagnostic(.error, .undeclaredState, states: [state, target], events: [name(of: transition.event)],
                                        "the transition \(quoting: state) --\(name(of: transition.event))--> \(quoting: target) goes to the undeclared state \(quoting: target)"))
            }
            var reported: Set<Event.Key> = []
            func checkDeclared(_ event: Event.Key) {
                guard resolution.eventIndex[event] == nil, reported.insert(event).inserted else { return }
                found.append(Diagnostic(.error, .undeclaredEvent, states: [state], events: [name(of: event)],
                                        "state \(quoting: state) names the undeclared event \(quoting: name(of: event))"))
            }
            for transition in declaration.transitions { checkDeclared(transition.event) }
            for event in declaration.ignored { checkDeclared(event) }
            for event in declaration.illegal { checkDeclared(event) }
            if declaration.isFinal && !declaration.transitions.isEmpty {
                let names = Self.unique(declaration.transitions.map { name(of: $0.event) })
                found.append(Diagnostic(.error, .finalStateWithTransitions, states: [state], events: names,
                                        "final state \(quoting: state) has transitions on \(Self.list(names))"))
            }
        }
    }

    func checkCells(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, mode: ValidationMode, into found: inout [Diagnostic]) {
        for s in resolution.declarations.indices {
            let declaration = resolution.declarations[s]
            let state = resolution.stateNames[s]
            let illegal = Set(declaration.illegal)
            let declaresLines = !declaration.ignored.isEmpty || !declaration.illegal.isEmpty
            var unhandled: [String] = []
            if declaration.ignoresOtherEvents && declaration.declaresOtherEventsIllegal {
                found.append(Diagnostic(.error, .conflictingDeclarations, states: [state], events: [],
                                        "state \(quoting: state) declares the other events both ignored (IgnoreOtherEvents) and illegal (IllegalOtherEvents)"))
            }
            for e in resolution.events.indices {
                let cell = resolution.cell(s, e)
                let event = resolution.events[e]
                let eventName = resolution.eventNames[e]
                switch cell {
                case let .transitions(range):
                    if resolution.owner(s, e) < 0 && declaresLines { checkLines(of: event, in: declaration, owner: "state \(quoting: state)", ownerName: state, into: &found) }
                    // One candidate can be neither shadowed nor a duplicate.
                    if range.count > 1 { checkCandidates(range.map { resolution.transition(s, $0) }, state: state, event: eventName, into: &found) }
                case .ignored:
                    if illegal.contains(event) && resolution.owner(s, e) < 0 {
                        checkLines(of: event, in: declaration, owner: "state \(quoting: state)", ownerName: state, into: &found)
                    }
                case .illegal(declared: false):
                    unhandled.append(eventName)
                case .illegal(declared: true):
                    break
                }
            }
            // A parallel machine's unhandled pairs are its regions': they report them, by name
            // (so do a parallel parent's).
            if mode == .strict && parallel == nil && !resolution.isCombination(s) && !declaration.isFinal && !unhandled.isEmpty {
                found.append(Diagnostic(.error, .unhandledPair, states: [state], events: unhandled,
                                        "state \(quoting: state) neither handles, ignores nor declares illegal \(Self.list(unhandled))"))
            }
        }
    }

    /// The lines one level (a state, or a parent) declares for one event: guarded
    /// transitions may be followed by one default, a last unguarded line (`On`, `Internal`,
    /// `Ignore` or `Illegal`). Reports an `Ignore` or `Illegal` next to an unguarded
    /// transition, `Ignore` and `Illegal` together, and a default before a guarded line.
    func checkLines(of event: Event.Key, in body: _StateDeclaration<State, Event, Effect, Context>, owner: String, ownerName: String, into found: inout [Diagnostic]) {
        let isIgnored = body.ignored.contains(event), isIllegal = body.illegal.contains(event)
        guard isIgnored || isIllegal else { return }
        let eventName = name(of: event)
        if isIgnored && isIllegal {
            found.append(Diagnostic(.error, .conflictingDeclarations, states: [ownerName], events: [eventName],
                                    "\(owner) declares \(quoting: eventName) both ignored and illegal"))
            return
        }
        let line = isIgnored ? "Ignore" : "Illegal"
        let transitions = body.transitions.enumerated().filter { $0.element.event == event }
        guard !transitions.isEmpty else { return }
        if transitions.contains(where: { $0.element.guard == nil }) {
            found.append(Diagnostic(.error, .conflictingDeclarations, states: [ownerName], events: [eventName],
                                    "\(owner) has an unguarded transition on \(quoting: eventName) and also declares it \(isIgnored ? "ignored" : "illegal"): only one line can be the default (the last, unguarded one)"))
            return
        }
        let position = isIgnored ? body.position(ofIgnored: event) : body.position(ofIllegal: event)
        if let late = transitions.first(where: { $0.offset >= position }), let guardName = late.element.guard?.name {
            found.append(Diagnostic(.error, .shadowedTransition, states: [ownerName], events: [eventName],
                                    "in \(owner), \(line)(\(eventName)) comes before the transition on \(quoting: eventName) guarded by \(quoting: guardName): the default goes after the guarded lines"))
        }
    }

    func checkCandidates(_ list: [TransitionDeclaration<State, Event, Effect, Context>], state: String, event: String, into found: inout [Diagnostic]) {
        var seenGuards: Set<String> = []
        var unguardedSeen = false
        for transition in list {
            if unguardedSeen {
                if let guardName = transition.guard?.name {
                    found.append(Diagnostic(.error, .shadowedTransition, states: [state], events: [event],
                                            "the transition on \(quoting: event) in state \(quoting: state) guarded by \(quoting: guardName) is never taken: an unguarded transition comes before it"))
                } else {
                    found.append(Diagnostic(.error, .nondeterministicTransitions, states: [state], events: [event],
                                            "state \(quoting: state) has more than one unguarded transition on \(quoting: event)"))
                }
                continue
            }
            if let guardName = transition.guard?.name {
                if !seenGuards.insert(guardName).inserted {
                    found.append(Diagnostic(.error, .nondeterministicTransitions, states: [state], events: [event],
                                            "state \(quoting: state) has more than one transition on \(quoting: event) guarded by \(quoting: guardName)"))
                }
            } else {
                unguardedSeen = true
            }
        }
    }

    func checkGraph(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, into found: inout [Diagnostic]) {
        let count = resolution.states.count
        let eventCount = resolution.events.count
        // The targets of state `s` are `candidateTargets[cellStarts[s * eventCount]..<cellStarts[(s + 1) * eventCount]]`
        // (-1 for an undeclared target): the candidatePositions are stored state after state.
        func targets(of s: Int) -> ArraySlice<Int32> {
            resolution.candidateTargets[Int(resolution.cellStarts[s * eventCount])..<Int(resolution.cellStarts[(s + 1) * eventCount])]
        }
        // The targets of each state's timers (its own and its parents'), when there are any.
        let timerTargetLists: [[Int32]] = resolution.hasTimers
            ? resolution.declarations.indices.map { s in resolution.timers(of: s).map { Int32($0.target) } }
            : []
        func timerTargets(of s: Int) -> [Int32] { timerTargetLists.isEmpty ? [] : timerTargetLists[s] }
        var accepted = [Bool](repeating: false, count: eventCount)
        for s in resolution.declarations.indices {
            for e in 0..<eventCount where resolution.cellKinds[s * eventCount + e] == .transitions {
                accepted[e] = true
            }
            for event in resolution.declarations[s].ignored { if let e = resolution.eventIndex[event] { accepted[e] = true } }
        }
        for parent in resolution.parents {
            for event in parent.ignored { if let e = resolution.eventIndex[event] { accepted[e] = true } }
        }
        if let initial, let start = resolution.leafIndex(of: initial) {
            var reached = [Bool](repeating: false, count: count)
            reached[start] = true
            // With histories, where a transition goes depends on the memory: the states and
            // memories are walked together (a plan too big to flatten is refused elsewhere).
            var walked = false
            if let plan = HistoryPlan(resolution) {
                let cells = plan.memoryCount.multipliedReportingOverflow(by: max(1, count * eventCount))
                if !cells.overflow && cells.partialValue <= Self.maximumParallelCells {
                    reached = plan.reachable(from: start, in: resolution)
                    walked = true
                }
            }
            var queue = [start]
            queue.reserveCapacity(count)
            var head = 0
            while !walked, head < queue.count {
                let s = queue[head]
                head += 1
                for target in targets(of: s) where target >= 0 && !reached[Int(target)] {
                    reached[Int(target)] = true
                    queue.append(Int(target))
                }
                for target in timerTargets(of: s) where target >= 0 && !reached[Int(target)] {
                    reached[Int(target)] = true
                    queue.append(Int(target))
                }
                for line in resolution.eventlessLines(of: s) where line.target >= 0 && !reached[line.target] {
                    reached[line.target] = true
                    queue.append(line.target)
                }
            }
            // A parallel parent's combinations are not all meant to be reached (its regions
            // report their own states): the parent is reported once when none is.
            var enteredParallel = Set<Int32>()
            for s in 0..<count where reached[s] && resolution.isCombination(s) { enteredParallel.insert(resolution.chains[s].last ?? -1) }
            var reportedParallel = Set<Int32>()
            for s in 0..<count where !reached[s] {
                if resolution.isCombination(s), let p = resolution.chains[s].last {
                    if !enteredParallel.contains(p) && reportedParallel.insert(p).inserted {
                        found.append(Diagnostic(.warning, .unreachableState, states: [resolution.parents[Int(p)].name],
                                                "parallel \(quoting: resolution.parents[Int(p)].name) can never be entered from the initial state \(quoting: name(of: initial))"))
                    }
                    continue
                }
                let state = resolution.stateNames[s]
                let parents = resolution.hasHierarchy ? resolution.chains[s].map { resolution.parents[Int($0)].name } : []
                let what = parents.last.map { "child \(quoting: state) of \(quoting: $0) can never be entered" } ?? "state \(quoting: state) cannot be reached"
                found.append(Diagnostic(.warning, .unreachableState, states: [state], "\(what) from the initial state \(quoting: name(of: initial))"))
            }
        }
        for s in resolution.declarations.indices where !resolution.declarations[s].isFinal
            && !targets(of: s).contains(where: { $0 >= 0 && Int($0) != s }) && !timerTargets(of: s).contains(where: { $0 >= 0 && Int($0) != s })
            && !resolution.eventlessLines(of: s).contains(where: { $0.target >= 0 && $0.target != s }) {
            let state = resolution.stateNames[s]
            found.append(Diagnostic(.warning, .deadEnd, states: [state], "state \(quoting: state) is not final and has no transition to another state"))
        }
        for (e, isAccepted) in accepted.enumerated() where !isAccepted {
            let event = resolution.eventNames[e]
            found.append(Diagnostic(.warning, .unusedEvent, events: [event], "event \(quoting: event) is handled or ignored by no state"))
        }
    }

    /// Mistakes of nesting: a parent whose `initial` is not its child, a parent declared in
    /// two places or also declared as a state, parent lines naming undeclared events or
    /// targets, and children that shadow a parent's line without saying so (``Overrides``).
    func checkHierarchy(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, into found: inout [Diagnostic]) {
        if !resolution.hasHierarchy {
            for s in resolution.declarations.indices {
                for event in resolution.declarations[s].overrides {
                    found.append(Diagnostic(.warning, .shadowedParentDeclaration, states: [resolution.stateNames[s]], events: [name(of: event)],
                                            "state \(quoting: resolution.stateNames[s]) overrides \(quoting: name(of: event)), which no parent of it declares"))
                }
            }
            return
        }
        for (p, parent) in resolution.parents.enumerated() {
            if resolution.parentInitialLeaf[p] < 0, let initial = parent.initial {
                found.append(Diagnostic(.error, .parentWithoutInitialChild, states: [parent.name, name(of: initial)],
                                        "parent \(quoting: parent.name) has no initial child: its initial state \(quoting: name(of: initial)) is not one of its children"))
            }
            if let state = parent.state, resolution.stateIndex[state] != nil {
                found.append(Diagnostic(.error, .parentDeclaredTwice, states: [parent.name],
                                        "\(quoting: parent.name) is declared both as a parent and as a state"))
            }
            for event in Self.unique(parent.transitions.map(\.event) + parent.ignored + parent.illegal) where resolution.eventIndex[event] != nil {
                checkLines(of: event, in: parent.body, owner: "parent \(quoting: parent.name)", ownerName: parent.name, into: &found)
            }
            if parent.ignoresOtherEvents && parent.declaresOtherEventsIllegal {
                found.append(Diagnostic(.error, .conflictingDeclarations, states: [parent.name],
                                        "parent \(quoting: parent.name) declares the other events both ignored (IgnoreOtherEvents) and illegal (IllegalOtherEvents)"))
            }
            for event in parent.body.overrides {
                found.append(Diagnostic(.warning, .shadowedParentDeclaration, states: [parent.name], events: [name(of: event)],
                                        "Overrides(\(name(of: event))) on parent \(quoting: parent.name) does nothing: a child says what it overrides"))
            }
            var reported: Set<Event.Key> = []
            for event in parent.transitions.map(\.event) + parent.ignored + parent.illegal where resolution.eventIndex[event] == nil && reported.insert(event).inserted {
                found.append(Diagnostic(.error, .undeclaredEvent, states: [parent.name], events: [name(of: event)],
                                        "parent \(quoting: parent.name) names the undeclared event \(quoting: name(of: event))"))
            }
        }
        for parent in resolution.splitParents {
            found.append(Diagnostic(.error, .parentDeclaredTwice, states: [parent],
                                    "parent \(quoting: parent) is declared by more than one Parent block: give each its own name, or declare its children in one block"))
        }
        for (p, position) in resolution.undeclaredParentTargets {
            let parent = resolution.parents[p]
            let transition = parent.transitions[position]
            let target = name(of: transition.target)
            found.append(Diagnostic(.error, .undeclaredState, states: [parent.name, target], events: [name(of: transition.event)],
                                    "the transition \(quoting: parent.name) --\(name(of: transition.event))--> \(quoting: target) goes to the undeclared state \(quoting: target)"))
        }
        // A parallel parent's children: their own lines are the regions' (which say Overrides
        // themselves); where they would hide a parent's, checkParallelParents says so.
        for s in resolution.declarations.indices where !resolution.isCombination(s) {
            let declaration = resolution.declarations[s]
            let state = resolution.stateNames[s]
            let own = Set(declaration.transitions.map(\.event) + declaration.ignored + declaration.illegal)
            let overrides = Set(declaration.overrides)
            var inherited: Set<Event.Key> = []
            for p in resolution.chains[s] {
                let parent = resolution.parents[Int(p)]
                for event in parent.transitions.map(\.event) + parent.ignored + parent.illegal where inherited.insert(event).inserted {
                    guard own.contains(event), !overrides.contains(event), resolution.eventIndex[event] != nil else { continue }
                    let eventName = name(of: event)
                    found.append(Diagnostic(.warning, .shadowedParentDeclaration, states: [state, parent.name], events: [eventName],
                                            "state \(quoting: state) declares \(quoting: eventName) itself, shadowing what its parent \(quoting: parent.name) declares; add Overrides(\(eventName)) if that is on purpose"))
                }
            }
            for event in declaration.overrides where !inherited.contains(event) {
                let eventName = name(of: event)
                found.append(Diagnostic(.warning, .shadowedParentDeclaration, states: [state], events: [eventName],
                                        "state \(quoting: state) overrides \(quoting: eventName), which no parent of it declares"))
            }
        }
    }

    /// Groups of equal names that belong to different values, in first-seen order.
    static func sameNames(_ names: [String]) -> [[String]] {
        var seen = Set<String>(minimumCapacity: names.count)
        guard names.contains(where: { !seen.insert($0).inserted }) else { return [] }
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        return unique(names).filter { counts[$0, default: 0] > 1 }.map { [String](repeating: $0, count: counts[$0, default: 0]) }
    }

    static func unique<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    static func list(_ names: [String]) -> String {
        names.map { "\(quoting: $0)" }.joined(separator: ", ")
    }
}
