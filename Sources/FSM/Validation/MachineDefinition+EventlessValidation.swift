extension MachineDefinition {
    /// Transitions without an event (``Always``, ``OnDone``): where they may be declared,
    /// their targets, and the chains they make, which must come to rest.
    func checkEventless(_ resolution: ResolvedDefinition<State, Event, Effect, Context>, into found: inout [Diagnostic]) {
        var owners: [(name: String, lines: [EventlessDeclaration<State, Event, Effect, Context>], isFinal: Bool, isParent: Bool, hasFinalChild: Bool)] = []
        for declaration in resolution.declarations where !declaration.eventless.isEmpty {
            owners.append((name(of: declaration.state), declaration.eventless, declaration.isFinal, false, false))
        }
        for (p, parent) in resolution.parents.enumerated() where !parent.body.eventless.isEmpty {
            let finalChild = resolution.declarations.indices.contains { resolution.declarations[$0].isFinal && resolution.chains[$0].last == Int32(p) }
            owners.append((parent.name, parent.body.eventless, false, true, finalChild))
        }
        for owner in owners {
            for line in owner.lines {
                let target = name(of: line.target)
                let arrow = line.isCompletion ? "\(quoting: owner.name) --done--> \(quoting: target)" : "\(quoting: owner.name) --always--> \(quoting: target)"
                if resolution.leafIndex(of: line.target) == nil {
                    found.append(Diagnostic(.error, .undeclaredState, states: [owner.name, target], "the transition \(arrow) goes to \(quoting: target), which is not declared"))
                }
                if line.isCompletion && !owner.isParent {
                    found.append(Diagnostic(.error, .invalidEventless, states: [owner.name],
                                            "\(arrow): OnDone belongs in a Parent's body (it is taken when one of the parent's final children is reached)"))
                } else if owner.isFinal {
                    found.append(Diagnostic(.error, .invalidEventless, states: [owner.name], "\(arrow): a final state takes no transitions"))
                }
            }
            if owner.isParent, owner.lines.contains(where: \.isCompletion), !owner.hasFinalChild {
                found.append(Diagnostic(.warning, .invalidEventless, states: [owner.name],
                                        "parent \(quoting: owner.name) has OnDone lines but no final child: they are never taken"))
            }
        }
        // Not yet together with what the chains would have to carry along.
        var missing: [String] = []
        if resolution.resumesHistory { missing.append("history") }
        if resolution.hasTimers { missing.append("timers") }
        if !missing.isEmpty {
            found.append(Diagnostic(.error, .invalidEventless, states: owners.map(\.name),
                                    "\(Self.list(owners.map(\.name))) \(owners.count == 1 ? "has" : "have") transitions without an event, which a machine with \(missing.joined(separator: " or ")) cannot have yet"))
            return
        }
        // Every state's lines in the order they are tried: one after an unguarded line is never taken.
        var shadowed: Set<String> = []
        for s in resolution.declarations.indices {
            let lines = resolution.eventlessLines(of: s)
            guard let first = lines.firstIndex(where: { $0.declaration.guard == nil }), first < lines.count - 1 else { continue }
            func describe(_ line: EventlessLine<State, Event, Effect, Context>) -> String {
                let owner = line.owner < 0 ? resolution.stateNames[s] : resolution.parents[Int(line.owner)].name
                return "\(quoting: owner) --\(line.declaration.isCompletion ? "done" : "always")--> \(quoting: name(of: line.declaration.target))"
            }
            let never = lines[(first + 1)...].map(describe)
            let message = "in \(quoting: resolution.stateNames[s]), \(never.joined(separator: ", ")) \(never.count == 1 ? "is" : "are") never taken: the unguarded \(describe(lines[first])) before \(never.count == 1 ? "it" : "them") always is"
            if shadowed.insert(message).inserted {
                found.append(Diagnostic(.warning, .shadowedTransition, states: [resolution.stateNames[s]], message))
            }
        }
        // Every state's chains, once: too many, or a cycle (each cycle reported once, whichever
        // state it is entered from).
        var reported: Set<[Int]> = []
        var ways: [Int: Int] = [:]
        var tooLarge = false
        for s in resolution.declarations.indices {
            guard let chains = resolution.settlements(from: s) else {
                tooLarge = true
                found.append(Diagnostic(.error, .tooLarge, states: [resolution.stateNames[s]],
                                        "the transitions without an event from \(quoting: resolution.stateNames[s]) branch into more than \(ResolvedDefinition<State, Event, Effect, Context>.maximumSettlements) ways: too many to flatten (give them fewer guarded lines, or fewer steps)"))
                continue
            }
            ways[s] = max(1, chains.count)
            for chain in chains where chain.target < 0 {
                let cycle = resolution.cycleText(chain.passed)
                guard let last = chain.passed.last, let start = chain.passed.firstIndex(of: last),
                      reported.insert(Array(Set(chain.passed[start...])).sorted()).inserted else { continue }
                let states = Self.unique(chain.passed[start...].map { resolution.stateNames[$0] })
                if chain.guards.isEmpty {
                    found.append(Diagnostic(.error, .invalidEventless, states: states,
                                            "the transitions without an event \(cycle) never settle: no guard stops them"))
                } else if Self.satisfiable(chain.guards) {
                    let names = Self.unique(chain.guards.map(\.name)).map { "\(quoting: $0)" }
                    let holds = names.count == 1 ? "\(names[0]) holds" : "\(names.joined(separator: ", ")) all hold"
                    found.append(Diagnostic(.warning, .invalidEventless, states: states,
                                            "the transitions without an event \(cycle) never settle when \(holds): the event that starts them is then rejected"))
                }
            }
        }
        // The flattened table: each cell's candidates are the ways of the chains its lines,
        // and the chains an event lets go in a waiting state, lead to.
        guard !tooLarge else { return }
        func own(_ t: Int, _ e: Int) -> Int {
            guard case let .transitions(range) = resolution.cell(t, e) else { return 0 }
            return range.reduce(0) { $0 + (ways[Int(resolution.candidateTargets[$1])] ?? 1) }
        }
        var total = 0
        for s in resolution.declarations.indices {
            let waiting = (resolution.settlements(from: s, waiting: true) ?? []).filter { !$0.lines.isEmpty }
            for e in resolution.events.indices {
                total += own(s, e) + 1 + waiting.reduce(0) { $0 + ($1.target >= 0 ? own($1.target, e) + 1 : 1) }
            }
            if total > Self.maximumParallelCells {
                found.append(Diagnostic(.error, .tooLarge, states: [resolution.stateNames[s]],
                                        "the transitions without an event make the table too large to flatten: more than \(Self.maximumParallelCells) candidates (the ways each chain can settle, for every event of every state); give the chains fewer guarded lines"))
                return
            }
        }
    }

    /// Whether some way of deciding the named guards they are built from makes every one of
    /// `guards` hold (`a` and `!a` cannot); `true` when they name too many to try them all.
    static func satisfiable(_ guards: [TransitionGuard<Context, Event>]) -> Bool {
        var seen: Set<String> = []
        let atoms = guards.flatMap(\.atoms).filter { seen.insert($0).inserted }
        guard atoms.count <= 12 else { return true }
        for bits in 0..<(1 << atoms.count) {
            let decide: (String) -> Bool = { name in atoms.firstIndex(of: name).map { bits & (1 << $0) != 0 } ?? true }
            if guards.allSatisfy({ $0.holds(deciding: decide) }) { return true }
        }
        return false
    }
}
